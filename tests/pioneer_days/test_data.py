"""The frozen data of ``datasets/pioneer_days`` and the strict loader's errors."""

from __future__ import annotations

import shutil

import pytest

from toolkit.core.data import DatasetError, dataset_path
from toolkit.pioneer_days import FACES, load_tables
from toolkit.pioneer_days.tables import FILES

SRC = dataset_path("pioneer_days", "townsfolk.csv").parent


@pytest.fixture
def folder(tmp_path):
    for name in FILES:
        shutil.copy(SRC / name, tmp_path / name)
    return tmp_path


def _edit(folder, name, old, new):
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_shipped_data_loads_and_matches_the_spec_tables():
    t = load_tables(SRC)
    assert t.folk["A7"].effect == "raid_immune" and t.folk["B7"].amount == 3
    assert t.equipment["E1"].face == "WOOD" and t.equipment["E9"].amount == 2
    assert [t.town[f"TC{i}"].favors for i in range(1, 10)] == [
        1,
        1,
        2,
        2,
        2,
        2,
        3,
        3,
        4,
    ]
    assert [t.income[f] for f in FACES] == [1, 2, 3, 4, 5, 6]
    assert t.boards["PB6"].equipment == 1 and t.boards["PB2"].gold == 1


@pytest.mark.parametrize(
    ("name", "old", "new", "row", "field"),
    [
        ("townsfolk.csv", "A7,A,Sheriff,O", "A7,A,Sheriff,X", 7, "kind"),
        (
            "townsfolk.csv",
            "A3,A,Lumberjack,T,WOOD",
            "A3,A,Lumberjack,T,NONE",
            3,
            "face",
        ),
        ("townsfolk.csv", "B2,B,Rancher", "A2,B,Rancher", 14, "id"),
        ("townsfolk.csv", "raid_cap,3", "raid_cap,x", 19, "amount"),
        (
            "equipment.csv",
            "E9,Rifle,NONE,raid_reduce,2,2",
            "E9,Rifle,NONE,raid_reduce,2,3",
            None,
            "copies",
        ),
        (
            "town_cards.csv",
            "TC5,South Pass,0,0,0,1",
            "TC5,South Pass,0,0,0,2",
            5,
            "gold",
        ),
        (
            "player_boards.csv",
            "PB7,Homesteader,2,0",
            "PB7,Homesteader,0,0",
            8,
            "large_wagons",
        ),
        ("income.csv", "WOOD,5", "WOOD,7", 5, "silver"),
        ("dice.csv", "black,5,ALL", "black,5,STORM", 5, "disaster"),
        ("gold.csv", "3,8", "3,9", None, "tokens"),
        ("wagons.csv", "large,4", "large,2", 2, "spaces"),
    ],
)
def test_a_corrupt_row_names_file_row_and_field(folder, name, old, new, row, field):
    _edit(folder, name, old, new)
    with pytest.raises(DatasetError) as err:
        load_tables(folder)
    assert err.value.file == name and err.value.field == field
    assert err.value.row == row, str(err.value)


def test_a_missing_file_and_a_missing_column_are_named(folder):
    (folder / "income.csv").unlink()
    with pytest.raises(DatasetError, match=r"income\.csv.*file not found"):
        load_tables(folder)
    shutil.copy(SRC / "income.csv", folder / "income.csv")
    _edit(folder, "town_cards.csv", "favors", "favours")
    with pytest.raises(DatasetError) as err:
        load_tables(folder)
    assert err.value.row == 0 and err.value.field in ("favors", "favours")


def test_a_missing_row_is_found(folder):
    _edit(folder, "town_cards.csv", "TC9,Oregon City,2,2,2,0,0,0,4\n", "")
    with pytest.raises(DatasetError, match="expected 9 rows"):
        load_tables(folder)
