"""Game records: a seeded game written as JSON, replayed by folding ``apply``.

A record may come from someone else, so reading one is strict and bounded:

* a record file holds at most :data:`MAX_RECORD_BYTES` (16 MB) and is read no
  further than that (so ``/dev/zero`` is refused, not read);
* its JSON nests at most :data:`MAX_RECORD_DEPTH` levels, and a whole number in
  it has at most :data:`MAX_DIGITS` digits;
* every problem is a :class:`RecordError` naming the file and the field (e.g.
  ``field 'options.max_rounds'``) or the action (``action 17 ('move ...')``);
  a bad value or action is quoted only as a short excerpt;
* the options are checked by the game's own constructor; its message names the
  option, which the error names as ``options.<name>``;
* a record names no local file: a game class may list the options that name
  something on this computer (a folder of data files, say) in a class attribute
  ``local_options``, a tuple of option names. Such options come from code only:
  :meth:`Record.load` and :func:`replay` refuse a record that sets one, unless
  the game is passed (``Record.load(path, game)``, ``replay(record, game)``),
  and then the game object, not the record, decides where its data comes from.

Nothing in a record is evaluated or unpickled.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: The largest record file read, in bytes (16 MB: a long game takes some 50 kB).
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: The deepest nesting of JSON arrays and objects in a record (options nest 3).
MAX_RECORD_DEPTH = 32
#: The most digits of a whole number in a record (a seed, a count).
MAX_DIGITS = 100
#: The longest excerpt of a bad value or action quoted in a message.
EXCERPT = 80

# A JSON string (to skip it when counting brackets) and the brackets themselves.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKETS = str.maketrans("{}", "[]")


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the file, the entry and why."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """``repr(value)`` cut to ``limit`` characters of text and ``...``."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "..."
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


class _Refused:
    """A value the parser refuses, kept in its place so the error names the field.

    A whole number of more than :data:`MAX_DIGITS` digits, or ``NaN`` or
    ``Infinity`` (which Python's JSON reader accepts, but JSON has not).
    """

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return self.what


def _parse_int(text: str) -> int | _Refused:
    digits = len(text.lstrip("-"))
    if digits <= MAX_DIGITS:
        return int(text)
    return _Refused(f"a number of {digits:,} digits (at most {MAX_DIGITS})")


def _parse_constant(name: str) -> _Refused:
    return _Refused(f"{name} (not a JSON number)")


def _too_deep(text: str) -> bool:
    """Whether the JSON arrays and objects in ``text`` nest deeper than allowed.

    Counted on the brackets outside strings only, without recursion (the JSON
    parser itself recurses, so a deep text must be refused before parsing).
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)).translate(_BRACKETS)
    depth = 0
    for c in brackets:
        depth += 1 if c == "[" else -1
        if depth > MAX_RECORD_DEPTH:
            return True
    return False


def _too_big(size: int | None) -> str:
    return (
        f"the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB "
        f"({MAX_RECORD_BYTES:,} bytes), the most a record may hold"
        + (f"; it has {size:,} bytes" if size is not None else "")
    )


def game_class(name: str) -> type:
    """The class of a game registered in :data:`toolkit.GAMES`, by name."""
    import importlib

    from toolkit import GAMES

    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise RecordError("game", f"unknown game {excerpt(name)}; known games: {known}")
    module, _, cls = GAMES[name].partition(":")
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


def _local_options(record: Record) -> list[str]:
    """The options of ``record`` its game class marks as code-only (``local_options``)."""
    try:
        cls = game_class(record.game)
    except RecordError:
        return []  # an unknown game: replaying it says so
    local = getattr(cls, "local_options", ())
    return [k for k in record.options if k in local]


def _refuse_local(record: Record, prefix: str) -> None:
    """Refuse a record that sets an option its game marks as ``local_options``."""
    for name in _local_options(record):
        raise RecordError(
            f"{prefix}field 'options.{name}'",
            f"a record may not set {name!r}: it names something on this computer "
            f"({excerpt(record.options[name])}). Custom data comes from code: build "
            "the game with it and pass it, as in Record.load(path, game) and "
            "replay(record, game)",
        )


@dataclasses.dataclass(frozen=True)
class Record:
    """One game: which game and options, the seed, and every action in text notation.

    ``actions`` includes chance turns, so :func:`replay` needs no random numbers.
    ``source`` names the file it was read from (for messages; not part of the record).
    """

    game: str
    players: int
    seed: int | None
    actions: tuple[str, ...]
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    agents: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    source: str | None = dataclasses.field(default=None, compare=False, repr=False)

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
        """Parse and check a record; errors name ``source`` and the bad field.

        The text may hold at most :data:`MAX_RECORD_BYTES` characters, nest at
        most :data:`MAX_RECORD_DEPTH` levels and have whole numbers of at most
        :data:`MAX_DIGITS` digits.
        """
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(source, _too_big(len(text)))
        if _too_deep(text):
            raise RecordError(
                source,
                f"the JSON nests deeper than {MAX_RECORD_DEPTH} levels, "
                "the most a record may",
            )
        try:
            data = json.loads(
                text, parse_int=_parse_int, parse_constant=_parse_constant
            )
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{source}, line {exc.lineno}", f"not valid JSON ({exc.msg})"
            ) from None
        except (ValueError, RecursionError) as exc:
            raise RecordError(source, f"not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise RecordError(source, "a record must be a JSON object")

        def bad(where: str, expected: str, value: Any) -> RecordError:
            return RecordError(
                f"{source}, {where}", f"expected {expected}, got {excerpt(value)}"
            )

        def need(field: str, kind: type, expected: str, optional: bool = False) -> Any:
            if field not in data:
                if optional:
                    return None
                raise RecordError(f"{source}, field '{field}'", "missing")
            value = data[field]
            if (value is None and optional) or (
                isinstance(value, kind) and not isinstance(value, bool)
            ):
                return value
            raise bad(f"field '{field}'", expected, value)

        def entries(field: str, kind: type, expected: str) -> tuple:
            items = need(field, list, "a list", optional=field != "actions") or []
            for i, item in enumerate(items):
                if not isinstance(item, kind) or isinstance(item, bool):
                    raise bad(f"field '{field}', entry {i}", expected, item)
            return tuple(items)

        actions = entries("actions", str, "text")
        options = need("options", dict, "an object", optional=True) or {}
        for name, value in options.items():
            if _holds_refused(value):
                raise bad(f"field 'options.{name}'", "a JSON value", value)
        agents = entries("agents", str, "text")
        scores = entries("scores", int, "a whole number")
        return cls(
            game=need("game", str, "text"),
            players=need("players", int, "a whole number"),
            seed=need("seed", int, "a whole number or null", optional=True),
            actions=actions,
            options=dict(options),
            agents=agents,
            scores=scores,
            source=None if source == "<record>" else source,
        )

    def save(self, path: str | Path) -> None:
        """Write the record as JSON to ``path``."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, game: Any = None) -> Record:
        """Read a record from ``path`` (JSON only: nothing is evaluated or unpickled).

        At most :data:`MAX_RECORD_BYTES` are read. A record that sets an option
        its game marks as code-only (``local_options``, e.g. a data folder) is
        refused unless ``game``, the game it will be replayed with, is passed.
        """
        path = Path(path)
        try:
            with path.open("rb") as f:
                raw = f.read(MAX_RECORD_BYTES + 1)  # never more: /dev/zero is endless
                size = (
                    os.fstat(f.fileno()).st_size if len(raw) > MAX_RECORD_BYTES else 0
                )
        except OSError as exc:
            raise RecordError(str(path), f"cannot read the file ({exc})") from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(str(path), _too_big(size if size > len(raw) else None))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(str(path), f"cannot read the file ({exc})") from None
        record = cls.from_json(text, source=str(path))
        if game is None:
            _refuse_local(record, f"{path}, ")
        return record


