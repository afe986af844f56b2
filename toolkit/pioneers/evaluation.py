"""Pioneers: the position evaluation the bots share (:mod:`toolkit.pioneers.bots`).

The evaluation (:func:`evaluate`) estimates every seat's final VP. It is what
the greedy bot maximises and what the search bots score unfinished playouts
with. Its terms, all in VP:

``score``
    VP now (P-SCORE-1..4): emptied wagons, empty seats, gold (hidden nuggets
    count the mean of the nuggets the observer cannot account for), network.
``wagons``
    wagons near empty: the pioneers still on face-up wagons are spent, fewest
    first, against the settlements the seat can still expect
    (``SETTLES_PER_TURN`` x turns left). A wagon that can be emptied adds its
    VP and $1 minus the empty seats already counted, a wagon that cannot be
    emptied adds 1 VP per pioneer settled. Pioneers whose profession has no
    tile left on the board (and no hotel to take them) are stuck.
``money``
    dollars, worth ``money_value(turns)`` VP each: high while they can still
    pay for moves and wagons, nearly nothing (a tie-break) at the end.
``income``
    bankers' and merchants' future value over the turns left.
``tolls``
    each own road earns tolls from others and saves the owner's own fares:
    ``TOLL_PER_ROAD_TURN`` per road and turn left, counted for at most
    ``TOLL_HORIZON`` turns.
``network``
    own pioneers one connection away from the best network, half their 2 VP.
``pending``
    roads still to place and a sergeant road still to choose (for positions in
    the middle of a turn).

The weights are module constants, tuned by seeded tournaments against the
other bots (``benchmarks/bots_speed.py --ladder``).
"""

from __future__ import annotations

import sys
from collections.abc import Set as AbstractSet
from typing import Any, Final

from .state import PlayerState, State

__all__ = [
    "NUGGETS",
    "NUGGET_COUNTS",
    "TERMS",
    "estimate",
    "evaluate",
    "evaluate_roads",
    "evaluate_terms",
    "forget",
    "money_value",
    "turns_left",
]

NUGGETS = (3, 4, 5)
NUGGET_COUNTS = (6, 3, 1)  # P-COMP-6
SETTLES_PER_TURN: Final = 1.3
TOLL_PER_ROAD_TURN: Final = 0.12
TOLL_HORIZON: Final = 5
NETWORK_REACH: Final = 0.5
PENDING_ROAD: Final = 0.8
PENDING_SERGEANT: Final = 0.8
MERCHANT_PER_TURN: Final = 0.25
STUCK_FACTOR: Final = 0.15


def turns_left(game: Any, state: State) -> float:
    """Estimate the turns each player still takes (rough and smooth).

    The game ends after the round in which the deck runs out or someone places
    their 15th road (P-END-1); the deck shrinks by about the purchases seen so
    far per round.
    """
    if state.phase == "over":
        return 0.0
    if state.end_triggered:
        return 0.5
    # (min and max written out: typed, they need no generic calls when compiled)
    rnd: int = state.round
    if rnd < 1:
        rnd = 1
    facts = _FACTS
    if facts[0] is not game:  # the game's facts read once, not per position
        facts[1] = len(game.regular_wagons) - 4 - _removed(game)
        facts[2] = game.options["max_rounds"]
        facts[0] = game
    initial: int = facts[1]
    if initial < 1:
        initial = 1
    deck: int = state.deck
    bought: int = initial - deck
    if bought < 0:
        bought = 0
    rate: float = bought / rnd
    if rate < 1.0:
        rate = 1.0
    if rate > 3.5:
        rate = 3.5
    least: float = deck / rate + 0.5  # by the deck
    players: tuple[PlayerState, ...] = state.players
    min_roads: int = players[0].roads_left
    for i in range(1, len(players)):
        if players[i].roads_left < min_roads:
            min_roads = players[i].roads_left
    by_roads: float = min_roads / 1.5 + 0.5
    if by_roads < least:
        least = by_roads
    max_rounds: int = facts[2]
    by_cap: float = max_rounds - state.round + 0.5
    if by_cap < least:
        least = by_cap
    return least if least > 0.5 else 0.5


