"""The hot loops of the encoders: trackers' refresh, legal look-ups, masks.

Plain functions over plain containers (lists, dicts, ``array.array``), so
that ``python -m toolkit compiled build`` compiles this module with mypyc
(:data:`toolkit.compiled.CORE`) while the classes that hold the data (the
encoders, :class:`~toolkit.envs.encoding.Tracker`, its boards) stay plain
Python classes that pickle as before. The compiled and the plain module give
the same results (``tests/envs/test_compiled_tracking.py`` compares them).
"""

from __future__ import annotations

from array import array
from typing import Any

#: Fills an encoder remembers per seat and part before that memo starts
#: afresh (see :data:`toolkit.envs.encoding.MEMO_LIMIT`).
MEMO_LIMIT = 512

#: Where a board that keeps public parts for every seat writes (see
#: :meth:`~toolkit.envs.encoding.EncoderBase.trackers`): per seat, where each
#: entry of the board is in the buffer (entry ``i`` goes to ``where[i]``: the
#: seat's vector's offset plus the entry's place in the seat's order). Typed as
#: objects: the index is handed to the view as it is (no unboxing and boxing).
Fan = list[list[Any]]

#: Zeros by length, to clear a slice with one copy (lengths are a layout's
#: rows: a few dozen at most).
_ZEROS: dict[int, Any] = {}


def refresh(
    parts: list[tuple[int, Any, Any, bool]],
    keys: list[Any],
    done: list[Any],
    vals: list[Any],
    memos: list[Any],
    buf: Any,
    fan: Fan | None,
    seat: int,
    observation: Any,
) -> bool:
    """Bring the parts a board keeps up to date with ``observation``.

    ``parts`` holds ``(k, key, fill, rows)`` per part the board keeps (``k``
    its index in the encoder's parts); ``keys``, ``done``, ``vals`` and
    ``memos`` are the board's last keys, entries set, values written (rows:
    per row) and memos, by ``k``; ``buf`` a ``memoryview`` of its
    ``array("f")`` (with ``fan``: of the seats' vectors it writes into, see
    :data:`Fan`). Returns whether any entry may have changed.

    A fill that returns the same indices object as the last one of its part
    (row) overwrites its own entries: only the values that differ from the
    last ones are written (:func:`put_changed`).
    """
    # the hot loop of every environment step: helpers are inlined on purpose
    changed_any = False
    for k, key_of, fill, by_rows in parts:
        if key_of is None:  # refreshed on every update, never remembered
            clear(buf, fan, done[k])
            idx, val = _pair(fill(observation, seat))
            done[k] = idx
            put(buf, fan, idx, val)
            changed_any = True
            continue
        key = key_of(observation)
        if by_rows and type(key) is not tuple:
            key = tuple(key)  # rows are read from a tuple (below)
        old = keys[k]
        if key is old or key == old:  # (never unset: a fresh board fills every part)
            continue
        changed_any = True
        keys[k] = key
        memo: dict | None = memos[k]
        if not by_rows:
            got: Any = None
            if memo is not None:
                try:
                    got = memo.get(key)
                except TypeError:  # an unhashable key: never remembered
                    memo = memos[k] = None
            if got is None:
                got = fill(observation, seat)
                if memo is not None:
                    if len(memo) >= MEMO_LIMIT:
                        memo.clear()
                    memo[key] = got
            idx, val = _pair(got)
            was = done[k]
            if was is idx:  # the same object: the same entries, overwritten
                put_changed(buf, fan, idx, val, vals[k])
            elif same_value(was, vals[k], idx, val):  # one-hots: what differs
                clear_gone(buf, fan, was, idx)
                put_new(buf, fan, was, idx, val)
                done[k] = idx
            else:
                clear(buf, fan, was)
                done[k] = idx
                put(buf, fan, idx, val)
            vals[k] = val
            continue
        rows: list[Any] | None = done[k]
        if rows is None:  # the first update: every row
            rows = []
            done[k] = rows
            row_vals: list[Any] = []
            vals[k] = row_vals
            for j, item in enumerate(key):
                idx, val = remembered(memos, k, fill, observation, seat, j, item)
                rows.append(idx)
                row_vals.append(val)
                put(buf, fan, idx, val)
            continue
        row_vals = vals[k]
        # typed: the items are read as a tuple's, without generic indexing
        new_items: tuple[Any, ...] = key
        old_items: tuple[Any, ...] = old
        n, m = len(new_items), len(rows)
        for j in range(n, m):  # rows that are gone
            clear(buf, fan, rows[j])
        if n < m:
            del rows[n:]
            del row_vals[n:]
        # the rows that differ; all are cleared before any is filled, as an
        # entry may pass from one row to another (a wagon that changed owners
        # between two updates)
        news: list[tuple[int, Any]] = []
        both = n if n < m else m  # the rows both keys have (native ints: a
        if len(old_items) < both:  # call of builtins.min is a generic call)
            both = len(old_items)
        for j in range(both):
            item = new_items[j]
            was_item = old_items[j]
            if item is was_item or item == was_item:  # (most rows: the same object)
                continue
            got = None
            if memo is not None:
                try:
                    got = memo.get((j, item))
                except TypeError:  # an unhashable row: never remembered
                    memo = memos[k] = None
            if got is None:
                got = fill(observation, seat, j, item)
                if memo is not None:
                    if len(memo) >= MEMO_LIMIT:
                        memo.clear()
                    memo[(j, item)] = got
            news.append((j, got))
            was = rows[j]
            idx, val = _pair(got)
            if was is not idx:
                if same_value(was, row_vals[j], idx, val):
                    clear_gone(buf, fan, was, idx)  # the entries it keeps stay
                else:
                    clear(buf, fan, was)
        for j, got in news:
            idx, val = _pair(got)
            was = rows[j]
            if was is idx:  # not cleared: its own entries, overwritten
                put_changed(buf, fan, idx, val, row_vals[j])
            else:
                if same_value(was, row_vals[j], idx, val):
                    put_new(buf, fan, was, idx, val)
                else:
                    put(buf, fan, idx, val)
                rows[j] = idx
            row_vals[j] = val
        for j in range(m, n):  # new rows
            item = new_items[j]
            idx, val = remembered(memos, k, fill, observation, seat, j, item)
            rows.append(idx)
            row_vals.append(val)
            put(buf, fan, idx, val)
    return changed_any


