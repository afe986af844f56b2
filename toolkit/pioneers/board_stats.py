"""Board analysis with networkx: degrees, chokepoints, distance layers, betweenness.

Every function takes a game and, optionally, a state: with a state, covered
cities (2 players, P-SETUP-2) are left out, because nothing may enter them.
Every function returns a tidy :class:`pandas.DataFrame`: one row per city,
degree or connection.

>>> from toolkit.pioneers.builder import fixture_game
>>> game = fixture_game(["S-A", "A-B", "B-C", "C-A", "C-D"], start="S")
>>> bridges(game)[["connection", "cut_off"]]
  connection  cut_off
0        A-S        1
1        C-D        1
>>> articulation_points(game)["city"].tolist()
['A', 'C']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx

from toolkit.pioneers.routes import passable_graph, step_weight

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def board_view(game: Any, state: Any = None) -> nx.Graph:
    """Return the board as an undirected graph, without covered cities if ``state``.

    Nodes are city ids with ``name`` and ``start``; edges carry ``roads`` (the
    owners, when a state is given) and ``connection`` (``"A-B"``).
    """
    b = game.board
    covered = state.covered if state is not None else (False,) * len(b.ids)
    g = nx.Graph(side=b.side)
    for i, cid in enumerate(b.ids):
        if not covered[i]:
            g.add_node(cid, name=b.names[i], start=i == b.start)
    for e, (a, c) in enumerate(b.edges):
        if covered[a] or covered[c]:
            continue
        roads = tuple(state.roads[e]) if state is not None else ()
        g.add_edge(b.ids[a], b.ids[c], roads=roads, connection=f"{b.ids[a]}-{b.ids[c]}")
    return g


def _connection(a: str, b: str) -> tuple[str, str, str]:
    a, b = sorted((a, b))
    return f"{a}-{b}", a, b


def degree_table(game: Any, state: Any = None) -> pd.DataFrame:
    """Tabulate each city's degree (number of connections): one row per city."""
    import pandas as pd

    g = board_view(game, state)
    rows = [
        {
            "city": c,
            "name": g.nodes[c]["name"],
            "degree": d,
            "start": g.nodes[c]["start"],
        }
        for c, d in sorted(g.degree)
    ]
    return pd.DataFrame(rows, columns=["city", "name", "degree", "start"])


def degree_distribution(game: Any, state: Any = None) -> pd.DataFrame:
    """Tabulate the degree distribution: one row per degree.

    Columns: ``degree``, ``cities`` (how many have it), ``share`` (of all
    cities) and ``examples`` (their ids, sorted).
    """
    import pandas as pd

    g = board_view(game, state)
    by_degree: dict[int, list[str]] = {}
    for c, d in sorted(g.degree):
        by_degree.setdefault(d, []).append(c)
    n = g.number_of_nodes()
    rows = [
        {"degree": d, "cities": len(cs), "share": len(cs) / n, "examples": tuple(cs)}
        for d, cs in sorted(by_degree.items())
    ]
    return pd.DataFrame(rows, columns=["degree", "cities", "share", "examples"])


def bridges(game: Any, state: Any = None) -> pd.DataFrame:
    """Tabulate the bridges: connections whose loss splits the board.

    One row per bridge: ``connection``, ``a``, ``b``, ``cut_off`` (cities on
    the smaller side) and ``cut_off_cities``. Sorted by ``cut_off`` (largest
    first), then connection.
    """
    import pandas as pd

    g = board_view(game, state)
    rows = []
    for u, v in nx.bridges(g):
        h = g.copy()
        h.remove_edge(u, v)
        side = min(
            nx.node_connected_component(h, u),
            nx.node_connected_component(h, v),
            key=lambda s: (len(s), sorted(s)),
        )
        name, a, b = _connection(u, v)
        rows.append(
            {
                "connection": name,
                "a": a,
                "b": b,
                "cut_off": len(side),
                "cut_off_cities": tuple(sorted(side)),
            }
        )
    df = pd.DataFrame(
        rows, columns=["connection", "a", "b", "cut_off", "cut_off_cities"]
    )
    return df.sort_values(
        ["cut_off", "connection"], ascending=[False, True], ignore_index=True
    )


