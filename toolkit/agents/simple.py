"""The two reference bots: uniformly random and greedy (one decision deep)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE, random_agent

from .base import deciding, determinize, evaluate, hook, view_of

__all__ = ["GreedyAgent", "RandomAgent", "generic_greedy_value"]


class RandomAgent:
    """Pick a legal action uniformly at random (the baseline every bot must beat)."""

    name = "random"
    __name__ = "random"

    def __call__(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """Choose one of ``legal`` with the agent's ``rng`` (``core.random_agent``)."""
        return random_agent(game, observation, legal, rng)

    def __repr__(self) -> str:
        return "RandomAgent()"


def generic_greedy_value(game: Any, state: Any, seat: int) -> float:
    """Own estimated score minus a quarter of the others' mean, chance averaged once."""
    if game.to_move(state) == CHANCE:
        return sum(
            p * generic_greedy_value(game, game.apply(state, a), seat)
            for a, p in game.chance_outcomes(state)[:16]
        )
    values = evaluate(game, state)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - 0.25 * sum(others) / max(len(others), 1)


class GreedyAgent:
    """Take the action whose resulting position evaluates best (no opponent model).

    The value is the game's ``greedy_values`` hook (every action at once) or
    its ``greedy`` hook (its ``bots`` part) or, without either,
    :func:`generic_greedy_value` over the game's evaluation, from the
    seat's own view; hidden values are filled in once per decision by the game's
    determiniser, so they cancel out between the actions compared. Ties are
    broken with the agent's ``rng``.
    """

    name = "greedy"
    __name__ = "greedy"

    def __call__(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """Evaluate every legal action one step ahead and return the best."""
        if len(legal) == 1:
            return legal[0]
        with deciding(game):
            seat, view = view_of(game, observation)
            state = determinize(game, view, seat, rng)
            batch = hook(game, "greedy_values")
            if batch is not None:
                values = batch(game, state, seat, legal)
            else:
                value = hook(game, "greedy") or generic_greedy_value
                values = [value(game, game.apply(state, a), seat) for a in legal]
        best: list[Any] = []
        top = -float("inf")
        for action, v in zip(legal, values, strict=True):
            if v > top + 1e-9:
                top, best = v, [action]
            elif v > top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "GreedyAgent()"
