"""One or more tests per rule ID of the Pioneer Days spec (``PD-*``, ASSUMPTION-n).

Each test's name carries the rule ID it checks (see ``test_rule_coverage.py``).
"""

from __future__ import annotations

import random

import pytest

from toolkit.core import CHANCE
from toolkit.core.testing import assert_illegal
from toolkit.pioneer_days import (
    COLOURS,
    DISASTER_TRACK_LENGTH,
    DISASTERS,
    FACES,
    PioneerDays,
    parse_action,
    tables,
)
from toolkit.pioneer_days import effects as E
from toolkit.pioneer_days.scenarios import (
    advance,
    first_take,
    play,
    run,
    use_state,
    with_player,
)

T = tables()


def _legal(game, s):
    return [str(a) for a in game.legal_actions(s)]


# 1. Components ------------------------------------------------------------


def test_PD_COMP_1_twenty_five_dice_five_per_colour():
    assert T.dice == dict.fromkeys(COLOURS, 5) and sum(T.dice.values()) == 25


def test_PD_COMP_2_every_die_has_the_six_faces(game2):
    s = game2.setup()
    s = advance(game2, s, random.Random(0), lambda x: x.phase == "roll")
    faces = {a.face for a, _ in game2.chance_outcomes(s)}
    assert faces == set(FACES) and len(FACES) == 6


def test_PD_COMP_3_six_slots_income_table_and_four_tracks(game2):
    s = first_take(game2)
    assert len(s.slots) == 6 and len(s.tracks) == 4 and set(T.income) == set(FACES)


def test_PD_COMP_4_designed_counts_replace_the_box_counts():
    # box: 60 townsfolk, 18 town cards, 27 tiles; the engine uses PD-COMP-6's
    assert (len(T.folk), len(T.town), sum(e.copies for e in T.equipment.values())) == (
        24,
        9,
        24,
    )


def test_PD_COMP_5_goods_are_unlimited(game2):
    s = use_state(game2, "CATTLE", cattle=500)
    seat = s.active
    assert play(game2, s, "act CATTLE").players[seat].cattle == 501


def test_PD_COMP_6_designed_data_counts():
    assert len(T.folk) == 24 and len(T.town) == 9
    assert sum(e.copies for e in T.equipment.values()) == 24
    assert sum(T.wagon_cards.values()) == 20 and sum(T.gold) == 36
    assert list(T.boards) == ["PIONEER"] + [f"PB{i}" for i in range(1, 9)]


# 2. Setup -------------------------------------------------------------------


def test_PD_SETUP_1_random_start_player(game3):
    s = game3.setup()
    assert game3.to_move(s) == CHANCE and s.phase == "first"
    assert [(str(a), p) for a, p in game3.chance_outcomes(s)] == [
        (f"first {i}", 1 / 3) for i in range(3)
    ]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_PD_SETUP_2_bag_holds_n_plus_one_sets(n):
    s = PioneerDays(players=n).setup()
    assert s.bag == (n + 1,) * 5


def test_PD_SETUP_3_markers_and_scores_start_at_zero(game2):
    s = first_take(game2)
    assert s.tracks == (0, 0, 0, 0) and [p.vp for p in s.players] == [0, 0]


def test_PD_SETUP_4_and_ASSUMPTION_1_slots_filled_in_face_order(game2):
    s = play(game2, game2.setup(), "first 0", "deal B3", "deal A1")
    assert s.slots[:3] == ("B3", "A1", "") and "B3" not in s.folk_deck
    assert len(game2.chance_outcomes(s)) == 22


def test_PD_SETUP_5_two_town_cards_from_nine(game2):
    s = first_take(game2)
    assert len(s.town) == 2 and len(s.town_deck) == 7


def test_PD_SETUP_6_two_boards_each_one_kept_hidden_until_all_chose(game2):
    s = play(game2, game2.setup(), "first 1")
    s = advance(game2, s, random.Random(0), lambda x: x.phase == "board")
    s = play(game2, s, "board PB2", "board PB6", "board PB5", "board PB7")
    assert s.players[1].dealt == ("PB2", "PB6") and s.active == 1
    assert _legal(game2, s) == ["choose PIONEER", "choose PB2", "choose PB6"]
    assert game2.observe(s, 0).players[1].dealt == ("?", "?")
    s = play(game2, s, "choose PB2")
    assert s.active == 0 and game2.observe(s, 0).players[1].board == "?"
    assert_illegal(game2, s, parse_action("choose PB2"), "PD-SETUP-6")
    s = play(game2, s, "choose PB7")
    # the Assayer draws her starting gold token
    assert s.phase == "gold" and s.active == 1
    s = play(game2, s, "gold 3")
    p1, p0 = s.players[1], s.players[0]
    assert (p1.board, p1.gold, p1.wood, p1.silver, p1.wagons) == (
        "PB2",
        (3,),
        1,
        3,
        ((4, 0),),
    )
    assert (p0.wagons, p0.silver, p0.cattle) == (((2, 0), (2, 0)), 1, 1)
    assert game2.observe(s, 0).players[1].board == "PB2"  # revealed together
    assert s.wagons_left == (8, 9)