#: What :func:`refresh_board` reads of a board (its ``args``): its ``parts``,
#: ``keys``, ``done``, ``vals``, ``memos``, ``view``, ``fan`` and ``seat``,
#: the arguments of :func:`refresh`.
BoardArgs = tuple[list[Any], list[Any], list[Any], list[Any], Any, Any, Any, int]


def refresh_board(board: Any, observation: Any) -> bool:
    """:func:`refresh` of a board (:class:`~toolkit.envs.encoding._Board`).

    Reads the board's ``args`` (:data:`BoardArgs`: one attribute look-up, not
    one per argument); its memos must be set.
    """
    args: BoardArgs = board.args
    return refresh(
        args[0],
        args[1],
        args[2],
        args[3],
        args[4],
        args[5],
        args[6],
        args[7],
        observation,
    )


def redirect(
    order: Any, base: list[int], moved: list[int], board: Any, offset: int
) -> None:
    """Point a seat order at the entries its own board sets now.

    ``order`` (a writable view of ``intp`` indices) is where each entry of a
    seat's vector is read from in the buffer its boards share: ``base[i]``
    (in the shared board, as :meth:`~toolkit.envs.encoding.EncoderBase.seat_order`
    says), except for the entries the seat's own board ``board`` sets, which
    are read from that board at ``offset + i``. ``moved`` lists the entries
    pointed at the own board so far; they are pointed back first. A shared
    entry of an entry the own board sets is zero then (two parts never set
    one entry), so the vector is the same as the sum of the two boards.
    """
    for i in moved:
        order[i] = base[i]
    moved.clear()
    done: list[Any] = board.done
    for k, _key, _fill, by_rows in board.parts:
        got = done[k]
        if got is None:
            continue
        for idx in got if by_rows else (got,):
            for i in idx:
                if order[i] != offset + i:
                    order[i] = offset + i
                    moved.append(i)


def _pair(got: Any) -> tuple[Any, Any]:
    """A fill's ``(indices, values)`` as a pair (compiled: unpacked natively,
    not through an iterator; a fill returns a tuple).
    """
    return got


def remembered(
    memos: list[Any], k: int, fill: Any, observation: Any, seat: int, j: int, item: Any
) -> tuple[Any, Any]:
    """Row ``j`` of part ``k`` filled from ``item``, remembered by ``(j, item)``."""
    memo: dict | None = memos[k]
    if memo is None:
        return fill(observation, seat, j, item)
    try:
        got = memo.get((j, item))
    except TypeError:  # an unhashable key: never remembered
        memos[k] = None
        return fill(observation, seat, j, item)
    if got is None:
        got = fill(observation, seat, j, item)
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[(j, item)] = got
    return got


#: A dense row at most this long is written entry by entry (cheaper than
#: making an ``array`` of it for one slice assignment).
SHORT_ROW = 16


