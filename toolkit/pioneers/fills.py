"""The hot fills of the Pioneers encoder, as plain functions (compiled with the engine).

:class:`toolkit.pioneers.encoding.PioneersEncoder` describes its vector in
parts (:class:`toolkit.envs.encoding.Part`); a tracker calls a part's key and
fill on every environment step where the part changed. As bound methods of the
encoder they ran as interpreted Python from the compiled ``refresh``; here they
are plain functions over plain containers, listed in ``compiled.txt`` so that
``python -m toolkit compiled build`` compiles them with the engine, while the
encoder stays a plain Python class that pickles. The encoder hands each fill
its layout constants first (``functools.partial(fill, ...)``, which pickles as
a reference to the function and its arguments); the tracker passes the rest:
``(observation, seat)`` or, for a rows part, ``(observation, seat, j, item)``.

Each fill returns ``(indices, values)`` as the contract says: fresh lists, or
a constant never changed (the steps slice, the round entries). Observations are
:class:`~toolkit.pioneers.state.State` tuples, read by field position
(:mod:`toolkit.pioneers.fields`). The plain and the compiled module give the
same vectors (``benchmarks/env_digest.py``; ``tests/envs`` compares trackers
with a fresh encode on every step).
"""

from __future__ import annotations

from typing import Any

from .fields import (
    ACTIONS_LEFT,
    ACTIVE,
    BANK,
    CITY,
    COACH,
    COVERED,
    DECK,
    END_TRIGGERED,
    EXTRAS_LEFT,
    FORCED,
    JOIN_NEED,
    MARKET,
    OFFER,
    P_BANKERS,
    P_MERCHANTS,
    P_MONEY,
    P_NUGGETS,
    P_ROADS_LEFT,
    P_SUPPLY,
    P_VP,
    P_WAGONS,
    PHASE,
    PLAYERS,
    ROADS_TO_PLACE,
    ROUND,
    ROUND_ACTIVE,
    SEAT,
    SHORTFALL,
    START_PLAYER,
    TILE,
    UNSEEN,
    USED,
    W_FACE_UP,
    W_ID,
    W_OCCUPIED,
)


def fleets(s: tuple) -> tuple:
    """The key of the wagons part: each player's wagons (a tuple per player)."""
    players: tuple = s[PLAYERS]
    return tuple([pl[P_WAGONS] for pl in players])


def hoards(s: tuple) -> tuple:
    """The key of the known-nuggets part: each player's nuggets."""
    players: tuple = s[PLAYERS]
    return tuple([pl[P_NUGGETS] for pl in players])


def seats(
    offsets: tuple,
    phases: dict,
    tiles: dict,
    professions: dict,
    players: int,
    s: tuple,
    seat: int,
) -> tuple:
    """Phase, to move, active, start player, tile removed, join need, offer.

    ``offsets``: the segments phase, active, to_move, start_player,
    tile_removed, join_need and offer.
    """
    phase = s[PHASE]
    active: int = s[ACTIVE]
    o_phase: int = offsets[0]
    o_active: int = offsets[1]
    idx: list[int] = [o_phase + phases[phase], o_active + (active - seat) % players]
    mover: int = s[SEAT]
    if phase != "over" and mover >= 0:
        o_move: int = offsets[2]
        idx.append(o_move + (mover - seat) % players)
    start: int = s[START_PLAYER]
    if start >= 0:
        o_start: int = offsets[3]
        idx.append(o_start + (start - seat) % players)
    tile = s[TILE]
    if tile is not None:
        o_tile: int = offsets[4]
        idx.append(o_tile + tiles[tile])
    need = s[JOIN_NEED]
    if need is not None:
        o_join: int = offsets[5]
        idx.append(o_join + professions[need])
    o_offer: int = offsets[6]
    x: int
    for x in s[OFFER]:
        idx.append(o_offer + (x - seat) % players)
    return idx, 1.0


def steps(entries: range, s: tuple, seat: int) -> tuple:
    """Turn entries 1-7: actions left, used R1/R2/W, forced, roads, extras."""
    used: tuple = s[USED]
    return entries, (
        s[ACTIONS_LEFT],
        "R1" in used,
        "R2" in used,
        "W" in used,
        s[FORCED],
        s[ROADS_TO_PLACE],
        s[EXTRAS_LEFT],
    )


def round_counts(entries: list, cap: int, s: tuple, seat: int) -> tuple:
    """Turn entries 0 and 8-13: round, end, round active, deck, bank, shortfall.

    The same index list every time: a fill overwrites the last one's entries,
    zeros included.
    """
    bank = s[BANK]
    shortfall: int = s[SHORTFALL]
    return entries, [
        s[ROUND],
        s[END_TRIGGERED],
        s[ROUND_ACTIVE],
        s[DECK],
        bank is not None,
        bank or 0,
        shortfall if shortfall < cap else cap,
    ]


def marks(base: int, row: int, cities: dict, s: tuple, seat: int) -> tuple:
    """The stagecoach's city and the city settled this turn."""
    coach: int = cities[s[COACH]]
    idx: list[int] = [base + coach * row + 1]
    city: int = s[CITY]
    covered: tuple = s[COVERED]
    if 0 <= city < len(covered):
        idx.append(base + city * row + 2)
    return idx, 1.0


def covered(base: int, row: int, s: tuple, seat: int, i: int, cov: Any) -> tuple:
    """A city's cover."""
    return ([base + i * row] if cov else []), 1.0


