"""Pioneers knowledge for the bots: determinisation, evaluation, playout policy.

Hidden information (ASSUMPTION-10) in an observation is only the *values* of
other players' gold nuggets (their number is public) and, during set-up, the
unused tiles. The nugget pool is derived from public facts: it holds the ten
nuggets (6 x 3, 3 x 4, 1 x 5 VP, P-COMP-6) minus every nugget drawn, so the
observer knows the multiset that others' nuggets came from (all ten minus its
own). :func:`determinize` samples the others' values from that multiset
without replacement, which is exactly the posterior given the observation
(nothing else in the state depends on the values).

The evaluation (:func:`evaluate`) estimates every seat's final VP. It is what
the greedy bot maximises and what the search bots score unfinished playouts
with. Its terms, all in VP:

``score``
    VP now (P-SCORE-1..4): emptied wagons, empty seats, gold (hidden nuggets
    count the mean of the nuggets the observer cannot account for), network.
``wagons``
    wagons near empty: the pioneers still on face-up wagons are spent, fewest
    first, against the settlements the seat can still expect
    (``SETTLES_PER_TURN`` x turns left). A wagon that can be emptied adds its
    VP and $1 minus the empty seats already counted, a wagon that cannot be
    emptied adds 1 VP per pioneer settled. Pioneers whose profession has no
    tile left on the board (and no hotel to take them) are stuck.
``money``
    dollars, worth ``money_value(turns)`` VP each: high while they can still
    pay for moves and wagons, nearly nothing (a tie-break) at the end.
``income``
    bankers' and merchants' future value over the turns left.
``tolls``
    each own road earns tolls from others and saves the owner's own fares:
    ``TOLL_PER_ROAD_TURN`` per road and turn left, counted for at most
    ``TOLL_HORIZON`` turns.
``network``
    own pioneers one connection away from the best network, half their 2 VP.
``pending``
    roads still to place and a sergeant road still to choose (for positions in
    the middle of a turn).

The weights are module constants, tuned by seeded tournaments against the
other bots (``benchmarks/bots_speed.py --ladder``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE

__all__ = [
    "candidates",
    "determinize",
    "evaluate",
    "evaluate_terms",
    "greedy_value",
    "hidden_nugget_pool",
    "playout_policy",
    "turns_left",
]

NUGGETS = (3, 4, 5)
NUGGET_COUNTS = (6, 3, 1)  # P-COMP-6
SETTLES_PER_TURN = 1.3
TOLL_PER_ROAD_TURN = 0.12
TOLL_HORIZON = 5
NETWORK_REACH = 0.5
PENDING_ROAD = 0.8
PENDING_SERGEANT = 0.8
MERCHANT_PER_TURN = 0.25
STUCK_FACTOR = 0.15


# ----- hidden information -------------------------------------------------------


def hidden_nugget_pool(view: Any, seat: int) -> list[int]:
    """Return the nuggets ``seat`` cannot account for: all ten minus its own."""
    pool = [v for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True) for _ in range(c)]
    for v in view.players[seat].nuggets:
        if v is not None:
            pool.remove(v)
    return pool


def determinize(game: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """Sample a full state consistent with ``view``: others' nugget values.

    The values come from :func:`hidden_nugget_pool` without replacement; the
    pool the engine draws from next is then whatever is left, as in a real
    game. During set-up (no agent decides then) unused tiles are not rebuilt.
    """
    players = view.players
    if not any(v is None for pl in players for v in pl.nuggets):
        return view
    pool = hidden_nugget_pool(view, seat)
    rng.shuffle(pool)
    out = []
    for pl in players:
        if any(v is None for v in pl.nuggets):
            values = tuple(pool.pop() if v is None else v for v in pl.nuggets)
            pl = pl._replace(nuggets=values)
        out.append(pl)
    return view._replace(players=tuple(out))


# ----- evaluation ---------------------------------------------------------------


def turns_left(game: Any, state: Any) -> float:
    """Estimate the turns each player still takes (rough and smooth).

    The game ends after the round in which the deck runs out or someone places
    their 15th road (P-END-1); the deck shrinks by about the purchases seen so
    far per round.
    """
    if state.phase == "over":
        return 0.0
    if state.end_triggered:
        return 0.5
    rnd = max(state.round, 1)
    initial = max(len(game.regular_wagons) - 4 - _removed(game), 1)
    bought = max(initial - state.deck, 0)
    rate = min(max(bought / rnd, 1.0), 3.5)
    by_deck = state.deck / rate + 0.5
    min_roads = min(pl.roads_left for pl in state.players)
    by_roads = min_roads / 1.5 + 0.5
    by_cap = game.options.get("max_rounds", 60) - state.round + 0.5
    return max(min(by_deck, by_roads, by_cap), 0.5)


def _removed(game: Any) -> int:
    return {2: 12, 3: 6, 4: 2}.get(game.players, 0)


def money_value(turns: float) -> float:
    """Return VP per dollar with ``turns`` left (late in the game: only ties)."""
    if turns >= 2.0:
        return 0.4
    if turns >= 1.0:
        return 0.25
    return 0.02


def _networks(
    game: Any, state: Any, seat: int, built: list | None = None
) -> tuple[int, set[int]]:
    """Own pioneers in the best network and that network's cities (P-SCORE-4).

    ``built`` optionally lists ``(a, b, owners)`` of the connections with roads.
    """
    if built is None:
        built = _built(game, state)
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b, owners in built:
        if seat in owners:
            if a not in parent:
                parent[a] = a
            if b not in parent:
                parent[b] = b
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
    if not parent:
        return 0, set()
    count: dict[int, int] = {}
    settled = state.settled
    roots = {}
    for c in parent:
        r = roots[c] = find(c)
        count[r] = count.get(r, 0) + settled[c][seat]
    best = max(count, key=lambda r: (count[r], -r))
    return count[best], {c for c, r in roots.items() if r == best}


def _built(game: Any, state: Any) -> list:
    edges = game.board.edges
    return [(*edges[e], owners) for e, owners in enumerate(state.roads) if owners]


class _Context:
    """What every seat's evaluation shares: computed once per position."""

    __slots__ = ("built", "hotels", "mean_nugget", "mv", "on_board", "turns")

    def __init__(self, game: Any, state: Any, turns: float | None = None) -> None:
        self.turns = turns_left(game, state) if turns is None else turns
        self.mv = money_value(self.turns)
        on_board: dict[str, int] = {}
        for t in state.tiles:
            if t is not None:
                on_board[t] = on_board.get(t, 0) + 1
        self.on_board = on_board
        self.hotels = on_board.get("HOTEL", 0)
        self.built = _built(game, state)
        self.mean_nugget = None


