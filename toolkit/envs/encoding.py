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
- ``max_score`` (the largest score), optionally ``min_score`` (the smallest,
  0 unless a game's scores can be negative) and ``max_game_length`` (a bound on the
  number of actions of a game with these options), which OpenSpiel needs;
- optionally ``openspiel_defaults``: engine options OpenSpiel uses instead of
  the game's own ``defaults`` (OpenSpiel needs every game to end, so an option
  that bounds a game's length may default to a bound there).

The base derives the rest from those: ``num_actions``, ``num_chance``,
``legal``, ``chance``, ``mask``, ``split`` and ``describe``.

Encoding at engine speed: parts that update
-------------------------------------------
An environment encodes the observation of the seat to move after every step,
and most of it has not changed since that seat's last turn. An encoder may
describe its vector as *parts* (:meth:`EncoderBase.set_parts`), each a
:class:`Part`: a ``key`` that picks the fields of the observation the part
depends on (usually ``operator.attrgetter``: engine observations are immutable
tuples, so comparing keys is one C-level ``==``) and a ``fill`` that returns the
part's non-zero entries as ``(indices, values)`` (absolute indices into the
vector; ``values`` a list or one number for all). A *rows* part has a key that
returns a sequence (the players, the islands, the roads) and a fill per row, so
one changed row is re-encoded alone. Then

