"""Pioneers knowledge for the bots: determinisation, evaluation, playout policy.

Hidden information (ASSUMPTION-10) in an observation is only the *values* of
other players' gold nuggets (their number is public) and, during set-up, the
unused tiles. The nugget pool is derived from public facts: it holds the ten
nuggets (6 x 3, 3 x 4, 1 x 5 VP, P-COMP-6) minus every nugget drawn, so the
observer knows the multiset that others' nuggets came from (all ten minus its
own). :func:`determinize` samples the others' values from that multiset
without replacement, which is exactly the posterior given the observation
(nothing else in the state depends on the values).

The evaluation itself (:func:`evaluate`, :func:`evaluate_terms`) lives in
:mod:`toolkit.pioneers.evaluation`; this module holds the hooks the shared
bots look up by name (:func:`toolkit.agents.base.hook`): ``determinize``,
``evaluate``, ``greedy``, ``candidates``, ``policy``, ``resolve``, ``forget`` and
``public_choices``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome

from .actions import Join, MoveCoach
from .evaluation import (
    NUGGET_COUNTS,
    NUGGETS,
    _networks,
    estimate,
    evaluate,
    evaluate_roads,
    evaluate_terms,
    money_value,
    turns_left,
)
from .evaluation import (
    forget as _forget_evaluations,
)
from .state import PlayerState, State

__all__ = [
    "candidates",
    "determinize",
    "evaluate",
    "evaluate_terms",
    "forget",
    "greedy",
    "greedy_values",
    "hidden_nugget_pool",
    "hoard",
    "leader_money",
    "money_value",
    "money_weights",
    "policy",
    "public_choices",
    "relative_value",
    "resolve",
    "rival_money",
    "rival_payments",
    "rival_weights",
    "road_potential",
    "settle_potential",
    "turns_left",
]


# ----- hidden information -------------------------------------------------------


def hidden_nugget_pool(view: Any, seat: int) -> list[int]:
    """Return the nuggets ``seat`` cannot account for: all ten minus its own."""
    pool = [v for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True) for _ in range(c)]
    for v in view.players[seat].nuggets:
        if v is not None:
            pool.remove(v)
    return pool


#: Determinisations of recent views (``(id(view), values)`` -> ``(view,
#: state)``): a search samples the same values again and again, and one object
#: per sample spares it hashing equal states (:class:`toolkit.agents.search.
#: _Memo`) and evaluating them again. The view is kept with its entry (so its
#: id cannot be reused while the entry lives); the table is emptied when full
#: and when a bot's decision ends (:func:`forget`).
_DEALS: dict[tuple, tuple] = {}
_DEALS_KEPT = 256


def determinize(game: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """Sample a full state consistent with ``view``: others' nugget values.

    The values come from :func:`hidden_nugget_pool` without replacement; the
    pool the engine draws from next is then whatever is left, as in a real
    game. During set-up (no agent decides then) unused tiles are not rebuilt.
    The same values for the same view give the same state object.
    """
    players = view.players
    if not any(v is None for pl in players for v in pl.nuggets):
        return view
    pool = hidden_nugget_pool(view, seat)
    _shuffle(pool, rng)
    values = tuple(
        [
            tuple([pool.pop() if v is None else v for v in pl.nuggets])
            if None in pl.nuggets
            else None
            for pl in players
        ]
    )
    key = (id(view), values)
    hit = _DEALS.get(key)
    if hit is not None and hit[0] is view:
        return hit[1]
    out = [
        pl if nuggets is None else _with_field(pl, _NUGGETS_AT, nuggets)
        for pl, nuggets in zip(players, values, strict=True)
    ]
    state = _with_field(view, _PLAYERS_AT, tuple(out))
    if len(_DEALS) >= _DEALS_KEPT:
        _DEALS.clear()
    _DEALS[key] = (view, state)
    return state


_NUGGETS_AT = PlayerState._fields.index("nuggets")
_PLAYERS_AT = State._fields.index("players")


def _with_field(record: Any, at: int, value: Any) -> Any:
    """``record._replace(<field number at>=value)`` without Python-level code.

    (The NamedTuples' ``_replace`` is a Python function: called from the
    compiled module it runs in the interpreter.)
    """
    values = list(record)
    values[at] = value
    return tuple.__new__(type(record), values)


def _shuffle(pool: list[int], rng: random.Random) -> None:
    """``rng.shuffle(pool)``: the same draws and the same order, written out.

    ``random.Random.shuffle`` is Python code (so is the ``_randbelow`` it calls
    for each item); written out here it runs compiled. Only a plain
    ``random.Random`` is shuffled here (a subclass may draw otherwise).
    """
    if type(rng) is not random.Random:
        rng.shuffle(pool)
        return
    getrandbits = rng.getrandbits
    i = len(pool) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pool[i], pool[j] = pool[j], pool[i]
        i -= 1


def forget(game: Any) -> None:
    """Empty what the hooks remember between calls (the ``forget`` hook).

    The determinisations of recent views and the evaluation's memos
    (:func:`toolkit.pioneers.evaluation.forget`): every bot calls this when its
    decision ends, so nothing of its view or samples stays reachable here.
    """
    _DEALS.clear()
    _forget_evaluations()


def public_choices(game: Any) -> bool:
    """Whether choices read no hidden value (the ``public_choices`` hook): yes.

    The hidden values are other seats' nugget values; ``legal_actions``,
    :func:`candidates` and the public part of ``apply`` never read them (only
    a draw's odds and the final scores do), so the search may share legal
    actions and candidates between determinisations reached by the same moves.
    """
    return True


# ----- greedy -------------------------------------------------------------------

#: Phases in which the greedy bot looks one decision further (few options each).
_LOOKAHEAD = frozenset({"settle", "farmer", "innkeeper"})


#: How much a dollar in a rival's hands counts against the greedy bot, in
#: dollars of its own, for a rival sure to win (see :func:`rival_weights`).
LEADER_WEIGHT = 0.25

#: What a dollar the greedy bot keeps is worth to it beyond the evaluation's
#: ``money`` term, in VP (see :func:`money_weights`).
THRIFT = 0.0

#: How much the greedy bot weighs the rivals' estimates by their win chances
#: rather than equally (0: a quarter of their mean, 1: a quarter of the sum
#: weighed by :func:`rival_weights`).
FOCUS = 0.0

#: Whether the greedy bot values buying roads by where the first would go
#: (1) or by the evaluation's flat value of a road still to place (0).
ROADS_AHEAD = 0.0

#: What share of a dollar's value the greedy bot gives up for each dollar it
#: holds beyond :data:`RESERVE` (0: every dollar is worth the evaluation's
#: ``money_value``; see :func:`hoard`).
HOARD = 0.0

#: The dollars the greedy bot keeps at full value for the turns ahead (fares,
#: joins); what it holds beyond is worth ``1 - HOARD`` of it (:func:`hoard`).
RESERVE = 6.0

#: What the greedy bot's roads count for bringing its pioneers closer to its
#: best network: a pioneer two roads away is worth ``2 * POTENTIAL`` VP, three
#: roads away ``2 * POTENTIAL ** 2`` (one road away the evaluation's
#: ``network`` term counts it; see :func:`road_potential`). 0: nothing.
POTENTIAL = 0.25

#: Whether the greedy bot's moves and joins also count :data:`POTENTIAL` for
#: the pioneer they put two or three roads from its best network (1) or not (0)
#: (see :func:`settle_potential`).
NEAR = 0.0

#: The spread (VP) of the softmax that turns estimates into win chances for
#: :func:`rival_weights`.
WIN_TEMPERATURE = 4.0


def relative_value(
    values: Sequence[float], seat: int, against: Sequence[float] | None = None
) -> float:
    """Own estimated final VP minus a quarter of the others' mean (the base value).

    ``against`` (one weight per seat) replaces the others' mean by the sum of
    ``against[t] * values[t]``.
    """
    own = values[seat]
    if against is not None:
        return own - sum(w * v for w, v in zip(against, values, strict=True))
    n = len(values) - 1
    return own - 0.25 * (sum(values) - own) / n if n > 0 else own


def _win_chances(values: tuple[float, ...], temperature: float) -> list[float]:
    """Each seat's win chance before normalising: ``exp((v - best) / temperature)``.

    (The maximum and the list written out: the same floats as ``max`` and a
    generator, with native reads of the tuple when compiled.)
    """
    n = len(values)
    top: float = values[0]
    for i in range(1, n):
        if values[i] > top:
            top = values[i]
    return [math.exp((values[i] - top) / temperature) for i in range(n)]


def rival_weights(
    values: Sequence[float],
    seat: int,
    weight: float = LEADER_WEIGHT,
    temperature: float = WIN_TEMPERATURE,
) -> tuple[float, ...]:
    """How much a VP in each seat's hands counts against ``seat`` (0 for itself).

    Win chances are a softmax of the estimates ``values`` (spread
    ``temperature``); a VP more for rival ``t`` lowers the log of ``seat``'s
    chance as much as ``p_t / (1 - p_seat)`` VP less for ``seat`` would. So
    the weights sum to ``weight`` and go to the rivals closest to winning: a
    dollar paid to the leader costs more than one paid to the bank, one paid to
    a trailing rival barely more. They change smoothly with the estimates.
    """
    # (sum() kept, as Python 3.12 adds floats with compensation)
    n = len(values)
    chance = _win_chances(tuple(values), temperature)
    rest = sum(chance) - chance[seat]
    out = [0.0] * n
    if not weight or rest <= 0.0:
        return tuple(out)
    for i in range(n):
        if i != seat:
            out[i] = weight * chance[i] / rest
    return tuple(out)


def leader_money(
    game: Any,
    state: Any,
    values: Sequence[float],
    seat: int,
    weight: float = LEADER_WEIGHT,
) -> float:
    """The money of the rival who leads, in VP, times ``weight`` (0 if ``seat`` leads).

    The value of issue 17's first greedy bot (the leader is the rival with the
    highest estimate; a dollar is worth
    :func:`~toolkit.pioneers.evaluation.money_value` VP). It jumps when the
    leader changes, so the greedy bot now uses :func:`rival_money` instead.
    """
    if not weight or state.phase == "over":
        return 0.0
    own = values[seat]
    top, lead = own, -1
    for i, v in enumerate(values):
        if i != seat and v > top:
            top, lead = v, i
    if lead < 0:
        return 0.0
    return weight * money_value(turns_left(game, state)) * state.players[lead].money


def rival_money(state: Any, per_dollar: Sequence[float]) -> float:
    """The rivals' money in VP against the mover: ``sum(per_dollar[t] * money_t)``."""
    n = len(per_dollar)
    weighed = False
    for i in range(n):
        if per_dollar[i]:
            weighed = True
            break
    if not weighed:  # the usual case: nothing weighed
        return 0.0
    players: tuple[Any, ...] = state.players
    if len(players) != n:
        raise ValueError("rival_money: one weight per seat")
    # (an index loop into a list, not a generator: the same products summed
    # in the same order by sum())
    terms = [per_dollar[i] * players[i].money for i in range(n) if per_dollar[i]]
    return sum(terms)


