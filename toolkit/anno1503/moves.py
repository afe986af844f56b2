"""Applying one Anno 1503 action: a check that names the rule, then a pure update.

:func:`dispatch` sends each action class to a small ``_verb`` function.  Each
one first raises :class:`~toolkit.core.IllegalAction` with the rule ID and a
sentence a student can act on, then returns a new :class:`State`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.core import IllegalAction

from . import actions as A
from .constants import (
    HAND_LIMIT,
    NEXT_LEVEL,
    PIONEER_SETTLER_CARDS,
    TREASURE_GOLD,
    WOODEN_BRIDGES,
)
from .events import (
    EVENTS,
    advance,
    choice_options,
    event_queue,
    give,
    production_queue,
    removal_options,
    remove_card,
)
from .state import IslandCard, Player, State
from .tables import ANY, BACKS, GOODS

if TYPE_CHECKING:
    from .rules import Anno1503

PHASE_TEXT = {
    "first": "the roll for the starting player (a chance turn)",
    "roll": "the production roll (a chance turn)",
    "event": "the event roll (a chance turn)",
    "resolve": "production and events being resolved",
    "build": "phase 2 (placing, upgrading, buying and selling)",
    "sea": "phase 3 (ships moving and exploring)",
    "reveal": "an island card being turned over (a chance turn)",
    "look": "the decision about the explored island card",
    "raid": "the Big Branch Office drawing a card (a chance turn)",
    "discard": "the end-of-turn discard",
}


def _wrong_phase(s: State, a: A.Action, rule: str = "A-TURN-1") -> IllegalAction:
    return IllegalAction(
        rule, f"'{a}' is not possible now: it is {PHASE_TEXT[s.phase]}."
    )


def _set(s: State, seat: int, p: Player) -> State:
    players = list(s.players)
    players[seat] = p
    return s._replace(players=tuple(players))


def _pay(s: State, seat: int, cost: tuple[int, ...]) -> State:
    p = s.players[seat]
    hand = tuple(h - c for h, c in zip(p.hand, cost))
    supply = tuple(x + c for x, c in zip(s.supply, cost))  # A-TURN-4: back to the piles
    return _set(s, seat, p._replace(hand=hand))._replace(supply=supply)


def _cost_text(cost: tuple[int, ...]) -> str:
    return " + ".join(f"{n} {g}" for g, n in zip(GOODS, cost) if n)


def _check_cost(p: Player, cost: tuple[int, ...], rule: str, what: str) -> None:
    if any(h < c for h, c in zip(p.hand, cost)):
        raise IllegalAction(
            rule, f"{what} costs {_cost_text(cost)}; you do not hold that."
        )


def _good(a: A.Take | A.Buy | A.Discard | A.Steal) -> int:
    if a.good not in GOODS:
        raise IllegalAction(
            "A-COMP-2", f"{a.good!r} is not a good; goods are {', '.join(GOODS)}."
        )
    return GOODS.index(a.good)


# ---------------------------------------------------------------------- turn flow


def start_turn(s: State, seat: int) -> State:
    """A new turn for ``seat``: reset the once-per-turn flags; the production roll is next."""
    return s._replace(
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


def finish_turn(game: Anno1503, s: State) -> State:
    """After the hand limit: the end-of-turn win check (CONFLICT-4 variant), then the next seat."""
    if (
        game.options["victory_check"] == "end_of_turn"
        and game.count_conditions(s, s.active) >= 3
    ):
        return s._replace(phase="over", winner=s.active)
    limit = game.options["max_turns"]
    if limit is not None and s.turn >= limit:
        return s._replace(phase="over", winner=None)
    return start_turn(s, (s.active + 1) % game.players)  # A-SETUP-10: play passes left


def _first(game: Anno1503, s: State, a: A.First) -> State:
    if s.phase != "first":
        raise IllegalAction(
            "A-SETUP-10", "the starting player is decided once, before the first turn."
        )
    if not 0 <= a.seat < game.players:
        raise IllegalAction(
            "A-SETUP-10", f"there is no seat {a.seat} in a {game.players}-player game."
        )
    return start_turn(s, a.seat)


def _roll(game: Anno1503, s: State, a: A.Roll) -> State:
    if s.phase != "roll":
        raise _wrong_phase(s, a, "A-PROD-1")
    if not 1 <= a.face <= 6:
        raise IllegalAction("A-PROD-1", f"a die shows 1-6, not {a.face}.")
    if a.face == 6:  # A-PROD-5: no production; an event instead
        return s._replace(roll=6, phase="event")
    s = s._replace(roll=a.face)
    return advance(game, s._replace(queue=production_queue(game, s)))


def _event_roll(game: Anno1503, s: State, a: A.EventRoll) -> State:
    if s.phase != "event":
        raise _wrong_phase(s, a, "A-EVENT-1")
    if not 1 <= a.face <= 6:
        raise IllegalAction("A-EVENT-1", f"a die shows 1-6, not {a.face}.")
    event = EVENTS[a.face]
    s = s._replace(event=event)
    return advance(game, s._replace(queue=event_queue(game, s, event)))


def _take(game: Anno1503, s: State, a: A.Take) -> State:
    if s.phase != "resolve" or s.queue[0][0] not in ("produce", "golden"):
        raise _wrong_phase(s, a, "A-PROD-2")
    kind, seat = s.queue[0]
    g = _good(a)
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
    s = give(s, seat, g)
    return advance(game, s._replace(queue=s.queue[1:]))


def _remove(game: Anno1503, s: State, a: A.Remove) -> State:
    if s.phase != "resolve" or s.queue[0][0] != "pirates":
        raise _wrong_phase(s, a, "A-EVENT-2")
    seat = s.queue[0][1]
    if (a.bridge, a.contract) not in removal_options(
        s.players[seat], game.bridges[seat]
    ):
        raise IllegalAction("A-EVENT-2", f"seat {seat} has no island card at '{a}'.")
    s = remove_card(game, s._replace(queue=s.queue[1:]), seat, a.bridge, a.contract)
    return advance(game, s)


def _draw(game: Anno1503, s: State, a: A.Draw) -> State:
    if s.phase != "resolve" or s.queue[0][0] != "reserve":
        raise _wrong_phase(s, a, "A-EVENT-2")
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
    s = s._replace(
        reserve=tuple(reserve),
        reserve_known=tuple(known),
        islands=tuple(islands),
        queue=s.queue[1:],
    )
    return advance(game, s)


def _end_turn(game: Anno1503, s: State, a: A.EndTurn) -> State:
    if s.phase not in ("build", "sea"):
        raise _wrong_phase(s, a, "A-EXPL-2" if s.phase == "look" else "A-TURN-1")
    if sum(s.players[s.active].hand) > HAND_LIMIT:
        return s._replace(phase="discard", ap=(0, 0))
    return finish_turn(game, s)


def _discard(game: Anno1503, s: State, a: A.Discard) -> State:
    if s.phase != "discard":
        raise _wrong_phase(s, a, "A-HAND-1")
    g = _good(a)
    if not s.players[s.active].hand[g]:
        raise IllegalAction("A-HAND-1", f"you hold no {a.good} to discard.")
    cost = tuple(int(i == g) for i in range(len(GOODS)))
    s = _pay(s, s.active, cost)  # ASSUMPTION-24: back to the supply
    if sum(s.players[s.active].hand) <= HAND_LIMIT:
        return finish_turn(game, s)
    return s


# ---------------------------------------------------------------------- phase 2


def _phase2(s: State, a: A.Action) -> None:
    if s.phase in ("sea", "look", "reveal"):
        raise IllegalAction(
            "A-TURN-2", f"'{a}' belongs to phase 2, and phase 3 (ships) has begun."
        )
    if s.phase != "build":
        raise _wrong_phase(s, a)


def _build_ship(game: Anno1503, s: State, a: A.BuildShip) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if None not in p.ships:
        raise IllegalAction("A-BUILD-1", "both of your ships are already on the board.")
    _check_cost(p, game.cost_ship, "A-BUILD-1", "a ship")
    s = _pay(s, s.active, game.cost_ship)
    p = s.players[s.active]
    i = p.ships.index(None)
    ships = (game.start, p.ships[1]) if i == 0 else (p.ships[0], game.start)
    return _set(s, s.active, p._replace(ships=ships))


def _place_pioneer(game: Anno1503, s: State, a: A.PlacePioneer) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if (
        sum(1 for r in p.residents if r in ("PIONEER", "SETTLER"))
        >= PIONEER_SETTLER_CARDS
    ):
        raise IllegalAction(
            "A-UPG-5",
            "you have 4 Pioneers/Settlers on your island; upgrade a Settler to a Citizen first.",
        )
    space = len(p.residents) + 1
    if space > game.tables.spaces:
        raise IllegalAction(
            "A-PLACE-3", "every resident space on your island is taken."
        )
    _check_cost(p, game.cost_pioneer, "A-PLACE-1", "a Pioneer")
    if space in game.tables.slot_spaces:
        choices = game._placements(s, p)
        if not choices:
            raise IllegalAction(
                "A-PB-3",
                f"space {space} needs a public building and none is left that you may take.",
            )
        if not a.building:
            raise IllegalAction(
                "A-PB-1",
                f"space {space} has a building slot: choose one of {', '.join(choices)}.",
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
    s = _pay(s, s.active, game.cost_pioneer)
    p = s.players[s.active]
    p = p._replace(
        residents=(*p.residents, "PIONEER"), buildings=(*p.buildings, a.building)
    )
    s = _set(s, s.active, p)
    if a.building:
        display = list(s.display)
        display.remove(a.building)
        s = s._replace(display=tuple(display))
    return s


def _upgrade(game: Anno1503, s: State, a: A.Upgrade) -> State:
    _phase2(s, a)
    p = s.players[s.active]
    if not 1 <= a.space <= len(p.residents):
        raise IllegalAction(
            "A-PLACE-2",
            f"there is no resident on space {a.space}; only Pioneers enter play, by placing.",
        )
    level = p.residents[a.space - 1]
    problem = game._upgrade_problem(p, level, paid=True)
    if problem:
        raise IllegalAction(*problem)
    s = _pay(s, s.active, game.cost_upgrade[level])
    return _raise_level(s, s.active, a.space)


def _raise_level(s: State, seat: int, space: int) -> State:
    """Upgrade the resident on ``space`` one level; it keeps its space (A-UPG-4)."""
    p = s.players[seat]
    res = list(p.residents)
    res[space - 1] = NEXT_LEVEL[res[space - 1]]
    return _set(s, seat, p._replace(residents=tuple(res)))


def sale_value(game: Anno1503, p: Player, goods: tuple[int, ...]) -> int:
    """Gold for selling ``goods`` to ``p``'s residents (A-SELL-2 with School/Restaurant/Bath House)."""
    total = 0
    for g, n in enumerate(goods):
        if n:
            _, price, building, better = game.sale[g]
            total += n * (better if building in p.buildings else price)
    return total


