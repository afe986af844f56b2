"""Bots that play any toolkit game through the shared protocol.

Every bot is a callable ``agent(game, observation, legal_actions, rng)`` that
sees only ``game.observe(state, seat)`` (it re-applies ``observe`` itself, so
even a full state cannot leak hidden information into its decision) and draws
randomness only from ``rng``:

=========  ==============================================================
``random``  uniformly random legal action
``greedy``  best position one decision ahead by the game's evaluation
``mc``      flat Monte Carlo over determinised playouts
``mcts``    information-set MCTS over determinisations (SO-ISMCTS)
=========  ==============================================================

>>> from toolkit.agents import make_agent, parse_agents
>>> make_agent("mcts:80")
MCTSAgent(iterations=80, c=1.0, temperature=4.0, prior_temperature=1.0)
>>> [a.name for a in parse_agents("greedy,random", players=2)]
['greedy', 'random']

The search bots take an iteration (or playout) budget, a time budget per
decision, or both (whichever ends first); with a time budget a bot's choices
depend on the machine's speed:

>>> make_agent("mcts:200/20ms")
MCTSAgent(iterations=200, c=1.0, temperature=4.0, prior_temperature=1.0, seconds=0.02)
>>> make_agent("mc:0.5s").seconds
0.5

Game knowledge (evaluation, determinisation, playout policy) lives in each
game's ``bots`` part (``toolkit/<game>/bots.py``, found by
:func:`toolkit.core.part`); :func:`toolkit.agents.base.hook` lists the hooks
and the fallback for a game without them.
"""

from __future__ import annotations

from typing import Any

from .base import HOOK_KINDS, determinize, evaluate, view_of
from .search import MCTSAgent, MonteCarloAgent
from .simple import GreedyAgent, RandomAgent

#: Bot names -> (class, name of its budget parameter or None).
BOTS: dict[str, tuple[type, str | None]] = {
    "random": (RandomAgent, None),
    "greedy": (GreedyAgent, None),
    "mc": (MonteCarloAgent, "simulations"),
    "mcts": (MCTSAgent, "iterations"),
}
_ALIASES = {"montecarlo": "mc", "ismcts": "mcts"}


class AgentSpecError(ValueError):
    """An unknown bot name, a bad budget or a wrong number of agents."""


#: The iteration cap of a search bot given only a time budget (``"mcts:50ms"``).
UNCAPPED = 1_000_000_000


def _seconds(text: str) -> float | None:
    """``"50ms"`` -> 0.05, ``"2s"`` / ``"0.5s"`` -> seconds; None if not a time."""
    for unit, scale in (("ms", 0.001), ("s", 1.0)):
        if text.endswith(unit):
            number = text[: -len(unit)]
            try:
                value = float(number) * scale
            except ValueError:
                return None
            return value if 0 < value < 3600 and number[:1].isdigit() else None
    return None


#: The largest iteration (or playout) budget a bot spec may ask for: beyond it a
#: decision would run for hours and an MCTS tree would grow without end, so
#: ``"mcts:99999999999999"`` is refused (a time budget such as ``mcts:2s`` is the
#: way to let a bot think long).
MAX_ITERATIONS = 1_000_000


def make_agent(spec: str) -> Any:
    """Make a bot from its name and optional budget.

    ``"mcts"``, ``"mcts:200"`` (iterations), ``"mcts:50ms"`` or ``"mc:0.5s"``
    (a time budget per decision), ``"mcts:200/50ms"`` (both; whichever ends
    first).
    """
    if not isinstance(spec, str):
        raise AgentSpecError(f"a bot is named by text, got {spec!r}")
    name, _, budget = spec.strip().partition(":")
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in BOTS:
        raise AgentSpecError(
            f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}"
        )
    cls, param = BOTS[key]
    if not budget:
        return cls()
    if param is None:
        raise AgentSpecError(f"bot {key!r} takes no budget (got {spec!r})")
    count, seconds = None, None
    for piece in budget.split("/"):
        if piece.isdigit() and len(piece) > len(str(MAX_ITERATIONS)):
            raise AgentSpecError(
                f"the budget in {spec!r} is over {MAX_ITERATIONS:,} iterations; "
                "give a time budget instead, such as 2s"
            )
        if piece.isdigit() and int(piece) >= 1 and count is None:
            if int(piece) > MAX_ITERATIONS:
                raise AgentSpecError(
                    f"the budget in {spec!r} is over {MAX_ITERATIONS:,} iterations; "
                    "give a time budget instead, such as 2s"
                )
            count = int(piece)
        elif _seconds(piece) is not None and seconds is None:
            seconds = _seconds(piece)
        else:
            raise AgentSpecError(
                f"the budget in {spec!r} must be a positive whole number of "
                "iterations, a time such as 50ms or 0.5s (under an hour), or both "
                "as 200/50ms"
            )
    if seconds is None:
        return cls(**{param: count})
    return cls(**{param: UNCAPPED if count is None else count, "seconds": seconds})


def parse_agents(text: str | list | tuple, players: int | None = None) -> list[Any]:
    """Bots from ``"greedy,random,mcts"`` (or a list of names); checks the count."""
    specs = text.split(",") if isinstance(text, str) else list(text)
    specs = [s.strip() if isinstance(s, str) else s for s in specs]
    if any(s == "" for s in specs):
        raise AgentSpecError(f"empty bot name in {text!r}")
    agents = [make_agent(s) if isinstance(s, str) else s for s in specs]
    if players is not None and len(agents) != players:
        raise AgentSpecError(
            f"{players} players need {players} agents, got {len(agents)} ({text!r})"
        )
    return agents


__all__ = [
    "BOTS",
    "HOOK_KINDS",
    "MAX_ITERATIONS",
    "AgentSpecError",
    "GreedyAgent",
    "MCTSAgent",
    "MonteCarloAgent",
    "RandomAgent",
    "determinize",
    "evaluate",
    "make_agent",
    "parse_agents",
    "view_of",
]