def money_weights(
    game: Any,
    state: Any,
    seat: int,
    values: Sequence[float] | None = None,
    weight: float = LEADER_WEIGHT,
    temperature: float = WIN_TEMPERATURE,
    thrift: float = THRIFT,
    turns: float | None = None,
) -> tuple[float, ...]:
    """VP per dollar in each seat's hands against ``seat``, beyond the evaluation.

    For a rival: :func:`rival_weights` times what a dollar is worth now
    (``money_value``); for ``seat`` itself ``-thrift`` (a dollar kept is worth
    ``thrift`` VP more than the evaluation says). ``turns``: the turns left,
    if known (:func:`turns_left` otherwise).
    """
    n = len(state.players)
    if state.phase == "over":
        return tuple([0.0] * n)
    out = [0.0] * n
    if weight:
        if values is None:
            values = evaluate(game, state)
        mv = money_value(turns_left(game, state) if turns is None else turns)
        out = [mv * w for w in rival_weights(values, seat, weight, temperature)]
    out[seat] = -thrift
    return tuple(out)


def hoard(
    game: Any, state: Any, seat: int, share: float = HOARD, reserve: float = RESERVE
) -> float:
    """What the dollars ``seat`` holds beyond ``reserve`` lose, in VP (>= 0).

    Money the bot cannot spend on fares and joins before the game ends is worth
    less than the evaluation's flat ``money_value``: roads and wagons bought
    with it score. ``share`` of each such dollar's value is taken off.
    """
    extra = state.players[seat].money - reserve
    if not share or extra <= 0 or state.phase == "over":
        return 0.0
    return share * money_value(turns_left(game, state)) * extra


