"""Analysis of positions and games as tidy pandas tables.

Road networks and scoring (:mod:`.networks`), board structure (:mod:`.board`)
and road value from simulated games (:mod:`.road_value`) are re-exported
here, with tournaments (:mod:`.tournament`) and statistics (:mod:`.stats`).
pandas loads only when a table is made.
"""

from .board import (
    articulation_points,
    board_view,
    bridges,
    degree_distribution,
    degree_table,
    distance_layers,
    edge_betweenness,
)
from .networks import best_networks, road_graph, road_networks
from .road_value import road_value, route_log, simulate_moves
from . import stats, tournament  # modules: tournament.tournament(...), stats.summary(...)

__all__ = [
    "articulation_points",
    "best_networks",
    "board_view",
    "bridges",
    "degree_distribution",
    "degree_table",
    "distance_layers",
    "edge_betweenness",
    "road_graph",
    "road_networks",
    "road_value",
    "route_log",
    "simulate_moves",
    "stats",
    "tournament",
]
