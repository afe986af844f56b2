"""The fixed traces and shapes of the victory track and the home islands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit.viz import theme as T

from .data import _display_x, _supply_x
from .geometry import Geometry, _track_x, _track_y, good_code, good_colour
from .style import (
    BAR,
    BAR_WIDTH,
    CELL,
    CHIP,
    CONDITIONS,
    DEEP,
    FACE_STEP,
    FACE_X,
    GOODS,
    GOODS_STYLE,
    HAND_STEP,
    HAND_X,
    HOME_H,
    HOME_W,
    MUTED,
    NAME_W,
    PLOT_W,
    RESIDENT,
    SAFE_BORDER,
    SEA_COLOUR,
    SEA_LINE,
    SLOT,
    SLOT_COLOUR,
    SPACE_STEP,
    SPACE_X,
    START_CELL,
    STONE_BRIDGE,
    SUPPLY_CHIPS,
    SUPPLY_H,
    TRACK_FOOT,
    TRACK_HEAD,
    TRACK_ROW,
    WOOD_BRIDGE,
    WOOD_X,
)
from .traces import _chips, _text_trace


def _panel_traces(game: Any, geo: Geometry) -> list:
    n = game.players
    t = game.tables
    traces = []
    # victory track: grey bars behind every condition, then each seat's progress
    xs: list = []
    ys: list = []
    for s in range(n):
        y = _track_y(geo, s)
        for j in range(5):
            x0 = _track_x(j)
            xs += [x0, x0 + BAR, None]
            ys += [y, y, None]
    traces.append(
        go.Scatter(
            name="track",
            mode="lines",
            hoverinfo="skip",
            showlegend=False,
            x=xs,
            y=ys,
            line=dict(color="#e4ddcc", width=BAR_WIDTH),
        )
    )
    for s in range(n):
        traces.append(
            go.Scatter(
                name=f"track seat {s}",
                mode="lines",
                hoverinfo="skip",
                showlegend=False,
                line=dict(color=T.player_colour(s), width=BAR_WIDTH),
            )
        )
    traces.append(
        _text_trace("track text", 11, hoverinfo="text", textposition="middle right")
    )
    cx, cy = [], []
    for s in range(n):
        for i in range(3):
            cx.append(NAME_W - 120 + 18 * i)
            cy.append(_track_y(geo, s))
    traces.append(
        go.Scatter(
            name="coats of arms",
            mode="markers",
            hoverinfo="skip",
            showlegend=False,
            x=cx,
            y=cy,
            marker=dict(
                symbol="pentagon",
                size=15,
                line=dict(
                    color=[T.player_colour(s) for s in range(n) for _ in range(3)],
                    width=2,
                ),
            ),
        )
    )
    # home islands
    traces.append(
        go.Scatter(
            name="active home",
            mode="lines",
            hoverinfo="skip",
            showlegend=False,
            line=dict(width=3.5),
        )
    )
    hx, hy = [], []
    for s in range(n):
        x0, y0 = geo.home(s)
        hx.append(x0 + 12)
        hy.append(y0 + 16)
    traces.append(
        _text_trace(
            "home text", 12, hoverinfo="text", textposition="middle right", x=hx, y=hy
        )
    )
    dx, dy, dtext, dhover = [], [], [], []
    px, py, ptext, pcol, phover = [], [], [], [], []
    hand_x, hand_y, hand_col = [], [], []
    wx, wy = [], []
    rx, ry = [], []
    slx, sly = [], []
    for s in range(n):
        x0, y0 = geo.home(s)
        for face in range(1, 7):
            x = x0 + FACE_X + FACE_STEP * (face - 1)
            dx.append(x)
            dy.append(y0 + 46)
            dtext.append(str(face))
            if face == 6:
                dhover.append(
                    "a roll of 6: no goods; the event die decides "
                    "(1-2 Pirates, 3-4 Fire, 5-6 Golden Age)"
                )
                px.append(x)
                py.append(y0 + 77)
                ptext.append("EV")
                pcol.append("#f4b2a8")
                phover.append(
                    "6: an event for everyone: Pirates 1/18, Fire 1/18, Golden Age 1/18"
                )
                continue
            good = game.production[s][face - 1]
            dhover.append(
                f"{T.player_name(s)}: a roll of {face} gives {GOODS_STYLE[good][2]}"
            )
            px.append(x)
            py.append(y0 + 77)
            ptext.append(good_code(good))
            pcol.append(good_colour(good))
            phover.append(
                f"{T.player_name(s)}, island {'ABCD'[s]}: roll {face} → "
                + (
                    "any good of the player's choice"
                    if good == "ANY"
                    else GOODS_STYLE[good][2]
                )
                + " (chance 1/6 on each roll)"
            )
        for i in range(len(GOODS)):
            hand_x.append(x0 + HAND_X + HAND_STEP * i)
            hand_y.append(y0 + 80)
            hand_col.append(good_colour(GOODS[i]))
        for i in range(3):
            wx.append(x0 + WOOD_X + 36 * i)
            wy.append(y0 + 108)
        for k in range(t.spaces):
            rx.append(x0 + SPACE_X + SPACE_STEP * k)
            ry.append(y0 + 148)
            if k + 1 in t.slot_spaces:
                slx.append(x0 + SPACE_X + SPACE_STEP * k)
                sly.append(y0 + 181)
    traces.append(
        _chips(
            "dice",
            dx,
            dy,
            22,
            "#ffffff",
            font=11,
            text=dtext,
            hovertext=dhover,
            width=1.2,
        )
    )
    traces.append(
        _chips("production", px, py, CHIP, pcol, text=ptext, hovertext=phover)
    )
    traces.append(
        _chips(
            "stone bridges", [], [], CHIP + 2, STONE_BRIDGE, line="#5f5f5f", width=2.5
        )
    )
    traces.append(_chips("hands", hand_x, hand_y, CHIP, hand_col, font=11))
    traces.append(
        _chips(
            "wooden bridges", wx, wy, CHIP + 2, WOOD_BRIDGE, line="#6b4423", width=2.5
        )
    )
    traces.append(
        _chips(
            "residents",
            rx,
            ry,
            RESIDENT,
            "#ffffff",
            symbol="circle",
            width=2.5,
            font=12,
        )
    )
    traces.append(
        _chips(
            "building slots",
            slx,
            sly,
            SLOT,
            SLOT_COLOUR,
            line="#8a6a48",
            font=9,
            textcolour="#ffffff",
        )
    )
    return traces


def _static_shapes(game: Any, geo: Geometry, sea: bool) -> tuple[list, list]:
    """Board furniture that never changes: sea cells, frames, headings."""
    n = game.players
    t = game.tables
    shapes: list[dict] = []
    notes: list[dict] = []

    def note(text: str, x: float, y: float, size: int = 12, anchor: str = "left", **kw):
        notes.append(
            dict(
                text=text,
                x=x,
                y=y,
                xref="x",
                yref="y",
                showarrow=False,
                xanchor=anchor,
                yanchor="middle",
                font=dict(size=size, color=kw.pop("colour", T.INK)),
                **kw,
            )
        )

    if sea:
        x0, y0 = geo.sea_x0, geo.sea_top
        shapes.append(
            dict(
                type="rect",
                x0=x0 - 3,
                x1=x0 + CELL * geo.cols + 3,
                y0=y0 - 3,
                y1=y0 + CELL * geo.rows + 3,
                line=dict(color=DEEP, width=2),
                fillcolor=SEA_COLOUR,
                layer="below",
            )
        )
        for r in range(geo.rows):
            for c in range(geo.cols):
                shapes.append(
                    dict(
                        type="rect",
                        x0=x0 + CELL * c + 1.5,
                        x1=x0 + CELL * (c + 1) - 1.5,
                        y0=y0 + CELL * r + 1.5,
                        y1=y0 + CELL * (r + 1) - 1.5,
                        line=dict(color=SEA_LINE, width=1),
                        fillcolor=SEA_COLOUR if (r, c) != game.start else START_CELL,
                        layer="below",
                    )
                )
        for c in range(geo.cols):
            note(str(c), x0 + CELL * (c + 0.5), y0 - 11, 10, "center", colour=MUTED)
        for r in range(geo.rows):
            note(str(r), x0 - 12, y0 + CELL * (r + 0.5), 10, "center", colour=MUTED)
        # supply strip
        ys = geo.supply_top
        shapes.append(
            dict(
                type="rect",
                x0=2,
                x1=PLOT_W - 2,
                y0=ys,
                y1=ys + SUPPLY_H,
                line=dict(color="#d0c7b3", width=1),
                fillcolor="#f6f1e4",
                layer="below",
            )
        )
        yc = ys + SUPPLY_CHIPS
        note("<b>Supply</b>", 12, yc, 12)
        note("goods piles", 12, ys + 10, 10, colour=MUTED)
        for i, g in enumerate(GOODS):
            note(good_code(g), _supply_x(i), ys + 19, 9, "center", colour=MUTED)
        note("<b>Reserve</b>", 318, yc, 12)
        note("island cards", 318, ys + 10, 10, colour=MUTED)
        note("<b>Display</b>", 420, yc, 12)
        note(
            "public buildings (a Pioneer on a brown slot takes one free)",
            _display_x(0) - 15,
            ys + 10,
            10,
            colour=MUTED,
        )
    # victory track
    yt = geo.track_top
    shapes.append(
        dict(
            type="rect",
            x0=2,
            x1=PLOT_W - 2,
            y0=yt,
            y1=yt + TRACK_HEAD + TRACK_ROW * n + TRACK_FOOT,
            line=dict(color="#d0c7b3", width=1),
            fillcolor="#fbf8f0",
            layer="below",
        )
    )
    note("<b>Victory conditions</b> (3 win)", 12, yt + 15, 12)
    note(
        cost_line(game),
        12,
        yt + TRACK_HEAD + TRACK_ROW * n + TRACK_FOOT / 2 - 2,
        11,
        colour=MUTED,
        align="left",
    )
    for j, (head, _) in enumerate(CONDITIONS.values()):
        note(f"<b>{head}</b>", _track_x(j), yt + 15, 11)
    for s in range(n):
        y = _track_y(geo, s)
        note(f"<b>{T.player_name(s)}</b>", 12, y, 12, colour=T.player_colour(s))
    # home islands
    for s in range(n):
        x0, y0 = geo.home(s)
        shapes.append(
            dict(
                type="rect",
                x0=x0 + 2,
                x1=x0 + HOME_W - 2,
                y0=y0 + 2,
                y1=y0 + HOME_H - 2,
                line=dict(color=T.player_colour(s), width=1.2),
                fillcolor=T.rgba(T.player_colour(s), 0.06),
                layer="below",
            )
        )
        for text, y in (("roll", 46), ("gives", 77), ("stone bridge", 108)):
            note(text, x0 + 12, y0 + y, 10, colour=MUTED)
        note("residents", x0 + 12, y0 + 148, 10, colour=MUTED)
        note("buildings", x0 + 12, y0 + 181, 10, colour=MUTED)
        note("goods in hand", x0 + HAND_X - 12, y0 + 46, 10, colour=MUTED)
        for i, g in enumerate(GOODS):
            note(
                good_code(g),
                x0 + HAND_X + HAND_STEP * i,
                y0 + 62,
                9,
                "center",
                colour=MUTED,
            )
        note("wooden<br>bridges", x0 + HAND_X - 12, y0 + 108, 10, colour=MUTED)
        # the red border of the safe spaces
        sx = x0 + SPACE_X
        shapes.append(
            dict(
                type="rect",
                x0=sx - 19,
                x1=sx + SPACE_STEP * (t.safe_spaces - 1) + 19,
                y0=y0 + 148 - 19,
                y1=y0 + 148 + 19,
                line=dict(color=SAFE_BORDER, width=2),
                layer="below",
            )
        )
    return shapes, notes


def cost_line(game: Any) -> str:
    """The cost overview printed under the victory track."""
    return (
        f"<b>Costs</b> · ship {_cost(game.cost_ship)}"
        f" · Pioneer {_cost(game.cost_pioneer)}"
        f" · P→S {_cost(game.cost_upgrade['PIONEER'])}"
        f" · S→C {_cost(game.cost_upgrade['SETTLER'])}"
        f" · C→M {_cost(game.cost_upgrade['CITIZEN'])}"
        " · buy a good: 6 gold − 1 per trade contract<br>"
        "<b>Sale</b> (once a turn, 1 card per resident) · P: ST, WO or TL for 1 gold"
        " · S: CL for 2 · C: SP for 3 · M: TB for 4"
        " · <b>roll 6</b>: event die, Pirates 1-2, Fire 3-4, Golden Age 5-6"
    )


def _cost(counts: Sequence[int]) -> str:
    return "+".join(
        (f"{k}" if k > 1 else "") + good_code(g)
        for g, k in zip(GOODS, counts, strict=True)
        if k
    )
