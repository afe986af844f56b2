"""Fixtures for the Montana tests: a fixed landscape and helpers to edit states.

Helpers are handed out through the ``h`` fixture (the test folders use
``--import-mode=importlib``, so test modules do not import each other).
"""

from __future__ import annotations

import copy
from types import SimpleNamespace

import pytest

from toolkit import montana
from toolkit.core import IllegalAction


def run(game, state, *texts):
    """Apply actions written in notation, one after the other."""
    for text in texts:
        state = game.apply(state, game.parse_action(text))
    return state


def illegal(game, state, action, rule):
    """Assert ``action`` is refused under ``rule``, not listed, and nothing changed."""
    before = copy.deepcopy(state)
    action = game.parse_action(action) if isinstance(action, str) else action
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    assert err.value.rule == rule, f"expected {rule}, got {err.value}"
    assert err.value.message.endswith(".")
    assert state == before
    assert action not in game.legal_actions(state)
    return err.value


def landscape(game, tiles=None, spins=None):
    """Draw tiles T1.. in order at rotation 0 (or ``tiles``), then the set-up spins
    (segment 0, copper+copper, unless given); returns the first decision state."""
    state = game.setup()
    for k in tiles or range(1, len(game.centres) + 1):
        state = game.apply(state, montana.Tile(k, 0))
    if state.phase == "start":
        state = game.apply(state, montana.Start(*game.hexes[1]))
    for seg in spins or [0] * (2 * game.players):
        state = game.apply(state, montana.Spin(seg))
    if state.phase == "first":
        state = game.apply(state, montana.First(0))
    return state


def player(state, seat, **fields):
    """``state`` with seat's player board changed."""
    players = list(state.players)
    players[seat] = players[seat]._replace(**fields)
    return state._replace(players=tuple(players))


def goods(**named):
    """Goods in GOODS order from names: ``goods(grain=2, large_copper=1)``."""
    return tuple(named.get(g, 0) for g in montana.GOODS)


def workers(**named):
    return tuple(named.get(c, 0) for c in montana.COLOURS)


def hexi(game, q, r):
    return game.geometry.at[(q, r)]


def own(game, state, seat, *cells):
    """``state`` with ``seat`` owning the hexes ``(q, r)`` (one settlement each)."""
    owner, stack = list(state.owner), list(state.stack)
    for q, r in cells:
        i = hexi(game, q, r)
        owner[i], stack[i] = seat, 1
    return state._replace(owner=tuple(owner), stack=tuple(stack))


def kinds(game, state, **_unused):
    return state.kinds


@pytest.fixture
def h():
    return SimpleNamespace(
        run=run,
        illegal=illegal,
        landscape=landscape,
        player=player,
        goods=goods,
        workers=workers,
        hexi=hexi,
        own=own,
    )


@pytest.fixture
def g2():
    return montana.Montana(players=2, first=0, start_hex="0,-1")


@pytest.fixture
def g3():
    return montana.Montana(players=3, first=0, start_hex="0,-1")


@pytest.fixture
def g4():
    return montana.Montana(players=4, first=0, start_hex="0,-1")
