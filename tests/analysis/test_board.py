"""Board analysis (degrees, chokepoints, layers, betweenness) against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import networkx as nx
import pandas as pd
import pytest

from toolkit.core import play, random_agent
from toolkit.pioneers import Pioneers
from toolkit.pioneers import routes as R
from toolkit.pioneers.board_stats import (
    articulation_points,
    board_view,
    bridges,
    degree_distribution,
    degree_table,
    distance_layers,
    edge_betweenness,
)
from toolkit.pioneers.builder import fixture_game, stage, wagon

# S - A - B - C - A (a triangle), C - D (a dead end), S - E (a dead end)
TADPOLE = ["S-A", "A-B", "B-C", "C-A", "C-D", "S-E"]


def n_parts(g):
    return nx.number_connected_components(g)


@pytest.fixture(params=["4p", "2p-covered", "tadpole"])
def board(request):
    if request.param == "4p":
        return Pioneers(players=4), None
    if request.param == "2p-covered":
        game = Pioneers(players=2)
        final, _ = play(game, [random_agent] * 2, seed=3)
        return game, final
    return fixture_game(TADPOLE, start="S"), None


def test_board_view_leaves_out_covered_cities(board):
    game, state = board
    g = board_view(game, state)
    covered = (
        {game.board.ids[i] for i, c in enumerate(state.covered)} if state else set()
    )
    if state is not None:
        covered = {game.board.ids[i] for i, c in enumerate(state.covered) if c}
        assert covered  # the designated 2-player covers
        for e, owners in enumerate(state.roads):
            a, b = game.board.edge_ids(e)
            if g.has_edge(a, b):
                assert g.edges[a, b]["roads"] == tuple(owners)
    assert set(g) == set(game.board.ids) - covered


def test_degrees(board):
    game, state = board
    g = board_view(game, state)
    table = degree_table(game, state)
    assert dict(zip(table["city"], table["degree"], strict=True)) == dict(g.degree)
    dist = degree_distribution(game, state)
    assert dist["cities"].sum() == g.number_of_nodes()
    assert dist["share"].sum() == pytest.approx(1.0)
    assert (dist["cities"] == dist["examples"].map(len)).all()
    for d, cities in zip(dist["degree"], dist["examples"], strict=True):
        assert all(g.degree[c] == d for c in cities)


def test_bridges_and_articulation_points_by_brute_force(board):
    game, state = board
    g = board_view(game, state)
    base = n_parts(g)
    expected_bridges = set()
    for u, v in g.edges:
        h = g.copy()
        h.remove_edge(u, v)
        if n_parts(h) > base:
            expected_bridges.add("-".join(sorted((u, v))))
    table = bridges(game, state)
    assert set(table["connection"]) == expected_bridges
    for row in table.itertuples():
        h = g.copy()
        h.remove_edge(row.a, row.b)
        sides = [
            nx.node_connected_component(h, row.a),
            nx.node_connected_component(h, row.b),
        ]
        assert row.cut_off == min(map(len, sides))
        assert set(row.cut_off_cities) in sides
    expected_points = set()
    for c in g:
        h = g.copy()
        h.remove_node(c)
        if n_parts(h) > base:
            expected_points.add(c)
    points = articulation_points(game, state)
    assert set(points["city"]) == expected_points
    for row in points.itertuples():
        h = g.copy()
        h.remove_node(row.city)
        assert row.parts == n_parts(h)
        assert row.cut_off == h.number_of_nodes() - max(
            map(len, nx.connected_components(h))
        )


def test_tadpole_chokepoints():
    game = fixture_game(TADPOLE, start="S")
    assert list(bridges(game)["connection"]) == ["A-S", "C-D", "E-S"]
    points = articulation_points(game)
    assert list(points["city"]) == ["A", "C", "S"]  # A cuts off S and E (2 cities)
    assert list(points["cut_off"]) == [2, 1, 1]
    assert list(points["parts"]) == [2, 2, 2]


def test_distance_layers(board):
    game, state = board
    g = board_view(game, state)
    table = distance_layers(game, state)
    start = game.board.start_id
    expected = nx.single_source_shortest_path_length(g, start)
    for row in table.itertuples():
        if row.city in expected:
            assert row.layer == expected[row.city]
            if row.city == start:
                assert pd.isna(row.parent)
            else:
                assert g.has_edge(row.city, row.parent)
                assert expected[row.parent] == row.layer - 1
        else:
            assert pd.isna(row.layer)
    assert table.attrs["source"] == start
    other = distance_layers(game, state, source=table["city"].iloc[-1])
    assert other.set_index("city").loc[table["city"].iloc[-1], "layer"] == 0
    with pytest.raises(ValueError, match="no uncovered city"):
        distance_layers(game, state, source="NOPE")


def brute_betweenness(g, weight):
    """Sum over ordered pairs: the share of shortest paths crossing each connection."""
    out = {}
    for s, t in itertools.permutations(g, 2):
        if not nx.has_path(g, s, t):
            continue
        paths = list(nx.all_shortest_paths(g, s, t, weight=weight))
        for p in paths:
            for u, v in itertools.pairwise(p):
                key = "-".join(sorted((u, v)))
                out[key] = out.get(key, 0) + Fraction(1, len(paths))
    return out


def test_edge_betweenness_by_brute_force():
    game = fixture_game(
        ["S-A", "A-B", "B-C", "C-S", "A-C", "C-D", "D-E", "B-E", "E-F"], start="S"
    )
    state = stage(
        game,
        tiles={"E": "FARMER", "F": "BANKER"},
        roads={"A-B": 1, "C-S": (1, 2), "B-C": 0},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER")]}},
    )
    hops = edge_betweenness(game, state, normalized=False)
    g = R.passable_graph(game, state)
    assert "E-F" not in set(hops["connection"])  # E is tiled: the coach stops there
    expected = brute_betweenness(g, None)
    assert dict(
        zip(hops["connection"], hops["betweenness"], strict=True)
    ) == pytest.approx({k: float(v) for k, v in expected.items()})
    assert hops["toll"].isna().all()
    cheap = edge_betweenness(game, state, seat=0, normalized=False)
    g0 = R.passable_graph(game, state, 0)
    k = g0.number_of_nodes() + 1

    def w(u, v, d):
        return k * R.step_cost(d["roads"], 0) + 1

    expected = brute_betweenness(g0, w)
    got = dict(zip(cheap["connection"], cheap["betweenness"], strict=True))
    assert got == pytest.approx({k: float(v) for k, v in expected.items()})
    tolls = dict(zip(cheap["connection"], cheap["toll"], strict=True))
    assert tolls["B-C"] == 0
    assert tolls["C-S"] == 2
    assert tolls["A-B"] == 1
    assert list(cheap["betweenness"]) == sorted(cheap["betweenness"], reverse=True)
    n = g.number_of_nodes()
    normed = edge_betweenness(game, state)
    assert normed["betweenness"].sum() == pytest.approx(
        hops["betweenness"].sum() / (n * (n - 1))
    )


def test_edge_betweenness_at_the_start_of_a_game_is_empty():
    game = Pioneers(players=4)
    final, _ = play(game, [random_agent] * 4, seed=0)
    first = game.setup()
    # before any tile is taken, only the start city is untiled: routes are single steps
    from toolkit.core import CHANCE, sample_outcome, streams

    chance, _ = streams(0, 4)
    while game.to_move(first) == CHANCE:
        first = game.apply(first, sample_outcome(game.chance_outcomes(first), chance))
    table = edge_betweenness(game, first)
    start = game.board.start_id
    assert set(table["a"]) | set(table["b"]) >= {start}
    assert all(start in (a, b) for a, b in zip(table["a"], table["b"], strict=True))
    late = edge_betweenness(game, final)
    assert len(late) > len(table)


def test_covered_city_cuts_off_its_dead_end():
    game = fixture_game(TADPOLE, start="S", players=2)
    state = stage(game, covered=["C"])
    layers = distance_layers(game, state).set_index("city")
    assert "C" not in layers.index
    assert pd.isna(layers.loc["D", "layer"])
    assert pd.isna(layers.loc["D", "parent"])
    assert layers.loc["B", "layer"] == 2
    assert layers.loc["B", "parent"] == "A"
    assert "D" in set(
        degree_distribution(game, state).set_index("degree").loc[0, "examples"]
    )
