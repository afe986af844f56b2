"""Where everything that never moves sits on a Pioneers board.

Cities, labels, the start ring, the coach and the plot ranges, in px at the
default width.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np

from toolkit.viz import layout as L
from toolkit.viz.common import DEFAULT_WIDTH, MARGIN

from .style import (
    CLEARANCE,
    COACH_OFFSET,
    COACH_SIZE,
    HEX_R,
    LABEL_FONT,
    LEGEND_HEIGHT,
    MIN_GAP,
    PAD,
    START_COACH_OFFSET,
    START_RING,
    STRETCH,
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


#: The longest a typical connection is drawn (px) before a board is drawn smaller.
MAX_EDGE = 150
#: The narrowest plot a small board gets (px).
MIN_PLOT_W = 420


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
    if n > 1 and edges:
        # A small board (a lesson's fixture) is not blown up to the full width:
        # its connections are at most MAX_EDGE px long, so the figure is smaller.
        full = _fit_x(geo, PAD, plot_w - PAD)
        longest = float(np.median([np.hypot(*(full[a] - full[b])) for a, b in edges]))
        if longest > MAX_EDGE:
            plot_w = max(
                MIN_PLOT_W, round(PAD * 2 + (plot_w - 2 * PAD) * MAX_EDGE / longest)
            )
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
    height = round((y1 - y0) * scale) + MARGIN["t"] + MARGIN["b"] + LEGEND_HEIGHT
    return BoardLayout(
        xy=pts,
        label_xy=placement.centres,
        label_boxes=placement.boxes,
        label_directions=placement.directions,
        x_range=(float(x0), float(x1)),
        y_range=(float(y0), float(y1)),
        start=start,
        width=round(plot_w) + MARGIN["l"] + MARGIN["r"],
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
