"""The Montana figures: the hex landscape, the action board, the wheel, the players.

Everything is drawn in plot units of 1 px at the default width (1000 px): the
landscape on the left (pointy-top hexes from axial ``(q, r)``), the hiring
wheel, the city and the action board on the right, the player boards below.
Traces have stable names (:data:`TRACES`); :func:`board_data` fills them for a
position, so :func:`update_board` changes a figure in place and gives what a
fresh :func:`draw_board` gives.
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from toolkit.viz import common as C
from toolkit.viz import theme as T
from toolkit.viz.common import DEFAULT_WIDTH

from ..state import BANK_SPOTS, spot
from ..tables import AREAS, COLOURS, ROWS

GAME = "montana"
LEGEND_HEIGHT = 60
SQ3 = math.sqrt(3)

#: Hex fill by category (what the hex costs), with the legend's words.
HEX_STYLE = {
    "grain": ("#EED9A0", "grain hexes (GG)"),
    "pumpkin": ("#F4B26B", "pumpkin hexes (PP)"),
    "copper": ("#C08A63", "copper hexes (CC)"),
    "stone": ("#B9B9B9", "stone hexes (SS)"),
    "mixed": ("#CFE3B4", "mixed hexes (GP CS GS PC GPS)"),
    "large": ("#9FB48A", "hexes with a large piece (LC LS)"),
    "double": ("#C9A9D9", "double hexes (DBL)"),
    "lake": ("#8EC3E6", "lakes"),
    "hidden": ("#EEEEEE", "not drawn yet"),
}
_CATEGORY = {
    "GG": "grain",
    "PP": "pumpkin",
    "CC": "copper",
    "SS": "stone",
    "GP": "mixed",
    "CS": "mixed",
    "GS": "mixed",
    "PC": "mixed",
    "GPS": "mixed",
    "LC": "large",
    "LS": "large",
    "DBL": "double",
    "LAKE": "lake",
    "": "hidden",
}
#: Worker colours on the action board (named by their good, M-COMP-2).
WORKER_STYLE = {
    "grain": "#E3C565",
    "pumpkin": "#F28C28",
    "copper": "#8B4513",
    "stone": "#4D4D4D",
}
WHEEL_FILL = {
    "grain": "#EED9A0",
    "pumpkin": "#F4B26B",
    "copper": "#C08A63",
    "stone": "#B9B9B9",
    "ANY": "#FFFFFF",
}
TRACES = (
    *(f"hex {k}" for k in HEX_STYLE),
    "hex labels",
    "on start",
    "on cattle",
    "on canteens",
    *(f"settlements {s}" for s in range(4)),
    *(f"workers {c}" for c in COLOURS),
    "contractors",
    "pointer",
    "boards",
)

# layout (plot px)
LAND_W, LAND_H = 590.0, 465.0
RIGHT = 610.0
WHEEL_C, WHEEL_R = (RIGHT + 95.0, 120.0), 80.0
CITY_X, CITY_Y, CITY_W, CITY_H = RIGHT + 205.0, 62.0, 40.0, 34.0
BOARD_Y = 240.0
CELL = 30.0
BOARDS_Y = 540.0
ROW_H = 30.0
PLOT_W = 1000.0


class _Geo:
    """Pixel positions of one game's hexes, spots and city cells (static)."""

    def __init__(self, game: Any) -> None:
        pts = [(SQ3 * (q + r / 2), 1.5 * r) for q, r in game.hexes]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        w = max(xs) - min(xs) + SQ3
        h = max(ys) - min(ys) + 2
        self.r = min(LAND_W / w, LAND_H / h)
        ox = 10 + (LAND_W - w * self.r) / 2 - (min(xs) - SQ3 / 2) * self.r
        oy = 40 + (LAND_H - h * self.r) / 2 - (min(ys) - 1) * self.r
        self.centre = [(ox + x * self.r, oy + y * self.r) for x, y in pts]
        self.spots = [self._spot(k) for k in range(BANK_SPOTS + 24)]
        self.city = {
            (r, c): (CITY_X + (c - 0.5) * CITY_W, CITY_Y + (i + 0.5) * CITY_H)
            for i, r in enumerate(ROWS)
            for c in (1, 2, 3)
        }
        self.height = BOARDS_Y + ROW_H * (game.players + 1) + 10

    @staticmethod
    def _spot(k: int) -> tuple[float, float, float]:
        """(x of the left edge, y of the centre, width) of action-board spot ``k``."""
        if k < BANK_SPOTS:
            return RIGHT + 70 + k * 105.0, BOARD_Y, 30.0 * (k + 1)
        a, rest = divmod(k - BANK_SPOTS, 6)
        space, small = divmod(rest, 2)
        x = RIGHT + 70 + space * 105.0 + (62.0 if small else 0.0)
        return x, BOARD_Y + 42 + a * 40.0, 60.0 if not small else 36.0

    def hexagon(self, h: int, shrink: float = 0.97) -> list[tuple[float, float]]:
        cx, cy = self.centre[h]
        r = self.r * shrink
        return [
            (
                cx + r * math.cos(math.radians(60 * i + 30)),
                cy + r * math.sin(math.radians(60 * i + 30)),
            )
            for i in range(7)
        ]


