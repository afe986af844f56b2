"""The landscape as a graph: axial hexes (M-DATA-5) and their adjacency.

:func:`geometry_graph` builds the hex grid of a player count with networkx
(nodes are axial ``(q, r)``, each edge carries the direction index from the
smaller to the larger node); :class:`Geometry` holds the plain tables the
engine reads, built *from that graph*: neighbours of every hex and, for each
hex and direction, the ray of hexes beyond it (the line checks of M-BUILD-6).
:func:`board_graph` is the same graph with the state of a game on its nodes.

>>> from toolkit.montana.tables import load_tables
>>> geo = Geometry.build(load_tables().centres[2])
>>> len(geo.coords), geo.coords[geo.at[(0, 0)]]
(49, (0, 0))
"""

from __future__ import annotations

from typing import Any, NamedTuple

import networkx as nx

from .tables import DIRECTIONS

Hex = tuple[int, int]

#: The three axes of M-BUILD-6 as pairs of opposite directions.
AXES = ((0, 3), (1, 4), (2, 5))


def tile_cells(centre: Hex, rotation: int) -> tuple[Hex, ...]:
    """The 7 hexes of a tile at ``centre``: the centre, then listed neighbour i
    at ``centre + dir((i + rotation) mod 6)`` (M-DATA-5, EX-15).
    """
    q, r = centre
    out = [centre]
    for i in range(6):
        dq, dr = DIRECTIONS[(i + rotation) % 6]
        out.append((q + dq, r + dr))
    return tuple(out)


def geometry_graph(centres: tuple[Hex, ...]) -> nx.Graph:
    """The hex grid covered by tiles at ``centres``: nodes ``(q, r)``, an edge between
    neighbours with ``dir`` (from the smaller node to the larger) and ``axis``.
    """
    g = nx.Graph()
    for c in centres:
        for h in tile_cells(c, 0):
            g.add_node(h, q=h[0], r=h[1])
    for h in sorted(g):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            n = (h[0] + dq, h[1] + dr)
            if n in g and h < n:
                g.add_edge(h, n, dir=d, axis=d % 3)
    return g


def direction(g: nx.Graph, a: Hex, b: Hex) -> int:
    """The direction index from ``a`` to its neighbour ``b``, read from the edge."""
    d: int = g.edges[a, b]["dir"]
    return d if a < b else (d + 3) % 6


class Geometry(NamedTuple):
    """Static tables of one landscape shape, built from :func:`geometry_graph`."""

    coords: tuple[Hex, ...]  # hex index -> (q, r), sorted by (r, q)
    at: dict[Hex, int]  # (q, r) -> hex index
    neighbours: tuple[tuple[int, ...], ...]  # hex -> neighbour indices, sorted
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # hex -> dir -> hexes beyond
    tile_of: tuple[int, ...]  # hex -> which centre (order) it belongs to

    @classmethod
    def build(cls, centres: tuple[Hex, ...]) -> Geometry:
        """The tables of the landscape with tiles at ``centres``."""
        g = geometry_graph(centres)
        coords = tuple(sorted(g, key=lambda h: (h[1], h[0])))
        index = {h: i for i, h in enumerate(coords)}
        step: dict[tuple[int, int], int] = {}
        for a, b in g.edges:
            d = direction(g, a, b)
            step[index[a], d] = index[b]
            step[index[b], (d + 3) % 6] = index[a]
        neighbours = tuple(
            tuple(sorted(index[n] for n in g.neighbors(h))) for h in coords
        )
        rays = []
        for i in range(len(coords)):
            per_dir = []
            for d in range(6):
                ray, cur = [], i
                while (cur, d) in step:
                    cur = step[cur, d]
                    ray.append(cur)
                per_dir.append(tuple(ray))
            rays.append(tuple(per_dir))
        tile_of = []
        for h in coords:
            tile_of.append(
                next(k for k, c in enumerate(centres) if h in tile_cells(c, 0))
            )
        return cls(coords, index, neighbours, tuple(rays), tuple(tile_of))


def run_lengths(
    rays: tuple[tuple[int, ...], ...], mine: Any, limit: int = 4
) -> tuple[tuple[int, int], ...]:
    """For each axis, the builder's consecutive hexes on either side of a hex (up
    to ``limit`` each); ``mine(i)`` says whether hex ``i`` is the builder's.
    """
    out = []
    for d, e in AXES:
        sides = []
        for ray in (rays[d], rays[e]):
            n = 0
            for h in ray:
                if n >= limit or not mine(h):
                    break
                n += 1
            sides.append(n)
        out.append((sides[0], sides[1]))
    return tuple(out)


def line_bonus(runs: tuple[tuple[int, int], ...]) -> bool:
    """M-BUILD-6: a new straight run of at least 4 on some axis, neither side
    already 4 or more (ASSUMPTION-24; at most one bonus, ASSUMPTION-15).
    """
    return any(a + 1 + b >= 4 and a <= 3 and b <= 3 for a, b in runs)


def board_graph(game: Any, state: Any) -> nx.Graph:
    """The landscape of ``state`` as a networkx graph.

    Nodes are axial ``(q, r)`` with attributes ``q``, ``r``, ``kind`` (hex type
    code, ``""`` before its tile is drawn), ``cost`` (goods as text, e.g.
    ``"Cg"``), ``cattle`` and ``canteen`` (still on the hex), ``owner`` (a seat,
    ``"start"`` for the starting tile, or ``None``) and ``settlements``; edges
    join neighbours and carry ``dir`` and ``axis`` as in :func:`geometry_graph`.
    """
    from .tables import CODES

    g = geometry_graph(game.centres)
    types = game.tables.hex_types
    for i, h in enumerate(game.geometry.coords):
        kind = state.kinds[i]
        cost = types[kind].cost if kind else ()
        owner: Any = state.owner[i]
        node = g.nodes[h]
        node["kind"] = kind
        node["cost"] = "".join(c * k for c, k in zip(CODES, cost, strict=False))
        node["cattle"] = bool(state.cattle[i])
        node["canteen"] = bool(state.canteen[i])
        node["owner"] = "start" if i == state.start else (owner if owner >= 0 else None)
        node["settlements"] = state.stack[i]
    return g


__all__ = [
    "AXES",
    "Geometry",
    "Hex",
    "board_graph",
    "direction",
    "geometry_graph",
    "line_bonus",
    "run_lengths",
    "tile_cells",
]
