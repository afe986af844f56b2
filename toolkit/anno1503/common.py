"""Helpers shared by the action handlers in :mod:`.moves` and :mod:`.voyage`."""

from __future__ import annotations

from operator import add, sub
from typing import Any, Final

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


class _Keep:
    """The default of :func:`new_state`'s and :func:`new_player`'s fields: unchanged."""


# Final: a C static when compiled (a module attribute is a dict look-up per use)
_KEEP: Final = _Keep()
#: ``tuple.__new__``, looked up once: makes the new named tuple from its values.
_NEW: Final[Any] = tuple.__new__


def new_state(
    s: State,
    *,
    players: Any = _KEEP,
    supply: Any = _KEEP,
    display: Any = _KEEP,
    islands: Any = _KEEP,
    pool: Any = _KEEP,
    reserve: Any = _KEEP,
    reserve_known: Any = _KEEP,
    gone: Any = _KEEP,
    active: Any = _KEEP,
    turn: Any = _KEEP,
    phase: Any = _KEEP,
    queue: Any = _KEEP,
    roll: Any = _KEEP,
    event: Any = _KEEP,
    ap: Any = _KEEP,
    explored: Any = _KEEP,
    looking: Any = _KEEP,
    sold: Any = _KEEP,
    bought: Any = _KEEP,
    raided: Any = _KEEP,
    target: Any = _KEEP,
    winner: Any = _KEEP,
) -> State:
    """``s._replace(...)`` for the rules' hot path (compiled: no Python frame).

    The same new State as the named tuple's ``_replace``: the fields given, the
    others shared with ``s``.
    """
    # the values in one tuple (no list): tuple.__new__ keeps an exact tuple as it is
    return _NEW(  # type: ignore[no-any-return]
        type(s),
        (
            s[0] if players is _KEEP else players,
            s[1] if supply is _KEEP else supply,
            s[2] if display is _KEEP else display,
            s[3] if islands is _KEEP else islands,
            s[4] if pool is _KEEP else pool,
            s[5] if reserve is _KEEP else reserve,
            s[6] if reserve_known is _KEEP else reserve_known,
            s[7] if gone is _KEEP else gone,
            s[8] if active is _KEEP else active,
            s[9] if turn is _KEEP else turn,
            s[10] if phase is _KEEP else phase,
            s[11] if queue is _KEEP else queue,
            s[12] if roll is _KEEP else roll,
            s[13] if event is _KEEP else event,
            s[14] if ap is _KEEP else ap,
            s[15] if explored is _KEEP else explored,
            s[16] if looking is _KEEP else looking,
            s[17] if sold is _KEEP else sold,
            s[18] if bought is _KEEP else bought,
            s[19] if raided is _KEEP else raided,
            s[20] if target is _KEEP else target,
            s[21] if winner is _KEEP else winner,
        ),
    )


def new_player(
    p: Player,
    *,
    gold: Any = _KEEP,
    hand: Any = _KEEP,
    residents: Any = _KEEP,
    buildings: Any = _KEEP,
    offices: Any = _KEEP,
    contracts: Any = _KEEP,
    ships: Any = _KEEP,
) -> Player:
    """``p._replace(...)`` for the rules' hot path (compiled: no Python frame).

    The same new Player as the named tuple's ``_replace``: the fields given, the
    others shared with ``p``.
    """
    # the values in one tuple (no list): tuple.__new__ keeps an exact tuple as it is
    return _NEW(  # type: ignore[no-any-return]
        type(p),
        (
            p[0] if gold is _KEEP else gold,
            p[1] if hand is _KEEP else hand,
            p[2] if residents is _KEEP else residents,
            p[3] if buildings is _KEEP else buildings,
            p[4] if offices is _KEEP else offices,
            p[5] if contracts is _KEEP else contracts,
            p[6] if ships is _KEEP else ships,
        ),
    )


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
    return new_state(s, players=with_player(s, seat, p))


def pay(s: State, seat: int, cost: tuple[int, ...]) -> State:
    """Return ``s`` after ``seat`` paid ``cost`` (goods counts) back to the piles."""
    p = s.players[seat]
    # map with operator functions: element-wise in C (these run on most actions)
    hand = tuple(map(sub, p.hand, cost))
    supply = tuple(map(add, s.supply, cost))  # A-TURN-4: the goods go back to the piles
    return new_state(
        s, players=with_player(s, seat, new_player(p, hand=hand)), supply=supply
    )


def affords(hand: tuple[int, ...], cost: tuple[int, ...]) -> bool:
    """Return whether ``hand`` holds at least ``cost`` (goods counts)."""
    # a generator in all(): one native loop when compiled (map calls ge per good)
    return all(h >= c for h, c in zip(hand, cost))


def cost_text(cost: tuple[int, ...]) -> str:
    """Write goods counts as text: ``1 CLOTH + 2 STONE``."""
    return " + ".join(f"{n} {g}" for g, n in zip(GOODS, cost) if n)


def check_cost(p: Player, cost: tuple[int, ...], rule: str, what: str) -> None:
    """Raise IllegalAction naming ``rule`` unless ``p`` holds ``cost``."""
    if any(h < c for h, c in zip(p.hand, cost)):
        raise IllegalAction(
            rule, f"{what} costs {cost_text(cost)}; you do not hold that."
        )


#: A good's name -> its index in GOODS.
GOOD_INDEX: Final = {g: i for i, g in enumerate(GOODS)}


def good_index(a: A.Take | A.Buy | A.Discard | A.Steal) -> int:
    """Return the index of the good an action names, or raise IllegalAction."""
    g = GOOD_INDEX.get(a.good)
    if g is None:
        raise IllegalAction(
            "A-COMP-2", f"{a.good!r} is not a good; goods are {', '.join(GOODS)}."
        )
    return g


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
    return set_player(s, seat, new_player(p, residents=tuple(res)))


__all__ = [
    "GOOD_INDEX",
    "PHASE_TEXT",
    "affords",
    "check_cost",
    "cost_text",
    "good_index",
    "new_player",
    "new_state",
    "pay",
    "raise_level",
    "seat_arg",
    "set_player",
    "with_player",
    "wrong_phase",
]