#: The facts of the last game :func:`turns_left` was asked about (``[game,
#: regular wagons in play, max_rounds]``; a game holds only static facts);
#: :func:`forget` empties it.
_FACTS: Final[list[Any]] = [None, 0, 0]

#: Regular wagons removed before play, by player count.
_REMOVED: Final[dict[int, int]] = {2: 12, 3: 6, 4: 2}


def _removed(game: Any) -> int:
    return _REMOVED.get(game.players, 0)


def money_value(turns: float) -> float:
    """Return VP per dollar with ``turns`` left (late in the game: only ties)."""
    if turns >= 2.0:
        return 0.4
    if turns >= 1.0:
        return 0.25
    return 0.02


def _networks(game: Any, state: State, seat: int) -> tuple[int, AbstractSet[int]]:
    """Own pioneers in the best network and that network's cities (P-SCORE-4)."""
    nets = _layout(game, state.roads, seat)
    best, i = _best(nets, state.settled, seat)
    return best, (nets.cities[i] if i >= 0 else frozenset())


class _Networks:
    """One seat's road networks in one road layout (what the roads alone decide).

    ``roots`` maps each city the seat's roads touch to its network's root (as
    :func:`_union` makes it); per network, in the order its first city appears
    there: its root (``ids``) and its cities; :meth:`near`: the cities one free
    connection away from a network (where the ``network`` term counts pioneers).
    ``own`` (the seat's roads, in connection order) decides ``roots``, ``ids``
    and ``cities``; ``near`` also depends on the other seats' roads.
    """

    __slots__ = ("_adj", "_near", "_roads", "cities", "ids", "own", "roots")
    roots: dict[int, int]
    ids: list[int]
    cities: list[frozenset[int]]

    def __init__(
        self,
        game: Any,
        roads: tuple[tuple[int, ...], ...],
        own: tuple[int, ...],
        like: _Networks | None = None,
    ) -> None:
        self._adj: tuple[tuple[tuple[int, int], ...], ...] = game.board.adj
        self._roads = roads
        self.own = own
        if like is not None:  # the same own roads: the same networks
            self.roots, self.ids, self.cities = like.roots, like.ids, like.cities
        else:
            edges = game.board.edges
            self.roots = _union([edges[e] for e in own])
            members: dict[int, list[int]] = {}
            for c, r in self.roots.items():
                members.setdefault(r, []).append(c)
            self.ids = list(members)
            self.cities = [frozenset(cs) for cs in members.values()]
        self._near: list[tuple[int, ...] | None] = [None] * len(self.ids)

    def near(self, i: int) -> tuple[int, ...]:
        """The cities one free connection from network ``i`` (found when first asked)."""
        out = self._near[i]
        if out is None:
            cities, roads = self.cities[i], self._roads
            found: set[int] = set()
            for c in cities:
                for v, e in self._adj[c]:
                    if v not in cities and not roads[e]:
                        found.add(v)
            out = tuple(sorted(found))
            self._near[i] = out
        return out


#: The networks of recent road layouts (``id(roads)`` -> ``(roads, per seat)``):
#: positions met in one decision share their roads tuple, so each layout is
#: split into networks once; and a road changes only its owner's networks, so
#: each seat's last networks are reused while its own roads are the same
#: (``_OWN``, seat -> networks). The tuples are kept with their entries, so
#: their ids cannot be reused while the entries live; the table is emptied when
#: full. Roads are public, so these tables hold no hidden information.
_LAYOUTS: Final[dict[int, tuple[Any, list]]] = {}
_LAYOUTS_KEPT: Final = 64
_OWN: Final[dict[int, _Networks]] = {}


def _layout(game: Any, roads: tuple[tuple[int, ...], ...], seat: int) -> _Networks:
    """``seat``'s networks in the road layout ``roads`` (remembered)."""
    entry = _LAYOUTS.get(id(roads))
    if entry is None or entry[0] is not roads:
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        entry = (roads, [None] * 8)
        _LAYOUTS[id(roads)] = entry
    per_seat: list = entry[1]
    nets = per_seat[seat]
    if nets is None:
        like = _OWN.get(seat)  # reused only for the same own roads on the same board
        if like is not None and like._adj is not game.board.adj:
            like = None
        if like is not None and _same_owner(like._roads, roads, seat):
            own = like.own
        else:
            own = tuple([e for e, owners in enumerate(roads) if seat in owners])
            if like is not None and like.own != own:
                like = None
        nets = _Networks(game, roads, own, like)
        per_seat[seat] = _OWN[seat] = nets
    return nets


