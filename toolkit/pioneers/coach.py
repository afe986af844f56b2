"""Pioneers stagecoach routes in the engine: move generator, route checks (P-MOVE).

:class:`Coach` finds every affordable target along its cheapest route with a
Dijkstra over plain integers (:meth:`Coach.cheapest_routes`; it decides whether
the player must move, P-MOVE-4/5), lists the moves the player may choose as
:class:`~toolkit.pioneers.actions.MoveCoach` actions (:meth:`Coach.moves`) and
checks routes written by hand. :mod:`toolkit.pioneers.routes` states the same
rules on networkx graphs, for lessons and for checking this one.

Route choice (ASSUMPTION-4, the reading since issue 17). The rulebook has the
active player move the stagecoach along the connections, from city to city,
until it reaches a city whose tile one of their pioneers matches; every step
costs $1, which goes to the bank on a connection without a road, to the
road's owner on another player's road, and nowhere on one's own road; and its
overview says players earn money from whoever uses their roads. Nothing binds
the player to the cheapest way (the German review, too, lets a player pass
only when no such city can be reached "in any direction"). So the mover
steers the coach, and the route they pick decides whom they pay: a dearer or
an equally dear route that keeps money away from the leader is a real choice.
``legal_actions`` therefore offers, for each target, one move per payment
outcome (what the bank and each seat receive) that the player can afford,
cheapest first (:meth:`Coach.route_choices`, a label-setting search over
cities with payment vectors pruned by the money); an outcome that pays every
payee at least as much as another outcome to the same target, and one of them
more, only throws money away and is left out by default (the ``route_choice``
option: ``"every"`` lists it too, ``"cheapest"`` restores the earlier reading,
one move per target along its cheapest route). Each outcome's route is its
fewest-steps, then lowest-city-ids route. ``apply`` accepts every legal route
whatever the option, and whether the player must move is still decided with
the cheapest route alone (P-MOVE-4/5).

The public helpers (:meth:`Coach.cheapest_routes`, :meth:`Coach.moves`,
:meth:`Coach.payments`, :meth:`Coach.check_route`, :meth:`Coach.step_cost`)
refuse a bad argument with a :class:`ValueError` naming the argument (a seat
that does not exist, a city id not on the board, two cities with no connection
between them); an argument that is fine but breaks a rule is an
:class:`~toolkit.core.IllegalAction` (:meth:`Coach.check_route`). The checks run
only on arguments a caller passes: the engine's own calls (``legal_actions``,
a refused pass) use the default ``seat=None``, the active player, which needs
no check, so the engine does not pay for them.

Nothing about a state is remembered on the game or on the state. Beside the
module, the route choices of recent positions are remembered by value (bounded,
keyed by every public fact they depend on: a pure function's memo, so listing the
moves of a position met again is a look-up). What is shared is static: one move
object per route of a board listed more than once, and for each the city indices
of its route, so that applying a listed move checks the rules on integers
instead of reading city names again. These memos keep few objects that the
cyclic gc tracks (see _MOVES, _CHOICES): whatever outlives a step makes the gc
collect more often and walk more.
"""

# Tuple concatenation (t[:i] + (x,) + t[i + 1:]) is the fastest copy with one
# change, compiled or not, so RUF005 does not apply on the hot path.

from __future__ import annotations

from collections.abc import Sequence
from heapq import heappop, heappush
from typing import Any, Final

from mypy_extensions import mypyc_attr

from toolkit.core import IllegalAction

from . import actions as A
from .board import Board
from .state import State
from .tables import Tables