def _sell(game: Anno1503, s: State, a: A.Sell) -> State:
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
                f"{n} card(s) for {resident.title()}s, but you have {have} and each takes {k} card(s).",
            )
    gold = sale_value(game, p, goods)
    s = _pay(s, s.active, goods)  # A-SELL-3: sold cards go back to the supply
    p = s.players[s.active]
    return _set(s, s.active, p._replace(gold=p.gold + gold))._replace(sold=True)


def _buy(game: Anno1503, s: State, a: A.Buy) -> State:
    _phase2(s, a)
    limit = game.options["max_purchases_per_turn"]
    if s.bought >= limit:
        raise IllegalAction(
            "A-BUY-1", f"you may buy {limit} goods card(s) per turn (CONFLICT-3)."
        )
    g = _good(a)
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
    return _set(s, s.active, p._replace(gold=p.gold - price))._replace(
        bought=s.bought + 1
    )


def _raid(game: Anno1503, s: State, a: A.Raid) -> State:
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
    return s._replace(phase="raid", target=a.target, raided=True)


def _steal(game: Anno1503, s: State, a: A.Steal) -> State:
    if s.phase != "raid":
        raise _wrong_phase(s, a, "A-PB-6")
    g = _good(a)
    victim = s.players[s.target]
    if not victim.hand[g]:
        raise IllegalAction("A-PB-6", f"seat {s.target} holds no {a.good}.")
    hand = list(victim.hand)
    hand[g] -= 1
    s = _set(s, s.target, victim._replace(hand=tuple(hand), gold=victim.gold + 2))
    p = s.players[s.active]
    hand = list(p.hand)
    hand[g] += 1
    s = _set(s, s.active, p._replace(hand=tuple(hand), gold=p.gold - 2))
    return s._replace(phase="build", target=-1)