def _same_owner(
    old: tuple[tuple[int, ...], ...], new: tuple[tuple[int, ...], ...], seat: int
) -> bool:
    """Whether ``seat`` owns a road on the same connections in both road layouts.

    (Connections whose owners are the same object in both are not looked at.)
    """
    if len(old) != len(new):
        return False
    for i in range(len(new)):
        a = old[i]
        b = new[i]
        if a is not b and (seat in a) != (seat in b):
            return False
    return True


def _network_roots(game: Any, roads: Any, seat: int) -> dict[int, int]:
    """City -> network id of ``seat``'s roads (only cities its roads touch)."""
    return _layout(game, roads, seat).roots


def _best(
    nets: _Networks, settled: tuple[tuple[int, ...], ...], seat: int
) -> tuple[int, int]:
    """``(own pioneers, index)`` of the best network of ``nets`` (``(0, -1)``: none).

    The most own pioneers wins, then the lowest root (as :func:`_best_of`).
    """
    best, top, root = -1, -1, -1
    ids = nets.ids
    for i, cities in enumerate(nets.cities):
        k = 0
        for c in cities:
            k += settled[c][seat]
        r = ids[i]
        if k > top or (k == top and r < root):
            best, top, root = i, k, r
    return (top, best) if best >= 0 else (0, -1)


def _pioneers_in(
    cities: tuple[int, ...], settled: tuple[tuple[int, ...], ...], seat: int
) -> int:
    """``seat``'s pioneers in ``cities``."""
    k = 0
    for c in cities:
        k += settled[c][seat]
    return k


def _union(pairs: list[tuple[int, int]]) -> dict[int, int]:
    """City -> root of its component, for the roads ``pairs`` in connection order.

    Each road hangs the root of its first city under the root of its second.
    """
    parent: dict[int, int] = {}
    for a, b in pairs:
        if a not in parent:
            parent[a] = a
        if b not in parent:
            parent[b] = b
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a != b:
            parent[a] = b
    roots: dict[int, int] = {}
    for c in parent:
        r = c
        while parent[r] != r:
            r = parent[r]
        roots[c] = r
    return roots


def _best_of(
    roots: dict[int, int], settled: tuple[tuple[int, ...], ...], seat: int
) -> tuple[int, set[int]]:
    """The best network of ``roots`` (most own pioneers, then the lowest root)."""
    if not roots:
        return 0, set()
    count: dict[int, int] = {}
    for c, r in roots.items():
        count[r] = count.get(r, 0) + settled[c][seat]
    # the first root with the most pioneers and, among those, the lowest root
    best, top = -1, -1
    for r, k in count.items():
        if k > top or (k == top and r < best):
            best, top = r, k
    return top, {c for c, r in roots.items() if r == best}


class _Context:
    """What every seat's evaluation shares: computed once per position."""

    __slots__ = ("_kinds", "mean_nugget", "mv", "tiles", "turns")

    def __init__(self, game: Any, state: State, turns: float | None = None) -> None:
        self.turns = turns_left(game, state) if turns is None else turns
        self.mv = money_value(self.turns)
        self.tiles = state.tiles
        self._kinds: frozenset[str] | None = None
        self.mean_nugget: float | None = None

    def kinds(self) -> frozenset[str]:
        """The tile types on the board (found when first needed)."""
        if self._kinds is None:
            self._kinds = _on_board(self.tiles)
        return self._kinds


#: The tile types on the board, of recent tile layouts (``id(tiles)`` ->
#: ``(tiles, types)``; tiles are public): positions met in one decision share
#: their tiles tuple. The tuple is kept with its entry (its id cannot be reused
#: while the entry lives); the table is emptied when full. ``_KINDS`` holds one
#: object per set of types, so equal sets are the same object.
_BOARDS: Final[dict[int, tuple[Any, frozenset[str]]]] = {}
_BOARDS_KEPT: Final = 64
_KINDS: Final[dict[frozenset[str], frozenset[str]]] = {}


