"""Search bots: flat Monte Carlo and information-set MCTS.

Both see only the observation. Every simulation starts from a fresh
*determinisation*: the hidden part of the state (say, the values of cards
other players hold face down) is sampled consistently with what the seat has
seen (:func:`toolkit.agents.base.determinize`).

:class:`MonteCarloAgent` splits its playouts evenly over the candidate
actions. Playouts run the game's fast policy for at most ``depth`` decisions;
an unfinished playout is scored by the game's evaluation turned into win
chances, a finished one by who won.

:class:`MCTSAgent` is single-observer information-set MCTS (Cowling, Powley and
Whitehouse 2012, "SO-ISMCTS"): one tree over the *decision points* reached
from the seat's observation, shared by all determinisations. Edges are actions
(keyed by their notation); a node's children are the actions legal in the
current determinisation, and the exploration term counts a child's
*availability* (how often it was legal when its parent was visited) instead of
the parent's visits. Selection is PUCT with priors from the game's evaluation
(as in AlphaZero, with the evaluation in place of a network); leaves are
valued by that evaluation instead of random playouts, which in a long game are
too noisy to beat a greedy player at a budget of tens of iterations. Every
seat chooses by its own reward (max^n); chance outcomes are sampled, not
stored (an open-loop tree); forced moves take no node.

What makes a decision cheap without changing it: within one decision the
search remembers, per state *object*, its legal actions, candidates, chance
outcomes and the state each action leads to (states are immutable and these
are pure functions), so a path walked again in the same determinisation costs
dictionary look-ups; determinisations equal in value are merged into one
object; and the search stops as soon as the most visited root action leads
every other by more than the iterations left (it would be chosen anyway).
What changes decisions, and so is an option rather than the default until a
ladder against the previous version (``benchmarks/bots_versions.py``) shows it
is as strong: ``follow_ups="own"`` values only the searching seat's own
candidates after their small follow-up decisions (the game's ``resolve``
hook) and other seats' candidates as they stand (about 1.6x faster in
``benchmarks/bots_speed.py`` once, ~1.2x since ``resolve`` computes each
position once; ``"root"`` resolves only the root's candidates). A decision
pauses the cyclic garbage collector and ends with the game's ``forget`` hook
(:func:`~toolkit.agents.base.deciding`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome

from .base import (
    deciding,
    hook,
    outcome_rewards,
    playout,
    view_of,
)

__all__ = ["MCTSAgent", "MonteCarloAgent"]


def _candidates(game: Any, state: Any, legal: Sequence[Any]) -> list:
    fn = hook(game, "candidates")
    return list(legal) if fn is None else fn(game, state, legal)


class MonteCarloAgent:
    """Flat Monte Carlo: split ``simulations`` playouts evenly over the actions.

    Parameters
    ----------
    simulations : int
        Playouts per decision (at least one per candidate action).
    depth : int
        Decisions played in each playout before the evaluation takes over.
    seconds : float, optional
        A time budget per decision as well: no new playout starts once it is
        spent, though every candidate gets at least one. Decisions then depend
        on the machine's speed (not reproducible from the seed alone).
    """

    name = "mc"
    __name__ = "mc"

    def __init__(
        self, simulations: int = 48, depth: int = 24, seconds: float | None = None
    ) -> None:
        self.simulations = int(simulations)
        self.depth = int(depth)
        self.seconds = _budget(seconds)

    def __call__(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """Return the action with the best mean playout reward."""
        if len(legal) == 1:
            return legal[0]
        with deciding(game):
            return self._decide(game, observation, legal, rng)

    def _decide(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        seat, view = view_of(game, observation)
        cands = _candidates(game, view, legal)
        policy = hook(game, "policy")
        deal = hook(game, "determinize")
        value = hook(game, "evaluate")
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for k in range(max(self.simulations, len(cands))):
            if (
                deadline is not None
                and k >= len(cands)
                and time.perf_counter() >= deadline
            ):
                break
            i = k % len(cands)
            world = view if deal is None else deal(game, view, seat, rng)
            state = game.apply(world, cands[i])
            totals[i] += playout(game, state, rng, self.depth, policy, value=value)[
                seat
            ]
            counts[i] += 1
        best = max(range(len(cands)), key=lambda i: (totals[i] / counts[i], -i))
        return cands[best]

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        return (
            f"MonteCarloAgent(simulations={self.simulations}, depth={self.depth}"
            f"{budget})"
        )


class _Edge:
    __slots__ = ("avail", "child", "n", "prior", "q0", "w")

    def __init__(self, prior: float, q0: list[float]) -> None:
        self.prior = prior
        self.q0 = q0  # static reward vector of the position after the action
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.child: _Node | None = None


class _Node:
    __slots__ = ("edges", "seen", "visits")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.visits = 0
        # id(state) -> (state, its (action, edge) pairs) of each state (one per
        # determinisation met here) this node decided in
        self.seen: dict[int, tuple[Any, list[tuple[Any, _Edge]]]] = {}


#: Entries a decision's memo may hold before it is emptied (bounds the memory of
#: a long time budget; emptying only costs recomputation).
_MEMO_LIMIT = 200_000


#: Marks a part of a determinisation that is the observation's own object.
_SAME = object()
#: How deep :func:`_shared_key` compares a determinisation with the observation.
_KEY_DEPTH = 3


def _shared_key(state: Any, view: Any, depth: int) -> Any:
    """A key equal for two determinisations of ``view`` only if they are equal.

    Parts that are ``view``'s own objects become a marker (so are not hashed);
    tuples of ``view``'s type and length are compared part by part, ``depth``
    levels down; anything else is itself. Equal keys mean equal states; equal
    states may get different keys (one copied a part of ``view``, the other
    shares it), which only merges fewer of them.
    """
    if state is view:
        return _SAME
    if (
        depth
        and isinstance(state, tuple)
        and type(state) is type(view)
        and len(state) == len(view)
    ):
        depth -= 1
        return tuple([_shared_key(a, b, depth) for a, b in zip(state, view)])
    return state


class _Memo:
    """What one decision's search has computed, looked up by object identity.

    ``legal_actions``, ``candidates``, ``chance_outcomes`` and ``apply`` are
    pure functions of an immutable state, so a state object met again (a tree
    path walked again in the same determinisation) reuses their results; each
    entry keeps its state alive, so its ``id`` is not reused. Determinisations
    equal in value are merged into one object (:meth:`canonical`): only root
    states are hashed.
    """

    __slots__ = (
        "_cand",
        "by_path",
        "choices",
        "count",
        "game",
        "hashable",
        "names",
        "nexts",
        "outs",
        "paths",
        "roots",
        "seen",
        "shared",
    )

    def __init__(self, game: Any, cand_fn: Any, shared: bool = False) -> None:
        self.game = game
        self._cand = cand_fn
        # the game's public_choices hook: choices read no hidden value, so the
        # states one path of moves reaches from different determinisations
        # share them (``by_path``: path number -> (legal, candidates, keys);
        # ``paths``: (parent path, the move's notation) -> path number, the
        # root's determinisations being path 0)
        self.shared = shared
        self.by_path: dict[int, tuple] = {}
        self.paths: dict[tuple[int, str], int] = {}
        self.count = 0  # path numbers handed out
        self.choices: dict[int, tuple] = {}
        self.nexts: dict[tuple[int, int], tuple] = {}
        self.outs: dict[int, tuple] = {}
        # id(action) -> (action, str(action)): engines hand out the same action
        # objects again (prebuilt, or kept by a legal-action memo), and an
        # action's notation is written by Python code
        self.names: dict[int, tuple[Any, str]] = {}
        self.roots: dict[Any, Any] = {}
        # id -> (state, its canonical state) of the states canonicalised: a
        # determiniser that hands back one object for one sample is not hashed
        # again (each entry keeps its state alive, so the id is not reused)
        self.seen: dict[int, tuple[Any, Any]] = {}
        self.hashable = True

    def canonical(self, state: Any, view: Any = None) -> Any:
        """The first state seen equal to ``state`` (itself if none or unhashable).

        With ``view`` (the state determinised), the parts ``state`` shares with
        it by identity are not hashed again (:func:`_shared_key`).
        """
        if not self.hashable:
            return state
        hit = self.seen.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        try:
            key = state if view is None else _shared_key(state, view, _KEY_DEPTH)
            out = self.roots.setdefault(key, state)
        except TypeError:
            self.hashable = False
            return state
        if len(self.seen) >= _MEMO_LIMIT:
            self.seen.clear()
        self.seen[id(state)] = (state, out)
        return out

    def choice(self, state: Any, path: int = -1) -> tuple[list, list, list[str]]:
        """``(legal, candidates, keys)`` of a decision point.

        ``path``: the number of the moves that reached ``state`` (:meth:`path`);
        with the game's ``public_choices``, another determinisation's state
        reached by the same moves has the same choices.
        """
        hit = self.choices.get(id(state))
        if hit is not None:
            return hit[1], hit[2], hit[3]
        got = self.by_path.get(path) if self.shared and path >= 0 else None
        if got is not None:
            legal, cands, keys = got
        else:
            legal = self.game.legal_actions(state)
            if len(legal) == 1:
                cands, keys = legal, []
            else:
                fn = self._cand
                cands = list(legal) if fn is None else fn(self.game, state, legal)
                keys = [self.name(a) for a in cands]
            if self.shared and path >= 0:
                if len(self.by_path) >= _MEMO_LIMIT:
                    self.by_path.clear()
                self.by_path[path] = (legal, cands, keys)
        if len(self.choices) >= _MEMO_LIMIT:
            self.choices.clear()
        self.choices[id(state)] = (state, legal, cands, keys)
        return legal, cands, keys

    def name(self, action: Any) -> str:
        """``str(action)``, remembered by the action object."""
        names = self.names
        named = names.get(id(action))
        if named is None or named[0] is not action:
            if len(names) >= _MEMO_LIMIT:
                names.clear()
            named = (action, str(action))
            names[id(action)] = named
        return named[1]

    def path(self, parent: int, action: Any) -> int:
        """The number of the path ``parent`` followed by ``action`` (-1: none).

        Numbers are handed out in order and never reused, so equal numbers
        mean the same moves from the root (by their notation).
        """
        if not self.shared or parent < 0:
            return -1
        key = (parent, self.name(action))
        paths = self.paths
        got = paths.get(key)
        if got is None:
            self.count += 1
            got = self.count
            if len(paths) >= _MEMO_LIMIT:
                paths.clear()
            paths[key] = got
        return got

    def outcomes(self, state: Any) -> Any:
        hit = self.outs.get(id(state))
        if hit is not None:
            return hit[1]
        out = self.game.chance_outcomes(state)
        if len(self.outs) >= _MEMO_LIMIT:
            self.outs.clear()
        self.outs[id(state)] = (state, out)
        return out

    def apply(self, state: Any, action: Any) -> Any:
        key = (id(state), id(action))
        hit = self.nexts.get(key)
        if hit is not None:
            return hit[2]
        after = self.game.apply(state, action)
        if len(self.nexts) >= _MEMO_LIMIT:
            self.nexts.clear()
        self.nexts[key] = (state, action, after)
        return after


class MCTSAgent:
    """Single-observer information-set MCTS with determinisation and evaluation priors.

    Each iteration samples a determinisation of the observation, walks the
    tree (PUCT: ``Q + c * prior * sqrt(available) / (1 + n)``, every seat
    maximising its own reward) and expands one decision point. Expanding
    evaluates every candidate action once (the game's evaluation after the
    mover's own small follow-ups, turned into win chances); that gives the
    children their priors (a softmax over the mover's values, sharpened by
    ``prior_temperature``) and a first value, and the best child's value is
    backed up. So with one iteration the bot plays like the greedy bot, and
    more iterations let it look at the replies of the other players and at its
    own next decisions. Forced moves take no node; chance outcomes are sampled
    (an open-loop tree).

    Parameters
    ----------
    iterations : int
        Determinise-select-expand-backup cycles per decision.
    c : float
        Exploration constant.
    temperature : float
        VP scale turning evaluations into win chances (rewards in [0, 1]).
    prior_temperature : float
        VP scale of the priors.
    seconds : float, optional
        A time budget per decision as well: no new iteration starts once it
        is spent (the first always runs), whichever of the two budgets ends
        first. Decisions then depend on the machine's speed (not reproducible
        from the seed alone).
    follow_ups : {"own", "all", "root"}
        Whose candidates are valued after the mover's small follow-up
        decisions (the game's ``resolve`` hook): every seat's (default, the
        same decisions as before the search was made faster), the searching
        seat's own (faster, changes about one decision in ten; its strength is
        not yet shown by a ladder), or only the root's candidates (fastest).
    """

    name = "mcts"
    __name__ = "mcts"

    def __init__(
        self,
        iterations: int = 50,
        c: float = 1.0,
        temperature: float = 4.0,
        prior_temperature: float = 1.0,
        seconds: float | None = None,
        follow_ups: str = "all",
    ) -> None:
        if follow_ups not in ("all", "own", "root"):
            raise ValueError(
                f"follow_ups is 'all', 'own' or 'root', not {follow_ups!r}"
            )
        self.follow_ups = follow_ups
        self.iterations = int(iterations)
        self.c = float(c)
        self.temperature = float(temperature)
        self.prior_temperature = float(prior_temperature)
        self.seconds = _budget(seconds)

    def __call__(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """Search from the observation and return the most visited legal action."""
        if len(legal) == 1:
            return legal[0]
        with deciding(game):
            return self._search(game, observation, legal, rng)

    def _search(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        seat, view = view_of(game, observation)
        root = _Node()
        hooks = (
            hook(game, "resolve"),
            hook(game, "candidates"),
            hook(game, "evaluate"),
            hook(game, "determinize"),
        )
        deal = hooks[3]
        public = hook(game, "public_choices")
        memo = _Memo(game, hooks[1], public is not None and bool(public(game)))
        by_key = {str(a): a for a in legal}
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        iterations = self.iterations
        for k in range(iterations):
            if deadline is not None and k and time.perf_counter() >= deadline:
                break
            state = view if deal is None else deal(game, view, seat, rng)
            if state is not view:
                state = memo.canonical(state, view)
            self._iterate(game, state, root, rng, hooks, memo, seat)
            if _decided(root, by_key, iterations - k - 1):
                break
        scored = [
            (e.n, (e.w + e.q0[seat]) / (e.n + 1), key)
            for key, e in root.edges.items()
            if key in by_key
        ]
        if not scored:
            return legal[0]
        return by_key[max(scored)[2]]

    def _expand(
        self,
        game: Any,
        state: Any,
        node: _Node,
        cands: list,
        keys: list[str],
        mover: int,
        rng: random.Random,
        hooks: tuple,
        memo: _Memo,
        follow: bool,
    ) -> None:
        """Give every new candidate an edge with its static value and prior."""
        edges = node.edges
        fresh = [(a, k) for a, k in zip(cands, keys) if k not in edges]
        if not fresh:
            return
        resolve, value = hooks[0], hooks[2]
        temperature = self.temperature
        to_move, nexts, exp = game.to_move, memo.nexts, math.exp
        vectors, mine = [], []
        for a, _ in fresh:
            hit = nexts.get((id(state), id(a)))
            after = hit[2] if hit is not None else memo.apply(state, a)
            moving = to_move(after)
            if follow and resolve is not None and moving is not None:
                after = resolve(game, after, rng)
                moving = to_move(after)
            if moving is None:
                v = outcome_rewards(game, after, temperature)
                vectors.append(v)
                mine.append(100.0 * v[mover])
                continue
            values = tuple(game.scores(after)) if value is None else value(game, after)
            # softmax_rewards(values, temperature), written out
            top = max(values)
            w = [exp((x - top) / temperature) for x in values]
            total = sum(w)
            vectors.append([x / total for x in w])
            others = [x for i, x in enumerate(values) if i != mover]
            mine.append(values[mover] - 0.25 * sum(others) / max(len(others), 1))
        # priors: a softmax of the mover's greedy values (VP) at prior_temperature
        top = max(mine)
        weights = [math.exp((m - top) / self.prior_temperature) for m in mine]
        total = sum(weights)
        for (_, key), v, wt in zip(fresh, vectors, weights, strict=True):
            edges[key] = _Edge(wt / total, v)

    def _iterate(
        self,
        game: Any,
        state: Any,
        node: _Node,
        rng: random.Random,
        hooks: tuple,
        memo: _Memo,
        seat: int,
    ) -> None:
        path: list[tuple[_Edge, int]] = []
        scope = self.follow_ups
        rewards = None
        c = self.c
        to_move = game.to_move
        sqrt = math.sqrt
        step, choice = memo.apply, memo.choice
        # the moves so far (:meth:`_Memo.path`; -1 when choices are not shared)
        moves = 0 if memo.shared else -1
        # the memo's tables read here directly (a hit then costs no call)
        nexts, choices = memo.nexts, memo.choices
        while True:
            mover = to_move(state)
            if mover is None:
                rewards = outcome_rewards(game, state, self.temperature)
                break
            if mover == CHANCE:
                drawn = sample_outcome(memo.outcomes(state), rng)
                if moves >= 0:
                    moves = memo.path(moves, drawn)
                state = step(state, drawn)
                continue
            entry = choices.get(id(state))
            if entry is not None:
                legal, cands, keys = entry[1], entry[2], entry[3]
            else:
                legal, cands, keys = choice(state, moves)
            if len(legal) == 1:
                if moves >= 0:
                    moves = memo.path(moves, legal[0])
                hit = nexts.get((id(state), id(legal[0])))
                state = hit[2] if hit is not None else step(state, legal[0])
                continue
            seen = node.seen.get(id(state))
            if seen is not None and seen[0] is state:
                edges = seen[1]
            else:
                known = node.edges
                fresh = not known
                for k in keys:
                    if k not in known:  # a candidate without an edge yet
                        follow = scope == "all" or (
                            mover == seat and (scope == "own" or not path)
                        )
                        self._expand(
                            game,
                            state,
                            node,
                            cands,
                            keys,
                            mover,
                            rng,
                            hooks,
                            memo,
                            follow,
                        )
                        break
                edges = [(a, known[k]) for a, k in zip(cands, keys)]
                node.seen[id(state)] = (state, edges)
                if fresh:
                    a, edge = max(edges, key=lambda t: t[1].q0[mover])
                    path.append((edge, mover))
                    rewards = edge.q0
                    break
            node.visits += 1
            best, best_u = None, -math.inf
            for pair in edges:
                edge = pair[1]
                edge.avail += 1  # every child legal here is available
                n = edge.n
                u = (edge.w + edge.q0[mover]) / (n + 1) + c * edge.prior * sqrt(
                    edge.avail
                ) / (1 + n)
                if u > best_u:
                    best, best_u = pair, u
            a, edge = best
            path.append((edge, mover))
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
            if moves >= 0:
                moves = memo.path(moves, a)
            hit = nexts.get((id(state), id(a)))
            state = hit[2] if hit is not None else step(state, a)
        for edge, mover in path:
            edge.n += 1
            edge.w += rewards[mover]

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        if self.follow_ups != "all":
            budget += f", follow_ups={self.follow_ups!r}"
        return (
            f"MCTSAgent(iterations={self.iterations}, c={self.c}, "
            f"temperature={self.temperature}, "
            f"prior_temperature={self.prior_temperature}{budget})"
        )


def _decided(root: _Node, by_key: dict, remaining: int) -> bool:
    """Whether the most visited legal root action stays so whatever comes next.

    The choice is the edge with most visits; when it leads every other by more
    than the iterations left, none can catch up, so stopping now decides
    exactly as running on would.
    """
    first = second = 0
    for key, e in root.edges.items():
        if key in by_key:
            n = e.n
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
    return first > second + remaining


def _budget(seconds: Any) -> float | None:
    """A time budget in seconds: None, or a positive finite number."""
    if seconds is None:
        return None
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 < seconds < math.inf
    ):
        raise ValueError(
            f"a time budget is a positive number of seconds, not {seconds!r}"
        )
    return float(seconds)