- ``encode(observation, seat)`` (the base's) builds a fresh vector from every
  part, and
- ``tracker(seat)`` returns a :class:`Tracker` that keeps one seat's vector
  and, on ``update(observation)``, refreshes only the parts (and rows) whose key
  changed: it zeroes the entries the part set last time and sets the new ones.

A part that shows every seat the same thing (the board, the market) may be
marked ``public`` and the encoder then says, in :meth:`EncoderBase.seat_order`,
how a seat's vector reorders seat 0's (relative seats). The trackers of one
game (:meth:`EncoderBase.trackers`, what the environments use) share such parts:
a change on the board is encoded once, not once per seat.

Both give the same vector (``tests/envs`` checks it on every step of random
games of every game, with trackers alone and shared), computed from ``observe`` alone. An encoder without parts
keeps its own ``encode``; its tracker re-encodes in full.

A game without an encoding part has no RL adapters: a fixed action space is a
choice about the game (which actions exist in every position) that the
protocol, which lists only the legal actions of one state, cannot make.
:func:`encoder` says which part to write.
"""

from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

import numpy as np

from toolkit.core import CHANCE, game_package, make_game, part
from toolkit.envs.tracking import MEMO_LIMIT as MEMO_LIMIT
from toolkit.envs.tracking import (
    Fan,
    indices,
    legal_map,
    redirect,
    refresh_board,
    table_legal,
)


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


class Part(NamedTuple):
    """One independently refreshed part of an encoding (see the module docstring).

    ``key(observation)`` picks what the part depends on (``None``: refresh on
    every update). ``fill(observation, seat)`` returns ``(indices, values)`` and
    may read only what the key picks; for a ``rows`` part ``key`` returns a
    sequence and ``fill(observation, seat, j, item)`` encodes its row ``j`` from
    ``item`` alone. Indices are absolute and, within one fill, distinct: a list
    of indices with a list of values (or one value for all), or a ``range``
    (step 1) with a sequence of as many values, written as one slice (a dense
    row: its zeros included). Two parts never set the same entry, but two rows
    of one part may pass an entry between them from one update to the next (a
    card that changed hands: a tracker clears every changed row before it fills
    any). A tracker remembers fills (``memo``, see :class:`Tracker`) and
    reuses the returned objects, so a fill must return fresh lists (or
    constants never changed). Use picklable callables (``operator.attrgetter``,
    bound methods) so that environments pickle.

    A ``public`` part encodes only what every seat's observation shows alike,
    and depends on the seat only through the order of seats that
    :meth:`EncoderBase.seat_order` describes: its entries for ``seat`` are
    those for seat 0, moved by that order. The trackers of one game
    (:meth:`EncoderBase.trackers`) then refresh it once for all seats (see
    :class:`Tracker`).
    """

    key: Callable[[Any], Any] | None
    fill: Callable[..., tuple[Sequence[int], Any]]
    rows: bool = False
    #: Remember fills by key (rows: by row and item): for parts whose keys recur.
    memo: bool = True
    #: The same for every seat up to the seat order (see above).
    public: bool = False


_UNSET = object()

#: Fills an encoder remembers per seat and part (see :class:`Tracker`) before
#: that memo starts afresh: a bound on its memory (measured: about 0.7 kB an
#: entry, so at most a few MB per seat; a four-player encoder held 10 MB after
#: 60 games with a bound of 2048). :data:`MEMO_LIMIT` (set in :mod:`toolkit.envs.tracking`).


class _Board:
    """Parts kept in one buffer: their last keys, the entries they set, their memos.

    The board's ``size`` entries are ``buffer[start : start + size]`` (an
    ``array("f")`` that the boards of one game's trackers share: the public
    board first, then each seat's own; see :class:`Tracker`). A board with a
    ``fan`` (public parts pushed, see :meth:`EncoderBase.trackers`) writes each
    entry into every seat's vector instead: its view spans the buffer from
    ``start`` on, and each tracker lists in ``fan`` where its seat's vector
    takes the board's entries (:data:`~toolkit.envs.tracking.Fan`).
    """

    def __init__(
        self,
        encoder: EncoderBase,
        seat: int,
        parts: list[int],
        buffer: array | None = None,
        start: int = 0,
        fan: bool = False,
    ) -> None:
        self.seat = seat
        self.size = encoder.size
        self.buffer = array("f", bytes(4 * self.size)) if buffer is None else buffer
        self.start = start
        self.fan: Fan | None = [] if fan else None
        n = len(encoder._parts)
        # (index, key, fill, rows) of the parts kept here
        self.parts = [(k, *encoder._parts[k][:3]) for k in parts]
        self.keys: list[Any] = [_UNSET] * n
        self.done: list[Any] = [None] * n  # indices set (rows: per row)
        self.vals: list[Any] = [None] * n  # values written (rows: per row)
        self.memos: list[dict | None] | None = None
        self._views()

    def _views(self) -> None:
        start, size = self.start, self.size
        self.vector = np.frombuffer(
            self.buffer, dtype=np.float32, count=size, offset=4 * start
        )
        # what the trackers write through (entry i of the board is view[i];
        # with a fan, the seats' vectors from start on)
        end = len(self.buffer) if self.fan is not None else start + size
        self.view = memoryview(self.buffer)[start:end]
        self.set_memos(self.memos)

    def set_memos(self, memos: list[dict | None] | None) -> None:
        """Take the memos to refresh with (the encoder's: see :meth:`Tracker.write`).

        Also notes in ``args`` what :func:`~toolkit.envs.tracking.refresh_board`
        reads: the board's lists, memos, view, fan and seat in one tuple (from
        compiled code, one attribute look-up instead of eight).
        """
        self.memos = memos
        self.args = (
            self.parts,
            self.keys,
            self.done,
            self.vals,
            memos,
            self.view,
            self.fan,
            self.seat,
        )

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["vector"], state["view"]  # views of the buffer: made again
        del state["args"]  # holds the view: made again
        state["memos"] = None  # the encoder's: found again on the next update
        if self.fan is not None:
            state["fan"] = []  # the trackers' seats: listed again on unpickling
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if "fan" not in state:  # pickled before boards could push
            self.fan = None
        if "vals" not in state:  # pickled before boards kept their values
            self.vals = [d if d is None else [None] * len(d) for d in self.done]
            for k, _key, _fill, by_rows in self.parts:
                if not by_rows:
                    self.vals[k] = None
        self._views()


class Tracker:
    """One seat's encoded vector, kept up to date part by part.

    ``update(observation)`` returns :attr:`vector` (the tracker's own array,
    updated in place: copy it to keep it) equal to
    ``encoder.encode(observation, seat)``; ``update(observation, out)`` writes
    it into ``out`` instead, and :meth:`fresh` into a new array. The entries
    are kept in ``array.array`` buffers that the tracker writes entry by entry
    (for the few entries a step changes, cheaper than numpy's indexing from
    Python lists).

    A part's fill depends only on what its key picks (a row's: on the row's
    item), so a fill is remembered: the encoder keeps, per seat and part, the
    last fills by key (by row and item), shared by every tracker of that seat
    (an environment's games repeat the same rows again and again: the pieces
    on one space, the cards of one hand). A key that cannot be hashed is not
    remembered.

    Public parts (``Part(public=True)``) are kept once, as seat 0 sees them,
    in a board that the trackers of one game share (:meth:`EncoderBase.trackers`),
    so a change on the board is encoded once, not once per seat. The public
    board and every seat's own board lie in one buffer; a seat's vector is one
    ``take`` from it: the public board in the seat's order
    (:meth:`EncoderBase.seat_order`), except the entries its own parts set,
    read from its own board (the order is pointed at them whenever the own
    parts change). With :attr:`EncoderBase.push_public`, the buffer holds the
    seats' vectors instead: the public board writes each entry it changes
    into every seat's vector (through the seat's inverse order), a seat's own
    board writes into its vector, and a seat's vector is a copy of its slot.
    """

    def __init__(
        self,
        encoder: EncoderBase,
        seat: int,
        shared: _Board | None = None,
        slot: int = 1,
    ) -> None:
        self.encoder, self.seat = encoder, seat
        parts = encoder._parts
        public = [k for k, p in enumerate(parts) if p.public]
        own = [k for k, p in enumerate(parts) if not p.public]
        if not public:
            self._shared = None
            self._own = _Board(encoder, seat, list(range(len(parts))))
            self.vector = self._own.vector
            return
        size = encoder.size
        if shared is None:  # a tracker alone: its shared board and its own
            if encoder.push_public:  # one slot: its vector
                shared = _Board(
                    encoder, 0, public, array("f", bytes(4 * size)), fan=True
                )
                slot = 0
            else:
                shared = _Board(encoder, 0, public, array("f", bytes(8 * size)))
        self._shared = shared
        # the own board: slot ``slot`` of the buffer the boards share
        self._own = _Board(encoder, seat, own, shared.buffer, slot * size)
        self.vector = np.zeros(size, dtype=np.float32)
        self._orders()

    def _orders(self) -> None:
        """The seat order into the shared buffer, pointed at the own board's entries
        (pushed: the seat's vector listed in the shared board's fan).
        """
        fan = self._shared.fan
        if fan is not None:  # where each entry of the shared board goes
            where = [0] * self.encoder.size
            start = self._own.start
            for i, j in enumerate(self.encoder._order_of(self.seat).tolist()):
                where[j] = start + i
            fan.append(where)
            return
        base = self.encoder._order_of(self.seat)
        self._base: list[int] = base.tolist()
        self._order = base.copy()
        # a memoryview of the order: what redirect writes through
        self._order_view = self._order.data
        self._moved: list[int] = []  # the entries read from the own board
        self._source = np.frombuffer(self._own.buffer, dtype=np.float32)
        own = self._own
        redirect(self._order_view, self._base, self._moved, own, own.start)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for name in ("_base", "_order", "_order_view", "_moved", "_source"):
            state.pop(name, None)  # made again from the encoder and the boards
        if self._shared is None:
            del state["vector"]  # the board's: found again on unpickling
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if self._shared is None:
            self.vector = self._own.vector
        else:
            self._orders()

    def update(self, observation: Any, out: np.ndarray | None = None) -> np.ndarray:
        """Bring the vector up to date with ``observation``; return it.

        The vector is written into ``out`` (a float32 array of the encoder's
        ``size``) if given, else into :attr:`vector`.
        """
        return self.write(observation, self.vector if out is None else out)

    def fresh(self, observation: Any) -> np.ndarray:
        """:meth:`update` into a new array (the caller's to keep)."""
        return self.write(observation, None)

    def write(self, observation: Any, out: np.ndarray | None) -> np.ndarray:
        """:meth:`update` into ``out``, or into a new array if ``out`` is ``None``."""
        enc = self.encoder
        own, shared = self._own, self._shared
        if not enc._parts:
            got = enc.encode(observation, self.seat)
            if out is None:
                return got
            out[:] = got
            return out
        if own.memos is None:  # the encoder's (not pickled): found again
            own.set_memos(enc._memo_of(own.seat))
        changed = refresh_board(own, observation)
        if shared is None:
            if out is None:
                return own.vector.copy()
            if out is not own.vector:
                np.copyto(out, own.vector)
            return out
        if shared.memos is None:
            shared.set_memos(enc._memo_of(shared.seat))
        refresh_board(shared, observation)
        if shared.fan is not None:  # pushed: the own board is the seat's vector
            if out is None:
                return own.vector.copy()
            np.copyto(out, own.vector)
            return out
        if changed:
            redirect(self._order_view, self._base, self._moved, own, own.start)
        # one take: mode="wrap" as the order is a permutation (checked once),
        # and numpy buffers ``out`` in the default mode, which checks every index
        return self._source.take(self._order, None, out, "wrap")


def _no_fields(action: Any) -> tuple:
    return ()


def _itself(action: Any) -> Any:
    return action


def _fields_getter(cls: type) -> Callable[[Any], Any]:
    """A C-level reader of an action class's fields (the action itself otherwise)."""
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls)]
        return attrgetter(*names) if names else _no_fields
    return _itself  # named tuples hash and compare in C already


