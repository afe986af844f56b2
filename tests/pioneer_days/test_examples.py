"""The worked examples EX-1..EX-21 of the Pioneer Days spec, one test each."""

from __future__ import annotations

import random

from toolkit.core.testing import assert_illegal
from toolkit.pioneer_days import PioneerDays, parse_action
from toolkit.pioneer_days.scenarios import (
    advance,
    first_take,
    play,
    run,
    use_state,
    with_player,
)


def test_EX_1_three_players_draw_four_dice_a_day_and_empty_the_bag(game3):
    s = game3.setup()
    assert sum(s.bag) == 20
    rng = random.Random(1)
    for day in range(1, 6):
        s = advance(game3, s, rng, lambda x, d=day: x.phase == "take" and x.day == d)
        assert len(s.pool) == 4 and sum(s.bag) == 20 - 4 * day
    assert sum(s.bag) == 0
    s = advance(game3, s, rng, lambda x: x.phase == "end" and len(x.pool) == 1)
    assert s.day == 5 and s.jobs[-2:] == ("leftover", "pass")  # one left over


def test_EX_2_red_leftover_takes_raid_from_3_to_4_and_strikes(game2):
    s = first_take(game2)._replace(pool=(("red", "WILD"),), tracks=(0, 3, 2, 1))
    s = with_player(s, 0, silver=7)
    s = run(game2, s, "leftover")
    assert s.tracks == (0, 0, 2, 1) and s.strikes == (0, 1, 0, 0)
    assert s.players[0].silver == 4


def test_EX_3_black_leftover_moves_all_storm_before_famine(game2):
    s = first_take(game2)._replace(
        pool=(("black", "MINE"),), tracks=(3, 1, 3, 0), start=0
    )
    s = with_player(s, 0, cattle=2, silver=5, wood=3)
    s = with_player(s, 1, cattle=0, wood=0)
    s = run(game2, s, "leftover")
    assert s.phase == "storm"  # Storm first; the Famine waits behind it
    assert s.jobs[:4] == (
        f"storm:{s.start}",
        f"storm:{1 - s.start}",
        "reset:0",
        "strike:FAMINE",
    )
    while s.phase != "over":
        s = game2.apply(s, game2.legal_actions(s)[0])
    assert s.tracks == (0, 2, 0, 1) and s.strikes == (1, 0, 1, 0)
    assert s.players[0].silver == 3  # Famine paid after the Storm


def test_EX_4_gold_pan_fires_on_the_face_taken_not_the_changed_one(game2):
    s = use_state(game2, "WOOD", equipment=("E1",), silver=3)
    assert s.phase == "gold"  # E1 Gold Pan: draw 1 gold
    s = play(game2, s, "gold 2", "change CATTLE", "act CATTLE")
    p = s.players[s.active]
    assert p.gold == (2,) and p.cattle == 2 and p.silver == 0
    s = use_state(game2, "CATTLE", equipment=("E1",), silver=3)
    assert s.phase == "use"
    s = play(game2, s, "change WOOD", "act WOOD")
    assert s.players[s.active].gold == ()  # the new face triggers nothing


def test_EX_5_equip_die_for_income_pays_3(game2):
    s = use_state(game2, "EQUIP", silver=0)
    s = play(game2, s, "income")
    assert s.players[s.active].silver == 3


def test_EX_6_raid_takes_3_of_7_and_nothing_of_1(game2):
    s = with_player(with_player(first_take(game2), 0, silver=7), 1, silver=1)
    s = run(game2, s, "strike:RAID")
    assert [p.silver for p in s.players] == [4, 1]


def test_EX_7_storm_wood_for_the_large_wagon_damage_on_the_small(game2):
    s = with_player(
        first_take(game2),
        0,
        wagons=((4, 0), (2, 0)),
        wood=2,
        gold=(1,),
        equipment=("E5",),
        medicine=0,
    )
    s = with_player(s, 1, wood=0, wagons=((4, 1),))
    s = s._replace(start=0)
    s = run(game2, s, "strike:STORM")
    assert s.active == 0 and s.phase == "storm" and s.cursor == 0
    s = play(game2, s, "storm wood", "storm damage")
    p = s.players[0]
    assert p.wood == 1 and p.wagons == ((4, 0), (2, 1))
    assert (
        game2.scores(s)[0] - game2.scores(with_player(s, 0, wagons=((4, 0), (2, 0))))[0]
        == -2
    )


def test_EX_8_famine_4_cattle_2_silver_pays_2_loses_2(game2):
    s = with_player(first_take(game2), 0, cattle=4, silver=2, board="PIONEER")
    s = run(game2, s, "strike:FAMINE")
    assert (s.players[0].cattle, s.players[0].silver) == (2, 0)


