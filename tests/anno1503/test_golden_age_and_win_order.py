"""Declining a free good, and a win pending an event roll (issue 15).

The seed (Hungarian rulebook) says a player *may* take a good of their choice on
a "?" face ("elvehet", A-PROD-3) and in the Golden Age (A-EVENT-4; with a
Church, *may* choose two), where the specification's restatement says "takes":
the seed wins, so "take nothing" is a legal action there and only there.

ASSUMPTION-E1 (the engine's): a player who meets 3 conditions when their
production roll shows 6 wins before the event roll (the default, as A-WIN-3 and
ASSUMPTION-21 check "straight after the production roll"); the option
``win_before_event=False`` checks only once the event has been dealt with.
"""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503 import TakeNothing


def test_A_EVENT_4_golden_age_good_may_be_declined(game3, h):
    s = anno1503.position(game3, phase="roll")
    s = h.run(game3, s, "roll 6", "event 5")
    assert game3.to_move(s) == 0
    assert h.legal(game3, s)[-1] == "take nothing"
    after = h.run(game3, s, "take nothing")
    assert after.players[0].hand == s.players[0].hand and after.supply == s.supply
    assert game3.to_move(after) == 1  # the next seat chooses
    after = h.run(game3, after, "take SPICE", "take nothing")
    assert after.phase == "build" and h.hand(after, 1)["SPICE"] == 1


def test_A_EVENT_4_a_church_owner_may_decline_either_good(game2, h):
    s = anno1503.position(
        game2, phase="roll", seats={1: {"residents": "P S P P+CHURCH"}}
    )
    s = h.run(game2, s, "roll 6", "event 6", "take nothing", "take TOBACCO")
    assert game2.to_move(s) == 1 and "take nothing" in h.legal(game2, s)
    s = h.run(game2, s, "take nothing")
    assert s.phase == "build" and h.hand(s, 1)["TOBACCO"] == 1


def test_A_PROD_3_question_face_may_be_declined(game3, h):
    s = h.run(game3, anno1503.position(game3, phase="roll"), "roll 1")  # A: "?" on 1
    assert game3.to_move(s) == 0 and "take nothing" in h.legal(game3, s)
    after = h.run(game3, s, "take nothing")
    assert after.players[0].hand == s.players[0].hand
    assert after.phase == "build"  # islands B and C show fixed goods on 1


def test_A_PROD_3_one_good_left_is_still_a_choice_to_take_or_not(game3, h):
    s = anno1503.position(game3, phase="roll")
    s = s._replace(supply=(0, 0, 0, 0, 1, 0))  # only SPICE left in the piles
    s = h.run(game3, s, "roll 1")
    assert h.legal(game3, s) == ["take SPICE", "take nothing"]


def test_A_PROD_4_a_fixed_face_or_branch_office_choice_cannot_be_declined(game3, h):
    s = anno1503.position(game3, phase="roll", seats={0: {"offices": {3: "SPICE"}}})
    s = h.run(game3, s, "roll 3")  # WOOD from the island or SPICE from the office
    assert "take nothing" not in h.legal(game3, s)
    h.illegal(game3, s, TakeNothing(), "A-PROD-4")
    build = anno1503.position(game3)
    h.illegal(game3, build, "take nothing", "A-PROD-2")  # nothing to decline now


def test_take_nothing_round_trips_in_the_notation(game3):
    assert game3.parse_action("take nothing") == TakeNothing()
    assert str(TakeNothing()) == "take nothing"


def rich(game, seat_gold=30):
    """Seat 0 about to roll while meeting 3 conditions: 30 gold, 3 contracts, 3
    Merchants (the gold can come from Big Branch Office payments between turns)."""
    return anno1503.position(
        game,
        phase="roll",
        seats={0: {"gold": seat_gold, "contracts": 3, "residents": "P S M M M"}},
    )


def test_ASSUMPTION_E1_by_default_the_win_comes_before_the_event(game3, h):
    s = h.run(game3, rich(game3), "roll 6")
    assert s.phase == "over" and s.winner == 0
    assert game3.options["win_before_event"] is True


def test_ASSUMPTION_E1_option_the_event_first_can_take_the_win_away(h):
    game = anno1503.Anno1503(players=3, win_before_event=False)
    s = h.run(game, rich(game), "roll 6")
    assert s.phase == "event" and s.winner is None
    pirates = h.run(game, s, "event 1")  # 3 contracts: pay 3 gold, V-GOLD lost
    assert pirates.players[0].gold == 27 and pirates.winner is None
    assert pirates.phase == "build"
    golden = h.run(game, s, "event 5")  # nothing lost: the win after the event
    assert golden.phase == "resolve" and golden.winner is None
    while golden.phase == "resolve":
        golden = h.run(game, golden, "take nothing")
    assert golden.phase == "over" and golden.winner == 0


def test_ASSUMPTION_E1_option_is_checked_by_type():
    with pytest.raises(TypeError, match="win_before_event"):
        anno1503.Anno1503(players=2, win_before_event="no")
    with pytest.raises(TypeError, match="win_before_event"):
        anno1503.Anno1503(players=2, win_before_event=0)
