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
    """
    players: tuple = s[0]
    held = len(s[27])
    for p in players:
        held += len(p[6])
    out = [held, s[3], s[4], s[5], s[8], s[9], s[10]]
    out.extend(s[14:24])
    out.append(s[25])
    out.append(s[28])
    out.append(s[29])
    for p in players:
        out.extend(p)
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
