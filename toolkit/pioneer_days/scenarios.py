"""Seeded positions and scenario edits of Pioneer Days, for tests and lessons.

>>> from toolkit.pioneer_days import PioneerDays
>>> game = PioneerDays(players=2)
>>> s = use_state(game, "EQUIP", silver=0)
>>> str(game.legal_actions(s)[0]), s.phase
('income', 'use')
"""

from __future__ import annotations

import random
from typing import Any

from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome

from .constants import COLOURS, FACES
from .rules import PioneerDays
from .state import Player, State


def advance(
    game: PioneerDays, state: State, rng: random.Random, until: Any, pick: Any = None
) -> State:
    """Play on (chance by ``rng``, decisions by ``pick`` or the first legal action)
    until ``until(state)`` holds.
    """
    for _ in range(20_000):
        if until(state):
            return state
        seat = game.to_move(state)
        assert seat is not None, "the game ended before the position was reached"
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = pick(state, legal) if pick else legal[0]
        state = game.apply(state, action)
    raise AssertionError("position not reached")


def first_take(game: PioneerDays, seed: int = 0) -> State:
    """Week 1 day 1, the start player to take a die; everyone on the Pioneer side."""
    return advance(game, game.setup(), random.Random(seed), lambda s: s.phase == "take")


def with_player(state: State, seat: int, **fields: Any) -> State:
    """``state`` with player ``seat``'s fields changed."""
    players = list(state.players)
    players[seat] = players[seat]._replace(**fields)
    return state._replace(players=tuple(players))


def run(game: PioneerDays, state: State, *jobs: str) -> State:
    """Run the rule steps ``jobs`` from ``state`` (the game is over after them)."""
    return game._run(state._replace(jobs=jobs, phase=""))


def play(game: PioneerDays, state: State, *texts: str) -> State:
    """Apply actions written in notation (decisions and chance outcomes)."""
    for text in texts:
        state = game.apply(state, game.parse_action(text))
    return state


def use_state(
    game: PioneerDays,
    face: str = "WOOD",
    colour: str = "blue",
    seat: int | None = None,
    **player: Any,
) -> State:
    """The mover has just taken a ``colour`` die showing ``face`` (no triggers)."""
    s = first_take(game)
    seat = s.active if seat is None else seat
    s = with_player(s, seat, **player)
    s = s._replace(pool=((colour, face),) + s.pool[1:])
    s = s._replace(pool=tuple(sorted(s.pool, key=_key)))
    return game.apply(s, game.parse_action(f"take {colour} {face}"))


def _key(die: tuple[str, str]) -> tuple[int, int]:
    return COLOURS.index(die[0]), FACES.index(die[1])


PIONEER_P = Player(
    board="PIONEER",
    silver=3,
    cattle=1,
    wood=1,
    medicine=1,
    wagons=((4, 0),),
)


__all__ = [
    "PIONEER_P",
    "advance",
    "first_take",
    "play",
    "run",
    "use_state",
    "with_player",
]
