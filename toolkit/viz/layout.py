"""Board geometry shared by the game boards: projection, spreading, label placement.

Everything here works in *board units*, which are screen pixels of the figure
at its default size (1000 px wide), so a test can check at once that nothing
overlaps as the reader will see it. No plotly here; numpy does the arithmetic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (y up)

#: Label anchor directions tried for each city, in order of preference.
DIRECTIONS = (
    ("right", 1.0, 0.0),
    ("left", -1.0, 0.0),
    ("below", 0.0, -1.0),
    ("above", 0.0, 1.0),
    ("below right", 0.75, -0.75),
    ("below left", -0.75, -0.75),
    ("above left", -0.75, 0.75),
    ("above right", 0.75, 0.75),
)


def project(
    lat: Sequence[float], lon: Sequence[float], lat0: float = 38.0
) -> np.ndarray:
    """Equirectangular projection: ``x = lon * cos(lat0)``, ``y = lat`` (degrees)."""
    k = math.cos(math.radians(lat0))
    return np.column_stack([np.asarray(lon, float) * k, np.asarray(lat, float)])


def fit(points: np.ndarray, width: float, pad: float) -> np.ndarray:
    """Scale and shift ``points`` so their x span is ``width - 2 pad``, corner at ``pad``."""
    lo = points.min(axis=0)
    span = points.max(axis=0) - lo
    scale = (width - 2 * pad) / span[0] if span[0] > 0 else 1.0
    return (points - lo) * scale + pad


def spread(
    points: np.ndarray,
    edges: Sequence[tuple[int, int]],
    min_gap: float,
    clearance: float,
    iterations: int = 400,
    anchor: float = 0.02,
) -> np.ndarray:
    """Push cities apart until no two are closer than ``min_gap`` and no connection
    passes within ``clearance`` of a city it does not join; a weak spring keeps
    every city near its geographic spot. Deterministic (no randomness).
    """
    p = points.astype(float).copy()
    origin = p.copy()
    n = len(p)
    if n < 2:
        return p
    ea = np.array([a for a, _ in edges], dtype=int) if edges else np.zeros(0, int)
    eb = np.array([b for _, b in edges], dtype=int) if edges else np.zeros(0, int)
    # A tiny fixed jitter separates exactly coinciding points in a stable way.
    angles = np.arange(n) * 2.399963  # golden angle
    p += np.column_stack([np.cos(angles), np.sin(angles)]) * 1e-3
    not_end = np.ones((len(ea), n), dtype=bool)
    if len(ea):
        not_end[np.arange(len(ea)), ea] = False
        not_end[np.arange(len(ea)), eb] = False
    eye = np.eye(n, dtype=bool)
    for _ in range(iterations):
        move = np.zeros_like(p)
        d = p[:, None, :] - p[None, :, :]
        dist = np.hypot(d[..., 0], d[..., 1])
        dist[eye] = np.inf
        short = dist < min_gap
        if short.any():
            push = np.where(short, (min_gap - dist) / 2, 0.0) / np.where(
                short, dist, 1.0
            )
            move += (d * push[..., None]).sum(axis=1) * 0.5
        if len(ea):
            a, b = p[ea], p[eb]
            ab = b - a
            length2 = np.maximum((ab**2).sum(axis=1), 1e-9)
            ac = p[None, :, :] - a[:, None, :]
            t = np.clip((ac * ab[:, None, :]).sum(axis=2) / length2[:, None], 0.0, 1.0)
            foot = a[:, None, :] + t[..., None] * ab[:, None, :]
            off = p[None, :, :] - foot
            od = np.hypot(off[..., 0], off[..., 1])
            near = (od < clearance) & not_end & (t > 0.0) & (t < 1.0)
            if near.any():
                strength = np.where(near, (clearance - od) / np.maximum(od, 1e-6), 0.0)
                move += (off * strength[..., None]).sum(axis=0) * 0.5
        move += (origin - p) * anchor
        p += move
        if np.abs(move).max() < 0.02:
            break
    return p


class LabelPlacement(NamedTuple):
    """Where each label goes: its centre, its box and the direction chosen."""

    centres: tuple[tuple[float, float], ...]
    boxes: tuple[Box, ...]
    directions: tuple[str, ...]


#: Advance widths (em) of DejaVu Sans Bold, the font the figures ask for first
#: (read from DejaVuSans-Bold.ttf). Other characters count as 0.8 em.
_BOLD_EM = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 $.,-+()'",
        (
            0.774,
            0.762,
            0.734,
            0.83,
            0.683,
            0.683,
            0.821,
            0.837,
            0.372,
            0.372,
            0.775,
            0.637,
            0.995,
            0.837,
            0.85,
            0.733,
            0.85,
            0.77,
            0.72,
            0.682,
            0.812,
            0.774,
            1.103,
            0.771,
            0.724,
            0.725,
            0.675,
            0.716,
            0.593,
            0.716,
            0.678,
            0.435,
            0.716,
            0.712,
            0.343,
            0.343,
            0.665,
            0.343,
            1.042,
            0.712,
            0.687,
            0.716,
            0.716,
            0.493,
            0.595,
            0.478,
            0.712,
            0.652,
            0.924,
            0.645,
            0.652,
            0.582,
            *(0.696,) * 10,
            0.348,
            0.696,
            0.38,
            0.38,
            0.415,
            0.838,
            0.457,
            0.457,
            0.306,
        ),
        strict=True,
    )
)


def text_size(text: str, font_size: float) -> tuple[float, float]:
    """The box of a one-line bold text in px (DejaVu Sans Bold widths, plus a
    2 px halo on each side).
    """
    width = font_size * sum(_BOLD_EM.get(ch, 0.8) for ch in text)
    return width + 4, font_size * 1.25 + 2


def overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _boxes_overlap(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairwise "shares some area" for boxes ``a`` (..., 4) and ``b`` (..., 4)."""
    w = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0])
    h = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1])
    return (w > 0) & (h > 0)