def test_PD_SETUP_7_outfitter_takes_the_top_tile_then_display(game2):
    s = play(game2, game2.setup(), "first 0")
    s = advance(game2, s, random.Random(0), lambda x: x.phase == "board")
    s = play(game2, s, "board PB6", "board PB1", "board PB5", "board PB7")
    s = play(game2, s, "choose PB6", "choose PIONEER")
    assert s.phase == "outfit"
    s = play(game2, s, "stock E9")
    assert s.players[0].equipment == ("E9",) and s.phase == "display"
    s = play(game2, s, "stock E9", "stock E1", "stock E2")
    assert s.display == ("E1", "E2", "E9") and s.stock[8] == 0 and s.phase == "roll"


def test_PD_SETUP_8_week_1_skips_the_start_of_week_steps(game2):
    s = first_take(game2)
    assert s.week == 1 and s.day == 1 and len(s.town) == 2
    assert "nextweek" not in s.jobs


# 3. Storage -------------------------------------------------------------------


def test_PD_STORE_1_and_ASSUMPTION_2_what_one_space_holds(game2):
    p = (
        first_take(game2)
        .players[0]
        ._replace(wood=3, medicine=1, gold=(1, 2), equipment=("E1",))
    )
    assert E.used(p) == 2 + 1 + 2 + 1  # wood and medicine never share


def test_PD_STORE_2_cattle_townsfolk_favors_silver_need_no_space(game2):
    p = (
        first_take(game2)
        .players[0]
        ._replace(
            wood=0, medicine=0, cattle=40, townsfolk=("A1", "A2"), favors=9, silver=99
        )
    )
    assert E.used(p) == 0


def test_PD_STORE_3_discard_at_end_of_turn_only(game2):
    s = use_state(game2, "WOOD", wood=8, medicine=0, silver=0)
    seat = s.active
    s = play(game2, s, "act WOOD")
    assert s.phase == "end" and s.players[seat].wood == 9  # held over capacity
    s = play(game2, s, "end turn")
    assert s.phase == "discard" and _legal(game2, s) == ["discard wood"]


def test_PD_STORE_4_damage_covers_two_spaces(game2):
    p = first_take(game2).players[0]._replace(wagons=((4, 1), (2, 1)))
    assert E.capacity(p) == 2


def test_PD_STORE_5_gold_values_hidden_from_others(game2):
    s = with_player(first_take(game2), 0, gold=(1, 3))
    assert game2.observe(s, 1).players[0].gold == (0, 0)
    assert game2.observe(s, 0).players[0].gold == (1, 3)
    assert game2.observe(s, 0).gold_bag == ()


def test_PD_STORE_6_discarded_gold_to_the_bag_tiles_to_the_box(game2):
    s = use_state(game2, "WOOD", wood=0, medicine=0, gold=(2, 2, 2), equipment=("E3",))
    s = with_player(s, s.active, wagons=((2, 0),))
    seat, bag, stock, display = s.active, s.gold_bag, s.stock, s.display
    s = play(game2, s, "income", "end turn")
    assert s.phase == "discard"
    s = play(game2, s, "discard gold2", "discard E3")
    assert s.players[seat].gold == (2, 2) and s.gold_bag == (bag[0], bag[1] + 1, bag[2])
    assert s.stock == stock and s.display == display  # the tile left the game


def test_PD_WAGON_1_buy_small_and_large(game2):
    s = use_state(game2, "WOOD", silver=13)
    seat = s.active
    s = play(game2, s, "buy small", "buy large")
    assert s.players[seat].silver == 0
    assert s.players[seat].wagons == ((4, 0), (2, 0), (4, 0))
    assert_illegal(game2, s, parse_action("buy small"), "PD-WAGON-1")


