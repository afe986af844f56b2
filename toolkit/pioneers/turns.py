"""The Pioneers turn: income, purchases, stagecoach, settling, joining (P-INC..P-JOIN).

:class:`Turns` holds the handler of every decision of a turn and the steps
between them. The steps work on a draft list ``d`` (see
:mod:`toolkit.pioneers.fields`) and return the next state.
"""

# Tuple concatenation (t[:i] + (x,) + t[i + 1:]) is the fastest copy with one
# change, compiled or not, so RUF005 does not apply on the hot path.
# ruff: noqa: RUF005

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, IllegalAction

from . import actions as A  # noqa: N812  (A.MoveCoach reads as the rules do)
from .coach import Coach
from .fields import (
    ACTIONS_LEFT,
    ACTIVE,
    BANK,
    CITY,
    COACH,
    COVERED,
    DECK,
    END_TRIGGERED,
    EXTRAS_LEFT,
    FORCED,
    INCOME,
    JOIN_NEED,
    MARKET,
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
    ROAD_PRICE,
    ROADS_TO_PLACE,
    ROUND,
    ROUND_ACTIVE,
    SEAT,
    SETTLED,
    SHORTFALL,
    START_PLAYER,
    TILE,
    TILES,
    USED,
    W_FACE_UP,
    W_ID,
    W_OCCUPIED,
    W_SEATS,
    W_VP,
    new_tuple,
    payout,
    replace_at,
    with_field,
)
from .state import MEMO, PlayerState, State, Wagon

_ROAD_SPACE = {1: "R1", 2: "R2"}