def evaluate_terms(
    game: Any,
    state: Any,
    seat: int,
    turns: float | None = None,
    ctx: _Context | None = None,
) -> dict:
    """Evaluate ``seat``, split into the named terms of the module doc."""
    if ctx is None:
        ctx = _Context(game, state, turns)
    turns, mv = ctx.turns, ctx.mv
    pl = state.players[seat]
    # score now
    empty = 0
    for w in pl.wagons:
        if w.face_up:
            empty += len(w.seats) - sum(w.occupied)
    gold = 0.0
    for v in pl.nuggets:
        if v is None:
            if ctx.mean_nugget is None:
                ctx.mean_nugget = _mean_unknown_nugget(state)
            gold += ctx.mean_nugget
        else:
            gold += v
    best, net_cities = _networks(game, state, seat, ctx.built)
    score = pl.vp + empty + gold + 2 * best
    if turns <= 0.0:
        return {
            "score": score,
            "wagons": 0.0,
            "money": pl.money * mv,
            "income": 0.0,
            "tolls": 0.0,
            "network": 0.0,
            "pending": 0.0,
        }
    # wagons near empty
    on_board = ctx.on_board
    budget = SETTLES_PER_TURN * turns
    gain = 0.0
    ups = sorted(
        ((sum(w.occupied), -w.vp, i) for i, w in enumerate(pl.wagons) if w.face_up)
    )
    for k, _, i in ups:
        if k == 0:
            continue
        w = pl.wagons[i]
        stuck = False
        if not ctx.hotels:
            for p, occ in zip(w.seats, w.occupied, strict=True):
                if occ and p not in on_board:
                    stuck = True
                    break
        factor = STUCK_FACTOR if stuck else 1.0
        if budget >= k:
            gain += factor * (w.vp + mv - (len(w.seats) - k))
            budget -= k
        else:
            gain += factor * budget
            break
    # future income
    income = pl.bankers * turns * mv + pl.merchants * turns * MERCHANT_PER_TURN
    # tolls and own fares
    tolls = (15 - pl.roads_left) * TOLL_PER_ROAD_TURN * min(turns, TOLL_HORIZON)
    # pioneers next to the best network
    reach = 0.0
    if net_cities:
        adj, roads, settled = game.board.adj, state.roads, state.settled
        near = set()
        for c in net_cities:
            for v, e in adj[c]:
                if v not in net_cities and not roads[e]:
                    near.add(v)
        reach = NETWORK_REACH * 2 * sum(settled[v][seat] for v in near)
    pending = 0.0
    if state.active == seat:
        if state.phase == "road":
            pending += PENDING_ROAD * state.roads_to_place
        elif state.phase == "sergeant":
            pending += PENDING_SERGEANT
    return {
        "score": score,
        "wagons": gain,
        "money": pl.money * mv,
        "income": income,
        "tolls": tolls,
        "network": reach,
        "pending": pending,
    }