def test_PD_WAGON_2_and_ASSUMPTION_3_wagon_sizes():
    assert T.spaces == {"small": 2, "large": 4}


def test_PD_WAGON_3_no_purchase_during_a_raid(game2):
    # a Raid is resolved in one step: no decision (and so no purchase) inside it
    s = with_player(first_take(game2), 0, silver=9)._replace(start=0)
    after = run(game2, s, "strike:RAID")
    assert after.phase == "over" and after.players[0].silver == 5


def test_PD_WAGON_4_and_ASSUMPTION_21_wagon_cards_are_finite(game2):
    s = use_state(game2, "WOOD", silver=20)._replace(wagons_left=(0, 1))
    assert "buy small" not in _legal(game2, s)
    err = assert_illegal(game2, s, parse_action("buy small"), "PD-WAGON-4")
    assert "small" in err.message
    s = play(game2, s, "buy large")
    assert s.wagons_left == (0, 0) and "buy large" not in _legal(game2, s)


# 4. Weeks -------------------------------------------------------------------


def test_PD_WEEK_1_start_of_weeks_2_to_4(game2):
    rng = random.Random(2)
    s = advance(game2, game2.setup(), rng, lambda x: x.week == 2 and x.phase == "take")
    assert sum(s.bag) == 15 - 3 and len(s.town) == 2 and len(s.display) == 3
    assert all(s.slots[i] for i in range(6) if FACES[i] != s.face)
    s = advance(game2, s, rng, lambda x: x.week == 4 and x.phase == "take")
    assert len(s.town) == 3 and s.town_deck == ()


def test_PD_WEEK_2_five_days_then_the_town(game2):
    s = advance(
        game2,
        game2.setup(),
        random.Random(4),
        lambda x: x.day == 5 and x.phase == "end",
    )
    assert sum(s.bag) == 0 and s.jobs[-2:] == ("leftover", "pass")
    assert game2._step_pass(s._replace(jobs=("pass",)), "").jobs == ("weekend",)
    s = advance(game2, s, random.Random(4), lambda x: x.week == 2 and x.phase == "take")
    assert s.day == 1 and [p.turns for p in s.players] == [5, 5]


def test_PD_WEEK_3_four_weeks(game2):
    s = advance(game2, game2.setup(), random.Random(6), lambda x: x.phase == "over")
    assert s.week == 4 and s.day == 5


def test_PD_WEEK_4_no_refill_during_a_week(game2):
    s = use_state(game2, "WILD")
    s = play(game2, s, "recruit", "end turn")
    assert s.slots[0] == "" and s.phase == "take"
    s = advance(game2, s, random.Random(0), lambda x: x.day == 3 and x.phase == "take")
    assert s.slots[0] == ""


# 5. A day -------------------------------------------------------------------


def test_PD_DAY_1_pool_of_n_plus_one_dice(game3):
    s = first_take(game3)
    assert len(s.pool) == 4 and sum(s.bag) == 16
    t = game3.setup()
    t = advance(game3, t, random.Random(0), lambda x: x.phase == "roll")
    probs = {str(a): p for a, p in game3.chance_outcomes(t)}
    assert probs["roll red CATTLE"] == pytest.approx(4 / 20 / 6)


def test_PD_DAY_2_turns_clockwise_from_the_start_player(game3):
    s = first_take(game3)
    order = []
    while s.day == 1:
        if s.phase == "take":
            order.append(s.active)
        if game3.to_move(s) == CHANCE:
            s = game3.apply(s, game3.chance_outcomes(s)[0][0])
        else:
            s = game3.apply(s, game3.legal_actions(s)[-1])
    assert order == [(s.first + k) % 3 for k in range(3)]


def test_PD_DAY_3_leftover_die_moves_its_track(game2):
    s = first_take(game2)
    for colour, track in zip(
        ("blue", "red", "yellow", "green"), DISASTERS, strict=True
    ):
        after = run(game2, s._replace(pool=((colour, "WOOD"),)), "leftover")
        assert after.tracks[DISASTERS.index(track)] == 1 and sum(after.tracks) == 1
    after = run(game2, s._replace(pool=(("black", "WOOD"),)), "leftover")
    assert after.tracks == (1, 1, 1, 1)


def test_PD_DAY_4_and_ASSUMPTION_4_strikes_top_to_bottom(game2):
    s = first_take(game2)._replace(pool=(("black", "WOOD"),), tracks=(0, 3, 3, 3))
    s = s._replace(jobs=("leftover",), phase="")
    s = game2._step_leftover(s, "")
    assert s.jobs == (
        "strike:RAID",
        "reset:1",
        "strike:FAMINE",
        "reset:2",
        "strike:DISEASE",
        "reset:3",
    )


