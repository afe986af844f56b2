"""Stagecoach routing with tolls, on networkx graphs (P-MOVE-1..7, ASSUMPTION-4/5).

The engine finds legal moves with its own fast Dijkstra
(:meth:`Pioneers.cheapest_routes`). This module states the same rule in networkx
terms, for lessons and for checking the engine:

* :func:`passable_graph` - a directed graph of where the stagecoach may go.
  An arc ``u -> v`` exists when ``u`` may be left (untiled, or the city the
  stagecoach stands on) and ``v`` may be entered (untiled, or a tiled city that
  stops the coach). Tiled cities have no outgoing arcs, so no route can pass
  *through* one (P-MOVE-3); covered cities are left out altogether.
* :func:`step_weight` - the toll of P-MOVE-2 as a networkx weight function:
  $1 to the bank on an empty connection, $1 to each other owner, free on one's
  own road.
* :func:`cheapest_routes` / :func:`targets` - every reachable target with its
  cheapest cost and route (``nx.single_source_dijkstra`` on the two graphs above;
  ties: fewest steps, then city ids, ASSUMPTION-4).
* :func:`verdict` - must the player move (P-MOVE-4) or pass (P-MOVE-5), and why.
* :func:`all_routes` - every legal simple route to one target (ASSUMPTION-5),
  cheapest first, with who gets paid.
* :func:`dijkstra_steps` - Dijkstra one settled city at a time, for animations.

>>> from toolkit.pioneers.builder import fixture_game, stage, wagon
>>> game = fixture_game(["S-A", "A-B", "S-C", "C-B"], start="S")
>>> state = stage(
...     game,
...     tiles={"A": "BANKER", "B": "FARMER"},
...     roads={"S-C": 1},
...     players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
... )
>>> [(r.target, r.cost, r.path) for r in cheapest_routes(game, state)]
[('B', 2, ('S', 'C', 'B'))]
>>> verdict(game, state).must_move
True

Functions that return tables import pandas when called, so importing the
engine stays light (the layering test checks it).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

import networkx as nx

from toolkit.core import IllegalAction

from .actions import MoveCoach

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .rules import Pioneers
    from .state import State

__all__ = [
    "DijkstraStep",
    "Route",
    "Verdict",
    "all_routes",
    "cheapest_routes",
    "check_route",
    "dijkstra_steps",
    "iter_routes",
    "passable_graph",
    "step_cost",
    "step_weight",
    "targets",
    "verdict",
]

#: The default cap on the routes :func:`all_routes` lists.
ROUTE_LIMIT = 20
#: :func:`all_routes` stops counting the routes beyond its cap after this many.
COUNT_LIMIT = 10_000


class Route(NamedTuple):
    """A cheapest route: its target, cost in $, number of steps and cities."""

    target: str
    cost: int
    steps: int
    path: tuple[str, ...]


# ----- checking input ------------------------------------------------------------


def _seat(game: Pioneers, state: State, seat: int | None) -> int:
    """``seat`` checked against the player count (default: the active player)."""
    if seat is None:
        seat = state.active
    n = game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(
            f"seat {seat!r} is not a player: this game has {n} players, "
            f"seats 0 to {n - 1}."
        )
    return seat


def _city(game: Pioneers, city: str, rule: str = "P-MOVE-1") -> int:
    """Return the index of ``city``, or raise an error naming the unknown city."""
    index = game.board.index.get(city) if isinstance(city, str) else None
    if index is None:
        raise IllegalAction(rule, f"there is no city {city!r} on this board.")
    return index


def _as_path(path: str | Sequence[str]) -> tuple[str, ...]:
    """Read a route given as ``"BUF-CLE-DET"`` or as a sequence of city ids."""
    if isinstance(path, str):
        return tuple(path.split("-"))
    return tuple(path)


# ----- the graphs and the weight ----------------------------------------------------


def step_cost(roads: Sequence[int], seat: int) -> int:
    """Return what ``seat`` pays to cross a connection holding ``roads`` (P-MOVE-2).

    >>> step_cost((), 0), step_cost((2,), 0), step_cost((0,), 0), step_cost((1, 2), 0)
    (1, 1, 0, 2)
    """
    if not roads:
        return 1  # $1 to the bank
    return 0 if seat in roads else len(roads)  # own road free; $1 to each other owner


def step_weight(seat: int) -> Callable[[Any, Any, dict], int]:
    """Return the step cost of P-MOVE-2 for ``seat`` as a networkx weight function.

    networkx calls ``weight(u, v, data)`` for the arc ``u -> v``; ``data["roads"]``
    holds the owners of the connection's roads (see :func:`passable_graph`).

    >>> g = nx.DiGraph([("S", "A", {"roads": (1,)}), ("A", "B", {"roads": ()})])
    >>> nx.single_source_dijkstra(g, "S", weight=step_weight(0))[0]
    {'S': 0, 'A': 1, 'B': 2}
    """

    def weight(u: Any, v: Any, data: dict) -> int:
        return step_cost(data["roads"], seat)

    weight.__name__ = f"toll_for_seat_{seat}"
    return weight


def _stops(game: Pioneers, state: State, seat: int | None) -> set[str] | None:
    """Tile types that stop the coach for ``seat`` (None: every tile)."""
    if seat is None:
        return None
    return game.targets_matched(state.players[seat])


def passable_graph(game: Pioneers, state: State, seat: int | None = None) -> nx.DiGraph:
    """Where the stagecoach may go, as a directed graph (P-MOVE-1, P-MOVE-3).

    Nodes are city ids: the city the stagecoach stands on, every untiled
    uncovered city (it may be passed through), and the tiled cities where a move
    may end. With ``seat`` those are the player's targets (tiles matching a
    pioneer on their face-up wagons; HOTEL matches any pioneer); without a seat,
    every tiled city. Unmatched tiles and covered cities are left out: the coach
    can never enter them.

    An arc ``u -> v`` exists for every connection whose ``u`` may be left (it is
    untiled, or the coach stands there) and whose ``v`` is a node. Tiled cities
    therefore have no outgoing arcs: movement ends on the first tiled city
    entered. Arcs carry ``roads`` (owner seats) and ``edge`` (connection index);
    nodes carry ``tile`` and ``target`` (a move may end there).
    """
    if seat is not None:
        seat = _seat(game, state, seat)
    b = game.board
    tiles, covered = state.tiles, state.covered
    stops = _stops(game, state, seat)
    coach = b.index[state.coach]
    g = nx.DiGraph(seat=seat, coach=state.coach)
    keep = [False] * len(b.ids)
    leave = [False] * len(b.ids)
    for i, cid in enumerate(b.ids):
        if covered[i]:
            continue
        t = tiles[i]
        if t is None or i == coach:
            keep[i] = leave[i] = True
        elif stops is None or t in stops:
            keep[i] = True
        else:
            continue
        g.add_node(cid, tile=t, target=t is not None and i != coach)
    for e, (a, c) in enumerate(b.edges):
        roads = state.roads[e]
        if leave[a] and keep[c]:
            g.add_edge(b.ids[a], b.ids[c], roads=roads, edge=e)
        if leave[c] and keep[a]:
            g.add_edge(b.ids[c], b.ids[a], roads=roads, edge=e)
    return g


# ----- cheapest routes ------------------------------------------------------------


def cheapest_routes(
    game: Pioneers,
    state: State,
    seat: int | None = None,
    affordable_only: bool = True,
    budget: int | None = None,
) -> list[Route]:
    """Every reachable target with its cheapest route, sorted by target id.

    Computed with networkx: one Dijkstra over :func:`passable_graph` whose weight
    is ``K * toll + 1`` (``K`` larger than any step count), so the distance
    orders routes by cost, then by steps. Among the equally good routes (all
    predecessors networkx reports), the one with the smallest city ids comes
    first (ASSUMPTION-4). Routes costing more than ``budget`` (default the
    player's money, P-MOVE-4) are dropped unless ``affordable_only=False``.
    """
    seat = _seat(game, state, seat)
    g = passable_graph(game, state, seat)
    src = state.coach
    k = g.number_of_nodes() + 1
    toll = step_weight(seat)

    def weight(u: Any, v: Any, d: dict) -> int:
        return k * toll(u, v, d) + 1

    pred, dist = nx.dijkstra_predecessor_and_distance(g, src, weight=weight)
    if affordable_only:
        budget = state.players[seat].money if budget is None else budget
    else:
        budget = None
    best: dict[str, tuple[str, ...]] = {src: (src,)}
    found = []
    for v, d in dist.items():  # in the order networkx settled them: by distance
        if v == src:
            continue
        best[v] = (*min(best[u] for u in pred[v]), v)
        cost, steps = divmod(d, k)
        if g.nodes[v]["target"] and (budget is None or cost <= budget):
            found.append(Route(v, cost, steps, best[v]))
    found.sort()
    return found


def targets(
    game: Pioneers,
    state: State,
    seat: int | None = None,
    affordable_only: bool = True,
    budget: int | None = None,
) -> pd.DataFrame:
    """Tabulate the reachable targets: ``target``, ``cost``, ``path`` (P-MOVE-1, -4).

    Extra columns: ``tile`` (the tile waiting there), ``steps``, ``payments``
    (who receives how much, ``{"bank": 1, 2: 1}``), ``to_bank``, ``to_players``
    and ``affordable``. By default only the targets the player can pay for
    (their money, or ``budget``) are listed: exactly the moves the engine offers.
    With ``affordable_only=False`` every target reachable without passing a tiled
    or covered city is listed, affordable or not. Sorted by cost, then target.
    """
    import pandas as pd

    seat = _seat(game, state, seat)
    money = state.players[seat].money if budget is None else budget
    rows = []
    for r in cheapest_routes(game, state, seat, affordable_only, budget):
        pay = game.payments(state, r.path, seat)
        rows.append(
            {
                "target": r.target,
                "tile": state.tiles[game.board.index[r.target]],
                "cost": r.cost,
                "steps": r.steps,
                "path": r.path,
                "payments": pay,
                "to_bank": pay.get("bank", 0),
                "to_players": sum(v for k, v in pay.items() if k != "bank"),
                "affordable": r.cost <= money,
            }
        )
    columns = [
        "target",
        "tile",
        "cost",
        "steps",
        "path",
        "payments",
        "to_bank",
        "to_players",
        "affordable",
    ]
    df = pd.DataFrame(rows, columns=columns)
    df = df.sort_values(["cost", "target"], kind="stable").reset_index(drop=True)
    df.attrs.update(seat=seat, coach=state.coach, money=state.players[seat].money)
    return df


# ----- must move or pass -------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """Must the player move (P-MOVE-4) or pass (P-MOVE-5)? ``reason`` says why.

    ``targets`` holds the affordable targets' cheapest routes; ``cheapest`` is
    the cheapest of them (ties: target id), or the cheapest unaffordable one
    when the player must pass for lack of money.
    """

    seat: int
    must_move: bool
    rule: str
    reason: str
    targets: tuple[Route, ...] = ()
    cheapest: Route | None = None
    unaffordable: tuple[Route, ...] = field(default=(), repr=False)

    @property
    def must_pass(self) -> bool:
        """The opposite of :attr:`must_move`."""
        return not self.must_move

    def __str__(self) -> str:
        """Return the rule and the reason, as the engine words its errors."""
        return f"{self.rule}: {self.reason}"


def verdict(game: Pioneers, state: State, seat: int | None = None) -> Verdict:
    """Whether ``seat`` (default the active player) must move or must pass, and why.

    Decided with the cheapest routes (ASSUMPTION-5): the player must move when
    some target costs no more than their money (P-MOVE-4); otherwise they pass
    (P-MOVE-5) because they have no pioneer on a wagon, no tile matches, every
    matching city is cut off by tiled or covered cities (P-MOVE-3), or every
    reachable target costs more than they have (P-MOVE-7).
    """
    seat = _seat(game, state, seat)
    pl = state.players[seat]
    money = pl.money
    reach = cheapest_routes(game, state, seat, affordable_only=False)
    ok = tuple(r for r in reach if r.cost <= money)
    too_dear = tuple(r for r in reach if r.cost > money)

    def key(r: Route) -> tuple:
        return (r.cost, r.steps, r.path)

    if ok:
        best = min(ok, key=key)
        more = f" ({len(ok)} targets are within reach)" if len(ok) > 1 else ""
        reason = (
            f"you must move: {best.target} can be reached for ${best.cost} "
            f"along {'-'.join(best.path)} and you have ${money}{more}."
        )
        return Verdict(seat, True, "P-MOVE-4", reason, ok, best, too_dear)
    matched = game.targets_matched(pl)
    if not matched:
        reason = (
            "you must pass: you have no pioneer on a face-up wagon, so no tile "
            "matches (P-MOVE-1)."
        )
        return Verdict(seat, False, "P-MOVE-5", reason)
    b = game.board
    wanted = [
        b.ids[i]
        for i, t in enumerate(state.tiles)
        if t is not None
        and t in matched
        and not state.covered[i]
        and b.ids[i] != state.coach
    ]
    if not wanted:
        kinds = ", ".join(sorted(matched - {"HOTEL"}))
        reason = (
            f"you must pass: no city shows a tile for your pioneers ({kinds}) "
            "or a HOTEL (P-MOVE-1)."
        )
        return Verdict(seat, False, "P-MOVE-5", reason)
    if not too_dear:
        shown = ", ".join(wanted[:6]) + (", ..." if len(wanted) > 6 else "")
        reason = (
            f"you must pass: every matching city ({shown}) lies behind a city that "
            "still has a tile or is covered, and the stagecoach cannot pass through "
            "those (P-MOVE-3)."
        )
        return Verdict(seat, False, "P-MOVE-5", reason)
    best = min(too_dear, key=key)
    reason = (
        f"you must pass: the cheapest target, {best.target}, costs ${best.cost} "
        f"but you have only ${money}, and there is no debt (P-MOVE-7)."
    )
    return Verdict(seat, False, "P-MOVE-5", reason, (), best, too_dear)


# ----- all routes to one target ------------------------------------------------


def _check_target(game: Pioneers, state: State, target: str, seat: int) -> None:
    i = _city(game, target)
    if target == state.coach:
        raise IllegalAction(
            "P-MOVE-6",
            f"the stagecoach already stands on {target}; a move goes at least one "
            "step to another city.",
        )
    if state.covered[i]:
        raise IllegalAction(
            "P-MOVE-3",
            f"{target} is covered: the stagecoach can neither enter nor pass it.",
        )
    tile = state.tiles[i]
    if tile is None:
        raise IllegalAction(
            "P-MOVE-6",
            f"{target} is not a target: it has no pioneer tile, and a move must end "
            "on a city with a tile that matches one of your pioneers.",
        )
    if tile not in game.targets_matched(state.players[seat]):
        raise IllegalAction(
            "P-MOVE-1",
            f"{target} is not a target for seat {seat}: it wants a {tile} and there "
            "is no matching pioneer on that player's face-up wagons.",
        )


class _RouteSearch:
    """Simple routes from the coach to one target on the passable graph.

    Cities become integers in id order, so comparing integer paths compares
    city ids. A route's key is ``K * cost + steps`` (``K`` above any step
    count), then its cities: cheapest, then fewest steps, then city ids
    (ASSUMPTION-4). For a partial route, one reverse Dijkstra from the target
    over the cities not yet used gives the best completion exactly (a shortest
    completion never revisits a city), so every extension explored leads to at
    least one legal route and the best-first search pops routes in key order.
    """

    def __init__(
        self, g: nx.DiGraph, seat: int, src: str, target: str, budget: int | None
    ) -> None:
        self.ids = ids = sorted(g)
        index = {c: i for i, c in enumerate(ids)}
        n = len(ids)
        self.k = k = n + 1
        self.succ: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.pred: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for u, v, d in g.edges(data=True):
            w = k * step_cost(d["roads"], seat) + 1
            self.succ[index[u]].append((index[v], w))
            self.pred[index[v]].append((index[u], w))
        for row in self.succ:
            row.sort()
        self.src, self.target = index[src], index[target]
        self.limit = float("inf") if budget is None else k * (budget + 1) - 1

    def completion(self, blocked: set[int]) -> list[float]:
        """Best completion key from every city to the target, avoiding ``blocked``."""
        inf = float("inf")
        dist = [inf] * len(self.ids)
        t = self.target
        dist[t] = 0
        heap = [(0, t)]
        pred = self.pred
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            for u, w in pred[v]:
                nd = d + w
                if nd < dist[u] and u not in blocked:
                    dist[u] = nd
                    heapq.heappush(heap, (nd, u))
        return dist

    def route(
        self, key: int, path: tuple[int, ...]
    ) -> tuple[int, int, tuple[str, ...]]:
        cost, steps = divmod(key, self.k)
        return cost, steps, tuple(self.ids[i] for i in path)

    def ordered(self) -> Iterator[tuple[int, int, tuple[str, ...]]]:
        """Every route in key order (best-first search with exact completions)."""
        src, target, limit = self.src, self.target, self.limit
        dist0 = self.completion(set())
        if dist0[src] > limit:
            return
        heap: list[tuple[int, tuple[int, ...], int]] = [(dist0[src], (src,), 0)]
        while heap:
            f, path, g = heapq.heappop(heap)
            u = path[-1]
            if u == target:
                yield self.route(f, path)
                continue
            blocked = set(path)
            dist = self.completion(blocked)
            for v, w in self.succ[u]:
                if v in blocked:
                    continue
                nf = g + w + dist[v]
                if nf <= limit:
                    heapq.heappush(heap, (nf, (*path, v), g + w))

    def count(self, stop: int) -> int:
        """How many routes there are, counting at most ``stop`` (depth-first)."""
        target, limit = self.target, self.limit
        blocked = {self.src}
        total = 0

        def walk(u: int, g: int) -> bool:
            nonlocal total
            dist = self.completion(blocked)
            for v, w in self.succ[u]:
                if v in blocked or g + w + dist[v] > limit:
                    continue
                if v == target:
                    total += 1
                    if total >= stop:
                        return False
                    continue
                blocked.add(v)
                go_on = walk(v, g + w)
                blocked.discard(v)
                if not go_on:
                    return False
            return True

        if self.completion(set())[self.src] <= limit:
            walk(self.src, 0)
        return total


def iter_routes(
    game: Pioneers,
    state: State,
    target: str,
    seat: int | None = None,
    budget: int | None = None,
) -> Iterator[Route]:
    """Yield every legal simple route to ``target``, cheapest first (ASSUMPTION-4/5).

    Routes run over :func:`passable_graph`, so no tiled or covered city is
    passed through and no city is visited twice; routes costing more than
    ``budget`` are skipped (None: no limit). Order: cost, then fewer steps, then
    city ids; the first route is the engine's move to ``target``. Lazy: taking
    the first few routes is fast even when there are millions. Raises
    :class:`IllegalAction` naming the rule when ``target`` is not a target.
    """
    seat = _seat(game, state, seat)
    _check_target(game, state, target, seat)
    search = _RouteSearch(
        passable_graph(game, state, seat), seat, state.coach, target, budget
    )
    for cost, steps, path in search.ordered():
        yield Route(target, cost, steps, path)


def all_routes(
    game: Pioneers,
    state: State,
    target: str,
    seat: int | None = None,
    limit: int | None = ROUTE_LIMIT,
    affordable_only: bool = True,
    budget: int | None = None,
    count_limit: int | None = COUNT_LIMIT,
) -> pd.DataFrame:
    """One row per legal simple route to ``target``, cheapest first (ASSUMPTION-4/5).

    Columns: ``rank`` (1 is the engine's move), ``path``, ``cost``, ``steps``,
    ``payments`` (who receives how much: ``{"bank": 1, 2: 1}``), ``to_bank``,
    ``to_players``, ``affordable``. Order: cost, then fewer steps, then city ids.

    Affordability: by default only the routes the player can pay for (their
    money, or ``budget``) are listed, because only those are legal moves
    (P-MOVE-7); each can be played as ``MoveCoach(path, cost)`` by the active
    player in the move phase. ``affordable_only=False`` lists routes whatever
    they cost.

    At most ``limit`` routes are listed (None: all). The routes left out are
    counted in ``df.attrs["more"]`` (and all of them in ``df.attrs["total"]``).
    Late in a game there can be millions of routes, so counting stops after
    ``count_limit`` routes (None: never); ``df.attrs["exact"]`` is False when it
    stopped, and ``more`` is then a lower bound. When no route is listed,
    ``df.attrs["reason"]`` says why (P-MOVE-3 blocked, or P-MOVE-7 too dear).
    Raises :class:`IllegalAction` naming the rule when ``target`` is not a
    target.
    """
    import pandas as pd

    seat = _seat(game, state, seat)
    for name, value in (("limit", limit), ("count_limit", count_limit)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 0
        ):
            raise ValueError(
                f"{name} must be a whole number >= 0 or None, not {value!r}"
            )
    _check_target(game, state, target, seat)
    money = state.players[seat].money if budget is None else budget
    cap = money if affordable_only else None
    search = _RouteSearch(
        passable_graph(game, state, seat), seat, state.coach, target, cap
    )
    ordered = search.ordered()
    chosen = list(ordered if limit is None else itertools.islice(ordered, limit))
    if limit is None or len(chosen) < limit:
        total, exact = len(chosen), True
    else:
        stop = None if count_limit is None else max(count_limit, len(chosen) + 1)
        total = search.count(float("inf") if stop is None else stop)
        exact = stop is None or total < stop
    rows = []
    for rank, (cost, steps, path) in enumerate(chosen, start=1):
        pay = game.payments(state, path, seat)
        rows.append(
            {
                "rank": rank,
                "path": path,
                "cost": cost,
                "steps": steps,
                "payments": pay,
                "to_bank": pay.get("bank", 0),
                "to_players": sum(v for k, v in pay.items() if k != "bank"),
                "affordable": cost <= money,
            }
        )
    columns = [
        "rank",
        "path",
        "cost",
        "steps",
        "payments",
        "to_bank",
        "to_players",
        "affordable",
    ]
    df = pd.DataFrame(rows, columns=columns)
    df.attrs.update(
        target=target,
        seat=seat,
        total=total,
        more=total - len(rows),
        exact=exact,
        limit=limit,
        budget=cap,
        reason=_no_route_reason(search, target, money) if total == 0 else "",
    )
    return df


def _no_route_reason(search: _RouteSearch, target: str, money: int) -> str:
    """Say why there is no route to ``target`` (P-MOVE-3 or P-MOVE-7)."""
    best = search.completion(set())[search.src]
    if best == float("inf"):
        return (
            f"P-MOVE-3: {target} cannot be reached without passing through a city "
            "that still has a tile or is covered."
        )
    cost = int(best) // search.k
    return (
        f"P-MOVE-7: the cheapest route to {target} costs ${cost} but only ${money} "
        "can be spent."
    )


def check_route(
    game: Pioneers, state: State, path: str | Sequence[str], seat: int | None = None
) -> dict:
    """Check a route the way the engine does and explain it.

    ``path`` is ``"BUF-CLE-DET"`` or a sequence of city ids. Returns ``path``,
    ``cost``, ``steps``, ``payments`` and the ``action`` to play; a route that
    breaks a rule raises :class:`IllegalAction` whose ``rule`` names it
    (P-MOVE-1 wrong start / unknown city / no connection / no match, P-MOVE-3
    through a tiled or covered city, P-MOVE-6 no tile at the end, P-MOVE-7 too
    dear, ASSUMPTION-5 a city twice).
    """
    seat = _seat(game, state, seat)
    path = _as_path(path)
    for c in path:
        _city(game, c)
    cost = game.check_route(state, path, seat)
    return {
        "path": path,
        "cost": cost,
        "steps": len(path) - 1,
        "payments": game.payments(state, path, seat),
        "action": MoveCoach(path, cost),
    }


# ----- Dijkstra, step by step ---------------------------------------------------


@dataclass(frozen=True)
class DijkstraStep:
    """One step of Dijkstra's algorithm on the passable graph.

    ``settled`` is the city fixed in this step at ``cost`` (its final cheapest
    cost); ``stops`` says it is a target, so the search does not continue
    from it (P-MOVE-3). ``relaxed`` lists the arcs ``(u, v, new_cost)`` that
    improved a tentative cost in this step. ``frontier`` maps the discovered
    but unsettled cities to their tentative costs, ``dist`` the settled cities
    to their final costs, and ``pred`` every discovered city (but the source)
    to its predecessor on the best route known.
    """

    step: int
    settled: str
    cost: int
    stops: bool
    relaxed: tuple[tuple[str, str, int], ...]
    frontier: dict[str, int]
    dist: dict[str, int]
    pred: dict[str, str]

    def path(self, city: str) -> tuple[str, ...]:
        """Return the best route known so far to ``city`` (settled or frontier)."""
        out = [city]
        while out[-1] in self.pred:
            out.append(self.pred[out[-1]])
        return tuple(reversed(out))


def dijkstra_steps(
    game: Pioneers, state: State, seat: int | None = None
) -> Iterator[DijkstraStep]:
    """Run Dijkstra from the stagecoach over :func:`passable_graph`, yielding each step.

    Step 0 settles the coach's city; every later step settles the frontier city
    with the smallest tentative cost (ties: fewer steps, then city ids, as in
    ASSUMPTION-4) and relaxes its outgoing arcs. Money is ignored: the last
    step's ``dist`` equals ``nx.single_source_dijkstra(passable_graph(...),
    coach, weight=step_weight(seat))`` for every city, and its ``pred`` gives
    the routes :func:`cheapest_routes` reports.
    """
    seat = _seat(game, state, seat)
    g = passable_graph(game, state, seat)
    src = state.coach
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {src: (0, 0, (src,))}
    heap = [(0, 0, (src,))]
    dist: dict[str, int] = {}
    pred: dict[str, str] = {}
    step = 0
    while heap:
        cost, steps, path = heapq.heappop(heap)
        u = path[-1]
        if u in dist or best[u] != (cost, steps, path):
            continue
        dist[u] = cost
        relaxed = []
        for v, d in sorted(g.succ[u].items()):
            if v in dist:
                continue
            key = (cost + step_cost(d["roads"], seat), steps + 1, (*path, v))
            if v not in best or key < best[v]:
                best[v] = key
                pred[v] = u
                heapq.heappush(heap, key)
                relaxed.append((u, v, key[0]))
        frontier = {v: k[0] for v, k in sorted(best.items()) if v not in dist}
        yield DijkstraStep(
            step,
            u,
            cost,
            bool(g.nodes[u]["target"]),
            tuple(relaxed),
            frontier,
            dict(dist),
            dict(pred),
        )
        step += 1