def greedy(
    game: Any,
    state: Any,
    seat: int,
    depth: int = 3,
    leader: float = LEADER_WEIGHT,
    per_dollar: Sequence[float] | None = None,
    against: Sequence[float] | None = None,
    spare: tuple[float, float] = (0.0, RESERVE),
) -> float:
    """Value a position for the greedy bot.

    :func:`relative_value` of the estimates minus the rivals' money weighed by
    how close each is to winning (:func:`rival_money`; ``per_dollar`` from
    :func:`money_weights`, by default of this position with weight ``leader``;
    ``leader=0`` gives the greedy bot before issue 17) and minus
    :func:`hoard` with ``spare = (share, reserve)``. Its own follow-up
    decisions with few options (settling, farmers, the innkeeper) are searched
    up to ``depth`` deep; a gold nugget draw is averaged over its outcomes
    (``state`` is a determinised, full state).
    """
    to_move = game.to_move(state)
    if depth > 0 and to_move == seat and state.phase in _LOOKAHEAD:
        return max(
            greedy(
                game,
                game.apply(state, a),
                seat,
                depth - 1,
                leader,
                per_dollar,
                against,
                spare,
            )
            for a in game.legal_actions(state)
        )
    if depth > 0 and to_move == CHANCE and state.phase == "nugget":
        return sum(
            p
            * greedy(
                game, game.apply(state, a), seat, depth - 1, leader, per_dollar, against
            )
            for a, p in game.chance_outcomes(state)
        )
    values = evaluate(game, state)
    if per_dollar is None:
        per_dollar = money_weights(game, state, seat, values, leader)
    value = relative_value(values, seat, against) - rival_money(state, per_dollar)
    return value - hoard(game, state, seat, *spare) if spare[0] else value


