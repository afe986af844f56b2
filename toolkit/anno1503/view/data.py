"""Everything on an Anno 1503 board that depends on the position.

:func:`board_data` returns it as ``({trace name: properties}, layout updates)``.
"""

from __future__ import annotations

from typing import Any

from toolkit.viz import common as C
from toolkit.viz import theme as T

from .geometry import (
    Geometry,
    _card_xy,
    _faces_up,
    _geo,
    _pos,
    _reach_seat,
    _ship_xy,
    _title,
    _track_x,
    _track_y,
    _who,
    card_text,
    good_code,
    good_colour,
    route_path,
)
from .style import (
    BAR,
    BUILDING_COLOUR,
    BUILDING_STYLE,
    CARD_BACK,
    CELL,
    CONDITIONS,
    FACE_STEP,
    FACE_X,
    GOODS,
    GOODS_STYLE,
    HOME_H,
    HOME_W,
    LEVEL_STYLE,
    MUTED,
    NAME_W,
    ROLLED,
    SALE_TEXT,
    SAND,
    SAND_LINE,
    SLOT_COLOUR,
    STONE_BRIDGE,
    SUPPLY_CHIPS,
    UNUSED_SAND,
    WOOD_BRIDGE,
)

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
    :func:`toolkit.viz.animation.replay_animation` turns it into frames.
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
        # the seat to play is marked in front of its name, so the mark can never
        # run into the next island's heading
        head = (
            ("<b>▶ </b>" if active else "")
            + f"<b>{C.seat_label(s)}</b> · island {'ABCD'[s]} · <b>{p.gold} gold</b>"
            f" · ships: {at_sea} at sea, {2 - at_sea} in supply"
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