class ActionTable:
    """Engine action -> index, without the actions' own ``__hash__``/``__eq__``.

    Engine actions are often frozen dataclasses, whose generated ``__hash__`` and
    ``__eq__`` run as Python code on every dictionary lookup. The table keys each
    action by ``(type, field values)`` read with ``operator.attrgetter`` (C
    level), so a lookup costs a fraction of ``{action: index}[action]``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Go:
    ...     to: int
    >>> table = ActionTable([Go(1), Go(2)])
    >>> table[Go(2)], len(table)
    (1, 2)

    ``legal(actions)`` maps a legal list to ``{index: action}`` sorted by
    index, or says ``None`` if an action has no index here or two share one:

    >>> table.legal([Go(2), Go(1)]), table.legal([Go(1), Go(4)])
    ({0: Go(to=1), 1: Go(to=2)}, None)
    """

    def __init__(self, actions: Sequence[Any]) -> None:
        # per action class: its fields' reader and fields -> index
        self._by_class: dict[type, tuple[Callable[[Any], Any], dict[Any, int]]] = {}
        self._size = 0
        for i, a in enumerate(actions):
            cls = type(a)
            entry = self._by_class.get(cls)
            if entry is None:
                entry = self._by_class[cls] = (_fields_getter(cls), {})
            get, table = entry
            if get(a) not in table:
                self._size += 1
            table[get(a)] = i
        #: indices of action objects met in legal lists, by identity (table_legal)
        self._ids: dict[int, tuple[Any, Any]] = {}
        self._bind()

    def _bind(self) -> None:
        #: ``legal(actions)``: ``{index: action}`` sorted by index, or ``None``
        #: if an action has no index here or two share one (the caller then
        #: maps the list itself). A partial of the (compiled) table_legal: no
        #: Python frame of its own (it runs on every environment step).
        self.legal: Callable[[Sequence[Any]], dict[int, Any] | None] = partial(
            table_legal, self._by_class, self._ids
        )

    def __len__(self) -> int:
        return self._size

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_ids"] = {}  # a cache by identity: meaningless in another process
        del state["legal"]  # bound to the ids: made again
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()

    def __getitem__(self, action: Any) -> int:
        try:
            get, table = self._by_class[type(action)]
            return table[get(action)]
        except KeyError:
            raise KeyError(action) from None

    def indices(self, actions: Sequence[Any], default: int = -1) -> list[int]:
        """The index of each action (``default`` for one without): one call per list.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Go:
        ...     to: int
        >>> ActionTable([Go(1), Go(2)]).indices([Go(2), Go(5), "Go(1)"])
        [1, -1, -1]
        """
        return indices(self._by_class, actions, default)

    def get(self, action: Any, default: Any = None) -> Any:
        """The index of ``action``, or ``default`` if it has none."""
        try:
            return self[action]
        except KeyError:
            return default


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
    #: The smallest score a seat can end with (a game with penalties sets it below 0).
    min_score: float = 0.0
    max_game_length: int
    _chance_index: dict[Any, int]
    _parts: tuple[Part, ...] = ()
    #: An encoder whose :meth:`action_index` is a look-up in an
    #: :class:`ActionTable` may set it here: :meth:`legal_from` then looks a
    #: whole legal list up in one call (actions not in it go to ``action_index``).
    _action_table: ActionTable | None = None
    #: How the trackers of one game share the public parts
    #: (:meth:`trackers`): ``False``, the public board is kept once and each
    #: seat's vector is gathered from it in the seat's order on every update
    #: (one ``take`` of the whole vector); ``True``, the public board writes
    #: each entry it changes into every seat's vector, and a seat's vector is
    #: copied. Pushing pays for a long vector of which a step changes few
    #: entries (e.g. a vector of about 1,900 entries with about 11 written a step).
    push_public: ClassVar[bool] = False

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

    def set_parts(self, parts: Sequence[Part]) -> None:
        """Describe the vector as parts; then :meth:`encode` and trackers use them."""
        self._parts = tuple(parts)

    def tracker(self, seat: int) -> Tracker:
        """A :class:`Tracker` keeping ``seat``'s vector up to date between updates."""
        return Tracker(self, seat)

    def trackers(self) -> list[Tracker]:
        """One :class:`Tracker` per seat of one game, sharing the public parts.

        Each is updated with its own seat's observations of that game (in any
        order); a public part is then refreshed once for all of them.
        """
        players = self.game.players
        if not any(p.public for p in self._parts):
            return [self.tracker(s) for s in range(players)]
        public = [k for k, p in enumerate(self._parts) if p.public]
        if self.push_public:  # one buffer: each seat's vector
            buffer = array("f", bytes(4 * self.size * players))
            shared = _Board(self, 0, public, buffer, fan=True)
            return [Tracker(self, s, shared, s) for s in range(players)]
        # one buffer: the public board, then each seat's own (see Tracker)
        buffer = array("f", bytes(4 * self.size * (1 + players)))
        shared = _Board(self, 0, public, buffer)
        return [Tracker(self, s, shared, 1 + s) for s in range(players)]

    def seat_order(self, seat: int) -> Sequence[int]:
        """Where each entry of ``seat``'s vector is in seat 0's, for the public parts.

        Entry ``i`` of a public part's entries for ``seat`` is entry
        ``order[i]`` of its entries for seat 0; ``order`` is a permutation of
        ``range(size)`` that leaves every entry a public part never sets on an
        entry no public part sets. An encoder with public parts overrides this
        (the base's: every entry stays, for encoders whose public parts do not
        depend on the seat).
        """
        return range(self.size)

    def _order_of(self, seat: int) -> np.ndarray:
        """:meth:`seat_order` as an index array (made once per seat)."""
        orders = self.__dict__.setdefault("_orders", {})
        if seat not in orders:
            got = np.asarray(self.seat_order(seat), dtype=np.intp)
            assert sorted(got.tolist()) == list(range(self.size)), "not a permutation"
            orders[seat] = got
        return orders[seat]

    def _memo_of(self, seat: int) -> list[dict | None]:
        """The fills remembered for ``seat``: one dict per part (see :class:`Tracker`)."""
        memos = self.__dict__.setdefault("_memos", {})
        got = memos.get(seat)
        if got is None:
            got = memos[seat] = [{} if p.memo else None for p in self._parts]
        return got

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_memos", None)  # a cache: not pickled
        state.pop("_orders", None)
        return state

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
        return self.legal_from(self.game.legal_actions(state))

    def legal_from(self, actions: Sequence[Any]) -> dict[int, Any]:
        """:meth:`legal` from a legal list the caller already has."""
        table = self._action_table
        if table is not None:  # the whole list in one call
            got = table.legal(actions)
            if got is not None:  # the usual case
                return got
            keys = table.indices(actions)
            if -1 in keys:  # not in the table: as action_index says
                index = self.action_index
                keys = [index(a) if i == -1 else i for i, a in zip(keys, actions)]
        else:
            index = self.action_index
            keys = [index(a) for a in actions]
        got = legal_map(keys, actions)
        if got is not None:  # the usual case: one action per index
            return got
        out: dict[int, Any] = {}
        for i, a in zip(keys, actions):
            out[i] = self._merge(out[i], a) if i in out else a
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
            # through legal_from: an encoding may index an action by its position
            m[list(self.legal_from(self.game.legal_actions(state)))] = 1
        return m

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The float32 vector of ``observation = game.observe(state, seat)``.

        The base builds it from the parts (:meth:`set_parts`); an encoder
        without parts overrides this.
        """
        if not self._parts:
            raise NotImplementedError
        idx: list[int] = []
        val: list[float] = []
        for piece in self._parts:
            if piece.rows:
                fill = piece.fill
                got = [
                    fill(observation, seat, j, item)
                    for j, item in enumerate(piece.key(observation))
                ]
            else:
                got = [piece.fill(observation, seat)]
            for i, x in got:
                if i:
                    idx.extend(i)
                    val.extend(x if isinstance(x, list | tuple) else [x] * len(i))
        v = np.zeros(self.size, dtype=np.float32)
        v[idx] = val
        return v

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
