"""Montana knowledge for the bots: a race-aware value, a playout policy, candidates.

Everything in Montana is open, so no determiniser is needed (the shared bots
use the observation, which is the state).  The value of a position for a seat
is counted in coins (:func:`evaluate_terms`):

``placed``
    ``SETTLEMENT`` per settlement placed: the race itself (M-END-3).
``goods``
    each good by its kind (``GOOD``, large pieces ``LARGE``), and ``READY``
    more for each free hex next to an occupied one whose cost the seat holds
    (up to ``MAX_READY``): goods are worth what they build.  Once the end is
    triggered, goods count only ``LATE`` of that.
``economy``
    coins (``COIN``, half above ``RICH``), workers (``WORKER``), cattle
    (``CATTLE``: 3 coins in trade, or the game's ``trade_coins``, and the first
    tie-break), canteens
    (``CANTEEN``: an extra turn).

The greedy value (:func:`greedy`) is the seat's value minus ``LEADER`` times
the best other seat's value and ``OTHERS`` times the others' mean: in a race
the leader is the one to stop.  Chance turns right after a decision (the
wheel) are averaged one level deep.  A finished game is worth ``WIN`` to its
winners.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE

__all__ = ["Opening", "candidates", "evaluate", "evaluate_terms", "greedy", "policy"]

WIN = 10_000.0
SETTLEMENT = 16.0
GOOD = 3.5
LARGE = 6.0
READY = 3.0
MAX_READY = 3
LATE = 0.2
COIN = 1.0
RICH = 12
WORKER = 1.3
CATTLE = 3.4
CANTEEN = 7.0
LEADER = 0.35
OTHERS = 0.15


def _ready(game: Any, state: Any, seat: int, frontier: Any = None) -> int:
    """Free buildable hexes next to an occupied one that ``seat`` can pay for now
    (``frontier``: the costs of those hexes, if already known).
    """
    p = state.players[seat]
    n = 0
    if frontier is None:
        frontier = [game.cost(state, h) for h in game.buildable(state, seat)]
    for cost in frontier:
        if all(a >= b for a, b in zip(p.goods, cost, strict=False)):
            n += 1
            if n >= MAX_READY:
                break
    return n


def evaluate_terms(
    game: Any, state: Any, seat: int, frontier: Any = None
) -> dict[str, float]:
    """The terms of ``seat``'s value in coins (see the module's docstring)."""
    p = state.players[seat]
    placed = game.settlements - p.left
    goods = GOOD * sum(p.goods[:4]) + LARGE * sum(p.goods[4:])
    goods += READY * _ready(game, state, seat, frontier) if p.left else 0.0
    if state.ended:
        goods *= LATE
    coins = COIN * min(p.coins, RICH) + 0.5 * COIN * max(p.coins - RICH, 0)
    # a cattle trades for the game's trade_coins (3 by the rulebook, M-CATTLE-1)
    cattle = CATTLE + COIN * (game.trade_coins - 3)
    economy = coins + WORKER * sum(p.workers) + cattle * p.cattle + CANTEEN * p.canteens
    return {"placed": SETTLEMENT * placed, "goods": goods, "economy": economy}


def _frontier(game: Any, state: Any) -> list:
    """The costs of the hexes anyone may build on now (M-BUILD-2: the same for all)."""
    return [game.cost(state, h) for h in game.buildable(state, 0)]


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Every seat's estimated final score in settlements (the value / SETTLEMENT)."""
    frontier = _frontier(game, state)
    return tuple(
        sum(evaluate_terms(game, state, s, frontier).values()) / SETTLEMENT
        for s in range(game.players)
    )


def _value(game: Any, state: Any, seat: int) -> float:
    if state.phase == "over":
        won = game.winners(state)
        return WIN if seat in won else -WIN
    frontier = _frontier(game, state)
    values = [
        sum(evaluate_terms(game, state, s, frontier).values())
        for s in range(game.players)
    ]
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - LEADER * max(others) - OTHERS * sum(others) / len(others)


def greedy(game: Any, state: Any, seat: int) -> float:
    """What the greedy bot maximises: the race-aware value, a spin averaged."""
    if game.to_move(state) == CHANCE and state.phase in ("spin", "cap"):
        return sum(
            pr * _value(game, game.apply(state, a), seat)
            for a, pr in game.chance_outcomes(state)
        )
    return _value(game, state, seat)


def candidates(game: Any, state: Any, legal: Sequence[Any]) -> list:
    """The actions worth searching: one worker choice per bank field and
    production space (the fewest workers, the area's own colour first), and
    of the trades only the coins.
    """
    seen: set[tuple[str, Any]] = set()
    out = []
    for a in legal:
        kind = type(a).__name__
        if kind == "Trade" and a.gain != "coins":
            continue
        if kind in ("Bank", "Work", "Small"):
            key = (
                kind,
                (a.workers.count("+"), getattr(a, "area", ""), getattr(a, "space", 0)),
            )
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out or list(legal)


def policy(game: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """A fast playout policy: build when possible, rarely trade or outbid, else a
    random work or recruit (no lookahead, no copying of states).
    """
    if len(legal) == 1:
        return legal[0]
    builds = [a for a in legal if type(a).__name__ == "Build"]
    if builds:
        return builds[rng.randrange(len(builds))]
    phase = state.phase
    if phase == "canteen":
        return legal[0]  # Canteen before Done: an extra turn is worth taking
    if phase in ("city", "small"):
        keep = [a for a in legal if type(a).__name__ not in ("Trade", "Done", "Pass")]
        if keep and rng.random() < 0.5:
            return keep[rng.randrange(len(keep))]
        quiet = [a for a in legal if type(a).__name__ in ("Done", "Pass", "Canteen")]
        if quiet:
            return quiet[-1] if phase == "canteen" else quiet[0]
    moves = [a for a in legal if type(a).__name__ != "Trade"]
    return moves[rng.randrange(len(moves))]


class Opening:
    """An agent that recruits (``"recruit"``) or works (``"work"``: the best bank
    field or production space by :func:`greedy`) on its first turn, then plays
    :func:`policy` (for the opening duel of the Montana lesson).
    """

    def __init__(self, first: str) -> None:
        if first not in ("recruit", "work"):
            raise ValueError(f"first must be 'recruit' or 'work', not {first!r:.20}")
        self.first = first
        self.__name__ = self.name = f"{first} first"

    def __call__(
        self, game: Any, obs: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """The opening on the seat's first turn, the playout policy afterwards."""
        if obs.phase == "action" and obs.turns <= game.players:
            kinds = ("Recruit",) if self.first == "recruit" else ("Bank", "Work")
            moves = [a for a in legal if type(a).__name__ in kinds]
            if moves:
                seat = obs.active
                return max(moves, key=lambda a: greedy(game, game.apply(obs, a), seat))
        return policy(game, obs, legal, rng)

    def __repr__(self) -> str:
        return f"Opening({self.first!r})"
