"""Road networks with networkx agree with the engine's scoring (P-SCORE-4)."""

from __future__ import annotations

import pytest

from toolkit.core import CHANCE, play, random_agent, sample_outcome, streams
from toolkit.pioneers import Pioneers, score_breakdown
from toolkit.pioneers import road_networks as engine_networks
from toolkit.pioneers.builder import fixture_game, stage
from toolkit.pioneers.networks import best_networks, road_graph, road_networks


def states_of(game, seed, every=7):
    """Every ``every``-th decision state of a random-agent game, and the final state."""
    chance, agents = streams(seed, game.players)
    state, out, k = game.setup(), [], 0
    while not game.is_over(state):
        seat = game.to_move(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance)
        else:
            legal = game.legal_actions(state)
            k += 1
            if k % every == 0:
                out.append(state)
            action = legal[agents[seat].randrange(len(legal))]
        state = game.apply(state, action)
    return [*out, state]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_networks_agree_with_the_engine_on_random_games(players):
    game = Pioneers(players=players)
    checked = 0
    for seed in range(12):
        for state in states_of(game, seed):
            table = road_networks(game, state)
            for seat in range(players):
                mine = table[table["seat"] == seat]
                engine = engine_networks(game, state, seat)
                assert list(mine["cities"]) == [n["cities"] for n in engine]
                assert list(mine["roads"]) == [n["roads"] for n in engine]
                assert list(mine["pioneers"]) == [n["pioneers"] for n in engine]
                assert list(mine["network"]) == list(range(1, len(engine) + 1))
                assert mine["best"].sum() == (1 if engine else 0)
                checked += 1
            best = best_networks(game, state)
            assert list(best["vp"]) == [
                row["network"] for row in score_breakdown(game, state)
            ]
            assert list(best["seat"]) == list(range(players))
    assert checked > 100


def test_P_SCORE_4_EX_15_best_network_counts_pioneers_not_roads():
    n1 = ["A-B", "B-C", "C-D", "C-E", "E-F", "F-G"]
    n2 = [f"P{i}-P{i + 1}" for i in range(1, 8)]
    game = fixture_game([*n1, *n2, "S-A"], start="S")
    red = 1
    settled = {
        c: {red: k} for c, k in {"A": 1, "B": 1, "C": 3, "D": 1, "F": 1, "G": 1}.items()
    }
    settled["E"] = {0: 1}  # a blue pioneer does not count for red
    settled.update({c: {red: 1} for c in ("P1", "P4", "P8")})
    state = stage(game, roads=dict.fromkeys(n1 + n2, red), settled=settled)
    nets = road_networks(game, state, seat=red)
    assert list(nets["pioneers"]) == [8, 3]
    assert list(nets["roads"]) == [6, 7]
    assert list(nets["vp"]) == [16, 0]
    assert list(nets["best"]) == [True, False]
    assert nets.loc[0, "cities"] == tuple("ABCDEFG")
    best = best_networks(game, state).set_index("seat")
    assert best.loc[red, "vp"] == 16
    assert best.loc[red, "networks"] == 2


def test_double_roads_count_for_both_owners_and_no_roads_score_zero():
    game = fixture_game(["S-A", "A-B", "B-C"], start="S")
    state = stage(
        game,
        roads={"S-A": 0, "A-B": (0, 2), "B-C": 2},
        settled={"S": {0: 1, 1: 1, 2: 1, 3: 1}, "B": {2: 2}, "C": {0: 1}},
    )
    g0, g2 = road_graph(game, state, 0), road_graph(game, state, 2)
    assert sorted(tuple(sorted(e)) for e in g0.edges) == [("A", "B"), ("A", "S")]
    assert g0.edges["A", "B"]["roads"] == (0, 2)
    assert g2.has_edge("A", "B")
    assert g0.nodes["S"]["pioneers"] == 1
    assert "C" not in g0
    best = best_networks(game, state).set_index("seat")
    assert best.loc[0, "pioneers"] == 1
    assert best.loc[0, "cities"] == ("A", "B", "S")
    assert best.loc[2, "pioneers"] == 2
    assert best.loc[2, "cities"] == ("A", "B", "C")
    assert best.loc[1, "vp"] == 0
    assert best.loc[1, "cities"] == ()
    assert best.loc[1, "networks"] == 0
    assert road_networks(game, state, seat=1).empty
    assert list(road_networks(game, state, seat=1).columns) == list(
        road_networks(game, state).columns
    )


def test_bad_seat():
    game = fixture_game(["S-A"], start="S")
    state = stage(game)
    for bad in (4, -1, "0"):
        with pytest.raises(ValueError, match="not a player"):
            road_networks(game, state, bad)


def test_final_state_of_a_seeded_game_is_tidy():
    game = Pioneers(players=3)
    final, _record = play(game, [random_agent] * 3, seed=5)
    table = road_networks(game, final)
    assert table["seat"].is_monotonic_increasing
    assert (table["n_cities"] == table["cities"].map(len)).all()
    assert (table["roads"] == table["connections"].map(len)).all()
    assert (table.loc[~table["best"], "vp"] == 0).all()
