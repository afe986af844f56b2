"""The sea board as a networkx grid graph (A-SHIP, A-EXPL, ASSUMPTION-1..3).

Ships step between orthogonally adjacent sea spaces (A-SHIP-3), so the sea is
``networkx.grid_2d_graph(rows, cols)`` with the island spaces removed.  Breadth-
first search gives every sea distance; the engine lists a ship's ``sail``
actions and explorable islands from these distances, and the lesson can call
:func:`reachable` to show how far a ship gets with the action points it has left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import networkx as nx

if TYPE_CHECKING:
    from .rules import Anno1503
    from .state import State

Pos = tuple[int, int]
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def build_sea(rows: int, cols: int, islands: list[Pos]) -> nx.Graph:
    """The sea graph: a ``rows`` x ``cols`` grid without the island spaces."""
    graph = nx.grid_2d_graph(rows, cols)
    graph.remove_nodes_from(islands)
    return graph


def sea_distances(graph: nx.Graph) -> dict[Pos, tuple[tuple[Pos, int], ...]]:
    """For every sea space, all sea spaces with their BFS distance, sorted by position."""
    return {
        node: tuple(sorted(nx.single_source_shortest_path_length(graph, node).items()))
        for node in sorted(graph)
    }


def coast(graph: nx.Graph, islands: list[Pos]) -> dict[Pos, tuple[Pos, ...]]:
    """For every sea space, the island spaces orthogonally next to it (ASSUMPTION-2)."""
    isl = set(islands)
    out = {}
    for r, c in sorted(graph):
        out[(r, c)] = tuple(
            sorted(p for dr, dc in STEPS if (p := (r + dr, c + dc)) in isl)
        )
    return out


def farthest_islands(
    graph: nx.Graph, start: Pos, islands: list[Pos]
) -> tuple[Pos, ...]:
    """Islands ordered from farthest to nearest by sea distance from the start (ASSUMPTION-3).

    An island's distance is the fewest moves from the start to a sea space next
    to it; ties go to the lowest ``(row, col)``.
    """
    dist = nx.single_source_shortest_path_length(graph, start)
    isl = set(islands)
    best: dict[Pos, int] = {}
    for (r, c), d in dist.items():
        for dr, dc in STEPS:
            p = (r + dr, c + dc)
            if p in isl and d < best.get(p, 10**9):
                best[p] = d
    return tuple(sorted(best, key=lambda p: (-best[p], p)))


def sea_graph(game: Anno1503) -> nx.Graph:
    """The game's sea graph (nodes are ``(row, col)`` sea spaces); do not modify it.

    Examples
    --------
    >>> from toolkit import anno1503
    >>> g = anno1503.sea_graph(anno1503.Anno1503(players=3))
    >>> g.number_of_nodes(), (2, 0) in g, (1, 6) in g
    (40, True, False)
    """
    return game.sea


class Reach(NamedTuple):
    """Where one ship can get this turn: AP cost to each sea space and to explore each island."""

    ship: int
    at: Pos
    ap: int
    spaces: dict[Pos, int]
    islands: dict[Pos, int]


def reach_from(game: Anno1503, at: Pos, ap: int, stacks=None) -> Reach:
    """Sea spaces within ``ap`` moves of ``at``, and islands explorable with ``ap`` (1 AP each).

    ``stacks`` (the state's island stacks) limits the islands to those holding a card.
    """
    spaces = {p: d for p, d in game.distances[at] if d <= ap}
    islands: dict[Pos, int] = {}
    for p, d in spaces.items():
        if d >= ap:
            continue
        for isl in game.coast[p]:
            if stacks is not None and not stacks[game.island_index[isl]]:
                continue
            if d + 1 < islands.get(isl, 10**9):
                islands[isl] = d + 1
    return Reach(0, at, ap, spaces, dict(sorted(islands.items())))


def reachable(game: Anno1503, state: State, seat: int | None = None) -> list[Reach]:
    """For each of ``seat``'s ships on the board: reachable sea spaces and explorable islands.

    Uses the action points the ship has left this turn (its full AP if phase 3
    has not begun, or if ``seat`` is not the active player).

    Examples
    --------
    >>> from toolkit import anno1503
    >>> game = anno1503.Anno1503(players=3)
    >>> s = anno1503.position(game, seats={0: {"ships": [(2, 5)]}})
    >>> r = anno1503.reachable(game, s, 0)[0]
    >>> r.ap, r.spaces[(2, 7)], r.islands[(2, 8)]
    (3, 2, 3)
    """
    if seat is None:
        seat = state.active
    out = []
    for i, at in enumerate(state.players[seat].ships):
        if at is None:
            continue
        ap = game.ship_ap(state, seat, i)
        r = reach_from(game, at, ap, state.islands)
        out.append(r._replace(ship=i + 1))
    return out


__all__ = [
    "Reach",
    "build_sea",
    "farthest_islands",
    "reachable",
    "sea_distances",
    "sea_graph",
]
