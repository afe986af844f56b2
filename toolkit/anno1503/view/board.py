"""The Anno 1503 figures: the board, its in-place update and the panel."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from toolkit.viz import common as C
from toolkit.viz import theme as T

from .data import board_data
from .geometry import _geo
from .home import _panel_traces, _static_shapes
from .style import GAME, LEGEND_HEIGHT, PLOT_W
from .traces import _legend_traces, _sea_traces

# ---------------------------------------------------------------------------- drawing


def _figure(
    game: Any,
    state: Any,
    route: Any,
    seat: int | None,
    reach: Any,
    sea: bool,
    width: int | None,
    title: bool,
    legend: bool,
    widget: bool,
) -> go.Figure:
    geo = _geo(game, sea)
    traces = (_sea_traces(game, geo) if sea else []) + _panel_traces(game, geo)
    data, lay_updates = board_data(game, state, route, seat, reach, sea)
    C.fill_traces(traces, data)
    traces += _legend_traces(game, sea)
    shapes, notes = _static_shapes(game, geo, sea)
    plot_h = round(geo.height)
    route_note = C.route_note(
        lay_updates.get("annotations[0].text", ""),
        lay_updates.get("annotations[0].visible", False),
    )
    from toolkit.viz.figurewidget import FigureWidget

    fig = (FigureWidget if widget else go.Figure)(data=traces)
    fig.update_layout(
        C.figure_layout(
            width=width,
            height=C.figure_height(plot_h, width, LEGEND_HEIGHT),
            legend_height=LEGEND_HEIGHT,
            plot_bgcolor=T.PAPER,
            legend=legend,
            xaxis=dict(visible=False, range=[0, PLOT_W], fixedrange=False),
            yaxis=dict(
                visible=False,
                range=[geo.height, 0],
                scaleanchor="x",
                scaleratio=1,
            ),
            title=lay_updates["title.text"] if title else None,
            shapes=shapes,
            annotations=[route_note, *notes],
            meta={"game": GAME, "sea": sea, "plot_height": plot_h},
        )
    )
    return fig


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    reach: Any = None,
    width: int | None = None,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The Anno 1503 board for ``state`` as a plotly figure.

    Parameters
    ----------
    route : Sail or sequence of (row, col), optional
        A sea path to draw: a ``Sail`` of the active player (its shortest path) or
        sea spaces (neighbours, or joined by shortest paths).
    seat : int, optional
        Draw what this seat sees (``game.observe``); default: every explored
        island card face up.
    reach : bool or int, optional
        Shade the sea spaces the ships of the active player (``True``) or of a
        seat can still reach this turn, with their cost in action points.
    width : int or None
        Figure width in px (height follows); None lets the page decide.
    widget : bool
        Return a ``go.FigureWidget`` (for :func:`update_board` in a notebook).
    """
    return _figure(game, state, route, seat, reach, True, width, title, legend, widget)


def update_board(
    fig: Any,
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    reach: Any = None,
) -> Any:
    """Show ``state`` in a figure from :func:`draw_board` or :func:`draw_panel`.

    Works on a ``go.FigureWidget`` (the browser redraws once, at the end of the
    batch) and on a plain ``go.Figure``. Returns ``fig``.
    """
    meta = fig.layout.meta or {}
    sea = bool(meta.get("sea", True))
    data, lay_updates = board_data(game, state, route, seat, reach, sea)
    return C.apply_board_data(fig, data, lay_updates)


def draw_panel(
    game: Any,
    state: Any,
    *,
    width: int | None = None,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The victory track and every home island, without the sea."""
    return _figure(game, state, None, None, None, False, width, title, legend, widget)
