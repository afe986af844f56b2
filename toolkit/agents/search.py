"""Search bots: flat Monte Carlo and information-set MCTS.

Both see only the observation. Every simulation starts from a fresh
*determinisation*: the hidden part of the state (for Pioneers, the values of
other players' gold nuggets) is sampled consistently with what the seat has
seen (:func:`toolkit.agents.base.determinize`). Playouts run the game's fast
policy for at most ``depth`` decisions; an unfinished playout is scored by the
game's evaluation turned into win chances, a finished one by who won.

:class:`MCTSAgent` is single-observer information-set MCTS (Cowling, Powley and
Whitehouse 2012, "SO-ISMCTS"): one tree over the seat's *decision points*,
shared by all determinisations. Edges are actions (keyed by their notation);
a node's children are the actions legal in the current determinisation, and
UCB1 counts a child's *availability* instead of the parent's visits. Every
seat chooses by its own reward (max^n), chance outcomes are sampled, not
stored (an open-loop tree), and forced moves take no node.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome

from .base import determinize, hook, outcome_rewards, playout, view_of

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
    """

    name = "mc"
    __name__ = "mc"

    def __init__(self, simulations: int = 48, depth: int = 24) -> None:
        self.simulations = int(simulations)
        self.depth = int(depth)

    def __call__(self, game: Any, observation: Any, legal: Sequence[Any],
                 rng: random.Random) -> Any:
        """Return the action with the best mean playout reward."""
        if len(legal) == 1:
            return legal[0]
        seat, view = view_of(game, observation)
        cands = _candidates(game, view, legal)
        policy = hook(game, "policy")
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for k in range(max(self.simulations, len(cands))):
            i = k % len(cands)
            state = game.apply(determinize(game, view, seat, rng), cands[i])
            totals[i] += playout(game, state, rng, self.depth, policy)[seat]
            counts[i] += 1
        best = max(range(len(cands)), key=lambda i: (totals[i] / counts[i], -i))
        return cands[best]

    def __repr__(self) -> str:
        return f"MonteCarloAgent(simulations={self.simulations}, depth={self.depth})"


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class MCTSAgent:
    """Single-observer information-set MCTS with determinisation.

    Parameters
    ----------
    iterations : int
        Determinise-select-expand-playout-backup cycles per decision.
    depth : int
        Decisions played in each playout before the evaluation takes over.
    c : float
        UCB1 exploration constant (rewards lie in [0, 1]).
    """

    name = "mcts"
    __name__ = "mcts"

    def __init__(self, iterations: int = 120, depth: int = 24, c: float = 0.7) -> None:
        self.iterations = int(iterations)
        self.depth = int(depth)
        self.c = float(c)

    def __call__(self, game: Any, observation: Any, legal: Sequence[Any],
                 rng: random.Random) -> Any:
        """Search from the observation and return the most visited legal action."""
        if len(legal) == 1:
            return legal[0]
        seat, view = view_of(game, observation)
        root = _Node()
        policy = hook(game, "policy")
        for _ in range(self.iterations):
            self._iterate(game, determinize(game, view, seat, rng), root, rng, policy)
        by_key = {str(a): a for a in legal}
        scored = [(child.visits, child.total / max(child.visits, 1), key)
                  for key, child in root.children.items() if key in by_key]
        if not scored:
            return legal[0]
        return by_key[max(scored)[2]]

    def _iterate(self, game: Any, state: Any, node: _Node, rng: random.Random,
                 policy: Any) -> None:
        path: list[tuple[_Node, int]] = []
        while True:
            mover = game.to_move(state)
            if mover is None:
                rewards = outcome_rewards(game, state)
                break
            if mover == CHANCE:
                state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
                continue
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = game.apply(state, legal[0])
                continue
            cands = _candidates(game, state, legal)
            children = node.children
            untried = []
            for i, a in enumerate(cands):
                child = children.get(str(a))
                if child is None:
                    untried.append(i)
                else:
                    child.avail += 1
            if untried:
                a = cands[untried[rng.randrange(len(untried))]]
                child = children[str(a)] = _Node()
                path.append((child, mover))
                rewards = playout(game, game.apply(state, a), rng, self.depth, policy)
                break
            log_c = self.c
            best, best_a = None, None
            for a in cands:
                child = children[str(a)]
                u = child.total / child.visits + log_c * math.sqrt(
                    math.log(child.avail) / child.visits)
                if best is None or u > best:
                    best, best_a, best_child = u, a, child
            path.append((best_child, mover))
            node = best_child
            state = game.apply(state, best_a)
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]

    def __repr__(self) -> str:
        return f"MCTSAgent(iterations={self.iterations}, depth={self.depth}, c={self.c})"