def _on_board(tiles: tuple) -> frozenset[str]:
    """The tile types on the board (remembered per tiles tuple; do not change it).

    Equal sets of types are one object (while the tables are not emptied).
    """
    entry = _BOARDS.get(id(tiles))
    if entry is not None and entry[0] is tiles:
        return entry[1]
    found = frozenset(tiles)
    kinds = _KINDS.get(found)
    if kinds is None:
        kinds = found - {None} if None in found else found
        _KINDS[found] = kinds
    if len(_BOARDS) >= _BOARDS_KEPT:
        _BOARDS.clear()
    _BOARDS[id(tiles)] = (tiles, kinds)
    return kinds


def evaluate_terms(
    game: Any,
    state: Any,
    seat: int,
    turns: float | None = None,
    ctx: _Context | None = None,
) -> dict:
    """Evaluate ``seat``, split into the named terms of the module doc."""
    if ctx is None:
        ctx = _Context(game, state, turns)
    t = _terms(game, state, seat, ctx)
    return dict(zip(TERMS, (t[0] + 2 * t[1], *t[3:]), strict=True))


#: The names of the terms (:func:`evaluate_terms`), in the order they are added.
TERMS = ("score", "wagons", "money", "income", "tolls", "network", "pending")


def _terms(game: Any, state: State, seat: int, ctx: _Context) -> tuple:
    """``(score without network, best network, its cities, wagons, money,
    income, tolls, network, pending)`` of ``seat``: what :func:`evaluate_terms`
    names, with the best network apart (:func:`evaluate_roads` changes it).
    """
    pl: PlayerState = state.players[seat]
    return _assemble(game, state, seat, ctx, pl, _structure(game, state, seat, ctx, pl))


def _structure(
    game: Any, state: State, seat: int, ctx: _Context, pl: PlayerState
) -> tuple[int, int, AbstractSet[int], float, float]:
    """``(empty seats, best network, its cities, wagons, network)`` of ``seat``.

    The terms that cost: they read the seat's wagons (not its other fields),
    the roads, its pioneers on the board, which tile types are on the board
    and the turns left (:func:`_seat_value` remembers them by these).
    """
    empty = 0
    for w in pl.wagons:
        if w.face_up:
            empty += len(w.seats)
            for occ in w.occupied:
                if occ:
                    empty -= 1
    nets = _layout(game, state.roads, seat)
    settled = state.settled
    best, net = _best(nets, settled, seat)
    net_cities: AbstractSet[int] = nets.cities[net] if net >= 0 else frozenset()
    turns: float = ctx.turns
    if turns <= 0.0:
        return (empty, best, net_cities, 0.0, 0.0)
    gain = _wagon_gain(pl, ctx.kinds(), turns, ctx.mv)
    # pioneers next to the best network
    reach = (
        0.0
        if net < 0
        else NETWORK_REACH * 2 * _pioneers_in(nets.near(net), settled, seat)
    )
    return (empty, best, net_cities, gain, reach)


def _assemble(
    game: Any,
    state: State,
    seat: int,
    ctx: _Context,
    pl: PlayerState,
    part: tuple[int, int, AbstractSet[int], float, float],
) -> tuple:
    """:func:`_terms` from :func:`_structure`'s part and the seat's other fields
    (VP, gold, money, bankers, merchants, roads left; cheap to read).
    """
    turns: float = ctx.turns
    mv: float = ctx.mv
    gold = 0.0
    for v in pl.nuggets:
        if v is None:
            if ctx.mean_nugget is None:
                ctx.mean_nugget = _mean_unknown_nugget(state)
            gold += ctx.mean_nugget
        else:
            gold += v
    empty: int = part[0]
    partial = pl.vp + empty + gold
    if turns <= 0.0:
        return (partial, part[1], part[2], 0.0, pl.money * mv, 0.0, 0.0, 0.0, 0.0)
    # future income
    income = pl.bankers * turns * mv + pl.merchants * turns * MERCHANT_PER_TURN
    # tolls and own fares
    tolls = (15 - pl.roads_left) * TOLL_PER_ROAD_TURN * min(turns, TOLL_HORIZON)
    pending = 0.0
    if state.active == seat:
        if state.phase == "road":
            pending += PENDING_ROAD * state.roads_to_place
        elif state.phase == "sergeant":
            pending += PENDING_SERGEANT
    return (
        partial,
        part[1],
        part[2],
        part[3],
        pl.money * mv,
        income,
        tolls,
        part[4],
        pending,
    )


