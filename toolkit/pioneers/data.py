"""Loading and validating the Pioneers board and wagon data (standard library only).

The data live in ``datasets/pioneers/`` (see its README for provenance):

- ``cities.csv``: the cities of both board sides (ASSUMPTION-1);
- ``connections.csv``: the frozen connections of each side;
- ``wagons.csv``: the 4 start wagons and 24 regular wagons (ASSUMPTION-2).

The map and the deck are *design assumptions* (the real ones are not published),
so they are plain data: a teacher can edit the CSVs, and every loader checks the
files and their cross-references, raising :class:`~toolkit.core.data.DatasetError`
with the file, row and field of the first problem found.

Every loader takes an optional ``path``: a directory holding the three files,
used instead of the packaged data (e.g. a corrected copy, or a test's temp dir).
Loads of the packaged data are cached.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

from toolkit.core.data import (
    DatasetError,
    dataset_path,
    parse_bool,
    parse_choice,
    parse_float,
    parse_id,
    parse_int,
    parse_text,
    read_table,
)

__all__ = [
    "PROFESSIONS",
    "SIDES",
    "START_WAGONS",
    "START_WAGON_SEATS",
    "City",
    "DatasetError",
    "WagonSpec",
    "data_dir",
    "load_cities",
    "load_connections",
    "load_wagons",
]

GAME = "pioneers"
CITIES_FILE = "cities.csv"
CONNECTIONS_FILE = "connections.csv"
WAGONS_FILE = "wagons.csv"

#: Board sides: ``"4p"`` for 4 players, ``"23p"`` for 2 or 3 players (P-PC-1).
SIDES = ("4p", "23p")
#: The 6 seat professions, in printed order.
#: HOTEL is a tile, never a seat (ASSUMPTION-3).
PROFESSIONS = ("BANKER", "MERCHANT", "SERGEANT", "INNKEEPER", "GOLD_DIGGER", "FARMER")
#: Number of start wagons and seats on each (P-COMP-4, ASSUMPTION-2).
START_WAGONS = 4
START_WAGON_SEATS = 5
#: Cover tiles of the 2-player game (P-COMP-5), one per city marked covered_2p.
COVER_TILES = 8
#: Regular wagons a deck needs: 12 removed with 2 players (P-PC-4) + 4 market slots.
MIN_REGULAR_WAGONS = 16

_CITY_COLUMNS = {
    "id": parse_id,
    "name": parse_text,
    "lat": parse_float(-90, 90),
    "lon": parse_float(-180, 180),
    "side_4p": parse_bool,
    "side_23p": parse_bool,
    "start": parse_bool,
    "covered_2p": parse_bool,
}
_CONNECTION_COLUMNS = {"side": parse_choice(*SIDES), "a": parse_id, "b": parse_id}


def _parse_seats(text: str) -> tuple[str, ...]:
    seats = tuple(text.split(" "))
    if not text or "" in seats:
        raise ValueError(
            f"expected professions separated by single spaces, got {text!r}"
        )
    for seat in seats:
        if seat == "HOTEL":
            raise ValueError(
                "'HOTEL' is not a profession (a hotel is a tile, never a seat); "
                f"expected one of {', '.join(PROFESSIONS)}"
            )
        if seat not in PROFESSIONS:
            raise ValueError(
                f"unknown profession {seat!r}; expected one of {', '.join(PROFESSIONS)}"
            )
    return seats


_WAGON_COLUMNS = {
    "id": parse_id,
    "kind": parse_choice("start", "regular"),
    "seats": _parse_seats,
    "vp": parse_int(1, None),
    "bonus": parse_int(0, None),
}


class City(NamedTuple):
    """One city of a board side.

    ``covered_2p`` is True for the cities that get a cover tile in a 2-player
    game (P-SETUP-2). Covers only exist on the 2/3-player side, so it is always
    False on the ``"4p"`` side.
    """

    id: str
    name: str
    lat: float
    lon: float
    start: bool
    covered_2p: bool


class WagonSpec(NamedTuple):
    """One wagon card: its seats (professions, printed order), VP and the $ bonus."""

    id: str
    start: bool
    seats: tuple[str, ...]
    vp: int
    bonus: int


def data_dir(path: str | Path | None = None) -> Path:
    """Return the directory the loaders read: *path*, else the packaged data."""
    if path is not None:
        return Path(path)
    return dataset_path(GAME, CITIES_FILE).parent


def _check_side(side: str) -> str:
    if side not in SIDES:
        raise ValueError(
            f"side must be one of {', '.join(map(repr, SIDES))}, got {side!r}"
        )
    return side


# cities ----------------------------------------------------------------------


def _read_cities(directory: Path) -> list[dict]:
    """Read and validate ``cities.csv`` (both sides). Rows get a ``_row`` number."""
    rows = read_table(directory / CITIES_FILE, _CITY_COLUMNS)
    first_row: dict[str, int] = {}
    for number, row in enumerate(rows, start=1):
        row["_row"] = number
        if row["id"] in first_row:
            raise DatasetError(
                CITIES_FILE,
                number,
                "id",
                f"duplicate city id {row['id']!r} "
                f"(first at row {first_row[row['id']]})",
            )
        first_row[row["id"]] = number
        if row["covered_2p"] and not row["side_23p"]:
            raise DatasetError(
                CITIES_FILE,
                number,
                "covered_2p",
                f"city {row['id']!r} is covered with 2 players but not on the 23p side",
            )
        if row["start"] and row["covered_2p"]:
            raise DatasetError(
                CITIES_FILE,
                number,
                "covered_2p",
                f"the start city {row['id']!r} must not be covered",
            )
    covered = [r for r in rows if r["covered_2p"]]
    if len(covered) != COVER_TILES:
        raise DatasetError(
            CITIES_FILE,
            covered[COVER_TILES]["_row"] if len(covered) > COVER_TILES else None,
            "covered_2p",
            f"the 2-player game has {COVER_TILES} cover tiles (P-COMP-5), so "
            f"{COVER_TILES} cities need covered_2p=true; found {len(covered)}",
        )
    for side in SIDES:
        starts = [r for r in rows if r["side_" + side] and r["start"]]
        if not starts:
            raise DatasetError(
                CITIES_FILE, None, "start", f"no start city on the {side} side"
            )
        if len(starts) > 1:
            first, second = starts[0], starts[1]
            raise DatasetError(
                CITIES_FILE,
                second["_row"],
                "start",
                f"second start city {second['id']!r} on the {side} side "
                f"(the first is {first['id']!r} at row {first['_row']})",
            )
    return rows


def _cities(side: str, directory: Path) -> tuple[City, ...]:
    return tuple(
        City(
            id=r["id"],
            name=r["name"],
            lat=r["lat"],
            lon=r["lon"],
            start=r["start"],
            covered_2p=r["covered_2p"] and side == "23p",
        )
        for r in _read_cities(directory)
        if r["side_" + side]
    )


@functools.cache
def _default_cities(side: str) -> tuple[City, ...]:
    return _cities(side, data_dir())


def load_cities(side: str, path: str | Path | None = None) -> tuple[City, ...]:
    """Return the cities of board side ``"4p"`` or ``"23p"``, in file order.

    The whole of ``cities.csv`` is validated: unique ids, valid coordinates,
    exactly one start city per side, the start city not covered, covered cities
    only on the 23p side.
    """
    _check_side(side)
    if path is None:
        return _default_cities(side)
    return _cities(side, Path(path))


# connections -----------------------------------------------------------------


def _connections(directory: Path) -> dict[str, tuple[tuple[str, str], ...]]:
    cities = {r["id"]: r for r in _read_cities(directory)}
    rows = read_table(directory / CONNECTIONS_FILE, _CONNECTION_COLUMNS)
    seen: dict[tuple[str, str, str], int] = {}
    result: dict[str, list[tuple[str, str]]] = {side: [] for side in SIDES}
    for number, row in enumerate(rows, start=1):
        side, a, b = row["side"], row["a"], row["b"]
        for field, city in (("a", a), ("b", b)):
            if city not in cities:
                raise DatasetError(
                    CONNECTIONS_FILE,
                    number,
                    field,
                    f"unknown city {city!r} (not in {CITIES_FILE})",
                )
            if not cities[city]["side_" + side]:
                raise DatasetError(
                    CONNECTIONS_FILE,
                    number,
                    field,
                    f"city {city!r} is not on the {side} side "
                    f"({CITIES_FILE} has side_{side}=false)",
                )
        if a == b:
            raise DatasetError(
                CONNECTIONS_FILE,
                number,
                "b",
                f"self-loop: connection {a}-{b} joins a city to itself",
            )
        pair = (a, b) if a < b else (b, a)
        key = (side, *pair)
        if key in seen:
            raise DatasetError(
                CONNECTIONS_FILE,
                number,
                "b",
                f"duplicate connection {pair[0]}-{pair[1]} on the {side} side "
                f"(first at row {seen[key]})",
            )
        seen[key] = number
        result[side].append(pair)
    for side in SIDES:
        _check_side_graph(
            side, [r for r in cities.values() if r["side_" + side]], result[side]
        )
    return {side: tuple(sorted(pairs)) for side, pairs in result.items()}


def _check_side_graph(
    side: str, rows: list[dict], pairs: list[tuple[str, str]]
) -> None:
    """Every city of a side is reachable from its start city; 2-player covers leave
    the start city a neighbour (ASSUMPTION-E1: the stagecoach must be able to leave).
    """
    nbrs: dict[str, set[str]] = {r["id"]: set() for r in rows}
    for a, b in pairs:
        nbrs[a].add(b)
        nbrs[b].add(a)
    start = next(r["id"] for r in rows if r["start"])
    reached, todo = {start}, [start]
    while todo:
        for city in nbrs[todo.pop()]:
            if city not in reached:
                reached.add(city)
                todo.append(city)
    for r in rows:  # file order: the first city cut off is named
        if r["id"] not in reached:
            raise DatasetError(
                CITIES_FILE,
                r["_row"],
                "id",
                f"city {r['id']!r} on the {side} side cannot be reached from the "
                f"start city {start!r} through {CONNECTIONS_FILE}",
            )
    if side != "23p":  # covers lie on the 2/3-player side only
        return
    covered = [r for r in rows if r["covered_2p"] and r["id"] in nbrs[start]]
    if nbrs[start] and len(covered) == len(nbrs[start]):
        raise DatasetError(
            CITIES_FILE,
            covered[-1]["_row"],
            "covered_2p",
            f"with 2 players every neighbour of the start city {start!r} would be "
            "covered and the stagecoach could never leave it (ASSUMPTION-E1)",
        )


@functools.cache
def _default_connections() -> dict[str, tuple[tuple[str, str], ...]]:
    return _connections(data_dir())


def load_connections(
    side: str, path: str | Path | None = None
) -> tuple[tuple[str, str], ...]:
    """Return the connections of board side ``"4p"`` or ``"23p"``.

    They come as sorted ``(a, b)`` pairs with ``a < b``.

    ``connections.csv`` is checked against ``cities.csv``: both ends must be
    known cities on that side, no self-loops, no duplicates (in either order).
    """
    _check_side(side)
    if path is None:
        return _default_connections()[side]
    return _connections(Path(path))[side]


# wagons ----------------------------------------------------------------------


def _wagons(directory: Path) -> tuple[WagonSpec, ...]:
    rows = read_table(directory / WAGONS_FILE, _WAGON_COLUMNS)
    first_row: dict[str, int] = {}
    wagons = []
    start_rows = []
    for number, row in enumerate(rows, start=1):
        if row["id"] in first_row:
            raise DatasetError(
                WAGONS_FILE,
                number,
                "id",
                f"duplicate wagon id {row['id']!r} "
                f"(first at row {first_row[row['id']]})",
            )
        first_row[row["id"]] = number
        start = row["kind"] == "start"
        seats = row["seats"]
        if start:
            start_rows.append(number)
            if len(seats) != START_WAGON_SEATS:
                raise DatasetError(
                    WAGONS_FILE,
                    number,
                    "seats",
                    f"a start wagon must have {START_WAGON_SEATS} seats, "
                    f"got {len(seats)}",
                )
            if len(set(seats)) != len(seats):
                raise DatasetError(
                    WAGONS_FILE,
                    number,
                    "seats",
                    "a start wagon's seats must show different professions",
                )
        wagons.append(WagonSpec(row["id"], start, seats, row["vp"], row["bonus"]))
    if len(start_rows) != START_WAGONS:
        raise DatasetError(
            WAGONS_FILE,
            start_rows[START_WAGONS] if len(start_rows) > START_WAGONS else None,
            "kind",
            f"expected exactly {START_WAGONS} start wagons, got {len(start_rows)}",
        )
    regular = len(wagons) - len(start_rows)
    if regular < MIN_REGULAR_WAGONS:
        raise DatasetError(
            WAGONS_FILE,
            None,
            "kind",
            f"the deck needs at least {MIN_REGULAR_WAGONS} regular wagons: with 2 "
            f"players 12 leave the game unseen (P-PC-4) and the market has 4 slots "
            f"to fill (P-SETUP-9); found {regular}",
        )
    return tuple(wagons)


@functools.cache
def _default_wagons() -> tuple[WagonSpec, ...]:
    return _wagons(data_dir())


def load_wagons(path: str | Path | None = None) -> tuple[WagonSpec, ...]:
    """All wagons in file order: the start wagons and the regular deck.

    Checks: unique ids, seats are professions (not HOTEL), exactly 4 start
    wagons with 5 different seats each, VP positive.
    """
    if path is None:
        return _default_wagons()
    return _wagons(Path(path))
