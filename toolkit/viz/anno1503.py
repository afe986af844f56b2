"""The Anno 1503 board as a plotly figure: sea, supply, victory track, home islands.

Same module shape as :mod:`toolkit.viz.pioneers`:

``draw_board(game, state, route=None, **options) -> go.Figure``
    The whole board, top to bottom: the sea grid with its island stacks and
    ships; the supply (goods piles, the island-card reserve, the public
    buildings on display); the victory-condition track; one home island per
    player (production table with its stone bridges and branch offices, goods in
    hand, wooden bridges with trade contracts, the chain of resident spaces with
    their public buildings). Traces have stable names (:data:`TRACES`).
``update_board(fig, game, state, route=None, **options)``
    Show another position of the same game in an existing figure (a
    ``go.FigureWidget`` in a lesson), in place; the result equals a fresh draw.
``board_data(game, state, ...)``
    Everything that depends on the position, as ``({trace: properties}, layout)``.
``draw_panel(game, state)``
    Only the victory track and the home islands (no sea).

Hidden information. An island card is drawn face down, showing the number on
its back (2, 3 or 4, visible to everyone, A-COMP-5), unless it has been
explored; explored cards show their face. With ``seat=`` the board is drawn
from ``game.observe(state, seat)``: only the cards that seat looked at are
face up, exactly what that player may know.

Ship reach. ``reach=True`` shades every sea space the active player's ships can
still reach this turn, with its cost in action points (breadth-first search on
the sea graph, :func:`toolkit.anno1503.reachable`), and rings the islands they
can explore. ``route=Sail(1, (2, 7))`` (or a list of sea spaces) draws a
shortest sea path.

Nothing is told by colour alone: goods carry a 2-letter code, residents a
letter (P, S, C, M), buildings a short code, players a marker shape.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any, NamedTuple

import plotly.graph_objects as go

from . import common as C
from . import theme as T
from .common import DEFAULT_WIDTH, trace_index  # trace_index: re-exported (__all__)
from .common import MARGIN as MARGIN  # re-exported: tests measure the chrome

GAME = "anno1503"

PLOT_W = 984  # DEFAULT_WIDTH minus the side margins: 1 board unit = 1 px
LEGEND_HEIGHT = 44

# sea grid
CELL = 74
SEA_TOP = 30
ISLAND = 58  # island marker (px)
CARD = 26  # island card marker (px)
CARD_STEP = 4  # px between the cards of a stack
SHIP = 15
SHIP_DX = 16  # px between seats' ships in a cell
SHIP_DY = 13  # px from the cell centre to ship 1 (above) and ship 2 (below)

# supply strip
SUPPLY_H = 58
SUPPLY_CHIPS = 39  # y of the chips below the strip's top
CHIP = 24  # goods chip (px)

# victory track
TRACK_HEAD = 30
TRACK_ROW = 30
TRACK_FOOT = 40  # the cost and sale lines under the track
NAME_W = 206
BAR = 92
BAR_WIDTH = 11

# home islands
HOME_W = 486
HOME_H = 206
HOME_GAP = 12
FACE_X = 98  # x of die face 1 in a home panel
FACE_STEP = 36
SPACE_X = 98  # x of resident space 1
SPACE_STEP = 40
HAND_X = 324
HAND_STEP = 28
WOOD_X = HAND_X + 50  # x of wooden bridge 1
RESIDENT = 27
SLOT = 25

SEA_COLOUR = "#cfe5f2"
SEA_LINE = "#a9cde3"
DEEP = "#1f5a7a"
SAND = "#ead9a6"
SAND_LINE = "#b89b57"
UNUSED_SAND = "#dedbd2"
CARD_BACK = "#2e4a6b"
START_COLOUR = "#7b4a1e"
START_CELL = "#e6d2b3"
STONE_BRIDGE = "#8f8f8f"
WOOD_BRIDGE = "#9c6b3c"
SLOT_COLOUR = "#efe2cf"
BUILDING_COLOUR = "#a8754a"
SAFE_BORDER = "#c0392b"
ROLLED = "#ffe27a"
MUTED = "#8a857c"

#: Good -> (fill colour, 2-letter code, readable name). ``ANY`` is the "?" face.
GOODS_STYLE = {
    "STONE": ("#c6c6c6", "ST", "stone"),
    "WOOD": ("#caa27a", "WO", "wood"),
    "TOOLS": ("#9fc2da", "TL", "tools"),
    "CLOTH": ("#e8bedb", "CL", "cloth"),
    "SPICE": ("#f2a65a", "SP", "spice"),
    "TOBACCO": ("#b4cf80", "TB", "tobacco"),
    "ANY": ("#ffffff", "?", "any good"),
}
GOODS = ("STONE", "WOOD", "TOOLS", "CLOTH", "SPICE", "TOBACCO")

#: Resident level -> (fill colour, letter).
LEVEL_STYLE = {
    "PIONEER": ("#efe9d8", "P"),
    "SETTLER": ("#cfe2b3", "S"),
    "CITIZEN": ("#b9d6ee", "C"),
    "MERCHANT": ("#f3cf78", "M"),
}

#: Public building -> (short code, name, effect) (A-PB-5).
BUILDING_STYLE = {
    "BIG_BRANCH_OFFICE": (
        "BBO",
        "Big Branch Office",
        "once per turn take a random card from another player, pay them 2 gold",
    ),
    "FIRE_BRIGADE": ("FB", "Fire Brigade", "Fire does not affect this player"),
    "SMITHY": ("SM", "Smithy", "Pirates do not affect this player"),
    "CHURCH": ("CH", "Church", "2 goods in a Golden Age"),
    "SCHOOL": ("SC", "School", "stone, wood and tools sell for 2 to Pioneers"),
    "BATH_HOUSE": ("BH", "Bath House", "tobacco sells for 6 to Merchants"),
    "RESTAURANT": ("RE", "Restaurant", "cloth sells for 4, spice for 4"),
    "SHIPYARD": ("SY", "Shipyard", "ships have double action points"),
}

#: Victory condition -> (column heading, short text for hover).
CONDITIONS = {
    "V-GOLD": ("30 gold", "gold"),
    "V-BRANCH": ("4 branch offices", "branch offices"),
    "V-CONTRACT": ("3 trade contracts", "trade contracts"),
    "V-BUILDING": ("4 public buildings", "public buildings"),
    "V-MERCHANT": ("3 Merchants", "Merchants"),
}

#: Resident level -> what it buys in a sale (A-SELL-2, base prices).
SALE_TEXT = {
    "PIONEER": "1 stone, wood or tools for 1 gold (2 with a School)",
    "SETTLER": "1 cloth for 2 gold (4 with a Restaurant)",
    "CITIZEN": "1 spice for 3 gold (4 with a Restaurant)",
    "MERCHANT": "1 tobacco for 4 gold (6 with a Bath House)",
}

EVENT_TEXT = {"PIRATES": "Pirates", "FIRE": "Fire", "GOLDEN_AGE": "Golden Age"}

#: Stable trace names, bottom to top. ``{seat}`` stands for each seat number.
TRACES = (
    "sea",
    "reach",
    "route",
    "reach costs",
    "islands",
    "island numbers",
    "reach islands",
    "island cards",
    "stack sizes",
    "start",
    "ships seat {seat}",
    "supply",
    "reserve",
    "display",
    "track",
    "track seat {seat}",
    "track text",
    "coats of arms",
    "active home",
    "home text",
    "dice",
    "production",
    "stone bridges",
    "hands",
    "wooden bridges",
    "residents",
    "building slots",
)
#: The traces :func:`draw_panel` draws (no sea, no supply).
PANEL_TRACES = TRACES[TRACES.index("track") :]

HALO = T.HALO


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


# ----------------------------------------------------------------------- dynamic data


def board_data(
    game: Any,
    state: Any,
    route: Any = None,
    seat: int | None = None,
    reach: Any = None,
    sea: bool = True,
) -> tuple[dict[str, dict], dict]:
    """Everything position-dependent: ``({trace name: properties}, layout updates)``.

    ``seat`` draws the position as that seat sees it (``game.observe``).
    :func:`draw_board` builds its traces from this, :func:`update_board`
    writes it into an existing figure and
    :func:`toolkit.viz.charts.replay_animation` turns it into frames.
    """
    from toolkit.anno1503 import reachable

    view = game.observe(state, seat) if seat is not None else state
    geo = _geo(game, sea)
    out: dict[str, dict] = {}
    layout: dict[str, Any] = {"title.text": _title(game, view, seat)}
    if sea:
        _sea_data(game, view, geo, seat, out)
        _reach_data(game, view, geo, _reach_seat(view, reach), reachable, out)
        path = route_path(game, view, route)
        if path is None:
            out["route"] = {"x": [], "y": []}
            layout["annotations[0].text"] = ""
            layout["annotations[0].visible"] = False
        else:
            out["route"] = {
                "x": [geo.cell(p)[0] for p in path],
                "y": [geo.cell(p)[1] for p in path],
            }
            steps = len(path) - 1
            who = T.player_name(view.active) if view.active >= 0 else "a ship"
            what = (
                f"ship {route.ship} of {who}"
                if hasattr(route, "ship")
                else "shortest sea path"
            )
            left = ""
            if hasattr(route, "ship") and view.active >= 0:
                ap = game.ship_ap(view, view.active, route.ship - 1)
                left = f" · the ship has {ap} AP" + (
                    " left" if view.phase in ("sea", "look", "reveal") else ""
                )
            layout["annotations[0].text"] = (
                f"<b>Route</b> for {what}: "
                + " → ".join(_pos(p) for p in path)
                + f" · {steps} step{'s' if steps != 1 else ''} = {steps} AP{left}"
            )
            layout["annotations[0].visible"] = True
        _supply_data(game, view, geo, out)
    _track_data(game, view, geo, out)
    _home_data(game, view, geo, out)
    return out, layout


def _sea_data(game: Any, state: Any, geo: Geometry, seat: int | None, out: dict):
    n = game.players
    up = _faces_up(state, seat, n)
    ix, iy, icol, iline, ihover = [], [], [], [], []
    cx, cy, ccol, ctext, ctcol, chover, cline = [], [], [], [], [], [], []
    sx, sy, stext = [], [], []
    for idx, pos in enumerate(game.island_spaces):
        x, y = geo.cell(pos)
        number = game.island_numbers[idx]
        used = number in game.backs
        stack = state.islands[idx]
        ix.append(x)
        iy.append(y)
        icol.append(SAND if used else UNUSED_SAND)
        iline.append(SAND_LINE if used else MUTED)
        lines = [f"<b>island {_pos(pos)}</b> · printed number {number}"]
        if not used:
            lines.append(f"number {number} is not in use with {n} players")
        if not stack:
            lines.append("no island card (empty)")
        else:
            lines.append(
                f"{len(stack)} island card{'s' if len(stack) > 1 else ''}, top first:"
            )
        for k, card in enumerate(stack):
            px, py = _card_xy(x, y, k, len(stack))
            face_up = card.code[0] != "?" and bool(card.seen & up)
            if face_up:
                text, fill, desc = card_text(card.code)
                tcol = T.INK
            else:
                text, fill, desc = (
                    str(card.back),
                    CARD_BACK,
                    f"face down, back {card.back}",
                )
                tcol = "#ffffff"
            seen = _who(card.seen, n)
            if seen:
                desc += f"; explored by {seen}"
            top = k == len(stack) - 1
            cx.append(px)
            cy.append(py)
            ccol.append(fill)
            cline.append("#ffffff" if not face_up else T.INK)
            ctext.append(text if top else "")
            ctcol.append(tcol)
            chover.append(
                f"<b>island {_pos(pos)}</b>, card {len(stack) - k} from the top: {desc}"
            )
        for card in reversed(stack):
            face_up = card.code[0] != "?" and bool(card.seen & up)
            desc = (
                card_text(card.code)[2] if face_up else f"face down, back {card.back}"
            )
            seen = _who(card.seen, n)
            lines.append(f"· {desc}" + (f" (explored by {seen})" if seen else ""))
        ihover.append("<br>".join(lines))
        if len(stack) > 1:
            sx.append(x - CELL / 2 + 6)
            sy.append(y + CELL / 2 - 9)
            stext.append(f"×{len(stack)}")
    out["islands"] = {
        "marker.color": icol,
        "marker.line.color": iline,
        "hovertext": ihover,
    }
    out["island cards"] = {
        "x": cx,
        "y": cy,
        "text": ctext,
        "hovertext": chover,
        "marker.color": ccol,
        "marker.line.color": cline,
        "textfont.color": ctcol,
    }
    out["stack sizes"] = {"x": sx, "y": sy, "text": stext}
    # ships: one trace per seat; ship 1 above the cell centre, ship 2 below
    for s in range(n):
        xs, ys, txt, hv = [], [], [], []
        for i, at in enumerate(state.players[s].ships):
            if at is None:
                continue
            x, y = _ship_xy(geo, at, s, i, n)
            ap = game.ship_ap(state, s, i)
            left = s == state.active and state.phase in ("sea", "look", "reveal")
            xs.append(x)
            ys.append(y)
            txt.append(str(i + 1))
            hv.append(
                f"{T.player_name(s)} ship {i + 1} at {_pos(at)} · "
                f"{ap} AP{' left' if left else ''}"
            )
        out[f"ships seat {s}"] = {"x": xs, "y": ys, "text": txt, "hovertext": hv}


def _reach_data(game, state, geo, seat, reachable, out):
    if seat is None:
        out["reach"] = {"x": [], "y": [], "hovertext": []}
        out["reach costs"] = {"x": [], "y": [], "text": []}
        out["reach islands"] = {"x": [], "y": [], "hovertext": []}
        return
    cost: dict = {}
    per_ship: dict = {}
    isl_cost: dict = {}
    isl_ship: dict = {}
    for r in reachable(game, state, seat):
        for p, d in r.spaces.items():
            cost[p] = min(cost.get(p, 99), d)
            per_ship.setdefault(p, []).append(f"ship {r.ship}: {d} AP")
        for p, d in r.islands.items():
            isl_cost[p] = min(isl_cost.get(p, 99), d)
            isl_ship.setdefault(p, []).append(f"ship {r.ship}: {d} AP")
    who = T.player_name(seat)
    cells = sorted(cost)
    out["reach"] = {
        "x": [geo.cell(p)[0] for p in cells],
        "y": [geo.cell(p)[1] for p in cells],
        "hovertext": [
            f"{who} reaches {_pos(p)}: " + ", ".join(per_ship[p]) for p in cells
        ],
    }
    # the cost in the cell's top-left corner, clear of ships and routes
    out["reach costs"] = {
        "x": [geo.cell(p)[0] - CELL / 2 + 13 for p in cells],
        "y": [geo.cell(p)[1] - CELL / 2 + 12 for p in cells],
        "text": [str(cost[p]) for p in cells],
    }
    isl = sorted(isl_cost)
    out["reach islands"] = {
        "x": [geo.cell(p)[0] for p in isl],
        "y": [geo.cell(p)[1] for p in isl],
        "hovertext": [
            f"{who} can explore island {_pos(p)} (1 AP to look, included): "
            + ", ".join(isl_ship[p])
            for p in isl
        ],
    }


def _supply_x(i: int) -> float:
    return 112 + i * 34


def _display_x(i: int) -> float:
    return 492 + i * 34


def _supply_data(game: Any, state: Any, geo: Geometry, out: dict) -> None:
    y = geo.supply_top + SUPPLY_CHIPS
    out["supply"] = {
        "text": [str(k) for k in state.supply],
        "marker.opacity": [1.0 if k else 0.35 for k in state.supply],
        "hovertext": [
            f"{GOODS_STYLE[g][2]}: {k} card{'s' if k != 1 else ''} left in the pile"
            + ("" if k else " (empty: nobody can take or buy it)")
            for g, k in zip(GOODS, state.supply, strict=True)
        ],
    }
    unknown = sum(state.reserve)
    known = len(state.reserve_known)
    total = unknown + known
    out["reserve"] = {
        "text": [str(total)],
        "hovertext": [
            f"reserve: {total} island card{'s' if total != 1 else ''} face down"
            + (f" ({known} put back by the Pirates)" if known else "")
            + "; the Pirates put its top card on the farthest island"
        ],
    }
    xs, ys, txt, hv = [], [], [], []
    for i, b in enumerate(state.display):
        short, name, effect = BUILDING_STYLE.get(b, (b[:3], b.title(), ""))
        xs.append(_display_x(i))
        ys.append(y)
        txt.append(short)
        hv.append(f"<b>{name}</b> on display: {effect}")
    out["display"] = {"x": xs, "y": ys, "text": txt, "hovertext": hv}


def _progress(game: Any, p: Any) -> tuple[int, ...]:
    """A player's progress toward each victory condition (in CONDITIONS order)."""
    return (
        p.gold,
        sum(1 for o in p.offices if o),
        len(p.contracts),
        sum(1 for b in p.buildings if b),
        p.residents.count("MERCHANT"),
    )


