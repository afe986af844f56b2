"""Anno 1503 knowledge for the bots: evaluation, greedy value, determinisation.

Hidden information in Anno 1503 is only the faces of island cards a seat has
not looked at. ``game.observe(state, seat)`` already turns every such card into
a face-down ``?/b`` card and puts its face back into the undecided pool, so the
observation *is* a valid state whose hidden faces are drawn by chance turns:
:func:`determinize` returns it unchanged, and a bot that explores an island
averages over the faces that seat cannot rule out.

The evaluation (:func:`evaluate_terms`) scores one seat's position in points
(about one point per gold). It is what the greedy bot maximises. Terms:

``won``
    the game is over: ``WIN`` for the winner, ``-WIN`` for the others.
``conditions``
    the five victory conditions (A-WIN-1) as progress fractions (30 gold,
    4 branch offices, 3 contracts, 4 public buildings, 3 Merchants), sorted:
    the three closest count ``TOP_WEIGHT`` each, the other two ``REST_WEIGHT``
    (3 of 5 are needed, A-WIN-3), plus ``MET_BONUS`` per condition met.
``residents``
    each resident by level (``LEVEL_VALUE``: what it is worth on the way to
    Citizens and Merchants and as a buyer in sales), plus a little for what
    each public building does (``BUILDING_BONUS``).
``goods``
    the hand (:func:`hand_value`): cards are put aside for *projects*, the
    upgrades, Pioneer and ship the island can still make (A-UPG, A-PLACE,
    A-BUILD), best value per card first; a project whose cost is covered to a
    fraction f holds ``SHARE x value x f**FOCUS`` (so finishing one beats
    starting several, and building it gains the rest). Cards no project needs
    count what selling them would add (:func:`gold_points`, ``SOLD`` of it), or
    ``IDLE``. Each card above the hand limit of 5 (A-HAND-1) costs ``OVER_LIMIT``
    (only for the active seat from its phase 2 on: earlier the card can still be
    used or discarded, so a free good is never declined for the limit).
``production``
    the production odds (as :func:`toolkit.anno1503.production_odds`): each
    die face 1-5 offers a good with chance 1/6 (the better of two with a branch
    office, A-PROD-4; the best one on "?"), valued as one more card in hand,
    times ``INCOME_ROLLS`` rolls to come.
``ships``
    each ship at sea: ``SHIP_BASE`` plus up to ``SHIP_NEAR`` the closer it is
    to an island whose top card the seat has not seen (breadth-first sea
    distances on the game's grid graph), so sailing pays off step by step.
``gold``
    ``GOLD_VALUE`` per gold up to 6 above the target, ``GOLD_SURPLUS`` beyond:
    gold buys goods and pays for Pirates and Fire, but hoarding wins nothing.

The greedy bot looks one decision ahead from the seat's own observation and
also resolves what follows at once in the same turn: the face of an explored
card (averaged over the faces the seat cannot rule out), then its own choice to
use or return it, and the card the Big Branch Office draws. Its value is own
points minus a quarter of the other seats' mean (:func:`greedy`).

The shared bots (:mod:`toolkit.agents`) find the hooks here by name:
``determinize``, ``evaluate``, ``greedy`` and ``policy``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE

__all__ = [
    "determinize",
    "evaluate",
    "evaluate_terms",
    "greedy",
    "hand_value",
    "island_distances",
    "policy",
]

GOODS = ("STONE", "WOOD", "TOOLS", "CLOTH", "SPICE", "TOBACCO")
STONE, WOOD, TOOLS, CLOTH, SPICE, TOBACCO = range(6)

WIN = 10_000.0
TOP_WEIGHT = 30.0
REST_WEIGHT = 12.0
MET_BONUS = 8.0
LEVEL_VALUE = {"PIONEER": 4.0, "SETTLER": 9.0, "CITIZEN": 17.0, "MERCHANT": 28.0}
SHARE = 0.6  # a project's value held by the goods put aside for it, when complete
FOCUS = 1.3  # > 1: finishing one project beats starting several
SOLD = 0.8  # share of their sale value that goods nobody needs are worth
SHIP_PROJECT = 5.0
IDLE = 0.4
OVER_LIMIT = 2.0  # points lost per card above the hand limit
HAND_LIMIT = 5  # the rulebook's (A-HAND-1); the bots read the game's hand_limit
INCOME_ROLLS = 6.0
SHIP_BASE = 1.5
SHIP_NEAR = 3.0
GOLD_VALUE = 0.5  # per gold up to GOLD_SPARE above 30 ...
GOLD_SPARE = 6
GOLD_SURPLUS = 0.15  # ... and per gold beyond
OTHERS = 0.25
VICTORY = (30, 4, 3, 4, 3)  # V-GOLD, V-BRANCH, V-CONTRACT, V-BUILDING, V-MERCHANT
#: Small extras for what a public building does (A-PB-5), on top of its progress.
BUILDING_BONUS = {
    "BIG_BRANCH_OFFICE": 1.0,
    "FIRE_BRIGADE": 2.0,
    "SMITHY": 1.5,
    "CHURCH": 1.5,
    "SCHOOL": 1.5,
    "BATH_HOUSE": 1.5,
    "RESTAURANT": 2.0,
    "SHIPYARD": 2.5,
}


# ----- hidden information -------------------------------------------------------


def determinize(game: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """Return the observation itself: hidden faces are already chance outcomes.

    ``game.observe`` replaces each card ``seat`` has not seen by a face-down
    ``?/b`` card and returns its face to the undecided pool, so exploring it
    draws the face from exactly the cards ``seat`` cannot account for.
    """
    return view


# ----- evaluation ---------------------------------------------------------------


def _progress(p: Any) -> tuple[int, int, int, int, int]:
    return (
        p.gold,
        sum(1 for o in p.offices if o),
        len(p.contracts),
        sum(1 for b in p.buildings if b),
        p.residents.count("MERCHANT"),
    )


def _sale_values(game: Any, p: Any) -> list[float]:
    """What one card of each good sells for to this island's residents (0: no buyer)."""
    out = []
    for g in range(6):
        resident, price, building, better = game.sale[g]
        if resident in p.residents:
            out.append(float(better if building in p.buildings else price))
        else:
            out.append(0.0)
    return out


