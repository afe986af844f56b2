"""The encoding contract: what a game's ``encoding`` part provides, and the shared base.

A game's package holds its encoding in the part ``<package>/encoding.py``
(found with ``toolkit.core.part(game, "encoding")``). The part exposes
``Encoder``: a class, built as ``Encoder(game)`` from a game object, usually a
subclass of :class:`EncoderBase`, with

- ``action_labels``: one name per index of the fixed action space; every
  decision a seat can take has an index (``action_index(action)``, or
  ``index_in(state, action)`` where the index depends on the position);
- ``chance_labels``: one name per index of the fixed chance-outcome space
  (``chance_index(outcome)``);
- ``encode(observation, seat)``: a float32 vector of ``size`` entries, all whole
  numbers between 0 and ``high``, computed from ``game.observe(state, seat)``
  alone (so it hides exactly what ``observe`` hides), with its parts named in
  ``segments`` (name, shape, description) and set with :meth:`EncoderBase.set_layout`;
- ``max_score`` (the largest score) and ``max_game_length`` (a bound on the
  number of actions of a game with these options), which OpenSpiel needs;
- optionally ``openspiel_defaults``: engine options OpenSpiel uses instead of
  the game's own ``defaults`` (OpenSpiel needs every game to end, so an option
  that bounds a game's length may default to a bound there).

The base derives the rest from those: ``num_actions``, ``num_chance``,
``legal``, ``chance``, ``mask``, ``split`` and ``describe``.

A game without an encoding part has no RL adapters: a fixed action space is a
choice about the game (which actions exist in every position) that the
protocol, which lists only the legal actions of one state, cannot make.
:func:`encoder` says which part to write.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from toolkit.core import CHANCE, game_package, make_game, part


class Layout:
    """Named segments of a flat vector, with an upper bound per entry.

    >>> lay = Layout()
    >>> lay.add("seat", (3,), 1, "one-hot of the seat")
    0
    >>> lay.add("counts", (2, 2), [5, 9], "two counts per row")
    3
    >>> lay.high.tolist()
    [1.0, 1.0, 1.0, 5.0, 9.0, 5.0, 9.0]
    """

    def __init__(self) -> None:
        self.segments: list[tuple[str, tuple[int, ...], str]] = []
        self.offset: dict[str, int] = {}
        self._high: list[float] = []

    def add(
        self, name: str, shape: tuple[int, ...], high: Sequence[float] | float, doc: str
    ) -> int:
        """Append a segment; ``high`` is one bound, or the bounds of one row."""
        size = int(np.prod(shape))
        row = shape[-1]
        if isinstance(high, int | float):
            highs = [float(high)] * size
        else:
            highs = [float(h) for h in high] * (size // len(high))
        assert len(highs) == size and size % row == 0
        self.offset[name] = len(self._high)
        self.segments.append((name, shape, doc))
        self._high.extend(highs)
        return self.offset[name]

    @property
    def high(self) -> np.ndarray:
        """The upper bound of every entry, as float32."""
        return np.asarray(self._high, dtype=np.float32)


class EncoderBase:
    """What every encoder shares: index tables, legal/chance maps, splitting.

    A subclass sets ``game``, ``players``, ``action_labels``, ``chance_labels``,
    ``max_score`` and ``max_game_length``, calls :meth:`set_layout`, and
    implements :meth:`action_index` and :meth:`encode`. It fills
    ``_chance_index`` (outcome -> index) or overrides :meth:`chance_index`.
    """

    #: Engine options OpenSpiel uses instead of the game's ``defaults``.
    openspiel_defaults: ClassVar[dict[str, Any]] = {}

    game: Any
    players: int
    action_labels: tuple[str, ...]
    chance_labels: tuple[str, ...]
    segments: tuple[tuple[str, tuple[int, ...], str], ...]
    size: int
    high: np.ndarray
    max_score: float
    max_game_length: int
    _chance_index: dict[Any, int]

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space."""
        return len(self.action_labels)

    @property
    def num_chance(self) -> int:
        """Size of the fixed chance-outcome space."""
        return len(self.chance_labels)

    def set_layout(self, layout: Layout) -> None:
        """Take the observation layout: segments, offsets, bounds and size."""
        self.segments = tuple(layout.segments)
        self._offset = layout.offset
        self.high = layout.high
        self.size = len(self.high)

    def action_index(self, action: Any) -> int:
        """The index of an engine action (a decision, not a chance outcome)."""
        raise NotImplementedError

    def index_in(self, state: Any, action: Any) -> int:
        """The index of ``action`` in ``state``.

        The same as :meth:`action_index` unless an encoding gives an action an
        index that depends on the position, and then overrides this.
        """
        return self.action_index(action)

    def chance_index(self, outcome: Any) -> int:
        """The index of an engine chance outcome."""
        return self._chance_index[outcome]

    def legal(self, state: Any) -> dict[int, Any]:
        """Legal indices (sorted) of the seat to move, mapped to engine actions."""
        out: dict[int, Any] = {}
        for a in self.game.legal_actions(state):
            i = self.action_index(a)
            if i in out:
                out[i] = self._merge(out[i], a)
            else:
                out[i] = a
        return dict(sorted(out.items()))

    def _merge(self, kept: Any, new: Any) -> Any:
        """The action an index stands for when two legal actions share it.

        An encoding that maps several engine actions to one index overrides this.
        """
        raise AssertionError(f"two legal actions share one index: {kept} and {new}")

    def chance(self, state: Any) -> list[tuple[int, Any, float]]:
        """The chance turn's outcomes as ``(index, outcome, probability)``, by index."""
        out = [
            (self.chance_index(a), a, p) for a, p in self.game.chance_outcomes(state)
        ]
        out.sort(key=lambda t: t[0])
        return out

    def mask(self, state: Any) -> np.ndarray:
        """The int8 action mask of the seat to move (all zeros at chance or the end)."""
        m = np.zeros(self.num_actions, dtype=np.int8)
        seat = self.game.to_move(state)
        if seat is not None and seat != CHANCE:
            m[list(self.legal(state))] = 1
        return m

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The float32 vector of ``observation = game.observe(state, seat)``."""
        raise NotImplementedError

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of an encoded vector, reshaped to each segment's shape."""
        out = {}
        for name, shape, _ in self.segments:
            start = self._offset[name]
            out[name] = vector[start : start + int(np.prod(shape))].reshape(shape)
        return out

    def describe(self) -> str:
        """The observation layout as text: one line per segment."""
        lines = []
        for name, shape, doc in self.segments:
            lines.append(f"{name:14} {self._offset[name]:5} {shape!s:12} {doc}")
        return "\n".join(lines)


