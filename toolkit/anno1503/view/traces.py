"""The fixed traces of the Anno 1503 sea and the legend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit.viz import common as C
from toolkit.viz import theme as T

from .data import _supply_x
from .geometry import Geometry, _pos, good_colour
from .style import (
    BUILDING_COLOUR,
    CARD,
    CARD_BACK,
    CELL,
    CHIP,
    DEEP,
    GOODS,
    ISLAND,
    LEVEL_STYLE,
    MUTED,
    SAND_LINE,
    SHIP,
    START_COLOUR,
    SUPPLY_CHIPS,
)

# ---------------------------------------------------------------------- static traces


def _text_trace(name: str, size: int = 11, **kw: Any) -> go.Scatter:
    return go.Scatter(
        name=name,
        mode="text",
        hoverinfo=kw.pop("hoverinfo", "skip"),
        showlegend=False,
        textposition=kw.pop("textposition", "middle center"),
        textfont=dict(size=size, color=kw.pop("color", T.INK), family=T.FONT),
        **kw,
    )


def _chips(
    name: str,
    xs: Sequence[float],
    ys: Sequence[float],
    size: float,
    colours: Any = "#ffffff",
    symbol: str = "square",
    line: str = T.INK,
    width: float = 1.0,
    font: int = 10,
    **kw: Any,
) -> go.Scatter:
    return go.Scatter(
        name=name,
        mode="markers+text",
        hoverinfo="text",
        showlegend=False,
        x=list(xs),
        y=list(ys),
        marker=dict(
            symbol=symbol, size=size, color=colours, line=dict(color=line, width=width)
        ),
        textposition="middle center",
        textfont=dict(
            size=font, color=kw.pop("textcolour", T.INK), family=T.FONT, weight="bold"
        ),
        **kw,
    )


def _sea_traces(game: Any, geo: Geometry) -> list:
    n = game.players
    sea_cells = sorted(game.sea)
    start = game.start
    dist = dict(game.distances[start])
    traces = [
        go.Scatter(
            name="sea",
            mode="markers",
            hoverinfo="text",
            showlegend=False,
            x=[geo.cell(p)[0] for p in sea_cells],
            y=[geo.cell(p)[1] for p in sea_cells],
            hovertext=[
                f"sea {_pos(p)} · {dist.get(p, '?')} step"
                f"{'s' if dist.get(p) != 1 else ''} from the start"
                + (" (the start space)" if p == start else "")
                for p in sea_cells
            ],
            marker=dict(symbol="square", size=CELL - 6, color="rgba(0,0,0,0)"),
        ),
        go.Scatter(
            name="reach",
            mode="markers",
            hoverinfo="text",
            showlegend=False,
            marker=dict(
                symbol="square",
                size=CELL - 10,
                color=T.rgba("#56B4E9", 0.42),
                line=dict(color=T.rgba(DEEP, 0.6), width=1.2),
            ),
        ),
        go.Scatter(
            name="route",
            mode="lines+markers",
            hoverinfo="skip",
            showlegend=False,
            line=dict(color=T.rgba(T.HIGHLIGHT, 0.6), width=6),
            marker=dict(size=9, color="#ffffff", line=dict(color=T.HIGHLIGHT, width=2)),
        ),
        go.Scatter(
            name="reach costs",
            mode="text",
            hoverinfo="skip",
            showlegend=False,
            textposition="middle center",
            textfont=dict(size=12, color=DEEP, family=T.FONT, weight="bold"),
        ),
    ]
    islands = game.island_spaces
    traces.append(
        go.Scatter(
            name="islands",
            mode="markers",
            hoverinfo="text",
            showlegend=False,
            x=[geo.cell(p)[0] for p in islands],
            y=[geo.cell(p)[1] for p in islands],
            customdata=[_pos(p) for p in islands],
            marker=dict(symbol="circle", size=ISLAND, line=dict(width=1.5)),
        )
    )
    traces.append(
        go.Scatter(
            name="island numbers",
            mode="markers+text",
            hoverinfo="skip",
            showlegend=False,
            x=[geo.cell(p)[0] + CELL / 2 - 11 for p in islands],
            y=[geo.cell(p)[1] + CELL / 2 - 11 for p in islands],
            text=[str(k) for k in game.island_numbers],
            marker=dict(
                symbol="circle",
                size=15,
                color=[
                    "#ffffff" if k in game.backs else "#ecebe6"
                    for k in game.island_numbers
                ],
                line=dict(color=SAND_LINE, width=1),
            ),
            textposition="middle center",
            textfont=dict(
                size=9,
                family=T.FONT,
                weight="bold",
                color=[
                    T.INK if k in game.backs else MUTED for k in game.island_numbers
                ],
            ),
        )
    )
    traces.append(
        go.Scatter(
            name="reach islands",
            mode="markers",
            hoverinfo="text",
            showlegend=False,
            marker=dict(
                symbol="circle-open",
                size=ISLAND + 8,
                color=DEEP,
                line=dict(color=DEEP, width=3),
            ),
        )
    )
    traces.append(
        go.Scatter(
            name="island cards",
            mode="markers+text",
            hoverinfo="text",
            showlegend=False,
            marker=dict(symbol="square", size=CARD, line=dict(width=1.2)),
            textposition="middle center",
            textfont=dict(size=13, family=T.FONT, weight="bold"),
        )
    )
    traces.append(_text_trace("stack sizes", 11, color=T.INK))
    traces[-1].update(textfont=dict(weight="bold"), textposition="middle right")
    sx, sy = geo.cell(start)
    traces.append(
        go.Scatter(
            name="start",
            mode="markers+text",
            hoverinfo="text",
            showlegend=False,
            x=[sx - CELL / 2 + 12],
            y=[sy + CELL / 2 - 11],
            text=["S"],
            hovertext=[f"start space {_pos(start)}: new ships are launched here"],
            marker=dict(
                symbol="circle",
                size=17,
                color=START_COLOUR,
                line=dict(color="#ffffff", width=1),
            ),
            textposition="middle center",
            textfont=dict(size=10, color="#ffffff", family=T.FONT, weight="bold"),
        )
    )
    traces += [C.seat_pieces(f"ships seat {s}", s, SHIP) for s in range(n)]
    # the supply strip
    y = geo.supply_top + SUPPLY_CHIPS
    traces.append(
        _chips(
            "supply",
            [_supply_x(i) for i in range(len(GOODS))],
            [y] * len(GOODS),
            CHIP + 4,
            [good_colour(g) for g in GOODS],
            font=11,
        )
    )
    traces.append(
        _chips(
            "reserve",
            [388],
            [y],
            CARD,
            CARD_BACK,
            line="#ffffff",
            font=11,
            textcolour="#ffffff",
        )
    )
    traces.append(
        _chips(
            "display", [], [], CHIP + 6, BUILDING_COLOUR, font=9, textcolour="#ffffff"
        )
    )
    return traces


def _legend_traces(game: Any, sea: bool) -> list:
    out = [
        C.legend_entry(
            C.seat_label(s),
            T.player_symbol(s),
            SHIP,
            T.player_colour(s),
            edge_width=1.2,
        )
        for s in range(game.players)
    ]
    if sea:
        out.append(
            C.legend_entry(
                "island card (face down, back number)",
                "square",
                14,
                CARD_BACK,
                edge=None,
            )
        )
    for level, (fill, letter) in LEVEL_STYLE.items():
        out.append(C.legend_entry(f"{letter} {level.title()}", "circle", 14, fill))
    return out
