"""Montana states: immutable named tuples of tuples (everything is open information).

Hexes are numbered in the order of :attr:`Montana.hexes` (axial ``(q, r)``
sorted by ``r``, then ``q``).  Goods count in :data:`~.tables.GOODS` order,
workers in :data:`~.tables.COLOURS` order.  The action board is a tuple of
*spots*, each the workers standing on it by colour: the bank fields first,
then for the mine, the quarry, the grain fields and the farm their three
production spaces, each a large and a small spot (:func:`spot`).

Both are named tuples (as in the other games): ``_replace`` returns a changed
copy, and the engine makes a new one with ``tuple.__new__`` in one call (a
frozen dataclass sets its fields one by one) and reads the fields it copies
by position.
"""

from __future__ import annotations

from typing import NamedTuple

#: The bank fields come first on the action board.
BANK_SPOTS = 3


def spot(area: int, space: int, small: bool = False) -> int:
    """Index of a production spot: ``area`` 0-3, ``space`` 1-3, large or small."""
    return BANK_SPOTS + area * 6 + (space - 1) * 2 + int(small)


class Player(NamedTuple):
    """One player's board (M-COMP-3): goods, workers, coins, cattle, canteens,
    settlements left, and the round of their last paid extra hire (M-RECRUIT-3).
    """

    goods: tuple[int, ...]
    workers: tuple[int, ...]
    coins: int
    cattle: int
    canteens: int
    left: int
    hired: int = 0


class State(NamedTuple):
    """A position of Montana.

    ``phase`` names the pending decision: the chance turns ``tile``, ``start``,
    ``spin``, ``first`` and ``cap``; the decisions ``action``, ``hire``,
    ``dismiss``, ``extra``, ``small``, ``city``, ``payout``, ``build`` and
    ``canteen``; and ``over``.  ``decider`` is the seat that decides it.
    ``owner`` is a seat or -1 per hex, ``stack`` the settlements on it;
    ``city`` holds ``(seat, column)`` per row A-D (``(-1, 0)`` when empty).
    ``incoming`` are hired workers waiting while the receiver returns the
    surplus over 8 (M-RECRUIT-4); ``queue`` the seats still to decide in the
    city (placements or payouts).  ``capped`` marks a game ended by the turn
    cap (M-END-5).
    """

    phase: str
    kinds: tuple[str, ...]
    tiles: tuple[tuple[int, int], ...]
    start: int
    cattle: tuple[int, ...]
    canteen: tuple[int, ...]
    owner: tuple[int, ...]
    stack: tuple[int, ...]
    supply: tuple[int, ...]
    pool: tuple[int, ...]
    herd: int
    players: tuple[Player, ...]
    spots: tuple[tuple[int, ...], ...]
    city: tuple[tuple[int, int], ...]
    wheel: int = 0
    active: int = -1
    first: int = -1
    round: int = 0
    turns: int = 0
    decider: int = -1
    incoming: tuple[int, ...] = (0, 0, 0, 0)
    step: str = "setup"
    queue: tuple[int, ...] = ()
    displaced: int = -1
    used: int = -1
    built: int = 0
    action: str = ""
    spins: int = 0
    ended: bool = False
    capped: bool = False


__all__ = ["BANK_SPOTS", "Player", "State", "spot"]
