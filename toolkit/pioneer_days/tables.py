"""Static Pioneer Days data read from ``datasets/pioneer_days/*.csv`` and checked on load.

The seed rulebook has no card texts; the card set is the spec's designed data
(PD-COMP-6, PD-DATA-1..7, marked [DESIGN]), frozen as CSV files with their
provenance in ``datasets/pioneer_days/README.md``.  :func:`load_tables` reads a
folder of these files and raises :class:`~toolkit.core.data.DatasetError`
naming the file, the row and the field of the first problem, including the
checks across rows and files (unique IDs, the designed counts, a colour for
every disaster, effects the engine has a handler for).

>>> t = load_tables()
>>> t.folk["A7"].name, t.income["EQUIP"], t.gold
('Sheriff', 3, (15, 13, 8))
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

from toolkit.core.data import (
    DatasetError,
    dataset_path,
    parse_choice,
    parse_id,
    parse_int,
    parse_text,
    read_table,
)

from .constants import COLOURS, DICE_PER_COLOUR, DISASTERS, FACES, LARGE, PIONEER, SMALL

FILES = (
    "townsfolk.csv",
    "equipment.csv",
    "town_cards.csv",
    "player_boards.csv",
    "income.csv",
    "dice.csv",
    "gold.csv",
    "wagons.csv",
)

#: Effects a townsfolk card may have: each has a handler in :mod:`.effects`.
FOLK_EFFECTS = (
    "gold",
    "cattle",
    "wood",
    "medicine",
    "silver",
    "wood_or_medicine",
    "small_wagon",
    "equipment",
    "disease_doctor",
    "disease_exempt",
    "raid_immune",
    "raid_cap",
    "famine_free",
    "storm_spare",
    "change_discount",
    "favor",
    "favor_if_undamaged",
    "none",
)
EQUIP_EFFECTS = (
    "gold",
    "wood",
    "medicine",
    "cattle",
    "silver",
    "storm_spare",
    "raid_reduce",
    "famine_free",
    "disease_exempt",
    "change_discount",
)
#: End-game scoring rules of townsfolk (PD-DATA-5); see :func:`.effects.folk_points`.
SCORES = (
    "gold_tokens",
    "cattle",
    "wood",
    "medicine",
    "silver",
    "equipment",
    "flat",
    "wagons",
    "favors",
    "undamaged",
    "other_townsfolk",
    "townsfolk",
)
BOARD_ABILITIES = (
    "disease_exempt",
    "famine_free",
    "mine_draw_two",
    "wagon_discount",
    "change_cost_two",
    "equipment_bonus",
    "storm_silver",
    "town_discount",
)
#: Effects that fire on a die face when the card is a trigger (type T / equipment).
TRIGGER_EFFECTS = ("gold", "wood", "medicine", "cattle", "silver", "wood_or_medicine")


class Folk(NamedTuple):
    """A townsfolk card (PD-DATA-5)."""

    id: str
    set: str
    name: str
    kind: str  # I, T, O, W (PD-RECRUIT-2)
    face: str  # the trigger face of a T card, NONE otherwise
    effect: str
    amount: int
    score: str
    points: int
    per: int
    cap: int  # 0: no cap


class Equipment(NamedTuple):
    """An equipment type (PD-DATA-7)."""

    id: str
    name: str
    face: str
    effect: str
    amount: int
    copies: int


class TownCard(NamedTuple):
    """A town card: what it requires and the favors it gives (PD-DATA-6)."""

    id: str
    name: str
    wood: int
    medicine: int
    cattle: int
    gold: int
    equipment: int
    silver: int
    favors: int


class Board(NamedTuple):
    """A player-board side: starting items and ability (PD-DATA-4)."""

    id: str
    name: str
    small_wagons: int
    large_wagons: int
    cattle: int
    wood: int
    medicine: int
    silver: int
    gold: int
    equipment: int
    favors: int
    ability: str


class Tables(NamedTuple):
    """Every static table of the game, checked."""

    folk: dict[str, Folk]
    equipment: dict[str, Equipment]
    town: dict[str, TownCard]
    boards: dict[str, Board]
    income: dict[str, int]
    dice: dict[str, int]  # colour -> dice in the box
    disaster_colour: dict[str, str]  # disaster -> colour
    gold: tuple[int, int, int]  # tokens of 1, 2 and 3 nuggets
    spaces: dict[str, int]  # wagon size -> spaces
    wagon_cards: dict[str, int]
    wagon_cost: dict[str, int]
    #: What changing a die costs before cards (PD-TURN-3): not in a data file,
    #: a rule parameter of the game (``change_cost``).
    change_cost: int = 3


def _error(folder: Path, name: str, row: int | None, field: str | None, msg: str):
    return DatasetError(name, row, field, msg, path=folder / name)


def _unique(folder: Path, name: str, rows: list[dict], key: str) -> None:
    seen: set[str] = set()
    for i, row in enumerate(rows, start=1):
        if row[key] in seen:
            raise _error(folder, name, i, key, f"duplicate {key} {row[key]!r}")
        seen.add(row[key])


def _expect_ids(folder: Path, name: str, rows: list[dict], ids: list[str]) -> None:
    got = [r["id"] for r in rows]
    for i, (have, want) in enumerate(zip(got, ids, strict=False), start=1):
        if have != want:
            raise _error(folder, name, i, "id", f"expected {want!r} here, got {have!r}")
    if len(got) != len(ids):
        raise _error(
            folder,
            name,
            None,
            None,
            f"expected {len(ids)} rows ({ids[0]}..), got {len(got)}",
        )


_FACE_OR_NONE = parse_choice(*FACES, "NONE")
_COUNT = parse_int(0, 99)


def _load_folk(folder: Path) -> dict[str, Folk]:
    name = "townsfolk.csv"
    rows = read_table(
        folder / name,
        {
            "id": parse_id,
            "set": parse_choice("A", "B"),
            "name": parse_text,
            "kind": parse_choice("I", "T", "O", "W"),
            "face": _FACE_OR_NONE,
            "effect": parse_choice(*FOLK_EFFECTS),
            "amount": _COUNT,
            "score": parse_choice(*SCORES),
            "points": _COUNT,
            "per": parse_int(1, 99),
            "cap": _COUNT,
        },
    )
    _unique(folder, name, rows, "id")
    _expect_ids(
        folder, name, rows, [f"{s}{n}" for s in "AB" for n in range(1, 13)]
    )  # PD-COMP-6
    for i, r in enumerate(rows, start=1):
        if r["id"][0] != r["set"]:
            raise _error(
                folder, name, i, "set", f"{r['id']} belongs to set {r['id'][0]}"
            )
        trigger = r["kind"] == "T"
        if trigger != (r["face"] != "NONE"):
            raise _error(
                folder, name, i, "face", "a T card names its face; other kinds NONE"
            )
        if trigger and r["effect"] not in TRIGGER_EFFECTS:
            raise _error(
                folder, name, i, "effect", f"{r['effect']!r} cannot fire on a face"
            )
    return {r["id"]: Folk(**r) for r in rows}


def _load_equipment(folder: Path) -> dict[str, Equipment]:
    name = "equipment.csv"
    rows = read_table(
        folder / name,
        {
            "id": parse_id,
            "name": parse_text,
            "face": _FACE_OR_NONE,
            "effect": parse_choice(*EQUIP_EFFECTS),
            "amount": parse_int(1, 9),
            "copies": parse_int(1, 9),
        },
    )
    _unique(folder, name, rows, "id")
    _expect_ids(folder, name, rows, [f"E{n}" for n in range(1, 13)])
    for i, r in enumerate(rows, start=1):
        if (r["face"] != "NONE") != (r["effect"] in TRIGGER_EFFECTS):
            raise _error(
                folder, name, i, "face", "a tile names a face exactly when it triggers"
            )
    if sum(r["copies"] for r in rows) != 24:  # PD-COMP-6
        raise _error(folder, name, None, "copies", "the designed stock is 24 tiles")
    return {r["id"]: Equipment(**r) for r in rows}


def _load_town(folder: Path) -> dict[str, TownCard]:
    name = "town_cards.csv"
    cols = ("wood", "medicine", "cattle", "gold", "equipment", "silver")
    rows = read_table(
        folder / name,
        {
            "id": parse_id,
            "name": parse_text,
            **dict.fromkeys(cols, _COUNT),
            "favors": parse_int(1, 9),
        },
    )
    _unique(folder, name, rows, "id")
    _expect_ids(folder, name, rows, [f"TC{n}" for n in range(1, 10)])
    for i, r in enumerate(rows, start=1):
        if not any(r[c] for c in cols):
            raise _error(folder, name, i, "wood", "a town card requires something")
        for col in ("gold", "equipment"):  # the engine pays at most one of each
            if r[col] > 1:
                raise _error(folder, name, i, col, "at most 1 token or tile per card")
    return {r["id"]: TownCard(**r) for r in rows}


def _load_boards(folder: Path) -> dict[str, Board]:
    name = "player_boards.csv"
    counts = (
        "small_wagons",
        "large_wagons",
        "cattle",
        "wood",
        "medicine",
        "silver",
        "gold",
        "equipment",
        "favors",
    )
    rows = read_table(
        folder / name,
        {
            "id": parse_id,
            "name": parse_text,
            **dict.fromkeys(counts, parse_int(0, 9)),
            "ability": parse_choice(*BOARD_ABILITIES),
        },
    )
    _unique(folder, name, rows, "id")
    _expect_ids(folder, name, rows, [PIONEER] + [f"PB{n}" for n in range(1, 9)])
    for i, r in enumerate(rows, start=1):
        if r["small_wagons"] + r["large_wagons"] == 0:
            raise _error(folder, name, i, "large_wagons", "a side starts with a wagon")
    return {r["id"]: Board(**r) for r in rows}


def _load_income(folder: Path) -> dict[str, int]:
    name = "income.csv"
    rows = read_table(
        folder / name, {"face": parse_choice(*FACES), "silver": parse_int(1, 6)}
    )
    _unique(folder, name, rows, "face")
    if len(rows) != len(FACES):
        raise _error(folder, name, None, "face", f"one row per face {FACES}")
    return {r["face"]: r["silver"] for r in rows}


def _load_dice(folder: Path) -> tuple[dict[str, int], dict[str, str]]:
    name = "dice.csv"
    rows = read_table(
        folder / name,
        {
            "colour": parse_choice(*COLOURS),
            "dice": parse_int(DICE_PER_COLOUR, DICE_PER_COLOUR),
            "disaster": parse_choice(*DISASTERS, "ALL"),
        },
    )
    _unique(folder, name, rows, "colour")
    _unique(folder, name, rows, "disaster")
    if [r["colour"] for r in rows] != list(COLOURS):
        raise _error(folder, name, None, "colour", f"one row per colour {COLOURS}")
    for i, r in enumerate(rows, start=1):
        if (r["colour"] == "black") != (r["disaster"] == "ALL"):
            raise _error(folder, name, i, "disaster", "black and only black moves ALL")
    return (
        {r["colour"]: r["dice"] for r in rows},
        {r["disaster"]: r["colour"] for r in rows if r["disaster"] != "ALL"},
    )


def _load_gold(folder: Path) -> tuple[int, int, int]:
    name = "gold.csv"
    rows = read_table(
        folder / name, {"nuggets": parse_int(1, 3), "tokens": parse_int(0, 36)}
    )
    if [r["nuggets"] for r in rows] != [1, 2, 3]:
        raise _error(folder, name, None, "nuggets", "rows for 1, 2 and 3 nuggets")
    if sum(r["tokens"] for r in rows) != 36:  # PD-COMP-6
        raise _error(folder, name, None, "tokens", "the gold bag holds 36 tokens")
    return (rows[0]["tokens"], rows[1]["tokens"], rows[2]["tokens"])


def _load_wagons(folder: Path) -> tuple[dict, dict, dict]:
    name = "wagons.csv"
    rows = read_table(
        folder / name,
        {
            "size": parse_choice(SMALL, LARGE),
            "spaces": parse_choice("2", "4"),
            "cards": parse_int(1, 20),
            "cost": parse_int(0, 20),
        },
    )
    _unique(folder, name, rows, "size")
    if len(rows) != 2:
        raise _error(folder, name, None, "size", "one row for small, one for large")
    return (
        {r["size"]: int(r["spaces"]) for r in rows},
        {r["size"]: r["cards"] for r in rows},
        {r["size"]: r["cost"] for r in rows},
    )


def load_tables(folder: str | Path | None = None) -> Tables:
    """Read and check every Pioneer Days data file in ``folder`` (default: shipped).

    Raises :class:`~toolkit.core.data.DatasetError` naming the file, row and field.
    """
    if folder is None:
        return _default_tables()
    folder = Path(folder)
    dice, colours = _load_dice(folder)
    spaces, cards, cost = _load_wagons(folder)
    boards = _load_boards(folder)
    if spaces[SMALL] * 2 != spaces[LARGE]:
        raise _error(folder, "wagons.csv", 2, "spaces", "a large wagon is 2 small ones")
    return Tables(
        folk=_load_folk(folder),
        equipment=_load_equipment(folder),
        town=_load_town(folder),
        boards=boards,
        income=_load_income(folder),
        dice=dice,
        disaster_colour=colours,
        gold=_load_gold(folder),
        spaces=spaces,
        wagon_cards=cards,
        wagon_cost=cost,
    )


@functools.cache
def _default_tables() -> Tables:
    return load_tables(dataset_path("pioneer_days", "townsfolk.csv").parent)


__all__ = [
    "FILES",
    "Board",
    "Equipment",
    "Folk",
    "Tables",
    "TownCard",
    "load_tables",
]