# ---------------------------------------------------------------------- phase 3


def _ship(
    game: Anno1503, s: State, a: A.Sail | A.Explore
) -> tuple[int, tuple[int, int]]:
    if s.phase == "look":
        raise _wrong_phase(s, a, "A-EXPL-2")
    if s.phase not in ("build", "sea"):
        raise _wrong_phase(s, a)
    p = s.players[s.active]
    if a.ship not in (1, 2) or p.ships[a.ship - 1] is None:
        raise IllegalAction(
            "A-SHIP-2",
            f"ship {a.ship} is not on the board; only ships on the board act.",
        )
    return a.ship - 1, p.ships[a.ship - 1]  # type: ignore[return-value]


def _enter_sea(game: Anno1503, s: State) -> State:
    """Phase 3 begins: every ship on the board gets its full AP (A-SHIP-1/2, ASSUMPTION-17)."""
    if s.phase != "build":
        return s
    full = game.full_ap(s, s.active)
    ap = tuple(full if at is not None else 0 for at in s.players[s.active].ships)
    return s._replace(phase="sea", ap=ap)


def _sail(game: Anno1503, s: State, a: A.Sail) -> State:
    i, at = _ship(game, s, a)
    if a.to not in game.sea:
        raise IllegalAction(
            "A-SHIP-3", f"{a.to} is not a sea space; ships never enter islands."
        )
    d = game._dist[at][a.to]
    ap = game.ship_ap(s, s.active, i)
    if d == 0:
        raise IllegalAction("A-SHIP-3", f"ship {a.ship} is already at {a.to}.")
    if d > ap:
        raise IllegalAction(
            "A-SHIP-3",
            f"{a.to} is {d} steps away at 1 AP each; ship {a.ship} has {ap} AP left.",
        )
    s = _enter_sea(game, s)
    p = s.players[s.active]
    ships = list(p.ships)
    ships[i] = a.to
    aps = list(s.ap)
    aps[i] -= d
    return _set(s, s.active, p._replace(ships=tuple(ships)))._replace(ap=tuple(aps))


