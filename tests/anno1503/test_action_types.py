"""Hand-built Anno 1503 actions with fields of the wrong type (issue 15).

Refused with an :class:`IllegalAction` that names the field and the type
expected (also a ``TypeError``), never a crash from inside the engine; the
state is unchanged.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from toolkit.anno1503 import actions as A
from toolkit.core import CHANCE, IllegalAction, make_game
from toolkit.core.play import sample_outcome


def _states(game, seed=1, count=300):
    rng, state, out = random.Random(seed), game.setup(), []
    for _ in range(count):
        seat = game.to_move(state)
        if seat is None:
            break
        out.append(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return out


@pytest.mark.parametrize(
    ("make", "rule", "words"),
    [
        (lambda: A.Upgrade("1"), "A-UPG-1", ["Upgrade.space", "int", "'1'"]),
        (lambda: A.Upgrade(True), "A-UPG-1", ["Upgrade.space", "int"]),
        (lambda: A.Sell(None), "A-SELL-1", ["Sell.goods", "None"]),
        (lambda: A.Sell((1, 0)), "A-SELL-1", ["Sell.goods", "one per good"]),
        (lambda: A.Draw("?/9"), "A-EVENT-2", ["Draw.code", "card code"]),
        (lambda: A.Reveal(None), "A-EXPL-1", ["Reveal.code", "str"]),
        (lambda: A.Sail(1, (2, "7")), "A-SHIP-3", ["Sail.to", "(2, 7)"]),
        (lambda: A.Sail("1", (2, 7)), "A-SHIP-3", ["Sail.ship", "int"]),
        (lambda: A.Buy(None), "A-BUY-1", ["Buy.good", "str"]),
    ],
)
def test_a_field_of_the_wrong_type_is_an_illegal_action_naming_it(make, rule, words):
    game = make_game("anno1503", 2)
    for state in _states(game)[::10]:
        before = copy.deepcopy(state)
        with pytest.raises(IllegalAction) as err:
            game.apply(state, make())
        assert err.value.rule == rule
        for word in words:
            assert word in err.value.message
        assert isinstance(err.value, TypeError)
        assert state == before


def test_dataclasses_replace_checks_the_new_field_too():
    with pytest.raises(IllegalAction, match=r"Upgrade\.space"):
        dataclasses.replace(A.Upgrade(3), space=None)


def test_a_string_is_not_an_action_and_the_message_says_to_parse_it():
    game = make_game("anno1503", 2)
    state = _states(game)[20]
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=r"game\.parse_action\('end turn'\)"):
        game.apply(state, "end turn")
    assert state == before


def test_well_typed_actions_still_round_trip():
    for text in ["sell STONE+CLOTH", "sail 1 2,7", "draw ?/3", "reveal TC/2"]:
        assert str(A.parse_action(text)) == text


@pytest.mark.parametrize(
    "make",
    [
        lambda: A.UseCard(bridge=2, space=-1),
        lambda: A.UseCard(bridge=2, space=3),
        lambda: A.Remove(bridge=1, contract=2),
    ],
)
def test_a_bridge_together_with_a_space_or_contract_is_refused(make):
    """Found by tests/games/test_fuzz.py: UseCard(bridge=2, space=-1) was accepted
    and read back as UseCard(bridge=2, space=0)."""
    with pytest.raises(IllegalAction):
        make()