def segments_hit_boxes(p: np.ndarray, q: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """``hit[b, s]``: segment ``p[s]-q[s]`` passes through box ``b`` (Liang-Barsky)."""
    p = np.asarray(p, float)[None, :, :]
    q = np.asarray(q, float)[None, :, :]
    bx = np.asarray(boxes, float)[:, None, :]
    d = q - p
    t0 = np.zeros((bx.shape[0], p.shape[1]))
    t1 = np.ones_like(t0)
    ok = np.ones_like(t0, dtype=bool)
    for pk, qk in (
        (-d[..., 0], p[..., 0] - bx[..., 0]),
        (d[..., 0], bx[..., 2] - p[..., 0]),
        (-d[..., 1], p[..., 1] - bx[..., 1]),
        (d[..., 1], bx[..., 3] - p[..., 1]),
    ):
        pk = np.broadcast_to(pk, t0.shape)
        qk = np.broadcast_to(qk, t0.shape)
        zero = pk == 0
        ok &= ~(zero & (qk < 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(zero, 0.0, qk / np.where(zero, 1.0, pk))
        t0 = np.where(~zero & (pk < 0), np.maximum(t0, t), t0)
        t1 = np.where(~zero & (pk > 0), np.minimum(t1, t), t1)
    return ok & (t0 <= t1)


def place_labels(
    points: np.ndarray,
    sizes: Sequence[tuple[float, float]],
    radius: Sequence[float],
    edges: Sequence[tuple[int, int]],
    obstacles: Sequence[Box] = (),
    gap: float = 2.0,
    passes: int = 6,
) -> LabelPlacement:
    """Put each point's label beside it where it hits the least.

    Costs: overlapping another label or another city (large), covering a
    fixed obstacle (large), crossing a connection (small), and a slight
    preference for the earlier :data:`DIRECTIONS`. Greedy, most crowded points
    first, then a few passes that move any label to its best spot given the rest.
    """
    n = len(points)
    city_boxes = [
        (
            points[i][0] - radius[i],
            points[i][1] - radius[i],
            points[i][0] + radius[i],
            points[i][1] + radius[i],
        )
        for i in range(n)
    ]

    def candidate(i: int, k: int) -> Box:
        _, ux, uy = DIRECTIONS[k]
        w, h = sizes[i]
        r = radius[i] + gap
        # Distance from the centre so the box just clears the city's box.
        cx = points[i][0] + ux * (r + w / 2) if ux else points[i][0]
        cy = points[i][1] + uy * (r + h / 2) if uy else points[i][1]
        if ux and uy:  # diagonal: tuck the corner in towards the city
            cx = points[i][0] + math.copysign(radius[i] * 0.55 + w / 2, ux)
            cy = points[i][1] + math.copysign(radius[i] * 0.9 + gap + h / 2, uy)
        return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    m = len(DIRECTIONS)
    cands = np.array([[candidate(i, k) for k in range(m)] for i in range(n)], float)
    flat = cands.reshape(n * m, 4)
    cb = np.array(city_boxes, float).reshape(-1, 4)
    # static costs: preference, cities, obstacles, connections crossed
    static = np.tile(np.arange(m) * 0.3, (n, 1))
    static += 1000.0 * _boxes_overlap(flat[:, None, :], cb[None, :, :]).sum(
        axis=1
    ).reshape(n, m)
    if len(obstacles):
        ob = np.array(obstacles, float)
        static += 1000.0 * _boxes_overlap(flat[:, None, :], ob[None, :, :]).sum(
            axis=1
        ).reshape(n, m)
    if len(edges):
        ea = np.array([a for a, _ in edges])
        eb = np.array([b for _, b in edges])
        hit = segments_hit_boxes(points[ea], points[eb], flat).reshape(n, m, len(edges))
        own = (ea[None, :] == np.arange(n)[:, None]) | (
            eb[None, :] == np.arange(n)[:, None]
        )
        static += (hit & ~own[:, None, :]).sum(
            axis=2
        ) * 4.0  # crossing another connection
        static += (hit & own[:, None, :]).sum(axis=2) * 2.0  # covering one of its own
    # ambiguity: a label nearer to another city than to its own
    centres = (cands[..., :2] + cands[..., 2:]) / 2
    dist = np.hypot(
        *(centres[:, :, None, :] - points[None, None, :, :]).transpose(3, 0, 1, 2)
    )
    own_d = dist[np.arange(n), :, np.arange(n)]
    dist[np.arange(n), :, np.arange(n)] = np.inf
    static += 25.0 * (dist.min(axis=2) < own_d + 4)
    # label-label clashes between every pair of candidates
    clash = _boxes_overlap(flat[:, None, :], flat[None, :, :]).reshape(n, m, n, m)
    clash[np.arange(n), :, np.arange(n), :] = False

    def costs(i: int, chosen: list[int | None]) -> np.ndarray:
        c = static[i].copy()
        for j in range(n):
            if j != i and chosen[j] is not None:
                c += 1000.0 * clash[i, :, j, chosen[j]]
        return c

    crowd = [
        sum(
            1
            for j in range(n)
            if j != i
            and math.dist(points[i], points[j]) < 3 * (radius[i] + sizes[i][0])
        )
        for i in range(n)
    ]
    order = sorted(range(n), key=lambda i: (-crowd[i], i))
    chosen: list[int | None] = [None] * n
    for i in order:
        chosen[i] = int(np.argmin(costs(i, chosen)))
    for _ in range(passes):
        changed = False
        for i in order:
            c = costs(i, chosen)
            best = int(np.argmin(c))
            if c[best] < c[chosen[i]]:
                chosen[i] = best
                changed = True
        if not changed:
            break
    cands = cands.tolist()
    boxes = tuple(cands[i][chosen[i]] for i in range(n))
    return LabelPlacement(
        centres=tuple(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes),
        boxes=boxes,
        directions=tuple(DIRECTIONS[chosen[i]][0] for i in range(n)),
    )
