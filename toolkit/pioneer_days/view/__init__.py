"""The Pioneer Days view part: the board (dice pool, disaster tracks, townsfolk,
store, town) and each player's tableau, wagons and goods.

:mod:`toolkit.viz` finds this part with ``toolkit.core.part(game, "view")``:
``draw_board(game, state, seat=None)``, ``update_board(fig, game, state)`` (in
place, equal to a fresh draw) and ``draw_panel(game, state)`` (the players'
rows only).  With ``seat=`` the board shows what that seat sees: other
players' gold tokens without their value.  Nothing is told by colour alone:
wagon spaces carry a letter (W, M, G, E, ✕), dice their face.
"""

from __future__ import annotations

from .board import (
    PANEL_TRACES,
    TRACES,
    board_data,
    draw_board,
    draw_panel,
    update_board,
)

__all__ = [
    "PANEL_TRACES",
    "TRACES",
    "board_data",
    "draw_board",
    "draw_panel",
    "update_board",
]