def missing_encoding(game: Any) -> str | None:
    """Why ``game`` (a game or its class) has no encoder, or ``None`` if it has one."""
    module = part(game, "encoding")
    cls = game if isinstance(game, type) else type(game)
    if module is None:
        package = game_package(cls) or cls.__module__
        return (
            f"game {getattr(cls, 'name', cls.__name__)!r} has no RL encoding: write "
            f"its encoding part, a module {package}.encoding whose class Encoder "
            "(built as Encoder(game), usually a toolkit.envs.EncoderBase) gives "
            "fixed action, chance and observation encodings (see toolkit.envs.encoding)"
        )
    if not hasattr(module, "Encoder"):
        return f"{module.__name__} defines no Encoder class (see toolkit.envs.encoding)"
    return None


def encoder_class(game: Any) -> type:
    """The ``Encoder`` class of a game (a game or its class) from its encoding part."""
    reason = missing_encoding(game)
    if reason is not None:
        raise ValueError(reason)
    return part(game, "encoding").Encoder


def encoder(game: Any, players: int = 4, **options: Any) -> EncoderBase:
    """The encoder of ``game``: a game object, or a name in :data:`toolkit.GAMES`.

    With a name, the game is ``make_game(game, players, **options)``; with a game
    object (e.g. one on a custom board), ``players`` and ``options`` are its own.
    """
    if isinstance(game, str):
        game = make_game(game, players, **options)
    elif options:
        raise TypeError("game options go with a game name, not with a game object")
    return encoder_class(game)(game)