_GEO: dict[tuple[int, tuple], _Geo] = {}


def _geo(game: Any) -> _Geo:
    key = (game.players, game.hexes)
    if key not in _GEO:
        _GEO[key] = _Geo(game)
    return _GEO[key]


# ---------------------------------------------------------------------------- data


def board_data(game: Any, state: Any) -> tuple[dict[str, dict], dict[str, Any]]:
    """Everything that depends on the position: ``({trace: properties}, layout)``."""
    geo = _geo(game)
    data: dict[str, dict] = {}
    polys: dict[str, tuple[list, list, list]] = {k: ([], [], []) for k in HEX_STYLE}
    for h, kind in enumerate(state.kinds):
        xs, ys, text = polys[_CATEGORY[kind]]
        for x, y in geo.hexagon(h):
            xs.append(x)
            ys.append(y)
        xs.append(None)
        ys.append(None)
        q, r = game.hexes[h]
        text.append(f"({q},{r}) {kind or '?'}")
    for k, (xs, ys, _) in polys.items():
        data[f"hex {k}"] = {"x": xs, "y": ys}
    lx, ly, lt = [], [], []
    for h, kind in enumerate(state.kinds):
        if kind and kind != "LAKE" and state.owner[h] < 0 and h != state.start:
            x, y = geo.centre[h]
            lx.append(x)
            ly.append(y + geo.r * 0.45)
            lt.append(kind)
    data["hex labels"] = {"x": lx, "y": ly, "text": lt}
    if state.start >= 0:
        x, y = geo.centre[state.start]
        data["on start"] = {"x": [x], "y": [y], "hovertext": ["starting tile"]}
    else:
        data["on start"] = {"x": [], "y": [], "hovertext": []}
    for name, flags, word in (
        ("on cattle", state.cattle, "cattle"),
        ("on canteens", state.canteen, "canteen"),
    ):
        pts = [geo.centre[h] for h, f in enumerate(flags) if f]
        dx = -0.42 * geo.r if name == "on cattle" else 0.0
        data[name] = {
            "x": [x + dx for x, _ in pts],
            "y": [y - 0.35 * geo.r for _, y in pts],
            "hovertext": [word] * len(pts),
        }
    for seat in range(4):
        own = [h for h, o in enumerate(state.owner) if o == seat]
        data[f"settlements {seat}"] = {
            "x": [geo.centre[h][0] for h in own],
            "y": [geo.centre[h][1] for h in own],
            "text": [str(state.stack[h]) for h in own],
            "hovertext": [
                f"{T.player_name(seat)}: {state.stack[h]} settlement(s) on "
                f"{state.kinds[h]} {game.hexes[h]}"
                for h in own
            ],
        }
    for c, colour in enumerate(COLOURS):
        xs, ys = [], []
        for k, workers in enumerate(state.spots):
            if not workers[c]:
                continue
            x0, y0, _ = geo.spots[k]
            before = sum(workers[:c])
            for i in range(workers[c]):
                xs.append(x0 + 15 + 14 * (before + i))
                ys.append(y0)
        data[f"workers {colour}"] = {"x": xs, "y": ys}
    cx, cy, cc, cs, ct = [], [], [], [], []
    for i, (who, col) in enumerate(state.city):
        if who >= 0:
            x, y = geo.city[(ROWS[i], col)]
            cx.append(x)
            cy.append(y)
            cc.append(T.player_colour(who))
            cs.append(T.player_symbol(who))
            ct.append(
                f"{T.player_name(who)}'s contractor in row {ROWS[i]}, column {col}"
            )
    data["contractors"] = {
        "x": cx,
        "y": cy,
        "marker.color": cc,
        "marker.symbol": cs,
        "hovertext": ct,
    }
    angle = math.radians(90 - (state.wheel + 0.5) * 45)
    wx, wy = WHEEL_C
    data["pointer"] = {
        "x": [wx, wx + 0.9 * WHEEL_R * math.cos(angle)],
        "y": [wy, wy - 0.9 * WHEEL_R * math.sin(angle)],
    }
    bx, by, bt = [], [], []
    for seat, p in enumerate(state.players):
        cells = [
            p.left,
            *p.goods,
            *p.workers,
            p.coins,
            p.cattle,
            p.canteens,
        ]
        for j, v in enumerate(cells):
            bx.append(_board_x(j))
            by.append(BOARDS_Y + ROW_H * (seat + 1))
            bt.append(str(v))
    data["boards"] = {"x": bx, "y": by, "text": bt}
    return data, {"title.text": _title(game, state)}


