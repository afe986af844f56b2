"""The Montana view part: the hex landscape, the wheel, the city, the action board
and the player boards in one plotly figure.

:mod:`toolkit.viz` finds this part with ``toolkit.core.part(game, "view")``:

``draw_board(game, state, **options) -> go.Figure``
    Hexes coloured by what they cost, with their type code; the starting tile
    (a star), cattle (brown squares) and canteens (blue rings) still on the
    landscape; settlements as the seat's marker with the number on the hex.
    Right: the hiring wheel with its pointer, the city's 4 rows x 3 columns
    with the contractors, the bank and the production spaces with the workers
    standing there (coloured by their good). Below: one row per player board.
``update_board(fig, game, state)``
    The same for another position, in place; equal to a fresh draw.
``draw_panel(game, state)``
    The same figure (the player boards are on it).

Nothing is told by colour alone: hexes carry their type code, seats a marker
shape, the wheel its segment's text.
"""

from __future__ import annotations

from .board import (
    HEX_STYLE,
    TRACES,
    WORKER_STYLE,
    board_data,
    draw_board,
    draw_panel,
    update_board,
)

__all__ = [
    "HEX_STYLE",
    "TRACES",
    "WORKER_STYLE",
    "board_data",
    "draw_board",
    "draw_panel",
    "update_board",
]