def _explore(game: Anno1503, s: State, a: A.Explore) -> State:
    i, at = _ship(game, s, a)
    idx = game.island_index.get(a.island)
    if idx is None:
        raise IllegalAction("A-EXPL-1", f"{a.island} is not an island space.")
    if a.island not in game.coast[at]:
        raise IllegalAction(
            "A-EXPL-1",
            f"ship {a.ship} at {at} is not orthogonally next to island {a.island} (ASSUMPTION-2).",
        )
    if game.ship_ap(s, s.active, i) < 1:
        raise IllegalAction(
            "A-EXPL-1", f"exploring costs 1 AP and ship {a.ship} has none left."
        )
    if not s.islands[idx]:
        raise IllegalAction(
            "A-EXPL-3", f"island {a.island} holds no card (ASSUMPTION-25)."
        )
    if idx in s.explored[i]:
        raise IllegalAction(
            "A-EXPL-2",
            f"ship {a.ship} already explored {a.island} this turn; it may explore another island.",
        )
    s = _enter_sea(game, s)
    aps = list(s.ap)
    aps[i] -= 1
    explored = list(s.explored)
    explored[i] = (*explored[i], idx)
    s = s._replace(ap=tuple(aps), explored=tuple(explored), looking=(i, idx))  # type: ignore[arg-type]
    top = s.islands[idx][-1]
    if (
        top.code[0] == "?"
    ):  # an undecided face: a chance turn decides it (deferred reveal)
        return s._replace(phase="reveal")
    return _set_top(s, idx, top._replace(seen=top.seen | (1 << s.active)))._replace(
        phase="look"
    )


def _set_top(s: State, idx: int, card: IslandCard | None) -> State:
    islands = list(s.islands)
    islands[idx] = islands[idx][:-1] + ((card,) if card is not None else ())
    return s._replace(islands=tuple(islands))


def _reveal(game: Anno1503, s: State, a: A.Reveal) -> State:
    if s.phase != "reveal":
        raise _wrong_phase(s, a, "A-EXPL-1")
    idx = s.looking[1]  # type: ignore[index]
    back = s.islands[idx][-1].back
    j = game.code_index.get(a.code)
    if j is None or not s.pool[j] or int(a.code[-1]) != back:
        raise IllegalAction(
            "A-EXPL-1", f"{a.code} cannot be the face of this card (back {back})."
        )
    pool = s.pool[:j] + (s.pool[j] - 1,) + s.pool[j + 1 :]
    s = _set_top(s._replace(pool=pool), idx, IslandCard(a.code, 1 << s.active))
    return s._replace(phase="look")


