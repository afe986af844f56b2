"""Fixtures for the Anno 1503 tests: games by player count and a few small helpers.

Helpers are handed out through the ``h`` fixture (the test folders use
``--import-mode=importlib``, so test modules do not import each other).
"""

from __future__ import annotations

import copy
from types import SimpleNamespace

import pytest

from toolkit import anno1503
from toolkit.core import IllegalAction


def run(game, state, *texts):
    """Apply actions written in notation, one after the other."""
    for text in texts:
        state = game.apply(state, game.parse_action(text))
    return state


def illegal(game, state, text, rule):
    """Assert that ``text`` is illegal under ``rule`` and that ``state`` is unchanged."""
    before = copy.deepcopy(state)
    action = game.parse_action(text) if isinstance(text, str) else text
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    assert err.value.rule == rule, f"expected {rule}, got {err.value}"
    assert state == before
    assert action not in game.legal_actions(state)
    return err.value


def hand(state, seat):
    """A seat's goods as a dict of the goods it holds."""
    return {g: n for g, n in zip(anno1503.GOODS, state.players[seat].hand) if n}


def legal(game, state):
    """The legal actions as notation strings."""
    return [str(a) for a in game.legal_actions(state)]


def cards(spec):
    """Goods counts tuple from 'SPICE SPICE STONE'."""
    return tuple(spec.split().count(g) for g in anno1503.GOODS)


@pytest.fixture
def h():
    return SimpleNamespace(
        run=run, illegal=illegal, hand=hand, legal=legal, cards=cards
    )


@pytest.fixture(scope="session")
def game2():
    return anno1503.Anno1503(players=2)


@pytest.fixture(scope="session")
def game3():
    return anno1503.Anno1503(players=3)


@pytest.fixture(scope="session")
def game4():
    return anno1503.Anno1503(players=4)