def _track_data(game: Any, state: Any, geo: Geometry, out: dict) -> None:
    from toolkit.anno1503 import VICTORY

    n = game.players
    targets = [VICTORY[c] for c in CONDITIONS]
    tx, ty, tt, th = [], [], [], []
    colours = []
    for s in range(n):
        p = state.players[s]
        y = _track_y(geo, s)
        prog = _progress(game, p)
        met = game.conditions(state, s)
        xs: list = []
        ys: list = []
        for j, (cond, v, target) in enumerate(
            zip(CONDITIONS, prog, targets, strict=True)
        ):
            x0 = _track_x(j)
            frac = min(1.0, v / target)
            if frac > 0:
                xs += [x0, x0 + BAR * frac, None]
                ys += [y, y, None]
            done = cond in met
            tx.append(x0 + BAR + 6)
            ty.append(y)
            tt.append(f"<b>✓ {v}/{target}</b>" if done else f"{v}/{target}")
            th.append(
                f"{T.player_name(s)}: {v} of {target} {CONDITIONS[cond][1]} ({cond})"
                + (" · met" if done else f" · {target - v} to go")
            )
        out[f"track seat {s}"] = {"x": xs, "y": ys}
        k = len(met)
        colours += [T.player_colour(s) if i < k else "#ffffff" for i in range(3)]
        tx.append(NAME_W - 58)
        ty.append(y)
        tt.append(f"<b>{k}</b>/3")
        th.append(
            f"{T.player_name(s)} meets {k} of the 5 conditions"
            + (": " + ", ".join(met) if met else "")
            + " · 3 win"
        )
    out["track text"] = {"x": tx, "y": ty, "text": tt, "hovertext": th}
    out["coats of arms"] = {"marker.color": colours}