def greedy_values(
    game: Any,
    state: Any,
    seat: int,
    legal: Sequence[Any],
    leader: float = LEADER_WEIGHT,
    temperature: float = WIN_TEMPERATURE,
    thrift: float = THRIFT,
    focus: float = FOCUS,
    roads_ahead: float = ROADS_AHEAD,
    share: float = HOARD,
    reserve: float = RESERVE,
    potential: float = POTENTIAL,
    near: float = NEAR,
) -> list[float]:
    """What the greedy bot maximises, for each of ``legal`` (the ``greedy_values`` hook).

    :func:`greedy` of the position after the action with no rival term (own
    dollars kept count ``thrift`` VP more), minus the money the action itself
    hands each rival (:func:`rival_payments`: a route's tolls, a join's price)
    weighed by :func:`money_weights` of the position before the decision. So
    every action is charged alike for whom it pays, and nothing else: a rival's
    income that one line of play reaches sooner than another is not a payment.
    Where it chooses among two or more roads, each road also counts what it
    does to bring the bot's farther pioneers nearer its best network
    (:func:`road_potential` with weight ``potential``); with ``near`` a move or
    join counts that for the pioneer it settles (:func:`settle_potential`).
    Dollars beyond ``reserve`` lose ``share`` of their value (:func:`hoard`).
    ``leader=0, thrift=0, share=0, potential=0`` is the greedy bot before
    issue 17 (the other knobs are off by default).
    """
    spare = (share, reserve)
    own = [0.0 for _ in state.players]
    own[seat] = -thrift
    chances: tuple[float, ...] | None = None
    against: list[float] | None = None
    if focus:
        chances = rival_weights(evaluate(game, state), seat, 1.0, temperature)
        n = len(chances) - 1
        against = [
            0.0 if t == seat else 0.25 * ((1.0 - focus) / n + focus * c)
            for t, c in enumerate(chances)
        ]
    if state.phase in ("road", "sergeant"):  # roads pay nobody
        fast = _road_values(game, state, seat, legal, own, against, spare, potential)
        if fast is not None:
            return fast
    paid = [rival_payments(game, state, a, seat) for a in legal]
    values = []
    for a in legal:
        after = game.apply(state, a)
        if roads_ahead and after.phase == "road" and game.to_move(after) == seat:
            # bought roads: valued where the best of them would go
            fast = _road_values(
                game,
                after,
                seat,
                game.legal_actions(after),
                own,
                against,
                spare,
                potential,
            )
            if fast is not None:
                values.append(max(fast))
                continue
        values.append(greedy(game, after, seat, 3, 0.0, own, against, spare))
    if near and potential and state.phase in ("move", "join"):
        for i, bonus in enumerate(
            settle_potential(game, state, seat, legal, potential)
        ):
            values[i] += near * bonus
    if leader and any(paid):
        per_dollar = money_weights(game, state, seat, None, leader, temperature, 0.0)
        for i, pays in enumerate(paid):
            for t, amount in pays.items():
                values[i] -= per_dollar[t] * amount
    return values


def rival_payments(game: Any, state: Any, action: Any, seat: int) -> dict[int, int]:
    """The money ``action`` by ``seat`` hands to each rival directly (seat -> $).

    A stagecoach route's tolls (:meth:`~toolkit.pioneers.Pioneers.payments`,
    ASSUMPTION-4) or the price of joining the active player (P-JOIN-3).
    """
    if isinstance(action, MoveCoach):
        return {
            t: amount
            for t, amount in game.payments(state, action.path, seat).items()
            if t != "bank" and t != seat
        }
    if isinstance(action, Join):
        cost = game.options.get("join_cost", game.defaults["join_cost"])
        return {state.active: cost}
    return {}