def test_PD_DAY_5_token_passes_after_every_day(game2):
    s = first_take(game2)
    assert run(game2, s._replace(day=5), "pass").start == (s.start + 1) % 2


# turn -------------------------------------------------------------------------


def test_PD_TURN_1_take_a_die_from_the_pool(game2):
    s = first_take(game2)
    assert _legal(game2, s) == [f"take {c} {f}" for c, f in dict.fromkeys(s.pool)]
    missing = next((c, f) for c in COLOURS for f in FACES if (c, f) not in s.pool)
    assert_illegal(game2, s, parse_action("take {} {}".format(*missing)), "PD-TURN-1")


def test_PD_TURN_2_triggered_cards_fire_on_the_face_taken(game2):
    s = use_state(game2, "WOOD", townsfolk=("A3",), equipment=("E2", "E2"), wood=0)
    assert s.players[s.active].wood == 3  # A3 Lumberjack + two E2 Axes
    s = use_state(game2, "EQUIP", townsfolk=("A6",), equipment=("E6",), silver=0)
    assert (s.players[s.active].silver, s.players[s.active].wood) == (2, 2)


def test_PD_TURN_3_change_cost_and_ASSUMPTION_6_floor(game2):
    s = use_state(game2, "WOOD", silver=3)
    seat = s.active
    s2 = play(game2, s, "change MINE")
    assert s2.players[seat].silver == 0 and s2.face == "MINE"
    assert not any(a.startswith("change") for a in _legal(game2, s2))
    assert_illegal(game2, s2, parse_action("change WOOD"), "PD-TURN-3")
    cheap = use_state(
        game2, "WOOD", silver=1, board="PB5", townsfolk=("B5",), equipment=("E12",)
    )
    assert E.change_cost(T, cheap.players[cheap.active]) == 1  # never below $1
    poor = use_state(game2, "WOOD", silver=2)
    assert_illegal(game2, poor, parse_action("change MINE"), "PD-TURN-3")


def test_PD_TURN_4_one_use_income_action_or_recruit(game2):
    s = use_state(game2, "CATTLE", silver=0)
    assert _legal(game2, s) == ["income", "act CATTLE", "recruit"]
    assert_illegal(game2, s, parse_action("act WOOD"), "PD-TURN-4")
    s = play(game2, s, "act CATTLE")
    assert _legal(game2, s) == ["end turn"]


def test_PD_TURN_5_used_dice_stay_out_until_next_week(game2):
    s = use_state(game2, "WOOD", colour="blue")
    assert s.aside[0] == 1 and ("blue", "WOOD") not in s.pool[:0]


def test_PD_TURN_6_buy_any_time_storage_checked_at_the_end(game2):
    s = use_state(game2, "WOOD", silver=5)
    assert "buy small" in _legal(game2, s)
    s = play(game2, s, "income")
    assert _legal(game2, s) == ["buy small", "buy large", "end turn"]


def test_PD_TURN_7_cards_override_the_rules(game2):
    # B6 Quartermaster takes equipment without an EQUIP action
    s = use_state(game2, "WILD")
    s = s._replace(slots=("B6",) + s.slots[1:])
    seat = s.active
    s = play(game2, s, "recruit")
    tile = s.display[0]
    assert s.phase == "pick"
    s = play(game2, s, f"pick {tile}")
    assert tile in s.players[seat].equipment


def test_PD_INCOME_1_and_PD_DATA_1_and_ASSUMPTION_17_income_table(game2):
    for face, silver in zip(FACES, (1, 2, 3, 4, 5, 6), strict=True):
        s = use_state(game2, face, silver=0, equipment=(), townsfolk=())
        seat = s.active
        assert play(game2, s, "income").players[seat].silver == silver
    assert T.income == dict(zip(FACES, (1, 2, 3, 4, 5, 6), strict=True))


def test_PD_ACT_1_wild_performs_any_other_action(game2):
    s = use_state(game2, "WILD")
    acts = [a for a in _legal(game2, s) if a.startswith("act")]
    assert acts[0] == "act MINE" and "act CATTLE" in acts and "act MEDICINE" in acts
    assert all(a.split()[1] != "WILD" for a in acts)


