"""The Pioneers board, player panel and market as plotly figures.

Every game module in :mod:`toolkit.viz` has the same shape:

``draw_board(game, state, route=None, **options) -> go.Figure``
    The whole board. Traces have stable names (see :data:`TRACES`), so tests and
    widgets find them with ``fig.select_traces(selector={"name": ...})``.
``update_board(fig, game, state, route=None, **options)``
    Change an existing figure (a ``go.FigureWidget`` in a lesson) in place to show
    another position of the same game: only trace data and a few layout texts are
    replaced, inside ``fig.batch_update()``. The result equals a fresh
    ``draw_board`` of that position.
``draw_panel(game, state) -> go.Figure``
    The players' boards (money, VP, wagons and seats) and the market.

The map comes from the cities' latitude and longitude (``x = lon cos 38°``,
``y = lat``), scaled to screen pixels at the default width of 1000 px and then
spread just enough that no two cities, and no city and a connection, crowd each
other (a board game's map is a stylised map too). City labels are placed beside
their city where they overlap nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import plotly.graph_objects as go

from . import common as C
from . import layout as L
from . import theme as T
from .common import DEFAULT_WIDTH, MARGIN
from .common import trace_index as trace_index  # public name of this module

GAME = "pioneers"

LEGEND_HEIGHT = 58  # px below the map for the legend
PAD = 34  # px between the outermost city and the plot edge
HEX = 40  # city marker size (px)
HEX_R = HEX / 2
START_RING = HEX + 14
MIN_GAP = 70  # px between city centres
CLEARANCE = 30  # px between a city and a connection it is not on
STRETCH = 1.3  # vertical exaggeration of the map (a game board is a stylised map)
PIONEER = 14
SLOTS = (
    (-8.0, 7.5),
    (8.0, 7.5),
    (-8.0, -7.5),
    (8.0, -7.5),
)  # seat -> offset in the hexagon
COACH_OFFSET = (
    HEX_R + 10,
    HEX_R + 1,
)  # stagecoach beside the city's upper-right corner
START_COACH_OFFSET = (START_RING / 2 + 8, START_RING / 2)  # ... beyond the start ring
COACH_SIZE = 22
COACH_COLOUR = "#4a2c12"
LABEL_FONT = 12
ROAD_WIDTH = 6
CASING_WIDTH = 9.5
DOUBLE_OFFSET = 4.0  # px either side of the centre line for a double road

#: Stable trace names, bottom to top. ``{seat}`` stands for each seat number.
TRACES = (
    "covered connections",
    "connections",
    "road casing",
    "roads seat {seat}",
    "route",
    "connection info",
    "start marker",
    "cities",
    "city labels",
    "pioneers seat {seat}",
    "coach",
    "route costs",
)


# --------------------------------------------------------------------------- geometry


class BoardLayout(NamedTuple):
    """Positions of everything that never moves, in px at the default size."""

    xy: np.ndarray  # city index -> (x, y)
    label_xy: tuple[tuple[float, float], ...]
    label_boxes: tuple[L.Box, ...]
    label_directions: tuple[str, ...]
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    start: int
    width: int
    height: int


def _geo_points(board: Any) -> np.ndarray:
    pts = L.project(board.lat, board.lon) * np.array([1.0, STRETCH])
    if len(pts) > 1 and len({(round(x, 6), round(y, 6)) for x, y in pts}) < len(pts):
        # A lesson's board without coordinates: lay the graph out instead.
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(range(len(board.ids)))
        g.add_edges_from(board.edges)
        pos = nx.kamada_kawai_layout(g) if _has_scipy() else nx.spring_layout(g, seed=0)
        pts = np.array([pos[i] for i in range(len(board.ids))], float)
    return pts


def _has_scipy() -> bool:
    import importlib.util

    return importlib.util.find_spec("scipy") is not None


def board_layout(board: Any, labels: str = "id") -> BoardLayout:
    """The cached layout of a board (cities, label spots, plot ranges)."""
    texts = _label_texts(board, labels)
    return _layout(board.ids, board.lat, board.lon, board.edges, board.start, texts)


def _label_texts(board: Any, labels: str | None) -> tuple[str, ...]:
    if labels in (None, "", "none"):
        return ("",) * len(board.ids)
    if labels == "name":
        return tuple(n.split(",")[0] for n in board.names)
    if labels == "id":
        return tuple(board.ids)
    raise ValueError(f"labels must be 'id', 'name' or None, not {labels!r}")


class _BoardKey(NamedTuple):
    ids: tuple
    lat: tuple
    lon: tuple
    edges: tuple
    start: int


@functools.lru_cache(maxsize=16)
def _layout(ids, lat, lon, edges, start, texts) -> BoardLayout:
    board = _BoardKey(ids, lat, lon, edges, start)
    n = len(ids)
    plot_w = DEFAULT_WIDTH - MARGIN["l"] - MARGIN["r"]
    sizes = [L.text_size(t, LABEL_FONT) if t else (0.0, 0.0) for t in texts]
    radius = [START_RING / 2 if i == start else HEX_R for i in range(n)]
    geo = _geo_points(board) if n else np.zeros((0, 2))
    pad_l = pad_r = PAD
    spread = _fit_x(geo, pad_l, plot_w - pad_r)
    if n > 1:
        spread = L.spread(spread, edges, MIN_GAP, CLEARANCE)
    for _ in range(4):
        # Refit between the pads (1 board unit = 1 px), then restore the gaps.
        pts = _fit_x(spread, pad_l, plot_w - pad_r)
        if n > 1:
            pts = L.spread(pts, edges, MIN_GAP, CLEARANCE, anchor=0.0)
        coach_boxes = [_coach_box(pts[i], i == start) for i in range(n)]
        placement = L.place_labels(pts, sizes, radius, edges, obstacles=coach_boxes)
        left = min([b[0] for b in placement.boxes] + [float(pts[:, 0].min()) - HEX_R])
        right = max(
            [b[2] for b in placement.boxes]
            + [float(pts[:, 0].max()) + HEX_R, *(b[2] for b in coach_boxes)]
        )
        if left >= 2 and right <= plot_w - 2:
            break
        pad_l += max(0.0, 2 - left)
        pad_r += max(0.0, right - (plot_w - 2))
    # Plot ranges: everything (cities, labels, coach) plus a margin.
    xs = [float(pts[:, 0].min()) - HEX_R, float(pts[:, 0].max()) + HEX_R]
    ys = [pts[:, 1].min() - HEX_R, *(b[3] for b in coach_boxes)]
    for box in placement.boxes:
        xs += [box[0], box[2]]
        ys += [box[1], box[3]]
    x0, x1 = min(0.0, min(xs) - 2), max(plot_w, max(xs) + 2)
    y0, y1 = min(ys) - 8, max(ys) + 8
    # Keep 1 board unit = 1 px at the default width.
    scale = plot_w / (x1 - x0)
    height = int(round((y1 - y0) * scale)) + MARGIN["t"] + MARGIN["b"] + LEGEND_HEIGHT
    return BoardLayout(
        xy=pts,
        label_xy=placement.centres,
        label_boxes=placement.boxes,
        label_directions=placement.directions,
        x_range=(float(x0), float(x1)),
        y_range=(float(y0), float(y1)),
        start=start,
        width=DEFAULT_WIDTH,
        height=height,
    )


def _fit_x(points: np.ndarray, x0: float, x1: float) -> np.ndarray:
    """Scale uniformly so the x span is ``x0..x1``; the lowest y goes to ``PAD``."""
    if len(points) == 0:
        return points
    lo = points.min(axis=0)
    span = float(points[:, 0].max() - lo[0])
    if span <= 0:
        return points - lo + np.array([(x0 + x1) / 2, PAD])
    return (points - lo) * ((x1 - x0) / span) + np.array([x0, PAD])


def _free_spot(
    lay: BoardLayout,
    mid: np.ndarray,
    normal: np.ndarray,
    w: float,
    h: float,
    coach: int | None = None,
) -> np.ndarray:
    """Beside a route step: the side of the line whose text box hits fewer labels,
    cities and the stagecoach.
    """
    best, best_hits = None, None
    others = list(lay.label_boxes) + (
        [_coach_box(lay.xy[coach], coach == lay.start)] if coach is not None else []
    )
    for sign in (1.0, -1.0):
        for extra in (0.0,):
            spot = mid + sign * normal * (
                9 + extra + abs(normal[0]) * w / 2 + abs(normal[1]) * h / 2
            )
            box = (spot[0] - w / 2, spot[1] - h / 2, spot[0] + w / 2, spot[1] + h / 2)
            hits = sum(L.overlap(box, b) for b in others) + sum(
                L.overlap(box, (p[0] - HEX_R, p[1] - HEX_R, p[0] + HEX_R, p[1] + HEX_R))
                for p in lay.xy
            )
            if best_hits is None or hits < best_hits - 1e-9:
                best, best_hits = spot, hits
    return best


def _coach_path(cx: float, cy: float) -> str:
    """A small stagecoach (body, driver's box, two wheels) centred on ``cx, cy``."""

    def rect(x0: float, y0: float, x1: float, y1: float) -> str:
        return (
            f"M{cx + x0:.1f},{cy + y0:.1f}L{cx + x1:.1f},{cy + y0:.1f}"
            f"L{cx + x1:.1f},{cy + y1:.1f}L{cx + x0:.1f},{cy + y1:.1f}Z"
        )

    def wheel(x: float, y: float, r: float) -> str:
        pts = [
            (x + r * np.cos(a), y + r * np.sin(a))
            for a in np.linspace(0, 2 * np.pi, 9)[:-1]
        ]
        return "M" + "L".join(f"{cx + px:.1f},{cy + py:.1f}" for px, py in pts) + "Z"

    return (
        rect(-10, -3, 7, 7)
        + rect(-8, 7, 3, 9.5)
        + rect(7, 0, 11, 4)
        + wheel(-6, -5, 3.6)
        + wheel(5, -5, 3.6)
    )


def coach_offset(start: bool) -> tuple[float, float]:
    """Where the stagecoach stands relative to its city's centre."""
    return START_COACH_OFFSET if start else COACH_OFFSET


def _coach_box(p: np.ndarray, start: bool = False) -> L.Box:
    dx, dy = coach_offset(start)
    cx, cy = p[0] + dx, p[1] + dy
    h = COACH_SIZE / 2
    return (cx - h, cy - h, cx + h, cy + h)


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
    into an existing figure and :func:`toolkit.viz.charts.replay_animation` turns it
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
            colours.append(T.COVERED)
            line_colours.append(T.COVERED_INK)
            label_colours.append(T.COVERED_INK)
            texts.append("")
            lines.append("covered: out of the game (2 players)")
        else:
            colours.append(T.tile_colour(tile))
            line_colours.append(T.INK)
            label_colours.append(T.INK)
            texts.append(T.TILE_SHORT.get(tile, "") if tile else "")
            lines.append(
                f"tile: {T.tile_name(tile)}"
                + (f" ({T.TILE_SHORT[tile]})" if tile else "")
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
    out["cities"] = {
        "marker.color": colours,
        "marker.line.color": line_colours,
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
        for k, (a, b) in enumerate(zip(path, path[1:])):
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
            ct.append(cost_text)
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
        layout_updates["annotations[0].text"] = note
        layout_updates["annotations[0].visible"] = True
    return out, layout_updates


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
            line=dict(color=T.COVERED, width=2, dash="dot"),
            showlegend=False,
        ),
        go.Scatter(
            name="connections",
            mode="lines",
            hoverinfo="skip",
            line=dict(color=T.CONNECTION, width=2.5),
            showlegend=False,
        ),
        go.Scatter(
            name="road casing",
            mode="lines",
            hoverinfo="skip",
            line=dict(color=T.CASING, width=CASING_WIDTH),
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
    for tile, (colour, name) in T.TILE_STYLE.items():
        traces.append(
            C.legend_entry(f"{T.TILE_SHORT[tile]} {name}", "hexagon", 16, colour)
        )
    traces.append(
        C.legend_entry("start city", "hexagon", 16, T.EMPTY_CITY, edge_width=3)
    )
    traces.append(
        C.legend_entry("stagecoach", "square", 13, COACH_COLOUR, edge=COACH_COLOUR)
    )
    if n_players == 2 or any(getattr(game, "covered_at_start", ())):
        traces.append(
            C.legend_entry("covered city", "hexagon", 16, T.COVERED, edge=T.COVERED_INK)
        )
    return traces


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    labels: str = "id",
    width: int | None = DEFAULT_WIDTH,
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
        Figure width in px (height follows the map); None lets the page decide.
    widget : bool
        Return a ``go.FigureWidget`` (for :func:`update_board` in a notebook).
    """
    lay = board_layout(game.board, labels)
    traces = _static_traces(game, lay, labels)
    data, lay_updates = board_data(game, state, route, seat, labels)
    C.fill_traces(traces, data)
    plot_h = lay.height - C.chrome(LEGEND_HEIGHT)
    fig = (go.FigureWidget if widget else go.Figure)(data=traces)
    fig.update_layout(
        C.figure_layout(
            width=width,
            height=C.figure_height(plot_h, width, LEGEND_HEIGHT),
            legend_height=LEGEND_HEIGHT,
            plot_bgcolor=T.BOARD,
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
            seats_c.append(T.tile_colour(prof))
            seats_t.append(T.TILE_SHORT.get(prof, prof[:2]))
            state_word = "occupied" if occupied[k] else "empty"
            where = f"{T.player_name(owner)}'s " if owner is not None else ""
            seats_h.append(
                f"{where}wagon {w.id}, seat {k + 1}: {T.tile_name(prof)}"
                + (f" ({state_word})" if owner is not None else "")
            )
            if owner is not None and occupied[k]:
                pio[owner]["x"].append(sx)
                pio[owner]["y"].append(sy)
                pio[owner]["hovertext"].append(
                    f"{T.player_name(owner)} pioneer on a {T.tile_name(prof)} seat of {w.id}"
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
        width=width,
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


# --------------------------------------------------------------------------- money


def money_flows(record: Any, game: Any = None) -> list[dict]:
    """Every payment of a recorded game: ``{"payer", "kind", "receiver", "amount"}``.

    ``payer``/``receiver`` are seats or ``"bank"``; ``kind`` is one of "tolls"
    (stagecoach steps, P-MOVE-2), "joining" ($2 to the active player, P-JOIN-3),
    "roads" and "wagons" (purchases, P-BUY), "income" (P-INC), "start money",
    and "hotels & bonuses" (hotel $3, $ for an emptied wagon). Amounts add up to
    each player's change of money, action by action.
    """
    from toolkit.core import make_game, replay_states
    from toolkit.pioneers import actions as A
    from toolkit.pioneers.rules import INCOME, ROAD_PRICE

    if game is None:
        game = make_game(record.game, record.players, **record.options)
    states = list(replay_states(record, game))
    flows: dict[tuple, int] = {}

    def add(payer: Any, kind: str, receiver: Any, amount: int) -> None:
        if amount > 0:
            key = (payer, kind, receiver)
            flows[key] = flows.get(key, 0) + amount

    for text, before, after in zip(record.actions, states, states[1:]):
        action = game.parse_action(text)
        n = len(before.players)
        residual = [after.players[s].money - before.players[s].money for s in range(n)]
        if isinstance(action, A.MoveCoach):
            payer = before.active
            for who, amount in game.payments(before, action.path, payer).items():
                add(payer, "tolls", who, amount)
                residual[payer] += amount
                if who != "bank":
                    residual[who] -= amount
        elif isinstance(action, A.Join):
            add(before.seat, "joining", before.active, 2)
            residual[before.seat] += 2
            residual[before.active] -= 2
        elif isinstance(action, (A.BuyRoads, A.BuyWagon)):
            price = (
                ROAD_PRICE[action.count]
                if isinstance(action, A.BuyRoads)
                else action.slot
            )
            add(
                before.active,
                "roads" if isinstance(action, A.BuyRoads) else "wagons",
                "bank",
                price,
            )
            residual[before.active] += price
        new_turn = (
            after.phase == "buy"
            and not after.used
            and (after.round, after.active) != (before.round, before.active)
        )
        if new_turn and residual[after.active] > 0:
            pl = after.players[after.active]
            income = min(residual[after.active], INCOME + min(pl.bankers, 2))
            add("bank", "income", after.active, income)
            residual[after.active] -= income
        kind = "start money" if isinstance(action, A.DealStart) else "hotels & bonuses"
        for s in range(n):
            if residual[s] > 0:
                add("bank", kind, s, residual[s])
            elif residual[s] < 0:
                add(s, "other", "bank", -residual[s])
    return [
        {"payer": p, "kind": k, "receiver": r, "amount": v}
        for (p, k, r), v in sorted(flows.items(), key=lambda kv: str(kv[0]))
    ]
