"""Immutable Pioneer Days positions: a :class:`State` holds :class:`Player` tuples.

Both are named tuples: ``_replace`` returns a changed copy and nothing is ever
modified in place.  Hidden parts (PD-STORE-5: the values of other players'
gold tokens, the gold bag, other players' dealt boards) are redacted by
:meth:`PioneerDays.observe`: a token of unknown value reads 0, a hidden
board ``"?"``, the unseen gold bag and the box of boards ``()``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Player(NamedTuple):
    """One player's holdings."""

    board: str = ""  # "" before choosing, "?" chosen but not yet revealed
    dealt: tuple[str, ...] = ()  # the two boards dealt (PD-SETUP-6)
    silver: int = 0
    cattle: int = 0
    wood: int = 0
    medicine: int = 0
    gold: tuple[int, ...] = ()  # nuggets of each token, sorted; 0 = unknown
    equipment: tuple[str, ...] = ()  # tile IDs, sorted by number
    wagons: tuple[tuple[int, int], ...] = ()  # (spaces, damage tokens)
    townsfolk: tuple[str, ...] = ()  # in the order recruited
    favors: int = 0
    vp: int = 0  # VP earned during the game (1 per cattle at each town, PD-TOWN-2)
    turns: int = 0  # turns taken (PD-INV-2)


class State(NamedTuple):
    """A position.  ``jobs`` is the queue of rule steps still to run (see rules)."""

    players: tuple[Player, ...]
    phase: str  # what is awaited: a chance phase, a decision phase or "over"
    jobs: tuple[str, ...]
    week: int = 1
    day: int = 0
    start: int = -1  # holder of the start-player token
    first: int = -1  # start player of week 1, day 1
    active: int = -1  # the seat deciding (or drawing) now
    bag: tuple[int, ...] = ()  # dice in the bag per colour
    pool: tuple[tuple[str, str], ...] = ()  # (colour, face) of the rolled dice
    aside: tuple[int, ...] = ()  # dice set aside this week per colour
    die: tuple[str, ...] = ()  # (colour, face as taken) of the die in use
    face: str = ""  # the face the die shows now (after a change)
    changed: bool = False
    tracks: tuple[int, ...] = (0, 0, 0, 0)  # disaster markers, board order
    strikes: tuple[int, ...] = (0, 0, 0, 0)  # disasters struck so far
    slots: tuple[str, ...] = ("",) * 6  # townsfolk per face slot ("" empty)
    folk_deck: tuple[str, ...] = ()  # townsfolk not yet dealt (sorted)
    display: tuple[str, ...] = ()  # face-up equipment
    stock: tuple[int, ...] = ()  # face-down equipment per type E1..E12
    town: tuple[str, ...] = ()  # face-up town cards
    town_deck: tuple[str, ...] = ()  # town cards not yet revealed (sorted)
    fulfilled: tuple[str, ...] = ()  # cards the deciding player fulfilled this visit
    discount: bool = False  # the PB8 Diplomat's discount is used this visit
    gold_bag: tuple[int, ...] = ()  # tokens of 1, 2, 3 nuggets; () if hidden
    wagons_left: tuple[int, int] = (0, 0)  # small, large wagon cards
    boards_left: tuple[str, ...] = ()  # boards in the box; () if hidden
    drawn: tuple[int, ...] = ()  # the PB2 Assayer's two tokens
    cursor: int = 0  # wagon / townsfolk index in a Storm or Disease
    spent: int = 0  # spares / exemptions used in a Storm or Disease


def _quick_replace(cls: type) -> None:
    """Give the named tuple ``cls`` a ``_replace`` that returns the same tuple as
    the standard one (and the same ``ValueError`` for an unknown field), faster:
    it copies the values once and sets the changed ones by position, where the
    standard one looks every field up among the changes (the engine replaces a
    few fields of a 31-field state many times per action).
    """
    index = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]
    make = tuple.__new__

    def _replace(self: Any, /, **changes: Any) -> Any:
        values = list(self)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}") from None
        return make(cls, values)

    _replace.__doc__ = f"A new {cls.__name__} with the given fields replaced."
    cls._replace = _replace  # type: ignore[attr-defined]


_quick_replace(Player)
_quick_replace(State)

__all__ = ["Player", "State"]