def _board_x(j: int) -> float:
    return 150.0 + 62.0 * j


_BOARD_HEAD = (
    "left",
    "grain",
    "pumpkin",
    "copper",
    "stone",
    "large C",
    "large S",
    "w grain",
    "w pumpk.",
    "w copper",
    "w stone",
    "coins",
    "cattle",
    "canteens",
)


def _title(game: Any, state: Any) -> str:
    if state.phase == "over":
        won = game.winners(state)
        names = " and ".join(T.player_name(s) for s in won)
        capped = " (turn cap)" if state.capped else ""
        return f"Montana · game over after round {state.round}: {names} won{capped}"
    if state.round == 0:
        return "Montana · set-up"
    who = T.player_name(state.active)
    end = " · last round" if state.ended else ""
    return f"Montana · round {state.round} · {who} to play ({state.phase}){end}"


# ---------------------------------------------------------------------------- static


def _static(game: Any, geo: _Geo) -> tuple[list, list]:
    shapes: list[dict] = []
    notes: list[dict] = []

    def note(x: float, y: float, text: str, size: int = 11, **kw: Any) -> None:
        notes.append(
            dict(
                x=x,
                y=y,
                text=text,
                showarrow=False,
                xref="x",
                yref="y",
                font=dict(size=size, color=T.INK, family=T.FONT),
                **kw,
            )
        )

    # the wheel: 8 wedges clockwise from the top (M-DATA-1)
    wx, wy = WHEEL_C
    for k, (a, b) in enumerate(game.tables.wheel):
        a0 = 90 - k * 45
        pts = [
            (
                wx + WHEEL_R * math.cos(math.radians(t)),
                wy - WHEEL_R * math.sin(math.radians(t)),
            )
            for t in [a0 - i * 45 / 8 for i in range(9)]
        ]
        path = f"M {wx},{wy} " + " ".join(f"L {x:.1f},{y:.1f}" for x, y in pts) + " Z"
        fill = WHEEL_FILL[a] if a == b else "#E8E8E8"
        shapes.append(
            dict(
                type="path",
                path=path,
                fillcolor=fill,
                line=dict(color=T.INK, width=1),
                layer="below",
            )
        )
        mid = math.radians(90 - (k + 0.5) * 45)
        label = (
            "ANY" if a == "ANY" else (f"2 {a[:3]}" if a == b else f"{a[:3]}+{b[:3]}")
        )
        note(
            wx + 0.62 * WHEEL_R * math.cos(mid),
            wy - 0.62 * WHEEL_R * math.sin(mid),
            f"{k}<br>{label}",
            size=9,
        )
    note(wx, wy - WHEEL_R - 14, "<b>hiring wheel</b> (each segment 1/8)")
    # the city (M-DATA-4)
    note(CITY_X + 1.5 * CITY_W, CITY_Y - 26, "<b>city</b> · pumpkins 1 2 3")
    rewards = {"A": "c→C", "B": "s→S", "C": "2 grain", "D": "c + s"}
    for i, row in enumerate(ROWS):
        y = CITY_Y + (i + 0.5) * CITY_H
        note(CITY_X - 6, y, f"<b>{row}</b>", size=10, xanchor="right")
        note(CITY_X + 3 * CITY_W + 4, y, rewards[row], size=9, xanchor="left")
        for c in (1, 2, 3):
            x0 = CITY_X + (c - 1) * CITY_W
            shapes.append(
                dict(
                    type="rect",
                    x0=x0 + 2,
                    x1=x0 + CITY_W - 2,
                    y0=y - CITY_H / 2 + 2,
                    y1=y + CITY_H / 2 - 2,
                    line=dict(color=T.INK, width=1),
                    fillcolor="#FFF8E7",
                    layer="below",
                )
            )
    # the action board: bank and the production areas
    note(RIGHT + 20, BOARD_Y, "<b>bank</b>", xanchor="left")
    for k, (_, coins) in enumerate(game.tables.bank):
        x0, y, w = geo.spots[k]
        shapes.append(
            dict(
                type="rect",
                x0=x0,
                x1=x0 + w + 14,
                y0=y - 13,
                y1=y + 13,
                line=dict(color=T.INK, width=1),
                fillcolor="#FFF3C4",
                layer="below",
            )
        )
        note(x0 + w + 18, y, f"{coins}$", size=10, xanchor="left")
    for a, area in enumerate(AREAS):
        y = geo.spots[spot(a, 1)][1]
        note(RIGHT + 20, y, f"<b>{area}</b>", xanchor="left")
        colour = COLOURS[game.tables.area_good[a]]
        for space in (1, 2, 3):
            pay, gain = game.tables.production[a][space - 1]
            for small in (False, True):
                x0, yy, w = geo.spots[spot(a, space, small)]
                shapes.append(
                    dict(
                        type="rect",
                        x0=x0,
                        x1=x0 + w,
                        y0=yy - 13,
                        y1=yy + 13,
                        line=dict(
                            color=T.INK, width=1, dash="dot" if small else "solid"
                        ),
                        fillcolor=WHEEL_FILL[colour],
                        opacity=0.55,
                        layer="below",
                    )
                )
            note(geo.spots[spot(a, space)][0] + 30, yy + 19, f"{pay}$→{gain}", size=8)
    # player boards
    for j, head in enumerate(_BOARD_HEAD):
        note(_board_x(j), BOARDS_Y, f"<b>{head}</b>", size=10)
    for seat in range(game.players):
        note(
            20,
            BOARDS_Y + ROW_H * (seat + 1),
            f"<b>{T.player_name(seat)}</b>",
            xanchor="left",
        )
    return shapes, notes