def _home_data(game: Any, state: Any, geo: Geometry, out: dict) -> None:
    n = game.players
    t = game.tables
    # active player's frame
    if state.active >= 0 and state.phase != "over":
        x0, y0 = geo.home(state.active)
        out["active home"] = {
            "x": [x0 + 2, x0 + HOME_W - 2, x0 + HOME_W - 2, x0 + 2, x0 + 2],
            "y": [y0 + 2, y0 + 2, y0 + HOME_H - 2, y0 + HOME_H - 2, y0 + 2],
            "line.color": T.player_colour(state.active),
        }
    else:
        out["active home"] = {"x": [], "y": [], "line.color": T.INK}
    texts, hovers = [], []
    dice_col = []
    bx, by, btext, bcol, bhover = [], [], [], [], []
    hand_text, hand_op, hand_hover = [], [], []
    wtext, wcol, whover = [], [], []
    rtext, rcol, rhover, rline, rtcol = [], [], [], [], []
    stext, scol, shover = [], [], []
    for s in range(n):
        p = state.players[s]
        x0, y0 = geo.home(s)
        at_sea = sum(1 for a in p.ships if a is not None)
        active = s == state.active and state.phase != "over"
        head = (
            f"<b>{C.seat_label(s)}</b> · island {'ABCD'[s]} · <b>{p.gold} gold</b>"
            f" · ships: {at_sea} at sea, {2 - at_sea} in supply"
            + ("  <b>◀ to play</b>" if active else "")
        )
        texts.append(head)
        hovers.append(
            f"{T.player_name(s)}: {p.gold} gold, {sum(p.hand)} goods, "
            f"buys a good for {game.buy_price(state, s)} gold"
        )
        # dice: the face rolled this turn is highlighted on every island
        for face in range(1, 7):
            dice_col.append(ROLLED if state.roll == face else "#ffffff")
        # stone bridges
        for b, office in zip(game.bridges[s], p.offices, strict=True):
            bx.append(x0 + FACE_X + FACE_STEP * (b - 1))
            by.append(y0 + 108)
            home_good = game.production[s][b - 1]
            if office:
                good = office[3:-2]
                btext.append(good_code(good))
                bcol.append(good_colour(good))
                name, office_name = GOODS_STYLE[home_good][2], GOODS_STYLE[good][2]
                bhover.append(
                    f"{T.player_name(s)}: branch office ({office_name}) on "
                    f"stone bridge {b}: a roll of {b} gives {name} or {office_name}"
                )
            else:
                btext.append("")
                bcol.append(STONE_BRIDGE)
                bhover.append(
                    f"{T.player_name(s)}: stone bridge {b}, free (a branch office here "
                    f"adds its good to a roll of {b})"
                )
        # goods in hand
        for g, k in zip(GOODS, p.hand, strict=True):
            hand_text.append(str(k))
            hand_op.append(1.0 if k else 0.3)
            hand_hover.append(f"{T.player_name(s)} holds {k} {GOODS_STYLE[g][2]}")
        # wooden bridges
        for i in range(3):
            if i < len(p.contracts):
                wtext.append("−1")
                wcol.append("#f1d9a6")
                whover.append(
                    f"{T.player_name(s)}: trade contract on wooden bridge {i + 1} "
                    "(goods cost 1 gold less)"
                )
            else:
                wtext.append("")
                wcol.append(WOOD_BRIDGE)
                whover.append(f"{T.player_name(s)}: wooden bridge {i + 1}, free")
        # resident spaces and building slots
        for k in range(t.spaces):
            space = k + 1
            if k < len(p.residents):
                level = p.residents[k]
                fill, letter = LEVEL_STYLE[level]
                rtext.append(letter)
                rcol.append(fill)
                rline.append(T.player_colour(s))
                rtcol.append(T.INK)
                where = (
                    "safe from Fire"
                    if space <= t.safe_spaces
                    else "pays 1 gold in a Fire"
                )
                rhover.append(
                    f"{T.player_name(s)}: {level.title()} on space {space} ({where})"
                    f"<br>buys {SALE_TEXT[level]} in a sale"
                )
            else:
                rtext.append(str(space))
                rcol.append("#ffffff")
                rline.append("#cfc8b8")
                rtcol.append("#b5ae9f")
                rhover.append(f"{T.player_name(s)}: resident space {space}, free")
            if space in t.slot_spaces:
                b = p.buildings[k] if k < len(p.buildings) else ""
                if b:
                    short, name, effect = BUILDING_STYLE.get(b, (b[:3], b.title(), ""))
                    stext.append(short)
                    scol.append(BUILDING_COLOUR)
                    shover.append(f"{T.player_name(s)}: <b>{name}</b> ({effect})")
                else:
                    stext.append("")
                    scol.append(SLOT_COLOUR)
                    shover.append(
                        f"{T.player_name(s)}: building slot under space {space}, free "
                        "(the Pioneer placed here takes a public building)"
                    )
    out["home text"] = {"text": texts, "hovertext": hovers}
    out["dice"] = {"marker.color": dice_col}
    out["stone bridges"] = {
        "x": bx,
        "y": by,
        "text": btext,
        "marker.color": bcol,
        "hovertext": bhover,
    }
    out["hands"] = {
        "text": hand_text,
        "marker.opacity": hand_op,
        "hovertext": hand_hover,
    }
    out["wooden bridges"] = {"text": wtext, "marker.color": wcol, "hovertext": whover}
    out["residents"] = {
        "text": rtext,
        "marker.color": rcol,
        "marker.line.color": rline,
        "textfont.color": rtcol,
        "hovertext": rhover,
    }
    out["building slots"] = {"text": stext, "marker.color": scol, "hovertext": shover}


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


