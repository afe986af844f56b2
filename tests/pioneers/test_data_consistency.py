"""The Pioneers loaders check the datasets as a whole, as Anno 1503's do (issue 15).

Each case spoils a copy of the shipped files and expects a
:class:`~toolkit.core.data.DatasetError` naming the file, the row and the field:
a city no stagecoach can reach, the wrong number of 2-player covers, covers that
shut in the start city (ASSUMPTION-E1), a deck too small for the 2-player market.
"""

from __future__ import annotations

import csv
import shutil

import pytest

from toolkit.core.data import DatasetError, dataset_path
from toolkit.pioneers.data import load_cities, load_connections, load_wagons

DATA = dataset_path("pioneers", "cities.csv").parent


@pytest.fixture
def data(tmp_path):
    for f in ("cities.csv", "connections.csv", "wagons.csv"):
        shutil.copy(DATA / f, tmp_path / f)
    return tmp_path


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def write(path, table):
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(table)


def set_city(folder, city, field, value):
    """Set ``field`` of ``city`` in cities.csv; return the city's row number."""
    table = rows(folder / "cities.csv")
    col = table[0].index(field)
    for n, r in enumerate(table[1:], start=1):
        if r[0] == city:
            r[col] = value
            write(folder / "cities.csv", table)
            return n
    raise AssertionError(city)


def test_a_city_cut_off_from_the_start_is_named(data):
    table = rows(data / "connections.csv")
    kept = [table[0]] + [r for r in table[1:] if not (r[0] == "23p" and "ELP" in r)]
    write(data / "connections.csv", kept)
    row = [r[0] for r in rows(data / "cities.csv")].index("ELP")
    with pytest.raises(DatasetError) as err:
        load_connections("23p", data)
    e = err.value
    assert (e.file, e.row, e.field) == ("cities.csv", row, "id")
    assert "'ELP'" in str(e) and "23p" in str(e)


def test_the_2_player_side_has_8_covers(data):
    set_city(data, "BOS", "covered_2p", "false")
    with pytest.raises(DatasetError) as err:
        load_cities("23p", data)
    e = err.value
    assert (e.file, e.row, e.field) == ("cities.csv", None, "covered_2p")
    assert "8" in str(e) and "7" in str(e)


def test_ASSUMPTION_E1_covers_that_shut_in_the_start_are_refused(data):
    for city in ("BOS", "CHS"):  # keep 8 covers: move two onto Buffalo's neighbours
        set_city(data, city, "covered_2p", "false")
    row = max(set_city(data, c, "covered_2p", "true") for c in ("CLE", "PIT"))
    with pytest.raises(DatasetError) as err:
        load_connections("23p", data)
    e = err.value
    assert (e.file, e.row, e.field) == ("cities.csv", row, "covered_2p")
    assert "ASSUMPTION-E1" in str(e)


def test_the_deck_fills_the_2_player_market(data):
    table = rows(data / "wagons.csv")
    write(data / "wagons.csv", table[: 1 + 4 + 15])  # 4 start and 15 regular wagons
    with pytest.raises(DatasetError) as err:
        load_wagons(data)
    e = err.value
    assert (e.file, e.row, e.field) == ("wagons.csv", None, "kind")
    assert "16" in str(e) and "15" in str(e)
