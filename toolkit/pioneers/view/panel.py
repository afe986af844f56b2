"""The Pioneers player panel (money, VP, wagons and seats) and the market."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit.viz import common as C
from toolkit.viz import theme as T

from . import style as S
from .style import GAME

# --------------------------------------------------------------------------- player panel


PANEL_WIDTH = 1000
ROW_H = 86  # px per line of wagons in a player's block
SEAT = 17  # seat square size
PITCH = 21  # px between seat centres
INFO_W = 240  # px for a player's name and numbers


def _wagon_width(n_seats: int) -> float:
    return max(n_seats * PITCH + 14, 74)


def _wagon_rows(
    wagons: Sequence[Any], x0: float, x1: float
) -> list[list[tuple[float, Any]]]:
    """Wagons laid out left to right, wrapped onto more lines when they do not fit."""
    rows: list[list[tuple[float, Any]]] = [[]]
    x = x0
    for w in wagons:
        width = _wagon_width(len(w.seats))
        if rows[-1] and x + width > x1:
            rows.append([])
            x = x0
        rows[-1].append((x, w))
        x += width + 12
    return rows


def draw_panel(
    game: Any, state: Any, *, width: int = PANEL_WIDTH, market: bool = True
) -> go.Figure:
    """Each player's money, VP, roads, bankers, merchants and wagons; then the market.

    A seat is a square in its profession's tile colour with the 2-letter code
    under it; a pioneer sitting on it is the player's marker on top of it. An
    emptied wagon is turned face down and shows the VP it scored.
    """
    n = game.players
    x_wag, x_end = INFO_W, width - 16
    blocks = []
    y = 8.0
    for seat in range(n):
        pl = state.players[seat]
        rows = _wagon_rows(pl.wagons, x_wag, x_end)
        h = max(1, len(rows)) * ROW_H
        blocks.append((seat, y, h, rows))
        y += h + 8
    market_y = y + 6
    total_h = market_y + (ROW_H + 40 if market else 0)

    shapes: list[dict] = []
    seats_x, seats_y, seats_c, seats_t, seats_h = [], [], [], [], []
    pio: dict[int, dict[str, list]] = {
        s: {"x": [], "y": [], "hovertext": []} for s in range(n)
    }
    tx, ty, tt = [], [], []  # left-aligned texts
    cx, cy, ct = [], [], []  # centred texts

    def wagon(
        x: float,
        top: float,
        w: Any,
        owner: int | None,
        price: int | None = None,
        bonus: int | None = None,
    ) -> None:
        width_w = _wagon_width(len(w.seats))
        face_up = getattr(w, "face_up", True)
        shapes.append(
            dict(
                type="rect",
                x0=x,
                x1=x + width_w,
                y0=top + 16,
                y1=top + 66,
                line=dict(color=T.INK, width=1.2),
                layer="below",
                fillcolor="#fbf6e9" if face_up else "#8d8477",
            )
        )
        vp = getattr(w, "vp", None)
        head = f"<b>{w.id}</b> · {vp} VP" + (
            f" · +${bonus}" if bonus is not None else ""
        )
        cx.append(x + width_w / 2)
        cy.append(top + 8)
        ct.append(head)
        if not face_up:
            cx.append(x + width_w / 2)
            cy.append(top + 41)
            ct.append("<i>emptied</i>")
            return
        occupied = getattr(w, "occupied", (False,) * len(w.seats))
        x_seats = x + (width_w - PITCH * len(w.seats)) / 2
        for k, prof in enumerate(w.seats):
            sx = x_seats + PITCH * k + PITCH / 2
            sy = top + 34
            seats_x.append(sx)
            seats_y.append(sy)
            seats_c.append(S.tile_colour(prof))
            seats_t.append(S.TILE_SHORT.get(prof, prof[:2]))
            state_word = "occupied" if occupied[k] else "empty"
            where = f"{T.player_name(owner)}'s " if owner is not None else ""
            seats_h.append(
                f"{where}wagon {w.id}, seat {k + 1}: {S.tile_name(prof)}"
                + (f" ({state_word})" if owner is not None else "")
            )
            if owner is not None and occupied[k]:
                pio[owner]["x"].append(sx)
                pio[owner]["y"].append(sy)
                pio[owner]["hovertext"].append(
                    f"{T.player_name(owner)} pioneer on a {S.tile_name(prof)} seat of {w.id}"
                )

    for seat, top, h, rows in blocks:
        pl = state.players[seat]
        active = state.phase != "over" and state.active == seat
        shapes.append(
            dict(
                type="rect",
                x0=4,
                x1=width - 4,
                y0=top,
                y1=top + h,
                line=dict(color=T.player_colour(seat), width=3 if active else 1),
                layer="below",
                fillcolor=T.rgba(T.player_colour(seat), 0.10 if active else 0.04),
            )
        )
        known = [v for v in pl.nuggets if v is not None]
        hidden = len(pl.nuggets) - len(known)
        gold = f"{len(pl.nuggets)} nugget{'s' if len(pl.nuggets) != 1 else ''}"
        if pl.nuggets:
            gold += (
                f" ({sum(known)} VP" + (f", {hidden} hidden" if hidden else "") + ")"
            )
        lines = [
            f"<b>{C.seat_label(seat)}</b>" + ("  ◀ to play" if active else ""),
            f"<b>${pl.money}</b> · <b>{pl.vp} VP</b> from wagons",
            f"roads left {pl.roads_left} · supply {pl.supply}",
            f"bankers {pl.bankers} · merchants {pl.merchants}",
            gold,
        ]
        for k, line in enumerate(lines):
            tx.append(34 if k == 0 else 16)
            ty.append(top + 13 + 15.5 * k)
            tt.append(line)
        for r, row in enumerate(rows):
            for x, w in row:
                wagon(x, top + 6 + r * ROW_H, w, seat)
        if not pl.wagons:
            tx.append(x_wag)
            ty.append(top + 40)
            tt.append("<i>no wagons</i>")

    if market:
        shapes.append(
            dict(
                type="rect",
                x0=4,
                x1=width - 4,
                y0=market_y,
                y1=market_y + ROW_H + 30,
                line=dict(color=T.INK, width=1),
                fillcolor="#f6f1e4",
                layer="below",
            )
        )
        tx += [16, 16]
        ty += [market_y + 16, market_y + 36]
        tt += ["<b>Market</b>", f"deck: {state.deck} face down"]
        slot_w = (x_end - x_wag) / 4
        for k, wid in enumerate(state.market):
            sx = x_wag + k * slot_w
            tx.append(sx + 4)
            ty.append(market_y + 14)
            tt.append(f"<b>slot {k + 1}: ${k + 1}</b>")
            if wid is None:
                cx.append(sx + 40)
                cy.append(market_y + 60)
                ct.append("<i>empty</i>")
                continue
            spec = game.wagon_specs.get(wid)
            if spec is None:
                continue
            wagon(sx + 4, market_y + 30, spec, None, bonus=spec.bonus)

    traces = [
        go.Scatter(
            name="seats",
            x=seats_x,
            y=seats_y,
            mode="markers+text",
            hoverinfo="text",
            hovertext=seats_h,
            text=seats_t,
            textposition="bottom center",
            textfont=dict(size=9, color=T.INK),
            marker=dict(
                symbol="square",
                size=SEAT,
                color=seats_c,
                line=dict(color=T.INK, width=1),
            ),
            showlegend=False,
        ),
    ]
    for s in range(n):
        traces.append(
            go.Scatter(
                name=f"pioneers seat {s}",
                mode="markers",
                hoverinfo="text",
                showlegend=False,
                x=pio[s]["x"],
                y=pio[s]["y"],
                hovertext=pio[s]["hovertext"],
                marker=dict(
                    symbol=T.player_symbol(s),
                    size=11,
                    color=T.player_colour(s),
                    line=dict(color=T.INK, width=1),
                ),
            )
        )
    traces += [
        go.Scatter(
            name="player text",
            x=tx,
            y=ty,
            text=tt,
            mode="text",
            hoverinfo="skip",
            textposition="middle right",
            textfont=dict(size=12),
            showlegend=False,
        ),
        go.Scatter(
            name="wagon text",
            x=cx,
            y=cy,
            text=ct,
            mode="text",
            hoverinfo="skip",
            textposition="middle center",
            textfont=dict(size=11),
            showlegend=False,
        ),
        go.Scatter(
            name="player markers",
            mode="markers",
            hoverinfo="skip",
            showlegend=False,
            x=[20] * n,
            y=[b[1] + 14 for b in blocks],
            marker=dict(
                symbol=[T.player_symbol(s) for s in range(n)],
                size=14,
                color=[T.player_colour(s) for s in range(n)],
                line=dict(color=T.INK, width=1.2),
            ),
        ),
    ]
    fig = go.Figure(data=traces)
    fig.update_layout(
        template=T.template(),
        width=None,  # fit the page: the x range is the drawing's ``width`` px
        autosize=True,
        height=int(total_h) + 40,
        margin=dict(l=0, r=0, t=36, b=4),
        shapes=shapes,
        hovermode="closest",
        title=C.container_title(
            f"<b>Players and market</b> · round {state.round}", pad=8
        ),
        xaxis=dict(visible=False, range=[0, width], fixedrange=True),
        yaxis=dict(visible=False, range=[total_h, 0], fixedrange=True),
        meta={"game": GAME, "figure": "panel"},
    )
    return fig
