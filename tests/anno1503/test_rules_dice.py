"""One test per rule: production (A-PROD) and events (A-EVENT)."""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503 import IslandCard
from toolkit.core import CHANCE

FAR = (0, 11)  # the island farthest from the start on the default board (ASSUMPTION-3)


def roll_state(game, **seats):
    return anno1503.position(game, phase="roll", seats=seats.get("seats"))


def test_A_PROD_1_active_player_rolls_at_turn_start(game3, h):
    s = h.run(game3, game3.setup(), "first 1")
    assert (s.phase, game3.to_move(s)) == ("roll", CHANCE)
    outcomes = game3.chance_outcomes(s)
    assert [str(a) for a, _ in outcomes] == [f"roll {f}" for f in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    h.illegal(game3, h.run(game3, s, "roll 3", "take SPICE"), "roll 3", "A-PROD-1")


def test_A_PROD_2_every_player_produces_the_rolled_number(game3, h):
    s = h.run(game3, roll_state(game3), "roll 4")  # A: CLOTH, B: WOOD, C: STONE
    assert [h.hand(s, i) for i in range(3)] == [
        {"STONE": 1, "WOOD": 1, "CLOTH": 1},
        {"STONE": 1, "WOOD": 2},
        {"STONE": 2, "WOOD": 1},
    ]
    assert s.phase == "build"


def test_A_PROD_3_question_mark_takes_any_good(game3, h):
    s = h.run(game3, roll_state(game3), "roll 1")  # island A shows "?" on 1
    assert game3.to_move(s) == 0
    # the seed: the player *may* take any good, so taking nothing is offered too
    assert h.legal(game3, s) == [f"take {g}" for g in anno1503.GOODS] + ["take nothing"]
    s = h.run(game3, s, "take TOBACCO")
    assert h.hand(s, 0)["TOBACCO"] == 1


def test_A_PROD_4_branch_office_good_or_island_good_never_both(game3, h):
    s = anno1503.position(game3, phase="roll", seats={0: {"offices": {3: "SPICE"}}})
    s = h.run(game3, s, "roll 3")  # island A: 3 = WOOD; office on bridge 3 = SPICE
    assert h.legal(game3, s) == ["take WOOD", "take SPICE"]
    h.illegal(game3, s, "take CLOTH", "A-PROD-4")
    after = h.run(game3, s, "take SPICE")
    assert sum(after.players[0].hand) == sum(s.players[0].hand) + 1


def test_A_PROD_5_a_six_means_an_event_not_goods(game3, h):
    before = roll_state(game3)
    s = h.run(game3, before, "roll 6")
    assert s.phase == "event" and [p.hand for p in s.players] == [
        p.hand for p in before.players
    ]


@pytest.mark.parametrize(
    ("face", "event"),
    [
        (1, "PIRATES"),
        (2, "PIRATES"),
        (3, "FIRE"),
        (4, "FIRE"),
        (5, "GOLDEN_AGE"),
        (6, "GOLDEN_AGE"),
    ],
)
def test_A_EVENT_1_event_die(game2, h, face, event):
    s = h.run(game2, roll_state(game2), "roll 6", f"event {face}")
    assert s.event == event
    assert game2.to_move(s) != CHANCE or s.phase != "event"  # no second event roll


def test_A_EVENT_2_pirates_pay_per_card_or_lose_one(game3, h):
    s = anno1503.position(
        game3,
        phase="roll",
        seats={
            0: {"gold": 5, "offices": {2: "SPICE"}, "contracts": 1},
            1: {"gold": 1, "offices": {1: "TOBACCO"}, "contracts": 1},
            2: {"gold": 0},
        },
    )
    s = h.run(game3, s, "roll 6", "event 1")
    assert s.players[0].gold == 3  # paid 2 for 2 cards
    assert game3.to_move(s) == 1  # seat 1 cannot pay 2 and must choose a card
    assert h.legal(game3, s) == ["remove bridge 1", "remove contract 1"]
    s = h.run(game3, s, "remove contract 1")
    assert s.players[1].gold == 1 and s.players[1].contracts == ()
    assert game3.to_move(s) == CHANCE  # the reserve's top card goes to the far island
    draws = {str(a): p for a, p in game3.chance_outcomes(s)}
    assert "draw TC/2" in draws and sum(draws.values()) == pytest.approx(1)
    s = h.run(game3, s, "draw ?/2")
    stack = s.islands[game3.island_index[FAR]]
    assert (
        stack[-1] == IslandCard("?/2") and len(stack) == 2
    )  # on top of the existing card
    assert s.phase == "build"


def test_A_EVENT_3_fire_pay_per_resident_outside_or_lose_newest(game2, h):
    s = anno1503.position(
        game2,
        phase="roll",
        seats={
            0: {"gold": 9, "residents": "P S P P+SCHOOL"},
            1: {"gold": 1, "residents": "P S C P+CHURCH"},
        },
    )
    s = h.run(game2, s, "roll 6", "event 3")
    assert s.players[0].gold == 7  # 2 residents outside the red border
    assert s.players[1].residents == ("PIONEER", "SETTLER", "CITIZEN")
    assert s.players[1].gold == 1  # paid nothing
    assert "CHURCH" in s.display


def test_A_EVENT_4_golden_age_one_good_each_two_with_church(game2, h):
    s = anno1503.position(
        game2, phase="roll", seats={1: {"residents": "P S P P+CHURCH"}}
    )
    s = h.run(game2, s, "roll 6", "event 5")
    assert game2.to_move(s) == 0
    s = h.run(game2, s, "take SPICE")
    assert game2.to_move(s) == 1
    s = h.run(game2, s, "take TOBACCO", "take TOBACCO")
    assert s.phase == "build"
    assert h.hand(s, 0)["SPICE"] == 1 and h.hand(s, 1)["TOBACCO"] == 2


def test_A_EVENT_5_smithy_and_fire_brigade_protect(game2, h):
    s = anno1503.position(
        game2,
        phase="roll",
        seats={
            0: {"gold": 0, "residents": "P S P P+SMITHY", "offices": {2: "SPICE"}},
            1: {"gold": 0, "residents": "P S P P+FIRE_BRIGADE"},
        },
    )
    pirates = h.run(game2, s, "roll 6", "event 2")
    assert (
        pirates.players[0].offices == s.players[0].offices and pirates.phase == "build"
    )
    fire = h.run(game2, s, "roll 6", "event 4")
    assert fire.players[1].residents == s.players[1].residents
    assert fire.players[0].residents == ("PIONEER", "SETTLER", "PIONEER")  # no brigade


def test_A_EVENT_6_choices_in_turn_order_from_the_active_player(game3, h):
    s = anno1503.position(game3, phase="roll", active=1)
    s = h.run(game3, s, "roll 6", "event 6")
    order = []
    while s.phase == "resolve":
        order.append(game3.to_move(s))
        s = h.run(game3, s, "take WOOD")
    assert order == [1, 2, 0]
