"""Pioneers set-up and chance turns: tiles, covers, the start player, wagons, nuggets.

:class:`Chance` adds to the turn of :class:`~toolkit.pioneers.settling.Settling`
the opening of a game (P-SETUP) and every chance turn: what can happen, with
which probability, and what it does to the state.

ASSUMPTION-E1 (the engine's, not the specification's): with 2 players and
``cover="random"`` the 8 covers never cover every neighbour of the start city,
which would keep the stagecoach there for the whole game.  The draw behaves as
if a set of covers that shuts the start in were re-drawn: every set of 8 cities
that leaves a start neighbour open is equally likely (see ``_cover_weights``).
Designated covers that shut the start in are refused when the game is made.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, IllegalAction

from . import actions as A
from .board import TILE_TYPES
from .fields import (
    ACTIVE,
    BANK,
    BANK_TOTAL,
    COVER_TILES,
    DECK,
    END_TRIGGERED,
    MARKET,
    NUGGETS,
    P_NUGGETS,
    PHASE,
    PIONEERS,
    PLAYERS,
    ROADS,
    ROUND,
    SEAT,
    SETTLED,
    START_PLAYER,
    TILE_POOL,
    TILES,
    TILES_REMOVED,
    UNSEEN,
    WAGONS_REMOVED,
    new_tuple,
    nugget_pool,
    replace_at,
    with_field,
)
from .settling import Settling
from .state import PlayerState, State
from .tables import _tile_order

_TILE_INDEX: Final = {t: i for i, t in enumerate(TILE_TYPES)}


@mypyc_attr(allow_interpreted_subclasses=True)
class Chance(Settling):
    """The set-up and the chance turns of a Pioneers game."""

    # ----- protocol: set-up --------------------------------------------------

    def setup(self) -> State:
        """Return the position before any chance turn.

        Empty board, bank, pools (P-SETUP).
        """
        n, p = len(self.board.ids), self.players
        in_play = 7 - TILES_REMOVED.get(p, 0)
        deck = len(self.regular_wagons) - WAGONS_REMOVED.get(p, 0)
        players = tuple(
            PlayerState(
                money=0, vp=0, roads_left=ROADS, supply=PIONEERS, nuggets=(), wagons=()
            )
            for _ in range(p)
        )
        state = State(
            phase="tile",
            seat=CHANCE,
            active=0,
            round=0,
            start_player=-1,
            coach=self.board.start_id,  # P-SETUP-8
            tiles=(None,) * n,
            covered=self._covered0,
            roads=((),) * len(self.board.edges),
            settled=((0,) * p,) * n,
            players=players,
            market=(None, None, None, None),
            deck=max(deck, 0),
            unseen=self.regular_wagons,
            tile_pool=(in_play,) * len(TILE_TYPES),
            bank=BANK_TOTAL if self.options["finite_bank"] else None,
        )
        if p == 2 and self.options["cover"] == "random":
            return state._replace(phase="cover")
        return self._next_tile(state)

    def _next_tile_city(self, state: State) -> int | None:
        """Return the next city (in id order) to receive a set-up tile (P-SETUP-4).

        None if there is none.
        """
        tiles = state.tiles
        for i in self._tile_order(state.covered):
            if tiles[i] is None:
                return i
        return None

    def _tile_order(self, covered: tuple[bool, ...]) -> tuple[int, ...]:
        """Return the cities that receive a set-up tile (not start, not covered).

        In id order.
        """
        if covered is self._covered0:
            return self._tile_order0
        return _tile_order(self.board, covered)

    def _next_tile(self, state: State) -> State:
        """Continue set-up after a tile.

        Next city, then the re-draw rule, then the rest.
        """
        if (
            any(cast(tuple, state.tile_pool))
            and self._next_tile_city(state) is not None
        ):
            if state.phase == "tile" and state.seat == CHANCE:
                return state
            return state._replace(phase="tile", seat=CHANCE)
        return self._check_redraw(state)

    def _duplicate(self, state: State) -> int | None:
        """Return the start neighbour to re-draw (P-SETUP-5, ASSUMPTION-15), or None."""
        seen: set[str] = set()
        for v in self._start_nbrs:
            t = state.tiles[v]
            if t is None:
                continue
            if t in seen:
                return v
            seen.add(t)
        return None

    def _check_redraw(self, state: State) -> State:
        if self._duplicate(state) is not None and self._redraw_outcomes(state):
            return state._replace(phase="redraw", seat=CHANCE)
        return self._after_tiles(state)

    def _redraw_outcomes(self, state: State) -> list:
        v = self._duplicate(state)
        if v is None:
            return []
        others = {state.tiles[u] for u in self._start_nbrs if u != v and state.tiles[u]}
        pool: Any = state.tile_pool
        total = sum(pool)
        if any(c and TILE_TYPES[i] not in others for i, c in enumerate(pool)):
            return [
                (A.Redraw(self.board.ids[v], TILE_TYPES[i]), c / total)
                for i, c in enumerate(pool)
                if c
            ]
        # ASSUMPTION-15: no unused tile can fix it; swap with another city's tile.
        cands = [
            u
            for u in self._tile_order(state.covered)
            if u not in self._start_nbrs
            and state.tiles[u]
            and state.tiles[u] not in others
        ]
        return [
            (A.SwapTiles(self.board.ids[v], self.board.ids[u]), 1 / len(cands))
            for u in cands
        ]

    def _after_tiles(self, state: State) -> State:
        # The unused tiles take no further part (P-SETUP-4): forget them.
        state = state._replace(tile_pool=None)
        fixed = self.options["start_player"]
        if fixed is None:
            return state._replace(phase="first", seat=CHANCE)
        return self._after_first(state._replace(start_player=fixed))

    def _after_first(self, state: State) -> State:
        # P-SETUP-9: the market is filled from the deck only (a small custom deck may be
        # empty).
        return state._replace(phase="market" if state.deck > 0 else "deal", seat=CHANCE)

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        """Every outcome of the chance turn ahead with its probability."""
        phase = state.phase
        if phase == "tile":
            # typed: native int sums and divisions (the same floats as Python's)
            pool: tuple[int, ...] = cast(tuple, state.tile_pool)
            total = 0
            for c in pool:
                total += c
            draws = self._draw_tile[cast(int, self._next_tile_city(state))]
            return [(draws[i], pool[i] / total) for i in range(len(pool)) if pool[i]]
        if phase == "redraw":
            return self._redraw_outcomes(state)
        if phase in ("market", "reveal"):
            unseen, reveal = state.unseen, self._reveal
            p = 1 / len(unseen)
            return [(reveal[w], p) for w in unseen]
        if phase == "deal":
            seat = sum(1 for pl in state.players if pl.wagons)
            dealt = {pl.wagons[0].id for pl in state.players if pl.wagons}
            left = [w for w in self.start_wagons if w not in dealt]
            return [(A.DealStart(seat, w), 1 / len(left)) for w in left]
        if phase == "first":
            return [(A.FirstPlayer(s), 1 / self.players) for s in range(self.players)]
        if phase == "nugget":
            pool = nugget_pool(state)
            total = sum(pool)
            return [(self._nugget[v], c / total) for v, c in zip(NUGGETS, pool) if c]
        if phase == "cover":
            ids = self.board.ids
            return [
                (A.CoverCity(ids[i]), w / total)
                for i, w, total in self._cover_weights(state)
            ]
        return []

    def _cover_weights(self, state: State) -> list[tuple[int, int, int]]:
        """Return ``(city, weight, total)`` for the next random cover (ASSUMPTION-E1).

        The 8 covers are drawn as if the whole set were re-drawn until a
        neighbour of the start city stays uncovered (P-SETUP-2 variant): every
        such set of 8 cities is equally likely.  A city's weight is the number of
        ways to finish the covers with it that leave a start neighbour open; a
        cover that would shut the start in has weight 0 and is not an outcome.
        """
        covered = state.covered
        start = self.board.start
        cands = [i for i in range(len(covered)) if i != start and not covered[i]]
        open_nbrs = [v for v in self._start_nbrs if not covered[v]]
        rest = len(cands) - 1  # cities left to cover after this one
        more = COVER_TILES - sum(covered) - 1  # covers after this one
        out: list[tuple[int, int]] = []
        for c in cands:
            u = len(open_nbrs) - (1 if c in open_nbrs else 0)
            ways = math.comb(rest, more)
            if self._start_nbrs and u <= more:  # completions covering the rest too
                ways -= math.comb(rest - u, more - u)
            if ways:
                out.append((c, ways))
        total = sum(w for _, w in out)
        return [(c, w, total) for c, w in out]

    # chance handlers ---------------------------------------------------------

    _CHANCE_RULE: ClassVar[dict[str, str]] = {
        "cover": "P-SETUP-2",
        "tile": "P-SETUP-4",
        "redraw": "P-SETUP-5",
        "first": "P-SETUP-6",
        "deal": "P-SETUP-10",
        "nugget": "P-TILE-4",
    }

    def _chance_check(self, state: State, action: Any) -> None:
        if action not in [a for a, _ in self.chance_outcomes(state)]:
            raise IllegalAction(
                self._CHANCE_RULE.get(state.phase, "P-FLOW-2"),
                f"{action} is not a possible outcome of this chance turn.",
            )

    def _do_cover(self, state: State, action: A.CoverCity) -> State:
        b = self.board
        i = b.index.get(action.city) if isinstance(action.city, str) else None
        if (
            state.phase == "cover"
            and i is not None
            and i in self._start_nbrs
            and not state.covered[i]
            and all(state.covered[v] or v == i for v in self._start_nbrs)
        ):
            raise IllegalAction(
                "ASSUMPTION-E1",
                f"a cover on {action.city} would shut in the start city "
                f"{b.start_id}: its last open neighbour is never covered.",
            )
        self._chance_check(state, action)
        covered = replace_at(state.covered, b.index[action.city], True)
        state = state._replace(covered=covered)
        if sum(covered) < COVER_TILES:
            return state
        return self._next_tile(state._replace(phase="tile"))

    def _do_tile(self, state: State, action: A.DrawTile) -> State:
        i = _TILE_INDEX.get(action.tile)
        # The next city (as _next_tile_city), found by its place k in the order:
        # the city after it is then looked for from k + 1 on, not from the start.
        tiles: tuple = state.tiles
        order = self._tile_order(state.covered)
        k = 0
        while k < len(order) and tiles[order[k]] is not None:
            k += 1
        city: Any = order[k] if k < len(order) else None
        pool: Any = state.tile_pool
        if i is None or not pool[i] or self.board.index.get(action.city) != city:
            raise IllegalAction(
                "P-SETUP-4",
                f"{action} is not a possible outcome of this chance "
                f"turn: the next tile goes on {self.board.ids[city]}.",
            )
        d: list[Any] = list(state)
        d[TILES] = tiles = replace_at(tiles, city, action.tile)
        d[TILE_POOL] = pool = replace_at(pool, i, pool[i] - 1)
        # _next_tile: another tile turn while the pool has tiles and a city is left
        k += 1
        while k < len(order) and tiles[order[k]] is not None:
            k += 1
        if k < len(order) and any(pool):
            d[PHASE] = "tile"
            d[SEAT] = CHANCE
            return new_tuple(State, d)
        return self._check_redraw(new_tuple(State, d))

    def _do_redraw(self, state: State, action: A.Redraw | A.SwapTiles) -> State:
        self._chance_check(state, action)
        b = self.board
        v = b.index[action.city]
        old = state.tiles[v]
        if isinstance(action, A.SwapTiles):
            u = b.index[action.other]
            tiles = replace_at(replace_at(state.tiles, v, state.tiles[u]), u, old)
            state = state._replace(tiles=tiles)
        else:
            pool = list(cast(tuple, state.tile_pool))
            pool[_TILE_INDEX[action.tile]] -= (
                1  # drawn first, then the old one goes back
            )
            pool[_TILE_INDEX[old]] += 1
            state = state._replace(
                tiles=replace_at(state.tiles, v, action.tile), tile_pool=tuple(pool)
            )
        return self._check_redraw(state)

    def _do_first(self, state: State, action: A.FirstPlayer) -> State:
        self._chance_check(state, action)
        return self._after_first(state._replace(start_player=action.seat))

    def _do_reveal(self, state: State, action: A.RevealWagon) -> State:
        wagon, unseen = action.wagon, state.unseen
        k = 0  # where the wagon is in unseen (which holds each wagon once)
        while k < len(unseen) and unseen[k] != wagon:
            k += 1
        if k == len(unseen):
            rule = "P-SETUP-9" if state.phase == "market" else "P-BUY-8"
            raise IllegalAction(rule, f"wagon {wagon} is not in the face-down deck.")
        d: list[Any] = list(state)
        d[UNSEEN] = unseen[:k] + unseen[k + 1 :]
        d[DECK] -= 1
        market = d[MARKET]
        if d[PHASE] == "market":  # P-SETUP-9: fill slots 1..4 left to right
            market = d[MARKET] = replace_at(market, market.index(None), wagon)
            if not (
                None in market and d[DECK] > 0
            ):  # slots the deck cannot fill stay empty
                d[PHASE] = "deal"
            return new_tuple(State, d)
        # P-BUY-8: refill slot 4 from the deck; taking the last wagon triggers the end.
        d[MARKET] = market[:3] + (wagon,)
        if d[DECK] == 0:
            d[END_TRIGGERED] = True
        return self._after_purchase(d)

    def _do_deal(self, state: State, action: A.DealStart) -> State:
        self._chance_check(state, action)
        wagon = self._full_wagon[action.wagon]
        seat = action.seat
        # P-SETUP-11/12: $2, a pioneer on the start city and on every seat.
        pl = state.players[seat]
        pl = pl._replace(
            money=self._start_money,
            supply=PIONEERS - 1 - len(wagon.seats),
            wagons=(wagon,),
        )
        d: list[Any] = list(state)
        start = self.board.start
        d[SETTLED] = replace_at(
            d[SETTLED], start, replace_at(d[SETTLED][start], seat, 1)
        )
        d[PLAYERS] = replace_at(d[PLAYERS], seat, pl)
        if d[BANK] is not None:
            d[BANK] -= self._start_money
        if seat + 1 < self.players:
            return new_tuple(State, d)
        d[ROUND] = 1
        d[ACTIVE] = first = d[START_PLAYER]
        return self._start_turn(d, first)

    def _do_nugget(self, state: State, action: A.DrawNugget) -> State:
        self._chance_check(state, action)
        me = state.active
        pl = state.players[me]
        d: list[Any] = list(state)
        d[PLAYERS] = replace_at(
            d[PLAYERS], me, with_field(pl, P_NUGGETS, pl.nuggets + (action.value,))
        )
        return self._begin_join(d)
