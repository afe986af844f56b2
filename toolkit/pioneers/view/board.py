"""The Pioneers board figure: :func:`draw_board` and :func:`update_board`."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from toolkit.viz import common as C
from toolkit.viz import theme as T
from toolkit.viz.common import DEFAULT_WIDTH

from . import style as S
from .data import board_data
from .geometry import BoardLayout, _label_texts, board_layout
from .style import (
    CASING_WIDTH,
    COACH_COLOUR,
    COACH_SIZE,
    GAME,
    HEX,
    LABEL_FONT,
    LEGEND_HEIGHT,
    PIONEER,
    ROAD_WIDTH,
    START_RING,
)

# --------------------------------------------------------------------------- drawing


def _static_traces(game: Any, lay: BoardLayout, labels: str) -> list:
    """The traces with their fixed styling (data filled in from :func:`board_data`)."""
    board = game.board
    n_players = game.players
    xy = lay.xy
    texts = _label_texts(board, labels)
    edge_mid = [(xy[a] + xy[b]) / 2 for a, b in board.edges]
    traces = [
        go.Scatter(
            name="covered connections",
            mode="lines",
            hoverinfo="skip",
            line=dict(color=S.COVERED, width=2, dash="dot"),
            showlegend=False,
        ),
        go.Scatter(
            name="connections",
            mode="lines",
            hoverinfo="skip",
            line=dict(color=S.CONNECTION, width=2.5),
            showlegend=False,
        ),
        go.Scatter(
            name="road casing",
            mode="lines",
            hoverinfo="skip",
            line=dict(color=S.CASING, width=CASING_WIDTH),
            showlegend=False,
        ),
    ]
    for s in range(n_players):
        traces.append(
            go.Scatter(
                name=f"roads seat {s}",
                mode="lines+markers",
                hoverinfo="skip",
                showlegend=False,
                line=dict(color=T.player_colour(s), width=ROAD_WIDTH),
                marker=dict(
                    symbol=T.player_symbol(s),
                    color=T.player_colour(s),
                    line=dict(color=T.INK, width=1.2),
                    size=0,
                ),
            )
        )
    traces += [
        go.Scatter(
            name="route",
            mode="lines+markers",
            hoverinfo="skip",
            showlegend=False,
            line=dict(color=T.rgba(T.HIGHLIGHT, 0.55), width=18),
            marker=dict(
                symbol="arrow",
                angleref="previous",
                color="#ffffff",
                line=dict(color=T.HIGHLIGHT, width=2),
                size=0,
            ),
        ),
        go.Scatter(
            name="connection info",
            mode="markers",
            hoverinfo="text",
            x=[float(m[0]) for m in edge_mid],
            y=[float(m[1]) for m in edge_mid],
            marker=dict(size=16, color="rgba(0,0,0,0)"),
            showlegend=False,
        ),
        go.Scatter(
            name="start marker",
            mode="markers",
            hoverinfo="skip",
            showlegend=False,
            x=[float(xy[board.start][0])] if len(xy) else [],
            y=[float(xy[board.start][1])] if len(xy) else [],
            marker=dict(
                symbol="hexagon-open",
                size=START_RING,
                color=T.INK,
                line=dict(color=T.INK, width=3),
            ),
        ),
        go.Scatter(
            name="cities",
            mode="markers+text",
            hoverinfo="text",
            x=[float(p[0]) for p in xy],
            y=[float(p[1]) for p in xy],
            customdata=list(board.ids),
            showlegend=False,
            marker=dict(symbol="hexagon", size=HEX, line=dict(width=1.6)),
            textposition="middle center",
            textfont=dict(size=12, color=T.INK, family=T.FONT, weight="bold"),
        ),
        go.Scatter(
            name="city labels",
            mode="text",
            hoverinfo="skip",
            showlegend=False,
            x=[c[0] for c in lay.label_xy],
            y=[c[1] for c in lay.label_xy],
            text=list(texts),
            customdata=list(board.ids),
            textposition="middle center",
            textfont=dict(
                size=LABEL_FONT,
                family=T.FONT,
                weight="bold",
                shadow=T.HALO,
            ),
        ),
    ]
    traces += [
        C.seat_pieces(f"pioneers seat {s}", s, PIONEER) for s in range(n_players)
    ]
    traces += [
        go.Scatter(
            name="coach",
            mode="markers",
            hoverinfo="text",
            showlegend=False,
            marker=dict(symbol="square", size=COACH_SIZE, color="rgba(0,0,0,0)"),
        ),
        go.Scatter(
            name="route costs",
            mode="text",
            hoverinfo="skip",
            showlegend=False,
            textposition="middle center",
            textfont=dict(
                size=11,
                color=T.HIGHLIGHT,
                family=T.FONT,
                weight="bold",
                shadow=T.HALO,
            ),
        ),
    ]
    # legend-only entries (no data): players, tiles, pieces
    for s in range(n_players):
        colour = T.player_colour(s)
        traces.append(
            C.legend_entry(
                C.seat_label(s),
                T.player_symbol(s),
                PIONEER,
                colour,
                edge_width=1.2,
                mode="lines+markers",
                line=dict(color=colour, width=ROAD_WIDTH),
            )
        )
    for tile, (colour, name) in S.TILE_STYLE.items():
        traces.append(
            C.legend_entry(f"{S.TILE_SHORT[tile]} {name}", "hexagon", 16, colour)
        )
    traces.append(
        C.legend_entry("start city", "hexagon", 16, S.EMPTY_CITY, edge_width=3)
    )
    traces.append(
        C.legend_entry("stagecoach", "square", 13, COACH_COLOUR, edge=COACH_COLOUR)
    )
    traces.append(
        C.legend_entry(
            "target to move to",
            "hexagon",
            16,
            S.EMPTY_CITY,
            edge=S.TARGET_RING,
            edge_width=3,
        )
    )
    if n_players == 2 or any(getattr(game, "covered_at_start", ())):
        traces.append(
            C.legend_entry("covered city", "hexagon", 16, S.COVERED, edge=S.COVERED_INK)
        )
    return traces


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    labels: str = "id",
    width: int | None = None,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The Pioneers board for ``state`` as a plotly figure.

    Parameters
    ----------
    route : MoveCoach, tuple of city ids or "A-B-C", optional
        A stagecoach route to highlight; the costs of each step and who is paid
        are written on the board (for ``seat``, default the active player).
    labels : "id", "name" or None
        City labels: 3-letter ids (default, never overlapping), short names, none.
    width : int or None
        Figure width in px (height follows the map); None (default) fits the
        page. A small board (a lesson's fixture) is drawn at its own, smaller
        size unless a smaller width is asked for.
    widget : bool
        Return a ``go.FigureWidget`` (for :func:`update_board` in a notebook).
    """
    lay = board_layout(game.board, labels)
    traces = _static_traces(game, lay, labels)
    data, lay_updates = board_data(game, state, route, seat, labels)
    C.fill_traces(traces, data)
    plot_h = lay.height - C.chrome(LEGEND_HEIGHT)
    if lay.width < DEFAULT_WIDTH and (width is None or width > lay.width):
        width = lay.width  # a small board keeps its own size
    from toolkit.viz.figurewidget import FigureWidget

    fig = (FigureWidget if widget else go.Figure)(data=traces)
    fig.update_layout(
        C.figure_layout(
            width=width,
            height=C.figure_height(plot_h, width, LEGEND_HEIGHT, lay.width),
            legend_height=LEGEND_HEIGHT,
            plot_bgcolor=S.BOARD,
            legend=legend,
            xaxis=dict(visible=False, range=list(lay.x_range), fixedrange=False),
            yaxis=dict(
                visible=False, range=list(lay.y_range), scaleanchor="x", scaleratio=1
            ),
            title=lay_updates["title.text"] if title else None,
            shapes=[
                dict(
                    type="path",
                    path=lay_updates["shapes[0].path"],
                    xref="x",
                    yref="y",
                    fillcolor=COACH_COLOUR,
                    line=dict(color="#f7e7b4", width=1.2),
                    layer="above",
                    name="coach",
                )
            ],
            annotations=[
                C.route_note(
                    lay_updates["annotations[0].text"],
                    lay_updates["annotations[0].visible"],
                )
            ],
            meta={"game": GAME, "labels": labels, "plot_height": plot_h},
        )
    )
    return fig


def update_board(
    fig: Any, game: Any, state: Any, route: Any = None, *, seat: int | None = None
) -> Any:
    """Show ``state`` in an existing board figure, changing traces in place.

    Works on a ``go.FigureWidget`` (the browser redraws once, at the end of the
    batch) and on a plain ``go.Figure``. Returns ``fig``.
    """
    labels = (fig.layout.meta or {}).get("labels", "id") if fig.layout.meta else "id"
    data, lay_updates = board_data(game, state, route, seat, labels)
    return C.apply_board_data(fig, data, lay_updates)
