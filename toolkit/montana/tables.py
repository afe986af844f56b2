"""Static Montana data read from ``datasets/montana/*.csv`` and checked on load.

The files freeze section 9 of the project's spec (M-DATA-1..7): the hiring wheel,
the bank, the production spaces, the city, the hex types, the twelve landscape
tiles and the tile layouts, with the goods in the box and the set-up counts.
Most of it is [DESIGN] (the printed components are unknown; provenance in
``datasets/montana/README.md``).  :func:`load_tables` raises
:class:`~toolkit.core.data.DatasetError` naming the file, the row and the field
of the first problem it finds, including problems across rows and tables (a
tile without its 7 hexes, a hex type no table defines, too few tiles for a
player count, more cattle hexes than the box can fill).
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
    parse_int,
    read_table,
)

#: Goods in their fixed order (M-COMP-1): hands and supplies count in it.
GOODS = ("grain", "pumpkin", "copper", "stone", "large_copper", "large_stone")
#: The one-letter codes of the goods (M-DATA-6: g p c s, C S for the large pieces).
CODES = "gpcsCS"
#: Worker colours, named by their good (M-COMP-2), in the order of the first 4 goods.
COLOURS = GOODS[:4]
ANY = "ANY"
#: The production areas in the order of M-TURN-5 step 3, with their good.
AREAS = ("mine", "quarry", "fields", "farm")
ROWS = "ABCD"
SLOTS = ("centre", "0", "1", "2", "3", "4", "5")
LAKE = "LAKE"
#: Box contents of cattle and canteens (M-COMP-5).
CATTLE_IN_BOX = 24
CANTEENS_IN_BOX = 6

FILES = (
    "goods.csv",
    "setup.csv",
    "wheel.csv",
    "bank.csv",
    "production.csv",
    "city.csv",
    "city_columns.csv",
    "hex_types.csv",
    "tiles.csv",
    "layouts.csv",
)

Goods = tuple[int, ...]


class HexType(NamedTuple):
    """One hex type of M-DATA-6: its cost in goods, double, buildable, canteen."""

    code: str
    cost: Goods
    double: bool
    buildable: bool
    canteen: bool


class Tables(NamedTuple):
    """Everything the datasets define, as plain immutable Python values."""

    box: Goods  # goods in the box, GOODS order
    supply: dict[int, Goods]  # players -> goods in the general supply at set-up
    start_goods: Goods  # each player's goods from the box (M-SETUP-7)
    tiles_for: dict[int, int]  # players -> landscape tiles (M-SETUP-1)
    settlements: dict[int, int]  # players -> settlements each (M-SETUP-6)
    first_coins: int  # the start player's coins (M-SETUP-10)
    wheel: tuple[tuple[str, str], ...]  # segment -> two colours or ANY
    bank: tuple[tuple[int, int], ...]  # field -> (workers, coins)
    production: tuple[tuple[tuple[int, int], ...], ...]  # area -> spaces (pay, gain)
    area_good: tuple[int, ...]  # area -> good index
    city: tuple[tuple[int, Goods], ...]  # row -> (good given or -1, goods gained)
    columns: tuple[int, ...]  # column -> pumpkins
    hex_types: dict[str, HexType]
    tiles: tuple[tuple[tuple[str, bool], ...], ...]  # tile -> 7 (code, cattle)
    centres: dict[int, tuple[tuple[int, int], ...]]  # players -> tile centres


def _error(folder: Path, file: str, row: int | None, field: str | None, problem: str):
    return DatasetError(file, row, field, problem, path=folder / file)


def _goods(text: str) -> Goods:
    """``"Cg"`` -> counts in GOODS order; ``"-"`` is nothing."""
    if text == "-":
        return (0,) * len(GOODS)
    if not text or any(ch not in CODES for ch in text):
        raise ValueError(f"goods are written with the letters {CODES} or '-'")
    return tuple(text.count(ch) for ch in CODES)


def _load_goods(folder: Path):
    f = "goods.csv"
    rows = read_table(
        folder / f,
        {
            "code": parse_choice(*CODES),
            "good": parse_choice(*GOODS),
            "box": parse_int(0, 999),
            "supply_2": parse_int(0, 999),
            "supply_3": parse_int(0, 999),
            "supply_4": parse_int(0, 999),
            "start": parse_int(0, 9),
        },
    )
    by_code: dict[str, dict] = {}
    for i, r in enumerate(rows, start=1):
        if r["code"] in by_code:
            raise _error(folder, f, i, "code", f"good {r['code']!r} is listed twice")
        if CODES.index(r["code"]) != GOODS.index(r["good"]):
            raise _error(
                folder,
                f,
                i,
                "good",
                f"code {r['code']!r} is not the code of {r['good']}",
            )
        for n in (2, 3, 4):
            if r[f"supply_{n}"] + n * r["start"] > r["box"]:
                raise _error(
                    folder,
                    f,
                    i,
                    f"supply_{n}",
                    f"the supply and {n} players' starting goods need more than the "
                    f"box holds ({r['box']})",
                )
        by_code[r["code"]] = r
    missing = [c for c in CODES if c not in by_code]
    if missing:
        raise _error(folder, f, None, "code", f"goods {missing} are missing")
    box = tuple(by_code[c]["box"] for c in CODES)
    supply = {n: tuple(by_code[c][f"supply_{n}"] for c in CODES) for n in (2, 3, 4)}
    start = tuple(by_code[c]["start"] for c in CODES)
    return box, supply, start


def _load_setup(folder: Path):
    f = "setup.csv"
    rows = read_table(
        folder / f,
        {
            "players": parse_int(2, 4),
            "tiles": parse_int(1, 12),
            "settlements": parse_int(1, 12),
            "first_coins": parse_int(0, 99),
        },
    )
    tiles, settlements, coins = {}, {}, set()
    for i, r in enumerate(rows, start=1):
        if r["players"] in tiles:
            raise _error(folder, f, i, "players", f"{r['players']} players twice")
        tiles[r["players"]] = r["tiles"]
        settlements[r["players"]] = r["settlements"]
        coins.add(r["first_coins"])
    if sorted(tiles) != [2, 3, 4]:
        raise _error(folder, f, None, "players", "needs one row for 2, 3 and 4 players")
    if len(coins) != 1:
        raise _error(folder, f, None, "first_coins", "one start-player amount for all")
    return tiles, settlements, coins.pop()


def _load_wheel(folder: Path):
    f = "wheel.csv"
    colour = parse_choice(*COLOURS, ANY)
    rows = read_table(
        folder / f, {"segment": parse_int(0, 7), "first": colour, "second": colour}
    )
    wheel: dict[int, tuple[str, str]] = {}
    for i, r in enumerate(rows, start=1):
        if r["segment"] in wheel:
            raise _error(folder, f, i, "segment", f"segment {r['segment']} twice")
        if (r["first"] == ANY) != (r["second"] == ANY):
            raise _error(folder, f, i, "second", "an ANY segment shows ANY twice")
        wheel[r["segment"]] = (r["first"], r["second"])
    if sorted(wheel) != list(range(8)):
        raise _error(folder, f, None, "segment", "the wheel needs segments 0-7")
    return tuple(wheel[k] for k in range(8))


def _load_bank(folder: Path):
    f = "bank.csv"
    rows = read_table(
        folder / f,
        {
            "field": parse_int(1, 9),
            "workers": parse_int(1, 8),
            "coins": parse_int(0, 99),
        },
    )
    fields: dict[int, tuple[int, int]] = {}
    for i, r in enumerate(rows, start=1):
        if r["field"] in fields:
            raise _error(folder, f, i, "field", f"field {r['field']} twice")
        if any(w == r["workers"] for w, _ in fields.values()):
            raise _error(folder, f, i, "workers", "two fields take the same count")
        fields[r["field"]] = (r["workers"], r["coins"])
    if sorted(fields) != list(range(1, len(fields) + 1)) or not fields:
        raise _error(folder, f, None, "field", "fields must be numbered 1..n")
    return tuple(fields[k] for k in sorted(fields))


def _load_production(folder: Path):
    f = "production.csv"
    rows = read_table(
        folder / f,
        {
            "area": parse_choice(*AREAS),
            "good": parse_choice(*CODES[:4]),
            "space": parse_int(1, 3),
            "pay": parse_int(0, 99),
            "gain": parse_int(1, 9),
        },
    )
    spaces: dict[str, dict[int, tuple[int, int]]] = {a: {} for a in AREAS}
    goods: dict[str, str] = {}
    for i, r in enumerate(rows, start=1):
        if r["space"] in spaces[r["area"]]:
            raise _error(folder, f, i, "space", f"{r['area']} space {r['space']} twice")
        if goods.setdefault(r["area"], r["good"]) != r["good"]:
            raise _error(folder, f, i, "good", f"{r['area']} produces one good only")
        spaces[r["area"]][r["space"]] = (r["pay"], r["gain"])
    for area in AREAS:
        if sorted(spaces[area]) != [1, 2, 3]:
            raise _error(folder, f, None, "space", f"{area} needs spaces 1, 2 and 3")
    if sorted(goods.values()) != sorted(CODES[:4]):
        raise _error(folder, f, None, "good", "each basic good needs one area")
    production = tuple(tuple(spaces[a][k] for k in (1, 2, 3)) for a in AREAS)
    return production, tuple(CODES.index(goods[a]) for a in AREAS)


def _load_city(folder: Path):
    f = "city.csv"
    rows = read_table(
        folder / f,
        {"row": parse_choice(*ROWS), "give": parse_choice("-", *CODES), "gain": str},
    )
    city: dict[str, tuple[int, Goods]] = {}
    for i, r in enumerate(rows, start=1):
        if r["row"] in city:
            raise _error(folder, f, i, "row", f"row {r['row']} twice")
        try:
            gain = _goods(r["gain"])
        except ValueError as exc:
            raise _error(folder, f, i, "gain", str(exc)) from None
        if not any(gain):
            raise _error(folder, f, i, "gain", "every city row gives goods (M-CITY-6)")
        give = -1 if r["give"] == "-" else CODES.index(r["give"])
        city[r["row"]] = (give, gain)
    if sorted(city) != list(ROWS):
        raise _error(folder, f, None, "row", "the city needs rows A-D")
    f2 = "city_columns.csv"
    cols = read_table(
        folder / f2, {"column": parse_int(1, 3), "pumpkins": parse_int(1, 9)}
    )
    columns: dict[int, int] = {}
    for i, r in enumerate(cols, start=1):
        if r["column"] in columns:
            raise _error(folder, f2, i, "column", f"column {r['column']} twice")
        if columns and r["pumpkins"] <= max(columns.values()):
            raise _error(
                folder, f2, i, "pumpkins", "columns must cost more to the right"
            )
        columns[r["column"]] = r["pumpkins"]
    if sorted(columns) != [1, 2, 3]:
        raise _error(folder, f2, None, "column", "the city needs columns 1-3")
    return tuple(city[r] for r in ROWS), tuple(columns[k] for k in (1, 2, 3))


def _load_hex_types(folder: Path):
    f = "hex_types.csv"
    rows = read_table(
        folder / f,
        {
            "code": parse_choice(
                "GG", "PP", "GP", "CC", "SS", "CS", "GS", "PC", "GPS", "LC", "LS",
                "DBL", LAKE,
            ),
            "cost": str,
            "double": parse_bool,
            "buildable": parse_bool,
            "canteen": parse_bool,
        },
    )  # fmt: skip
    types: dict[str, HexType] = {}
    for i, r in enumerate(rows, start=1):
        if r["code"] in types:
            raise _error(folder, f, i, "code", f"hex type {r['code']} twice")
        try:
            cost = _goods(r["cost"])
        except ValueError as exc:
            raise _error(folder, f, i, "cost", str(exc)) from None
        if r["buildable"] == (not any(cost)):
            raise _error(
                folder, f, i, "cost", "a buildable hex has a cost, a lake none"
            )
        if r["buildable"] == r["canteen"]:
            raise _error(
                folder, f, i, "canteen", "only unbuildable lakes hold canteens"
            )
        types[r["code"]] = HexType(
            r["code"], cost, r["double"], r["buildable"], r["canteen"]
        )
    return types


def _load_tiles(folder: Path, types: dict[str, HexType]):
    f = "tiles.csv"
    rows = read_table(
        folder / f,
        {
            "tile": parse_int(1, 12),
            "slot": parse_choice(*SLOTS),
            "hex": parse_choice(*sorted(types)) if types else str,
            "cattle": parse_bool,
        },
    )
    tiles: dict[int, dict[str, tuple[str, bool]]] = {}
    for i, r in enumerate(rows, start=1):
        cells = tiles.setdefault(r["tile"], {})
        if r["slot"] in cells:
            raise _error(folder, f, i, "slot", f"tile {r['tile']} {r['slot']} twice")
        if r["cattle"] and not types[r["hex"]].buildable:
            raise _error(folder, f, i, "cattle", "a lake cannot hold cattle")
        cells[r["slot"]] = (r["hex"], r["cattle"])
    if sorted(tiles) != list(range(1, 13)):
        raise _error(folder, f, None, "tile", "the game has tiles 1-12 (M-COMP-5)")
    for t, cells in sorted(tiles.items()):
        if len(cells) != 7:
            raise _error(folder, f, None, "slot", f"tile {t} needs 7 hexes")
    out = tuple(tuple(tiles[t][s] for s in SLOTS) for t in range(1, 13))
    lakes = sum(types[h].canteen for tile in out for h, _ in tile)
    cattle = sum(c for tile in out for _, c in tile)
    if lakes > CANTEENS_IN_BOX:
        raise _error(folder, f, None, "hex", f"{lakes} lakes but only 6 canteens")
    return out, cattle


def _load_layouts(folder: Path, tiles_for: dict[int, int]):
    f = "layouts.csv"
    rows = read_table(
        folder / f,
        {
            "order": parse_int(1, 12),
            "q": parse_int(-20, 20),
            "r": parse_int(-20, 20),
            "players_from": parse_int(2, 4),
        },
    )
    seen: dict[tuple[int, int], int] = {}
    ordered: list[tuple[tuple[int, int], int]] = []
    for i, r in enumerate(rows, start=1):
        if r["order"] != i:
            raise _error(folder, f, i, "order", f"expected order {i}")
        c = (r["q"], r["r"])
        if c in seen:
            raise _error(folder, f, i, "q", f"centre {c} already in row {seen[c]}")
        seen[c] = i
        if ordered and r["players_from"] < ordered[-1][1]:
            raise _error(
                folder, f, i, "players_from", "centres for fewer players first"
            )
        ordered.append((c, r["players_from"]))
    centres = {n: tuple(c for c, k in ordered if k <= n) for n in sorted(tiles_for)}
    for n, centres_n in centres.items():
        if len(centres_n) != tiles_for[n]:
            raise _error(
                folder,
                f,
                None,
                "players_from",
                f"{n} players need {tiles_for[n]} tile centres (setup.csv), "
                f"found {len(centres_n)}",
            )
        cells = [
            (c[0] + dq, c[1] + dr)
            for c in centres_n
            for dq, dr in ((0, 0), *DIRECTIONS)
        ]
        if len(set(cells)) != len(cells):
            raise _error(folder, f, None, "q", f"{n} players: tiles overlap")
    return centres


#: Axial directions by index (M-DATA-5).
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def load_tables(folder: str | Path | None = None) -> Tables:
    """Read and check every Montana data file in ``folder`` (default: shipped data).

    Raises :class:`~toolkit.core.data.DatasetError` naming the file, row and field.

    >>> t = load_tables()
    >>> t.wheel[3], t.bank[1], t.settlements[3]
    (('ANY', 'ANY'), (2, 8), 10)
    """
    if folder is None:
        return _default_tables()
    folder = Path(folder)
    box, supply, start = _load_goods(folder)
    tiles_for, settlements, first_coins = _load_setup(folder)
    wheel = _load_wheel(folder)
    bank = _load_bank(folder)
    production, area_good = _load_production(folder)
    city, columns = _load_city(folder)
    types = _load_hex_types(folder)
    tiles, cattle = _load_tiles(folder, types)
    if cattle + max(tiles_for) > CATTLE_IN_BOX:
        raise _error(
            folder,
            "tiles.csv",
            None,
            "cattle",
            f"{cattle} cattle hexes and a cattle per player need more than the "
            f"{CATTLE_IN_BOX} in the box (M-SUPPLY-4)",
        )
    for give, _ in city:
        if give >= 0 and give >= 4:
            raise _error(folder, "city.csv", None, "give", "a row gives a small piece")
    for code in CODES[4:]:
        k = CODES.index(code)
        if not any(gain[k] for _, gain in city):
            raise _error(
                folder,
                "city.csv",
                None,
                "gain",
                f"no city row gives {GOODS[k]} (M-CITY-6)",
            )
    centres = _load_layouts(folder, tiles_for)
    return Tables(
        box=box,
        supply=supply,
        start_goods=start,
        tiles_for=tiles_for,
        settlements=settlements,
        first_coins=first_coins,
        wheel=wheel,
        bank=bank,
        production=production,
        area_good=area_good,
        city=city,
        columns=columns,
        hex_types=types,
        tiles=tiles,
        centres=centres,
    )


@functools.lru_cache(maxsize=1)
def _default_tables() -> Tables:
    return load_tables(dataset_path("montana", "wheel.csv").parent)


__all__ = [
    "ANY",
    "AREAS",
    "CODES",
    "COLOURS",
    "DIRECTIONS",
    "FILES",
    "GOODS",
    "LAKE",
    "ROWS",
    "HexType",
    "Tables",
    "load_tables",
]