def test_EX_9_disease_pioneer_side_exempt_one_pay_one_lose_one(game2):
    s = with_player(first_take(game2), 0, townsfolk=("A2", "A3", "A5"), medicine=1)
    s = with_player(s, 1, townsfolk=())
    s = s._replace(start=0)
    s = run(game2, s, "strike:DISEASE")
    assert s.phase == "disease"
    s = play(game2, s, "disease A2 exempt", "disease A3 pay")
    # no exemption and no medicine left: A5 goes without a decision
    assert s.players[0].townsfolk == ("A2", "A3") and s.players[0].medicine == 0


def test_EX_10_full_wagons_buy_a_wagon_or_discard(game2):
    s = use_state(game2, "WOOD", wood=8, silver=5, gold=(), equipment=(), medicine=0)
    s = play(game2, s, "act WOOD", "buy small", "end turn")
    p = s.players[s.active] if s.phase != "take" else None
    assert s.phase == "take"  # no discard needed
    seat = 1 - s.active
    p = s.players[seat]
    assert p.wood == 9 and p.wagons == ((4, 0), (2, 0)) and p.silver == 0
    s = use_state(game2, "WOOD", wood=8, silver=0, gold=(), equipment=(), medicine=0)
    seat = s.active
    s = play(game2, s, "act WOOD", "end turn")
    assert s.phase == "discard" and s.active == seat
    s = play(game2, s, "discard wood")
    assert s.players[seat].wood == 8 and s.phase == "take"


def test_EX_11_town_either_fort_laramie_or_fort_kearny(game2):
    s = first_take(game2)._replace(town=("TC1", "TC4"), start=0)
    s = with_player(s, 0, cattle=3, wood=2, medicine=1, favors=0, vp=0)
    s = with_player(s, 1, cattle=0, wood=0, medicine=0)
    s = run(game2, s, "visit")
    assert s.players[0].vp == 3 and s.phase == "town"
    assert [str(a) for a in game2.legal_actions(s)] == [
        "fulfil TC1",
        "fulfil TC4",
        "done",
    ]
    s = play(game2, s, "fulfil TC4")
    p = s.players[0]
    assert (p.wood, p.medicine, p.cattle, p.favors) == (1, 0, 2, 2)
    assert s.phase != "town"  # TC1 no longer affordable: the visit moves on


def test_EX_12_final_scoring_favors_nuggets_damage_and_silver_tie(game2):
    s = first_take(game2)
    s = with_player(
        s, 0, favors=5, gold=(1, 3), wagons=((4, 1),), townsfolk=(), silver=4, vp=0
    )
    s = with_player(
        s, 1, favors=5, gold=(), wagons=((4, 0),), townsfolk=(), silver=4, vp=2
    )
    s = s._replace(phase="over", jobs=())
    assert game2.scores(s) == (10 + 5 + 4 - 2, 10 + 5 + 2)
    assert game2.winners(s) == (0, 1)  # 17 each, equal silver: shared
    s2 = with_player(s, 1, silver=5)
    assert game2.winners(s2) == (1,)
    s3 = with_player(with_player(s, 0, favors=0), 1, favors=0)
    assert game2.scores(s3) == (5 + 4 - 2, 5 + 2)  # +5 each, tied at 0 favors


def test_EX_13_final_advance_strikes_before_the_last_town(game2):
    s = first_take(game2)._replace(tracks=(0, 0, 0, 3), week=4, day=5, start=0)
    s = with_player(s, 0, townsfolk=("A2", "A3"), medicine=0, board="PIONEER")
    s = with_player(s, 1, townsfolk=())
    s = run(game2, s, "weekend")
    while s.phase != "over":
        s = game2.apply(s, game2.legal_actions(s)[-1])
    assert s.strikes[3] == 1
    assert len(s.players[0].townsfolk) == 1  # lost before the final scoring


def test_EX_14_town_cards_two_two_two_three(game2):
    rng = random.Random(3)
    s = game2.setup()
    seen = []
    for week in range(1, 5):
        s = advance(game2, s, rng, lambda x, w=week: x.week == w and x.phase == "take")
        seen.append(len(s.town))
        assert len(s.town_deck) == 9 - sum(seen)
    assert seen == [2, 2, 2, 3] and s.town_deck == ()


def test_EX_15_raid_halve_then_cap_then_reduce(game2):
    def loss(silver, folk=(), tiles=()):
        s = with_player(
            first_take(game2), 0, silver=silver, townsfolk=folk, equipment=tiles
        )
        return silver - run(game2, s, "strike:RAID").players[0].silver

    assert loss(10) == 5
    assert loss(10, tiles=("E9",)) == 3
    assert loss(10, folk=("B7",)) == 3
    assert loss(10, folk=("B7",), tiles=("E9",)) == 1  # not 3
    assert loss(3, folk=("B7",), tiles=("E9",)) == 0
    assert loss(10, folk=("A7",)) == 0