def tile(
    base: int, row: int, tiles: dict, s: tuple, seat: int, i: int, t: Any
) -> tuple:
    """A city's tile type (``base``: the first tile entry of city 0)."""
    if t is None:
        return [], 1.0
    k: int = tiles[t]
    return [base + i * row + k], 1.0


def settled(
    base: int, row: int, players: int, s: tuple, seat: int, i: int, counts: tuple
) -> tuple:
    """A city's pioneers per relative seat (``base``: the first of city 0's)."""
    k = base + i * row
    idx: list[int] = []
    val: list[float] = []
    x: int
    n: int
    for x, n in enumerate(counts):
        if n:
            idx.append(k + (x - seat) % players)
            val.append(float(n))
    return idx, val


def road(base: int, players: int, s: tuple, seat: int, e: int, owners: tuple) -> tuple:
    """A connection's first and second road owners (relative seats)."""
    k = base + e * 2 * players
    idx: list[int] = []
    j: int
    x: int
    for j, x in enumerate(owners):
        idx.append(k + j * players + (x - seat) % players)
    return idx, 1.0


def market(base: int, row: int, players: int, rows: dict, s: tuple, seat: int) -> tuple:
    """The market slot of each wagon on offer, and the unseen wagons."""
    idx: list[int] = []
    slot: int
    w: Any
    for slot, w in enumerate(s[MARKET]):
        if w is not None:
            r: int = rows[w]
            idx.append(base + r * row + players + slot)
    for w in s[UNSEEN]:
        r2: int = rows[w]
        idx.append(base + r2 * row + players + 4)
    return idx, 1.0


def fleet(
    base: int,
    row: int,
    players: int,
    rows: dict,
    s: tuple,
    seat: int,
    x: int,
    wagons: tuple,
) -> tuple:
    """A player's wagons: owner, face up, the occupied seats of each."""
    r = (x - seat) % players
    idx: list[int] = []
    w: tuple
    for w in wagons:
        k: int = base + rows[w[W_ID]] * row
        idx.append(k + r)
        if w[W_FACE_UP]:
            idx.append(k + players + 5)
        j = k + players + 6
        for occ in w[W_OCCUPIED]:
            if occ:
                idx.append(j)
            j += 1
    return idx, 1.0


def purse(
    slices: tuple, players: int, cap: int, s: tuple, seat: int, x: int, pl: tuple
) -> tuple:
    """A player's public counts (all but the values of the nuggets held)."""
    money: int = pl[P_MONEY]
    nuggets: tuple = pl[P_NUGGETS]
    return slices[(x - seat) % players], (
        money if money < cap else cap,
        pl[P_VP],
        pl[P_ROADS_LEFT],
        pl[P_SUPPLY],
        pl[P_BANKERS],
        pl[P_MERCHANTS],
        len(nuggets),
    )


def known(
    slices: tuple,
    players: int,
    values: tuple,
    s: tuple,
    seat: int,
    x: int,
    nuggets: tuple,
) -> tuple:
    """The known nugget values a player holds (values, None where hidden).

    Hidden ones count nowhere, so only the observer's own row is ever set.
    """
    got: range = slices[(x - seat) % players]
    k: int = got.stop
    idx: list[int] = []
    val: list[float] = []
    i: int
    for i, v in enumerate(values):
        c: int = nuggets.count(v)
        if c:
            idx.append(k + i)
            val.append(float(c))
    return idx, val


def moves_map(
    actions: list, move_cls: Any, move0: int, cities: dict, slots: int
) -> dict | None:
    """``{index: move}`` for a legal list of moves in the engine's order, or ``None``.

    The engine lists the moves by target (board order), then cheapest first,
    so their indices ascend: the k-th move to a city takes the city's slot
    ``k``, moves past the last slot share it (the first of them stays).
    ``None`` (the caller takes the general way) for anything else: an action
    that is not a move, or indices that do not ascend.
    """
    out: dict[int, Any] = {}
    last = -1
    target: Any = None
    k = 0
    for a in actions:
        if type(a) is not move_cls:
            return None
        path: tuple = a.path
        t = path[-1]
        if t == target:
            k += 1
        else:
            target, k = t, 0
        c: int = cities[t]
        i = move0 + c * slots + (k if k < slots else slots - 1)
        if i <= last:
            if i == last:  # past the last slot: the first of them stays
                continue
            return None
        out[i] = a
        last = i
    return out


def edges_map(
    actions: list, table: tuple, base: int, tail: Any, tail_index: int
) -> dict | None:
    """``{index: action}`` for a legal list of prebuilt road actions, or ``None``.

    ``table`` is the game's prebuilt actions of one kind, one per connection
    (``game._place`` or ``game._sergeant``), whose indices are ``base + e``;
    the engine lists the free connections' actions in connection order, so the
    list is walked beside the table by identity (no look-up per action). A
    last action ``tail`` (the sergeant's ``skip``, whose index ``tail_index``
    is below ``base``) comes first. ``None`` (the caller takes the general
    way) for anything else: an action not in the table, or out of order.
    """
    out: dict[int, Any] = {}
    n = len(actions)
    if n and actions[n - 1] is tail:
        out[tail_index] = tail
        n -= 1
    m = len(table)
    e = 0
    for j in range(n):
        a = actions[j]
        while e < m and table[e] is not a:
            e += 1
        if e == m:
            return None
        out[base + e] = a
        e += 1
    return out
