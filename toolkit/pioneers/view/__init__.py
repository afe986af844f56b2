"""The Pioneers view part: board, player panel and market as figures; the apps.

:mod:`toolkit.viz` finds this part with ``toolkit.core.part(game, "view")``;
every view has the same contract:

``draw_board(game, state, route=None, **options) -> go.Figure``
    The whole board. Traces have stable names (see :data:`TRACES`), so tests and
    widgets find them with ``fig.select_traces(selector={"name": ...})``.
``update_board(fig, game, state, route=None, **options)``
    Change an existing figure (a ``go.FigureWidget`` in a lesson) in place to show
    another position of the same game: only trace data and a few layout texts are
    replaced, inside ``fig.batch_update()``. The result equals a fresh
    ``draw_board`` of that position.
``draw_panel(game, state) -> go.Figure``
    The players' boards (money, VP, wagons and seats) and the market.

Besides: :func:`board_data` (what depends on the position, for replays),
the README
pictures (:data:`GALLERY`, :func:`gallery_figures`), and the apps
:class:`RouteExplorer` (every stagecoach route to a target, Dijkstra step by
step) and :class:`PositionEditor` (stage a position). The apps are imported on
first use, so drawing a board does not load ipywidgets.

The map comes from the cities' latitude and longitude (``x = lon cos 38°``,
``y = lat``), scaled to screen pixels at the default width of 1000 px and then
spread just enough that no two cities, and no city and a connection, crowd each
other (a board game's map is a stylised map too). City labels are placed beside
their city where they overlap nothing else.
"""

from __future__ import annotations

import importlib
from typing import Any

from toolkit.viz.common import trace_index

from .board import draw_board, update_board
from .data import board_data
from .gallery import GALLERY, gallery_figures
from .geometry import BoardLayout, board_layout
from .panel import draw_panel
from .style import LEGEND_HEIGHT, TRACES

#: App name -> module of this package that defines it (imported on first use).
_APPS = {
    "RouteExplorer": "explorer",
    "PositionEditor": "editor",
    "EditorError": "editor",
    "parse_fields": "editor",
}


def __getattr__(name: str) -> Any:
    if name in _APPS:
        module = importlib.import_module(f"{__name__}.{_APPS[name]}")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GALLERY",
    "LEGEND_HEIGHT",
    "TRACES",
    "BoardLayout",
    "EditorError",
    "PositionEditor",
    "RouteExplorer",
    "board_data",
    "board_layout",
    "draw_board",
    "draw_panel",
    "gallery_figures",
    "parse_fields",
    "trace_index",
    "update_board",
]