def test_EX_16_famine_with_cook(game2):
    s = with_player(first_take(game2), 0, cattle=6, silver=2, townsfolk=("A10",))
    s = run(game2, s, "strike:FAMINE")
    assert (s.players[0].cattle, s.players[0].silver) == (5, 0)


def test_EX_17_disease_doctor_nurse_and_three_others(game2):
    s = with_player(
        first_take(game2),
        0,
        board="PIONEER",
        medicine=1,
        townsfolk=("A4", "B4", "A2", "A3", "A5"),
    )
    s = with_player(s, 1, townsfolk=())._replace(start=0)
    s = run(game2, s, "strike:DISEASE")
    # X = 3: the player exempts three of B4, A2, A3, A5 and pays or loses one
    s = play(game2, s, "disease B4 exempt", "disease A2 exempt")
    assert [str(a) for a in game2.legal_actions(s)] == [
        "disease A3 exempt",
        "disease A3 pay",
        "disease A3 discard",
    ]
    paid = play(game2, s, "disease A3 pay")
    assert paid.players[0].townsfolk == ("A4", "B4", "A2", "A3", "A5")
    assert paid.players[0].medicine == 0 and paid.phase == "over"
    lost = play(game2, s, "disease A3 exempt", "disease A5 discard")
    assert lost.players[0].townsfolk == ("A4", "B4", "A2", "A3")
    assert lost.players[0].medicine == 1


def test_EX_18_storm_on_the_only_wagon_keep_what_you_choose(game2):
    s = with_player(
        first_take(game2),
        0,
        wagons=((4, 0),),
        gold=(3,),
        equipment=("E5",),
        medicine=1,
        wood=0,
        board="PIONEER",
    )
    s = with_player(s, 1, wagons=((4, 2),))._replace(start=0)
    s = run(game2, s, "strike:STORM")
    assert s.phase == "discard" and s.players[0].wagons == ((4, 1),)
    bag = s.gold_bag
    keep_gold = play(game2, s, "discard E5")
    assert keep_gold.players[0].equipment == () and keep_gold.stock == s.stock
    keep_tile = play(game2, s, "discard gold3")
    assert keep_tile.players[0].gold == ()
    assert keep_tile.gold_bag == (bag[0], bag[1], bag[2] + 1)  # back in the bag


def test_EX_19_start_player_moves_five_seats_a_week(game3):
    rng = random.Random(5)
    s = game3.setup()
    starts = []
    for week in (1, 2):
        for day in range(1, 6):
            s = advance(
                game3,
                s,
                rng,
                lambda x, w=week, d=day: (
                    x.week == w and x.day == d and x.phase == "take"
                ),
            )
            starts.append(s.start)
    first = s.first
    expect = [(first + k) % 3 for k in range(10)]
    assert starts == expect
    assert starts[5] == (first + 2) % 3  # P3 starts week 2 when P1 started week 1


def test_EX_20_the_diplomat_discount_goes_to_one_card(game2):
    s = first_take(game2)._replace(town=("TC1", "TC5"), start=0)
    s = with_player(
        s, 0, board="PB8", wood=1, gold=(2,), silver=2, cattle=0, medicine=0
    )
    s = with_player(s, 1, wood=0, cattle=0, medicine=0, gold=(), silver=0)
    s = run(game2, s, "visit")
    assert [str(a) for a in game2.legal_actions(s)] == [
        "fulfil TC1 less wood",
        "fulfil TC5 gold 2 less silver",
        "done",
    ]
    a = play(game2, s, "fulfil TC5 gold 2 less silver")
    assert a.players[0].favors == 2 and a.players[0].gold == ()
    assert a.phase != "town"
    b = play(game2, s, "fulfil TC1 less wood")
    assert b.players[0].favors == 1 and b.phase != "town"
    assert_illegal(game2, s, parse_action("fulfil TC5 gold 2"), "PD-TOWN-3")


def test_EX_21_no_small_wagon_left_wainwright_gives_nothing(game2):
    s = use_state(game2, "WILD", silver=8)
    s = s._replace(wagons_left=(0, 3), slots=("A8",) + s.slots[1:])
    seat = s.active
    s = play(game2, s, "recruit")
    assert s.players[seat].wagons == ((4, 0),) and s.wagons_left == (0, 3)
    assert [str(a) for a in game2.legal_actions(s)] == ["buy large", "end turn"]
    s = play(game2, s, "buy large")
    assert s.players[seat].wagons == ((4, 0), (4, 0)) and s.players[seat].silver == 0
    assert PioneerDays(players=2).options["track_length"] == 4
