"""Pioneers datasets and loaders (ASSUMPTION-1, ASSUMPTION-2, P-PC, P-SETUP).

The expected numbers are the design facts of the designed map and deck; they are
restated here so the tests never read anything outside the project.
"""

from __future__ import annotations

import csv
import importlib.util
import shutil
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.data import (
    DatasetError,
    dataset_path,
    parse_bool,
    parse_choice,
    parse_float,
    parse_id,
    parse_int,
    read_table,
)
from toolkit.pioneers.data import (
    PROFESSIONS,
    SIDES,
    City,
    WagonSpec,
    load_cities,
    load_connections,
    load_wagons,
)

DATA_DIR = dataset_path("pioneers", "cities.csv").parent
FILES = ("cities.csv", "connections.csv", "wagons.csv")

# Design facts (pioneers-data.md sections 2-3, restated).
N_CITIES = {"4p": 45, "23p": 39}
N_CONNECTIONS = {"4p": 92, "23p": 79}
DROPPED_ON_23P = {"ALB", "BAL", "COL", "MIL", "HOU", "VCY"}
COVERS_2P = {"BOS", "CHS", "SAT", "LAX", "SFO", "POR", "HEL", "BIS"}
SEAT_TOTALS = {
    "FARMER": 19,
    "GOLD_DIGGER": 12,
    "BANKER": 11,
    "MERCHANT": 10,
    "SERGEANT": 10,
    "INNKEEPER": 10,
}
REGULAR_VP_TOTAL = 173


def graph(side: str) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(c.id for c in load_cities(side))
    g.add_edges_from(load_connections(side))
    return g


# frozen data -----------------------------------------------------------------


def test_data_files_are_in_the_project():
    assert DATA_DIR.name == "pioneers"
    assert DATA_DIR.parent.name in ("datasets", "_datasets")
    for name in FILES:
        assert (DATA_DIR / name).is_file()
    assert "shared" not in DATA_DIR.parts


@pytest.mark.parametrize("side", SIDES)
def test_city_counts_and_start(side):  # ASSUMPTION-1, P-PC-1
    cities = load_cities(side)
    assert all(isinstance(c, City) for c in cities)
    assert len(cities) == N_CITIES[side]
    assert len({c.id for c in cities}) == len(cities)
    assert [c.id for c in cities if c.start] == ["BUF"]
    assert cities[0].id == "BUF"
    assert cities[0].name == "Buffalo, NY"
    for c in cities:
        assert 24 < c.lat < 50
        assert -125 < c.lon < -66


def test_23p_side_drops_six_cities():
    ids4 = {c.id for c in load_cities("4p")}
    ids23 = {c.id for c in load_cities("23p")}
    assert ids23 < ids4
    assert ids4 - ids23 == DROPPED_ON_23P


def test_cities_keep_file_order():
    with open(DATA_DIR / "cities.csv", newline="", encoding="utf-8") as f:
        order = [r["id"] for r in csv.DictReader(f)]
    assert [c.id for c in load_cities("4p")] == order
    assert [c.id for c in load_cities("23p")] == [
        i for i in order if i not in DROPPED_ON_23P
    ]


@pytest.mark.parametrize("side", SIDES)
def test_connection_graph(side):  # ASSUMPTION-1, P-SETUP-5
    conns = load_connections(side)
    assert len(conns) == N_CONNECTIONS[side]
    assert list(conns) == sorted(conns)
    assert all(a < b for a, b in conns)
    assert len(set(conns)) == len(conns)
    g = graph(side)
    assert g.number_of_edges() == N_CONNECTIONS[side]
    assert nx.is_connected(g)
    assert nx.check_planarity(g)[0]
    degrees = dict(g.degree)
    assert max(degrees.values()) == 5
    assert min(degrees.values()) >= 2
    assert set(g["BUF"]) == {"CLE", "PIT"}  # start city has exactly 2 neighbours


