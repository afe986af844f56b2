"""Stagecoach routing with tolls, on networkx graphs (P-MOVE-1..7, ASSUMPTION-4/5).

The engine finds legal moves with its own fast searches
(:meth:`Pioneers.cheapest_routes`, :meth:`Pioneers.route_choices`). This module
states the same rules in networkx terms, for lessons and for checking the
engine:

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
* :func:`route_choices` - the moves the engine offers: per target, one route
  per way to pay for the trip (ASSUMPTION-4), with who gets paid.
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

from .route_graph import (
    Route,
    Verdict,
    cheapest_routes,
    passable_graph,
    step_cost,
    step_weight,
    targets,
    verdict,
)
from .route_search import (
    COUNT_LIMIT,
    ROUTE_LIMIT,
    DijkstraStep,
    all_routes,
    check_route,
    dijkstra_steps,
    iter_routes,
    route_choices,
)

__all__ = [
    "COUNT_LIMIT",
    "ROUTE_LIMIT",
    "DijkstraStep",
    "Route",
    "Verdict",
    "all_routes",
    "cheapest_routes",
    "check_route",
    "dijkstra_steps",
    "iter_routes",
    "passable_graph",
    "route_choices",
    "step_cost",
    "step_weight",
    "targets",
    "verdict",
]