# ---------------------------------------------------------------------------- drawing


def _figure(
    game: Any,
    state: Any,
    route: Any,
    seat: int | None,
    reach: Any,
    sea: bool,
    width: int | None,
    title: bool,
    legend: bool,
    widget: bool,
) -> go.Figure:
    geo = _geo(game, sea)
    traces = (_sea_traces(game, geo) if sea else []) + _panel_traces(game, geo)
    data, lay_updates = board_data(game, state, route, seat, reach, sea)
    C.fill_traces(traces, data)
    traces += _legend_traces(game, sea)
    shapes, notes = _static_shapes(game, geo, sea)
    plot_h = round(geo.height)
    route_note = C.route_note(
        lay_updates.get("annotations[0].text", ""),
        lay_updates.get("annotations[0].visible", False),
    )
    fig = (go.FigureWidget if widget else go.Figure)(data=traces)
    fig.update_layout(
        C.figure_layout(
            width=width,
            height=C.figure_height(plot_h, width, LEGEND_HEIGHT),
            legend_height=LEGEND_HEIGHT,
            plot_bgcolor=T.PAPER,
            legend=legend,
            xaxis=dict(visible=False, range=[0, PLOT_W], fixedrange=False),
            yaxis=dict(
                visible=False,
                range=[geo.height, 0],
                scaleanchor="x",
                scaleratio=1,
            ),
            title=lay_updates["title.text"] if title else None,
            shapes=shapes,
            annotations=[route_note, *notes],
            meta={"game": GAME, "sea": sea, "plot_height": plot_h},
        )
    )
    return fig


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    reach: Any = None,
    width: int | None = DEFAULT_WIDTH,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The Anno 1503 board for ``state`` as a plotly figure.

    Parameters
    ----------
    route : Sail or sequence of (row, col), optional
        A sea path to draw: a ``Sail`` of the active player (its shortest path) or
        sea spaces (neighbours, or joined by shortest paths).
    seat : int, optional
        Draw what this seat sees (``game.observe``); default: every explored
        island card face up.
    reach : bool or int, optional
        Shade the sea spaces the ships of the active player (``True``) or of a
        seat can still reach this turn, with their cost in action points.
    width : int or None
        Figure width in px (height follows); None lets the page decide.
    widget : bool
        Return a ``go.FigureWidget`` (for :func:`update_board` in a notebook).
    """
    return _figure(game, state, route, seat, reach, True, width, title, legend, widget)


def update_board(
    fig: Any,
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    reach: Any = None,
) -> Any:
    """Show ``state`` in a figure from :func:`draw_board` or :func:`draw_panel`.

    Works on a ``go.FigureWidget`` (the browser redraws once, at the end of the
    batch) and on a plain ``go.Figure``. Returns ``fig``.
    """
    meta = fig.layout.meta or {}
    sea = bool(meta.get("sea", True))
    data, lay_updates = board_data(game, state, route, seat, reach, sea)
    return C.apply_board_data(fig, data, lay_updates)


def draw_panel(
    game: Any,
    state: Any,
    *,
    width: int | None = DEFAULT_WIDTH,
    title: bool = True,
    legend: bool = True,
    widget: bool = False,
) -> go.Figure:
    """The victory track and every home island, without the sea."""
    return _figure(game, state, None, None, None, False, width, title, legend, widget)


__all__ = [
    "BUILDING_STYLE",
    "CONDITIONS",
    "GOODS_STYLE",
    "LEVEL_STYLE",
    "PANEL_TRACES",
    "TRACES",
    "board_data",
    "card_text",
    "draw_board",
    "draw_panel",
    "geometry",
    "route_path",
    "trace_index",
    "update_board",
]