def test_PD_ACT_2_and_ASSUMPTION_7_mine_draws_gold_or_nothing(game2):
    s = use_state(game2, "MINE")
    seat = s.active
    drawn = play(game2, play(game2, s, "act MINE"), "gold 3")
    assert drawn.players[seat].gold == (3,)
    empty = s._replace(gold_bag=(0, 0, 0))
    after = play(game2, empty, "act MINE")
    assert after.phase == "end" and after.players[seat].gold == ()


def test_PD_ACT_3_equip_takes_a_display_tile(game2):
    s = use_state(game2, "EQUIP")
    seat, tile = s.active, s.display[-1]
    s2 = play(game2, s, f"act EQUIP {tile}")
    assert tile in s2.players[seat].equipment and tile not in s2.display
    assert_illegal(game2, s, parse_action("act EQUIP E99"), "PD-ACT-3")
    empty = play(game2, s._replace(display=()), "act EQUIP")
    assert empty.players[seat].equipment == ()


@pytest.mark.parametrize(
    ("rule", "face", "field"),
    [
        ("PD_ACT_4", "CATTLE", "cattle"),
        ("PD_ACT_5", "WOOD", "wood"),
        ("PD_ACT_6", "MEDICINE", "medicine"),
    ],
)
def test_PD_ACT_4_PD_ACT_5_PD_ACT_6_goods_actions(game2, rule, face, field):
    s = use_state(game2, face, townsfolk=(), equipment=())
    seat = s.active
    before = getattr(s.players[seat], field)
    s = play(game2, s, f"act {face}")
    assert getattr(s.players[seat], field) == before + 1


def test_PD_ACT_4_cattle(game2):
    s = use_state(game2, "CATTLE", cattle=0)
    assert play(game2, s, "act CATTLE").players[s.active].cattle == 1


def test_PD_ACT_5_wood(game2):
    s = use_state(game2, "WOOD", wood=0)
    assert play(game2, s, "act WOOD").players[s.active].wood == 1


def test_PD_ACT_6_medicine(game2):
    s = use_state(game2, "MEDICINE", medicine=0)
    assert play(game2, s, "act MEDICINE").players[s.active].medicine == 1


def test_PD_RECRUIT_1_recruit_from_the_face_slot_and_ASSUMPTION_8(game2):
    s = use_state(game2, "MINE")
    card = s.slots[1]
    seat = s.active
    s2 = play(game2, s, "recruit")
    assert card in s2.players[seat].townsfolk and s2.slots[1] == ""
    empty = s._replace(slots=s.slots[:1] + ("",) + s.slots[2:])
    assert "recruit" not in _legal(game2, empty)
    assert_illegal(game2, empty, parse_action("recruit"), "PD-RECRUIT-1")


def test_PD_RECRUIT_2_and_ASSUMPTION_22_immediate_and_owner_choices(game2):
    s = use_state(game2, "WILD", wood=0, medicine=0, townsfolk=("A12",))
    assert s.phase == "gain"  # A12 Trapper fires on WILD: the owner chooses
    assert _legal(game2, s) == ["gain wood", "gain medicine"]
    seat = s.active
    s = play(game2, s, "gain medicine")
    assert s.players[seat].medicine == 1
    s = s._replace(slots=("A5",) + s.slots[1:])
    s = play(game2, s, "recruit")  # A5 Banker: +$4 at once
    assert s.players[seat].silver == 3 + 4


# 6. Disasters ---------------------------------------------------------------


def test_PD_DIS_1_and_ASSUMPTION_9_colours():
    assert T.disaster_colour == {
        "STORM": "blue",
        "RAID": "red",
        "FAMINE": "yellow",
        "DISEASE": "green",
    }


def test_PD_DIS_2_and_ASSUMPTION_10_four_advances_strike(game2):
    assert DISASTER_TRACK_LENGTH == 4 == game2.options["track_length"]
    s = first_take(game2)._replace(pool=(("red", "WOOD"),), tracks=(0, 2, 0, 0))
    assert run(game2, s, "leftover").tracks == (0, 3, 0, 0)
    short = PioneerDays(players=2, track_length=3)
    assert run(short, s, "leftover").strikes == (0, 1, 0, 0)


