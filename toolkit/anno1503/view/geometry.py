"""Where the parts of an Anno 1503 board sit, the texts of titles and cards, routes."""

from __future__ import annotations

import functools
import itertools
from typing import Any, NamedTuple

from toolkit.viz import theme as T

from .style import (
    CARD_BACK,
    CARD_STEP,
    CELL,
    EVENT_TEXT,
    GOODS_STYLE,
    HOME_GAP,
    HOME_H,
    HOME_W,
    NAME_W,
    PLOT_W,
    SEA_TOP,
    SHIP_DX,
    SHIP_DY,
    SUPPLY_H,
    TRACK_FOOT,
    TRACK_HEAD,
    TRACK_ROW,
)

# --------------------------------------------------------------------------- geometry


class Geometry(NamedTuple):
    """Where each part of the board sits, in px at the default width (y down)."""

    rows: int
    cols: int
    sea_x0: float
    sea_top: float  # -1 when the sea is not drawn
    supply_top: float
    track_top: float
    home_top: float
    height: float  # plot height (board units)

    def cell(self, pos: tuple[int, int]) -> tuple[float, float]:
        """Centre of sea-board space ``(row, col)``."""
        r, c = pos
        return self.sea_x0 + CELL * (c + 0.5), self.sea_top + CELL * (r + 0.5)

    def home(self, seat: int) -> tuple[float, float]:
        """Top-left corner of ``seat``'s home-island panel."""
        return (
            (seat % 2) * (HOME_W + HOME_GAP),
            self.home_top + (seat // 2) * (HOME_H + HOME_GAP),
        )


@functools.lru_cache(maxsize=16)
def geometry(players: int, rows: int, cols: int, sea: bool = True) -> Geometry:
    """The (cached) layout of a board for ``players`` and a ``rows`` x ``cols`` sea."""
    sea_x0 = (PLOT_W - CELL * cols) / 2
    if sea:
        sea_top = SEA_TOP
        supply_top = sea_top + CELL * rows + 14
        track_top = supply_top + SUPPLY_H + 6
    else:
        sea_top = supply_top = -1.0
        track_top = 4.0
    home_top = track_top + TRACK_HEAD + TRACK_ROW * players + TRACK_FOOT + 12
    home_rows = (players + 1) // 2
    height = home_top + home_rows * HOME_H + (home_rows - 1) * HOME_GAP + 4
    return Geometry(
        rows, cols, sea_x0, sea_top, supply_top, track_top, home_top, height
    )


def _geo(game: Any, sea: bool = True) -> Geometry:
    t = game.tables
    return geometry(game.players, t.rows, t.cols, sea)


def _track_x(j: int) -> float:
    """Left end of the bar of victory condition ``j`` (0-4)."""
    return NAME_W + j * ((PLOT_W - NAME_W) / 5) + 6


def _track_y(geo: Geometry, seat: int) -> float:
    return geo.track_top + TRACK_HEAD + TRACK_ROW * (seat + 0.5)


def _ship_xy(geo: Geometry, pos: tuple[int, int], seat: int, ship: int, n: int):
    x, y = geo.cell(pos)
    return (
        x + (seat - (n - 1) / 2) * SHIP_DX,
        y + (-SHIP_DY if ship == 0 else SHIP_DY),
    )


def _card_xy(x: float, y: float, k: int, n: int) -> tuple[float, float]:
    """The k-th card (bottom first) of an n-card stack: up and to the right."""
    off = (k - (n - 1) / 2) * CARD_STEP
    return x + off, y - off


# ----------------------------------------------------------------------- text helpers


def _pos(p: tuple[int, int]) -> str:
    return f"({p[0]},{p[1]})"


def good_code(good: str) -> str:
    """2-letter code of a good ("SP"), "?" for any good."""
    return GOODS_STYLE[good][1]


def good_colour(good: str) -> str:
    """The colour a good is drawn in."""
    return GOODS_STYLE[good][0]


def card_text(code: str) -> tuple[str, str, str]:
    """(text on the card, fill colour, description) of a face-up island card code."""
    back = code[-1]
    if code.startswith("BO-"):
        good = code[3:-2]
        return (
            good_code(good),
            good_colour(good),
            f"branch office: {GOODS_STYLE[good][2]} (back {back})",
        )
    if code.startswith("TC"):
        return "−1", "#f1d9a6", f"trade contract: buy for 1 gold less (back {back})"
    if code.startswith("TG"):
        return "12", "#f5d76e", f"treasure: 12 gold (back {back})"
    if code.startswith("TU"):
        return "↑", "#f5d76e", f"treasure: upgrade a resident (back {back})"
    return back, CARD_BACK, f"face down, back {back}"


def _phase_text(game: Any, state: Any) -> str:
    if state.phase == "over":
        if state.winner is not None:
            return f"game over: {T.player_name(state.winner)} wins"
        return f"stopped after {state.turn} turns, no winner"
    if state.active < 0:
        return "roll for the starting player"
    who = T.player_name(state.active)
    words = {
        "roll": "production roll",
        "event": "event roll",
        "build": "phase 2 (build, buy, sell)",
        "sea": "phase 3 (ships)",
        "reveal": "phase 3, a card is turned over",
        "look": "phase 3, use or return the card",
        "raid": "Big Branch Office draws a card",
        "discard": "discard down to 5 goods",
    }
    if state.phase == "resolve":
        kind, seat = state.queue[0]
        name = T.player_name(seat) if seat >= 0 else "the reserve"
        text = {
            "produce": f"{name} chooses a good",
            "golden": f"{name} chooses a Golden Age good",
            "pirates": f"{name} gives up an island card to the Pirates",
            "reserve": "the Pirates draw a reserve card",
        }.get(kind, kind)
        return f"{who}'s turn, {text}"
    return f"{who}: {words.get(state.phase, state.phase)}"


def _roll_text(state: Any) -> str:
    if not state.roll:
        return ""
    if state.roll == 6:
        event = EVENT_TEXT.get(state.event, "")
        return " · rolled 6: " + (event or "event roll next")
    return f" · rolled {state.roll}"


def _title(game: Any, state: Any, seat: int | None = None) -> str:
    view = "" if seat is None else f" · as {T.player_name(seat)} sees it"
    return (
        f"<b>Anno 1503</b> · {game.players} players · turn {state.turn} · "
        f"{_phase_text(game, state)}{_roll_text(state)}{view}"
    )


def _faces_up(state: Any, seat: int | None, n_players: int) -> int:
    """Bit mask of the seats whose explored cards are drawn face up."""
    return (1 << n_players) - 1 if seat is None else 1 << seat


def _who(mask: int, n_players: int) -> str:
    names = [T.player_name(s) for s in range(n_players) if mask & (1 << s)]
    return ", ".join(names)


# -------------------------------------------------------------------- route and reach


def route_path(game: Any, state: Any, route: Any) -> tuple[tuple[int, int], ...] | None:
    """Sea spaces of a route: a ``Sail`` (the ship's shortest path) or a list of spaces.

    Two spaces that are not neighbours are joined by a shortest sea path.
    """
    if route is None:
        return None
    import networkx as nx

    if hasattr(route, "ship") and hasattr(route, "to"):
        seat = state.active
        at = state.players[seat].ships[route.ship - 1] if seat >= 0 else None
        if at is None:
            raise ValueError(f"ship {route.ship} of the active player is not at sea")
        stops = [at, tuple(route.to)]
    else:
        stops = [tuple(p) for p in route]
    if len(stops) < 2:
        raise ValueError(f"a route needs at least 2 sea spaces, got {route!r}")
    for p in stops:
        if p not in game.sea:
            raise ValueError(f"{p} is not a sea space")
    path = [stops[0]]
    for a, b in itertools.pairwise(stops):
        path += nx.shortest_path(game.sea, a, b)[1:]
    return tuple(path)


def _reach_seat(state: Any, reach: Any) -> int | None:
    if reach is None or reach is False:
        return None
    if reach is True:
        return state.active if state.active >= 0 else None
    return int(reach)