def clear(buf: Any, fan: Fan | None, idx: Any) -> None:
    """Zero the entries a fill set (``None``: none yet).

    ``buf`` is a ``memoryview`` of (a slice of) an ``array("f")``: one entry
    is written through the view (cheaper than through the array, which parses
    each value), a slice as a copy of an ``array("f")``'s bytes.
    """
    if idx is None:
        return
    if fan is not None:
        fan_put(buf, fan, idx, 0.0)
        return
    if type(idx) is range:  # a slice: one copy of as many zeros
        n = len(idx)
        zeros = _ZEROS.get(n)
        if zeros is None:
            zeros = _ZEROS[n] = array("f", bytes(4 * n))
        buf[idx.start : idx.stop] = zeros
        return
    for i in idx:
        buf[i] = 0.0


def put(buf: Any, fan: Fan | None, idx: Any, val: Any) -> None:
    """Write a fill's ``(indices, values)`` into ``buf`` (as in :func:`clear`)."""
    if fan is not None:
        fan_put(buf, fan, idx, val)
        return
    if type(idx) is range:  # a slice and its values
        start: int = idx.start
        if len(idx) <= SHORT_ROW:
            for x in val:
                buf[start] = x
                start += 1
        else:
            buf[start : idx.stop] = array("f", val)
    elif isinstance(val, (list, tuple)):
        for i, x in zip(idx, val):
            buf[i] = x
    else:
        for i in idx:
            buf[i] = val


def put_changed(buf: Any, fan: Fan | None, idx: Any, val: Any, old: Any) -> None:
    """:func:`put` over entries that hold ``old`` (the last values written to
    ``idx``): only the values that differ are written.

    A value equal to the old one (``==``: ``True`` and ``1`` alike) is the same
    float32 entry already (entries are whole numbers, never ``-0.0``). A dense
    row (a ``range``) of a tuple or a list of values, or a list of indices
    with a list of values, is compared value by value (typed per shape: native
    indexing); anything else is written in full, unless it is one value for
    all, the old one.
    """
    if type(val) is tuple:
        if type(old) is tuple and type(idx) is range:
            news: tuple[Any, ...] = val
            olds: tuple[Any, ...] = old
            n = len(news)
            if len(olds) == n == len(idx):
                start: int = idx.start
                for j in range(n):
                    x = news[j]
                    y = olds[j]
                    if x is not y and x != y:
                        if fan is None:
                            buf[start + j] = x
                        else:
                            fan_set(buf, fan, start + j, x)
                return
    elif type(val) is list:
        if type(old) is list and type(idx) is list:
            new_list: list[Any] = val
            old_list: list[Any] = old
            where: list[Any] = idx
            n = len(new_list)
            if len(old_list) == n == len(where):
                for j in range(n):
                    x = new_list[j]
                    y = old_list[j]
                    if x is not y and x != y:
                        if fan is None:
                            buf[where[j]] = x
                        else:
                            fan_set(buf, fan, where[j], x)
                return
        elif type(old) is list and type(idx) is range:  # a dense row of a list
            row: list[Any] = val
            was_row: list[Any] = old
            n = len(row)
            if len(was_row) == n == len(idx):
                start = idx.start
                for j in range(n):
                    x = row[j]
                    y = was_row[j]
                    if x is not y and x != y:
                        if fan is None:
                            buf[start + j] = x
                        else:
                            fan_set(buf, fan, start + j, x)
                return
    elif val is old or val == old:  # one value for all, the same: nothing to write
        return
    put(buf, fan, idx, val)


def fan_set(buf: Any, fan: Fan, i: int, x: Any) -> None:
    """Write entry ``i`` of a board (``x``) into every seat's vector of ``fan``."""
    if type(x) is not float:  # the view would convert an int once per seat
        x = float(x)
    for where in fan:
        buf[where[i]] = x


def fan_put(buf: Any, fan: Fan, idx: Any, val: Any) -> None:
    """:func:`put` through ``fan``, entry by entry (a board's rows are short)."""
    if isinstance(val, (list, tuple)):
        for i, x in zip(idx, val):
            fan_set(buf, fan, i, x)
    else:
        for i in idx:
            fan_set(buf, fan, i, val)


def same_value(was: Any, old: Any, idx: Any, val: Any) -> bool:
    """Whether a fill's ``(idx, val)`` and the last one's ``(was, old)`` are two
    lists of indices with one value for all, the same (one-hots, owner bits):
    then only the entries that differ are written (:func:`clear_gone` before
    :func:`put_new`), not every entry cleared and set again.
    """
    return (
        type(was) is list
        and type(idx) is list
        and type(val) is float
        and type(old) is float
        and val == old
    )