@mypyc_attr(allow_interpreted_subclasses=True)
class Turns(Coach):
    """The decisions of a turn and the steps between them."""

    # turn structure ------------------------------------------------------------
    # These steps work on a draft list ``d`` (see PHASE above) and return the state.

    def _begin_turn(self, state: State, seat: int) -> State:
        """Start ``seat``'s turn: P-INC-1 income, then the purchase phase."""
        return self._start_turn(list(state), seat)

    def _start_turn(self, d: list, seat: int) -> State:
        """P-INC-1 income.

        Then the purchase phase with P-BUY-9 checked at turn start.
        """
        players: tuple[PlayerState, ...] = d[PLAYERS]
        pl = players[seat]
        forced = False
        if pl[P_WAGONS]:
            for w in pl[P_WAGONS]:
                if w[W_FACE_UP]:
                    break
            else:
                forced = True
        bankers = pl[P_BANKERS]
        amount = INCOME + (bankers if bankers < 2 else 2)
        bank = d[BANK]
        if bank is not None:
            paid = amount if amount <= bank else bank
            d[BANK] = bank - paid
            d[SHORTFALL] += amount - paid
            amount = paid
        pl = with_field(pl, P_MONEY, pl[P_MONEY] + amount)
        if forced and not self._buyable_slots(d[MARKET], pl):
            forced = False  # ASSUMPTION-12: the obligation lapses
        merchants = pl[P_MERCHANTS]
        d[PLAYERS] = players[:seat] + (pl,) + players[seat + 1 :]
        d[PHASE] = "buy"
        d[SEAT] = d[ACTIVE] = seat
        d[ACTIONS_LEFT] = 1 + (merchants if merchants < 2 else 2)
        d[USED] = ()
        d[FORCED] = forced
        d[ROADS_TO_PLACE] = 0
        d[CITY] = -1
        d[TILE] = d[JOIN_NEED] = None
        d[EXTRAS_LEFT] = 0
        d[OFFER] = ()
        return new_tuple(State, d)

    def _after_purchase(self, d: list) -> State:
        d[PHASE] = "buy" if d[ACTIONS_LEFT] > 0 else "move"
        d[SEAT] = d[ACTIVE]
        return new_tuple(State, d)

    def _end_turn(self, d: list) -> State:
        """P-TURNEND-1, then the end-of-round check (P-END-2, ASSUMPTION-20)."""
        nxt = d[ACTIVE] + 1
        if nxt == self.players:
            nxt = 0
        if nxt == d[START_PLAYER]:
            early = self._early_end and (
                not d[ROUND_ACTIVE] or all(t is None for t in d[TILES])
            )
            if d[END_TRIGGERED] or early or d[ROUND] >= self._max_rounds:
                d[PHASE] = "over"
                d[SEAT] = CHANCE
                d[OFFER] = ()
                d[TILE] = d[JOIN_NEED] = None
                return new_tuple(State, d)
            d[ROUND] += 1
            d[ROUND_ACTIVE] = False
        return self._start_turn(d, nxt)

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

    def _check_purchase_token(self, state: State, space: str) -> None:
        if state.actions_left <= 0:
            raise IllegalAction(
                "P-BUY-3", "you have no purchase action left this turn."
            )
        if space in state.used:
            raise IllegalAction(
                "P-BUY-4", f"the {space} space already has a token on it this turn."
            )

    def _do_buy_roads(self, state: State, action: A.BuyRoads) -> State:
        n = action.count
        if n not in (1, 2):
            raise IllegalAction("P-BUY-1", "you can buy 1 road (R1) or 2 roads (R2).")
        self._check_purchase_token(state, _ROAD_SPACE[n])
        if state.forced:
            raise IllegalAction(
                "P-BUY-9",
                "all your wagons are empty, so your first purchase must be a wagon.",
            )
        me = state.active
        pl = state.players[me]
        if pl.roads_left < n:
            raise IllegalAction(
                "ASSUMPTION-13", f"you have only {pl.roads_left} roads left."
            )
        if self._free_edges(state) < n:
            raise IllegalAction(
                "ASSUMPTION-13", f"there are not {n} free connections left."
            )
        price = ROAD_PRICE[n]
        if pl.money < price:
            raise IllegalAction(
                "P-BUY-1", f"R{n} costs ${price} but you have only ${pl.money}."
            )
        d: list[Any] = list(state)
        d[PLAYERS] = replace_at(
            d[PLAYERS], me, with_field(pl, P_MONEY, pl.money - price)
        )
        if d[BANK] is not None:
            d[BANK] += price
        d[ACTIONS_LEFT] -= 1
        d[USED] += (_ROAD_SPACE[n],)
        d[ROADS_TO_PLACE] = n
        d[PHASE] = "road"
        d[ROUND_ACTIVE] = True
        return new_tuple(State, d)

    def _edge(self, a: str, b: str, rule: str) -> int:
        e = self.board.edge_of(a, b)
        if e is None:
            for c in (a, b):
                if c not in self.board.index:
                    raise IllegalAction(rule, f"there is no city {c!r} on this board.")
            raise IllegalAction(rule, f"there is no connection between {a} and {b}.")
        return e

    def _add_road(self, d: list, e: int, seat: int) -> None:
        players: tuple[PlayerState, ...] = d[PLAYERS]
        pl = players[seat]
        left = pl[P_ROADS_LEFT] - 1
        d[PLAYERS] = (
            players[:seat] + (with_field(pl, P_ROADS_LEFT, left),) + players[seat + 1 :]
        )
        roads = d[ROAD_OWNERS]
        d[ROAD_OWNERS] = roads[:e] + (roads[e] + (seat,),) + roads[e + 1 :]
        if left == 0:
            d[END_TRIGGERED] = True  # P-END-1a

    def _do_place_road(self, state: State, action: A.PlaceRoad) -> State:
        e = self._edge(action.a, action.b, "P-BUY-6")
        a, b = self.board.edges[e]
        if state.covered[a] or state.covered[b]:
            raise IllegalAction("ASSUMPTION-14", "no road may touch a covered city.")
        if state.roads[e]:
            raise IllegalAction(
                "P-BUY-6",
                f"{action.a}-{action.b} already has a road; bought roads need a free "
                "connection.",
            )
        d: list[Any] = list(state)
        self._add_road(d, e, d[ACTIVE])
        d[ROADS_TO_PLACE] -= 1
        return new_tuple(State, d) if d[ROADS_TO_PLACE] else self._after_purchase(d)

    def _do_buy_wagon(self, state: State, action: A.BuyWagon) -> State:
        self._check_purchase_token(state, "W")
        slot = action.slot
        if slot not in (1, 2, 3, 4):
            raise IllegalAction(
                "P-BUY-1", f"there is no market slot {slot}; the slots are 1 to 4."
            )
        if state.market[slot - 1] is None:
            raise IllegalAction("P-BUY-8", f"market slot {slot} is empty.")
        me = state.active
        pl = state.players[me]
        spec = self.wagon_specs[state.market[slot - 1]]
        if pl.money < slot:
            raise IllegalAction(
                "P-BUY-1", f"slot {slot} costs ${slot} but you have only ${pl.money}."
            )
        if pl.supply < len(spec.seats):
            raise IllegalAction(
                "P-BUY-7",
                f"wagon {spec.id} has {len(spec.seats)} seats but you have only "
                f"{pl.supply} pioneers in your supply.",
            )
        pl = pl._replace(
            money=pl.money - slot,
            supply=pl.supply - len(spec.seats),
            wagons=pl.wagons + (self._full_wagon[spec.id],),
        )
        d: list[Any] = list(state)
        d[PLAYERS] = replace_at(d[PLAYERS], me, pl)
        market = d[MARKET]
        d[MARKET] = market[: slot - 1] + market[slot:] + (None,)
        if d[BANK] is not None:
            d[BANK] += slot
        d[ACTIONS_LEFT] -= 1
        d[USED] += ("W",)
        d[FORCED] = False
        d[ROUND_ACTIVE] = True
        if d[DECK] > 0:
            d[PHASE] = "reveal"
            d[SEAT] = CHANCE
            return new_tuple(State, d)
        return self._after_purchase(d)

    def _do_end_purchases(self, state: State, action: A.EndPurchases) -> State:
        if state.forced and state.actions_left > 0:
            raise IllegalAction(
                "P-BUY-9",
                "all your wagons are empty: you must buy a wagon before ending "
                "purchases.",
            )
        d: list[Any] = list(state)
        d[PHASE] = "move"
        d[SEAT] = d[ACTIVE]
        d[ACTIONS_LEFT] = 0
        return new_tuple(State, d)

    # movement and colonisation ---------------------------------------------------

    def _do_move(self, state: State, action: A.MoveCoach) -> State:
        me = state.active
        memo = getattr(state, MEMO, None)
        hit = memo[1].get(id(action)) if memo is not None and memo[0] == me else None
        if hit is not None and hit[0] is action:
            # The very move object listed for this very (immutable) state: it is
            # legal, so only its payments are worked out.
            received, to_bank = self._payments_on(state, hit[1], me)
            cost = action.cost
        else:
            cost, received, to_bank = self._walk(state, action.path, me)
            if action.cost != cost:
                raise IllegalAction(
                    "P-MOVE-2",
                    f"the route {'-'.join(action.path)} costs ${cost}, not "
                    f"${action.cost}.",
                )
        players = state.players
        received[me] -= cost
        if any(received):
            players = tuple(
                pl if not r else with_field(pl, P_MONEY, pl[P_MONEY] + r)
                for pl, r in zip(players, received, strict=False)
            )
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
        routes = self.cheapest_routes(state)
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
        occupied = occupied[:j] + (False,) + occupied[j + 1 :]
        if True in occupied:
            w = new_tuple(Wagon, (w[W_ID], seats, occupied, w[W_VP], True))
            pl = with_field(pl, P_WAGONS, wagons[:k] + (w,) + wagons[k + 1 :])
        else:  # P-WAGON-1: emptied: score its VP, turn it face down, take $1
            w = new_tuple(Wagon, (w[W_ID], seats, occupied, w[W_VP], False))
            pl = pl._replace(
                vp=pl[P_VP] + w[W_VP], wagons=wagons[:k] + (w,) + wagons[k + 1 :]
            )
            spec = self.wagon_specs.get(w[W_ID])
            pl, d[BANK], d[SHORTFALL] = payout(
                pl, spec.bonus if spec else 1, d[BANK], d[SHORTFALL]
            )
        d[PLAYERS] = players[:seat] + (pl,) + players[seat + 1 :]
        return seats[j]

    def _place_pioneer(self, d: list, city: int, seat: int) -> None:
        settled = d[SETTLED]
        row = settled[city]
        row = row[:seat] + (row[seat] + 1,) + row[seat + 1 :]
        d[SETTLED] = settled[:city] + (row,) + settled[city + 1 :]

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
        me, city = d[ACTIVE], d[CITY]
        d[JOIN_NEED] = self._take_pioneer(d, me, action.wagon, action.profession, rule)
        self._place_pioneer(d, city, me)
        tiles = d[TILES]
        d[TILES] = tiles[:city] + (None,) + tiles[city + 1 :]
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
        elif tile == "FARMER":  # P-TILE-8  # noqa: SIM102  (one branch per tile)
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
        return pl[P_MONEY] >= 2 and self._has_pioneer(pl[P_WAGONS], need)

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
        if state.players[seat].money < 2:
            raise IllegalAction("P-JOIN-2", "joining costs $2 and you have less.")
        d: list[Any] = list(state)
        self._take_pioneer(d, seat, action.wagon, d[JOIN_NEED], "P-JOIN-4")
        players = list(d[PLAYERS])
        players[seat] = with_field(
            players[seat], P_MONEY, players[seat][P_MONEY] - 2
        )  # P-JOIN-3
        players[me] = with_field(players[me], P_MONEY, players[me][P_MONEY] + 2)
        d[PLAYERS] = tuple(players)
        d[OFFER] = ()
        self._place_pioneer(d, d[CITY], seat)
        return self._end_turn(d)

    def _do_decline(self, state: State, action: A.Decline) -> State:
        return self._next_offer(list(state), state.offer)
