"""Static Anno 1503 data read from ``datasets/anno1503/*.csv`` and checked on load.

The rulebook gives the rules but not the printed data (board map, island-card
mix, home-island tables); the files hold our documented design defaults
(ASSUMPTION-1, -4, -7, -8, -9, -12 and -13; provenance in
``datasets/anno1503/README.md``).  :func:`load_tables` reads a folder of these
files and raises :class:`~toolkit.core.data.DatasetError` naming the file, the
row and the field of the first problem it finds, including problems that
concern several rows (a disconnected sea, a home island without a "?" face).
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import networkx as nx

from toolkit.core.data import (
    DatasetError,
    dataset_path,
    parse_bool,
    parse_choice,
    parse_int,
    read_table,
)

#: The six goods in their fixed order (A-COMP-2); hands and supplies count in it.
GOODS = ("STONE", "WOOD", "TOOLS", "CLOTH", "SPICE", "TOBACCO")
#: Public-building types (A-PB-5).
BUILDINGS = (
    "BIG_BRANCH_OFFICE",
    "FIRE_BRIGADE",
    "SMITHY",
    "CHURCH",
    "SCHOOL",
    "BATH_HOUSE",
    "RESTAURANT",
    "SHIPYARD",
)
RESIDENTS = ("PIONEER", "SETTLER", "CITIZEN", "MERCHANT")
BACKS = (2, 3, 4)
CARD_KINDS = ("office", "contract", "treasure_upgrade", "treasure_gold")
COST_ITEMS = (
    "ship",
    "pioneer",
    "upgrade_pioneer",
    "upgrade_settler",
    "upgrade_citizen",
)
ANY = "ANY"
#: Residents placed in set-up on spaces 1 and 2 (A-SETUP-5, ASSUMPTION-10).
SETUP_RESIDENTS = 2
#: The most players a game has (A-COMP-1): set-up deals each 1 WOOD and 1 STONE.
MAX_PLAYERS = 4

FILES = (
    "sea.csv",
    "island_cards.csv",
    "home_islands.csv",
    "resident_spaces.csv",
    "public_buildings.csv",
    "goods.csv",
    "sale_prices.csv",
    "costs.csv",
)

Pos = tuple[int, int]


def card_code(kind: str, good: str, back: int) -> str:
    """Return the short code of an island card: ``BO-SPICE/2``, ``TC/3``, ``TG/2``...

    BO = branch office (with its good), TC = trade contract, TU = treasure
    "upgrade a resident", TG = treasure "12 gold".  ``?/2`` is a face-down card
    whose face is not decided yet.
    """
    if kind == "office":
        return f"BO-{good}/{back}"
    return {"contract": "TC", "treasure_upgrade": "TU", "treasure_gold": "TG"}[
        kind
    ] + f"/{back}"


class Tables(NamedTuple):
    """Everything the datasets define, as plain immutable Python values."""

    rows: int
    cols: int
    start: Pos
    islands: tuple[tuple[Pos, int], ...]  # (position, number) sorted by position
    deck: tuple[tuple[str, int], ...]  # (card code, count) in file order
    home: dict[str, tuple[str, ...]]  # island letter -> goods for faces 1..5
    bridges: dict[str, tuple[int, ...]]  # island letter -> stone-bridge numbers
    safe_spaces: int  # spaces 1..safe_spaces are inside the red border
    slot_spaces: tuple[int, ...]  # spaces with a brown building slot
    spaces: int
    buildings: tuple[tuple[int, str], ...]  # (back, type), one per card
    goods_cards: int
    sale: dict[
        tuple[str, str], tuple[int, str, int]
    ]  # (resident, good) -> price, building, price
    costs: dict[str, tuple[int, ...]]  # item -> counts in GOODS order


def _error(folder: Path, file: str, row: int | None, field: str | None, problem: str):
    return DatasetError(file, row, field, problem, path=folder / file)


def _read(folder: Path, name: str, columns: dict) -> list[dict]:
    return read_table(folder / name, columns)


def _load_sea(folder: Path) -> tuple[int, int, Pos, tuple[tuple[Pos, int], ...]]:
    f = "sea.csv"
    rows = _read(
        folder,
        f,
        {
            "row": parse_int(0, 99),
            "col": parse_int(0, 99),
            "kind": parse_choice("sea", "start", "island"),
            "number": parse_int(0, 4),
        },
    )
    seen: dict[Pos, int] = {}
    start: Pos | None = None
    islands = []
    for i, r in enumerate(rows, start=1):
        pos = (r["row"], r["col"])
        if pos in seen:
            raise _error(
                folder, f, i, "col", f"space {pos} already given in row {seen[pos]}"
            )
        seen[pos] = i
        if r["kind"] == "island":
            if r["number"] not in BACKS:
                raise _error(
                    folder, f, i, "number", "an island space needs the number 2, 3 or 4"
                )
            islands.append((pos, r["number"]))
        elif r["number"] != 0:
            raise _error(
                folder, f, i, "number", "sea and start spaces take the number 0"
            )
        if r["kind"] == "start":
            if start is not None:
                raise _error(folder, f, i, "kind", "more than one start space")
            start = pos
    if start is None:
        raise _error(folder, f, None, "kind", "no start space")
    n_rows = 1 + max(p[0] for p in seen)
    n_cols = 1 + max(p[1] for p in seen)
    if len(seen) != n_rows * n_cols:
        raise _error(
            folder, f, None, None, f"the grid {n_rows}x{n_cols} has missing spaces"
        )
    grid = nx.grid_2d_graph(n_rows, n_cols)
    grid.remove_nodes_from(p for p, _ in islands)
    if not nx.is_connected(grid):
        raise _error(folder, f, None, None, "the sea spaces are not all connected")
    for pos, _ in islands:
        r, c = pos
        if not any(
            (r + dr, c + dc) in grid for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        ):
            raise _error(
                folder,
                f,
                seen[pos],
                "kind",
                f"island {pos} has no sea space next to it",
            )
    return n_rows, n_cols, start, tuple(sorted(islands))


def _load_deck(folder: Path) -> tuple[tuple[str, int], ...]:
    f = "island_cards.csv"
    rows = _read(
        folder,
        f,
        {
            "back": parse_choice("2", "3", "4"),
            "kind": parse_choice(*CARD_KINDS),
            "good": parse_choice(*GOODS, "NONE"),
            "count": parse_int(1, 99),
        },
    )
    deck: dict[str, int] = {}
    for i, r in enumerate(rows, start=1):
        if (r["kind"] == "office") != (r["good"] != "NONE"):
            raise _error(
                folder, f, i, "good", "a branch office names a good; other cards NONE"
            )
        code = card_code(r["kind"], r["good"], int(r["back"]))
        if code in deck:
            raise _error(folder, f, i, "good", f"card {code} is listed twice")
        deck[code] = r["count"]
    return tuple(deck.items())


def _load_home(
    folder: Path,
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[int, ...]]]:
    f = "home_islands.csv"
    rows = _read(
        folder,
        f,
        {
            "island": parse_choice("A", "B", "C", "D"),
            "face": parse_int(1, 5),
            "good": parse_choice(*GOODS, ANY),
            "stone_bridge": parse_bool,
        },
    )
    table: dict[str, dict[int, str]] = {}
    bridges: dict[str, list[int]] = {}
    for i, r in enumerate(rows, start=1):
        faces = table.setdefault(r["island"], {})
        if r["face"] in faces:
            raise _error(
                folder, f, i, "face", f"face {r['face']} of island {r['island']} twice"
            )
        faces[r["face"]] = r["good"]
        if r["stone_bridge"] == (r["good"] == ANY):
            raise _error(
                folder,
                f,
                i,
                "stone_bridge",
                "stone bridges carry exactly the faces without '?'",
            )
        if r["stone_bridge"]:
            bridges.setdefault(r["island"], []).append(r["face"])
    for letter in "ABCD":
        faces = table.get(letter, {})
        if sorted(faces) != [1, 2, 3, 4, 5]:
            raise _error(
                folder, f, None, "face", f"island {letter} needs faces 1-5 exactly once"
            )
        if list(faces.values()).count(ANY) != 1:
            raise _error(
                folder, f, None, "good", f"island {letter} needs exactly one '?' face"
            )
    home = {k: tuple(v[n] for n in range(1, 6)) for k, v in sorted(table.items())}
    return home, {k: tuple(sorted(v)) for k, v in sorted(bridges.items())}


def _load_spaces(folder: Path) -> tuple[int, tuple[int, ...], int]:
    f = "resident_spaces.csv"
    rows = _read(
        folder,
        f,
        {"space": parse_int(1, 20), "safe": parse_bool, "building_slot": parse_bool},
    )
    for i, r in enumerate(rows, start=1):
        if r["space"] != i:
            raise _error(
                folder,
                f,
                i,
                "space",
                f"spaces must be numbered 1, 2, ... (expected {i})",
            )
        if i <= SETUP_RESIDENTS and r["building_slot"]:
            raise _error(
                folder,
                f,
                i,
                "building_slot",
                f"space {i} holds a resident from set-up (A-SETUP-5), which never "
                "gets a public building: it cannot have a building slot",
            )
    if len(rows) < SETUP_RESIDENTS:
        raise _error(
            folder,
            f,
            None,
            "space",
            f"a home island needs at least {SETUP_RESIDENTS} resident spaces for the "
            f"Pioneer and the Settler of set-up (A-SETUP-5); found {len(rows)}",
        )
    safe = [r["space"] for r in rows if r["safe"]]
    if safe != list(range(1, len(safe) + 1)):
        raise _error(folder, f, None, "safe", "the safe spaces must be the first ones")
    slots = tuple(r["space"] for r in rows if r["building_slot"])
    return len(safe), slots, len(rows)


def _load_buildings(folder: Path) -> tuple[tuple[int, str], ...]:
    f = "public_buildings.csv"
    rows = _read(
        folder,
        f,
        {"back": parse_choice("2", "3", "4"), "building": parse_choice(*BUILDINGS)},
    )
    return tuple((int(r["back"]), r["building"]) for r in rows)


def _load_goods(folder: Path) -> int:
    f = "goods.csv"
    rows = _read(folder, f, {"good": parse_choice(*GOODS), "cards": parse_int(1, 999)})
    if [r["good"] for r in rows] != list(GOODS):
        raise _error(
            folder,
            f,
            None,
            "good",
            "list the six goods once each, in the order " + ",".join(GOODS),
        )
    for i, r in enumerate(rows, start=1):
        if r["cards"] < MAX_PLAYERS:
            raise _error(
                folder,
                f,
                i,
                "cards",
                f"{r['good']} needs at least {MAX_PLAYERS} cards: set-up deals every "
                f"player 1 WOOD and 1 STONE, with up to {MAX_PLAYERS} players "
                "(A-SETUP-9)",
            )
    counts = {r["cards"] for r in rows}
    if len(counts) != 1:
        raise _error(
            folder, f, None, "cards", "every good needs the same number of cards"
        )
    return counts.pop()


def _load_sale(
    folder: Path, buildings: tuple[tuple[int, str], ...]
) -> dict[tuple[str, str], tuple[int, str, int]]:
    """Read the sale prices: every good and every resident once at least (A-SELL-2).

    ``buildings`` are the public-building cards: a price-raising building must be one.
    """
    f = "sale_prices.csv"
    in_game = {b for _, b in buildings}
    rows = _read(
        folder,
        f,
        {
            "resident": parse_choice(*RESIDENTS),
            "good": parse_choice(*GOODS),
            "price": parse_int(0, 99),
            "building": parse_choice(*BUILDINGS),
            "building_price": parse_int(0, 99),
        },
    )
    sale: dict[tuple[str, str], tuple[int, str, int]] = {}
    for i, r in enumerate(rows, start=1):
        key = (r["resident"], r["good"])
        if key in sale:
            raise _error(folder, f, i, "good", f"{key} is listed twice")
        if any(k[1] == r["good"] for k in sale):
            raise _error(
                folder, f, i, "good", f"{r['good']} is already sold to another resident"
            )
        if r["building_price"] < r["price"]:
            raise _error(
                folder,
                f,
                i,
                "building_price",
                f"{r['building']} raises the price of {r['good']} (A-PB-5); "
                f"{r['building_price']} is lower than the price {r['price']}",
            )
        if r["building"] not in in_game:
            raise _error(
                folder,
                f,
                i,
                "building",
                f"{r['building']} raises the price of {r['good']} but "
                "public_buildings.csv has no such card",
            )
        sale[key] = (r["price"], r["building"], r["building_price"])
    sold = {g for _, g in sale}
    for good in GOODS:  # the engine looks up the buyer of every good it sells
        if good not in sold:
            raise _error(
                folder,
                f,
                None,
                "good",
                f"no resident buys {good}: every good needs a row (A-SELL-2)",
            )
    buyers = {r for r, _ in sale}
    for resident in RESIDENTS:
        if resident not in buyers:
            raise _error(
                folder,
                f,
                None,
                "resident",
                f"{resident} buys no good: every resident needs a row (A-SELL-2)",
            )
    return sale


def _load_costs(folder: Path) -> dict[str, tuple[int, ...]]:
    f = "costs.csv"
    rows = _read(
        folder,
        f,
        {
            "item": parse_choice(*COST_ITEMS),
            "good": parse_choice(*GOODS),
            "count": parse_int(1, 9),
        },
    )
    costs = {item: [0] * len(GOODS) for item in COST_ITEMS}
    for i, r in enumerate(rows, start=1):
        g = GOODS.index(r["good"])
        if costs[r["item"]][g]:
            raise _error(
                folder, f, i, "good", f"{r['good']} twice in the cost of {r['item']}"
            )
        costs[r["item"]][g] = r["count"]
    for item, counts in costs.items():
        if not any(counts):
            raise _error(folder, f, None, "item", f"no cost given for {item}")
    return {k: tuple(v) for k, v in costs.items()}


def load_tables(folder: str | Path | None = None) -> Tables:
    """Read and check every Anno 1503 data file in ``folder`` (default: shipped data).

    Raises :class:`~toolkit.core.data.DatasetError` naming the file, row and field.

    Examples
    --------
    >>> t = load_tables()
    >>> t.start, len(t.islands), t.home["A"][3]
    ((2, 0), 20, 'CLOTH')
    """
    if folder is None:
        return _default_tables()
    folder = Path(folder)
    n_rows, n_cols, start, islands = _load_sea(folder)
    deck = _load_deck(folder)
    numbers = Counter(n for _, n in islands)
    for back in BACKS:
        cards = sum(c for code, c in deck if code.endswith(f"/{back}"))
        if cards < numbers[back]:
            raise _error(
                folder,
                "island_cards.csv",
                None,
                "count",
                f"back {back} has {cards} cards for {numbers[back]} island spaces in "
                "sea.csv",
            )
    home, bridges = _load_home(folder)
    safe, slots, spaces = _load_spaces(folder)
    buildings = _load_buildings(folder)
    return Tables(
        rows=n_rows,
        cols=n_cols,
        start=start,
        islands=islands,
        deck=deck,
        home=home,
        bridges=bridges,
        safe_spaces=safe,
        slot_spaces=slots,
        spaces=spaces,
        buildings=buildings,
        goods_cards=_load_goods(folder),
        sale=_load_sale(folder, buildings),
        costs=_load_costs(folder),
    )


@functools.lru_cache(maxsize=1)
def _default_tables() -> Tables:
    return load_tables(dataset_path("anno1503", "sea.csv").parent)


__all__ = [
    "ANY",
    "BACKS",
    "BUILDINGS",
    "FILES",
    "GOODS",
    "RESIDENTS",
    "Tables",
    "card_code",
    "load_tables",
]
