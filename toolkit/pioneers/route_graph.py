"""Stagecoach routing on networkx graphs: graph, toll, cheapest routes, verdict.

See :mod:`toolkit.pioneers.routes`, which gathers the routing functions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

import networkx as nx

from toolkit.core import IllegalAction

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .rules import Pioneers
    from .state import State


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