def _reach(
    game: Any,
    roads: tuple[tuple[int, ...], ...],
    settled: tuple[tuple[int, ...], ...],
    seat: int,
    net_cities: AbstractSet[int],
) -> float:
    """The ``network`` term: own pioneers one free connection from the best network."""
    if not net_cities:
        return 0.0
    adj: tuple[tuple[tuple[int, int], ...], ...] = game.board.adj
    near: set[int] = set()
    for c in net_cities:
        for v, e in adj[c]:
            if v not in net_cities and not roads[e]:
                near.add(v)
    return NETWORK_REACH * 2 * sum(settled[v][seat] for v in near)


def _wagon_gain(
    pl: PlayerState, on_board: AbstractSet[str], turns: float, mv: float
) -> float:
    """The ``wagons`` term: pioneers on face-up wagons spent, fewest first.

    Wagons are taken by pioneers aboard (fewest first), then VP (highest
    first), then their order; each settlement of the budget
    (``SETTLES_PER_TURN`` per turn left) empties a seat.
    """
    wagons = pl.wagons
    ups: list[tuple[int, int, int]] = []
    for i in range(len(wagons)):
        w = wagons[i]
        if w.face_up:
            k = 0
            for occ in w.occupied:
                if occ:
                    k += 1
            if k:  # an empty wagon needs nothing
                ups.append((k, -w.vp, i))
    if not ups:
        return 0.0
    ups.sort()
    hotel = "HOTEL" in on_board
    budget = SETTLES_PER_TURN * turns
    gain = 0.0
    for k, _, i in ups:
        w = wagons[i]
        stuck = False
        if not hotel:
            for p, occ in zip(w.seats, w.occupied, strict=True):
                if occ and p not in on_board:
                    stuck = True
                    break
        factor = STUCK_FACTOR if stuck else 1.0
        if budget >= k:
            gain += factor * (w.vp + mv - (len(w.seats) - k))
            budget -= k
        else:
            gain += factor * budget
            break
    return gain


#: Whether ``sum()`` adds floats with compensation (Python 3.12 and later).
_COMPENSATED: Final = sys.version_info >= (3, 12)


def _total(t: tuple) -> float:
    """A seat's value from :func:`_terms` (summed in :data:`TERMS` order).

    ``sum()`` of the seven terms: before Python 3.12 it adds floats left to
    right (from ``0 + first``), which is written out here with typed floats
    (no tuple and no generic ``sum`` call: the same floats); from 3.12 on
    ``sum()`` itself (it adds with compensation).
    """
    score: float = t[0] + 2 * t[1]
    if _COMPENSATED:
        return sum((score, t[3], t[4], t[5], t[6], t[7], t[8]))
    wagons: float = t[3]
    money: float = t[4]
    income: float = t[5]
    tolls: float = t[6]
    network: float = t[7]
    pending: float = t[8]
    total: float = 0.0 + score
    total += wagons
    total += money
    total += income
    total += tolls
    total += network
    total += pending
    return total


