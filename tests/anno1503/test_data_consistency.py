"""Every Anno 1503 table is complete and agrees with the others when it is loaded.

Issue 15: a ``sale_prices.csv`` without a good loaded without error and a later
sale crashed with a ``KeyError``.  Each case here spoils one shipped file and
expects a :class:`~toolkit.core.data.DatasetError` naming the file, the row
(``None`` when the problem is something missing) and the field, with the
missing key in the message, both from ``load_tables`` and from the game.
"""

from __future__ import annotations

import shutil

import pytest

from toolkit import anno1503
from toolkit.core.data import DatasetError, dataset_path

DATA = dataset_path("anno1503", "sea.csv").parent


@pytest.fixture
def data(tmp_path):
    """A private copy of the datasets that a test may spoil."""
    for f in anno1503.tables.FILES:
        shutil.copy(DATA / f, tmp_path / f)
    return tmp_path


def edit(folder, name, old, new):
    path = folder / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


@pytest.mark.parametrize(
    ("name", "old", "new", "row", "field", "words"),
    [
        # A-SELL-2: every good is bought by one resident (the KeyError of issue 15)
        (
            "sale_prices.csv",
            "MERCHANT,TOBACCO,4,BATH_HOUSE,6\n",
            "",
            None,
            "good",
            "TOBACCO",
        ),
        (
            "sale_prices.csv",
            "PIONEER,TOOLS,1,SCHOOL,2\n",
            "",
            None,
            "good",
            "TOOLS",
        ),
        # A-SELL-2: every resident buys a good
        (
            "sale_prices.csv",
            "MERCHANT,TOBACCO,4,BATH_HOUSE,6",
            "CITIZEN,TOBACCO,4,BATH_HOUSE,6",
            None,
            "resident",
            "MERCHANT",
        ),
        # A-PB-5: the building raises the price, it never lowers it
        (
            "sale_prices.csv",
            "SETTLER,CLOTH,2,RESTAURANT,4",
            "SETTLER,CLOTH,2,RESTAURANT,1",
            4,
            "building_price",
            "lower",
        ),
        # cross-table: a price-raising building must be a card of the game
        (
            "public_buildings.csv",
            "BATH_HOUSE\n",
            "SCHOOL\n",
            6,
            "building",
            "BATH_HOUSE",
        ),
        # A-SETUP-9: every player is dealt 1 WOOD and 1 STONE, with up to 4 players
        (
            "goods.csv",
            "",
            "",
            1,
            "cards",
            "4",
        ),
        # A-SETUP-5: the Pioneer and the Settler of set-up sit on spaces 1 and 2
        (
            "resident_spaces.csv",
            "2,true,false",
            "2,true,true",
            2,
            "building_slot",
            "set-up",
        ),
    ],
)
def test_incomplete_or_inconsistent_tables_are_refused_on_load(
    data, name, old, new, row, field, words
):
    if name == "goods.csv":  # every pile down to 3 cards (equal, as required)
        (data / name).write_text(
            "good,cards\n" + "".join(f"{g},3\n" for g in anno1503.GOODS)
        )
    else:
        edit(data, name, old, new)
    # a missing building card is reported where the sale price names it
    file = "sale_prices.csv" if name == "public_buildings.csv" else name
    with pytest.raises(DatasetError) as err:
        anno1503.load_tables(data)
    e = err.value
    assert (e.file, e.row, e.field) == (file, row, field), str(e)
    assert words in str(e)
    with pytest.raises(DatasetError, match=file.replace(".", r"\.")):
        anno1503.Anno1503(players=2, data=str(data))


def test_resident_spaces_need_the_two_set_up_spaces(data):
    (data / "resident_spaces.csv").write_text(
        "space,safe,building_slot\n1,true,false\n"
    )
    with pytest.raises(DatasetError) as err:
        anno1503.load_tables(data)
    assert (err.value.file, err.value.field) == ("resident_spaces.csv", "space")


def test_a_missing_good_price_no_longer_crashes_a_later_sale(data):
    """The issue's case end to end: before, the game loaded and the sale raised KeyError."""
    edit(data, "sale_prices.csv", "MERCHANT,TOBACCO,4,BATH_HOUSE,6\n", "")
    with pytest.raises(DatasetError, match="TOBACCO"):
        anno1503.Anno1503(players=2, data=str(data))


def test_the_shipped_tables_pass_every_check():
    t = anno1503.load_tables(DATA)
    assert {g for _, g in t.sale} == set(anno1503.GOODS)
    assert {r for r, _ in t.sale} == set(anno1503.RESIDENTS)
