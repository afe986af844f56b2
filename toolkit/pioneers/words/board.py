"""Pioneers on the play app's board: what clicks play, and the players table.

A click on a city moves the stagecoach there along the cheapest route (or says
which rule forbids it), and the route picker lists the ways to pay for a trip
(one route per payment outcome, ASSUMPTION-4); a click on a connection buys and places a road, or
places the free sergeant road. The functions take a
:class:`~toolkit.widgets.Session` and never change it: they return the actions
to play, or raise :class:`~toolkit.core.IllegalAction`.
"""

from __future__ import annotations

import html
from typing import Any

import networkx as nx

from toolkit.core import IllegalAction
from toolkit.pioneers import actions as A
from toolkit.pioneers import routes
from toolkit.pioneers.board import SHORT
from toolkit.viz import theme as T

__all__ = [
    "click_city",
    "click_connection",
    "players_html",
    "route_choices",
    "why_not_city",
]


def click_city(session: Any, city: str) -> A.MoveCoach:
    """The move for a click on ``city``: along the cheapest route, or why not.

    Raises IllegalAction with the rule when the stagecoach cannot go there
    now (wrong phase, not a target, behind a tiled city, too dear).
    """
    game, state = session.game, session.state
    if city not in game.board.index:
        raise IllegalAction("P-MOVE-1", f"there is no city {city!r} on this board.")
    if state.phase != "move":  # the engine says why, about a move to this city
        attempt = A.MoveCoach((state.coach, city), 0)
        try:
            game.apply(state, attempt)
        except IllegalAction as exc:
            raise IllegalAction(
                exc.rule,
                exc.message.replace(
                    f"{attempt} cannot", f"moving the stagecoach to {city} cannot"
                ),
            ) from None
    for move in session.legal():
        if isinstance(move, A.MoveCoach) and move.target == city:
            return move
    raise why_not_city(session, city)


def why_not_city(session: Any, city: str) -> IllegalAction:
    """Why the stagecoach cannot move to ``city`` now (the rule and a sentence)."""
    game, state = session.game, session.state
    seat = state.active
    try:
        # not a target at all (no tile, no matching pioneer, covered): P-MOVE-1/3/6
        next(routes.iter_routes(game, state, city, seat), None)
        for r in routes.cheapest_routes(game, state, seat, affordable_only=False):
            if r.target == city:
                game.check_route(state, r.path, seat)  # too dear: P-MOVE-7
        game.check_route(state, _natural_route(game, state, city), seat)  # P-MOVE-3
    except IllegalAction as exc:
        return exc
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        pass
    return IllegalAction(
        "P-MOVE-1",
        f"the stagecoach cannot reach {city} from {state.coach} along any connection.",
    )


def _natural_route(game: Any, state: Any, city: str) -> tuple[str, ...]:
    """The cheapest route ignoring tiles: the route a student would try first."""
    g = nx.Graph()
    for e, (a, b) in enumerate(game.board.edges):
        if not (state.covered[a] or state.covered[b]):
            # a tiny step weight prefers fewer steps among equal tolls
            toll = routes.step_cost(state.roads[e], state.active)
            g.add_edge(*game.board.edge_ids(e), weight=toll + 1e-3)
    return tuple(nx.dijkstra_path(g, state.coach, city))


def route_choices(session: Any, city: str, limit: int = 12) -> list[A.MoveCoach]:
    """The ways to pay for a trip to ``city``: one move per payment outcome.

    The mover steers the stagecoach, so the route decides who is paid
    (ASSUMPTION-4): one route per distinct outcome (what the bank and each
    seat receive) the mover can afford, cheapest first, at most ``limit``; each
    is the outcome's fewest-steps route. Raises IllegalAction (the rule) when
    ``city`` is no target now.
    """
    click_city(session, city)  # raises if the city is no target
    game, state = session.game, session.state
    ids = game.board.ids
    index = game.board.index[city]
    return [
        A.MoveCoach(tuple(ids[i] for i in path), cost)
        for t, cost, path in game.route_choices(state, every=True)
        if t == index
    ][:limit]


def click_connection(session: Any, a: str, b: str) -> tuple:
    """The actions for a click on connection ``a``-``b`` in the current phase.

    Purchase phase: buy one road (or two, if only R2 is left) and place it
    here. Road placement: place it. Sergeant: the free road. Anything else
    raises IllegalAction saying why (the engine's own message).
    """
    game, state = session.game, session.state
    a, b = sorted((a, b))
    if state.phase == "sergeant":
        return (A.SergeantRoad(a, b),)
    place = A.PlaceRoad(a, b)
    if state.phase != "buy":
        return (place,)
    legal = session.legal()
    for n in (1, 2):
        if A.BuyRoads(n) in legal:
            return (A.BuyRoads(n), place)
    game.apply(state, A.BuyRoads(1))  # raises the reason R1 cannot be bought
    game.apply(state, A.BuyRoads(2))
    raise IllegalAction("P-BUY-1", "you cannot buy a road now.")  # pragma: no cover


def players_html(session: Any) -> str:
    """A small table of the players: money, VP now, roads, pioneers, wagons.

    "VP now" is scored from what the human sees: other players' gold nuggets
    stay hidden until the end (ASSUMPTION-10).
    """
    game, state = session.game, session.state
    humans = sorted(session.humans)
    viewer = (
        humans[0]
        if len(humans) == 1
        else (session.to_move if session.human_to_move else None)
    )
    seen = state if viewer is None or session.over else game.observe(state, viewer)
    scores = game.scores(seen)
    rows = []
    for seat, pl in enumerate(state.players):
        kind = (
            "you"
            if seat in session.humans and len(session.humans) == 1
            else ("human" if seat in session.humans else f"{session.bots[seat][1]} bot")
        )
        wagons = " ".join(
            f"{w.id}["
            + " ".join(
                SHORT[p] if occ else "··"
                for p, occ in zip(w.seats, w.occupied, strict=True)
            )
            + "]"
            if w.face_up
            else f"<s>{w.id}</s>"
            for w in pl.wagons
        )
        turn = "▶ " if seat == session.to_move else ""
        colour = T.player_colour(seat)
        rows.append(
            f"<tr><td>{turn}<span style='color:{colour}'>■</span> "
            f"{html.escape(session.names[seat])} <small>({kind})</small></td>"
            f"<td>${pl.money}</td><td>{scores[seat]}</td><td>{pl.roads_left}</td>"
            f"<td>{pl.supply}</td><td>{pl.bankers}/{pl.merchants}</td>"
            f"<td style='font-family:monospace'>{wagons}</td></tr>"
        )
    head = (
        "<tr><th>player</th><th>money</th><th>VP now</th><th>roads left</th>"
        "<th>supply</th><th>bankers/merchants</th>"
        "<th>wagons (seats, ·· empty)</th></tr>"
    )
    market = " · ".join(
        f"${i + 1}: {w}" if w else f"${i + 1}: empty"
        for i, w in enumerate(state.market)
    )
    return (
        "<table class='frontier-players' "
        "style='border-collapse:collapse;font-size:13px'>"
        f"{head}{''.join(rows)}</table>"
        f"<div style='font-size:12px'>Market: {market} · deck {state.deck}</div>"
    )