def _holds_refused(value: Any) -> bool:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, _Refused):
            return True
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def make_game(name: str, players: int, **options: Any) -> Any:
    """Create a game registered in :data:`toolkit.GAMES` by name, e.g. ``make_game(name, 4)``."""
    return game_class(name)(players=players, **options)


def _option_named(message: str, names: list[str]) -> str | None:
    """The first of ``names`` that ``message`` mentions as a word, if any."""
    found = [
        (m.start(), name)
        for name in names
        if (m := re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", message))
    ]
    return min(found)[1] if found else None


def _record_game(record: Record, prefix: str) -> Any:
    """The game a record was played with, built from its name and options.

    Every option must be one of the game's ``defaults`` and none of its
    ``local_options``; the game's constructor checks the values, and its
    message (which names the option) becomes a :class:`RecordError` naming
    ``options.<name>`` (or ``players``).
    """
    try:
        cls = game_class(record.game)
    except RecordError as exc:
        raise RecordError(
            f"{prefix}field 'game'", str(exc).partition(": ")[2]
        ) from None
    _refuse_local(record, prefix)
    known = getattr(cls, "defaults", None)
    if isinstance(known, dict):
        for name in record.options:
            if name not in known:
                raise RecordError(
                    f"{prefix}field 'options.{excerpt(name)[1:-1]}'",
                    f"{record.game} has no option {excerpt(name)}; "
                    f"its options are {', '.join(sorted(known))}",
                )
    try:
        return cls(players=record.players, **record.options)
    except RecordError:
        raise
    except Exception as exc:  # a bad option value: the constructor says which
        message = _short(str(exc))
        culprit = _option_named(str(exc), ["players", *record.options])
        field = (
            "players"
            if culprit == "players"
            else f"options.{culprit}"
            if culprit
            else ""
        )
        where = f"{prefix}field '{field or 'options'}'"
        raise RecordError(where, message) from None


def replay_states(record: Record, game: Any = None) -> Iterator[Any]:
    """Yield every state of a recorded game, from the setup to the last action.

    Without ``game``, the game is built from the record's name and options
    (refusing the options its game marks as ``local_options``). Every problem
    is a :class:`RecordError` naming the record's file (when it was read from
    one) and the field or the action index, quoting a bad action in short.
    """
    prefix = f"{record.source}, " if record.source else ""
    if game is None:
        game = _record_game(record, prefix)
    state = game.setup()
    yield state
    for i, text in enumerate(record.actions):
        try:
            action = game.parse_action(text)
            state = game.apply(state, action)
        except ValueError as exc:  # IllegalAction included
            raise RecordError(
                f"{prefix}action {i} ({excerpt(text)})", _short(str(exc), text)
            ) from None
        except Exception as exc:  # the game failed on the text: still the record's
            raise RecordError(
                f"{prefix}action {i} ({excerpt(text)})",
                f"the game cannot read or apply it ({type(exc).__name__}: "
                f"{_short(str(exc), text)})",
            ) from exc
        yield state


def _short(message: str, quoted: str = "", limit: int = 300) -> str:
    """``message`` with a long ``quoted`` text in it cut to an excerpt, at most ``limit``."""
    if len(quoted) > EXCERPT:
        message = message.replace(repr(quoted), excerpt(quoted))
        message = message.replace(quoted, quoted[:EXCERPT] + "...")
    return message if len(message) <= limit else message[:limit] + "..."


def replay(record: Record, game: Any = None) -> Any:
    """The final state of a recorded game (a fold of ``apply`` over its actions)."""
    return deque(replay_states(record, game), maxlen=1)[0]
