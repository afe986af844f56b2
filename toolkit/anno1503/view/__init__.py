"""The Anno 1503 view part: the board (sea, supply, victory track, home islands).

:mod:`toolkit.viz` finds this part with ``toolkit.core.part(game, "view")``;
every view has the same contract:

``draw_board(game, state, route=None, **options) -> go.Figure``
    The whole board, top to bottom: the sea grid with its island stacks and
    ships; the supply (goods piles, the island-card reserve, the public
    buildings on display); the victory-condition track; one home island per
    player (production table with its stone bridges and branch offices, goods in
    hand, wooden bridges with trade contracts, the chain of resident spaces with
    their public buildings). Traces have stable names (:data:`TRACES`).
``update_board(fig, game, state, route=None, **options)``
    Show another position of the same game in an existing figure (a
    ``go.FigureWidget`` in a lesson), in place; the result equals a fresh draw.
``board_data(game, state, ...)``
    Everything that depends on the position, as ``({trace: properties}, layout)``.
``draw_panel(game, state)``
    Only the victory track and the home islands (no sea).

Hidden information. An island card is drawn face down, showing the number on
its back (2, 3 or 4, visible to everyone, A-COMP-5), unless it has been
explored; explored cards show their face. With ``seat=`` the board is drawn
from ``game.observe(state, seat)``: only the cards that seat looked at are
face up, exactly what that player may know.

Ship reach. ``reach=True`` shades every sea space the active player's ships can
still reach this turn, with its cost in action points (breadth-first search on
the sea graph, :func:`toolkit.anno1503.reachable`), and rings the islands they
can explore. ``route=Sail(1, (2, 7))`` (or a list of sea spaces) draws a
shortest sea path.

Nothing is told by colour alone: goods carry a 2-letter code, residents a
letter (P, S, C, M), buildings a short code, players a marker shape.
"""

from __future__ import annotations

from toolkit.viz.common import trace_index

from .board import draw_board, draw_panel, update_board
from .data import board_data
from .geometry import card_text, geometry, route_path
from .style import (
    BUILDING_STYLE,
    CONDITIONS,
    GOODS_STYLE,
    LEGEND_HEIGHT,
    LEVEL_STYLE,
    PANEL_TRACES,
    TRACES,
)

__all__ = [
    "BUILDING_STYLE",
    "CONDITIONS",
    "GOODS_STYLE",
    "LEGEND_HEIGHT",
    "LEVEL_STYLE",
    "PANEL_TRACES",
    "TRACES",
    "board_data",
    "card_text",
    "draw_board",
    "draw_panel",
    "geometry",
    "route_path",
    "trace_index",
    "update_board",
]
