"""Montana actions: frozen dataclasses with a text notation that round-trips.

``str(action)`` gives the notation used in game records; :func:`parse_action`
is its inverse.  Hexes are written ``q,r`` in axial coordinates (M-DATA-5),
workers as colours joined by ``+`` in the order grain, pumpkin, copper, stone.
Seats are numbered from 0.  A hand-built action checks its fields when it is
made (:class:`ActionFieldError`).

==============================  ================================================
notation                        meaning
==============================  ================================================
``recruit``                     A: spin the hiring wheel (M-RECRUIT-1)
``hire copper+stone``           the colours chosen on the ANY segment (M-RECRUIT-5)
``move 2``                      pay 2 grain to move the pointer 2 segments (M-RECRUIT-3)
``dismiss grain``               return a worker over the limit of 8 (M-RECRUIT-4)
``bank copper+stone``           B: the bank field for 2 workers (M-BANK-1)
``work fields 3 grain``         B: a large production space (M-PROD-2)
``small copper+stone``          the small space next to it (M-PROD-3)
``city D1``                     B: take a pumpkin, contractor to row D column 1
``place A3``                    another seat's (or a displaced) city placement
``pass``                        no city placement (M-CITY-2, M-CITY-4)
``collect``                     be paid out in the city (M-CITY-5)
``build 2,-1``                  C: a settlement on hex (2,-1) (M-BUILD-1)
``trade coins``                 a cattle for 3 coins (also ``trade grain`` ...,
                                ``trade worker copper``) (M-CATTLE-1)
``canteen``                     spend a canteen for an extra turn (M-CANTEEN-1)
``done``                        decline what is offered (extra hire, small space,
                                more hexes, a canteen)
``tile 3 r2``                   chance: tile T3 with rotation 2 at the next centre
``start 0,1``                   chance: the starting hex (M-SETUP-2)
``spin 5``                      chance: the wheel stops on segment 5
``first 1``                     chance: seat 1 starts (M-SETUP-10)
``cap``                         chance (certain): the turn cap ends the game (M-END-5)
==============================  ================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolkit.core import IllegalAction

from .tables import AREAS, COLOURS, ROWS


class ActionFieldError(IllegalAction, TypeError):
    """A hand-built action with a field of the wrong type, e.g. ``Build("1", 0)``.

    Raised when the action is made, so it never reaches the engine: an
    :class:`~toolkit.core.IllegalAction` (rule ID and a sentence) that is also a
    ``TypeError`` naming the field and the type expected.
    """


TRADES = (*COLOURS[:4], "coins", *(f"worker {c}" for c in COLOURS))

_KINDS: dict[str, tuple[str, str]] = {
    "int": ("a whole number (int)", "3"),
    "workers": ("worker colours joined by '+' in the order " + "+".join(COLOURS), "'copper+stone'"),
    "colour": ("a worker colour: " + ", ".join(COLOURS), "'copper'"),
    "area": ("a production area: " + ", ".join(AREAS), "'mine'"),
    "row": ("a city row letter A-D", "'D'"),
    "trade": ("what a cattle buys: " + ", ".join(TRADES), "'coins'"),
}  # fmt: skip

_RULES = {
    "Hire": "M-RECRUIT-5",
    "Move": "M-RECRUIT-3",
    "Dismiss": "M-RECRUIT-4",
    "Bank": "M-BANK-1",
    "Work": "M-PROD-2",
    "Small": "M-PROD-3",
    "City": "M-CITY-1",
    "Place": "M-CITY-2",
    "Build": "M-BUILD-1",
    "Trade": "M-CATTLE-1",
    "Tile": "M-SETUP-1",
    "Start": "M-SETUP-2",
    "Spin": "M-RECRUIT-1",
    "First": "M-SETUP-10",
}


def _refuse(action: Any, name: str, kind: str) -> None:
    cls = type(action)
    value = getattr(action, name)
    what, example = _KINDS[kind]
    got = "None" if value is None else f"{value!r:.40} (a {type(value).__name__})"
    raise ActionFieldError(
        _RULES.get(cls.__name__, "M-TURN-2"),
        f"{cls.__name__}.{name} must be {what} such as {example}, not {got}.",
    )


def _is_workers(value: object, most: int = 3) -> bool:
    if type(value) is not str:
        return False
    parts = value.split("+")
    if not 1 <= len(parts) <= most or any(p not in COLOURS for p in parts):
        return False
    return parts == sorted(parts, key=COLOURS.index)


def _small_int(value: object, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


def worker_counts(workers: str) -> tuple[int, ...]:
    """``"copper+stone"`` -> counts in COLOURS order: ``(0, 0, 1, 1)``."""
    parts = workers.split("+")
    return tuple(parts.count(c) for c in COLOURS)


def worker_text(counts: tuple[int, ...]) -> str:
    """The inverse of :func:`worker_counts`."""
    return "+".join(c for c, k in zip(COLOURS, counts, strict=True) for _ in range(k))


@dataclass(frozen=True, slots=True)
class Recruit:
    """A: spin the hiring wheel (M-RECRUIT-1)."""

    def __str__(self) -> str:
        return "recruit"


@dataclass(frozen=True, slots=True)
class Hire:
    """The two colours taken on the ANY segment (M-RECRUIT-5), e.g. ``copper+copper``."""

    workers: str

    def __post_init__(self) -> None:
        if not _is_workers(self.workers, 2) or self.workers.count("+") != 1:
            _refuse(self, "workers", "workers")

    def __str__(self) -> str:
        return f"hire {self.workers}"


@dataclass(frozen=True, slots=True)
class Move:
    """Pay ``steps`` grain to move the pointer clockwise (M-RECRUIT-3), 1-7."""

    steps: int

    def __post_init__(self) -> None:
        if not _small_int(self.steps, 1, 7):
            _refuse(self, "steps", "int")

    def __str__(self) -> str:
        return f"move {self.steps}"


@dataclass(frozen=True, slots=True)
class Dismiss:
    """Return one worker of ``colour`` to keep within 8 (M-RECRUIT-4)."""

    colour: str

    def __post_init__(self) -> None:
        if type(self.colour) is not str or self.colour not in COLOURS:
            _refuse(self, "colour", "colour")

    def __str__(self) -> str:
        return f"dismiss {self.colour}"


@dataclass(frozen=True, slots=True)
class Bank:
    """B: the bank field that takes exactly these workers (M-BANK-1)."""

    workers: str

    def __post_init__(self) -> None:
        if not _is_workers(self.workers):
            _refuse(self, "workers", "workers")

    def __str__(self) -> str:
        return f"bank {self.workers}"


@dataclass(frozen=True, slots=True)
class Work:
    """B: the large space ``space`` (1-3) of ``area`` with ``workers`` (M-PROD-2)."""

    area: str
    space: int
    workers: str

    def __post_init__(self) -> None:
        if type(self.area) is not str or self.area not in AREAS:
            _refuse(self, "area", "area")
        if not _small_int(self.space, 1, 3):
            _refuse(self, "space", "int")
        if not _is_workers(self.workers, 2):
            _refuse(self, "workers", "workers")

    def __str__(self) -> str:
        return f"work {self.area} {self.space} {self.workers}"


@dataclass(frozen=True, slots=True)
class Small:
    """The small space next to the large one just used (M-PROD-3)."""

    workers: str

    def __post_init__(self) -> None:
        if not _is_workers(self.workers, 2):
            _refuse(self, "workers", "workers")

    def __str__(self) -> str:
        return f"small {self.workers}"


def _check_city(action: Any) -> None:
    if type(action.row) is not str or action.row not in ROWS or len(action.row) != 1:
        _refuse(action, "row", "row")
    if not _small_int(action.column, 1, 3):
        _refuse(action, "column", "int")


@dataclass(frozen=True, slots=True)
class City:
    """B: take 1 pumpkin and put the contractor on ``row`` ``column`` (M-CITY-1)."""

    row: str
    column: int

    def __post_init__(self) -> None:
        _check_city(self)

    def __str__(self) -> str:
        return f"city {self.row}{self.column}"


@dataclass(frozen=True, slots=True)
class Place:
    """A city placement by another seat or a displaced contractor (M-CITY-2/3)."""

    row: str
    column: int

    def __post_init__(self) -> None:
        _check_city(self)

    def __str__(self) -> str:
        return f"place {self.row}{self.column}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No city placement now (M-CITY-2, M-CITY-4)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Collect:
    """Be paid out for the contractor's city space (M-CITY-5)."""

    def __str__(self) -> str:
        return "collect"


