"""Streaming a tournament's tables to Parquet as its chunks of games finish."""

from __future__ import annotations

import os
import secrets
import signal
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import runners
from .collect import TABLES
from .spec import TournamentError, TournamentSpec


def table_paths(out: str | Path, tables: Iterable[str] = TABLES) -> dict[str, Path]:
    """Return where each table goes: seats in ``out``, the others beside it.

    ``tables`` are the table names (a spec's :attr:`TournamentSpec.tables`
    adds the game's own tables to the shared ones).
    """
    out = Path(out)
    stem = out.name[: -len(".parquet")] if out.name.endswith(".parquet") else out.name
    paths = {"seats": out}
    for name in tables:
        if name != "seats":
            paths[name] = out.with_name(f"{stem}.{name}.parquet")
    return paths


#: The Parquet schema metadata key that names the game a file's games were played with.
GAME_KEY = "toolkit.game"


def game_metadata(game: Any) -> dict[str, str]:
    """``{GAME_KEY: JSON}`` naming a registered game, its players and options.

    Written into every table's Parquet schema, so a reader of the files
    (:func:`toolkit.analysis.metrics.tables`) can make the game again; empty
    for a game that is not registered or whose options are not JSON.
    """
    import json

    from toolkit import GAMES

    name = getattr(game, "name", None)
    if name not in GAMES:
        return {}
    try:
        text = json.dumps(
            {"game": name, "players": game.players, "options": dict(game.options)},
            sort_keys=True,
        )
    except (TypeError, ValueError):
        return {}
    return {GAME_KEY: text}


def read_game(path: str | Path) -> Any:
    """The game a Parquet table was written for (see :func:`game_metadata`), or None.

    The options are checked as a record's are (an option naming a local file
    is refused), so a file from elsewhere cannot make this computer read one.
    """
    import json

    import pyarrow.parquet as pq

    from toolkit.core.record import Record, RecordError, _record_game

    meta = pq.read_schema(path).metadata or {}
    raw = meta.get(GAME_KEY.encode())
    if raw is None:
        return None
    try:
        data = json.loads(raw)
        record = Record(
            game=data["game"],
            players=data["players"],
            seed=None,
            actions=(),
            options=dict(data["options"]),
        )
        return _record_game(record, f"{path}, ")
    except (RecordError, ValueError, KeyError, TypeError):
        return None


def need_pyarrow() -> None:
    """Raise :class:`TournamentError` unless pyarrow (for Parquet) is installed."""
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise TournamentError(
            "writing Parquet needs pyarrow: pip install 'frontier-toolkit[scale]'"
        ) from None