def _road_values(
    game: Any,
    state: Any,
    seat: int,
    legal: Sequence[Any],
    per_dollar: Sequence[float],
    against: Sequence[float] | None = None,
    spare: tuple[float, float] = (0.0, RESERVE),
    potential: float = 0.0,
) -> list[float] | None:
    """:func:`greedy` after each road of ``legal``, sharing the work between them.

    Every road leads to the same position but for where the road is (the same
    money, supplies and next phase), so the position after the first road is
    evaluated whole and the others by :func:`~toolkit.pioneers.evaluation.
    evaluate_roads`. None where that position needs more than an evaluation
    (the game ended, or a follow-up decision or draw of the mover's comes next).
    """
    board = game.board
    edges = [board.edge_of(a.a, a.b) for a in legal if hasattr(a, "a")]
    if len(edges) < 2:
        return None
    first = next(a for a in legal if hasattr(a, "a"))
    after = game.apply(state, first)
    to_move = game.to_move(after)
    if (
        after.phase == "over"
        or (to_move == seat and after.phase in _LOOKAHEAD)
        or (to_move == CHANCE and after.phase == "nugget")
    ):
        return None
    paid = rival_money(after, per_dollar) + hoard(game, after, seat, *spare)
    values = iter(evaluate_roads(game, state, after, seat, edges))
    near = iter(road_potential(game, state, seat, edges, potential))
    return [
        relative_value(next(values), seat, against) - paid + next(near)
        if hasattr(a, "a")
        else greedy(
            game, game.apply(state, a), seat, 3, 0.0, per_dollar, against, spare
        )
        for a in legal
    ]


def _distances(
    game: Any, state: Any, seat: int, sources: Any, limit: int
) -> dict[int, int]:
    """Roads ``seat`` still needs from ``sources`` to each city (at most ``limit``).

    A connection with the seat's road costs nothing, a free one one road; one
    with only rivals' roads, or next to a covered city, is closed.
    """
    adj, roads, covered = game.board.adj, state.roads, state.covered
    dist = dict.fromkeys(sources, 0)
    todo: list[list[int]] = [sorted(dist)] + [[] for _ in range(limit)]
    for d in range(limit + 1):
        level = todo[d]
        while level:
            c = level.pop()
            if dist[c] != d:
                continue
            for v, e in adj[c]:
                owners = roads[e]
                if seat in owners:
                    nd = d
                elif not owners and not covered[v]:
                    nd = d + 1
                else:
                    continue
                if nd <= limit and dist.get(v, limit + 1) > nd:
                    dist[v] = nd
                    todo[nd].append(v)
    return dist


def road_potential(
    game: Any, state: Any, seat: int, edges: Sequence[int], weight: float = POTENTIAL
) -> list[float]:
    """What a road on each of ``edges`` adds to the pioneers' nearness, in VP.

    The seat's pioneers in cities two or three roads away from its best network
    (:func:`_distances`) count ``2 * weight ** (d - 1)`` VP each, farther ones
    nothing; a road on a free connection shortens those distances (exactly,
    for one more road: the connection then costs nothing). Nearer pioneers are
    the evaluation's (its ``network`` term).
    """
    out = [0.0 for _ in edges]
    if not weight:
        return out
    roads, settled, adj = state.roads, state.settled, game.board.adj
    _, net = _networks(game, state, seat)
    if not net:
        return out
    from_net = _distances(game, state, seat, net, 3)  # farther: worth nothing
    worth = (0.0, 0.0, 2 * weight, 2 * weight * weight, 0.0, 0.0)
    where = {e: i for i, e in enumerate(edges)}
    for c in range(len(settled)):
        k = settled[c][seat]
        d = from_net.get(c, 4)
        if d < 2 or not k:
            continue
        # the best distance through each free connection near c (a road there
        # helps only if it brings c within 3 roads)
        best: dict[int, int] = {}
        for v, dv in _distances(game, state, seat, [c], min(d - 1, 3)).items():
            for u, e in adj[v]:
                if not roads[e] and e in where:
                    nd = from_net.get(u, 9) + dv
                    if nd < best.get(e, d):
                        best[e] = nd
        for e, nd in best.items():
            out[where[e]] += k * (worth[nd] - worth[d])
    return out


def settle_potential(
    game: Any, state: Any, seat: int, legal: Sequence[Any], weight: float = POTENTIAL
) -> list[float]:
    """What each move or join of ``legal`` adds to the pioneers' nearness, in VP.

    The pioneer settled (a move's target, or the city joined) counts
    ``2 * weight ** (d - 1)`` VP when it lands ``d`` = 2 or 3 roads from the
    seat's best network (:func:`road_potential`'s measure; nearer, the
    evaluation counts it). Farmers' extra pioneers are not counted.
    """
    out = [0.0 for _ in legal]
    if not weight:
        return out
    _, net = _networks(game, state, seat)
    if not net:
        return out
    dist = _distances(game, state, seat, net, 3)
    worth = {2: 2 * weight, 3: 2 * weight * weight}
    index = game.board.index
    for i, a in enumerate(legal):
        if isinstance(a, MoveCoach):
            out[i] = worth.get(dist.get(index[a.target], 9), 0.0)
        elif isinstance(a, Join):
            out[i] = worth.get(dist.get(index[state.coach], 9), 0.0)
    return out


