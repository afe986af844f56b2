"""The Pioneers turn: income, purchases and the end of a turn (P-INC, P-BUY, P-TURNEND).

:class:`Turns` holds the steps of a turn and the handlers of the purchase
phase; :class:`~toolkit.pioneers.settling.Settling` adds the stagecoach,
settling and joining. The steps work on a draft list ``d`` (see
:mod:`toolkit.pioneers.fields`) and return the next state.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, IllegalAction

from . import actions as A
from .coach import Coach
from .fields import (
    ACTIONS_LEFT,
    ACTIVE,
    BANK,
    CITY,
    DECK,
    END_TRIGGERED,
    EXTRAS_LEFT,
    FORCED,
    JOIN_NEED,
    MARKET,
    OFFER,
    P_BANKERS,
    P_MERCHANTS,
    P_MONEY,
    P_ROADS_LEFT,
    P_SUPPLY,
    P_WAGONS,
    PHASE,
    PLAYERS,
    ROAD_OWNERS,
    ROADS_TO_PLACE,
    ROUND,
    ROUND_ACTIVE,
    SEAT,
    SHORTFALL,
    START_PLAYER,
    TILE,
    TILES,
    USED,
    W_FACE_UP,
    new_tuple,
    replace_at,
    with_money,
    with_roads_left,
)
from .state import PlayerState, State

_ROAD_SPACE: Final = {1: "R1", 2: "R2"}


@mypyc_attr(allow_interpreted_subclasses=True)
class Turns(Coach):
    """The decisions of a turn and the steps between them."""

    # turn structure ------------------------------------------------------------

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
        amount = self._income + (bankers if bankers < 2 else 2)
        bank = d[BANK]
        if bank is not None:
            paid = amount if amount <= bank else bank
            d[BANK] = bank - paid
            d[SHORTFALL] += amount - paid
            amount = paid
        pl = with_money(pl, pl[P_MONEY] + amount)
        if forced and not self._buyable_slots(d[MARKET], pl):
            forced = False  # ASSUMPTION-12: the obligation lapses
        merchants = pl[P_MERCHANTS]
        d[PLAYERS] = replace_at(players, seat, pl)
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
        price = self._road1 if n == 1 else self._road2
        if pl.money < price:
            raise IllegalAction(
                "P-BUY-1", f"R{n} costs ${price} but you have only ${pl.money}."
            )
        d: list[Any] = list(state)
        d[PLAYERS] = replace_at(d[PLAYERS], me, with_money(pl, pl.money - price))
        if d[BANK] is not None:
            d[BANK] += price
        d[ACTIONS_LEFT] -= 1
        d[USED] += (_ROAD_SPACE[n],)
        d[ROADS_TO_PLACE] = n
        d[PHASE] = "road"
        d[ROUND_ACTIVE] = True
        return new_tuple(State, d)

    def _edge(self, a: str, b: str, rule: str) -> int:
        # Board.edge_of's look-ups, here: compiled, not a call of an interpreted method
        board = self.board
        ia, ib = board.index.get(a), board.index.get(b)
        e = None if ia is None or ib is None else board.edge_index.get((ia, ib))
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
        d[PLAYERS] = replace_at(players, seat, with_roads_left(pl, left))
        roads: tuple[tuple[int, ...], ...] = d[ROAD_OWNERS]
        d[ROAD_OWNERS] = replace_at(roads, e, roads[e] + (seat,))
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
        p: list[Any] = list(pl)  # a draft of the player (not _replace: see payout)
        p[P_MONEY] -= slot
        p[P_SUPPLY] -= len(spec.seats)
        p[P_WAGONS] += (self._full_wagon[spec.id],)
        d: list[Any] = list(state)
        d[PLAYERS] = replace_at(d[PLAYERS], me, new_tuple(PlayerState, p))
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