def evaluate_roads(
    game: Any, before: Any, after: Any, seat: int, edges: list[int]
) -> list[tuple[float, ...]]:
    """:func:`evaluate` after ``seat`` puts a road on each connection of ``edges``.

    ``after`` is the position after the road on ``edges[0]``; the others must
    differ from it only in where the road is (a road placed in the purchase
    phase or by the sergeant: money, supplies and the phase that follows are
    the same whichever connection gets it). Only the terms a road changes are
    computed again: the mover's best network and reach, and a rival's reach
    when the road closes a free connection next to the rival's best network.
    """
    ctx = _Context(game, after)
    players = range(len(after.players))
    base = [_terms(game, after, s, ctx) for s in players]
    if ctx.turns <= 0.0:
        raise ValueError("evaluate_roads: the game is over after the road")
    roads0, settled, board = before.roads, after.settled, game.board
    # connections next to each rival's best network, and its reach before
    touching: list[set] = []
    reach0: list[float] = []
    for s in players:
        near_edges = set()
        if s != seat:
            for c in base[s][2]:
                for _, e in board.adj[c]:
                    near_edges.add(e)
        touching.append(near_edges)
        reach0.append(
            0.0 if s == seat else _reach(game, roads0, settled, s, base[s][2])
        )
    fixed = [
        0.0 if s == seat else _total((*base[s][:7], reach0[s], base[s][8]))
        for s in players
    ]
    # the mover's networks before: a road away from them only adds a network
    # of its own two cities (root: its second city, as _union would make it)
    own = [e for e, owners in enumerate(roads0) if seat in owners]
    roots0 = _network_roots(game, roads0, seat)
    best0, cities0 = _best_of(roots0, settled, seat)
    key0 = (best0, -roots0[min(cities0)]) if cities0 else None
    groups = _groups(roots0, settled, seat)
    reach_own0 = _reach(game, roads0, settled, seat, cities0)
    out = []
    for e in edges:
        a, b = board.edges[e]
        roads = roads0[:e] + (roads0[e] + (seat,),) + roads0[e + 1 :]
        if a in roots0 or b in roots0:
            best, cities = _joined(roots0, groups, a, b, settled, seat)
            if best < 0:  # a tie: which network counts is _union's to say
                ids = sorted([*own, e])
                best, cities = _best_of(
                    _union([board.edges[i] for i in ids]), settled, seat
                )
            reach = _reach(game, roads, settled, seat, cities)
        else:
            count = settled[a][seat] + settled[b][seat]
            if key0 is not None and key0 > (count, -b):
                # the best network stays, and the road is not next to it
                best, cities, reach = best0, cities0, reach_own0
            else:
                best, cities = count, {a, b}
                reach = _reach(game, roads, settled, seat, cities)
        values = []
        for s in players:
            t = base[s]
            if s == seat:
                t = (t[0], best, cities, t[3], t[4], t[5], t[6], reach, t[8])
            elif e in touching[s]:
                theirs = _reach(game, roads, settled, s, t[2])
                t = (t[0], t[1], t[2], t[3], t[4], t[5], t[6], theirs, t[8])
            else:
                values.append(fixed[s])
                continue
            values.append(_total(t))
        out.append(tuple(values))
    return out


def _groups(roots: dict[int, int], settled: Any, seat: int) -> list[tuple]:
    """``(pioneers, -root, cities)`` of each network of ``roots``, best first."""
    cities: dict[int, set[int]] = {}
    for c, r in roots.items():
        cities.setdefault(r, set()).add(c)
    return sorted(
        ((sum(settled[c][seat] for c in cs), -r, cs) for r, cs in cities.items()),
        key=lambda g: (g[0], g[1]),
        reverse=True,
    )


def _joined(
    roots: dict[int, int], groups: list[tuple], a: int, b: int, settled: Any, seat: int
) -> tuple[int, set[int]]:
    """The best network once a road joins ``a`` and ``b`` (one is in ``roots``).

    The networks the road does not touch keep their cities and roots; the one
    it makes is the union of ``a``'s and ``b``'s. ``(-1, set())`` when it ties
    with the best of the others (then the roots decide: see :func:`_union`).
    """
    ra, rb = roots.get(a), roots.get(b)
    cities: set[int] = set()
    count = 0
    other: tuple | None = None
    for g in groups:
        if -g[1] == ra or -g[1] == rb:
            cities |= g[2]
            count += g[0]
        elif other is None:
            other = g
    for c in (a, b):
        if c not in roots:
            cities.add(c)
            count += settled[c][seat]
    if other is None or count > other[0]:
        return count, cities
    if count < other[0]:
        return other[0], other[2]
    return -1, set()


def _mean_unknown_nugget(state: State) -> float:
    pool = [v for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True) for _ in range(c)]
    for pl in state.players:
        for v in pl.nuggets:
            if v is not None:
                pool.remove(v)
    return sum(pool) / len(pool) if pool else 3.0