def _mean_unknown_nugget(state: Any) -> float:
    pool = [v for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True) for _ in range(c)]
    for pl in state.players:
        for v in pl.nuggets:
            if v is not None:
                pool.remove(v)
    return sum(pool) / len(pool) if pool else 3.0


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Estimated final VP of every seat (the sum of :func:`evaluate_terms`)."""
    if state.phase == "over":
        return tuple(float(s) for s in game.scores(state))
    ctx = _Context(game, state)
    return tuple(
        sum(evaluate_terms(game, state, s, ctx=ctx).values())
        for s in range(game.players)
    )


# ----- greedy -------------------------------------------------------------------

#: Phases in which the greedy bot looks one decision further (few options each).
_LOOKAHEAD = frozenset({"settle", "farmer", "innkeeper"})


def greedy_value(game: Any, state: Any, seat: int, depth: int = 3) -> float:
    """Value a position for the greedy bot: own estimate minus 1/4 of the others' mean.

    Its own follow-up decisions with few options (settling, farmers, the
    innkeeper) are searched up to ``depth`` deep; a gold nugget draw is
    averaged over its outcomes (``state`` is a determinised, full state).
    """
    to_move = game.to_move(state)
    if depth > 0 and to_move == seat and state.phase in _LOOKAHEAD:
        return max(
            greedy_value(game, game.apply(state, a), seat, depth - 1)
            for a in game.legal_actions(state)
        )
    if depth > 0 and to_move == CHANCE and state.phase == "nugget":
        return sum(
            p * greedy_value(game, game.apply(state, a), seat, depth - 1)
            for a, p in game.chance_outcomes(state)
        )
    values = evaluate(game, state)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - 0.25 * sum(others) / max(len(others), 1)


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
    a, b = game.board.edges[e]
    settled, roads, tiles = state.settled, state.roads, state.tiles
    score = 2.0 * (settled[a][seat] + settled[b][seat])
    for v in (a, b):
        for _, f in game.board.adj[v]:
            if f != e and seat in roads[f]:
                score += 1.5
                break
        if tiles[v] is not None:
            score += 0.5
    return score


def _road_options(game: Any, state: Any, seat: int) -> list[int]:
    """Legal road connections touching a city with own pioneers or own roads."""
    board, roads, covered, settled = (
        game.board,
        state.roads,
        state.covered,
        state.settled,
    )
    sergeant = state.phase == "sergeant"
    cities = {c for c in range(len(settled)) if settled[c][seat]}
    for e, owners in enumerate(roads):
        if seat in owners:
            cities.update(board.edges[e])
    out = set()
    for c in cities:
        for v, e in board.adj[c]:
            r = roads[e]
            if covered[c] or covered[v]:
                continue
            if not r or (sergeant and len(r) == 1 and r[0] != seat):
                out.add(e)
    return sorted(out)


def _road_action(game: Any, state: Any, e: int) -> Any:
    from toolkit.pioneers.actions import PlaceRoad, SergeantRoad

    cls = SergeantRoad if state.phase == "sergeant" else PlaceRoad
    return cls(*game.board.edge_ids(e))


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
    near.sort(key=lambda e: -_edge_score(game, state, seat, e))
    out = [_road_action(game, state, e) for e in near[:limit]]
    if len(out) < limit:
        chosen = set(out)
        for a in legal:
            if len(out) >= limit:
                break
            if hasattr(a, "a") and a not in chosen:
                out.append(a)
    out.extend(a for a in legal if not hasattr(a, "a"))
    return out


def playout_policy(
    game: Any, state: Any, legal: Sequence[Any], rng: random.Random
) -> Any:
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
        e = max(near, key=lambda e: _edge_score(game, state, seat, e) + rng.random())
        return _road_action(game, state, e)
    if phase == "move":
        best, choice = None, legal[0]
        matched = _pioneer_counts(pl)
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
            if best is None or v > best:
                best, choice = v, a
        return choice
    if phase in ("settle", "farmer", "innkeeper", "join"):
        return _playout_pioneer(state, legal, pl, phase)
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
    if roads and pl.money >= 6 and rng.random() < 0.4:
        return roads[0]
    return legal[-1]  # end purchases


def _playout_pioneer(state: Any, legal: Sequence[Any], pl: Any, phase: str) -> Any:
    """Settle, join, farmer, innkeeper: use the emptiest wagon; join when it pays."""
    occupied = {w.id: sum(w.occupied) for w in pl.wagons}
    moves = [a for a in legal if hasattr(a, "wagon")]
    if not moves:
        return legal[-1]
    best = min(moves, key=lambda a: (occupied.get(a.wagon, 9), str(a)))
    if phase == "innkeeper" and occupied.get(best.wagon, 9) > 1:
        return legal[-1]  # skip: returning only helps when it empties a wagon
    if phase == "join" and pl.money < 4 and occupied.get(best.wagon, 9) > 1:
        return legal[-1]  # decline
    return best


def resolve(game: Any, state: Any, rng: random.Random, depth: int = 3) -> Any:
    """Play the mover's small follow-up decisions greedily (settle, farmer, innkeeper).

    Used before evaluating a position in the middle of a turn, so that a move
    is valued with the settlement it leads to. A nugget draw is sampled
    (``state`` is a full, determinised state).
    """
    from toolkit.core.play import sample_outcome

    seat = state.active
    for _ in range(depth):
        to_move = game.to_move(state)
        if to_move == seat and state.phase in _LOOKAHEAD:
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = game.apply(state, legal[0])
                continue
            best, top = legal[0], -float("inf")
            for a in legal:
                v = greedy_value(game, game.apply(state, a), seat, 1)
                if v > top:
                    best, top = a, v
            state = game.apply(state, best)
        elif to_move == CHANCE and state.phase == "nugget":
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
        else:
            break
    return state