def _projects(game: Any, p: Any, place: float) -> list[tuple[float, tuple[int, ...]]]:
    """What the island can turn goods into, as ``(value, cost)``, best per card first.

    Upgrades (A-UPG-1..3, a Citizen/Merchant card must be free for a Citizen),
    a Pioneer (A-PLACE-1, worth ``place``; 0 when none can be placed) and a
    ship from the supply (A-BUILD-1).
    """
    res = p.residents
    cit = res.count("CITIZEN")
    free_upper = max(0, 3 - cit - res.count("MERCHANT"))
    merchant = TOP_WEIGHT / VICTORY[4]
    out = []
    for _ in range(res.count("PIONEER")):
        gain = LEVEL_VALUE["SETTLER"] - LEVEL_VALUE["PIONEER"]
        out.append((gain, game.cost_upgrade["PIONEER"]))
    for _ in range(min(res.count("SETTLER"), free_upper)):
        gain = LEVEL_VALUE["CITIZEN"] - LEVEL_VALUE["SETTLER"]
        out.append((gain, game.cost_upgrade["SETTLER"]))
    for _ in range(cit):
        gain = LEVEL_VALUE["MERCHANT"] - LEVEL_VALUE["CITIZEN"] + merchant
        out.append((gain, game.cost_upgrade["CITIZEN"]))
    if place > 0:
        out.append((place, game.cost_pioneer))
    if None in p.ships:
        out.append((SHIP_PROJECT, game.cost_ship))
    out.sort(key=lambda vc: -vc[0] / sum(vc[1]))
    return out


def hand_value(game: Any, p: Any, place: float) -> float:
    """The goods in hand, put aside for projects first (see :func:`_projects`).

    Cards are given to the projects in order; a project whose cost is covered
    to a fraction ``f`` is worth ``SHARE x value x f**FOCUS`` (finishing one
    project beats starting several). Cards no project needs are worth what a
    resident pays for them (in points: :func:`gold_points`), at least ``IDLE``.
    Each card above the hand limit costs ``OVER_LIMIT``.
    """
    cache = _cache(game, "hand")
    key = (p.hand, p.residents, p.buildings, None in p.ships, place, p.gold)
    hit = cache.get(key)
    if hit is not None:
        return hit
    left = list(p.hand)
    total = 0.0
    for value, cost in _projects(game, p, place):
        need = sum(cost)
        got = 0
        for g, k in enumerate(cost):
            if k:
                take = min(k, left[g])
                left[g] -= take
                got += take
        if got:
            total += SHARE * value * (got / need) ** FOCUS
    sale = _sale_values(game, p)
    gold = 0.0
    for g, k in enumerate(left):
        if k and sale[g]:
            gold += k * sale[g]
        elif k:
            total += k * IDLE
    if gold:  # what selling them would add, a little less (one sale a turn)
        target = game.gold_to_win
        total += SOLD * (
            gold_points(p.gold + gold, target) - gold_points(p.gold, target)
        )
    total -= OVER_LIMIT * max(0, sum(p.hand) - game.hand_limit)
    if len(cache) > CACHE_SIZE:
        cache.clear()
    cache[key] = total
    return total