#: Evaluations of recent position objects (``id(state)`` -> ``(state, game,
#: (values, turns left))``): a search evaluates the position a follow-up ends in, and the
#: search the same object again. The state is kept with its entry (so its id
#: cannot be reused while the entry lives); the table is emptied when full
#: and when a bot's decision ends (:func:`forget`).
_STATES: Final[dict[int, tuple]] = {}
_STATES_KEPT: Final = 256


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Estimated final VP of every seat (the sum of :func:`evaluate_terms`)."""
    return estimate(game, state)[0]


def estimate(game: Any, state: Any) -> tuple[tuple[float, ...], float]:
    """:func:`evaluate` and the :func:`turns_left` it assumed (0.0 when over)."""
    hit = _STATES.get(id(state))
    if hit is not None and hit[0] is state and hit[1] is game:
        return hit[2]
    if state.phase == "over":
        out = (tuple([float(s) for s in game.scores(state)]), 0.0)
    else:
        ctx = _Context(game, state)
        values = tuple([_seat_value(game, state, s, ctx) for s in range(game.players)])
        out = (values, ctx.turns)
    if len(_STATES) >= _STATES_KEPT:
        _STATES.clear()
    _STATES[id(state)] = (state, game, out)
    return out


class _Seat:
    """A seat's costly terms, what they were computed from, and its value then
    (for the same record and phase: :func:`_seat_value`).
    """

    __slots__ = (
        "active",
        "game",
        "kinds",
        "net",
        "part",
        "pl",
        "roads",
        "settled",
        "tiles",
        "turns",
        "value",
        "wagons",
    )

    def __init__(
        self,
        game: Any,
        wagons: tuple,
        roads: tuple,
        settled: tuple[tuple[int, ...], ...],
        tiles: tuple,
        kinds: frozenset[str] | None,
        turns: float,
        part: tuple[int, int, AbstractSet[int], float, float],
        pl: PlayerState,
        active: tuple[str, int] | None,
        value: float,
    ) -> None:
        self.game = game
        self.wagons = wagons
        self.pl = pl
        self.active = active
        self.value = value
        self.roads = roads
        self.settled = settled
        self.tiles = tiles
        self.kinds = kinds
        self.net: AbstractSet[int] = part[2]
        self.turns = turns
        self.part = part


#: The last costly terms (:func:`_structure`) computed for each seat (seat ->
#: entry). They read only the seat's wagons (not its money, VP or nuggets),
#: the roads, its own pioneers on the board, which tile types are on the board
#: (not where: :func:`_wagon_gain`) and the turns left: positions valued in a
#: decision share most of these (a purchase changes one record, a road the
#: roads, settling a city another seat's pioneers and a tile, mostly not the
#: last of its type; a toll or another route to the same city only money;
#: another determinisation only nuggets), so they are computed again only when
#: one of them changed, and the cheap terms are added to them afresh
#: (:func:`_assemble`). The entries keep their objects alive (their ids cannot
#: be reused while they live).
_LAST: Final[dict[int, _Seat]] = {}
#: The last entries of each seat's wagons object (``id(wagons) * 8 + seat`` ->
#: up to :data:`_WAGONS_KEPT` entries, oldest first): records that share their
#: wagons (a toll paid, another determinisation) met again after other
#: positions. (Keyed by equal wagons instead, half as many terms were
#: computed, but hashing the wagons cost more than that saved.)
_BY_WAGONS: Final[dict[int, list[_Seat]]] = {}
_WAGONS_KEPT: Final = 8


def _seat_value(game: Any, state: State, seat: int, ctx: _Context) -> float:
    """``sum(evaluate_terms(game, state, seat).values())``, remembered."""
    pl: PlayerState = state.players[seat]
    if None in pl.nuggets:  # the mean hidden nugget depends on every seat
        return _total(_terms(game, state, seat, ctx))
    wagons = pl.wagons
    active = (state.phase, state.roads_to_place) if state.active == seat else None
    found: _Seat | None = None
    hit = _LAST.get(seat)
    if (
        hit is not None
        and (hit.wagons is wagons or hit.wagons == wagons)
        and _fits(hit, game, state, seat, ctx)
    ):
        found = hit
    else:
        kept = _BY_WAGONS.get(id(wagons) * 8 + seat)
        if kept is not None:
            for entry in kept:
                if entry.wagons is wagons and _fits(entry, game, state, seat, ctx):
                    found = entry
                    break
    if found is not None:
        if found.pl is pl and found.active == active:
            return found.value  # the same record: the same cheap terms
        return _total(_assemble(game, state, seat, ctx, pl, found.part))
    part = _structure(game, state, seat, ctx, pl)
    value = _total(_assemble(game, state, seat, ctx, pl, part))
    turns = ctx.turns
    # the tile types are read only while turns are left
    kinds = ctx._kinds if turns > 0.0 else None
    entry = _Seat(
        game,
        wagons,
        state.roads,
        state.settled,
        state.tiles,
        kinds,
        turns,
        part,
        pl,
        active,
        value,
    )
    _LAST[seat] = entry
    if len(_BY_WAGONS) >= 4096:
        _BY_WAGONS.clear()
    kept = _BY_WAGONS.setdefault(id(wagons) * 8 + seat, [])
    if len(kept) >= _WAGONS_KEPT:
        del kept[0]
    kept.append(entry)
    return value


def _fits(hit: _Seat, game: Any, state: State, seat: int, ctx: _Context) -> bool:
    """Whether ``hit``'s terms hold for ``seat`` in ``state`` (its wagons equal)."""
    roads = state.roads
    return (
        hit.game is game
        and hit.turns == ctx.turns
        and _same_kinds(hit, state.tiles, ctx)
        and _same_column(hit.settled, state.settled, seat)
        and (hit.roads is roads or _same_reach(game, hit, roads, seat))
    )


