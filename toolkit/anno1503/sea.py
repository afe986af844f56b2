"""The sea board as a networkx grid graph (A-SHIP, A-EXPL, ASSUMPTION-1..3).

Ships step between orthogonally adjacent sea spaces (A-SHIP-3), so the sea is
``networkx.grid_2d_graph(rows, cols)`` with the island spaces removed.  Breadth-
first search gives every sea distance; the engine lists a ship's ``sail``
actions and explorable islands from these distances, and the lesson can call
:func:`~toolkit.anno1503.reach.reachable` to show how far a ship gets with the
action points it has left.
"""

from __future__ import annotations

import networkx as nx

Pos = tuple[int, int]
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def build_sea(rows: int, cols: int, islands: list[Pos]) -> nx.Graph:
    """Return the sea graph: a ``rows`` x ``cols`` grid without the island spaces."""
    graph = nx.grid_2d_graph(rows, cols)
    graph.remove_nodes_from(islands)
    return graph


def sea_distances(graph: nx.Graph) -> dict[Pos, tuple[tuple[Pos, int], ...]]:
    """For every sea space, all sea spaces with their BFS distance.

    Sorted by position.
    """
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
    """Return the islands from farthest to nearest by sea distance (ASSUMPTION-3).

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


__all__ = ["build_sea", "coast", "farthest_islands", "sea_distances"]
