"""The play loop: agents decide, chance is drawn from seeded streams."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .game import CHANCE
from .record import Record


def sample_outcome(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """Draw one chance outcome with the given probabilities."""
    x = rng.random()
    total = 0.0
    if isinstance(outcomes, list):  # what engines return: native list iteration
        pairs: list[tuple[Any, float]] = outcomes
        for pair in pairs:
            total += pair[1]
            if x < total:
                return pair[0]
        return pairs[-1][0]
    for action, p in outcomes:
        total += p
        if x < total:
            return action
    return outcomes[-1][0]


def random_agent(
    game: Any, observation: Any, actions: Sequence[Any], rng: random.Random
) -> Any:
    """Pick a legal action uniformly at random."""
    n = len(actions)
    # int(random() * n) is uniform up to float rounding and ~3x cheaper than randrange.
    return actions[int(rng.random() * n)] if n > 1 else actions[0]


def streams(
    seed: int | None, players: int
) -> tuple[random.Random, list[random.Random]]:
    """The chance stream and one stream per seat, independent and reproducible.

    String seeds are hashed with SHA-512 by :class:`random.Random`, so the streams
    do not depend on ``PYTHONHASHSEED`` or the machine.
    """
    chance = random.Random(f"{seed}:chance")
    agents = [random.Random(f"{seed}:seat:{seat}") for seat in range(players)]
    return chance, agents


def play(
    game: Any,
    agents: Sequence[Any],
    seed: int | None = 0,
    max_steps: int = 1_000_000,
    observe: bool = True,
) -> tuple[Any, Record]:
    """Play one game and return ``(final_state, record)``.

    ``agents[seat]`` is called as ``agent(game, game.observe(state, seat), legal, rng)``.
    Chance turns are drawn from a separate stream, so changing an agent never
    changes the dice. The global :mod:`random` module is never touched.
    """
    if len(agents) != game.players:
        raise ValueError(
            f"{game.players} players need {game.players} agents, got {len(agents)}"
        )
    chance_rng, agent_rngs = streams(seed, game.players)
    state = game.setup()
    actions: list[str] = []
    # Bound methods hoisted out of the loop: this loop is the simulation hot path.
    to_move, outcomes, legal_actions = (
        game.to_move,
        game.chance_outcomes,
        game.legal_actions,
    )
    view_of, apply, add = game.observe, game.apply, actions.append
    for _ in range(max_steps):
        seat = to_move(state)
        if seat is None:
            break
        if seat == CHANCE:
            action = sample_outcome(outcomes(state), chance_rng)
        else:
            legal = legal_actions(state)
            view = view_of(state, seat) if observe else state
            action = agents[seat](game, view, legal, agent_rngs[seat])
        state = apply(state, action)
        add(str(action))
    else:
        raise RuntimeError(f"game did not end within {max_steps} steps")
    record = Record(
        game=game.name,
        players=game.players,
        seed=seed,
        actions=tuple(actions),
        options=dict(game.options),
        agents=tuple(getattr(a, "__name__", type(a).__name__) for a in agents),
        scores=tuple(game.scores(state)),
    )
    return state, record
