"""The stagecoach, settling, tile effects, joining (P-MOVE, P-SETTLE, P-TILE, P-JOIN).

:class:`Settling` adds to :class:`~toolkit.pioneers.turns.Turns` the second
half of a turn: the move, the pioneer settled on the city reached, the effect
of its tile, and the offers to join.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, IllegalAction

from . import actions as A
from .fields import (
    ACTIVE,
    BANK,
    CITY,
    COACH,
    COVERED,
    EXTRAS_LEFT,
    JOIN_NEED,
    NUGGET_COUNTS,
    OFFER,
    P_BANKERS,
    P_MERCHANTS,
    P_MONEY,
    P_NUGGETS,
    P_ROADS_LEFT,
    P_SUPPLY,
    P_VP,
    P_WAGONS,
    PHASE,
    PLAYERS,
    ROAD_OWNERS,
    ROUND_ACTIVE,
    SEAT,
    SETTLED,
    SHORTFALL,
    TILE,
    TILES,
    W_FACE_UP,
    W_ID,
    W_OCCUPIED,
    W_SEATS,
    W_VP,
    new_tuple,
    payout,
    replace_at,
    with_field,
    with_money,
    with_wagons,
)
from .state import PlayerState, State, Wagon
from .turns import Turns


@mypyc_attr(allow_interpreted_subclasses=True)
class Settling(Turns):
    """Moving, settling and joining."""

    def _sergeant_edges(self, state: State) -> list[int]:
        me = state.active
        if state.players[me].roads_left <= 0:
            return []
        # A usable connection with no road, or with one road of another player.
        roads = state.roads
        return [
            e
            for e in self._usable_info(state.covered)[1]
            if not roads[e] or (len(roads[e]) == 1 and roads[e][0] != me)
        ]

    def _sergeant_possible(self, d: list) -> bool:
        """Whether the active player may place a sergeant road now (P-TILE-5)."""
        if d[PLAYERS][d[ACTIVE]][P_ROADS_LEFT] <= 0:
            return False
        roads = d[ROAD_OWNERS]
        for e in self._usable_info(d[COVERED])[1]:
            if not roads[e]:
                return True  # a free connection; else look for a single road
        return bool(self._sergeant_edges(new_tuple(State, d)))

    # purchase ------------------------------------------------------------------

    # movement and colonisation ---------------------------------------------------

    def _do_move(self, state: State, action: A.MoveCoach) -> State:
        me = state.active
        cost, received, to_bank = self._move_payments(state, action, me)
        if action.cost != cost:
            raise IllegalAction(
                "P-MOVE-2",
                f"the route {'-'.join(action.path)} costs ${cost}, not ${action.cost}.",
            )
        players = state.players
        received[me] -= cost
        paid: list[PlayerState] | None = None  # a copy once someone's money changes
        r: int
        for k in range(len(received)):
            r = received[k]
            if r:
                if paid is None:
                    paid = list(players)
                pl = players[k]
                paid[k] = with_money(pl, pl[P_MONEY] + r)
        if paid is not None:
            players = tuple(paid)
        d: list[Any] = list(state)
        d[PLAYERS] = players
        if to_bank and d[BANK] is not None:
            d[BANK] += to_bank
        target = self.board.index[action.path[-1]]
        d[COACH] = action.path[-1]
        d[PHASE] = "settle"
        d[CITY] = target
        d[TILE] = d[TILES][target]
        d[ROUND_ACTIVE] = True
        return new_tuple(State, d)

    def _do_pass(self, state: State, action: A.Pass) -> State:
        # Usually legal: a search on costs alone says so; the routes only to name one.
        routes = self.cheapest_routes(state) if self._can_move(state) else []
        if routes:  # name the cheapest target (ties: fewest steps, city id)
            target, cost, _ = min(routes, key=lambda r: (r[1], len(r[2]), r[0]))
            raise IllegalAction(
                "P-MOVE-4",
                f"you must move: {self.board.ids[target]} can be reached for ${cost}.",
            )
        return self._end_turn(list(state))  # P-MOVE-5

    def _take_pioneer(
        self, d: list, seat: int, wagon_id: str, prof: str | None, rule: str
    ) -> str:
        """Remove a pioneer from a seat (any profession if ``prof`` is None); P-WAGON-1.

        Changes the draft ``d``; returns the profession of the pioneer taken.
        """
        players: tuple[PlayerState, ...] = d[PLAYERS]
        pl = players[seat]
        wagons = pl[P_WAGONS]
        for k, w in enumerate(wagons):  # noqa: B007  (k is used after the loop)
            if w[W_ID] == wagon_id:
                break
        else:
            raise IllegalAction(rule, f"you have no wagon {wagon_id}.")
        if not w[W_FACE_UP]:
            raise IllegalAction(
                "P-WAGON-3", f"wagon {wagon_id} is face down and holds no pioneers."
            )
        seats, occupied = w[W_SEATS], w[W_OCCUPIED]
        for j in range(len(seats)):
            if occupied[j] and (prof is None or seats[j] == prof):
                break
        else:
            raise IllegalAction(
                rule, f"wagon {wagon_id} has no {prof or 'pioneer'} on a seat."
            )
        occupied = replace_at(occupied, j, False)
        if True in occupied:
            w = new_tuple(Wagon, (w[W_ID], seats, occupied, w[W_VP], True))
            pl = with_wagons(pl, replace_at(wagons, k, w))
        else:  # P-WAGON-1: emptied: score its VP, turn it face down, take $1
            w = new_tuple(Wagon, (w[W_ID], seats, occupied, w[W_VP], False))
            p: list[Any] = list(pl)  # a draft of the player (not _replace: see payout)
            p[P_VP] += w[W_VP]
            p[P_WAGONS] = replace_at(wagons, k, w)
            pl = new_tuple(PlayerState, p)
            spec = self.wagon_specs.get(w[W_ID])
            pl, d[BANK], d[SHORTFALL] = payout(
                pl, spec.bonus if spec else 1, d[BANK], d[SHORTFALL]
            )
        d[PLAYERS] = replace_at(players, seat, pl)
        return seats[j]

    def _place_pioneer(self, d: list, city: int, seat: int) -> None:
        # typed locals: compiled, native tuple slices, not generic item look-ups
        settled: tuple[tuple[int, ...], ...] = d[SETTLED]
        row: tuple[int, ...] = settled[city]
        d[SETTLED] = replace_at(settled, city, replace_at(row, seat, row[seat] + 1))

    def _do_settle(self, state: State, action: A.Settle) -> State:
        tile = state.tile
        if tile != "HOTEL" and action.profession != tile:
            raise IllegalAction(
                "P-SETTLE-1",
                f"this city wants a {tile}; you cannot settle a {action.profession} "
                "here.",
            )
        rule = "P-SETTLE-2" if tile == "HOTEL" else "P-SETTLE-1"
        d: list[Any] = list(state)
        me: int = d[ACTIVE]
        city: int = d[CITY]
        d[JOIN_NEED] = self._take_pioneer(d, me, action.wagon, action.profession, rule)
        self._place_pioneer(d, city, me)
        tiles: tuple = d[TILES]
        d[TILES] = replace_at(tiles, city, None)
        pl: PlayerState = d[PLAYERS][me]
        # P-TILE: the effect of the removed tile
        if tile == "BANKER":
            if pl[P_BANKERS] < 2:  # P-TILE-1 / P-INC-2
                d[PLAYERS] = replace_at(
                    d[PLAYERS], me, with_field(pl, P_BANKERS, pl[P_BANKERS] + 1)
                )
        elif tile == "MERCHANT":
            if pl[P_MERCHANTS] < 2:  # P-TILE-2 / P-BUY-3
                d[PLAYERS] = replace_at(
                    d[PLAYERS], me, with_field(pl, P_MERCHANTS, pl[P_MERCHANTS] + 1)
                )
        elif tile == "HOTEL":  # P-TILE-7
            pl, d[BANK], d[SHORTFALL] = payout(pl, 3, d[BANK], d[SHORTFALL])
            d[PLAYERS] = replace_at(d[PLAYERS], me, pl)
        elif tile == "GOLD_DIGGER":  # P-TILE-4, ASSUMPTION-11
            # How many nuggets are left is public (only their values are hidden).
            if sum(NUGGET_COUNTS) > sum(len(p[P_NUGGETS]) for p in d[PLAYERS]):
                d[PHASE] = "nugget"
                d[SEAT] = CHANCE
                return new_tuple(State, d)
        elif tile == "SERGEANT":  # P-TILE-5
            if self._sergeant_possible(d):
                d[PHASE] = "sergeant"
                d[SEAT] = me
                return new_tuple(State, d)
        elif tile == "INNKEEPER":  # P-TILE-6
            if any(w[W_FACE_UP] for w in pl[P_WAGONS]):
                d[PHASE] = "innkeeper"
                d[SEAT] = me
                return new_tuple(State, d)
        elif tile == "FARMER":  # noqa: SIM102 - P-TILE-8, one branch per tile
            if self._has_pioneer(pl[P_WAGONS], "FARMER"):
                d[PHASE] = "farmer"
                d[SEAT] = me
                d[EXTRAS_LEFT] = 2
                return new_tuple(State, d)
        return self._begin_join(d)

    def _do_sergeant(self, state: State, action: A.SergeantRoad) -> State:
        e = self._edge(action.a, action.b, "P-TILE-5")
        me = state.active
        a, b = self.board.edges[e]
        if state.covered[a] or state.covered[b]:
            raise IllegalAction("ASSUMPTION-14", "no road may touch a covered city.")
        r = state.roads[e]
        if len(r) >= 2:
            raise IllegalAction(
                "P-TILE-5", "a connection never holds more than 2 roads."
            )
        if me in r:
            raise IllegalAction(
                "P-TILE-5",
                "a double road needs two different players; this road is already "
                "yours.",
            )
        if state.players[me].roads_left <= 0:
            raise IllegalAction("P-TILE-5", "you have no roads left in your supply.")
        d: list[Any] = list(state)
        self._add_road(d, e, me)
        return self._begin_join(d)

    def _do_skip(self, state: State, action: A.Skip) -> State:
        d: list[Any] = list(state)
        d[EXTRAS_LEFT] = 0
        return self._begin_join(d)

    def _do_return(self, state: State, action: A.ReturnPioneer) -> State:
        me = state.active
        d: list[Any] = list(state)
        self._take_pioneer(d, me, action.wagon, action.profession, "P-TILE-6")
        pl: PlayerState = d[PLAYERS][me]
        d[PLAYERS] = replace_at(
            d[PLAYERS], me, with_field(pl, P_SUPPLY, pl[P_SUPPLY] + 1)
        )
        return self._begin_join(d)

    def _do_farmer(self, state: State, action: A.AddFarmer) -> State:
        me = state.active
        d: list[Any] = list(state)
        self._take_pioneer(d, me, action.wagon, "FARMER", "P-TILE-8")
        self._place_pioneer(d, d[CITY], me)
        d[EXTRAS_LEFT] -= 1
        if d[EXTRAS_LEFT] > 0 and self._has_pioneer(d[PLAYERS][me][P_WAGONS], "FARMER"):
            return new_tuple(State, d)
        d[EXTRAS_LEFT] = 0
        return self._begin_join(d)

    def _can_join(
        self, players: tuple[PlayerState, ...], seat: int, need: str | None
    ) -> bool:
        """P-JOIN-2: at least $2 and a pioneer of the required profession on a wagon."""
        pl = players[seat]
        return pl[P_MONEY] >= self._join_cost and self._has_pioneer(pl[P_WAGONS], need)

    def _begin_join(self, d: list) -> State:
        """P-JOIN-1: offer clockwise from the active player's left."""
        return self._next_offer(d, self._offer_order[d[ACTIVE]])

    def _next_offer(self, d: list, offer: tuple[int, ...]) -> State:
        players: tuple[PlayerState, ...] = d[PLAYERS]
        need: str | None = d[JOIN_NEED]
        while offer:
            seat, offer = offer[0], offer[1:]
            if self._can_join(players, seat, need):
                d[PHASE] = "join"
                d[SEAT] = seat
                d[OFFER] = offer
                return new_tuple(State, d)
        return self._end_turn(d)

    def _do_join(self, state: State, action: A.Join) -> State:
        seat, me = state.seat, state.active
        cost = self._join_cost
        if state.players[seat].money < cost:
            raise IllegalAction("P-JOIN-2", f"joining costs ${cost} and you have less.")
        d: list[Any] = list(state)
        self._take_pioneer(d, seat, action.wagon, d[JOIN_NEED], "P-JOIN-4")
        players: list[PlayerState] = list(d[PLAYERS])
        players[seat] = with_money(
            players[seat], players[seat][P_MONEY] - cost
        )  # P-JOIN-3
        players[me] = with_money(players[me], players[me][P_MONEY] + cost)
        d[PLAYERS] = tuple(players)
        d[OFFER] = ()
        self._place_pioneer(d, d[CITY], seat)
        return self._end_turn(d)

    def _do_decline(self, state: State, action: A.Decline) -> State:
        return self._next_offer(list(state), state.offer)