def _same_reach(game: Any, hit: _Seat, roads: tuple, seat: int) -> bool:
    """Whether ``roads`` leave ``seat`` the value of ``hit`` (its other parts equal).

    A seat's value reads the roads through its own roads (its networks) and,
    for the ``network`` term, through which connections next to its best
    network are free: so roads that differ only in others' roads, away from
    that network or not making a connection free or taken, change nothing.
    """
    old: tuple[tuple[int, ...], ...] = hit.roads
    new: tuple[tuple[int, ...], ...] = roads
    if len(old) != len(new):
        return False
    ends: tuple[tuple[int, int], ...] = game.board.edges
    net = hit.net
    for i in range(len(new)):
        a = old[i]
        b = new[i]
        if a is not b:
            if (seat in a) != (seat in b):
                return False
            if (not a) != (not b):
                x, y = ends[i]
                if x in net or y in net:
                    return False
    return True


def _same_kinds(hit: _Seat, tiles: tuple, ctx: _Context) -> bool:
    """Whether the tiles of ``hit`` and ``ctx`` leave the same tile types on the board.

    (Or the value did not read them: the game is over, or no pioneer waits on a
    face-up wagon, so :func:`_wagon_gain` never asked.)
    """
    if hit.tiles is tiles:
        return True
    kinds = hit.kinds
    if kinds is None:
        return ctx.turns <= 0.0 and hit.turns <= 0.0
    return kinds is ctx.kinds() or kinds == ctx.kinds()


def _same_column(
    old: tuple[tuple[int, ...], ...], new: tuple[tuple[int, ...], ...], seat: int
) -> bool:
    """Whether ``seat`` has the same pioneers in every city in both ``settled``."""
    if old is new:
        return True
    if len(old) != len(new):
        return False
    for i in range(len(new)):
        a = old[i]
        b = new[i]
        if a is not b and a[seat] != b[seat]:
            return False
    return True


def forget() -> None:
    """Empty the evaluation's memos (positions, seat values, road and tile layouts).

    The bots call it when a decision ends (the ``forget`` hook of
    :mod:`toolkit.pioneers.bots`): the positions a bot valued hold its
    determinisations, which no later caller should reach through this module.
    """
    _STATES.clear()
    _LAST.clear()
    _LAYOUTS.clear()
    _OWN.clear()
    _BOARDS.clear()
    _KINDS.clear()
    _BY_WAGONS.clear()
    _FACTS[0] = None