def _traces(game: Any, geo: _Geo) -> list:
    traces: list = []
    for k, (fill, _) in HEX_STYLE.items():
        traces.append(
            go.Scatter(
                name=f"hex {k}",
                x=[],
                y=[],
                mode="lines",
                fill="toself",
                fillcolor=fill,
                line=dict(color="#8a7f70", width=1),
                hoverinfo="skip",
                legendgroup="hexes",
                showlegend=k != "hidden",
                legendrank=1,
            )
        )
    traces.append(
        go.Scatter(
            name="hex labels",
            mode="text",
            hoverinfo="skip",
            showlegend=False,
            textfont=dict(
                size=max(7, int(geo.r * 0.32)), color="#5a5045", family=T.FONT
            ),
        )
    )
    traces.append(
        go.Scatter(
            name="on start",
            mode="markers",
            hoverinfo="text",
            showlegend=True,
            marker=dict(
                symbol="star",
                size=geo.r * 0.9,
                color="#FFD700",
                line=dict(color=T.INK, width=1.2),
            ),
        )
    )
    traces.append(
        go.Scatter(
            name="on cattle",
            mode="markers",
            hoverinfo="text",
            showlegend=True,
            marker=dict(
                symbol="square",
                size=max(6, geo.r * 0.32),
                color="#6B3E1F",
                line=dict(color="#fff", width=1),
            ),
        )
    )
    traces.append(
        go.Scatter(
            name="on canteens",
            mode="markers",
            hoverinfo="text",
            showlegend=True,
            marker=dict(
                symbol="circle",
                size=max(7, geo.r * 0.4),
                color="#ffffff",
                line=dict(color="#1f5f99", width=2.5),
            ),
        )
    )
    for seat in range(4):
        tr = C.seat_pieces(f"settlements {seat}", seat, geo.r * 0.85)
        tr.showlegend = seat < game.players
        traces.append(tr)
    for colour in COLOURS:
        traces.append(
            go.Scatter(
                name=f"workers {colour}",
                mode="markers",
                hoverinfo="skip",
                showlegend=False,
                marker=dict(
                    symbol="circle",
                    size=12,
                    color=WORKER_STYLE[colour],
                    line=dict(color=T.INK, width=1),
                ),
            )
        )
    traces.append(
        go.Scatter(
            name="contractors",
            mode="markers",
            hoverinfo="text",
            showlegend=False,
            marker=dict(size=16, line=dict(color=T.INK, width=1.2)),
        )
    )
    traces.append(
        go.Scatter(
            name="pointer",
            mode="lines+markers",
            hoverinfo="skip",
            showlegend=False,
            line=dict(color=T.INK, width=3),
            marker=dict(size=[8, 11], symbol="circle", color=T.INK),
        )
    )
    traces.append(
        go.Scatter(
            name="boards",
            mode="text",
            hoverinfo="skip",
            showlegend=False,
            textfont=dict(size=12, color=T.INK, family=T.FONT),
        )
    )
    return traces


