"""Pioneers (Queen Games 2017, Emanuele Ornella): the exact rules engine.

Players build roads between cities, move one shared stagecoach along them
(paying the road owners), settle pioneers from their wagons on the cities
whose tile matches, and score emptied wagons, gold and their best road network.

>>> from toolkit import pioneers
>>> game = pioneers.Pioneers(players=4)
>>> state = game.setup()  # chance turns come first: tiles, market, start wagons
>>> game.to_move(state)  # -1 is CHANCE
-1

Glossary (English - German - Hungarian): stagecoach - Postkutsche - postakocsi;
wagon - Kutsche - kocsi; road - Strasse - ut; pioneer - Pionier - pionir;
connection - Verbindung - vonal; market - Auslage; bank - Vorrat - altalanos tartalek.
Rule IDs (``P-MOVE-4`` ...) refer to the project's Pioneers specification.
"""

from __future__ import annotations

import networkx as nx

from .actions import (
    AddFarmer,
    BuyRoads,
    BuyWagon,
    CoverCity,
    DealStart,
    Decline,
    DrawNugget,
    DrawTile,
    EndPurchases,
    FirstPlayer,
    Join,
    MoveCoach,
    Pass,
    PlaceRoad,
    Redraw,
    ReturnPioneer,
    RevealWagon,
    SergeantRoad,
    Settle,
    Skip,
    SwapTiles,
    parse_action,
)
from .board import PROFESSIONS, TILE_TYPES, Board, load_board, make_board
from .rules import Pioneers
from .scoring import best_network, road_networks, score_breakdown
from .state import PlayerState, State, Wagon


def board_graph(game: Pioneers, state: State) -> nx.Graph:
    """Return the position as a networkx graph.

    Nodes are city ids with ``name``, ``lat``, ``lon``, ``start``, ``covered``,
    ``tile`` (a tile type or None) and ``pioneers`` (seat -> count, seats with
    pioneers only); every connection is an edge with ``roads`` (owner seats).
    """
    b = game.board
    g = nx.Graph()
    for i, cid in enumerate(b.ids):
        g.add_node(
            cid,
            name=b.names[i],
            lat=b.lat[i],
            lon=b.lon[i],
            start=i == b.start,
            covered=state.covered[i],
            tile=state.tiles[i],
            pioneers={s: n for s, n in enumerate(state.settled[i]) if n},
        )
    for e in range(len(b.edges)):
        a, c = b.edge_ids(e)
        g.add_edge(a, c, roads=tuple(state.roads[e]))
    return g


__all__ = [
    "PROFESSIONS",
    "TILE_TYPES",
    "AddFarmer",
    "Board",
    "BuyRoads",
    "BuyWagon",
    "CoverCity",
    "DealStart",
    "Decline",
    "DrawNugget",
    "DrawTile",
    "EndPurchases",
    "FirstPlayer",
    "Join",
    "MoveCoach",
    "Pass",
    "Pioneers",
    "PlaceRoad",
    "PlayerState",
    "Redraw",
    "ReturnPioneer",
    "RevealWagon",
    "SergeantRoad",
    "Settle",
    "Skip",
    "State",
    "SwapTiles",
    "Wagon",
    "best_network",
    "board_graph",
    "load_board",
    "make_board",
    "parse_action",
    "road_networks",
    "score_breakdown",
]