def articulation_points(game: Any, state: Any = None) -> pd.DataFrame:
    """Tabulate the articulation points: cities whose loss splits the board.

    One row per such city: ``city``, ``name``, ``parts`` (pieces left without
    it), ``cut_off`` (cities outside the largest piece) and ``cut_off_cities``.
    A chokepoint for the stagecoach too: a tile there blocks every route
    through it (P-MOVE-3). Sorted by ``cut_off`` (largest first), then city.
    """
    import pandas as pd

    g = board_view(game, state)
    rows = []
    for c in nx.articulation_points(g):
        h = g.copy()
        h.remove_node(c)
        parts = sorted(nx.connected_components(h), key=lambda s: (-len(s), sorted(s)))
        cut = sorted(x for p in parts[1:] for x in p)
        rows.append(
            {
                "city": c,
                "name": g.nodes[c]["name"],
                "parts": len(parts),
                "cut_off": len(cut),
                "cut_off_cities": tuple(cut),
            }
        )
    df = pd.DataFrame(
        rows, columns=["city", "name", "parts", "cut_off", "cut_off_cities"]
    )
    return df.sort_values(
        ["cut_off", "city"], ascending=[False, True], ignore_index=True
    )


def distance_layers(
    game: Any, state: Any = None, source: str | None = None
) -> pd.DataFrame:
    """Tabulate breadth-first layers: one row per city with its distance in steps.

    ``source`` defaults to the start city. Columns: ``city``, ``name``,
    ``layer`` (steps from the source; <NA> when unreachable), ``parent`` (the
    city one layer closer, smallest id first; missing for the source and for
    unreachable cities).
    """
    import pandas as pd

    g = board_view(game, state)
    source = game.board.start_id if source is None else source
    if source not in g:
        raise ValueError(f"there is no uncovered city {source!r} on this board.")
    layer: dict[str, int] = {}
    for k, cities in enumerate(nx.bfs_layers(g, source)):
        for c in cities:
            layer[c] = k
    rows = []
    for c in sorted(g):
        at = layer.get(c)
        parents = sorted(p for p in g[c] if at is not None and layer.get(p) == at - 1)
        rows.append(
            {
                "city": c,
                "name": g.nodes[c]["name"],
                "layer": at,
                "parent": parents[0] if parents else None,
            }
        )
    df = pd.DataFrame(rows, columns=["city", "name", "layer", "parent"])
    df["layer"] = df["layer"].astype("Int64")
    df.attrs["source"] = source
    return df


def edge_betweenness(
    game: Any, state: Any, seat: int | None = None, normalized: bool = True
) -> pd.DataFrame:
    """Tabulate edge betweenness on the passable graph: one row per connection.

    The graph is :func:`toolkit.pioneers.routes.passable_graph`: routes start
    on any untiled city and end on any city, never passing through a tiled or
    covered one (P-MOVE-3). Without ``seat``, routes are shortest in steps and
    may end on every tiled city. With ``seat``, they are that player's
    cheapest routes (tolls of P-MOVE-2; ties: fewer steps) and end only on
    their targets. A connection's ``betweenness`` sums both directions: the
    share of all such shortest routes (pairs counted in both directions,
    equal routes sharing) that cross it. Columns: ``connection``, ``a``,
    ``b``, ``betweenness``, ``roads`` (owners), ``toll`` (what ``seat`` pays to
    cross; None without a seat). Sorted by betweenness, largest first.
    """
    import pandas as pd

    g = passable_graph(game, state, seat)
    if seat is None:
        weight = None
    else:
        k = g.number_of_nodes() + 1
        toll = step_weight(seat)

        def weight(u: Any, v: Any, d: dict) -> int:  # cost first, then steps
            return k * toll(u, v, d) + 1

    if g.number_of_edges():
        arc = nx.edge_betweenness_centrality(g, normalized=normalized, weight=weight)
    else:
        arc = {}
    per: dict[str, dict] = {}
    for (u, v), value in arc.items():
        name, a, b = _connection(u, v)
        row = per.setdefault(
            name,
            {
                "connection": name,
                "a": a,
                "b": b,
                "betweenness": 0.0,
                "roads": g.edges[u, v]["roads"],
            },
        )
        row["betweenness"] += value
    rows = sorted(per.values(), key=lambda r: (-r["betweenness"], r["connection"]))
    for r in rows:
        r["toll"] = None if seat is None else step_weight(seat)(r["a"], r["b"], r)
    df = pd.DataFrame(
        rows, columns=["connection", "a", "b", "betweenness", "roads", "toll"]
    )
    df.attrs.update(seat=seat, normalized=normalized)
    return df
