"""The figures the widgets show, in one place: the board and two charts.

The board comes from :mod:`toolkit.viz` (``draw``/``update``), as a
``go.FigureWidget`` so a click on a city or a connection reaches Python and a
new position is drawn in place. The charts use ``toolkit.viz.charts`` when it
provides them and otherwise draw a plain plotly chart here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit import viz
from toolkit.pioneers import score_breakdown
from toolkit.viz import theme as T

from .words import player

__all__ = ["board", "city_xy", "score_chart", "update_board", "vp_chart"]

#: Score parts in the order they are stacked (P-SCORE-1..4).
PARTS = (
    ("wagons", "emptied wagons (P-WAGON-1)"),
    ("empty_seats", "empty seats (P-SCORE-2)"),
    ("gold", "gold nuggets (P-SCORE-3)"),
    ("network", "best network (P-SCORE-4)"),
)


def board(
    game: Any,
    state: Any,
    route: Any = None,
    seat: int | None = None,
    width: int | None = None,
) -> go.FigureWidget:
    """The board of ``state`` as a ``FigureWidget`` (clickable, updatable in place)."""
    options: dict[str, Any] = {"widget": True, "seat": seat}
    if width is not None:
        options["width"] = width
    return viz.draw(game, state, route, **options)


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
    return {i: (float(x), float(y)) for i, (x, y) in enumerate(zip(tr.x, tr.y))}


def score_chart(game: Any, state: Any, names: dict | None = None) -> go.Figure:
    """Final (or current) scores per player, stacked by where the points come from."""
    charts = _charts()
    if charts is not None and hasattr(charts, "score_breakdown_state"):
        return charts.score_breakdown_state(game, state)
    rows = score_breakdown(game, state)
    labels = [(names or {}).get(r["seat"]) or player(r["seat"]) for r in rows]
    fig = go.Figure()
    colours = ("#8c6d46", "#c9b38a", "#e6b000", "#5b8c5a")
    for (key, text), colour in zip(PARTS, colours):
        fig.add_bar(
            name=text,
            x=labels,
            y=[r[key] for r in rows],
            marker_color=colour,
            hovertemplate="%{x}: %{y} VP<extra>" + text + "</extra>",
        )
    totals = [r["total"] for r in rows]
    fig.add_scatter(
        x=labels,
        y=totals,
        mode="text",
        text=[f"{t} VP" for t in totals],
        textposition="top center",
        showlegend=False,
        hoverinfo="skip",
    )
    fig.update_layout(
        barmode="stack",
        template=T.template(),
        height=360,
        width=640,
        title="Score breakdown",
        yaxis_title="victory points",
        legend=dict(orientation="h", y=-0.15),
        margin=dict(l=50, r=10, t=50, b=40),
    )
    return fig


def vp_chart(
    game: Any,
    states: Sequence[Any],
    names: dict | None = None,
    steps: Sequence[int] | None = None,
) -> go.Figure:
    """Score of each player after every step (as if the game ended there)."""
    xs = list(steps) if steps is not None else list(range(len(states)))
    scores = [game.scores(s) for s in states]
    fig = go.Figure()
    for seat in range(game.players):
        name = (names or {}).get(seat) or player(seat)
        fig.add_scatter(
            x=xs,
            y=[sc[seat] for sc in scores],
            name=name,
            mode="lines",
            line=dict(color=T.player_colour(seat), dash=T.player_dash(seat), width=2.5),
        )
    fig.update_layout(
        template=T.template(),
        height=300,
        width=640,
        title="VP over the game",
        xaxis_title="step",
        yaxis_title="VP if the game ended here",
        margin=dict(l=50, r=10, t=50, b=40),
        shapes=[
            dict(
                type="line",
                x0=xs[0] if xs else 0,
                x1=xs[0] if xs else 0,
                y0=0,
                y1=1,
                yref="paper",
                line=dict(color="#111", width=1.5),
                name="now",
            )
        ],
    )
    return fig


def _charts() -> Any:
    try:
        from toolkit.viz import charts
    except ImportError:
        return None
    return charts