def test_covers_2p():  # P-PC-2, P-SETUP-2, ASSUMPTION-21
    cities = load_cities("23p")
    covered = {c.id for c in cities if c.covered_2p}
    assert covered == COVERS_2P
    assert not any(c.covered_2p for c in load_cities("4p"))
    g = graph("23p")
    assert not covered & set(g["BUF"])  # no start neighbour is covered
    g.remove_nodes_from(covered)
    assert g.number_of_nodes() == 31  # 30 tiled cities + BUF
    assert g.number_of_edges() == 58
    assert nx.is_connected(g)
    # tile counts: 49 tiles, P-PC-3 removals; 5/4/5 unused (pioneers-data 2.)
    assert 35 - (g.number_of_nodes() - 1) == 5
    assert 42 - (N_CITIES["23p"] - 1) == 4
    assert 49 - (N_CITIES["4p"] - 1) == 5


def test_wagon_deck():  # ASSUMPTION-2, P-COMP-4
    wagons = load_wagons()
    assert all(isinstance(w, WagonSpec) for w in wagons)
    assert len(wagons) == 28
    start = [w for w in wagons if w.start]
    regular = [w for w in wagons if not w.start]
    assert [w.id for w in start] == ["S1", "S2", "S3", "S4"]
    assert [w.id for w in regular] == [f"W{i:02d}" for i in range(1, 25)]
    for w in start:
        assert len(w.seats) == 5
        assert len(set(w.seats)) == 5
        assert w.vp == 12
    assert len({w.seats for w in start}) == 4  # all different layouts
    for w in regular:
        assert 2 <= len(w.seats) <= 4
        assert 4 <= w.vp <= 10
        # design formula: 2 x seats + (distinct professions - 1), capped at 10
        assert w.vp == min(10, 2 * len(w.seats) + len(set(w.seats)) - 1)
    assert all(w.bonus == 1 for w in wagons)
    assert all(s in PROFESSIONS for w in wagons for s in w.seats)
    totals = Counter(s for w in regular for s in w.seats)
    assert dict(totals) == SEAT_TOTALS
    assert sum(totals.values()) == 72
    assert totals.most_common(1)[0][0] == "FARMER"
    assert sum(w.vp for w in regular) == REGULAR_VP_TOTAL
    assert {4, 7} <= {w.vp for w in regular}  # the rulebook example values


def test_default_loads_are_cached():
    assert load_cities("4p") is load_cities("4p")
    assert load_connections("23p") is load_connections("23p")
    assert load_wagons() is load_wagons()


def test_path_override_reads_a_copy(tmp_path):
    d = copy_data(tmp_path)
    assert load_cities("23p", d) == load_cities("23p")
    assert load_connections("4p", str(d)) == load_connections("4p")
    assert load_wagons(d) == load_wagons()


def test_bad_side():
    with pytest.raises(ValueError, match="side"):
        load_cities("5p")
    with pytest.raises(ValueError, match="side"):
        load_connections("4")


