"""Road networks and the network score (P-SCORE-4, ASSUMPTION-17) with networkx.

A player's road network is a connected component of the graph whose edges are
the connections carrying one of their roads; a connection with two roads
belongs to both owners' networks. Each network counts the owner's own pioneers
in its cities, and the network with the most of them scores 2 VP per pioneer.

>>> from toolkit.pioneers.builder import fixture_game, stage
>>> game = fixture_game(["S-A", "A-B", "C-D"], start="S")
>>> state = stage(
...     game,
...     roads={"S-A": 0, "A-B": 0, "C-D": (0, 1)},
...     settled={"S": {0: 1, 1: 1}, "C": {0: 1}, "D": {0: 1}},
... )
>>> road_networks(game, state, seat=0)[["network", "cities", "roads", "pioneers", "vp"]]
   network     cities  roads  pioneers  vp
0        1     (C, D)      1         2   4
1        2  (A, B, S)      2         1   0

The counts agree with the engine's :func:`toolkit.pioneers.road_networks`
(tests check it); this module adds the networkx graph and tidy tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: VP per own pioneer in the best network (P-SCORE-4).
VP_PER_PIONEER = 2

NETWORK_COLUMNS = [
    "seat",
    "network",
    "cities",
    "n_cities",
    "roads",
    "pioneers",
    "best",
    "vp",
    "connections",
]


def _seats(game: Any, seat: int | None) -> list[int]:
    n = game.players
    if seat is None:
        return list(range(n))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(
            f"seat {seat!r} is not a player: this game has {n} players, "
            f"seats 0 to {n - 1}."
        )
    return [seat]


def road_graph(game: Any, state: Any, seat: int) -> nx.Graph:
    """Return the graph of ``seat``'s roads: one edge per connection carrying one.

    Nodes are the cities those roads touch, with ``pioneers`` (the player's
    own pioneers there); edges carry ``roads`` (all owners of the connection).
    Its connected components are the player's road networks (P-SCORE-4).
    """
    (seat,) = _seats(game, seat)
    b = game.board
    g = nx.Graph(seat=seat)
    for e, owners in enumerate(state.roads):
        if seat in owners:
            a, c = b.edges[e]
            for i in (a, c):
                g.add_node(b.ids[i], pioneers=state.settled[i][seat])
            g.add_edge(b.ids[a], b.ids[c], roads=tuple(owners))
    return g


def _networks(game: Any, state: Any, seat: int) -> list[dict]:
    g = road_graph(game, state, seat)
    nets = []
    for comp in nx.connected_components(g):
        cities = tuple(sorted(comp))
        sub = g.subgraph(comp)
        nets.append(
            {
                "seat": seat,
                "cities": cities,
                "n_cities": len(cities),
                "roads": sub.number_of_edges(),
                "pioneers": sum(g.nodes[c]["pioneers"] for c in cities),
                "connections": tuple(sorted("-".join(sorted(e)) for e in sub.edges)),
            }
        )
    # the engine's order: most own pioneers, then most roads, then city ids
    nets.sort(key=lambda n: (-n["pioneers"], -n["roads"], n["cities"]))
    for k, net in enumerate(nets, start=1):
        net["network"] = k
        net["best"] = k == 1
        net["vp"] = VP_PER_PIONEER * net["pioneers"] if k == 1 else 0
    return nets


def road_networks(game: Any, state: Any, seat: int | None = None) -> pd.DataFrame:
    """Tabulate road networks: one row per player and network (P-SCORE-4).

    Columns: ``seat``, ``network`` (1 = the best), ``cities`` (sorted ids),
    ``n_cities``, ``roads``, ``pioneers`` (the owner's own pioneers in those
    cities, the start city's included), ``best``, ``vp`` (2 per pioneer for the
    best network, else 0) and ``connections`` (``"A-B"`` ids). Networks are
    ordered by pioneers, then roads, then city ids; only the count of the best
    matters for scoring, so ties do not change any score (ASSUMPTION-17). A
    player without roads has no rows. ``seat=None`` lists every player.
    """
    import pandas as pd

    rows = [net for s in _seats(game, seat) for net in _networks(game, state, s)]
    return pd.DataFrame(rows, columns=NETWORK_COLUMNS)


def best_networks(game: Any, state: Any) -> pd.DataFrame:
    """Tabulate every player's best network: one row per seat (P-SCORE-4).

    Columns: ``seat``, ``cities``, ``n_cities``, ``roads``, ``pioneers``,
    ``vp`` (2 per own pioneer) and ``networks`` (how many the player has). A
    player without roads scores 0 and has an empty network (ASSUMPTION-17).
    """
    import pandas as pd

    rows = []
    for s in range(game.players):
        nets = _networks(game, state, s)
        best: dict[str, Any] = (
            nets[0]
            if nets
            else {"cities": (), "n_cities": 0, "roads": 0, "pioneers": 0}
        )
        rows.append(
            {
                "seat": s,
                "cities": best["cities"],
                "n_cities": best["n_cities"],
                "roads": best["roads"],
                "pioneers": best["pioneers"],
                "vp": VP_PER_PIONEER * best["pioneers"],
                "networks": len(nets),
            }
        )
    return pd.DataFrame(rows)