def test_PD_DIS_3_storm_and_ASSUMPTION_11_covered_wagons_skip(game2):
    s = with_player(first_take(game2), 0, wagons=((2, 1), (4, 0)), wood=0, silver=5)
    s = with_player(s, 1, wagons=((4, 0),), wood=1, board="PB7", silver=2)
    s = s._replace(start=0)
    s = run(game2, s, "strike:STORM")  # seat 0: no wood -> damage, no decision
    assert s.players[0].wagons == ((2, 1), (4, 1))
    assert s.active == 1 and _legal(game2, s) == [
        "storm wood",
        "storm silver",
        "storm damage",
    ]
    paid = play(game2, s, "storm silver")  # PB7 Homesteader pays $2
    assert paid.players[1].silver == 0 and paid.players[1].wood == 1
    spared = with_player(s, 1, townsfolk=("B8",), equipment=("E8",))
    assert _legal(game2, spared)[-1] == "storm spare"


def test_PD_DIS_4_raid_and_ASSUMPTION_12_rounding(game2):
    s = with_player(first_take(game2), 0, silver=7)
    assert run(game2, s, "strike:RAID").players[0].silver == 4
    up = PioneerDays(players=2, raid_rounding="up")
    assert run(up, s, "strike:RAID").players[0].silver == 3


def test_PD_DIS_5_and_ASSUMPTION_13_famine_must_be_paid(game2):
    s = with_player(first_take(game2), 0, cattle=5, silver=9, board="PB1")
    after = run(game2, s, "strike:FAMINE")
    assert (after.players[0].cattle, after.players[0].silver) == (5, 6)
    s = with_player(s, 0, equipment=("E10",), townsfolk=("A10",))
    assert E.famine_free(T, s.players[0]) == 7


def test_PD_DIS_6_disease_exemptions(game2):
    p = first_take(game2).players[0]
    assert E.exemptions(T, p._replace(board="PIONEER")) == 1
    assert E.exemptions(T, p._replace(board="PB3")) == 1
    assert E.exemptions(T, p._replace(board="PB1")) == 0
    full = p._replace(board="PIONEER", townsfolk=("A4", "B4"), equipment=("E11", "E11"))
    assert E.exemptions(T, full) == 5
    s = with_player(first_take(game2), 0, board="PB1", townsfolk=("A2",), medicine=1)
    s = with_player(s, 1, townsfolk=())._replace(start=0)
    s = run(game2, s, "strike:DISEASE")
    assert _legal(game2, s) == ["disease A2 pay", "disease A2 discard"]
    s = play(game2, s, "disease A2 discard")  # allowed with medicine left
    assert s.players[0].townsfolk == () and s.players[0].medicine == 1


def test_PD_DIS_7_marker_back_to_start(game2):
    s = first_take(game2)._replace(pool=(("yellow", "WOOD"),), tracks=(1, 1, 3, 1))
    assert run(game2, s, "leftover").tracks == (1, 1, 0, 1)


def test_PD_DIS_8_final_disasters_advance_every_track(game2):
    s = first_take(game2)._replace(tracks=(1, 2, 0, 3), week=4, day=5)
    s = with_player(s, 0, townsfolk=())
    s = with_player(s, 1, townsfolk=())
    s = run(game2, s, "final")
    assert s.tracks == (2, 3, 1, 0) and s.strikes == (0, 0, 0, 1)


def test_PD_DIS_9_and_ASSUMPTION_23_decisions_from_the_start_player(game3):
    s = first_take(game3)._replace(start=2)
    for seat in range(3):
        s = with_player(s, seat, wood=1, wagons=((4, 0),))
    s = run(game3, s, "strike:STORM")
    order = []
    while s.phase == "storm":
        order.append(s.active)
        s = play(game3, s, "storm wood")
    assert order == [2, 0, 1]


# 7. Town ----------------------------------------------------------------------


def test_PD_TOWN_1_and_ASSUMPTION_14_week_end_effects(game2):
    s = first_take(game2)._replace(town=(), start=0)
    s = with_player(s, 0, townsfolk=("A9", "A11", "B9"), silver=0, favors=0)
    s = with_player(s, 1, townsfolk=("A11",), wagons=((4, 1),), favors=0)
    s = run(game2, s, "visit")
    assert (s.players[0].silver, s.players[0].favors) == (2, 2)
    assert s.players[1].favors == 0  # A11 Preacher: damaged, no favor


def test_PD_TOWN_2_one_vp_per_cattle(game2):
    s = with_player(first_take(game2)._replace(town=()), 0, cattle=4, vp=1)
    assert run(game2, s, "visit").players[0].vp == 5