def _legend(game: Any) -> list:
    out = []
    for k, (fill, words) in HEX_STYLE.items():
        if k == "hidden":
            continue
        out.append(C.legend_entry(words, "hexagon", 14, fill, edge="#8a7f70"))
    for seat in range(game.players):
        out.append(
            C.legend_entry(
                f"{T.player_name(seat)} settlements",
                T.player_symbol(seat),
                12,
                T.player_colour(seat),
            )
        )
    return out


def _figure(
    game: Any, state: Any, width: int | None, title: bool, legend: bool, widget: bool
) -> go.Figure:
    geo = _geo(game)
    traces = _traces(game, geo)
    for tr in traces:
        tr.showlegend = False
    data, lay = board_data(game, state)
    C.fill_traces(traces, data)
    traces += _legend(game)
    traces += [
        C.legend_entry("starting tile", "star", 12, "#FFD700"),
        C.legend_entry("cattle", "square", 9, "#6B3E1F"),
        C.legend_entry(
            "canteen", "circle", 10, "#ffffff", edge="#1f5f99", edge_width=2.5
        ),
    ]
    shapes, notes = _static(game, geo)
    plot_h = round(geo.height)
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
                visible=False, range=[geo.height, 0], scaleanchor="x", scaleratio=1
            ),
            title=lay["title.text"] if title else None,
            shapes=shapes,
            annotations=notes,
            meta={"game": GAME, "plot_height": plot_h},
        )
    )
    return fig


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    width: int | None = DEFAULT_WIDTH,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The Montana board for ``state``: landscape, wheel, city, action board, players.

    ``route`` and ``seat`` are accepted for the shared contract; everything in
    Montana is open, so every seat sees the same board.
    """
    return _figure(game, state, width, title, legend, widget)


def update_board(
    fig: Any, game: Any, state: Any, route: Any = None, *, seat: int | None = None
) -> Any:
    """Show ``state`` in a figure from :func:`draw_board` (in place). Returns ``fig``."""
    data, lay = board_data(game, state)
    return C.apply_board_data(fig, data, lay)


def draw_panel(
    game: Any,
    state: Any,
    *,
    width: int | None = DEFAULT_WIDTH,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The same board (Montana's player boards are part of it)."""
    return _figure(game, state, width, title, legend, widget)
