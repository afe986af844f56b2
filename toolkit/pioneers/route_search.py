"""Every legal route to one target, route checks, and Dijkstra step by step (P-MOVE).

See :mod:`toolkit.pioneers.routes`, which gathers the routing functions.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx

from toolkit.core import IllegalAction

from .actions import MoveCoach

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .rules import Pioneers
    from .state import State

from .route_graph import Route, _as_path, _city, _seat, passable_graph, step_cost

#: The default cap on the routes :func:`all_routes` lists.
ROUTE_LIMIT = 20
#: :func:`all_routes` stops counting the routes beyond its cap after this many.
COUNT_LIMIT = 10_000


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
        self, key: float, path: tuple[int, ...]
    ) -> tuple[int, int, tuple[str, ...]]:
        cost, steps = divmod(int(key), self.k)  # a route's key is finite
        return cost, steps, tuple(self.ids[i] for i in path)

    def ordered(self) -> Iterator[tuple[int, int, tuple[str, ...]]]:
        """Every route in key order (best-first search with exact completions)."""
        src, target, limit = self.src, self.target, self.limit
        dist0 = self.completion(set())
        if dist0[src] > limit:
            return
        heap: list[tuple[float, tuple[int, ...], int]] = [(dist0[src], (src,), 0)]
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

    def count(self, stop: float) -> int:
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


def route_choices(
    game: Pioneers, state: State, seat: int | None = None, every: bool = False
) -> pd.DataFrame:
    """The moves the engine offers ``seat``: one route per target and way to pay.

    The mover steers the stagecoach, so the route decides whom the trip pays
    (ASSUMPTION-4). One row per target and payment outcome the player can
    afford (undominated ones only unless ``every``), as ``legal_actions`` lists
    them: by target, cheapest first. Columns: ``target``, ``path``, ``cost``,
    ``steps``, ``payments`` (``{"bank": 1, 2: 1}``), ``to_bank``,
    ``to_players`` and ``action``.

    >>> from toolkit.pioneers.builder import fixture_game, stage, wagon
    >>> game = fixture_game(["S-A", "A-T", "S-B", "B-T"], start="S")
    >>> state = stage(
    ...     game,
    ...     tiles={"T": "FARMER"},
    ...     roads={"S-A": 1, "A-T": 1},
    ...     players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    ... )
    >>> route_choices(game, state)[["path", "cost", "payments"]]
            path  cost     payments
    0  (S, A, T)     2       {1: 2}
    1  (S, B, T)     2  {'bank': 2}
    """
    import pandas as pd

    seat = _seat(game, state, seat)
    ids = game.board.ids
    rows = []
    for t, cost, p in game.route_choices(state, seat, every=every):
        path = tuple(ids[i] for i in p)
        pay = game.payments(state, path, seat)
        rows.append(
            {
                "target": ids[t],
                "path": path,
                "cost": cost,
                "steps": len(path) - 1,
                "payments": pay,
                "to_bank": pay.get("bank", 0),
                "to_players": sum(v for k, v in pay.items() if k != "bank"),
                "action": MoveCoach(path, cost),
            }
        )
    columns = [
        "target",
        "path",
        "cost",
        "steps",
        "payments",
        "to_bank",
        "to_players",
        "action",
    ]
    return pd.DataFrame(rows, columns=columns)


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
    heap: list[tuple[int, int, tuple[str, ...]]] = [(0, 0, (src,))]
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