_ONE_CITY: Final = 1  # heap key of the start of a route: cost 0, one city (_dijkstra)
#: A route key above any real one (a cost in _near_table above any real one): below
#: 2**62, so that compiled it stays a machine integer (1 << 62 would be a boxed int,
#: compared through Python's slow path).
_UNREACHED: Final = 1 << 60
_ONE_DOLLAR: Final = 1 << 16  # $1 in a route key
#: The route-choice search (Coach._choices) prunes with distance tables once it
#: has made this many labels: few positions need them, and they cost a Dijkstra
#: per target.
_PRUNE_AFTER: Final = 40
#: A safeguard (no position may exhaust the machine): the route-choice search
#: stops after this many labels and then offers what it found plus each target's
#: cheapest route. No position of the tests or benchmarks comes near it.
_LABEL_CAP: Final = 200_000
#: Move objects by (board identity, route, cost), and per move object (by identity)
#: that key. A route and its cost are board facts anyone can work out, nothing of
#: a state: sharing one object per route spares an allocation per listed move, and
#: a move found in _ROUTES is checked on integers when applied
#: (Coach._move_payments). A route is shared from its second listing on (see
#: _new_move; _MET holds the keys listed once). The boards of the entries are held
#: in _MOVE_BOARDS, and every move of _ROUTES in _MOVES, so the identities in the
#: keys stay unique while they are kept. Kept beside the module, not on the game,
#: and bounded. An entry adds one object the cyclic gc tracks (the move: the keys
#: hold only ints and int tuples).
_MOVES: Final[dict[tuple[int, tuple[int, ...], int], A.MoveCoach]] = {}
_ROUTES: Final[dict[int, tuple[int, tuple[int, ...], int]]] = {}
_MOVE_BOARDS: Final[dict[int, Board]] = {}
_MET: Final[set[tuple[int, tuple[int, ...], int]]] = set()
_MOVES_KEPT: Final = 20_000
#: The moves of the last listings that are not shared (a route's first listing),
#: by identity: (move, board, route), so that applying one is checked on integers
#: too. Small and emptied when full, so its entries die young.
_FRESH: Final[dict[int, tuple[A.MoveCoach, Board, tuple[int, ...]]]] = {}
_FRESH_KEPT: Final = 64
#: The route choices of recent positions (Coach._choices' label search), by value.
#: Per hash of a search's facts (tiles, roads, covers, coach, seat, matched tile
#: types, budget, every), one entry: those facts, then the routes found, flat (see
#: _flat_routes). An entry answers only a search with equal facts (another
#: position whose facts share the hash replaces it). Everything in the facts is
#: public and the routes are a pure function of them, so an answer found here is
#: the answer the search would give. An entry is one plain tuple of ints and of
#: the state's tuples, which the cyclic gc stops tracking: the matched tile types
#: are kept as the identity of the game's own frozenset for them (one per set of
#: pioneers, alive with the game). The memo serves one game object at a time
#: (_CHOICES_OF[0]): another game empties it, so it never keeps more than one game
#: alive, and it is emptied when full.
_CHOICES: Final[dict[int, tuple]] = {}
_FACTS: Final = 8  # the facts at the start of a _CHOICES entry
_CHOICES_OF: Final[list[object]] = [None]
_CHOICES_KEPT: Final = 4096
#: The hashes of the last tiles, roads and covers tuples met, by identity
#: (``id -> (tuple, hash)``; the entry holds the tuple, so its id is not reused
#: while it is kept): states share these tuples until a rule changes them, so a
#: memo key's hash needs no walk over every road. Bounded; public facts only.
_HASHES: Final[dict[int, tuple[tuple, int]]] = {}
_HASHES_KEPT: Final = 64


class _Label:
    """A route of the route-choice search (:meth:`Coach._choices`).

    The city it ends at, its payment vector, its cost (the sum of the vector's
    fields), its cities (a bit mask) and their number, and the route it
    extends by one step (``parent``, None for the coach's city): the cities of
    a route are read back along the parents only for the outcomes listed.
    ``link`` chains the labels of one city (the labels of a round, the labels
    kept from earlier rounds, or a target's outcomes). Compiled, the int fields
    are machine ints: a label is one allocation, with no boxed int and no
    tuple of its cities.
    """

    __slots__ = ("city", "cost", "link", "mask", "parent", "size", "vec")

    def __init__(
        self,
        city: int,
        vec: int,
        cost: int,
        mask: int,
        size: int,
        parent: _Label | None,
    ) -> None:
        self.city = city
        self.vec = vec
        self.cost = cost
        self.mask = mask
        self.size = size
        self.parent = parent
        self.link: _Label | None = None


def _hash_of(facts: tuple) -> int:
    """``hash(facts)``, remembered for the tuple object (see :data:`_HASHES`)."""
    hit = _HASHES.get(id(facts))
    if hit is not None and hit[0] is facts:
        return hit[1]
    hashed = hash(facts)
    if len(_HASHES) >= _HASHES_KEPT:
        _HASHES.clear()
    _HASHES[id(facts)] = (facts, hashed)
    return hashed


