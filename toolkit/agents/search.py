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
    determinize,
    hook,
    outcome_rewards,
    playout,
    softmax_rewards,
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
        seat, view = view_of(game, observation)
        cands = _candidates(game, view, legal)
        policy = hook(game, "policy")
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
            state = game.apply(determinize(game, view, seat, rng), cands[i])
            totals[i] += playout(game, state, rng, self.depth, policy)[seat]
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
    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.visits = 0


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
    ) -> None:
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
        seat, view = view_of(game, observation)
        root = _Node()
        hooks = (
            hook(game, "resolve"),
            hook(game, "candidates"),
            hook(game, "evaluate"),
            hook(game, "determinize"),
        )
        deal = hooks[3]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for k in range(self.iterations):
            if deadline is not None and k and time.perf_counter() >= deadline:
                break
            state = view if deal is None else deal(game, view, seat, rng)
            self._iterate(game, state, root, rng, hooks)
        by_key = {str(a): a for a in legal}
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
    ) -> None:
        """Give every new candidate an edge with its static value and prior."""
        edges = node.edges
        fresh = [(a, k) for a, k in zip(cands, keys) if k not in edges]
        if not fresh:
            return
        resolve, value = hooks[0], hooks[2]
        vectors, mine = [], []
        for a, _ in fresh:
            after = game.apply(state, a)
            if resolve is not None and game.to_move(after) is not None:
                after = resolve(game, after, rng)
            if game.to_move(after) is None:
                v = outcome_rewards(game, after, self.temperature)
                vectors.append(v)
                mine.append(100.0 * v[mover])
                continue
            values = tuple(game.scores(after)) if value is None else value(game, after)
            vectors.append(softmax_rewards(values, self.temperature))
            others = [x for i, x in enumerate(values) if i != mover]
            mine.append(values[mover] - 0.25 * sum(others) / max(len(others), 1))
        # priors: a softmax of the mover's greedy values (VP) at prior_temperature
        top = max(mine)
        weights = [math.exp((m - top) / self.prior_temperature) for m in mine]
        total = sum(weights)
        for (_, key), v, wt in zip(fresh, vectors, weights, strict=True):
            edges[key] = _Edge(wt / total, v)

    def _iterate(
        self, game: Any, state: Any, node: _Node, rng: random.Random, hooks: tuple
    ) -> None:
        cand_fn = hooks[1]
        path: list[tuple[_Edge, int]] = []
        rewards = None
        while True:
            mover = game.to_move(state)
            if mover is None:
                rewards = outcome_rewards(game, state, self.temperature)
                break
            if mover == CHANCE:
                state = game.apply(
                    state, sample_outcome(game.chance_outcomes(state), rng)
                )
                continue
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = game.apply(state, legal[0])
                continue
            cands = list(legal) if cand_fn is None else cand_fn(game, state, legal)
            fresh = not node.edges
            keys = [str(a) for a in cands]
            self._expand(game, state, node, cands, keys, mover, rng, hooks)
            known = node.edges
            edges = [(a, known[k]) for a, k in zip(cands, keys)]
            if fresh:
                a, edge = max(edges, key=lambda t: t[1].q0[mover])
                path.append((edge, mover))
                rewards = edge.q0
                break
            node.visits += 1
            for _, edge in edges:
                edge.avail += 1
            best, best_u = None, -float("inf")
            for a, edge in edges:
                q = (edge.w + edge.q0[mover]) / (edge.n + 1)
                u = q + self.c * edge.prior * math.sqrt(edge.avail) / (1 + edge.n)
                if u > best_u:
                    best, best_u = (a, edge), u
            a, edge = best
            path.append((edge, mover))
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
            state = game.apply(state, a)
        for edge, mover in path:
            edge.n += 1
            edge.w += rewards[mover]

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        return (
            f"MCTSAgent(iterations={self.iterations}, c={self.c}, "
            f"temperature={self.temperature}, "
            f"prior_temperature={self.prior_temperature}{budget})"
        )


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