@dataclass(frozen=True, slots=True)
class Build:
    """C: a settlement on hex ``(q, r)`` (M-BUILD-1)."""

    q: int
    r: int

    def __post_init__(self) -> None:
        if not _small_int(self.q, -99, 99):
            _refuse(self, "q", "int")
        if not _small_int(self.r, -99, 99):
            _refuse(self, "r", "int")

    def __str__(self) -> str:
        return f"build {self.q},{self.r}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Return a cattle for one of TRADES (M-CATTLE-1)."""

    gain: str

    def __post_init__(self) -> None:
        if type(self.gain) is not str or self.gain not in TRADES:
            _refuse(self, "gain", "trade")

    def __str__(self) -> str:
        return f"trade {self.gain}"


@dataclass(frozen=True, slots=True)
class Canteen:
    """Return a canteen to the box for an extra turn (M-CANTEEN-1)."""

    def __str__(self) -> str:
        return "canteen"


@dataclass(frozen=True, slots=True)
class Done:
    """Decline the optional step now offered."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Tile:
    """Chance: tile T``tile`` (1-12) with rotation ``rotation`` (0-5) (M-DATA-5)."""

    tile: int
    rotation: int

    def __post_init__(self) -> None:
        if not _small_int(self.tile, 1, 12):
            _refuse(self, "tile", "int")
        if not _small_int(self.rotation, 0, 5):
            _refuse(self, "rotation", "int")

    def __str__(self) -> str:
        return f"tile {self.tile} r{self.rotation}"


@dataclass(frozen=True, slots=True)
class Start:
    """Chance: the starting tile goes on hex ``(q, r)`` (M-SETUP-2)."""

    q: int
    r: int

    def __post_init__(self) -> None:
        if not _small_int(self.q, -99, 99):
            _refuse(self, "q", "int")
        if not _small_int(self.r, -99, 99):
            _refuse(self, "r", "int")

    def __str__(self) -> str:
        return f"start {self.q},{self.r}"


@dataclass(frozen=True, slots=True)
class Spin:
    """Chance: the wheel stops on ``segment`` (0-7) (M-RECRUIT-1)."""

    segment: int

    def __post_init__(self) -> None:
        if not _small_int(self.segment, 0, 7):
            _refuse(self, "segment", "int")

    def __str__(self) -> str:
        return f"spin {self.segment}"


@dataclass(frozen=True, slots=True)
class First:
    """Chance: ``seat`` is the start player (M-SETUP-10)."""

    seat: int

    def __post_init__(self) -> None:
        if not _small_int(self.seat, 0, 3):
            _refuse(self, "seat", "int")

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Cap:
    """Chance (certain): the turn cap triggers the end (M-END-5)."""

    def __str__(self) -> str:
        return "cap"


Action = (
    Recruit | Hire | Move | Dismiss | Bank | Work | Small | City | Place | Pass
    | Collect | Build | Trade | Canteen | Done | Tile | Start | Spin | First | Cap
)  # fmt: skip
ACTION_TYPES = (
    Recruit, Hire, Move, Dismiss, Bank, Work, Small, City, Place, Pass,
    Collect, Build, Trade, Canteen, Done, Tile, Start, Spin, First, Cap,
)  # fmt: skip

_W = r"((?:grain|pumpkin|copper|stone)(?:\+(?:grain|pumpkin|copper|stone)){0,2})"
_N = r"(-?[0-9]{1,2})"
_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = tuple(
    (re.compile(p), f)
    for p, f in (
        (r"recruit", lambda m: Recruit()),
        (r"hire " + _W, lambda m: Hire(m[1])),
        (r"move ([1-7])", lambda m: Move(int(m[1]))),
        (r"dismiss (grain|pumpkin|copper|stone)", lambda m: Dismiss(m[1])),
        (r"bank " + _W, lambda m: Bank(m[1])),
        (r"work (mine|quarry|fields|farm) ([1-3]) " + _W, lambda m: Work(m[1], int(m[2]), m[3])),
        (r"small " + _W, lambda m: Small(m[1])),
        (r"city ([A-D])([1-3])", lambda m: City(m[1], int(m[2]))),
        (r"place ([A-D])([1-3])", lambda m: Place(m[1], int(m[2]))),
        (r"pass", lambda m: Pass()),
        (r"collect", lambda m: Collect()),
        (r"build " + _N + "," + _N, lambda m: Build(int(m[1]), int(m[2]))),
        (r"trade (" + "|".join(TRADES) + ")", lambda m: Trade(m[1])),
        (r"canteen", lambda m: Canteen()),
        (r"done", lambda m: Done()),
        (r"tile ([0-9]{1,2}) r([0-5])", lambda m: Tile(int(m[1]), int(m[2]))),
        (r"start " + _N + "," + _N, lambda m: Start(int(m[1]), int(m[2]))),
        (r"spin ([0-7])", lambda m: Spin(int(m[1]))),
        (r"first ([0-3])", lambda m: First(int(m[1]))),
        (r"cap", lambda m: Cap()),
    )
)  # fmt: skip


def parse_action(text: str) -> Action:
    """Read an action from its notation (the inverse of ``str(action)``).

    Raises ``ValueError`` (an :class:`~toolkit.core.IllegalAction` for a field
    out of range) for text that is no Montana action.

    >>> parse_action("work fields 3 grain")
    Work(area='fields', space=3, workers='grain')
    >>> str(parse_action("build -1,2"))
    'build -1,2'
    """
    if not isinstance(text, str):
        raise ValueError(f"parse_action reads text, not {type(text).__name__}")
    if len(text) > 60:
        raise ValueError("not a Montana action: the text is too long")
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return make(m)
    raise ValueError(
        f"not a Montana action: {text!r:.40} (try 'recruit', 'bank copper+stone', "
        "'work mine 1 copper', 'city D1', 'build 0,1', 'trade coins', 'done')"
    )


__all__ = [
    "ACTION_TYPES",
    "TRADES",
    "Action",
    "ActionFieldError",
    "Bank",
    "Build",
    "Canteen",
    "Cap",
    "City",
    "Collect",
    "Dismiss",
    "Done",
    "First",
    "Hire",
    "Move",
    "Pass",
    "Place",
    "Recruit",
    "Small",
    "Spin",
    "Start",
    "Tile",
    "Trade",
    "Work",
    "parse_action",
    "worker_counts",
    "worker_text",
]