def _holds(xs: list[int], x: int) -> bool:
    """``x in xs`` over native ints (no rich compare per item)."""
    for y in xs:  # noqa: SIM110  (a plain loop: any() of a generator is slower compiled)
        if y == x:
            return True
    return False


def put_missing(
    buf: Any, fan: Fan | None, xs: list[int], others: list[int], val: float
) -> None:
    """Write ``val`` at the entries of ``xs`` that ``others`` does not set.

    :func:`clear_gone` and :func:`put_new` are its two uses.
    """
    n = len(others)
    for j, i in enumerate(xs):
        if j < n and others[j] == i:  # (most: the same entry in the same place)
            continue
        if not _holds(others, i):
            if fan is None:
                buf[i] = val
            else:
                fan_set(buf, fan, i, val)


def clear_gone(buf: Any, fan: Fan | None, was: list[int], idx: list[int]) -> None:
    """:func:`clear` of the entries of ``was`` that ``idx`` does not set."""
    put_missing(buf, fan, was, idx, 0.0)


def put_new(
    buf: Any, fan: Fan | None, was: list[int], idx: list[int], val: float
) -> None:
    """:func:`put` of one value ``val`` at the entries of ``idx`` that ``was``
    (set to ``val`` too, and not cleared: see :func:`clear_gone`) does not set.
    """
    put_missing(buf, fan, idx, was, val)


def indices(by_class: dict[Any, Any], actions: Any, default: int) -> list[Any]:
    """The index of each action in an :class:`~toolkit.envs.encoding.ActionTable`.

    ``by_class`` maps an action class to its fields' reader and fields -> index.
    """
    out: list[Any] = []
    last: Any = None
    get: Any = None
    table: Any = None
    for a in actions:
        cls = type(a)
        if cls is not last:  # legal lists come in runs of one class
            last = cls
            entry = by_class.get(cls)
            if entry is None:
                get = None
            else:
                get, table = entry
        out.append(default if get is None else table.get(get(a), default))
    return out


#: Action objects an :class:`~toolkit.envs.encoding.ActionTable` remembers by
#: identity (see :func:`table_legal`) before that memo starts afresh.
IDS_LIMIT = 4096


def table_legal(
    by_class: dict[Any, Any], ids: dict[int, tuple[Any, Any]], actions: Any
) -> dict[int, Any] | None:
    """``{index: action}`` sorted by index for a legal list, or ``None``.

    ``None`` when an action is not in the table (``by_class``, as in
    :func:`indices`) or two share an index: the caller then takes the long way.
    Engines hand out the same action objects again and again (prebuilt per
    game), so each action's index is remembered by identity in ``ids``:
    ``id(action) -> (action, index)``. The entry holds the action, so its id
    cannot be reused by another object while it is remembered. The map is
    built as the list is read, and sorted only when the list is not in index
    order. The index objects are the table's own, used as they are (compiled:
    not unboxed and boxed again for each key of the map).
    """
    out: dict[Any, Any] = {}
    ascending = True
    last = -1
    n = 0
    for a in actions:
        key = id(a)
        hit = ids.get(key)
        index: Any
        if hit is not None and hit[0] is a:
            index = hit[1]
        else:
            entry = by_class.get(type(a))
            if entry is None:
                return None
            get, table = entry
            index = table.get(get(a))
            if index is None:
                return None
            if len(ids) >= IDS_LIMIT:
                ids.clear()
            ids[key] = (a, index)
        i: int = index
        if i <= last:
            ascending = False
        last = i
        out[index] = a
        n += 1
    if len(out) != n:  # two actions share an index
        return None
    if ascending:  # the usual order of a legal list: nothing to sort
        return out
    return {i: out[i] for i in sorted(out)}


def legal_map(keys: list[int], actions: Any) -> dict[int, Any] | None:
    """``{index: action}`` sorted by index, or ``None`` if two actions share an index."""
    out: dict[int, Any] = {}
    ascending = True
    last = -1
    for i, a in zip(keys, actions):
        if i <= last:
            ascending = False
        last = i
        out[i] = a
    if len(out) != len(keys):
        return None
    if ascending:
        return out
    return {i: out[i] for i in sorted(out)}


def mask_bytes(legal: Any, size: int) -> bytearray:
    """The int8 action mask of a legal map (or a list of its keys), as bytes."""
    mask = bytearray(size)
    # the keys as a list (one C-level copy, none of a list): each is then set
    # as the object it is, not boxed again from a native int
    keys: list[Any] = legal if type(legal) is list else list(legal)
    for i in keys:
        mask[i] = 1
    return mask