def test_PD_TOWN_3_and_ASSUMPTION_15_each_card_once_optional(game3):
    s = first_take(game3)._replace(town=("TC3", "TC2"), start=1)
    for seat in range(3):
        s = with_player(s, seat, cattle=4, medicine=0, favors=0)
    s = run(game3, s, "visit")
    order = []
    while s.phase == "town":
        order.append(s.active)
        assert _legal(game3, s) == ["fulfil TC3", "done"]
        s = play(game3, s, "fulfil TC3")
    assert order == [1, 2, 0]  # each once; no card is used up by another
    assert [p.favors for p in s.players] == [2, 2, 2]
    assert [p.cattle for p in s.players] == [2, 2, 2]


def test_PD_TOWN_4_last_town_has_three_cards(game2):
    s = advance(
        game2, game2.setup(), random.Random(8), lambda x: x.week == 4 and x.day == 1
    )
    assert len(s.town) == 3


# 8. End -----------------------------------------------------------------------


def test_PD_END_1_order_of_the_end(game2):
    s = first_take(game2)._replace(week=4, day=5, start=0)
    assert game2._step_pass(s, "").jobs[0] == "weekend"
    s2 = game2._step_weekend(s._replace(jobs=("weekend",)), "")
    assert s2.jobs == ("final", "visit")
    s3 = run(game2, s._replace(town=()), "nextweek")
    assert s3.phase == "over"


def test_PD_END_2_final_scoring_parts(game2):
    s = with_player(
        first_take(game2),
        0,
        gold=(3, 2),
        favors=2,
        townsfolk=("A7", "B12"),
        wagons=((4, 1), (2, 0)),
        vp=3,
    )
    s = with_player(s, 1, favors=1)
    parts = E.score_parts(T, s.players)[0]
    assert parts == {
        "cattle": 3,
        "gold": 5,
        "favors": 4,
        "most_favors": 5,
        "townsfolk": 2 + 2,
        "damage": -2,
    }
    assert game2.scores(s)[0] == sum(parts.values())


def test_PD_END_3_ties_by_silver_then_shared(game2):
    s = first_take(game2)._replace(phase="over", jobs=())
    s = with_player(with_player(s, 0, silver=3, vp=10), 1, silver=3, vp=10)
    assert game2.winners(s) == (0, 1)
    assert game2.winners(with_player(s, 0, silver=4)) == (0,)
    assert game2.winners(first_take(game2)) == ()


def test_PD_END_4_scores_are_plain_integers(game2):
    s = with_player(first_take(game2), 0, vp=73)
    assert isinstance(game2.scores(s)[0], int) and game2.scores(s)[0] > 50


def test_PD_END_5_no_turn_cap_the_game_always_ends(game2):
    assert "max_turns" not in game2.defaults
    s = advance(game2, game2.setup(), random.Random(9), lambda x: x.phase == "over")
    assert [p.turns for p in s.players] == [20, 20]


def test_PD_INV_1_PD_INV_2_PD_INV_3_counts(game3):
    rng = random.Random(11)
    s = game3.setup()
    for week in range(1, 5):
        s = advance(game3, s, rng, lambda x, w=week: x.week == w and x.phase == "take")
        assert sum(s.bag) + len(s.pool) == 20 - 4 * (s.day - 1)
    s = advance(game3, s, rng, lambda x: x.phase == "over")
    assert [p.turns for p in s.players] == [20] * 3
    assert s.town_deck == () and s.folk_deck == ()


def test_PD_INV_1_bag_empty_after_day_5(game2):
    s = advance(
        game2,
        game2.setup(),
        random.Random(1),
        lambda x: x.day == 5 and x.phase == "end",
    )
    assert sum(s.bag) == 0


def test_PD_INV_2_twenty_turns(game2):
    s = advance(game2, game2.setup(), random.Random(2), lambda x: x.phase == "over")
    assert [p.turns for p in s.players] == [20, 20]


def test_PD_INV_3_nine_town_cards_and_24_townsfolk(game2):
    s = advance(game2, game2.setup(), random.Random(3), lambda x: x.phase == "over")
    assert s.town_deck == () and s.folk_deck == ()


# 10. Data -------------------------------------------------------------------


def test_PD_DATA_2_wagon_cards():
    assert T.wagon_cards == {"small": 10, "large": 10}


def test_PD_DATA_3_and_ASSUMPTION_18_gold_tokens():
    assert T.gold == (15, 13, 8)