def test_regeneration_script_matches_frozen_connections():
    pytest.importorskip("scipy")
    script = DATA_DIR / "make_connections.py"
    if not script.is_file():
        pytest.skip("regeneration script is not shipped with this installation")
    spec = importlib.util.spec_from_file_location("make_connections", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for side in SIDES:
        assert tuple(module.derive(side)) == load_connections(side)
    assert module.main([]) == 0


# corrupt copies --------------------------------------------------------------


def copy_data(tmp_path: Path) -> Path:
    d = tmp_path / "pioneers"
    d.mkdir(parents=True)
    for name in FILES:
        shutil.copy(DATA_DIR / name, d / name)
    return d


def edit(path: Path, row: int, column: str, value: str) -> None:
    """Set data row ``row`` (1-based) of ``column`` to ``value``."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    rows[row][rows[0].index(column)] = value
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def expect_error(exc_info, file: str, row: int | None, field: str | None) -> None:
    err = exc_info.value
    assert isinstance(err, ValueError)
    assert (err.file, err.row, err.field) == (file, row, field), str(err)
    message = str(err)
    assert message.startswith(file), message
    if row is not None:
        assert f"row {row}" in message, message
    if field is not None:
        assert f"field {field!r}" in message, message


def test_bad_float(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "cities.csv", 7, "lat", "abc")
    with pytest.raises(DatasetError) as exc_info:
        load_cities("4p", d)
    expect_error(exc_info, "cities.csv", 7, "lat")
    assert "between -90 and 90" in str(exc_info.value)
    assert "'abc'" in str(exc_info.value)


def test_latitude_out_of_range(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "cities.csv", 3, "lat", "142.65")
    with pytest.raises(DatasetError) as exc_info:
        load_cities("23p", d)
    expect_error(exc_info, "cities.csv", 3, "lat")


def test_unknown_city_in_connection(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "connections.csv", 5, "b", "XYZ")
    with pytest.raises(DatasetError) as exc_info:
        load_connections("4p", d)
    expect_error(exc_info, "connections.csv", 5, "b")
    assert "'XYZ'" in str(exc_info.value)


def test_connection_to_city_not_on_side(tmp_path):
    d = copy_data(tmp_path)
    row = 92 + 1  # first 23p row
    edit(d / "connections.csv", row, "a", "ALB")  # ALB is only on the 4p side
    with pytest.raises(DatasetError) as exc_info:
        load_connections("23p", d)
    expect_error(exc_info, "connections.csv", row, "a")
    assert "23p" in str(exc_info.value)


def test_self_loop(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "connections.csv", 2, "b", "ALB")  # ALB-NYC -> ALB-ALB
    with pytest.raises(DatasetError) as exc_info:
        load_connections("4p", d)
    expect_error(exc_info, "connections.csv", 2, "b")
    assert "self-loop" in str(exc_info.value)


def test_duplicate_connection_in_either_order(tmp_path):
    d = copy_data(tmp_path)
    edit(
        d / "connections.csv", 3, "a", "NYC"
    )  # row 3: ALB-PHL -> NYC-ALB, row 2 is ALB-NYC
    edit(d / "connections.csv", 3, "b", "ALB")
    with pytest.raises(DatasetError) as exc_info:
        load_connections("4p", d)
    expect_error(exc_info, "connections.csv", 3, "b")
    assert "duplicate" in str(exc_info.value)
    assert "row 2" in str(exc_info.value)


def test_missing_column(tmp_path):
    d = copy_data(tmp_path)
    path = d / "cities.csv"
    with open(path, newline="", encoding="utf-8") as f:
        rows = [r[:3] + r[4:] for r in csv.reader(f)]  # drop "lon"
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    with pytest.raises(DatasetError) as exc_info:
        load_cities("4p", d)
    expect_error(exc_info, "cities.csv", 0, "lon")
    assert "missing column" in str(exc_info.value)


def test_extra_column(tmp_path):
    d = copy_data(tmp_path)
    path = d / "wagons.csv"
    text = path.read_text(encoding="utf-8").splitlines()
    text = [text[0] + ",colour"] + [line + ",red" for line in text[1:]]
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", 0, "colour")


def test_duplicate_city_id(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "cities.csv", 4, "id", "BOS")  # NYC -> BOS, already row 2
    with pytest.raises(DatasetError) as exc_info:
        load_cities("4p", d)
    expect_error(exc_info, "cities.csv", 4, "id")
    assert "row 2" in str(exc_info.value)


def test_duplicate_wagon_id(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "wagons.csv", 10, "id", "W01")
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", 10, "id")


def test_bad_boolean(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "cities.csv", 2, "covered_2p", "yes")
    with pytest.raises(DatasetError) as exc_info:
        load_cities("23p", d)
    expect_error(exc_info, "cities.csv", 2, "covered_2p")
    assert "true or false" in str(exc_info.value)


@pytest.mark.parametrize("bad", ["HOTEL", "BARKEEPER", "farmer"])
def test_unknown_profession(tmp_path, bad):
    d = copy_data(tmp_path)
    edit(d / "wagons.csv", 6, "seats", f"BANKER {bad}")
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", 6, "seats")
    assert repr(bad) in str(exc_info.value)


def test_start_wagon_rules(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "wagons.csv", 2, "seats", "BANKER SERGEANT INNKEEPER GOLD_DIGGER")
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", 2, "seats")

    d = copy_data(tmp_path / "b")
    edit(d / "wagons.csv", 4, "kind", "regular")
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", None, "kind")
    assert "4 start wagons" in str(exc_info.value)


def test_vp_must_be_positive(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "wagons.csv", 5, "vp", "0")
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", 5, "vp")


def test_start_city_rules(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "cities.csv", 1, "covered_2p", "true")  # BUF covered
    with pytest.raises(DatasetError) as exc_info:
        load_cities("23p", d)
    expect_error(exc_info, "cities.csv", 1, "covered_2p")

    d = copy_data(tmp_path / "b")
    edit(d / "cities.csv", 5, "start", "true")  # PHL as a second start
    with pytest.raises(DatasetError) as exc_info:
        load_cities("4p", d)
    expect_error(exc_info, "cities.csv", 5, "start")

    d = copy_data(tmp_path / "c")
    edit(d / "cities.csv", 1, "start", "false")  # no start at all
    with pytest.raises(DatasetError) as exc_info:
        load_cities("4p", d)
    expect_error(exc_info, "cities.csv", None, "start")


def test_missing_and_empty_files(tmp_path):
    d = copy_data(tmp_path)
    (d / "wagons.csv").unlink()
    with pytest.raises(DatasetError) as exc_info:
        load_wagons(d)
    expect_error(exc_info, "wagons.csv", None, None)
    (d / "connections.csv").write_text("", encoding="utf-8")
    with pytest.raises(DatasetError) as exc_info:
        load_connections("4p", d)
    expect_error(exc_info, "connections.csv", None, None)
    assert "empty" in str(exc_info.value)


def test_short_and_long_rows(tmp_path):
    d = copy_data(tmp_path)
    path = d / "connections.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[3] = "4p,ALB"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError) as exc_info:
        load_connections("4p", d)
    expect_error(exc_info, "connections.csv", 3, "b")
    lines[3] = "4p,ALB,PHL,extra"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError) as exc_info:
        load_connections("4p", d)
    expect_error(exc_info, "connections.csv", 3, None)


# core reader -----------------------------------------------------------------


def test_parsers():
    assert parse_bool("true") is True
    assert parse_bool("false") is False
    for bad in ("True", "1", "yes", "", " true"):
        with pytest.raises(ValueError, match="expected true or false"):
            parse_bool(bad)
    p = parse_int(1, 10)
    assert p("7") == 7
    for bad in ("0", "11", "7.0", "x", "", "1_0"):
        with pytest.raises(ValueError, match="expected an integer between 1 and 10"):
            p(bad)
    f = parse_float(-90, 90)
    assert f("-12.5") == -12.5
    for bad in ("nan", "inf", "90.5", "1e3", "abc", ""):
        with pytest.raises(ValueError, match="expected a number between -90 and 90"):
            f(bad)
    c = parse_choice("4p", "23p")
    assert c("23p") == "23p"
    with pytest.raises(ValueError, match="one of"):
        c("3p")
    assert parse_id("W01") == "W01"
    for bad in ("", "a-b", "a b", "Ä"):
        with pytest.raises(ValueError, match="expected an id"):
            parse_id(bad)


def test_read_table_wraps_any_parser_failure(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("x,y\n1,2\n3,oops\n", encoding="utf-8")

    def boom(text):
        if text == "oops":
            raise KeyError("no")
        return text

    rows = read_table(path, {"y": str, "x": int})
    assert rows[0] == {"y": "2", "x": 1}
    with pytest.raises(DatasetError) as exc_info:
        read_table(path, {"x": int, "y": boom})
    expect_error(exc_info, "t.csv", 2, "y")


def test_dataset_path_rejects_paths():
    with pytest.raises(ValueError, match="plain name"):
        dataset_path("pioneers", "../secrets.csv")
    with pytest.raises(ValueError, match="plain name"):
        dataset_path("..", "cities.csv")


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.text(alphabet='abc,"\n\r 01.-truefals', max_size=80))
def test_read_table_only_raises_dataset_error(tmp_path, text):
    path = tmp_path / "fuzz.csv"
    path.write_text(text, encoding="utf-8", newline="")
    error = None
    try:
        rows = read_table(path, {"a": parse_float(), "b": parse_bool})
    except DatasetError as err:
        error = err
    if error is None:
        assert all(set(r) == {"a", "b"} for r in rows)
    else:
        assert error.file == "fuzz.csv"
        assert str(error).startswith("fuzz.csv")