# ----- playouts and search ----------------------------------------------------------

_TILE_BONUS = {
    "BANKER": 2.0,
    "MERCHANT": 1.0,
    "SERGEANT": 1.0,
    "INNKEEPER": 0.5,
    "GOLD_DIGGER": 3.5,
    "FARMER": 1.0,
    "HOTEL": 1.5,
}


def _edge_score(game: Any, state: Any, seat: int, e: int) -> float:
    """Score a road on connection ``e`` for ``seat`` (cheap, for playouts)."""
    return _edge_scores(game, state, seat, [e])[0]


def _edge_scores(game: Any, state: Any, seat: int, edges: list[int]) -> list[float]:
    """:func:`_edge_score` of each connection of ``edges``."""
    board = game.board
    ends: tuple[tuple[int, int], ...] = board.edges
    adj: tuple[tuple[tuple[int, int], ...], ...] = board.adj
    settled: tuple[tuple[int, ...], ...] = state.settled
    roads: tuple[tuple[int, ...], ...] = state.roads
    tiles: tuple = state.tiles
    out = []
    # the seat's roads at each city, counted once (a city has an own road
    # other than e when it has more than e's own one)
    own = [0] * len(adj)
    for f in range(len(roads)):
        if seat in roads[f]:
            x, y = ends[f]
            own[x] += 1
            own[y] += 1
    for e in edges:
        a, b = ends[e]
        mine = 1 if seat in roads[e] else 0
        score = 2.0 * (settled[a][seat] + settled[b][seat])
        if own[a] > mine:
            score += 1.5
        if tiles[a] is not None:
            score += 0.5
        if own[b] > mine:
            score += 1.5
        if tiles[b] is not None:
            score += 0.5
        out.append(score)
    return out


def _road_options(game: Any, state: Any, seat: int) -> list[int]:
    """Legal road connections touching a city with own pioneers or own roads."""
    board = game.board
    ends: tuple[tuple[int, int], ...] = board.edges
    adj: tuple[tuple[tuple[int, int], ...], ...] = board.adj
    roads: tuple[tuple[int, ...], ...] = state.roads
    covered: tuple[bool, ...] = state.covered
    settled: tuple[tuple[int, ...], ...] = state.settled
    sergeant = state.phase == "sergeant"
    cities = {c for c in range(len(settled)) if settled[c][seat]}
    for e in range(len(roads)):
        if seat in roads[e]:
            a, b = ends[e]
            cities.add(a)
            cities.add(b)
    out = set()
    for c in cities:
        for v, e in adj[c]:
            r = roads[e]
            if covered[c] or covered[v]:
                continue
            if not r or (sergeant and len(r) == 1 and r[0] != seat):
                out.add(e)
    return sorted(out)


def _road_action(game: Any, state: Any, e: int) -> Any:
    """The road on connection ``e`` (the engine's own action object)."""
    return game._sergeant[e] if state.phase == "sergeant" else game._place[e]


def candidates(game: Any, state: Any, legal: Sequence[Any], limit: int = 6) -> list:
    """Return the actions worth searching: at most ``limit`` roads, by a cheap score.

    Roads touching the seat's pioneers or roads come first (best first), then
    the first other legal roads in board order; a sergeant's ``skip`` is kept.
    """
    if state.phase not in ("road", "sergeant") or len(legal) <= limit:
        return list(legal)
    seat = state.active
    if state.players[seat].roads_left <= 0:
        return list(legal)
    near = _road_options(game, state, seat)
    scores = _edge_scores(game, state, seat, near)
    # best first; ties in board order (``near`` is sorted)
    order = sorted([(-scores[i], i) for i in range(len(near))])
    out = [_road_action(game, state, near[i]) for _, i in order[:limit]]
    if len(out) < limit:
        chosen = set(out)
        for a in legal:
            if len(out) >= limit:
                break
            if hasattr(a, "a") and a not in chosen:
                out.append(a)
    out.extend(a for a in legal if not hasattr(a, "a"))
    return out


