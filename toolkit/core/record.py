"""Game records: a seeded game written as JSON, replayed by folding ``apply``."""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .game import IllegalAction


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the file, the entry and why."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


@dataclasses.dataclass(frozen=True)
class Record:
    """One game: which game and options, the seed, and every action in text notation.

    ``actions`` includes chance turns, so :func:`replay` needs no random numbers.
    """

    game: str
    players: int
    seed: int | None
    actions: tuple[str, ...]
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    agents: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()

    def to_json(self) -> str:
        """The record as a compact, stable JSON text."""
        data = {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "agents": list(self.agents),
            "scores": list(self.scores),
            "actions": list(self.actions),
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, source: str = "<record>") -> Record:
        """Parse and check a record; errors name ``source`` and the bad field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{source}, line {exc.lineno}", f"not valid JSON ({exc.msg})"
            ) from None
        if not isinstance(data, dict):
            raise RecordError(source, "a record must be a JSON object")

        def need(
            field: str, kind: type | tuple[type, ...], optional: bool = False
        ) -> Any:
            if field not in data:
                if optional:
                    return None
                raise RecordError(f"{source}, field '{field}'", "missing")
            value = data[field]
            if (value is None and optional) or (
                isinstance(value, kind) and not isinstance(value, bool)
            ):
                return value
            raise RecordError(
                f"{source}, field '{field}'",
                f"expected {getattr(kind, '__name__', kind)}, got {value!r:.60}",
            )

        actions = need("actions", list)
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(
                    f"{source}, field 'actions', entry {i}",
                    f"expected text, got {a!r:.60}",
                )
        options = need("options", dict, optional=True) or {}
        agents = need("agents", list, optional=True) or []
        scores = need("scores", list, optional=True) or []
        return cls(
            game=need("game", str),
            players=need("players", int),
            seed=need("seed", int, optional=True),
            actions=tuple(actions),
            options=dict(options),
            agents=tuple(str(a) for a in agents),
            scores=tuple(int(s) for s in scores),
        )

    def save(self, path: str | Path) -> None:
        """Write the record as JSON to ``path``."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record from ``path`` (JSON only: nothing is evaluated or unpickled)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(str(path), f"cannot read the file ({exc})") from None
        return cls.from_json(text, source=str(path))


def make_game(name: str, players: int, **options: Any) -> Any:
    """Create a game registered in :data:`toolkit.GAMES` by name, e.g. ``make_game(name, 4)``."""
    import importlib

    from toolkit import GAMES

    if name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise RecordError("game", f"unknown game {name!r}; known games: {known}")
    module, _, cls = GAMES[name].partition(":")
    return getattr(importlib.import_module(module), cls)(players=players, **options)


def replay_states(record: Record, game: Any = None) -> Iterator[Any]:
    """Yield every state of a recorded game, from the setup to the last action."""
    if game is None:
        try:
            game = make_game(record.game, record.players, **record.options)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError("options", str(exc)) from None
    state = game.setup()
    yield state
    for i, text in enumerate(record.actions):
        try:
            action = game.parse_action(text)
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise RecordError(f"action {i} ({text!r})", str(exc)) from None
        except ValueError as exc:
            raise RecordError(f"action {i} ({text!r})", str(exc)) from None
        yield state


def replay(record: Record, game: Any = None) -> Any:
    """The final state of a recorded game (a fold of ``apply`` over its actions)."""
    return deque(replay_states(record, game), maxlen=1)[0]
