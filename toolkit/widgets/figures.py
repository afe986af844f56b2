"""The board the widgets show, from :mod:`toolkit.viz`, as a clickable FigureWidget.

The board is a ``go.FigureWidget`` so a click on a city or a connection
reaches Python and a new position is drawn in place (``viz.update`` changes
trace data only). The charts are ``toolkit.viz.charts``' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit import viz
from toolkit.viz import theme as T
from toolkit.viz.figurewidget import FigureWidget

__all__ = ["WIDTH", "T", "board", "city_xy", "trace", "update_board"]

#: Board width of the apps in px: a FigureWidget is drawn at a fixed size that
#: fits JupyterLab's 968 px output area beside the file browser and a Voila page
#: (the static boards of ``viz.draw`` fit their container instead).
WIDTH = 860


def board(
    game: Any,
    state: Any,
    route: Any = None,
    seat: int | None = None,
    width: int | None = WIDTH,
    extra: Sequence[Any] = (),
) -> go.FigureWidget:
    """The board of ``state`` as a ``FigureWidget`` (clickable, updatable in place).

    The figure is drawn completely (with the ``extra`` traces) *before* it
    becomes a widget. A FigureWidget sends later changes as one-off messages,
    which a page that connects after the notebook ran (Voila, a reloaded
    page) never receives; only the state it was built with is synced. So an
    app builds its board last, from the position it will show first.
    """
    fig = viz.draw(game, state, route, seat=seat, width=width)
    for tr in extra:
        fig.add_trace(tr)
    return FigureWidget(fig)


def update_board(
    fig: Any, game: Any, state: Any, route: Any = None, seat: int | None = None
) -> Any:
    """Show ``state`` (and ``route``) in ``fig`` without rebuilding it."""
    return viz.update(fig, game, state, route, seat=seat)


def trace(fig: Any, name: str) -> Any:
    """The trace called ``name`` in ``fig`` (the board's traces have stable names)."""
    for tr in fig.data:
        if tr.name == name:
            return tr
    raise KeyError(f"the board has no trace {name!r}")


def city_xy(fig: Any) -> dict[int, tuple[float, float]]:
    """City index -> its (x, y) on the board figure (from the ``cities`` trace)."""
    tr = trace(fig, "cities")
    return {
        i: (float(x), float(y)) for i, (x, y) in enumerate(zip(tr.x, tr.y, strict=True))
    }
