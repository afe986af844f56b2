"""How far a ship gets this turn: sea spaces and islands it reaches (A-SHIP, A-EXPL).

Built on the distances the game computes once (:mod:`toolkit.anno1503.sea`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import networkx as nx

from .common import seat_arg
from .sea import Pos

if TYPE_CHECKING:
    from .base import Anno1503Base
    from .state import State


def sea_graph(game: Anno1503Base) -> nx.Graph:
    """Return the game's sea graph (nodes: ``(row, col)`` sea spaces); do not modify it.

    Examples
    --------
    >>> from toolkit import anno1503
    >>> g = anno1503.sea_graph(anno1503.Anno1503(players=3))
    >>> g.number_of_nodes(), (2, 0) in g, (1, 6) in g
    (40, True, False)
    """
    return game.sea


class Reach(NamedTuple):
    """Where one ship can get this turn.

    AP cost to each sea space and to explore each island.
    """

    ship: int
    at: Pos
    ap: int
    spaces: dict[Pos, int]
    islands: dict[Pos, int]


def reach_from(game: Anno1503Base, at: Pos, ap: int, stacks=None) -> Reach:
    """Return sea spaces within ``ap`` of ``at``, and islands explorable (1 AP each).

    ``stacks`` (the state's island stacks) limits the islands to those holding a card.
    """
    if at not in game.distances:
        raise ValueError(
            f"at must be a sea space (row, col) of the board; {at!r:.40} is "
            + ("an island" if at in game.island_index else "not on the sea")
        )
    if isinstance(ap, bool) or not isinstance(ap, int) or ap < 0:
        raise ValueError(f"ap must be a whole number >= 0, not {ap!r:.40}")
    spaces = {p: d for p, d in game.distances[at] if d <= ap}
    islands: dict[Pos, int] = {}
    for p, d in spaces.items():
        if d >= ap:
            continue
        for isl in game.coast[p]:
            if stacks is not None and not stacks[game.island_index[isl]]:
                continue
            if d + 1 < islands.get(isl, 10**9):
                islands[isl] = d + 1
    return Reach(0, at, ap, spaces, dict(sorted(islands.items())))


def reachable(game: Anno1503Base, state: State, seat: int | None = None) -> list[Reach]:
    """Return, per ship of ``seat`` on the board, its reachable spaces and islands.

    Uses the action points the ship has left this turn (its full AP if phase 3
    has not begun, or if ``seat`` is not the active player).

    Examples
    --------
    >>> from toolkit import anno1503
    >>> game = anno1503.Anno1503(players=3)
    >>> s = anno1503.position(game, seats={0: {"ships": [(2, 5)]}})
    >>> r = anno1503.reachable(game, s, 0)[0]
    >>> r.ap, r.spaces[(2, 7)], r.islands[(2, 8)]
    (3, 2, 3)
    """
    seat = state.active if seat is None else seat_arg(game, seat)
    out = []
    for i, at in enumerate(state.players[seat].ships):
        if at is None:
            continue
        ap = game.ship_ap(state, seat, i)
        r = reach_from(game, at, ap, state.islands)
        out.append(r._replace(ship=i + 1))
    return out


__all__ = ["Reach", "reach_from", "reachable", "sea_graph"]
