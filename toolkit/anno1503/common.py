"""Helpers shared by the action handlers in :mod:`.moves` and :mod:`.voyage`."""

from __future__ import annotations

from operator import add, ge, sub
from typing import Any

from toolkit.core import IllegalAction

from . import actions as A
from .constants import NEXT_LEVEL
from .state import Player, State
from .tables import GOODS

PHASE_TEXT = {
    "first": "the roll for the starting player (a chance turn)",
    "roll": "the production roll (a chance turn)",
    "event": "the event roll (a chance turn)",
    "resolve": "production and events being resolved",
    "build": "phase 2 (placing, upgrading, buying and selling)",
    "sea": "phase 3 (ships moving and exploring)",
    "reveal": "an island card being turned over (a chance turn)",
    "look": "the decision about the explored island card",
    "raid": "the Big Branch Office drawing a card (a chance turn)",
    "discard": "the end-of-turn discard",
}


def wrong_phase(s: State, a: A.Action, rule: str = "A-TURN-1") -> IllegalAction:
    """Return the error for an action played in the wrong phase."""
    return IllegalAction(
        rule, f"'{a}' is not possible now: it is {PHASE_TEXT[s.phase]}."
    )


def with_player(s: State, seat: int, p: Player) -> tuple[Player, ...]:
    """Return the players of ``s`` with the one at ``seat`` replaced by ``p``."""
    players = list(s.players)
    players[seat] = p
    return tuple(players)


def set_player(s: State, seat: int, p: Player) -> State:
    """Return ``s`` with the player at ``seat`` replaced by ``p``."""
    return s._replace(players=with_player(s, seat, p))


def pay(s: State, seat: int, cost: tuple[int, ...]) -> State:
    """Return ``s`` after ``seat`` paid ``cost`` (goods counts) back to the piles."""
    p = s.players[seat]
    # map with operator functions: element-wise in C (these run on most actions)
    hand = tuple(map(sub, p.hand, cost))
    supply = tuple(map(add, s.supply, cost))  # A-TURN-4: the goods go back to the piles
    return s._replace(
        players=with_player(s, seat, p._replace(hand=hand)), supply=supply
    )


def affords(hand: tuple[int, ...], cost: tuple[int, ...]) -> bool:
    """Return whether ``hand`` holds at least ``cost`` (goods counts)."""
    return all(map(ge, hand, cost))


def cost_text(cost: tuple[int, ...]) -> str:
    """Write goods counts as text: ``1 CLOTH + 2 STONE``."""
    return " + ".join(f"{n} {g}" for g, n in zip(GOODS, cost) if n)


def check_cost(p: Player, cost: tuple[int, ...], rule: str, what: str) -> None:
    """Raise IllegalAction naming ``rule`` unless ``p`` holds ``cost``."""
    if any(h < c for h, c in zip(p.hand, cost)):
        raise IllegalAction(
            rule, f"{what} costs {cost_text(cost)}; you do not hold that."
        )


def good_index(a: A.Take | A.Buy | A.Discard | A.Steal) -> int:
    """Return the index of the good an action names, or raise IllegalAction."""
    if a.good not in GOODS:
        raise IllegalAction(
            "A-COMP-2", f"{a.good!r} is not a good; goods are {', '.join(GOODS)}."
        )
    return GOODS.index(a.good)


def seat_arg(game: Any, seat: object, name: str = "seat") -> int:
    """``seat`` as a seat of ``game``, or a ValueError naming the argument.

    For the public helpers only (the engine passes the seats it reads from the
    state, unchecked): a bool, a string or a number outside 0..players-1 (a
    negative one would index from the end) is refused, as Pioneers' helpers do.
    """
    n = game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(
            f"{name} must be a seat of this {n}-player game, 0 to {n - 1}; "
            f"got {seat!r:.40}."
        )
    return seat


def raise_level(s: State, seat: int, space: int) -> State:
    """Upgrade the resident on ``space`` one level; it keeps its space (A-UPG-4)."""
    p = s.players[seat]
    res = list(p.residents)
    res[space - 1] = NEXT_LEVEL[res[space - 1]]
    return set_player(s, seat, p._replace(residents=tuple(res)))


__all__ = [
    "PHASE_TEXT",
    "affords",
    "check_cost",
    "cost_text",
    "good_index",
    "pay",
    "raise_level",
    "seat_arg",
    "set_player",
    "with_player",
    "wrong_phase",
]
