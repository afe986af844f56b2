"""Everything on a Pioneers board that depends on the position.

:func:`board_data` returns it as ``({trace name: properties}, layout updates)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from toolkit.viz import common as C
from toolkit.viz import layout as L
from toolkit.viz import theme as T

from . import style as S
from .geometry import _coach_path, _free_spot, board_layout, coach_offset
from .style import DOUBLE_OFFSET, SLOTS

# --------------------------------------------------------------------------- text helpers


def _toll_text(roads: Sequence[int], players: int) -> str:
    """Who pays what to cross a connection with these roads (P-MOVE-2)."""
    if not roads:
        return "every player pays $1 to the bank"
    parts = []
    for seat in range(players):
        if seat in roads:
            parts.append(f"{T.player_name(seat)} free")
        else:
            owners = " + ".join(f"$1 to {T.player_name(o)}" for o in roads)
            parts.append(f"{T.player_name(seat)} pays {owners}")
    return "; ".join(parts)


def _route_path(route: Any) -> tuple[str, ...] | None:
    if route is None:
        return None
    path = getattr(route, "path", route)
    if isinstance(path, str):
        path = tuple(path.replace("→", "-").split("-"))
    path = tuple(path)
    if len(path) < 2:
        raise ValueError(f"a route needs at least 2 cities, got {path!r}")
    return path


def _move_targets(game: Any, state: Any) -> set[str]:
    """The cities the active player may move the stagecoach to now (P-MOVE-1, -4)."""
    if state.phase != "move" or state.seat < 0:
        return set()
    return {a.target for a in game.legal_actions(state) if hasattr(a, "target")}


def _phase_text(game: Any, state: Any) -> str:
    if state.phase == "over":
        return "game over"
    if state.seat < 0:
        return f"set-up ({state.phase})"
    words = {
        "buy": "buy",
        "road": "place a road",
        "move": "move the stagecoach",
        "settle": "settle",
        "sergeant": "use the sergeant",
        "innkeeper": "use the innkeeper",
        "farmer": "add farmers",
        "join": "join or decline",
    }
    who = T.player_name(state.seat)
    return f"{who} to {words.get(state.phase, state.phase)}"


def _title(game: Any, state: Any) -> str:
    side = {"4p": "4-player board", "23p": "2/3-player board"}.get(
        game.board.side, "board"
    )
    return (
        f"<b>Pioneers</b> · {side} · round {state.round} · {_phase_text(game, state)}"
    )


# --------------------------------------------------------------------------- dynamic data


def _segments(pairs: Sequence[tuple[np.ndarray, np.ndarray]]) -> tuple[list, list]:
    xs: list = []
    ys: list = []
    for p, q in pairs:
        xs += [float(p[0]), float(q[0]), None]
        ys += [float(p[1]), float(q[1]), None]
    return xs, ys


def board_data(
    game: Any,
    state: Any,
    route: Any = None,
    seat: int | None = None,
    labels: str = "id",
) -> tuple[dict[str, dict], dict]:
    """Everything position-dependent: ``({trace name: properties}, layout updates)``.

    :func:`draw_board` builds its traces from this, :func:`update_board` writes it
    into an existing figure and :func:`toolkit.viz.animation.replay_animation` turns it
    into frames.
    """
    board = game.board
    lay = board_layout(board, labels)
    xy = lay.xy
    n_players = game.players
    ids, names = board.ids, board.names
    covered = state.covered
    out: dict[str, dict] = {}

    # connections, split by whether they touch a covered city
    live, dead = [], []
    for a, b in board.edges:
        (dead if covered[a] or covered[b] else live).append((xy[a], xy[b]))
    x, y = _segments(live)
    out["connections"] = {"x": x, "y": y}
    x, y = _segments(dead)
    out["covered connections"] = {"x": x, "y": y}

    # roads: one trace per owner; a double road is drawn as two parallel lines
    per_seat: dict[int, dict[str, list]] = {
        s: {"x": [], "y": [], "customdata": [], "marker.size": []}
        for s in range(n_players)
    }
    casing = []
    for e, owners in enumerate(state.roads):
        if not owners:
            continue
        a, b = board.edges[e]
        p, q = xy[a], xy[b]
        d = q - p
        length = float(np.hypot(*d)) or 1.0
        normal = np.array([-d[1], d[0]]) / length
        conn = "-".join(board.edge_ids(e))
        for k, owner in enumerate(owners):
            shift = (
                normal * (DOUBLE_OFFSET * (1 if k == 0 else -1))
                if len(owners) == 2
                else 0
            )
            p2, q2 = p + shift, q + shift
            t = 0.5 if len(owners) == 1 else (0.42 if k == 0 else 0.58)
            mid = p2 + (q2 - p2) * t
            casing.append((p2, q2))
            tr = per_seat.setdefault(
                owner, {"x": [], "y": [], "customdata": [], "marker.size": []}
            )
            for point, size in ((p2, 0), (mid, 10), (q2, 0)):
                tr["x"].append(float(point[0]))
                tr["y"].append(float(point[1]))
                tr["customdata"].append(conn)
                tr["marker.size"].append(size)
            tr["x"].append(None)
            tr["y"].append(None)
            tr["customdata"].append(None)
            tr["marker.size"].append(0)
    x, y = _segments(casing)
    out["road casing"] = {"x": x, "y": y}
    for s in range(n_players):
        out[f"roads seat {s}"] = per_seat[s]

    # connection hover points
    info_text = []
    for e, owners in enumerate(state.roads):
        a, b = board.edges[e]
        head = f"<b>{ids[a]} – {ids[b]}</b> ({names[a]} – {names[b]})"
        if covered[a] or covered[b]:
            info_text.append(
                f"{head}<br>touches a covered city: no roads, no stagecoach"
            )
            continue
        if owners:
            roads = "roads: " + " + ".join(T.player_name(o) for o in owners)
            if len(owners) == 2:
                roads += " (double road)"
        else:
            roads = "no road"
        info_text.append(f"{head}<br>{roads}<br>toll: {_toll_text(owners, n_players)}")
    out["connection info"] = {"hovertext": info_text}

    # cities
    colours, texts, hover, line_colours, label_colours = [], [], [], [], []
    roads_at: list[list[str]] = [[] for _ in ids]
    for e, owners in enumerate(state.roads):
        if owners:
            a, b = board.edges[e]
            who = "+".join(T.player_name(o) for o in owners)
            roads_at[a].append(f"{ids[b]} ({who})")
            roads_at[b].append(f"{ids[a]} ({who})")
    for i, cid in enumerate(ids):
        tile = state.tiles[i]
        lines = [f"<b>{names[i]}</b> ({cid})"]
        if covered[i]:
            colours.append(S.COVERED)
            line_colours.append(S.COVERED_INK)
            label_colours.append(S.COVERED_INK)
            texts.append("")
            lines.append("covered: out of the game (2 players)")
        else:
            colours.append(S.tile_colour(tile))
            line_colours.append(T.INK)
            label_colours.append(T.INK)
            texts.append(S.TILE_SHORT.get(tile, "") if tile else "")
            lines.append(
                f"tile: {S.tile_name(tile)}"
                + (f" ({S.TILE_SHORT[tile]})" if tile else "")
            )
        if i == board.start:
            lines.append("start city")
        if state.coach == cid:
            lines.append("the stagecoach is here")
        here = [(s, k) for s, k in enumerate(state.settled[i]) if k]
        if here:
            lines.append(
                "pioneers: " + ", ".join(f"{T.player_name(s)} {k}" for s, k in here)
            )
        else:
            lines.append("pioneers: none")
        lines.append("roads to: " + (", ".join(roads_at[i]) if roads_at[i] else "none"))
        hover.append("<br>".join(lines))
    # in the move phase, the targets the active player may drive to are ringed
    targets = _move_targets(game, state)
    widths = []
    for i, cid in enumerate(ids):
        if cid in targets:
            line_colours[i] = S.TARGET_RING
            hover[i] += f"<br><b>a target for {T.player_name(state.seat)} now</b>"
        widths.append(S.TARGET_WIDTH if cid in targets else S.CITY_LINE)
    out["cities"] = {
        "marker.color": colours,
        "marker.line.color": line_colours,
        "marker.line.width": widths,
        "text": texts,
        "hovertext": hover,
    }
    out["city labels"] = {"textfont.color": label_colours}

    # pioneers: one trace per seat, a marker in the seat's slot, the count if > 1
    for s in range(n_players):
        px, py, txt, hv = [], [], [], []
        dx, dy = SLOTS[s % len(SLOTS)]
        for i, row in enumerate(state.settled):
            k = row[s] if s < len(row) else 0
            if k:
                px.append(float(xy[i][0] + dx))
                py.append(float(xy[i][1] + dy))
                txt.append(str(k) if k > 1 else "")
                hv.append(
                    f"{T.player_name(s)}: {k} pioneer{'s' if k > 1 else ''} in {names[i]}"
                )
        out[f"pioneers seat {s}"] = {"x": px, "y": py, "text": txt, "hovertext": hv}

    # the stagecoach
    c = board.index.get(state.coach)
    if c is None:
        out["coach"] = {"x": [], "y": [], "hovertext": []}
        coach_path = "M0,0"
    else:
        dx, dy = coach_offset(c == board.start)
        coach_path = _coach_path(xy[c][0] + dx, xy[c][1] + dy)
        out["coach"] = {
            "x": [float(xy[c][0] + dx)],
            "y": [float(xy[c][1] + dy)],
            "hovertext": [f"stagecoach in {names[c]}"],
        }

    # the highlighted route
    path = _route_path(route)
    layout_updates = {"title.text": _title(game, state), "shapes[0].path": coach_path}
    if path is None:
        out["route"] = {"x": [], "y": [], "customdata": [], "marker.size": []}
        out["route costs"] = {"x": [], "y": [], "text": []}
        layout_updates["annotations[0].text"] = ""
        layout_updates["annotations[0].visible"] = False
    else:
        payer = state.active if seat is None else seat
        rx, ry, rc, rs = [], [], [], []
        cx, cy, ct = [], [], []
        total = 0
        for k, (a, b) in enumerate(itertools.pairwise(path)):
            e = board.edge_of(a, b)
            if e is None:
                raise ValueError(
                    f"route step {a}-{b} is not a connection on this board"
                )
            ia, ib = board.index[a], board.index[b]
            p, q = xy[ia], xy[ib]
            if k == 0:
                rx.append(float(p[0]))
                ry.append(float(p[1]))
                rc.append(a)
                rs.append(0)
            mid = (p + q) / 2
            rx += [float(mid[0]), float(q[0])]
            ry += [float(mid[1]), float(q[1])]
            rc += [None, b]
            rs += [20, 0]
            owners = state.roads[e]
            if not owners:
                cost_text, step = "$1 bank", 1
            elif payer in owners:
                cost_text, step = "free", 0
            else:
                step = len(owners)
                cost_text = " ".join(f"$1 {T.player_name(o)}" for o in owners)
            total += step
            d = q - p
            length = float(np.hypot(*d)) or 1.0
            normal = np.array([-d[1], d[0]]) / length
            if normal[1] < 0 or (normal[1] == 0 and normal[0] < 0):
                normal = -normal
            w, h = L.text_size(cost_text, 11)
            spot = _free_spot(lay, mid, normal, w, h, board.index.get(state.coach))
            cx.append(float(spot[0]))
            cy.append(float(spot[1]))
            ct.append(C.no_tex(cost_text))
        out["route"] = {"x": rx, "y": ry, "customdata": rc, "marker.size": rs}
        out["route costs"] = {"x": cx, "y": cy, "text": ct}
        pay = game.payments(state, path, payer)
        split = []
        if pay.get("bank"):
            split.append(f"${pay['bank']} to the bank")
        split += [
            f"${v} to {T.player_name(k)}"
            for k, v in sorted(((k, v) for k, v in pay.items() if k != "bank"))
        ]
        note = (
            f"<b>Route for {T.player_name(payer)}</b>: {' → '.join(path)} · "
            f"costs ${total}"
            + (": " + ", ".join(split) if split else " (all on own roads)")
        )
        layout_updates["annotations[0].text"] = C.no_tex(note)
        layout_updates["annotations[0].visible"] = True
    return out, layout_updates
