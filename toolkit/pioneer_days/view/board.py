"""The Pioneer Days figures: the board, its in-place update and the panel.

The board, top to bottom: the day's dice pool (a colour x face grid with the
dice left in the bag and used this week), the four disaster tracks (marker,
steps left before the strike, strikes so far), the six townsfolk slots, the
equipment display and the face-up town cards; then one row per player: board
side and holdings, the wagons space by space (wood, medicine, gold, tiles,
damage) and the tableau of townsfolk and equipment.  Traces have stable names
(:data:`TRACES`): :func:`update_board` writes another position into them.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from toolkit.viz import common as C
from toolkit.viz import theme as T

from .. import effects as E
from ..constants import COLOURS, DISASTERS, FACES
from ..rules import tables

PLOT_W = 1000
TOP_H = 360  # dice, tracks, slots, display, town
ROW_H = 96  # one player
LEGEND_HEIGHT = 56
GAME = "pioneer_days"

DIE_COLOURS = {
    "blue": "#0072B2",
    "red": "#D55E00",
    "yellow": "#E6B000",
    "green": "#009E73",
    "black": "#2b2b2b",
}
DIE_TEXT = {
    "blue": "#fff",
    "red": "#fff",
    "yellow": "#1a1a1a",
    "green": "#fff",
    "black": "#fff",
}
FACE_SHORT = {
    "WILD": "★",
    "MINE": "MINE",
    "EQUIP": "EQP",
    "CATTLE": "COW",
    "WOOD": "WOOD",
    "MEDICINE": "MED",
}
ITEM_STYLE = {  # what a wagon space holds: (colour, letter)
    "empty": ("#ffffff", ""),
    "wood": ("#9c6b3c", "W"),
    "medicine": ("#d98cb3", "M"),
    "gold": ("#f2c14e", "G"),
    "equipment": ("#9aa5b1", "E"),
    "damage": ("#3a3a3a", "✕"),
}
DISASTER_NAMES = {
    "STORM": "Storm",
    "RAID": "Raid",
    "FAMINE": "Famine",
    "DISEASE": "Disease",
}
TYPE_WORDS = {"I": "at once", "T": "on a face", "O": "always", "W": "week end"}

#: The board's traces, in drawing order (the panel has the last four).
TRACES = (
    "pool",
    "bag",
    "die in use",
    "tracks",
    "track notes",
    "townsfolk slots",
    "equipment display",
    "town cards",
    "players",
    "wagons",
    "tableau",
    "holdings",
)
PANEL_TRACES = TRACES[-4:]

# geometry ------------------------------------------------------------------
_POOL_X0, _POOL_DX, _POOL_Y0, _POOL_DY = 70, 50, 62, 30
_BAG_X = _POOL_X0 + 6 * _POOL_DX + 10
_TRACK_X0, _TRACK_Y0, _TRACK_DY = 560, 62, 34
_SLOT_X0, _SLOT_DX, _SLOT_Y = 20, 80, 268
_DISPLAY_X0, _DISPLAY_DX, _DISPLAY_Y = 520, 92, 250
_TOWN_X0, _TOWN_DX, _TOWN_Y = 520, 156, 316


def _track_step(game: Any) -> float:
    return min(40.0, 200.0 / game.options["track_length"])


def _rows_top(panel: bool) -> float:
    return 10.0 if panel else TOP_H


def _height(game: Any, panel: bool) -> float:
    return _rows_top(panel) + ROW_H * game.players + 6


# --------------------------------------------------------------- static parts


def _static_shapes(game: Any, panel: bool) -> tuple[list, list]:
    shapes: list[dict] = []
    notes: list[dict] = []

    def note(x: float, y: float, text: str, size: int = 12, **kw: Any) -> None:
        notes.append(
            dict(
                x=x,
                y=y,
                text=text,
                showarrow=False,
                font=dict(size=size, color=T.INK),
                xref="x",
                yref="y",
                **kw,
            )
        )

    def box(
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: str = "#faf7f0",
        line: str = "#c8bfae",
    ) -> None:
        shapes.append(
            dict(
                type="rect",
                x0=x0,
                y0=y0,
                x1=x1,
                y1=y1,
                fillcolor=fill,
                line=dict(color=line, width=1),
                layer="below",
            )
        )

    top = _rows_top(panel)
    for seat in range(game.players):
        y0 = top + seat * ROW_H
        box(
            10,
            y0 + 2,
            PLOT_W - 10,
            y0 + ROW_H - 4,
            fill=T.rgba(T.player_colour(seat), 0.07),
            line=T.rgba(T.player_colour(seat), 0.6),
        )
    if panel:
        return shapes, notes
    # dice pool grid
    box(10, 10, 500, 224)
    note(20, 24, "<b>Today's dice pool</b>", 14, xanchor="left")
    for j, face in enumerate(FACES):
        note(_POOL_X0 + j * _POOL_DX, 44, FACE_SHORT[face], 11)
    note(_BAG_X + 20, 44, "bag · used", 11)
    note(_BAG_X + 85, _POOL_Y0 + _POOL_DY + 4, "in use", 11)
    for i, colour in enumerate(COLOURS):
        y = _POOL_Y0 + i * _POOL_DY
        note(20, y, colour, 11, xanchor="left")
        for j in range(6):
            x = _POOL_X0 + j * _POOL_DX
            shapes.append(
                dict(
                    type="rect",
                    x0=x - 16,
                    y0=y - 12,
                    x1=x + 16,
                    y1=y + 12,
                    line=dict(color="#ddd5c5", width=1),
                    fillcolor="#ffffff",
                    layer="below",
                )
            )
    note(
        20,
        214,
        "A die nobody takes moves the track of its colour (black: all four).",
        10,
        xanchor="left",
    )
    # disaster tracks
    box(510, 10, 990, 224)
    note(520, 24, "<b>Disaster tracks</b>", 14, xanchor="left")
    step = _track_step(game)
    length = game.options["track_length"]
    for i, d in enumerate(DISASTERS):
        y = _TRACK_Y0 + 10 + i * _TRACK_DY
        colour = DIE_COLOURS[tables().disaster_colour[d]]
        note(520, y, DISASTER_NAMES[d], 12, xanchor="left")
        x_end = _TRACK_X0 + 30 + length * step
        shapes.append(
            dict(
                type="line",
                x0=_TRACK_X0 + 30,
                x1=x_end,
                y0=y,
                y1=y,
                line=dict(color=T.rgba(colour, 0.5), width=3),
                layer="below",
            )
        )
        for k in range(length + 1):
            x = _TRACK_X0 + 30 + k * step
            r = 9 if k == length else 6
            shapes.append(
                dict(
                    type="circle",
                    x0=x - r,
                    x1=x + r,
                    y0=y - r,
                    y1=y + r,
                    fillcolor="#ffffff" if k < length else T.rgba(colour, 0.35),
                    line=dict(color=colour, width=1.5),
                    layer="below",
                )
            )
    # townsfolk slots
    box(10, 232, 500, 352)
    note(20, 244, "<b>Townsfolk</b> (recruit with the slot's face)", 13, xanchor="left")
    for j, face in enumerate(FACES):
        x = _SLOT_X0 + j * _SLOT_DX + 38
        shapes.append(
            dict(
                type="rect",
                x0=x - 36,
                x1=x + 36,
                y0=_SLOT_Y - 10,
                y1=_SLOT_Y + 78,
                fillcolor="#ffffff",
                line=dict(color="#b7a98f", width=1),
                layer="below",
            )
        )
        note(x, _SLOT_Y, f"<b>{FACE_SHORT[face]}</b>", 11)
    # store and town
    box(510, 232, 990, 352)
    note(520, 244 - 4, "<b>Equipment store</b>", 13, xanchor="left")
    note(520, 300, "<b>Town cards</b> (requirements → favors)", 13, xanchor="left")
    return shapes, notes


def _traces(game: Any, panel: bool) -> list[go.Scatter]:
    def text_trace(name: str, size: int = 11, **kw: Any) -> go.Scatter:
        return go.Scatter(
            name=name,
            mode="text",
            hoverinfo="text",
            showlegend=False,
            textfont=dict(size=size, color=T.INK, family=T.FONT),
            **kw,
        )

    def marker_trace(name: str, symbol: str, size: float, **kw: Any) -> go.Scatter:
        return go.Scatter(
            name=name,
            mode="markers+text",
            hoverinfo="text",
            showlegend=False,
            marker=dict(symbol=symbol, size=size, line=dict(color=T.INK, width=1)),
            textposition="middle center",
            textfont=dict(size=10, family=T.FONT),
            **kw,
        )

    board = [
        marker_trace("pool", "square", 26),
        text_trace("bag", 11, textposition="middle right"),
        marker_trace("die in use", "square", 30),
        marker_trace("tracks", "circle", 18),
        text_trace("track notes", 11, textposition="middle right"),
        text_trace("townsfolk slots", 10),
        marker_trace("equipment display", "square", 34),
        text_trace("town cards", 10, textposition="middle right"),
    ]
    rows = [
        marker_trace("players", "circle", 16),
        marker_trace("wagons", "square", 19),
        text_trace("tableau", 10, textposition="middle right"),
        text_trace("holdings", 11, textposition="middle right"),
    ]
    return rows if panel else board + rows


def _legend_traces() -> list[go.Scatter]:
    out = []
    for kind, (colour, _) in ITEM_STYLE.items():
        label = {
            "empty": "empty space",
            "equipment": "equipment tile",
            "damage": "damage (-2 VP)",
            "gold": "gold token",
        }.get(kind, kind)
        out.append(C.legend_entry(label, "square", 13, colour))
    for colour, hexcol in DIE_COLOURS.items():
        out.append(C.legend_entry(f"{colour} die", "square", 11, hexcol))
    return out


# -------------------------------------------------------------- position data


def _wagon_spaces(p: Any, hidden: bool) -> list[tuple[str, str]]:
    """Every wagon space as (kind, hover text), wagon by wagon, items packed in."""
    items: list[tuple[str, str]] = []
    items += [
        ("gold", f"gold token: {v} nuggets" if v else "gold token (hidden)")
        for v in p.gold
    ]
    items += [("equipment", f"{tables().equipment[e].name} ({e})") for e in p.equipment]
    for kind, n in (("wood", p.wood), ("medicine", p.medicine)):
        while n > 0:
            items.append((kind, f"{min(n, 2)} {kind}"))
            n -= 2
    out = []
    k = 0
    for w, (size, dmg) in enumerate(p.wagons):
        for i in range(size):
            if i >= size - 2 * dmg:
                out.append(("damage", f"wagon {w + 1}: damaged space"))
            elif k < len(items):
                kind, text = items[k]
                out.append((kind, f"wagon {w + 1}: {text}"))
                k += 1
            else:
                out.append(("empty", f"wagon {w + 1}: empty space"))
        out.append(("gap", ""))
    while k < len(items):  # over capacity until the end of the turn
        kind, text = items[k]
        out.append((kind, f"does not fit: {text}"))
        k += 1
    return out


def board_data(
    game: Any, state: Any, seat: int | None = None, panel: bool = False
) -> tuple[dict[str, dict], dict[str, Any]]:
    """Everything that depends on the position: ``({trace: props}, layout)``."""
    t = tables()
    s = state if seat is None else game.observe(state, seat)
    data: dict[str, dict] = {}
    top = _rows_top(panel)
    if not panel:
        # pool
        xs, ys, cols, texts, tcols, hov = [], [], [], [], [], []
        counts: dict[tuple[str, str], int] = {}
        for die in s.pool:
            counts[die] = counts.get(die, 0) + 1
        for (colour, face), n in counts.items():
            xs.append(_POOL_X0 + FACES.index(face) * _POOL_DX)
            ys.append(_POOL_Y0 + COLOURS.index(colour) * _POOL_DY)
            cols.append(DIE_COLOURS[colour])
            texts.append(str(n) if n > 1 else "")
            tcols.append(DIE_TEXT[colour])
            hov.append(f"{n} {colour} {face} in the pool")
        data["pool"] = {
            "x": xs,
            "y": ys,
            "marker.color": cols,
            "text": texts,
            "textfont.color": tcols,
            "hovertext": hov,
        }
        stack = sum(s.stock)
        data["bag"] = {
            "x": [_BAG_X] * 5 + [_DISPLAY_X0 + 150],
            "y": [_POOL_Y0 + i * _POOL_DY for i in range(5)] + [240],
            "text": [f"{s.bag[i]} · {s.aside[i]}" for i in range(5)]
            + [f"{stack} tiles face down in the stack"],
            "hovertext": [
                f"{c}: {s.bag[i]} in the bag, {s.aside[i]} used this week"
                for i, c in enumerate(COLOURS)
            ]
            + [f"equipment stack: {stack} tiles"],
        }
        if s.die:
            colour = s.die[0]
            face = s.face
            changed = " (changed)" if s.changed else ""
            data["die in use"] = {
                "x": [_BAG_X + 85],
                "y": [_POOL_Y0 + 2 * _POOL_DY],
                "marker.color": [DIE_COLOURS[colour]],
                "text": [FACE_SHORT[face]],
                "textfont.color": [DIE_TEXT[colour]],
                "hovertext": [
                    f"die in use: {colour}, taken as {s.die[1]}, now {face}{changed}"
                ],
            }
        else:
            data["die in use"] = {
                "x": [],
                "y": [],
                "marker.color": [],
                "text": [],
                "textfont.color": [],
                "hovertext": [],
            }
        # tracks
        step = _track_step(game)
        length = game.options["track_length"]
        risk = _strike_odds(game, s)
        tx, ty, tc, tt, nx, ny, nt = [], [], [], [], [], [], []
        for i, d in enumerate(DISASTERS):
            y = _TRACK_Y0 + 10 + i * _TRACK_DY
            colour = DIE_COLOURS[t.disaster_colour[d]]
            tx.append(_TRACK_X0 + 30 + s.tracks[i] * step)
            ty.append(y)
            tc.append(colour)
            left = length - s.tracks[i]
            tt.append(
                f"{DISASTER_NAMES[d]}: {s.tracks[i]}/{length}, strikes after "
                f"{left} more leftover {t.disaster_colour[d]} or black dice"
            )
            nx.append(_TRACK_X0 + 30 + length * step + 16)
            ny.append(y)
            word = "step" if left == 1 else "steps"
            nt.append(
                f"{left} {word} to go · {risk[i]:.0%} today · struck {s.strikes[i]}×"
            )
        data["tracks"] = {
            "x": tx,
            "y": ty,
            "marker.color": tc,
            "hovertext": tt,
            "text": [str(v) for v in s.tracks],
        }
        data["track notes"] = {"x": nx, "y": ny, "text": nt, "hovertext": nt}
        # townsfolk slots
        sx, sy, st, sh = [], [], [], []
        for j, card in enumerate(s.slots):
            x = _SLOT_X0 + j * _SLOT_DX + 38
            sx.append(x)
            sy.append(_SLOT_Y + 40)
            if card:
                f = t.folk[card]
                st.append(
                    f"<b>{f.name}</b><br>{card} · {f.kind}<br>{TYPE_WORDS[f.kind]}"
                )
                sh.append(
                    f"{f.name} ({card}), type {f.kind}: effect {f.effect} "
                    f"{f.amount or ''}; scores {f.points} VP per {f.per} "
                    f"{f.score}"
                )
            else:
                st.append("<i>empty</i>")
                sh.append(f"{FACES[j]} slot: empty until next week")
        data["townsfolk slots"] = {"x": sx, "y": sy, "text": st, "hovertext": sh}
        # equipment display
        ex, ey, et, eh = [], [], [], []
        for k, tile in enumerate(s.display):
            e = t.equipment[tile]
            ex.append(_DISPLAY_X0 + 40 + k * _DISPLAY_DX)
            ey.append(_DISPLAY_Y + 22)
            et.append(tile)
            trig = f"on {e.face}" if e.face != "NONE" else "ongoing"
            eh.append(f"{e.name} ({tile}): {e.effect} {e.amount}, {trig}")
        data["equipment display"] = {
            "x": ex,
            "y": ey,
            "text": et,
            "hovertext": eh,
            "marker.color": ["#dfe4ea"] * len(ex),
        }
        # town cards
        cx, cy, ct = [], [], []
        for k, card in enumerate(s.town):
            tc_ = t.town[card]
            need = [
                f"{n} {u}"
                for u, n in (
                    ("wood", tc_.wood),
                    ("med", tc_.medicine),
                    ("cattle", tc_.cattle),
                    ("gold", tc_.gold),
                    ("tile", tc_.equipment),
                    ("$", tc_.silver),
                )
                if n
            ]
            cx.append(_TOWN_X0 + k * _TOWN_DX)
            cy.append(_TOWN_Y + 18)
            ct.append(f"<b>{tc_.name}</b><br>{', '.join(need)} → {tc_.favors}★")
        data["town cards"] = {"x": cx, "y": cy, "text": ct, "hovertext": ct}
    # players
    scores = game.scores(s)
    px, py, pt, ph = [], [], [], []
    wx, wy, wc, wt, wh, wf = [], [], [], [], [], []
    tx2, ty2, tt2 = [], [], []
    hx, hy, ht = [], [], []
    for i, p in enumerate(s.players):
        y0 = top + i * ROW_H
        mark = " ◀" if s.active == i and s.phase not in ("over",) else ""
        px.append(28)
        py.append(y0 + 22)
        pt.append("S" if s.start == i else "")
        board = t.boards[p.board].name if p.board in t.boards else (p.board or "—")
        ph.append(f"{T.player_name(i)} (seat {i}), board side {board}")
        hx.append(44)
        hy.append(y0 + 22)
        ht.append(
            f"<b>{T.player_name(i).capitalize()}</b> · {board}{mark} · "
            f"<b>{scores[i]} VP</b>"
        )
        hx.append(44)
        hy.append(y0 + 48)
        gold = f"{len(p.gold)} gold" + (
            f" ({sum(p.gold)} nuggets)" if all(p.gold) and p.gold else ""
        )
        ht.append(
            f"${p.silver} · {p.cattle} cattle · {p.wood} wood · "
            f"{p.medicine} med · {p.favors} favors"
        )
        hx.append(44)
        hy.append(y0 + 72)
        ht.append(f"{gold} · {E.used(p)}/{E.capacity(p)} spaces · {E.damage(p)} damage")
        # wagons
        x = 380.0
        for kind, hover in _wagon_spaces(p, seat is not None and seat != i):
            if kind == "gap":
                x += 10
                continue
            colour, letter = ITEM_STYLE[kind]
            if x > 620:
                continue
            wx.append(x)
            wy.append(y0 + 34)
            wc.append(colour)
            wt.append(letter)
            wf.append("#ffffff" if kind == "damage" else T.INK)
            wh.append(hover)
            x += 22
        # tableau
        folk = ", ".join(t.folk[c].name for c in p.townsfolk) or "no townsfolk"
        tiles = ", ".join(t.equipment[e].name for e in p.equipment) or "no equipment"
        tx2.append(640)
        ty2.append(y0 + 30)
        tt2.append(f"<b>Townsfolk:</b> {_wrap(folk, 52)}")
        tx2.append(640)
        ty2.append(y0 + 70)
        tt2.append(f"<b>Equipment:</b> {_wrap(tiles, 52)}")
    data["players"] = {
        "x": px,
        "y": py,
        "text": pt,
        "hovertext": ph,
        "marker.color": [T.player_colour(i) for i in range(len(px))],
        "marker.symbol": [T.player_symbol(i) for i in range(len(px))],
    }
    data["wagons"] = {
        "x": wx,
        "y": wy,
        "marker.color": wc,
        "text": wt,
        "textfont.color": wf,
        "hovertext": wh,
    }
    data["tableau"] = {"x": tx2, "y": ty2, "text": tt2, "hovertext": tt2}
    data["holdings"] = {"x": hx, "y": hy, "text": ht, "hovertext": ht}
    return data, {"title.text": _title(game, s)}


def _wrap(text: str, width: int) -> str:
    words, lines, cur = text.split(" "), [], ""
    for w in words:
        if cur and len(cur) + len(w) + 1 > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    lines.append(cur)
    return "<br>".join(lines[:2]) + ("…" if len(lines) > 2 else "")


def _strike_odds(game: Any, s: Any) -> list[float]:
    """Chance that today's leftover die moves each track onto its last space."""
    length = game.options["track_length"]
    pool = list(s.pool)
    out = []
    t = tables()
    for i, d in enumerate(DISASTERS):
        if length - s.tracks[i] != 1 or not pool:
            out.append(0.0)
            continue
        colour = t.disaster_colour[d]
        hits = sum(1 for c, _ in pool if c in (colour, "black"))
        out.append(hits / len(pool))  # the leftover die is one of the pool's
    return out


