"""Finding and reading the toolkit's data files (standard library only).

Every game keeps its board and deck data as CSV files under ``datasets/<game>/``.
This module is the one place that knows where that folder is and the one CSV
reader all games share.  Reading is strict: the header must name exactly the
expected columns and every field goes through a parser.  Any problem becomes a
:class:`DatasetError` that says which file, which row and which field is wrong,
so a teacher who edits a CSV by hand gets a message they can act on.

Files are read with :mod:`csv` only: nothing is ever evaluated or unpickled.

Row numbers: the header is row 0 and the first data row is row 1, so for a
file without multi-line quoted fields, row *n* is line *n + 1* in an editor.

Example::

    from toolkit.core.data import dataset_path, read_table, parse_id, parse_float

    rows = read_table(
        dataset_path("mygame", "cities.csv"),
        {"id": parse_id, "lat": parse_float(-90, 90), ...},
    )
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path

__all__ = [
    "DatasetError",
    "dataset_path",
    "datasets_root",
    "parse_bool",
    "parse_choice",
    "parse_float",
    "parse_id",
    "parse_int",
    "parse_text",
    "read_table",
]

Parser = Callable[[str], object]

_ID_RE = re.compile(r"[A-Za-z0-9_]+")
_INT_RE = re.compile(r"[+-]?[0-9]+")
_FLOAT_RE = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


class DatasetError(ValueError):
    """A data file is missing, malformed or inconsistent.

    Attributes
    ----------
    file : str
        The file's name, e.g. ``"cities.csv"``.
    row : int or None
        1-based data row number (the header is row 0), or ``None`` when the
        problem concerns the whole file.
    field : str or None
        The column name, or ``None``.
    problem : str
        The bare description, without the location prefix.
    path : pathlib.Path or None
        The full path of the file, when known.
    """

    def __init__(
        self,
        file: str | Path,
        row: int | None,
        field: str | None,
        problem: str,
        *,
        path: Path | None = None,
    ) -> None:
        if path is None and isinstance(file, Path):
            path = file
        self.file = Path(file).name
        self.row = row
        self.field = field
        self.problem = problem
        self.path = path
        parts = [self.file]
        if row is not None:
            parts.append("row 0 (header)" if row == 0 else f"row {row}")
        if field is not None:
            parts.append(f"field {field!r}")
        super().__init__(f"{', '.join(parts)}: {problem}")

    def __reduce__(self):
        """Keep the exception picklable (multiprocessing, pytest-xdist)."""
        return (
            _rebuild_error,
            (self.file, self.row, self.field, self.problem, self.path),
        )


def _rebuild_error(file, row, field, problem, path):
    return DatasetError(file, row, field, problem, path=path)


# location --------------------------------------------------------------------


def datasets_root() -> Path:
    """Return the ``datasets`` directory.

    An installed wheel ships the data as ``toolkit/_datasets``; a repository
    checkout has it at ``<repo>/datasets``.  The packaged copy wins.
    """
    try:
        from importlib.resources import files

        packaged = files("toolkit") / "_datasets"
        if isinstance(packaged, Path) and packaged.is_dir():
            return packaged
    except Exception:  # toolkit not importable as a regular package: use the checkout
        pass
    return Path(__file__).resolve().parents[2] / "datasets"


def dataset_path(game: str, name: str) -> Path:
    """Return the path of data file *name* of *game*.

    Example: ``dataset_path("mygame", "cities.csv")`` is ``datasets/mygame/cities.csv``.

    The file need not exist (reading it reports that); both parts must be plain
    names, not paths.
    """
    for label, part in (("game", game), ("name", name)):
        if not part or part in (".", "..") or "/" in part or "\\" in part:
            raise ValueError(f"dataset {label} must be a plain name, got {part!r}")
    return datasets_root() / game / name


# parsers ---------------------------------------------------------------------


def _range_text(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f" between {lo:g} and {hi:g}"
    if lo is not None:
        return f" >= {lo:g}"
    if hi is not None:
        return f" <= {hi:g}"
    return ""


def parse_bool(text: str) -> bool:
    """Parse ``"true"`` as True and ``"false"`` as False; nothing else is accepted."""
    if text == "true":
        return True
    if text == "false":
        return False
    raise ValueError(f"expected true or false, got {text!r}")


def parse_int(min: int | None = None, max: int | None = None) -> Callable[[str], int]:
    """Return a parser for a decimal integer in ``[min, max]``; ``None`` = unbounded."""
    expected = "an integer" + _range_text(min, max)

    def parse(text: str) -> int:
        if not _INT_RE.fullmatch(text):
            raise ValueError(f"expected {expected}, got {text!r}")
        value = int(text)
        if (min is not None and value < min) or (max is not None and value > max):
            raise ValueError(f"expected {expected}, got {text!r}")
        return value

    parse.__name__ = parse.__qualname__ = f"parse_int({min}, {max})"
    return parse


def parse_float(
    min: float | None = None, max: float | None = None
) -> Callable[[str], float]:
    """Return a parser for a finite decimal number in ``[min, max]``.

    ``None`` leaves that side unbounded.
    """
    expected = "a number" + _range_text(min, max)

    def parse(text: str) -> float:
        if not _FLOAT_RE.fullmatch(text):
            raise ValueError(f"expected {expected}, got {text!r}")
        value = float(text)
        if (
            not math.isfinite(value)
            or (min is not None and value < min)
            or (max is not None and value > max)
        ):
            raise ValueError(f"expected {expected}, got {text!r}")
        return value

    parse.__name__ = parse.__qualname__ = f"parse_float({min}, {max})"
    return parse


def parse_choice(*options: str) -> Callable[[str], str]:
    """Return a parser accepting exactly one of *options* (returned unchanged)."""
    if not options:
        raise ValueError("parse_choice needs at least one option")
    allowed = frozenset(options)
    expected = "one of " + ", ".join(repr(o) for o in options)

    def parse(text: str) -> str:
        if text not in allowed:
            raise ValueError(f"expected {expected}, got {text!r}")
        return text

    parse.__name__ = parse.__qualname__ = f"parse_choice{options!r}"
    return parse


def parse_id(text: str) -> str:
    """Accept a non-empty id made of ASCII letters, digits and underscores."""
    if not _ID_RE.fullmatch(text):
        raise ValueError(f"expected an id (letters, digits or _), got {text!r}")
    return text


def parse_text(text: str) -> str:
    """Accept non-empty free text without leading or trailing whitespace."""
    if not text or text != text.strip():
        raise ValueError(
            f"expected non-empty text without surrounding spaces, got {text!r}"
        )
    return text


# reader ----------------------------------------------------------------------


def read_table(path: str | Path, columns: Mapping[str, Parser]) -> list[dict]:
    """Read a CSV file and return one dict per data row, with parsed values.

    *columns* maps each expected column name to its parser (a callable taking
    the raw string).  The header must contain exactly these columns, in any
    order.  Completely empty lines are skipped (they still count as rows).
    Every failure raises :class:`DatasetError` naming the file, the row and,
    where it applies, the field.
    """
    path = Path(path)
    name = path.name

    def error(row: int | None, field: str | None, problem: str) -> DatasetError:
        return DatasetError(name, row, field, problem, path=path)

    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except FileNotFoundError:
        raise error(None, None, f"file not found: {path}") from None
    except IsADirectoryError:
        raise error(None, None, f"expected a file, found a directory: {path}") from None
    except UnicodeDecodeError as exc:
        raise error(
            None, None, f"not valid UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    except OSError as exc:
        raise error(None, None, f"cannot read file: {exc.strerror or exc}") from None

    if not text.strip():
        raise error(
            None, None, f"file is empty (expected a header: {','.join(columns)})"
        )

    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    row_number = 0
    header_done = False
    try:
        header = next(reader)
        header_done = True
        seen: set[str] = set()
        for column in header:
            if column in seen:
                raise error(0, column, f"duplicate column {column!r}")
            seen.add(column)
        for column in columns:
            if column not in seen:
                raise error(
                    0,
                    column,
                    f"missing column {column!r} (header is {','.join(header)})",
                )
        for column in header:
            if column not in columns:
                raise error(
                    0,
                    column,
                    f"unexpected column {column!r} (expected {','.join(columns)})",
                )

        rows: list[dict] = []
        for row_number, record in enumerate(reader, start=1):
            if not record or record == [""]:
                continue  # blank line
            if len(record) > len(header):
                raise error(
                    row_number,
                    None,
                    f"expected {len(header)} fields, got {len(record)}",
                )
            if len(record) < len(header):
                missing = header[len(record)]
                raise error(
                    row_number,
                    missing,
                    f"missing value (expected {len(header)} fields, got {len(record)})",
                )
            raw = dict(zip(header, record, strict=False))
            parsed = {}
            for column, parser in columns.items():
                value = raw[column]
                try:
                    parsed[column] = parser(value)
                except DatasetError as exc:
                    raise error(row_number, column, exc.problem) from None
                except Exception as exc:  # any parser failure becomes a DatasetError
                    problem = str(exc) or f"invalid value {value!r}"
                    raise error(row_number, column, problem) from None
            rows.append(parsed)
    except csv.Error as exc:
        # the failing record is the one after the last record read (the header is row 0)
        failing = row_number + 1 if header_done else 0
        raise error(failing, None, f"malformed CSV: {exc}") from None
    return rows
