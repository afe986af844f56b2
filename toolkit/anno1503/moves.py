"""Applying one Anno 1503 action: a check that names the rule, then a pure update.

:func:`dispatch` sends each action class to a small ``_verb`` function (phase 3
ones live in :mod:`.voyage`).  Each one first raises
:class:`~toolkit.core.IllegalAction` with the rule ID and a sentence a student
can act on, then returns a new :class:`State`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.core import IllegalAction

from . import actions as A
from . import voyage
from .common import (
    check_cost,
    good_index,
    new_player,
    new_state,
    pay,
    raise_level,
    set_player,
    with_player,
    wrong_phase,
)
from .constants import PIONEER_SETTLER_CARDS
from .events import (
    EVENTS,
    advance,
    choice_options,
    event_queue,
    give,
    may_decline,
    production_queue,
    removal_options,
    remove_card,
)
from .state import IslandCard, Player, State
from .tables import ANY, BACKS, GOODS

if TYPE_CHECKING:
    from .base import Anno1503Base

# ---------------------------------------------------------------------- turn flow


def start_turn(s: State, seat: int) -> State:
    """Return a new turn for ``seat``: reset the once-per-turn flags.

    The production roll is next. The fields of a turn (queue, roll, event, AP,
    explored islands, the once-per-turn flags, the raid target) take the
    State's defaults (one copy: the compiled ``new_state``, where ``State(...)``
    runs the named tuple's interpreted ``__new__``).
    """
    return new_state(
        s,
        active=seat,
        turn=s.turn + 1,
        phase="roll",
        queue=(),
        roll=0,
        event="",
        ap=(0, 0),
        explored=((), ()),
        looking=None,
        sold=False,
        bought=0,
        raided=False,
        target=-1,
    )


def finish_turn(game: Anno1503Base, s: State) -> State:
    """After the hand limit.

    The end-of-turn win check (CONFLICT-4 variant), then the next seat.
    """
    if (
        game.options["victory_check"] == "end_of_turn"
        and game.count_conditions(s, s.active) >= game.conditions_to_win
    ):
        return new_state(s, phase="over", winner=s.active)
    limit = game.options["max_turns"]
    if limit is not None and s.turn >= limit:
        return new_state(s, phase="over", winner=None)
    return start_turn(s, (s.active + 1) % game.players)  # A-SETUP-10: play passes left


def _first(game: Anno1503Base, s: State, a: A.First) -> State:
    if s.phase != "first":
        raise IllegalAction(
            "A-SETUP-10", "the starting player is decided once, before the first turn."
        )
    if not 0 <= a.seat < game.players:
        raise IllegalAction(
            "A-SETUP-10", f"there is no seat {a.seat} in a {game.players}-player game."
        )
    return start_turn(s, a.seat)


def _roll(game: Anno1503Base, s: State, a: A.Roll) -> State:
    if s.phase != "roll":
        raise wrong_phase(s, a, "A-PROD-1")
    if not 1 <= a.face <= 6:
        raise IllegalAction("A-PROD-1", f"a die shows 1-6, not {a.face}.")
    if a.face == 6:  # A-PROD-5: no production; an event instead
        return new_state(s, roll=6, phase="event")
    # (the queue depends on the active seat only: one copy with the roll)
    return advance(game, new_state(s, roll=a.face, queue=production_queue(game, s)))


def _event_roll(game: Anno1503Base, s: State, a: A.EventRoll) -> State:
    if s.phase != "event":
        raise wrong_phase(s, a, "A-EVENT-1")
    if not 1 <= a.face <= 6:
        raise IllegalAction("A-EVENT-1", f"a die shows 1-6, not {a.face}.")
    event = EVENTS[a.face]
    # (the queue depends on the seats and buildings only: one copy with the event)
    return advance(game, new_state(s, event=event, queue=event_queue(game, s, event)))


def _take(game: Anno1503Base, s: State, a: A.Take) -> State:
    if s.phase != "resolve" or s.queue[0][0] not in ("produce", "golden"):
        raise wrong_phase(s, a, "A-PROD-2")
    kind, seat = s.queue[0]
    g = good_index(a)
    if g not in choice_options(game, s):
        if s.supply[g] == 0:
            raise IllegalAction(
                "A-COMP-2", f"the {a.good} pile is empty (ASSUMPTION-13)."
            )
        if kind == "golden":
            raise IllegalAction(
                "A-EVENT-4", f"Golden Age: choose a good from a pile, not {a.good}."
            )
        face = game.production[seat][s.roll - 1]
        rule = "A-PROD-3" if face == ANY else "A-PROD-4"
        opts = " or ".join(GOODS[x] for x in choice_options(game, s))
        raise IllegalAction(
            rule, f"on a roll of {s.roll} seat {seat} takes {opts}, not {a.good}."
        )
    return advance(game, give(s, seat, g, queue=s.queue[1:]))


def _take_nothing(game: Anno1503Base, s: State, a: A.TakeNothing) -> State:
    if s.phase != "resolve" or s.queue[0][0] not in ("produce", "golden"):
        raise wrong_phase(s, a, "A-PROD-2")
    if not may_decline(game, s):
        seat = s.queue[0][1]
        face = game.production[seat][s.roll - 1]
        raise IllegalAction(
            "A-PROD-4",
            f"on a roll of {s.roll} seat {seat} takes {face} or the good of its "
            "branch office: only a '?' face and the Golden Age may be declined.",
        )
    return advance(game, new_state(s, queue=s.queue[1:]))


def _remove(game: Anno1503Base, s: State, a: A.Remove) -> State:
    if s.phase != "resolve" or s.queue[0][0] != "pirates":
        raise wrong_phase(s, a, "A-EVENT-2")
    seat = s.queue[0][1]
    if (a.bridge, a.contract) not in removal_options(
        s.players[seat], game.bridges[seat]
    ):
        raise IllegalAction("A-EVENT-2", f"seat {seat} has no island card at '{a}'.")
    s = remove_card(game, new_state(s, queue=s.queue[1:]), seat, a.bridge, a.contract)
    return advance(game, s)


def _draw(game: Anno1503Base, s: State, a: A.Draw) -> State:
    if s.phase != "resolve" or s.queue[0][0] != "reserve":
        raise wrong_phase(s, a, "A-EVENT-2")
    reserve, known = list(s.reserve), list(s.reserve_known)
    if a.code.startswith("?"):
        b = BACKS.index(int(a.code[-1]))
        if not reserve[b]:
            raise IllegalAction(
                "A-EVENT-2",
                f"the reserve holds no unknown card with back {a.code[-1]}.",
            )
        reserve[b] -= 1
        card = IslandCard(a.code)
    else:
        if a.code not in known:
            raise IllegalAction("A-EVENT-2", f"{a.code} is not in the reserve.")
        known.remove(a.code)
        card = IslandCard(a.code)
    idx = game.island_index[
        game.farthest_island(s)
    ]  # ASSUMPTION-3, -6: on top of the stack
    islands = list(s.islands)
    islands[idx] = (*islands[idx], card)
    s = new_state(
        s,
        reserve=tuple(reserve),
        reserve_known=tuple(known),
        islands=tuple(islands),
        queue=s.queue[1:],
    )
    return advance(game, s)


def _end_turn(game: Anno1503Base, s: State, a: A.EndTurn) -> State:
    if s.phase not in ("build", "sea"):
        raise wrong_phase(s, a, "A-EXPL-2" if s.phase == "look" else "A-TURN-1")
    if sum(s.players[s.active].hand) > game.hand_limit:
        return new_state(s, phase="discard", ap=(0, 0))
    return finish_turn(game, s)


def _discard(game: Anno1503Base, s: State, a: A.Discard) -> State:
    if s.phase != "discard":
        raise wrong_phase(s, a, "A-HAND-1")
    g = good_index(a)
    if not s.players[s.active].hand[g]:
        raise IllegalAction("A-HAND-1", f"you hold no {a.good} to discard.")
    s = give(s, s.active, g, -1)  # ASSUMPTION-24: back to the supply
    if sum(s.players[s.active].hand) <= game.hand_limit:
        return finish_turn(game, s)
    return s


# ---------------------------------------------------------------------- phase 2


def _phase2(s: State, a: A.Action) -> None:
    if s.phase in ("sea", "look", "reveal"):
        raise IllegalAction(
            "A-TURN-2", f"'{a}' belongs to phase 2, and phase 3 (ships) has begun."
        )
    if s.phase != "build":
        raise wrong_phase(s, a)


def _build_ship(game: Anno1503Base, s: State, a: A.BuildShip) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if None not in p.ships:
        raise IllegalAction("A-BUILD-1", "both of your ships are already on the board.")
    check_cost(p, game.cost_ship, "A-BUILD-1", "a ship")
    s = pay(s, s.active, game.cost_ship)
    p = s.players[s.active]
    i = p.ships.index(None)
    ships = (game.start, p.ships[1]) if i == 0 else (p.ships[0], game.start)
    return set_player(s, s.active, new_player(p, ships=ships))


def _place_pioneer(game: Anno1503Base, s: State, a: A.PlacePioneer) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if (
        sum(1 for r in p.residents if r in ("PIONEER", "SETTLER"))
        >= PIONEER_SETTLER_CARDS
    ):
        raise IllegalAction(
            "A-UPG-5",
            "you have 4 Pioneers/Settlers on your island; upgrade a Settler to a "
            "Citizen first.",
        )
    space = len(p.residents) + 1
    if space > game.tables.spaces:
        raise IllegalAction(
            "A-PLACE-3", "every resident space on your island is taken."
        )
    check_cost(p, game.cost_pioneer, "A-PLACE-1", "a Pioneer")
    if space in game.tables.slot_spaces:
        choices = game._placements(s, p)
        if not choices:
            raise IllegalAction(
                "A-PB-3",
                f"space {space} needs a public building and none is left that you may "
                "take.",
            )
        if not a.building:
            raise IllegalAction(
                "A-PB-1",
                f"space {space} has a building slot: choose one of "
                f"{', '.join(choices)}.",
            )
        if a.building in p.buildings:
            raise IllegalAction(
                "A-PB-2", f"you already own a {a.building}; buildings must differ."
            )
        if a.building not in s.display:
            raise IllegalAction(
                "A-PB-1",
                f"{a.building} is not on display; choose one of {', '.join(choices)}.",
            )
    elif a.building:
        raise IllegalAction(
            "A-PB-1",
            f"space {space} has no building slot; place the Pioneer without one.",
        )
    s = pay(s, s.active, game.cost_pioneer)
    p = s.players[s.active]
    p = new_player(
        p, residents=(*p.residents, "PIONEER"), buildings=(*p.buildings, a.building)
    )
    s = set_player(s, s.active, p)
    if a.building:
        display = list(s.display)
        display.remove(a.building)
        s = new_state(s, display=tuple(display))
    return s


def _upgrade(game: Anno1503Base, s: State, a: A.Upgrade) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if not 1 <= a.space <= len(p.residents):
        raise IllegalAction(
            "A-PLACE-2",
            f"there is no resident on space {a.space}; only Pioneers enter play, by "
            "placing.",
        )
    level = p.residents[a.space - 1]
    problem = game._upgrade_problem(p, level, paid=True)
    if problem:
        raise IllegalAction(*problem)
    s = pay(s, s.active, game.cost_upgrade[level])
    return raise_level(s, s.active, a.space)


def sale_value(game: Anno1503Base, p: Player, goods: tuple[int, ...]) -> int:
    """Return the gold for selling ``goods`` to ``p``'s residents (A-SELL-2).

    School, Restaurant and Bath House included.
    """
    total = 0
    for g, n in enumerate(goods):
        if n:
            _, price, building, better = game.sale[g]
            total += n * (better if building in p.buildings else price)
    return total


def _sell(game: Anno1503Base, s: State, a: A.Sell) -> State:
    _phase2(s, a)
    if s.sold:
        raise IllegalAction(
            "A-SELL-1", "you have already made your one sale action this turn."
        )
    p = s.players[s.active]
    goods = a.goods
    if len(goods) != len(GOODS) or any(n < 0 for n in goods) or not any(goods):
        raise IllegalAction("A-SELL-1", "a sale sells at least one goods card.")
    for g, n in enumerate(goods):
        if n > p.hand[g]:
            raise IllegalAction(
                "A-SELL-1", f"you hold {p.hand[g]} {GOODS[g]}, not {n}."
            )
    k = game.options["sale_cards_per_resident"]
    buyers = {"PIONEER": 0, "SETTLER": 0, "CITIZEN": 0, "MERCHANT": 0}
    for g, n in enumerate(goods):
        buyers[game.sale[g][0]] += n
    for resident, n in buyers.items():
        have = p.residents.count(resident)
        if n > have * k:
            raise IllegalAction(
                "A-SELL-2",
                f"{n} card(s) for {resident.title()}s, but you have {have} and each "
                f"takes {k} card(s).",
            )
    gold = sale_value(game, p, goods)
    s = pay(s, s.active, goods)  # A-SELL-3: sold cards go back to the supply
    p = s.players[s.active]
    players = with_player(s, s.active, new_player(p, gold=p.gold + gold))
    return new_state(s, players=players, sold=True)


def _buy(game: Anno1503Base, s: State, a: A.Buy) -> State:
    _phase2(s, a)
    limit = game.options["max_purchases_per_turn"]
    if s.bought >= limit:
        raise IllegalAction(
            "A-BUY-1", f"you may buy {limit} goods card(s) per turn (CONFLICT-3)."
        )
    g = good_index(a)
    if not s.supply[g]:
        raise IllegalAction("A-BUY-1", f"the {a.good} pile is empty (ASSUMPTION-13).")
    price = game.buy_price(s, s.active)
    p = s.players[s.active]
    if p.gold < price:
        raise IllegalAction(
            "A-BUY-2", f"a goods card costs you {price} gold and you have {p.gold}."
        )
    s = give(s, s.active, g)
    p = s.players[s.active]
    players = with_player(s, s.active, new_player(p, gold=p.gold - price))
    return new_state(s, players=players, bought=s.bought + 1)


def _raid(game: Anno1503Base, s: State, a: A.Raid) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if "BIG_BRANCH_OFFICE" not in p.buildings:
        raise IllegalAction(
            "A-PB-6", "only the owner of the Big Branch Office may take a card."
        )
    if s.raided:
        raise IllegalAction(
            "A-PB-6", "the Big Branch Office is used at most once per turn."
        )
    if p.gold < 2:
        raise IllegalAction("A-PB-6", "you need 2 gold to pay for the card.")
    if a.target == s.active or not 0 <= a.target < game.players:
        raise IllegalAction("A-PB-6", "choose another player's seat.")
    if not any(s.players[a.target].hand):
        raise IllegalAction("A-PB-6", f"seat {a.target} holds no goods cards.")
    return new_state(s, phase="raid", target=a.target, raided=True)


def _steal(game: Anno1503Base, s: State, a: A.Steal) -> State:
    if s.phase != "raid":
        raise wrong_phase(s, a, "A-PB-6")
    g = good_index(a)
    victim = s.players[s.target]
    if not victim.hand[g]:
        raise IllegalAction("A-PB-6", f"seat {s.target} holds no {a.good}.")
    hand = list(victim.hand)
    hand[g] -= 1
    s = set_player(
        s, s.target, new_player(victim, hand=tuple(hand), gold=victim.gold + 2)
    )
    p = s.players[s.active]
    hand = list(p.hand)
    hand[g] += 1
    s = set_player(s, s.active, new_player(p, hand=tuple(hand), gold=p.gold - 2))
    return new_state(s, phase="build", target=-1)


_HANDLERS = {
    A.First: _first,
    A.Roll: _roll,
    A.EventRoll: _event_roll,
    A.Take: _take,
    A.TakeNothing: _take_nothing,
    A.Remove: _remove,
    A.Draw: _draw,
    A.BuildShip: _build_ship,
    A.PlacePioneer: _place_pioneer,
    A.Upgrade: _upgrade,
    A.Sell: _sell,
    A.Buy: _buy,
    A.Raid: _raid,
    A.Steal: _steal,
    **voyage.HANDLERS,
    A.EndTurn: _end_turn,
    A.Discard: _discard,
}


def dispatch(game: Anno1503Base, s: State, a: A.Action) -> State:
    """Check ``a`` against the rules and return the state after it."""
    # the most frequent kinds called directly (native calls when compiled;
    # a handler from the table is called as a Python object)
    kind = type(a)
    if kind is A.Discard:
        return _discard(game, s, a)  # type: ignore[arg-type]
    if kind is A.Sail:
        return voyage._sail(game, s, a)  # type: ignore[arg-type]
    if kind is A.Take:
        return _take(game, s, a)  # type: ignore[arg-type]
    if kind is A.Roll:
        return _roll(game, s, a)  # type: ignore[arg-type]
    if kind is A.EndTurn:
        return _end_turn(game, s, a)  # type: ignore[arg-type]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction("A-TURN-1", f"{a!r} is not an Anno 1503 action.")
    return handler(game, s, a)  # type: ignore[operator]


__all__ = ["dispatch", "finish_turn", "sale_value", "start_turn"]