def _title(game: Any, s: Any) -> str:
    if s.phase == "over":
        win = ", ".join(T.player_name(w) for w in game.winners(s))
        return f"Pioneer Days · game over · won by {win}"
    if s.day == 0:
        return f"Pioneer Days · setting up week {s.week}"
    who = T.player_name(s.active) if s.active >= 0 else "chance"
    return f"Pioneer Days · week {s.week}, day {s.day} · {who} to move ({s.phase})"


# ------------------------------------------------------------------ figures


def _figure(
    game: Any,
    state: Any,
    seat: int | None,
    panel: bool,
    width: int | None,
    title: bool,
    legend: bool,
    widget: bool,
) -> go.Figure:
    traces = _traces(game, panel)
    data, lay = board_data(game, state, seat, panel)
    C.fill_traces(traces, data)
    traces += _legend_traces()
    shapes, notes = _static_shapes(game, panel)
    plot_h = round(_height(game, panel))
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
            yaxis=dict(visible=False, range=[plot_h, 0], scaleanchor="x", scaleratio=1),
            title=lay["title.text"] if title else None,
            shapes=shapes,
            annotations=notes,
            meta={"game": GAME, "panel": panel, "seat": seat, "plot_height": plot_h},
        )
    )
    return fig


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    width: int | None = C.DEFAULT_WIDTH,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The Pioneer Days board for ``state`` (``seat=``: as that seat sees it)."""
    return _figure(game, state, seat, False, width, title, legend, widget)


def update_board(
    fig: Any, game: Any, state: Any, route: Any = None, *, seat: int | None = None
) -> Any:
    """Show ``state`` in a figure from :func:`draw_board` or :func:`draw_panel`,
    in place (the result equals a fresh draw). Returns ``fig``.
    """
    meta = fig.layout.meta or {}
    panel = bool(meta.get("panel", False))
    if seat is None:
        seat = meta.get("seat")
    data, lay = board_data(game, state, seat, panel)
    return C.apply_board_data(fig, data, lay)


def draw_panel(
    game: Any,
    state: Any,
    *,
    seat: int | None = None,
    width: int | None = C.DEFAULT_WIDTH,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """Only the players' rows: holdings, wagons and tableau."""
    return _figure(game, state, seat, True, width, title, legend, widget)


__all__ = [
    "PANEL_TRACES",
    "TRACES",
    "board_data",
    "draw_board",
    "draw_panel",
    "update_board",
]