#: id(game) -> (game, its memos), the games used last (the compiled game class
#: cannot be weakly referenced, so the memos of the oldest game are dropped).
_CACHES: dict[int, tuple[Any, dict]] = {}
CACHE_SIZE = 200_000
CACHED_GAMES = 2


def _cache(game: Any, kind: str) -> dict:
    """A per-game memo: values depend on the game's tables and options only.

    Kept for the last :data:`CACHED_GAMES` game objects (a memo only saves
    work: dropping one changes no result).
    """
    entry = _CACHES.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_CACHES) >= CACHED_GAMES:
            del _CACHES[next(iter(_CACHES))]  # the oldest
        entry = _CACHES[id(game)] = (game, {})
    return entry[1].setdefault(kind, {})


def gold_points(gold: float, target: int = VICTORY[0]) -> float:
    """Points for ``gold``: progress to ``target`` (the game's ``gold_to_win``,
    30 by the rulebook), a reserve above it, then little.
    """
    spare = target + GOLD_SPARE
    return (
        TOP_WEIGHT * min(gold, target) / target
        + MET_BONUS * (gold >= target)
        + GOLD_VALUE * min(gold, spare)
        + GOLD_SURPLUS * max(0.0, gold - spare)
    )


def _place_value(game: Any, state: Any, p: Any) -> float:
    """What placing one more Pioneer is worth now (0 if it cannot be placed)."""
    space = len(p.residents) + 1
    if space > game.tables.spaces:
        return 0.0
    if sum(1 for r in p.residents if r in ("PIONEER", "SETTLER")) >= 4:
        return 0.0
    value = LEVEL_VALUE["PIONEER"]
    if space in game.tables.slot_spaces:
        free = [b for b in state.display if b not in p.buildings]
        if not free:
            return 0.0
        value += TOP_WEIGHT / VICTORY[3] + max(BUILDING_BONUS.get(b, 0) for b in free)
    return value


def _marginal(game: Any, p: Any, place: float) -> list[float]:
    """The value of one more card of each good."""
    base = hand_value(game, p, place)
    out = []
    for g in range(6):
        hand = list(p.hand)
        hand[g] += 1
        more = p._replace(hand=tuple(hand))
        # the hand limit is a matter of the end of the turn, not of income
        out.append(
            hand_value(game, more, place)
            - base
            + (OVER_LIMIT if sum(p.hand) >= game.hand_limit else 0.0)
        )
    return out


def _income(game: Any, seat: int, p: Any, marginal: list[float]) -> float:
    """Expected value of one production roll, from the production odds (A-PROD-2..4)."""
    best = max(marginal)
    total = 0.0
    bridges = game.bridges[seat]
    for face, good in enumerate(game.production[seat], start=1):
        v = best if good == "ANY" else marginal[GOODS.index(good)]
        if face in bridges:
            office = p.offices[bridges.index(face)]
            if office:
                v = max(v, marginal[GOODS.index(office[3:-2])])
        total += v / 6.0
    return total


def island_distances(game: Any) -> dict:
    """Sea space -> fewest AP from there to explore each island (moves + 1 to look).

    Breadth-first distances on the game's sea graph (cached per game object).
    """
    cache = _cache(game, "islands")
    if "table" in cache:
        return cache["table"]
    shore: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for sea, islands in game.coast.items():
        for isl in islands:
            shore.setdefault(isl, []).append(sea)
    table = {}
    for at in game.sea:
        dist = game._dist[at]
        table[at] = tuple(
            min(dist[c] for c in shore.get(isl, ())) + 1 if shore.get(isl) else 99
            for isl in game.island_spaces
        )
    cache["table"] = table
    return table


def _worth_exploring(game: Any, state: Any, seat: int) -> list[bool]:
    """Islands whose top card ``seat`` has not looked at (a known card was judged)."""
    bit = 1 << seat
    return [bool(st) and not st[-1].seen & bit for st in state.islands]


def _ship_value(game: Any, state: Any, seat: int) -> float:
    p = state.players[seat]
    if p.ships == (None, None):
        return 0.0
    table = island_distances(game)
    worth = _worth_exploring(game, state, seat)
    reach = 2 * game.full_ap(state, seat) + 1
    total = 0.0
    for at in p.ships:
        if at is None:
            continue
        dists = table[at]
        d = min((dists[i] for i, w in enumerate(worth) if w), default=99)
        total += SHIP_BASE + SHIP_NEAR * reach / (reach + d - 1)
    return total


