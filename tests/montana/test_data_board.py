"""Datasets (strict loading, cross-table checks) and the landscape graph."""

from __future__ import annotations

import shutil
from pathlib import Path

import networkx as nx
import pytest

from toolkit import montana
from toolkit.core.data import DatasetError, dataset_path
from toolkit.montana.board import AXES, Geometry, board_graph, geometry_graph
from toolkit.montana.tables import DIRECTIONS, FILES, load_tables

DATA = dataset_path("montana", "wheel.csv").parent


@pytest.fixture
def folder(tmp_path):
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    text = (folder / name).read_text(encoding="utf-8")
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "old", "new", "row", "field"),
    [
        ("wheel.csv", "3,ANY,ANY", "3,ANY,gold", 4, "second"),
        ("wheel.csv", "3,ANY,ANY", "3,ANY,copper", 4, "second"),
        ("bank.csv", "2,2,8", "2,2,eight", 2, "coins"),
        ("production.csv", "farm,p,3,6,3", "farm,p,2,6,3", 12, "space"),
        ("city.csv", "C,-,gg", "C,-,gx", 3, "gain"),
        ("hex_types.csv", "LC,Cg", "LC,-", 10, "cost"),
        ("tiles.csv", "3,2,GS,true", "3,2,GS,maybe", 18, "cattle"),
        ("tiles.csv", "1,0,GG,false", "1,0,XX,false", 2, "hex"),
        ("goods.csv", "g,grain,24,10,15,20,1", "g,grain,20,10,15,20,1", 1, "supply_4"),
        ("layouts.csv", "2,2,1,2", "2,0,0,2", 2, "q"),
    ],
)
def test_M_DATA_corrupt_rows_name_file_row_and_field(
    folder, name, old, new, row, field
):
    _edit(folder, name, old, new)
    with pytest.raises(DatasetError) as err:
        load_tables(folder)
    assert (err.value.file, err.value.row, err.value.field) == (name, row, field)


def test_M_DATA_completeness_and_cross_table_checks(folder):
    _edit(folder, "tiles.csv", "12,5,LC,false\n", "")
    with pytest.raises(DatasetError, match="tile 12 needs 7 hexes"):
        load_tables(folder)


def test_M_DATA_too_few_centres_for_the_tile_count(folder):
    _edit(folder, "layouts.csv", "10,7,0,4\n", "")
    with pytest.raises(DatasetError, match="4 players need 10 tile centres") as err:
        load_tables(folder)
    assert err.value.file == "layouts.csv"


def test_M_DATA_no_large_copper_in_the_city(folder):
    _edit(folder, "city.csv", "A,c,C", "A,c,gg")
    with pytest.raises(DatasetError, match="large_copper"):
        load_tables(folder)


def test_M_DATA_shipped_tables_load_and_a_game_takes_custom_tables(folder):
    _edit(folder, "bank.csv", "3,3,12", "3,3,13")
    game = montana.Montana(players=2, tables=load_tables(folder))
    assert game.tables.bank[2] == (3, 13) and load_tables().bank[2] == (3, 12)


def test_M_DATA_5_geometry_tables_match_axial_arithmetic():
    """The rays and neighbours built from the networkx graph agree with plain
    axial arithmetic on every hex and direction."""
    for players in (2, 3, 4):
        centres = load_tables().centres[players]
        geo = Geometry.build(centres)
        cells = set(geo.coords)
        for i, (q, r) in enumerate(geo.coords):
            for d, (dq, dr) in enumerate(DIRECTIONS):
                ray, cur = [], (q + dq, r + dr)
                while cur in cells:
                    ray.append(geo.at[cur])
                    cur = (cur[0] + dq, cur[1] + dr)
                assert geo.rays[i][d] == tuple(ray)
            near = sorted(
                geo.at[(q + dq, r + dr)]
                for dq, dr in DIRECTIONS
                if (q + dq, r + dr) in cells
            )
            assert list(geo.neighbours[i]) == near


def test_M_BUILD_2_M_BUILD_6_graph_checks_agree_with_the_engine(h):
    """Adjacency (M-BUILD-2) and runs on an axis (M-BUILD-6) computed on
    ``board_graph`` with networkx agree with the engine's tables."""
    game = montana.Montana(players=3, first=0, start_hex="0,-1")
    state = h.landscape(game)
    state = h.own(game, state, 0, (-3, 1), (-2, 1), (-1, 1), (1, 1), (0, 2))
    state = h.own(game, state, 1, (2, 1))
    g = board_graph(game, state)
    assert isinstance(g, nx.Graph) and g.number_of_nodes() == len(game.hexes)
    occupied = {n for n, d in g.nodes(data=True) if d["owner"] is not None}
    by_graph = sorted(
        game.geometry.at[n]
        for n, d in g.nodes(data=True)
        if d["kind"] != "LAKE" and d["owner"] is None and set(g[n]) & occupied
    )
    assert by_graph == game.buildable(state, 0)
    # the runs: the subgraph of seat 0's hexes and axis-0 edges, components by networkx
    for axis in range(3):
        sub = nx.Graph()
        mine = [n for n, d in g.nodes(data=True) if d["owner"] == 0]
        sub.add_nodes_from(mine)
        sub.add_edges_from(
            (a, b)
            for a, b, d in g.edges(data=True)
            if d["axis"] == axis and a in sub and b in sub
        )
        for comp in nx.connected_components(sub):
            for n in comp:
                i = game.geometry.at[n]
                d, e = AXES[axis]
                rays = game.geometry.rays[i]
                runs = montana.run_lengths(
                    rays, lambda k: state.owner[k] == 0, limit=99
                )
                a, b = runs[axis]
                assert a + 1 + b == len(comp)
                line = {game.hexes[k] for k in rays[d][:a] + rays[e][:b]}
                assert line | {n} == comp


def test_M_DATA_5_board_graph_node_attributes(h):
    game = montana.Montana(players=2, first=0, start_hex="0,-1")
    s = h.landscape(game)
    g = board_graph(game, s)
    node = g.nodes[(0, -1)]
    assert node["owner"] == "start" and node["kind"] == "SS" and node["cost"] == "ss"
    assert g.nodes[(0, 0)]["canteen"] and g.nodes[(1, -1)]["cattle"]
    assert (
        nx.is_connected(g)
        and geometry_graph(game.centres).number_of_edges() == g.number_of_edges()
    )
