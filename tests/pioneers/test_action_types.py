"""Hand-built actions with fields of the wrong type (issue 15).

Refused with an :class:`IllegalAction` that names the field and the type
expected (also a ``TypeError``), never a crash from inside the engine; the
state is unchanged. The compiled and the plain-Python engine agree (the suite
runs both ways).
"""

from __future__ import annotations

import copy
import random

import pytest

from toolkit.core import CHANCE, IllegalAction, make_game
from toolkit.core.play import sample_outcome
from toolkit.pioneers import actions as A


def _state_in(game, phase, seed=1):
    rng, state = random.Random(seed), game.setup()
    for _ in range(5000):
        if state.phase == phase:
            return state
        seat = game.to_move(state)
        assert seat is not None, f"no {phase} phase reached"
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    raise AssertionError(f"no {phase} phase reached")


def _refused(game, state, make, rule, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, make())
    assert err.value.rule == rule
    for word in words:
        assert word in err.value.message
    assert isinstance(err.value, TypeError)
    assert state == before


@pytest.mark.parametrize(
    ("phase", "make", "rule", "words"),
    [
        ("buy", lambda: A.BuyWagon("1"), "P-BUY-7", ["BuyWagon.slot", "int", "'1'"]),
        ("buy", lambda: A.BuyRoads(1.0), "P-BUY-1", ["BuyRoads.count", "int"]),
        ("buy", lambda: A.BuyRoads(True), "P-BUY-1", ["BuyRoads.count", "int"]),
        ("move", lambda: A.MoveCoach(None, 1), "P-MOVE-1", ["MoveCoach.path", "None"]),
        (
            "move",
            lambda: A.MoveCoach(("S", "A"), "1"),
            "P-MOVE-1",
            ["MoveCoach.cost", "int"],
        ),
        (
            "move",
            lambda: A.MoveCoach(("BUF", "CLE"), 1.0),
            "P-MOVE-1",
            ["MoveCoach.cost", "int"],
        ),
        ("move", lambda: A.MoveCoach(["BUF", "CLE"], 1), "P-MOVE-1", ["tuple"]),
        (
            "settle",
            lambda: A.Settle("S1", None),
            "P-SETTLE-1",
            ["Settle.profession", "str"],
        ),
        ("road", lambda: A.PlaceRoad(1, 2), "P-BUY-6", ["PlaceRoad.a", "str"]),
    ],
)
def test_a_field_of_the_wrong_type_is_an_illegal_action_naming_it(
    phase, make, rule, words
):
    game = make_game("pioneers", 2)
    _refused(game, _state_in(game, phase), make, rule, words)


def test_return_pioneer_without_a_profession_is_refused():
    """The plain engine used to accept it (and its record could not be read back)."""
    with pytest.raises(IllegalAction, match=r"ReturnPioneer\.profession"):
        A.ReturnPioneer("S1", None)


def test_dataclasses_replace_checks_the_new_field_too():
    import dataclasses

    with pytest.raises(IllegalAction, match=r"BuyWagon\.slot"):
        dataclasses.replace(A.BuyWagon(2), slot="2")


def test_a_string_is_not_an_action_and_the_message_says_to_parse_it():
    game = make_game("pioneers", 2)
    state = _state_in(game, "buy")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=r"game\.parse_action\('pass'\)"):
        game.apply(state, "pass")
    assert state == before


@pytest.mark.parametrize("text", [42, None, b"pass", 1.5])
def test_parse_action_of_anything_but_text_is_a_value_error(text):
    """The same ValueError in the compiled and the plain engine."""
    game = make_game("pioneers", 2)
    with pytest.raises(ValueError, match="text"):
        game.parse_action(text)


def test_well_typed_actions_are_unchanged():
    assert A.MoveCoach(("BUF", "CLE"), 1) == A.parse_action("move BUF-CLE $1")
    assert str(A.BuyWagon(2)) == "buy slot 2"
