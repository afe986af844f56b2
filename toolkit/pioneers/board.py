"""The static Pioneers board: cities, connections and precomputed lookup tables.

A :class:`Board` never changes during a game. Cities are stored in sorted id
order, so a city's index order is its id order (used for the ASSUMPTION-4
tie-break); every connection has an index into ``state.roads``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import networkx as nx

#: The 7 pioneer tile types (P-COMP-2).
TILE_TYPES = (
    "BANKER",
    "MERCHANT",
    "SERGEANT",
    "INNKEEPER",
    "GOLD_DIGGER",
    "FARMER",
    "HOTEL",
)
#: The 6 seat professions: the tile types without HOTEL (ASSUMPTION-3).
PROFESSIONS = TILE_TYPES[:6]
#: Short labels used on boards and in notation help.
SHORT = {
    "BANKER": "BK",
    "MERCHANT": "MC",
    "SERGEANT": "SG",
    "INNKEEPER": "IK",
    "GOLD_DIGGER": "GD",
    "FARMER": "FA",
    "HOTEL": "HT",
}


class Board(NamedTuple):
    """Cities and connections of one board side, with lookup tables for the engine."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    lat: tuple[float, ...]
    lon: tuple[float, ...]
    start: int
    covered_2p: tuple[int, ...]
    edges: tuple[tuple[int, int], ...]
    index: dict[str, int]  # type: ignore[assignment]  # a field, shadowing tuple.index
    edge_index: dict[tuple[int, int], int]
    adj: tuple[tuple[tuple[int, int], ...], ...]
    side: str

    @property
    def start_id(self) -> str:
        """The start city's id."""
        return self.ids[self.start]

    def edge_ids(self, e: int) -> tuple[str, str]:
        """Return connection ``e`` as a pair of city ids (alphabetical)."""
        a, b = self.edges[e]
        return self.ids[a], self.ids[b]

    def edge_of(self, a: str, b: str) -> int | None:
        """Return the index of the connection between ``a`` and ``b``, or None."""
        ia, ib = self.index.get(a), self.index.get(b)
        if ia is None or ib is None:
            return None
        return self.edge_index.get((ia, ib))

    def graph(self) -> nx.Graph:
        """Return the static board as a networkx graph (city ids.

        Names and coordinates).
        """
        g = nx.Graph(side=self.side)
        for i, cid in enumerate(self.ids):
            g.add_node(
                cid,
                name=self.names[i],
                lat=self.lat[i],
                lon=self.lon[i],
                start=i == self.start,
                covered_2p=i in self.covered_2p,
            )
        g.add_edges_from(self.edge_ids(e) for e in range(len(self.edges)))
        return g


def make_board(
    cities: Iterable[str | tuple],
    connections: Iterable[tuple[str, str] | str],
    start: str,
    covered_2p: Sequence[str] = (),
    side: str = "custom",
) -> Board:
    """Build a board from city ids and connections, e.g. for a lesson or a test.

    ``cities`` items are ids, or tuples ``(id, name, lat, lon)``; connections are
    pairs or ``"A-B"`` strings.

    >>> b = make_board("SAB", ["S-A", "A-B"], start="S")
    >>> b.ids, b.start_id, len(b.edges)
    (('A', 'B', 'S'), 'S', 2)
    """
    rows = []
    for c in cities:
        if isinstance(c, str):
            rows.append((c, c, 0.0, 0.0))
        else:
            cid, name, lat, lon = ((*tuple(c), None, None, None))[:4]
            rows.append((cid, name or cid, float(lat or 0.0), float(lon or 0.0)))
    rows.sort(key=lambda r: r[0])
    ids = tuple(r[0] for r in rows)
    index = {cid: i for i, cid in enumerate(ids)}
    if len(index) != len(ids):
        raise ValueError("city ids must be unique")
    if start not in index:
        raise ValueError(f"the start city {start!r} is not one of the cities")
    pairs: set[tuple[int, int]] = set()
    for conn in connections:
        a, b = conn.split("-") if isinstance(conn, str) else conn
        for x in (a, b):
            if x not in index:
                raise ValueError(f"connection {a}-{b} names an unknown city {x!r}")
        if a == b:
            raise ValueError(f"connection {a}-{b} joins a city to itself")
        i, j = sorted((index[a], index[b]))
        pairs.add((i, j))
    edges = tuple(sorted(pairs))
    edge_index: dict[tuple[int, int], int] = {}
    adj: list[list[tuple[int, int]]] = [[] for _ in ids]
    for e, (u, v) in enumerate(edges):
        edge_index[(u, v)] = edge_index[(v, u)] = e
        adj[u].append((v, e))
        adj[v].append((u, e))
    for c in covered_2p:
        if c not in index:
            raise ValueError(f"covered city {c!r} is not one of the cities")
    return Board(
        ids=ids,
        names=tuple(r[1] for r in rows),
        lat=tuple(r[2] for r in rows),
        lon=tuple(r[3] for r in rows),
        start=index[start],
        covered_2p=tuple(sorted(index[c] for c in covered_2p)),
        edges=edges,
        index=index,
        edge_index=edge_index,
        adj=tuple(tuple(sorted(a)) for a in adj),
        side=side,
    )


@functools.lru_cache(maxsize=8)
def load_board(side: str) -> Board:
    """Return the designed board side ``"4p"`` or ``"23p"`` (``datasets/pioneers``)."""
    from .data import load_cities, load_connections

    cities = load_cities(side)
    starts = [c.id for c in cities if c.start]
    return make_board(
        [(c.id, c.name, c.lat, c.lon) for c in cities],
        load_connections(side),
        start=starts[0],
        covered_2p=[c.id for c in cities if c.covered_2p],
        side=side,
    )
