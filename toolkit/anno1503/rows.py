"""The Anno 1503 encoder's hottest keys and fills, compiled with the engine.

Plain functions over plain values: :mod:`toolkit.anno1503.encoding` makes
parts of them (``functools.partial`` binds the encoder's slices), so the
encoder stays a plain Python class that pickles, while an environment's
trackers, which read these on every step, call compiled code rather than
interpreted frames. They read the state's fields by position (the order of
:class:`~toolkit.anno1503.state.State` and ``Player``, checked in the encoder).
"""

from __future__ import annotations

from typing import Any, Final

#: Turn counter and gold are clipped at this value in the Anno 1503 vector.
ANNO_CAP: Final = 999


def homes(s: tuple) -> tuple[Any, ...]:
    """Per player: residents, buildings, offices and contracts (fields 2-5)."""
    return tuple([p[2:6] for p in s[0]])


def fleets(s: tuple) -> tuple[Any, ...]:
    """Per player: the positions of the two ships (field 6)."""
    return tuple([p[6] for p in s[0]])


def purse(
    slices: tuple, players: int, s: object, seat: int, x: int, p: tuple
) -> tuple[range, tuple]:
    """One player's gold (clipped) and hand: a dense slice at its relative seat."""
    gold: int = p[0]
    row: list[Any] = [gold if gold < ANNO_CAP else ANNO_CAP]
    row.extend(p[1])
    return slices[(x - seat) % players], tuple(row)


def counts(seg: range, field: int, name: str, s: tuple, seat: int) -> tuple[range, Any]:
    """A state field of counts, one per entry of ``seg`` (a dense slice)."""
    values = s[field]
    if len(values) != len(seg):
        raise ValueError(f"{len(values)} {name} counts for {len(seg)} entries")
    return seg, values