@mypyc_attr(allow_interpreted_subclasses=True)
class Coach(Tables):
    """Stagecoach routes on top of the game's static tables."""

    def cheapest_routes(
        self, state: State, seat: object = None, budget: object = None
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every reachable target city with its cheapest route, as index tuples.

        Dijkstra over untiled, uncovered cities (P-MOVE-3) with the step costs of
        P-MOVE-2; routes costing more than ``budget`` (default: the player's money,
        P-MOVE-4) are dropped. Ties: fewest steps, then city ids (ASSUMPTION-4).
        Returns ``(target, cost, path)`` sorted by target id.

        ``seat`` is a seat number (default ``None``: the active player) and
        ``budget`` a whole number of dollars, 0 or more (default ``None``); any
        other value raises a ValueError naming the argument.
        """
        who = state.active if seat is None else _seat_arg(state, seat)
        if budget is None:
            return self._dijkstra(state, who, None)
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
            raise ValueError(
                f"budget must be a whole number of dollars, 0 or more, or None for "
                f"the player's money; got {budget!r}."
            )
        return self._dijkstra(state, who, budget)

    def _dijkstra(
        self, state: State, seat: int, budget: int | None
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        pl = state.players[seat]
        budget = pl.money if budget is None else budget
        matched, enter = self._matched_info(pl.wagons)
        if not matched:
            return []
        tiles: tuple = state.tiles
        roads: tuple[tuple[int, ...], ...] = state.roads
        # Per city, (neighbour, connection) pairs, covered cities left out (P-MOVE-3).
        adj: tuple[tuple[tuple[int, int], ...], ...] = self._usable_info(state.covered)[
            2
        ]
        limit: int = (budget << 16) | 0xFFFF
        src = self.board.index[state.coach]
        # A route's key is cost * 2**16 + number of cities; among equal keys the
        # route with the lower city ids wins (ASSUMPTION-4). The heap holds plain
        # ints (key * 2**16 + city): every route reaching a city for the same key
        # comes from cities of smaller keys, all expanded before it, so the city's
        # best route is final when it is popped and equal-key ties need no heap
        # order. A popped key above the city's best is stale.
        n = len(tiles)
        bkey: list[int] = [_UNREACHED] * n
        bpath: list[Any] = [None] * n
        bkey[src] = _ONE_CITY
        bpath[src] = (src,)
        heap: list[int] = [(_ONE_CITY << 16) | src]
        pop, push = heappop, heappush  # locals: no module look-up per call
        targets: list[int] = []
        item: int
        u: int
        v: int
        e: int
        here: int
        key: int
        old: int
        path: tuple
        while heap:
            item = pop(heap)
            u = item & 0xFFFF
            here = item >> 16
            if here != bkey[u]:
                continue
            path = bpath[u]
            for v, e in adj[u]:
                old = bkey[v]
                if old <= here:
                    continue  # reached at most as dearly as u: no better route via u
                t = tiles[v]
                if t is not None and not enter[t]:
                    continue  # a tile the player has no pioneer for (P-MOVE-1)
                r = roads[
                    e
                ]  # P-MOVE-2: $1 to the bank, nothing on an own road, $1 per owner
                key = (
                    here
                    + 1
                    + (_ONE_DOLLAR if not r else 0 if seat in r else len(r) << 16)
                )
                if key > limit or key > old:
                    continue  # P-MOVE-4: more than the budget; or dearer than known
                if key < old:
                    bkey[v] = key
                    bpath[v] = path + (v,)
                    if t is None:
                        push(heap, (key << 16) | v)
                    elif old == _UNREACHED:  # a tiled city stops the coach (P-MOVE-3)
                        targets.append(v)
                elif path + (v,) < bpath[v]:  # as cheap and as short: lower city ids
                    bpath[v] = path + (v,)
        targets.sort()
        return [(v, bkey[v] >> 16, bpath[v]) for v in targets]

    def _can_move(self, state: State) -> bool:
        """Whether the active player can afford a move to some target (P-MOVE-4).

        The search of :meth:`_dijkstra` on costs alone (no routes, no ties), which
        stops at the first affordable target: a pass need not find every route.
        """
        seat = state.active
        pl = state.players[seat]
        matched, enter = self._matched_info(pl.wagons)
        if not matched:
            return False
        tiles: tuple = state.tiles
        roads: tuple[tuple[int, ...], ...] = state.roads
        adj: tuple[tuple[tuple[int, int], ...], ...] = self._usable_info(state.covered)[
            2
        ]
        src = self.board.index[state.coach]
        best: list[int] = [pl.money + 1] * len(tiles)  # unreached or over the budget
        best[src] = 0
        heap: list[int] = [src]  # cost * 2**16 + city
        pop, push = heappop, heappush  # locals: no module look-up per call
        item: int
        u: int
        v: int
        e: int
        here: int
        cost: int
        while heap:
            item = pop(heap)
            u = item & 0xFFFF
            here = item >> 16
            if here != best[u]:
                continue  # a stale entry
            for v, e in adj[u]:
                t = tiles[v]
                if t is not None and not enter[t]:
                    continue  # a tile the player has no pioneer for (P-MOVE-1)
                r = roads[e]
                cost = here + (1 if not r else 0 if seat in r else len(r))  # P-MOVE-2
                if cost >= best[v]:
                    continue  # over the budget, or reached as cheaply before
                if t is not None:
                    return True  # an affordable target
                best[v] = cost
                push(heap, (cost << 16) | v)
        return False

    def route_choices(
        self,
        state: State,
        seat: object = None,
        budget: object = None,
        every: object = False,
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every affordable (target, payment outcome) with its route, as index tuples.

        The mover steers the stagecoach and so chooses whom the steps pay
        (ASSUMPTION-4): one entry per target and per distinct *payment outcome*
        (what the bank and what each seat receives) that some legal route to the
        target gives at a cost of at most ``budget`` (default: the player's
        money, P-MOVE-4/7). An outcome is left out when another outcome to the
        same target pays the bank and every seat at most as much and one of them
        less (it only throws money away), unless ``every`` is True. Each
        outcome's route is its fewest-steps, then lowest-city-ids simple route
        (ASSUMPTION-5). Returns ``(target, cost, path)`` by target id, then
        cheapest first, then the route's steps and city ids; the first entry of
        a target is :meth:`cheapest_routes`' route.

        ``seat`` and ``budget`` as in :meth:`cheapest_routes`; ``every`` a bool.
        """
        who = state.active if seat is None else _seat_arg(state, seat)
        if not isinstance(every, bool):
            raise ValueError(f"every must be True or False; got {every!r}.")
        if budget is None:
            return self._choices(state, who, state.players[who].money, every)
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
            raise ValueError(
                f"budget must be a whole number of dollars, 0 or more, or None for "
                f"the player's money; got {budget!r}."
            )
        return self._choices(state, who, budget, every)

    def _choices(
        self, state: State, seat: int, budget: int, every: bool = False
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        """Label-setting search over cities with payment vectors (see route_choices).

        A label (:class:`_Label`) is a simple route from the coach to an untiled
        city: its payment vector (one int: ``width`` bits for the bank, then for
        each seat), its cost, the set of its cities (a bit mask) and the label
        it extends by one step (its cities are read back along these links only
        for the outcomes listed). Labels grow one step per round, so a round
        holds the routes of one length.

        Without ``every``, a label is dropped when a label of an earlier round
        reached the same city paying each payee at most as much, and two labels
        of one round with the same city and vector keep the lower route. No
        undominated outcome and no outcome's best route (fewest steps, then
        lowest ids) is lost: if a prefix of such a route R were dropped for a
        label K, K followed by the rest of R would pay no payee more, in as many
        steps or fewer; if it is a simple route, R was not best (or K's is
        lower, R's prefix being dropped only for an earlier round or a lower
        route); if it visits a city twice, cutting out the loop leaves a simple
        route paying no more in fewer steps, so again R was not best.

        With ``every`` (every outcome, dominated ones too) a vector must be met
        exactly, and cutting out a loop may pay less: a label is dropped only
        when an earlier label reached the same city with the same vector over a
        subset of its cities (every way on from it is open to the kept one), and
        two labels of one round keep the lower route only if they also share
        their cities. Costs never fall along a route, so a label dearer than ``budget``
        ends there. Without ``every``, the outcomes to a target that another
        outcome to it dominates are left out at the end.
        """
        pl = state.players[seat]
        matched, enter = self._matched_info(pl.wagons)
        if not matched:
            return []
        tiles: tuple = state.tiles
        roads: tuple[tuple[int, ...], ...] = state.roads
        adj: tuple[tuple[tuple[int, int], ...], ...] = self._usable_info(state.covered)[
            2
        ]
        n = len(tiles)
        src = self.board.index[state.coach]
        if not every and not _rival_roads_near(tiles, roads, adj, enter, seat, src):
            # Every way pays only the bank: the cheapest route is each target's one
            # undominated outcome, and the Dijkstra's route its best route.
            return self._dijkstra(state, seat, budget)
        # The search below is a pure function of public facts: remembered by value
        # (see _CHOICES), so a position met again (search bots meet the same roads,
        # tiles and coach in many playouts and determinisations) costs a look-up.
        covered = state.covered
        facts = (tiles, roads, covered, src, seat, id(matched), budget, every)
        hashed = hash(
            (
                _hash_of(tiles),
                _hash_of(roads),
                _hash_of(covered),
                src,
                seat,
                id(matched),
                budget,
                every,
            )
        )
        if _CHOICES_OF[0] is self:
            hit = _CHOICES.get(hashed)
            if hit is not None and hit[:_FACTS] == facts:
                return _routes_of(hit, _FACTS)
        # Each payee's field has room for any affordable amount plus a guard bit
        # on top: (b | guard) - a keeps every guard bit iff a <= b field by field.
        width = max(8, budget.bit_length() + 2)
        fields = 1 + self.players
        guard = 0
        for k in range(fields):
            guard |= 1 << (width * k + width - 1)
        # Per city, a chain of _Label objects (linked by ``link``): at an untiled
        # city the labels kept from earlier rounds (without ``every``); at a
        # target the outcomes found (per vector its route; the first found has
        # the fewest steps, within a round the lower route is kept).
        kept_at: list[_Label | None] = [None] * n
        # Per city, the chain of the labels of the round being made, one per
        # vector (without ``every``); the round's labels in the order they were
        # made are the next round's order.
        round_at: list[_Label | None] = [None] * n
        # With ``every``, labels and outcomes can be many per city, so they are
        # found by (city, vector) key, the vector shifted past the city index:
        # the kept labels' chains, the outcomes, and (with the cities) the
        # round's labels.
        sh = n.bit_length()
        kept_key: dict[int, _Label] = {}
        found_key: dict[int, _Label] = {}
        round_key: dict[tuple[int, int], _Label] = {}
        level: list[_Label] = [_Label(src, 0, 0, 1 << src, 1, None)]
        # Past _PRUNE_AFTER labels, the targets and per city the cost of its
        # cheapest way to one of them drop the labels that lead to no new
        # outcome (see _useless).
        made = 0
        goals: list[int] = []
        near: list[int] | None = None
        u: int
        vec: int
        cost: int
        mask: int
        size: int
        v: int
        e: int
        dv: int
        dc: int
        nv: int
        nc: int
        nm: int
        o: int
        lab: _Label
        x: _Label | None
        while level:
            nxt: list[_Label] = []
            for lab in level:
                u, vec, cost, mask, size = (
                    lab.city,
                    lab.vec,
                    lab.cost,
                    lab.mask,
                    lab.size,
                )
                for v, e in adj[u]:
                    if (mask >> v) & 1:
                        continue  # a simple route visits no city twice (ASSUMPTION-5)
                    t = tiles[v]
                    if t is not None and not enter[t]:
                        continue  # a tile the player has no pioneer for (P-MOVE-1)
                    r = roads[e]  # P-MOVE-2: the bank, nobody, or $1 per owner
                    if not r:
                        dv, dc = 1, 1
                    else:
                        dv, dc = 0, 0
                        for o in r:
                            if o == seat:  # an own road: nobody is paid
                                dv, dc = 0, 0
                                break
                            dv += 1 << (width * (1 + o))
                            dc += 1
                    nc = cost + dc
                    if nc > budget:
                        continue  # P-MOVE-4/7: dearer than the money
                    nv = vec + dv
                    if t is not None:  # a tiled city stops the coach (P-MOVE-3)
                        if every:
                            x = found_key.get((nv << sh) | v)
                        else:
                            x = kept_at[v]
                            while x is not None and x.vec != nv:
                                x = x.link
                        if x is None:
                            x = _Label(v, nv, nc, 0, size + 1, lab)
                            x.link = kept_at[v]
                            kept_at[v] = x
                            if every:
                                found_key[(nv << sh) | v] = x
                        elif x.size == size + 1 and _lower(lab, x.parent):
                            x.parent = lab  # as few steps: the lower route
                        continue
                    if near is not None and _useless(
                        near, goals, kept_at, v, nv, nc, size, budget, guard, every
                    ):
                        continue
                    nm = mask | (1 << v)
                    if every:  # the same vector over a subset of the cities
                        x = kept_key.get((nv << sh) | v)
                        while x is not None and x.mask & nm != x.mask:
                            x = x.link
                    else:  # paying each payee at most as much
                        x = kept_at[v]
                        while x is not None and ((nv | guard) - x.vec) & guard != guard:
                            x = x.link
                    if x is not None:
                        continue  # dominated by an earlier round's label
                    # one label per city and vector (with every: and cities)
                    if every:
                        x = round_key.get(((nv << sh) | v, nm))
                    else:
                        x = round_at[v]
                        while x is not None and x.vec != nv:
                            x = x.link
                    if x is None:
                        x = _Label(v, nv, nc, nm, size + 1, lab)
                        if every:
                            round_key[(nv << sh) | v, nm] = x
                        else:
                            x.link = round_at[v]
                            round_at[v] = x
                        nxt.append(x)
                    elif _lower(lab, x.parent):
                        x.parent = lab  # the lower route (with every: same cities)
                        x.mask = nm
            made += len(nxt)
            if made > _LABEL_CAP:
                break  # a safeguard; the cheapest routes are added below
            if near is None and made > _PRUNE_AFTER:
                goals, near = self._near_table(state, seat, enter, adj, src, budget)
            for lab in nxt:  # kept for the later rounds
                if every:
                    k = (lab.vec << sh) | lab.city
                    lab.link = kept_key.get(k)
                    kept_key[k] = lab
                else:
                    round_at[lab.city] = None
                    lab.link = kept_at[lab.city]
                    kept_at[lab.city] = lab
            round_key.clear()
            level = nxt
        out: list[tuple[int, int, int, tuple[int, ...]]] = []
        for t0 in range(n):
            if tiles[t0] is None:
                continue
            x = kept_at[t0]
            while x is not None:
                if not every:  # another outcome paying nobody more: dominated
                    y = kept_at[t0]
                    while y is not None and (
                        y is x or ((x.vec | guard) - y.vec) & guard != guard
                    ):
                        y = y.link
                    if y is not None:
                        x = x.link
                        continue
                out.append((t0, x.cost, x.size, _path(x)))
                x = x.link
        if made > _LABEL_CAP:  # cut short: every target keeps its cheapest route
            have = {(t, p) for t, _, _, p in out}
            for t, c, p in self._dijkstra(state, seat, budget):
                if (t, p) not in have:
                    out.append((t, c, len(p), p))
        out.sort()
        result = [(t, c, p) for t, c, _, p in out]
        if _CHOICES_OF[0] is not self or len(_CHOICES) >= _CHOICES_KEPT:
            _CHOICES.clear()
            _CHOICES_OF[0] = self
        _CHOICES[hashed] = facts + _flat_routes(out)
        return result

    def _near_table(
        self,
        state: State,
        seat: int,
        enter: dict[str | None, bool],
        adj: tuple[tuple[tuple[int, int], ...], ...],
        src: int,
        budget: int,
    ) -> tuple[list[int], list[int]]:
        """The targets the coach can reach, and per city its cost to the nearest.

        The targets are the tiled cities with a matching tile next to the
        untiled cities reachable from the coach; the costs come from one
        Dijkstra from every target at once over those untiled cities (P-MOVE-2
        tolls, the same both ways), ``_UNREACHED`` where no target can be
        reached or only for more than ``budget``. The search (:func:`_useless`)
        asks only for the cities its labels reach (those untiled cities: a
        cheapest way from one to a target stays among them) and only whether a
        cost is above the budget left, which an unreached city's is too: so the
        Dijkstra goes no further. A city's cost to the nearest target is at
        most its cost to any one target, so a label this table calls unable to
        afford any target is one that cannot (one search, not one per target).
        """
        tiles: tuple = state.tiles
        roads: tuple[tuple[int, ...], ...] = state.roads
        n = len(tiles)
        seen = [False] * n
        seen[src] = True
        todo = [src]
        goals: list[int] = []
        u: int
        v: int
        e: int
        o: int
        here: int
        cost: int
        while todo:
            u = todo.pop()
            for v, _ in adj[u]:
                if seen[v]:
                    continue
                t = tiles[v]
                if t is None:
                    seen[v] = True
                    todo.append(v)
                elif enter[t]:
                    seen[v] = True
                    goals.append(v)
        goals.sort()
        # A Dial search from every target: the steps cost $0, $1 or $2, so
        # buckets of cities by cost (a city's cost is final when its bucket is
        # read; a $0 step appends to the bucket being read) replace a heap.
        best: list[int] = [_UNREACHED] * n
        for u in goals:
            best[u] = 0
        buckets: list[list[int]] = [list(goals)]
        here = 0
        while here < len(buckets):
            bucket = buckets[here]
            j = 0
            while j < len(bucket):
                u = bucket[j]
                j += 1
                if best[u] != here:
                    continue  # reached more cheaply since
                for v, e in adj[u]:
                    if not seen[v] or tiles[v] is not None:
                        continue  # routes pass through the coach's untiled cities
                    r = roads[e]
                    cost = here + 1
                    if r:
                        cost = here
                        for o in r:
                            if o == seat:  # an own road: free
                                cost = here
                                break
                            cost += 1
                    if cost < best[v] and cost <= budget:
                        best[v] = cost
                        while len(buckets) <= cost:
                            buckets.append([])
                        buckets[cost].append(v)
            here += 1
        return goals, best

    def moves(self, state: State, seat: object = None) -> list:
        """One :class:`MoveCoach` per affordable target and payment outcome.

        The routes of :meth:`route_choices` (ASSUMPTION-4): by target id, then
        cheapest first. ``seat`` is a seat number (default ``None``: the active
        player, which ``legal_actions`` uses, unchecked); any other value raises a
        ValueError naming the argument.
        """
        who = state.active if seat is None else _seat_arg(state, seat)
        b = self.board
        out: list[Any] = []
        mode = self._route_mode
        routes = (
            self._dijkstra(state, who, None)
            if mode == 2
            else self._choices(state, who, state.players[who].money, mode == 1)
        )
        for _, cost, path in routes:
            key = (id(b), path, cost)
            hit = _MOVES.get(key)
            out.append(hit if hit is not None else _new_move(b, key))
        return out

    def step_cost(self, state: State, e: object, seat: object) -> int:
        """Return what ``seat`` pays to cross connection ``e`` (P-MOVE-2).

        ``e`` is a connection index of this board and ``seat`` a seat number; any
        other value raises a ValueError naming the argument.
        """
        who = _seat_arg(state, seat)
        n = len(state.roads)
        if isinstance(e, bool) or not isinstance(e, int) or not 0 <= e < n:
            raise ValueError(
                f"e must be a connection index of this board, 0 to {n - 1}; got {e!r}."
            )
        r = state.roads[e]
        return 1 if not r else (0 if who in r else len(r))

    def payments(self, state: State, path: Sequence[str], seat: object = None) -> dict:
        """Who receives how much for a route: ``{"bank": 1, 2: 1}`` (P-MOVE-2).

        ``path`` is a sequence of city ids, each connected to the next, and
        ``seat`` the payer (default ``None``: the active player). A city id not
        on the board, two cities in a row with no connection between them, or a
        seat that does not exist raises a ValueError naming the argument; the
        rules a route must also obey are :meth:`check_route`'s.
        """
        who = state.active if seat is None else _seat_arg(state, seat)
        cities = _city_indices(self.board, path)
        edge_index = self.board.edge_index
        out: dict = {}
        for k in range(len(cities) - 1):
            e = edge_index.get((cities[k], cities[k + 1]))
            if e is None:
                ids = self.board.ids
                raise ValueError(
                    f"path: there is no connection between {ids[cities[k]]} and "
                    f"{ids[cities[k + 1]]}, so it is no route."
                )
            r = state.roads[e]
            if not r:
                out["bank"] = out.get("bank", 0) + 1
            elif who not in r:
                for owner in r:
                    out[owner] = out.get(owner, 0) + 1
        return out

    def check_route(
        self, state: State, path: Sequence[str], seat: object = None
    ) -> int:
        """Validate a stagecoach route for ``seat`` (default: the active player).

        Return its cost or raise IllegalAction naming the rule the route breaks. A
        seat that does not exist raises a ValueError naming the argument.
        """
        who = state.active if seat is None else _seat_arg(state, seat)
        return self._walk(state, path, who)[0]

    def _walk(
        self, state: State, path: Sequence[str], seat: int
    ) -> tuple[int, list[int], int]:
        """Walk a route once: its cost, what each seat and what the bank receive.

        Raises IllegalAction naming the first rule the route breaks.
        """
        b = self.board
        index, edge_index = b.index, b.edge_index
        pl = state.players[seat]
        if len(path) < 2:
            raise IllegalAction(
                "P-MOVE-6", "a move must go at least one step to a target city."
            )
        if path[0] != state.coach:
            raise IllegalAction(
                "P-MOVE-1",
                f"the route must start where the stagecoach stands ({state.coach}), "
                f"not at {path[0]}.",
            )
        idx: list[Any] = [index.get(c) for c in path]
        if None in idx:
            bad = path[idx.index(None)]
            raise IllegalAction("P-MOVE-1", f"there is no city {bad!r} on this board.")
        if len(set(idx)) != len(idx):
            raise IllegalAction(
                "ASSUMPTION-5", "a route may not visit the same city twice."
            )
        tiles, covered, roads = state.tiles, state.covered, state.roads
        received = [0] * self.players
        cost = bank = 0
        last = len(idx) - 1
        for k in range(last):
            u, v = idx[k], idx[k + 1]
            e = edge_index.get((u, v))
            if e is None:
                raise IllegalAction(
                    "P-MOVE-1",
                    f"there is no connection between {path[k]} and {path[k + 1]}.",
                )
            if covered[v]:
                raise IllegalAction(
                    "P-MOVE-3",
                    f"{path[k + 1]} is covered: the stagecoach can neither enter nor "
                    "pass it.",
                )
            if k + 1 < last and tiles[v] is not None:
                raise IllegalAction(
                    "P-MOVE-3",
                    f"the stagecoach cannot pass through {path[k + 1]}, which still "
                    "has a tile.",
                )
            r = roads[e]
            if not r:
                cost += 1
                bank += 1
            elif seat not in r:
                for owner in r:
                    received[owner] += 1
                cost += len(r)
        target = path[-1]
        tile = tiles[idx[-1]]
        if tile is None:
            raise IllegalAction(
                "P-MOVE-6",
                f"a move must end on a city with a pioneer tile; {target} has none.",
            )
        if tile not in self.targets_matched(pl):
            raise IllegalAction(
                "P-MOVE-1",
                f"{target} wants a {tile} and you have no matching pioneer on a wagon.",
            )
        if cost > pl.money:
            raise IllegalAction(
                "P-MOVE-7", f"this route costs ${cost} but you have only ${pl.money}."
            )
        return cost, received, bank

    def _move_payments(
        self, state: State, action: A.MoveCoach, seat: int
    ) -> tuple[int, list[int], int]:
        """Check a move for ``seat``: its cost, what each seat and the bank receive.

        Raises IllegalAction naming the first rule the route breaks. A move object
        of :meth:`moves` (shared, or one of the last listings) is checked on the
        indices of its route; any other move, or one that breaks a rule on this
        state, goes through :meth:`_walk`.
        """
        # A _ROUTES entry's move and board are alive (held by _MOVES and
        # _MOVE_BOARDS), so equal identities mean the very move object and board;
        # a _FRESH entry holds its move and board.
        b = self.board
        path: tuple[int, ...] | None = None
        route = _ROUTES.get(id(action))
        if route is not None:
            if route[0] == id(b):
                path = route[1]
        else:
            fresh = _FRESH.get(id(action))
            if fresh is not None and fresh[0] is action and fresh[1] is b:
                path = fresh[2]
        if path is not None:
            paid = self._indexed_walk(state, path, seat)
            if paid is not None:
                return paid
        return self._walk(state, action.path, seat)

    def _indexed_walk(
        self, state: State, path: tuple[int, ...], seat: int
    ) -> tuple[int, list[int], int] | None:
        """:meth:`_walk` for a route of this board given by city indices.

        The route came from the route search on this board, so its cities and
        connections exist and no city repeats; the rules that depend on the state
        are checked here. Returns None if the route breaks one of them: then
        :meth:`_walk` finds the rule and names it.
        """
        if state.coach != self.board.ids[path[0]]:
            return None  # P-MOVE-1: not where the stagecoach stands
        tiles, covered, roads = state.tiles, state.covered, state.roads
        last = len(path) - 1
        v: int
        for k in range(1, last):
            v = path[k]
            if covered[v] or tiles[v] is not None:
                return None  # P-MOVE-3: a covered city, or a tile on the way
        v = path[last]
        tile = tiles[v]
        pl = state.players[seat]
        if covered[v] or tile is None or not self._matches(pl.wagons, tile):
            return None  # P-MOVE-3, P-MOVE-6, P-MOVE-1: the target
        received = [0] * self.players
        cost = bank = 0
        # each step's connection, read from the city's neighbours (native ints; a
        # look-up in edge_index would hash a pair per step)
        adj = self.board.adj
        u: int = path[0]
        w: int
        e: int = 0
        f: int
        for k in range(1, last + 1):
            w = path[k]
            for v, f in adj[u]:
                if v == w:
                    e = f
                    break
            u = w
            r = roads[e]
            if not r:
                cost += 1
                bank += 1
            elif seat not in r:
                for owner in r:
                    received[owner] += 1
                cost += len(r)
        if cost > pl.money:
            return None  # P-MOVE-7
        return cost, received, bank


def _rival_roads_near(
    tiles: tuple,
    roads: tuple[tuple[int, ...], ...],
    adj: tuple[tuple[tuple[int, int], ...], ...],
    enter: dict[str | None, bool],
    seat: int,
    src: int,
) -> bool:
    """Whether a route from ``src`` can cross another player's road.

    A walk over the untiled cities reachable from ``src`` and the connections
    from them into those cities or into an enterable target.
    """
    seen = 1 << src
    todo = [src]
    u: int
    v: int
    e: int
    while todo:
        u = todo.pop()
        for v, e in adj[u]:
            t = tiles[v]
            if t is not None and not enter[t]:
                continue  # a tile the player has no pioneer for: never entered
            r = roads[e]
            if r and seat not in r:
                return True
            if t is None and not (seen >> v) & 1:
                seen |= 1 << v
                todo.append(v)
    return False


def _useless(
    near: list[int],
    goals: list[int],
    found_at: list[_Label | None],
    v: int,
    vec: int,
    cost: int,
    steps: int,
    budget: int,
    guard: int,
    every: bool,
) -> bool:
    """Whether a label at untiled city ``v`` can lead to no new outcome (_choices).

    True when the cheapest way on from ``v`` to any target costs more than is
    left of the budget, or (without ``every``) for every target an outcome
    found already (``found_at``: per target the chain of its outcomes, each
    with its vector and route length) pays each payee at most what the label
    has paid so far (the same vector only if found in as few steps): whatever
    way the label goes on, it cannot pay for a target, or its outcome is
    dominated, or the outcome is known with a better route.
    """
    if cost + near[v] > budget:
        return True  # no target is affordable from v
    if every:
        return False
    x: _Label | None
    for g in goals:
        x = found_at[g]
        while x is not None and not (
            ((vec | guard) - x.vec) & guard == guard
            and (x.vec != vec or x.size <= steps + 1)
        ):
            x = x.link
        if x is None:
            return False  # no outcome to this target yet covers the label
    return True


def _lower(a: _Label | None, b: _Label | None) -> bool:
    """Whether route ``a`` is lower than route ``b`` (as many cities; city ids).

    Both routes start at the search's first label: walking back along the
    parents in step, the last difference met is the first of the routes.
    """
    lower = False
    while a is not None and b is not None and a is not b:
        if a.city != b.city:
            lower = a.city < b.city
        a = a.parent
        b = b.parent
    return lower


def _path(label: _Label) -> tuple[int, ...]:
    """The cities of ``label``'s route, from the coach's city to its own."""
    k = label.size
    cities: list[int] = [0] * k
    x: _Label | None = label
    while x is not None:
        k -= 1
        cities[k] = x.city
        x = x.parent
    return tuple(cities)


def _flat_routes(out: list[tuple[int, int, int, tuple[int, ...]]]) -> tuple[int, ...]:
    """Routes ``(target, cost, length, cities)`` as one flat tuple of ints.

    A _CHOICES entry keeps its routes so, after its facts: one tuple, which the
    cyclic gc stops tracking at its first pass (route tuples inside it would
    keep it tracked, and count as many objects, until the gc had untracked them
    one level a pass). :func:`_routes_of` reads them back.
    """
    flat: list[int] = []
    for t, c, size, p in out:
        flat.append(t)
        flat.append(c)
        flat.append(size)
        flat.extend(p)
    return tuple(flat)


def _routes_of(flat: tuple, k: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """The ``(target, cost, cities)`` routes kept by :func:`_flat_routes`.

    ``flat[k:]`` holds them (``flat`` is a _CHOICES entry).
    """
    out: list[tuple[int, int, tuple[int, ...]]] = []
    n = len(flat)
    size: int
    while k < n:
        size = flat[k + 2]
        out.append((flat[k], flat[k + 1], flat[k + 3 : k + 3 + size]))
        k += 3 + size
    return out


def _seat_arg(state: State, seat: object) -> int:
    """``seat`` as a seat of ``state``'s game, or a ValueError naming the argument.

    For the public helpers only (the engine passes the seats it reads from the
    state, unchecked): a bool, a string or a number outside 0..players-1 (a
    negative one would index from the end) is refused.
    """
    n = len(state.players)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(
            f"seat must be a seat of this {n}-player game, 0 to {n - 1}, or None "
            f"for the active player; got {seat!r}."
        )
    return seat


def _city_indices(board: Board, path: object) -> list[int]:
    """The board indices of the city ids of ``path``, or a ValueError naming it."""
    if isinstance(path, str):
        raise ValueError(
            f"path must be a sequence of city ids such as ('BUF', 'CLE'), not the "
            f"string {path!r}."
        )
    try:
        cities = list(path)  # type: ignore[call-overload]
    except TypeError:
        raise ValueError(
            f"path must be a sequence of city ids such as ('BUF', 'CLE'); got {path!r}."
        ) from None
    index = board.index
    out: list[int] = []
    for c in cities:
        i = index.get(c) if isinstance(c, str) else None
        if i is None:
            raise ValueError(f"path: there is no city {c!r} on this board.")
        out.append(i)
    return out


def _new_move(board: Board, key: tuple[int, tuple[int, ...], int]) -> A.MoveCoach:
    """Make the move object of a route (``key``: board id, route, cost).

    Listed for the first time, a route gets a move object of its own and its
    key is noted in _MET (the move in _FRESH, for a while); listed again, its
    move is entered in _MOVES and _ROUTES (its board in _MOVE_BOARDS) and shared
    from then on. Most routes of an environment's positions are listed once
    (three keys in four in the benchmark loop): their moves die with the legal
    list, young, instead of living in the table, where the cyclic gc would
    promote them to its oldest generation and walk them in every full
    collection. Search bots list the same routes again and again, and share
    them.
    """
    if len(_MOVES) > _MOVES_KEPT or len(_MET) > _MOVES_KEPT:
        # bounded; a move dropped here is checked by _walk
        _MOVES.clear()
        _ROUTES.clear()
        _MOVE_BOARDS.clear()
        _MET.clear()
    # made without the dataclass's __init__ and __post_init__ (Python frames that
    # check the field types): a path of the board's city ids and an int cost
    move = object.__new__(A.MoveCoach)
    ids = board.ids
    object.__setattr__(move, "path", tuple([ids[c] for c in key[1]]))
    object.__setattr__(move, "cost", key[2])
    if key in _MET:
        _MET.discard(key)
        _MOVE_BOARDS[key[0]] = board
        _MOVES[key] = move
        _ROUTES[id(move)] = key
    else:
        _MET.add(key)
        if len(_FRESH) >= _FRESH_KEPT:
            _FRESH.clear()
        _FRESH[id(move)] = (move, board, key[1])
    return move