def check_writable(out: str | Path) -> None:
    """Raise :class:`TournamentError` unless ``out`` can be written (tried first)."""
    out = Path(out)
    if out.is_dir():
        raise TournamentError(f"output path {out} is a directory; give a file name")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.exists():
        raise TournamentError(f"cannot write {out}: the folder {parent} does not exist")
    existed = out.exists()
    try:
        with open(out, "ab"):
            pass
        # the tables are written under temporary names beside ``out``
        fd, probe = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise TournamentError(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if not existed and out.exists():
            out.unlink()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back until the block is done (main thread only).

    A chunk is then written whole or not at all, and the tables are renamed
    into place as a set; a signal that arrives meanwhile is handled just
    after, by the handler that was in place.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    got: list[tuple[int, Any]] = []

    def hold(signum: int, frame: Any) -> None:
        got.append((signum, frame))

    previous = {s: signal.signal(s, hold) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        if got:
            signum, frame = got[0]
            handler = previous[signum]
            if callable(handler):
                handler(signum, frame)
            elif handler == signal.SIG_DFL:
                os.kill(os.getpid(), signum)


class _Writers:
    """One pyarrow ParquetWriter per table, opened at its first batch.

    Rows are converted to Arrow at once (compact) and written out as a row
    group whenever a table has ``row_group_bytes`` buffered, and at
    :meth:`close`. Big row groups keep the footer metadata, which a
    ParquetWriter holds in memory until it closes, small: a row group per
    chunk of games would make memory grow with the number of games.

    Every table is written to a temporary file beside its final path
    (``.<name>.<pid>.<random>.tmp``); :meth:`close` renames them all into place, or
    removes them when no game was written, so the tables of a run replace
    those of an earlier run as one set, and only once there is something to
    replace them with.
    """

    def __init__(
        self,
        out: str | Path,
        tables: Iterable[str] = TABLES,
        row_group_bytes: int = 8 << 20,
        metadata: dict[str, str] | None = None,
    ) -> None:
        self.paths = table_paths(out, tables)
        self.metadata = metadata or {}
        self.limit = row_group_bytes
        self.writers: dict[str, Any] = {}
        self.temps: dict[str, Path] = {}
        self.schemas: dict[str, Any] = {}
        self.buffers: dict[str, list] = {}
        self.rows: dict[str, int] = {}
        self.games = 0

    def write(self, rows: dict[str, list[dict]]) -> None:
        """Buffer one chunk's rows; flush the tables whose buffer is full."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        for name, part in rows.items():
            if not part:
                continue
            if name not in self.writers:
                table = pa.Table.from_pylist(part)
                if self.metadata:
                    table = table.replace_schema_metadata(self.metadata)
                self.schemas[name] = table.schema
                final = self.paths[name]
                # not mkstemp: the file gets the usual permissions, not 0600
                temp = final.with_name(
                    f".{final.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
                )
                self.temps[name] = temp
                self.writers[name] = pq.ParquetWriter(temp, table.schema)
            else:
                table = pa.Table.from_pylist(part, schema=self.schemas[name])
            buffer = self.buffers.setdefault(name, [])
            buffer.append(table)
            self.rows[name] = self.rows.get(name, 0) + len(part)
            if sum(t.nbytes for t in buffer) >= self.limit:
                self._flush(name)
        self.games += len(rows.get("games", ()))

    def _flush(self, name: str) -> None:
        import pyarrow as pa

        buffer = self.buffers.pop(name, [])
        if buffer:
            self.writers[name].write_table(pa.concat_tables(buffer))

    def close(self) -> int:
        """Write what is buffered, close every file and put the tables in place.

        Returns the number of games the tables at :attr:`paths` now hold
        (0: nothing was written and the files of an earlier run are kept).
        """
        games = 0
        try:
            try:
                for name in list(self.buffers):
                    self._flush(name)
            finally:
                for w in self.writers.values():
                    w.close()
            if self.games:
                for name, final in self.paths.items():
                    temp = self.temps.pop(name, None)
                    if temp is not None:
                        os.replace(temp, final)
                    elif final.is_file():  # a table of an earlier run
                        final.unlink()
                games = self.games
        finally:
            for temp in self.temps.values():
                temp.unlink(missing_ok=True)
            self.temps.clear()
        return games


def write_parquet(
    spec: TournamentSpec,
    games: int,
    out: str | Path,
    *,
    workers: int = 1,
    scheduler: Any = None,
    chunk_size: int | None = None,
    on_chunk: Callable[[int, dict], None] | None = None,
    on_close: Callable[[int, dict[str, Path]], None] | None = None,
    row_group_bytes: int = 8 << 20,
) -> dict[str, Path]:
    """Play the tournament and stream every table to Parquet as chunks finish.

    Memory holds a few chunks at a time plus up to ``row_group_bytes`` of
    Arrow data per table (a Parquet row group), whatever ``games`` is.
    ``on_chunk(done, rows)`` is called after each chunk is written (progress
    bars, running summaries). Returns the paths written.

    The tables are written under temporary names beside ``out`` and renamed
    into place when the run ends, completed or not: if it is interrupted
    (Ctrl-C, SIGTERM turned into an exception, a failing game) after some
    games, each file is a readable Parquet file of the games written so far
    (whole games, in order); if no game was written, nothing is, and the files
    of an earlier run at ``out`` are left as they were. Once a run has games,
    its tables replace the earlier run's as a set (``out`` and its
    ``<stem>.<table>.parquet`` siblings, for every table of ``spec.tables``;
    an earlier table this run has no rows for is removed), so no stale table
    is left beside the new ones. ``on_close(games, paths)`` is called when the
    files are in place, also when the run is interrupted, with the number of
    games they hold (0: nothing written) and the paths holding them. A hard
    kill (SIGKILL, power loss) leaves the earlier files and a ``.tmp`` file
    beside them.
    """
    check_writable(out)
    need_pyarrow()
    writers = _Writers(out, spec.tables, row_group_bytes, game_metadata(spec.game))
    try:
        for done, rows in runners.iter_tournament(
            spec, games, workers=workers, scheduler=scheduler, chunk_size=chunk_size
        ):
            with _signals_held():
                writers.write(rows)
            if on_chunk is not None:
                on_chunk(done, rows)
    finally:
        with _signals_held():
            kept = writers.close()
            paths = {n: writers.paths[n] for n in writers.writers} if kept else {}
            if on_close is not None:
                on_close(kept, paths)
    return paths
