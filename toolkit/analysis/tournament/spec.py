"""The tournament specification: what every worker needs to play any of its games."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .collect import tables_of


class TournamentError(ValueError):
    """Bad tournament input, reported before any game is played."""


@dataclass
class TournamentSpec:
    """Everything a worker needs to play any game of the tournament (picklable)."""

    game: Any
    agents: list
    labels: list[str]
    seed: int
    turns: bool = False
    max_steps: int = 100_000
    #: One row per decision (``decisions`` table) and every seat's score in
    #: each turn row (``score_<seat>``): the detail :mod:`toolkit.analysis.metrics`
    #: reads. Off by default (it costs a ``progress`` call and a row per decision).
    detail: bool = False

    @property
    def players(self) -> int:
        """Seats per game."""
        return self.game.players

    @property
    def tables(self) -> tuple[str, ...]:
        """The tables this tournament can fill: the shared ones, then the game's own."""
        return tables_of(self.game) + (("decisions",) if self.detail else ())

    def entrant(self, index: int, seat: int) -> int:
        """Return the entrant playing ``seat`` in game ``index`` (seats rotate)."""
        return (seat - index) % self.players

    def lineup(self, index: int) -> list:
        """Return the agents of game ``index``, in seat order."""
        return [self.agents[self.entrant(index, s)] for s in range(self.players)]

    def seed_of(self, index: int) -> int:
        """Return the seed of game ``index`` (shared by the rotations of a deal)."""
        return deal_seed(self.seed, index // self.players)


def deal_seed(seed: int, deal: int) -> int:
    """Derive a deal's seed from the tournament seed (SHA-256; below 2**53)."""
    digest = hashlib.sha256(f"tournament:{seed}:{deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def label(agent: Any) -> str:
    """Return the name an agent object goes by in the tables."""
    return str(
        getattr(agent, "name", None)
        or getattr(agent, "__name__", None)
        or type(agent).__name__
    )


def prepare(
    game: Any,
    agents: Sequence[Any] | str,
    seed: int = 0,
    *,
    players: int | None = None,
    turns: bool = False,
    detail: bool = False,
    **options: Any,
) -> TournamentSpec:
    """Check the input and build a :class:`TournamentSpec`.

    Raises :class:`TournamentError` on bad input, before any game is played.

    ``game`` is a game object or a registered name (a key of ``toolkit.GAMES``;
    then ``players`` defaults to the number of agents and ``options`` go to the
    game). ``agents`` are agent callables or bot names (``"greedy"``,
    ``"mcts:200"``; a comma-separated string works too). The ``agent``
    column of the tables holds the name as given (``"mcts:200"``), or the
    agent's ``name`` attribute. ``detail=True`` (implies ``turns``) also
    records one row per decision and every seat's score after each turn.
    """
    from toolkit.agents import AgentSpecError, parse_agents

    if isinstance(agents, str):
        agents = agents.split(",")
    agents = list(agents)
    if not agents:
        raise TournamentError("a tournament needs at least one agent")
    if isinstance(game, str):
        from toolkit.core import make_game
        from toolkit.core.record import RecordError

        n = players if players is not None else len(agents)
        try:
            game = make_game(game, n, **options)
        except (RecordError, TypeError, ValueError, ImportError) as exc:
            raise TournamentError(f"cannot create the game: {exc}") from None
    elif options or players not in (None, getattr(game, "players", None)):
        raise TournamentError(
            "players and options apply only when the game is given by name"
        )
    names = [a.strip().lower() if isinstance(a, str) else None for a in agents]
    try:
        agents = parse_agents(agents, players=game.players)
    except AgentSpecError as exc:
        raise TournamentError(str(exc)) from None
    for a in agents:
        if not callable(a):
            raise TournamentError(f"agent {a!r} is not callable")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TournamentError(f"seed must be a whole number, got {seed!r}")
    return TournamentSpec(
        game=game,
        agents=agents,
        labels=[n or label(a) for n, a in zip(names, agents, strict=True)],
        seed=seed,
        turns=bool(turns) or bool(detail),
        detail=bool(detail),
    )