def evaluate_terms(game: Any, state: Any, seat: int) -> dict[str, float]:
    """The evaluation of ``seat`` split into its named terms (see the module doc)."""
    p = state.players[seat]
    if state.phase == "over" and state.winner is not None:
        return {"won": WIN if state.winner == seat else -WIN}
    targets = (game.gold_to_win, *VICTORY[1:])  # the game's gold (A-WIN-1)
    prog = sorted(
        (min(1.0, v / t) for v, t in zip(_progress(p), targets, strict=True)),
        reverse=True,
    )
    met = sum(1 for f in prog if f >= 1.0)
    need = game.conditions_to_win  # the conditions that win (A-WIN-3) weigh most
    conditions = TOP_WEIGHT * sum(prog[:need]) + REST_WEIGHT * sum(prog[need:])
    conditions += MET_BONUS * met
    place = _place_value(game, state, p)
    spare = game.gold_to_win + GOLD_SPARE
    gold = GOLD_VALUE * min(p.gold, spare) + GOLD_SURPLUS * max(0, p.gold - spare)
    goods, production = _economy(game, seat, p, place)
    if seat != state.active or state.phase in ("roll", "event", "resolve"):
        # The hand limit bites at the end of the seat's own turn, after its phase 2:
        # a card taken now can still be used or discarded then, so a free good
        # ("?" face, Golden Age: "take nothing" is legal) is never worth less
        # than none.
        goods += OVER_LIMIT * max(0, sum(p.hand) - game.hand_limit)
    return {
        "conditions": conditions,
        "residents": sum(LEVEL_VALUE[r] for r in p.residents)
        + sum(BUILDING_BONUS.get(b, 0.0) for b in p.buildings),
        "goods": goods,
        "production": production,
        "ships": _ship_value(game, state, seat),
        "gold": gold,
    }


def _economy(game: Any, seat: int, p: Any, place: float) -> tuple[float, float]:
    """(goods, production) terms of one seat, cached on what they depend on."""
    cache = _cache(game, "economy")
    key = (seat, p.hand, p.residents, p.buildings, p.offices, p.gold)
    key += (None in p.ships, place)
    hit = cache.get(key)
    if hit is None:
        income = _income(game, seat, p, _marginal(game, p, place))
        hit = (hand_value(game, p, place), INCOME_ROLLS * income)
        if len(cache) > CACHE_SIZE:
            cache.clear()
        cache[key] = hit
    return hit


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Every seat's evaluation in points (the sum of :func:`evaluate_terms`)."""
    return tuple(
        sum(evaluate_terms(game, state, s).values()) for s in range(game.players)
    )


# ----- greedy -------------------------------------------------------------------


_BUILD = ("Upgrade", "PlacePioneer", "BuildShip")


def greedy(game: Any, state: Any, seat: int, depth: int = 2) -> float:
    """Rate ``state`` for ``seat``: own points minus a quarter of the others' mean.

    Follows the rest of a decision at once: an explored card's face (chance,
    averaged), then ``seat``'s own choice to use or return it (the best), and
    the card the Big Branch Office draws (chance, averaged). Once ``seat`` has
    bought a good this turn, the best upgrade, Pioneer or ship it may then
    build counts too (a good is bought for what it completes).
    """
    mover = game.to_move(state)
    if depth > 0:
        if mover == CHANCE and state.phase in ("reveal", "raid"):
            return sum(
                pr * greedy(game, game.apply(state, a), seat, depth - 1)
                for a, pr in game.chance_outcomes(state)
            )
        if mover == seat and state.phase == "look":
            return max(
                greedy(game, game.apply(state, a), seat, depth - 1)
                for a in game.legal_actions(state)
            )
        if mover == seat and state.phase == "build" and state.bought:
            best = greedy(game, state, seat, 0)
            for a in game.legal_actions(state):
                if type(a).__name__ in _BUILD:
                    v = greedy(game, game.apply(state, a), seat, depth - 1)
                    best = max(best, v)
            return best
    own = sum(evaluate_terms(game, state, seat).values())
    others = [
        sum(evaluate_terms(game, state, s).values())
        for s in range(game.players)
        if s != seat
    ]
    return own - OTHERS * sum(others) / max(len(others), 1)


# ----- playouts ------------------------------------------------------------------


def policy(game: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """A fast policy for search playouts: greedy on goods and progress, no lookahead.

    Scores each action by the change in the mover's own evaluation without the
    ship term, plus a little noise; ships sail toward the nearest island worth
    exploring and explore it.
    """
    seat = game.to_move(state)
    if len(legal) == 1:
        return legal[0]
    best, choice = -float("inf"), legal[0]
    for a in legal:
        after = game.apply(state, a)
        if game.to_move(after) == CHANCE and after.phase == "reveal":
            v = 6.0  # exploring is worth it on average
            v += sum(evaluate_terms(game, state, seat).values())
        else:
            v = sum(evaluate_terms(game, after, seat).values())
        v += rng.random() * 0.5
        if v > best:
            best, choice = v, a
    return choice
