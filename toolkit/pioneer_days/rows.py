"""The Pioneer Days encoder's hottest keys and fills, compiled with the engine.

Plain functions over plain values: :mod:`toolkit.pioneer_days.encoding` makes
parts of them (``functools.partial`` binds the encoder's tables), so the
encoder stays a plain Python class that pickles, while an environment's
trackers, which read these on every step, call compiled code rather than
interpreted frames. The keys read the state's fields by position (the
encoder checks those positions).
"""

from __future__ import annotations

from typing import Any


def public_rows(s: tuple) -> tuple:
    """The gold tokens held or drawn; week, day, start; bag, pool, aside;
    tracks .. discount; wagons_left; cursor, spent; then every player's fields.

    Written into a list of the final length, by index: extending a short list
    field by field and player by player reallocated it on most extends.
    """
    players: tuple[tuple, ...] = s[0]
    held = len(s[27])
    size = 20
    for p in players:
        held += len(p[6])
        size += len(p)
    out: list = [None] * size
    out[0] = held
    out[1] = s[3]
    out[2] = s[4]
    out[3] = s[5]
    out[4] = s[8]
    out[5] = s[9]
    out[6] = s[10]
    i = 7
    for k in range(14, 24):
        out[i] = s[k]
        i += 1
    out[17] = s[25]
    out[18] = s[28]
    out[19] = s[29]
    i = 20
    for p in players:
        for x in p:
            out[i] = x
            i += 1
    return tuple(out)


def own_rows(s: tuple) -> tuple:
    """Each player's board, dealt boards and gold, then the drawn tokens."""
    out = []
    for p in s[0]:
        out.append(p[0])
        out.append(p[1])
        out.append(p[6])
    out.append(s[27])
    return tuple(out)


def row(
    fills: list,
    starts: list,
    hi: list,
    one: list,
    s: object,
    seat: int,
    j: int,
    item: Any,
) -> Any:
    """Public row ``j`` (one field of the observation) from its value ``item``.

    ``fills[j]`` is ``None`` for a row of one number (clipped at its bound
    ``hi``; ``one`` holds each entry's index tuple), ``False`` for a field the
    seat's own rows encode, else the fill taking ``(item, start, seat)``;
    ``starts[seat][j]`` is where the row's entries start in ``seat``'s vector.
    """
    fill = fills[j]
    at: int = starts[seat][j]
    if fill is None:
        h = hi[at]
        return one[at], (item if item <= h else h,)
    if fill is False:
        return ((), 1)
    return fill(item, at, seat)


def counts(hi: list, spans: list, xs: tuple, at: int, seat: int) -> tuple:
    """A few numbers side by side (the dice per colour, the tracks...), each
    clipped at its bound; ``spans`` keeps one ``range`` per start.
    """
    n = len(xs)
    span = spans[at]
    if span is None or len(span) != n:
        span = spans[at] = range(at, at + n)
    out = []
    i = at
    for x in xs:
        h = hi[i]
        out.append(x if x <= h else h)
        i += 1
    return span, tuple(out)


def counted(hi: list, counts: dict) -> tuple:
    """Entries from ``{index: count}``, each count clipped at its bound ``hi``."""
    out = []
    for i, x in counts.items():
        h = hi[i]
        out.append(x if x <= h else h)
    return tuple(counts), tuple(out)


def tally(hi: list, index: dict, items: tuple, at: int, seat: int) -> tuple:
    """Items by kind (equipment tiles, wagons): one entry per kind, at ``at``
    plus the kind's ``index``, counted and clipped at its bound ``hi``.
    """
    counts: dict[int, int] = {}
    for e in items:
        i = at + index[e]
        counts[i] = counts.get(i, 0) + 1
    return counted(hi, counts)


def gold(hi: list, tokens: tuple, at: int, seat: int) -> tuple:
    """A player's gold tokens by nuggets 1-3, the last entry a token whose
    value is hidden from ``seat`` (0), counted and clipped at ``hi``.
    """
    counts: dict[int, int] = {}
    for x in tokens:
        i = at + (x - 1 if x else 3)
        counts[i] = counts.get(i, 0) + 1
    return counted(hi, counts)


def pool(cell: dict, dice: tuple, at: int, seat: int) -> tuple:
    """The rolled dice, per colour and face (``cell``: a die's entry; at most
    5 dice, so no clip).
    """
    counts: dict[int, int] = {}
    for die in dice:
        i = cell[die]
        counts[i] = counts.get(i, 0) + 1
    return tuple(counts), tuple(counts.values())
