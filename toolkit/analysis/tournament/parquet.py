"""Streaming a tournament's tables to Parquet as its chunks of games finish."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
    except OSError as exc:
        raise TournamentError(f"cannot write {out}: {exc.strerror or exc}") from None
    if not existed:
        out.unlink()


class _Writers:
    """One pyarrow ParquetWriter per table, opened at its first batch.

    Rows are converted to Arrow at once (compact) and written out as a row
    group whenever a table has ``row_group_bytes`` buffered, and at
    :meth:`close`. Big row groups keep the footer metadata, which a
    ParquetWriter holds in memory until it closes, small: a row group per
    chunk of games would make memory grow with the number of games.
    """

    def __init__(
        self,
        out: str | Path,
        tables: Iterable[str] = TABLES,
        row_group_bytes: int = 8 << 20,
    ) -> None:
        self.paths = table_paths(out, tables)
        self.limit = row_group_bytes
        self.writers: dict[str, Any] = {}
        self.schemas: dict[str, Any] = {}
        self.buffers: dict[str, list] = {}
        self.rows: dict[str, int] = {}

    def write(self, rows: dict[str, list[dict]]) -> None:
        """Buffer one chunk's rows; flush the tables whose buffer is full."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        for name, part in rows.items():
            if not part:
                continue
            if name not in self.writers:
                table = pa.Table.from_pylist(part)
                self.schemas[name] = table.schema
                self.writers[name] = pq.ParquetWriter(self.paths[name], table.schema)
            else:
                table = pa.Table.from_pylist(part, schema=self.schemas[name])
            buffer = self.buffers.setdefault(name, [])
            buffer.append(table)
            self.rows[name] = self.rows.get(name, 0) + len(part)
            if sum(t.nbytes for t in buffer) >= self.limit:
                self._flush(name)

    def _flush(self, name: str) -> None:
        import pyarrow as pa

        buffer = self.buffers.pop(name, [])
        if buffer:
            self.writers[name].write_table(pa.concat_tables(buffer))

    def close(self) -> None:
        """Write what is buffered and close every file (a valid Parquet footer)."""
        try:
            for name in list(self.buffers):
                self._flush(name)
        finally:
            for w in self.writers.values():
                w.close()


def write_parquet(
    spec: TournamentSpec,
    games: int,
    out: str | Path,
    *,
    workers: int = 1,
    scheduler: Any = None,
    chunk_size: int | None = None,
    on_chunk: Callable[[int, dict], None] | None = None,
    row_group_bytes: int = 8 << 20,
) -> dict[str, Path]:
    """Play the tournament and stream every table to Parquet as chunks finish.

    Memory holds a few chunks at a time plus up to ``row_group_bytes`` of
    Arrow data per table (a Parquet row group), whatever ``games`` is. If the run is
    interrupted (Ctrl-C, SIGTERM turned into an exception, a failing game) the
    writers are closed, so each file is a readable Parquet file of the games
    finished so far (whole games, in order). ``on_chunk(done, rows)`` is called
    after each chunk is written (progress bars, running summaries).
    Returns the paths written. Files of an earlier run at the same ``out``
    (``out`` and its ``<stem>.<table>.parquet`` siblings, for every table of
    ``spec.tables``) are replaced, so no stale table is left beside the new
    ones. A hard kill (SIGKILL, power loss) leaves files without their Parquet
    footer: unreadable.
    """
    check_writable(out)
    need_pyarrow()
    writers = _Writers(out, spec.tables, row_group_bytes)
    for path in writers.paths.values():
        if path.is_file():
            path.unlink()
    try:
        for done, rows in runners.iter_tournament(
            spec, games, workers=workers, scheduler=scheduler, chunk_size=chunk_size
        ):
            writers.write(rows)
            if on_chunk is not None:
                on_chunk(done, rows)
    finally:
        writers.close()
    return {name: writers.paths[name] for name in writers.writers}