def policy(game: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """Choose by fast rules of thumb (the playout policy; no lookahead)."""
    phase = state.phase
    seat = game.to_move(state)
    pl = state.players[seat]
    if phase == "buy":
        return _playout_buy(game, state, legal, pl, rng)
    if phase in ("road", "sergeant"):
        if phase == "sergeant" and rng.random() < 0.3:
            return legal[-1]  # skip
        near = _road_options(game, state, seat)
        if not near:
            edges = [a for a in legal if hasattr(a, "a")]
            return edges[rng.randrange(len(edges))] if edges else legal[-1]
        scores = _edge_scores(game, state, seat, near)
        i = max(range(len(near)), key=lambda i: scores[i] + rng.random())
        return _road_action(game, state, near[i])
    if phase == "move":
        best, choice = None, legal[0]
        matched = _pioneer_counts(pl)
        # a dollar to the rival with the most VP now costs more than one to the bank
        rivals = [s for s in range(len(state.players)) if s != seat]
        lead = max(rivals, key=lambda s: (state.players[s].vp, -s), default=None)
        several = len(legal) > len({getattr(a, "target", None) for a in legal})
        for a in legal:
            if not hasattr(a, "path"):
                continue
            t = state.tiles[game.board.index[a.path[-1]]]
            v = (
                _TILE_BONUS.get(t, 0.0)
                + 0.3 * matched.get(t, 0)
                - 0.6 * a.cost
                + rng.random()
            )
            if several and lead is not None and state.players[lead].vp > pl.vp:
                v -= 0.3 * game.payments(state, a.path).get(lead, 0)
            if best is None or v > best:
                best, choice = v, a
        return choice
    if phase in ("settle", "farmer", "innkeeper", "join"):
        return _playout_pioneer(state, legal, pl, phase, 2 * game._join_cost)
    return legal[rng.randrange(len(legal))]


def _pioneer_counts(pl: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for w in pl.wagons:
        if w.face_up:
            for p, occ in zip(w.seats, w.occupied, strict=True):
                if occ:
                    out[p] = out.get(p, 0) + 1
    return out


def _playout_buy(
    game: Any, state: Any, legal: Sequence[Any], pl: Any, rng: random.Random
) -> Any:
    slots = [a for a in legal if hasattr(a, "slot")]
    on_wagons = sum(sum(w.occupied) for w in pl.wagons if w.face_up)
    if slots and (state.forced or (on_wagons <= 3 and pl.money >= 4)):
        specs = game.wagon_specs
        return max(
            slots,
            key=lambda a: (
                specs[state.market[a.slot - 1]].vp
                / len(specs[state.market[a.slot - 1]].seats)
                - 0.4 * a.slot
                + rng.random()
            ),
        )
    roads = [a for a in legal if hasattr(a, "count")]
    # $6 by the rulebook: two roads ($5, or the game's road_price_2) and $1 to spare
    if roads and pl.money >= game._road2 + 1 and rng.random() < 0.4:
        return roads[0]
    return legal[-1]  # end purchases


def _playout_pioneer(
    state: Any, legal: Sequence[Any], pl: Any, phase: str, join_money: int = 4
) -> Any:
    """Settle, join, farmer, innkeeper: use the emptiest wagon; join when it pays
    (``join_money``: twice the game's join cost, $4 by the rulebook).
    """
    occupied = {w.id: sum(w.occupied) for w in pl.wagons}
    moves = [a for a in legal if hasattr(a, "wagon")]
    if not moves:
        return legal[-1]
    best = min(moves, key=lambda a: (occupied.get(a.wagon, 9), str(a)))
    if phase == "innkeeper" and occupied.get(best.wagon, 9) > 1:
        return legal[-1]  # skip: returning only helps when it empties a wagon
    if phase == "join" and pl.money < join_money and occupied.get(best.wagon, 9) > 1:
        return legal[-1]  # decline
    return best


class _Follow:
    """The positions one :func:`resolve` call meets, each computed once.

    ``resolve`` values the mover's options one decision deep and then plays the
    best, so the positions it valued after that option are met again one step
    later: here every position's children (by ``legal_actions`` or
    ``chance_outcomes`` order) and every leaf's greedy value are kept, by the
    position object (each entry keeps its position alive, so its ``id`` is not
    reused). States are immutable and these are pure functions, so this
    decides exactly as calling :func:`greedy` afresh would.
    """

    __slots__ = ("game", "kids", "leaves", "seat")

    def __init__(self, game: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.kids: dict[int, tuple[Any, list, list]] = {}
        self.leaves: dict[int, tuple[Any, float]] = {}

    def children(self, state: Any) -> list:
        """The positions after each legal action, in ``legal_actions`` order."""
        hit = self.kids.get(id(state))
        if hit is not None:
            return hit[2]
        game = self.game
        after = [game.apply(state, a) for a in game.legal_actions(state)]
        self.kids[id(state)] = (state, [], after)
        return after

    def outcomes(self, state: Any) -> tuple[list, list]:
        """``(chance outcomes, positions after each)`` of a draw."""
        hit = self.kids.get(id(state))
        if hit is not None:
            return hit[1], hit[2]
        game = self.game
        outs = list(game.chance_outcomes(state))
        after = [game.apply(state, a) for a, _ in outs]
        self.kids[id(state)] = (state, outs, after)
        return outs, after

    def draw(self, state: Any, rng: random.Random) -> Any:
        """The position after a sampled draw (``sample_outcome``'s use of ``rng``)."""
        hit = self.kids.get(id(state))
        if hit is None:
            game = self.game
            return game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
        outs, after = hit[1], hit[2]
        pick = sample_outcome(outs, rng)
        for (a, _), s in zip(outs, after, strict=True):
            if a is pick:
                return s
        return self.game.apply(state, pick)

    def value(self, state: Any, depth: int) -> float:
        """``greedy(game, state, seat, depth)`` with its default weights."""
        game, seat = self.game, self.seat
        to_move = game.to_move(state)
        if depth > 0 and to_move == seat and state.phase in _LOOKAHEAD:
            # max() written out (the first of equal values, as max keeps)
            kids = self.children(state)
            if not kids:
                raise ValueError("max() arg is an empty sequence")
            top = self.value(kids[0], depth - 1)
            for i in range(1, len(kids)):
                v = self.value(kids[i], depth - 1)
                if v > top:
                    top = v
            return top
        if depth > 0 and to_move == CHANCE and state.phase == "nugget":
            outs, after = self.outcomes(state)
            return sum(
                p * self.value(s, depth - 1)
                for (_, p), s in zip(outs, after, strict=True)
            )
        hit = self.leaves.get(id(state))
        if hit is not None:
            return hit[1]
        value = _leaf_value(game, state, seat)
        self.leaves[id(state)] = (state, value)
        return value


def _leaf_value(game: Any, state: State, seat: int) -> float:
    """``greedy(game, state, seat, 0)`` with its default weights, written out.

    :func:`relative_value` minus :func:`rival_money` of :func:`money_weights`
    (weight :data:`LEADER_WEIGHT`), the same floats in the same order, without
    the tuples and lists they hand each other.
    """
    values, turns = estimate(game, state)
    n = len(values)
    own: float = values[seat]
    # relative_value(values, seat, None)
    base: float = own - 0.25 * (sum(values) - own) / (n - 1) if n > 1 else own
    if state.phase == "over":  # money_weights: all 0.0, so rival_money is 0.0
        return base - 0.0
    weight: float = LEADER_WEIGHT
    chance: list[float] | None = None
    rest = 0.0
    mv = 0.0
    if weight:
        # rival_weights(values, seat, weight, WIN_TEMPERATURE), written out:
        # a rival's weight is weight * chance[t] / rest (0.0 if rest <= 0.0)
        chance = _win_chances(values, WIN_TEMPERATURE)
        rest = sum(chance) - chance[seat]
        mv = money_value(turns)
    # rival_money(state, per_dollar): per_dollar[t] is mv * (its weight) for a
    # rival, -THRIFT for the seat; the non-zero ones weigh the seats' money
    players: tuple[PlayerState, ...] = state.players
    terms: list[float] = []
    for i in range(n):
        if i == seat:
            w: float = -THRIFT
        elif chance is not None and not rest <= 0.0:
            w = mv * (weight * chance[i] / rest)
        else:
            w = 0.0
        if w:
            terms.append(w * players[i].money)
    return base - (sum(terms) if terms else 0.0)


def resolve(game: Any, state: Any, rng: random.Random, depth: int = 3) -> Any:
    """Play the mover's small follow-up decisions greedily (settle, farmer, innkeeper).

    Used before evaluating a position in the middle of a turn, so that a move
    is valued with the settlement it leads to: each option is valued by
    :func:`greedy` one decision deep (the positions met are computed once,
    :class:`_Follow`). A nugget draw is sampled (``state`` is a full,
    determinised state).
    """
    seat = state.active
    follow: _Follow | None = None  # made when first needed (most calls return at once)
    for _ in range(depth):
        to_move = game.to_move(state)
        if to_move == seat and state.phase in _LOOKAHEAD:
            if follow is None:
                follow = _Follow(game, seat)
            after = follow.children(state)
            if len(after) == 1:
                state = after[0]
                continue
            best, top = after[0], -float("inf")
            for s in after:
                v = follow.value(s, 1)
                if v > top:
                    best, top = s, v
            state = best
        elif to_move == CHANCE and state.phase == "nugget":
            if follow is None:
                follow = _Follow(game, seat)
            state = follow.draw(state, rng)
        else:
            break
    return state
