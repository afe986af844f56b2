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


def turn(seg: range, s: tuple, seat: int) -> tuple[range, tuple]:
    """The turn counters: turn (clipped), roll, AP of both ships, sold, bought,
    raided (State fields 9, 12, 14, 17, 18, 19), a dense slice.
    """
    turns: int = s[9]
    ap: tuple = s[14]
    return seg, (
        turns if turns < ANNO_CAP else ANNO_CAP,
        s[12],
        ap[0],
        ap[1],
        s[17],
        s[18],
        s[19],
    )


def fleet(
    start: int,
    row: int,
    players: int,
    sea: dict,
    s: object,
    seat: int,
    x: int,
    ships: tuple,
) -> tuple[list[int], float]:
    """One player's two ship positions, one-hot per ship, at its relative seat.

    ``start``: the first ship entry of seat 0's row; ``row``: a player row's
    length; ``sea``: sea space -> index.
    """
    k = start + (x - seat) % players * row
    n = len(sea)
    ones: list[int] = []
    for j, pos in enumerate(ships):
        if pos is not None:
            ones.append(k + j * n + sea[pos])
    return ones, 1.0


def home(
    start: int,
    row: int,
    players: int,
    sizes: tuple,
    residents_of: dict,
    buildings_of: dict,
    codes_of: dict,
    s: object,
    seat: int,
    x: int,
    item: tuple,
) -> tuple[list[int], float]:
    """One player's island and bridges, at its relative seat: a resident level
    one-hot per space, a building one-hot per space, a card code one-hot per
    stone bridge (offices) and per wooden bridge (contracts).

    ``start``: the first resident entry of seat 0's row; ``sizes``: the
    residents', buildings' and offices' parts of a row; the three dicts give a
    resident level's, building's and card code's index.
    """
    residents: tuple = item[0]
    buildings: tuple = item[1]
    offices: tuple = item[2]
    contracts: tuple = item[3]
    k = start + (x - seat) % players * row
    ones: list[int] = []
    n = len(residents_of)
    for j, r in enumerate(residents):
        ones.append(k + j * n + residents_of[r])
    k += sizes[0]
    n = len(buildings_of)
    for j, b in enumerate(buildings):
        if b:
            ones.append(k + j * n + buildings_of[b])
    k += sizes[1]
    n = len(codes_of)
    for j, c in enumerate(offices):
        if c:
            ones.append(k + j * n + codes_of[c])
    k += sizes[2]
    for j, c in enumerate(contracts):
        ones.append(k + j * n + codes_of[c])
    return ones, 1.0


def tallies(
    display_start: int,
    buildings_of: dict,
    gone_start: int,
    codes_of: dict,
    s: tuple,
    seat: int,
) -> tuple[list[int], list[float]]:
    """The public buildings on display and the used treasures, counted (State
    fields 2 and 7).
    """
    counts: dict[int, float] = {}
    for item in s[2]:
        k = display_start + buildings_of[item]
        counts[k] = counts.get(k, 0.0) + 1.0
    for item in s[7]:
        k = gone_start + codes_of[item]
        counts[k] = counts.get(k, 0.0) + 1.0
    return list(counts), list(counts.values())


def island(
    start: int,
    depth: int,
    faces_of: dict,
    players: int,
    s: object,
    seat: int,
    i: int,
    stack: tuple,
) -> tuple[list[int], list[float]]:
    """One island space: the stack height, then its top ``depth`` cards, each a
    face one-hot and who has seen it (relative seats).

    ``start``: the first entry of island 0; ``faces_of``: a card face's index.
    (A card's code and seen mask are read by position, ``c[0]`` and ``c[1]``.)
    """
    faces = len(faces_of)
    card = faces + players
    k = start + i * (1 + depth * card)
    if not stack:
        return [], []
    idx = [k]
    val = [float(len(stack))]
    for d, c in enumerate(stack[-depth:][::-1]):  # from the top
        base = k + 1 + d * card
        idx.append(base + faces_of[c[0]])
        val.append(1.0)
        seen: int = c[1]
        if seen:
            for x in range(players):
                if seen >> x & 1:
                    idx.append(base + faces + (x - seat) % players)
                    val.append(1.0)
    return idx, val