def test_PD_DATA_4_player_boards(game2):
    b = T.boards
    assert (b["PIONEER"].large_wagons, b["PIONEER"].cattle, b["PIONEER"].silver) == (
        1,
        1,
        3,
    )
    assert b["PB5"].silver == 7 and b["PB7"].small_wagons == 2
    sawyer = first_take(game2).players[0]._replace(board="PB4")
    assert (
        E.wagon_cost(T, sawyer, "small") == 4 and E.wagon_cost(T, sawyer, "large") == 7
    )


def test_PD_DATA_4_assayer_draws_two_keeps_one(game2):
    s = use_state(game2, "MINE", board="PB2", gold=())
    seat = s.active
    s = play(game2, s, "act MINE", "gold 1", "gold 3")
    assert s.phase == "keep" and _legal(game2, s) == ["keep 1", "keep 3"]
    assert game2.observe(s, 1 - seat).drawn == (0, 0)
    bag = s.gold_bag
    s = play(game2, s, "keep 3")
    assert s.players[seat].gold == (3,) and s.gold_bag == (bag[0] + 1, bag[1], bag[2])


def test_PD_DATA_4_outfitter_earns_a_silver_per_tile(game2):
    s = use_state(game2, "EQUIP", board="PB6", silver=0)
    seat = s.active
    s = play(game2, s, f"act EQUIP {s.display[0]}")
    assert s.players[seat].silver == 1


def test_PD_DATA_5_townsfolk_points(game2):
    p = (
        first_take(game2)
        .players[0]
        ._replace(
            townsfolk=("A12", "B12", "A1", "A2", "A3", "A5", "A6", "A8"),
            gold=(1, 1),
            cattle=5,
            wood=3,
            silver=9,
            equipment=("E1",),
            wagons=((4, 0), (2, 0)),
        )
    )
    pts = {c: E.folk_points(T, p, c) for c in p.townsfolk}
    assert pts == {
        "A12": 5,  # 7 others, max 5
        "B12": 6,  # 8 townsfolk, max 6
        "A1": 2,
        "A2": 2,
        "A3": 3,
        "A5": 2,
        "A6": 2,
        "A8": 2,
    }


def test_PD_DATA_6_town_cards():
    assert (T.town["TC9"].wood, T.town["TC9"].medicine, T.town["TC9"].cattle) == (
        2,
        2,
        2,
    )
    assert T.town["TC9"].favors == 4 and T.town["TC5"].silver == 3


def test_PD_DATA_7_equipment_never_runs_out_at_four_players():
    assert sum(e.copies for e in T.equipment.values()) >= 4 * (4 + 1) + 1


# Assumptions not covered above ----------------------------------------------


def test_ASSUMPTION_5_trigger_order_does_not_matter(game2):
    s = use_state(game2, "WOOD", townsfolk=("A3",), equipment=("E1", "E2"), wood=0)
    assert s.phase == "gold" and s.players[s.active].wood == 2


def test_ASSUMPTION_16_most_favors_tie_at_zero(game2):
    s = first_take(game2)
    assert [E.score_parts(T, s.players)[i]["most_favors"] for i in range(2)] == [5, 5]


def test_ASSUMPTION_19_wagon_never_below_zero(game2):
    p = first_take(game2).players[0]._replace(board="PB4")
    assert E.wagon_cost(T, p, "small") >= 0


def test_ASSUMPTION_20_townsfolk_lost_go_to_the_box(game2):
    s = first_take(game2)
    card = s.slots[0]
    s = with_player(s, 0, board="PB1", townsfolk=(card,), medicine=0)
    s = with_player(s, 1, townsfolk=())._replace(slots=("",) + s.slots[1:])
    s = run(game2, s, "strike:DISEASE")
    assert s.players[0].townsfolk == () and card not in s.folk_deck + s.slots


def test_ASSUMPTION_24_token_passes_after_day_5(game2):
    s = first_take(game2)._replace(day=5)
    after = game2._step_pass(s, "")
    assert after.start == (s.start + 1) % 2 and after.jobs[0] == "weekend"


def test_ASSUMPTION_25_boards_hidden_until_everyone_chose(game2):
    s = play(game2, game2.setup(), "first 0")
    s = advance(game2, s, random.Random(0), lambda x: x.phase == "board")
    s = play(game2, s, "board PB1", "board PB2", "board PB3", "board PB4")
    s = play(game2, s, "choose PB1")
    view = game2.observe(s, 1)
    assert view.players[0].board == "?" and view.players[0].dealt == ("?", "?")
    assert view.boards_left == ()