def _return(game: Anno1503, s: State, a: A.ReturnCard) -> State:
    if s.phase != "look":
        raise _wrong_phase(s, a, "A-EXPL-2")
    return s._replace(phase="sea", looking=None)


def _use(game: Anno1503, s: State, a: A.UseCard) -> State:
    if s.phase != "look":
        raise _wrong_phase(s, a, "A-EXPL-2")
    seat = s.active
    i, idx = s.looking  # type: ignore[misc]
    code = s.islands[idx][-1].code
    p = s.players[seat]
    if code.startswith("BO-"):
        p = _use_office(game, p, seat, a, code)
    elif code.startswith("TC"):
        if a.bridge or a.space:
            raise IllegalAction(
                "A-ISL-2",
                "a trade contract goes on the next free wooden bridge: 'use card'.",
            )
        if len(p.contracts) >= WOODEN_BRIDGES:
            raise IllegalAction(
                "A-ISL-2", "all 3 wooden bridges hold contracts; a 4th cannot be used."
            )
        p = p._replace(contracts=(*p.contracts, code))
    elif code.startswith("TG"):
        if a.bridge or a.space:
            raise IllegalAction("A-ISL-3", "a gold treasure is used as 'use card'.")
        p = p._replace(gold=p.gold + TREASURE_GOLD)
        s = s._replace(gone=tuple(sorted((*s.gone, code))))
    else:
        _check_treasure_upgrade(game, p, a)
        s = s._replace(gone=tuple(sorted((*s.gone, code))))
    ships = list(p.ships)
    ships[i] = None  # A-ISL-4: the ship goes back to the supply
    s = _set(s, seat, p._replace(ships=tuple(ships)))
    if code.startswith("TU"):
        s = _raise_level(s, seat, a.space)
    aps = list(s.ap)
    aps[i] = 0  # A-EXPL-2: its remaining AP are lost
    return _set_top(s, idx, None)._replace(ap=tuple(aps), phase="sea", looking=None)


def _use_office(
    game: Anno1503, p: Player, seat: int, a: A.UseCard, code: str
) -> Player:
    bridges = game.bridges[seat]
    if "" not in p.offices:
        raise IllegalAction(
            "A-ISL-1",
            "all 4 stone bridges hold branch offices; a 5th cannot be used or swapped.",
        )
    if a.bridge not in bridges:
        free = ", ".join(str(b) for b, o in zip(bridges, p.offices) if not o)
        raise IllegalAction(
            "A-ISL-1", f"a branch office goes on a free stone bridge: {free}."
        )
    j = bridges.index(a.bridge)
    if p.offices[j]:
        raise IllegalAction(
            "A-ISL-1", f"stone bridge {a.bridge} already holds a branch office."
        )
    return p._replace(offices=p.offices[:j] + (code,) + p.offices[j + 1 :])


def _check_treasure_upgrade(game: Anno1503, p: Player, a: A.UseCard) -> None:
    if a.bridge or not 1 <= a.space <= len(p.residents):
        raise IllegalAction(
            "A-ISL-3",
            "an upgrade treasure names the resident space to upgrade: 'use card space 2'.",
        )
    problem = game._upgrade_problem(p, p.residents[a.space - 1], paid=False)
    if problem:
        raise IllegalAction("A-ISL-3", f"{problem[1]} (ASSUMPTION-19).")


_HANDLERS = {
    A.First: _first,
    A.Roll: _roll,
    A.EventRoll: _event_roll,
    A.Take: _take,
    A.Remove: _remove,
    A.Draw: _draw,
    A.BuildShip: _build_ship,
    A.PlacePioneer: _place_pioneer,
    A.Upgrade: _upgrade,
    A.Sell: _sell,
    A.Buy: _buy,
    A.Raid: _raid,
    A.Steal: _steal,
    A.Sail: _sail,
    A.Explore: _explore,
    A.Reveal: _reveal,
    A.ReturnCard: _return,
    A.UseCard: _use,
    A.EndTurn: _end_turn,
    A.Discard: _discard,
}


def dispatch(game: Anno1503, s: State, a: A.Action) -> State:
    """Check ``a`` against the rules and return the state after it."""
    handler = _HANDLERS.get(type(a))
    if handler is None:
        raise IllegalAction("A-TURN-1", f"{a!r} is not an Anno 1503 action.")
    return handler(game, s, a)  # type: ignore[operator]


__all__ = ["dispatch", "finish_turn", "sale_value", "start_turn"]
