"""Tournament statistics: intervals, seat advantage, values, ratings, charts."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from toolkit.analysis import stats
from toolkit.analysis.tournament import tournament
from toolkit.pioneers import facts

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def result():
    return tournament(
        "pioneers", ["greedy", "random", "random", "random"], games=12, seed=4
    )


def synthetic(games=400, seed=0):
    """Seat rows of 2-player games where A beats B 3 times in 4 and each FARMER
    tile is worth exactly 2 points (plus noise)."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(games):
        a_wins = rng.random() < 0.75
        for seat, agent in enumerate(("A", "B") if g % 2 == 0 else ("B", "A")):
            farmers = int(rng.integers(0, 4))
            roads = int(rng.integers(0, 15))
            won = (agent == "A") == a_wins
            score = 20 + 2 * farmers + 0.5 * roads + (10 if won else 0) + rng.normal()
            rows.append(
                {
                    "game": g,
                    "seat": seat,
                    "order": seat,
                    "entrant": agent == "B",
                    "agent": agent,
                    "score": score,
                    "win": float(won),
                    "won": won,
                    "tile_FARMER": farmers,
                    "tile_HOTEL": int(rng.integers(0, 3)),
                    "roads_built": roads,
                }
            )
    return pd.DataFrame(rows)


def test_wilson_interval_known_values():
    low, high = stats.wilson_interval(60, 100)
    assert (round(low, 3), round(high, 3)) == (0.502, 0.691)
    assert stats.wilson_interval(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert all(math.isnan(x) for x in stats.wilson_interval(0, 0))
    with pytest.raises(ValueError, match="confidence"):
        stats.wilson_interval(1, 2, confidence=1.5)


def test_mean_interval_covers_the_mean():
    m, low, high = stats.mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    assert low < 2.5 < high
    assert high - 2.5 == pytest.approx(
        1.96 * np.std([1, 2, 3, 4], ddof=1) / 2, rel=1e-3
    )


def test_summary_per_entrant_and_per_agent(result):
    by_entrant = stats.summary(result.seats)
    assert by_entrant["entrant"].tolist() == [0, 1, 2, 3]
    assert by_entrant["games"].tolist() == [12] * 4
    assert by_entrant["wins"].sum() == pytest.approx(12)
    assert (by_entrant["win_low"] <= by_entrant["win_rate"]).all()
    assert (by_entrant["win_rate"] <= by_entrant["win_high"]).all()
    by_agent = stats.summary(result.seats, by="agent").set_index("agent")
    assert by_agent.loc["random", "games"] == 36
    assert by_agent.loc["greedy", "win_rate"] > by_agent.loc["random", "win_rate"]


def test_seat_advantage_counts_positions_from_the_start_player(result):
    table = stats.seat_advantage(result.seats)
    assert table["order"].tolist() == [0, 1, 2, 3]
    assert table["games"].sum() == len(result.seats)
    assert table["score_vs_mean"].sum() == pytest.approx(0, abs=1e-9)
    assert table["expected"].eq(0.25).all()
    assert stats.seat_advantage(result.seats, by="seat")["seat"].tolist() == [
        0,
        1,
        2,
        3,
    ]


def test_ratings_recover_a_known_strength_gap():
    table = stats.ratings(synthetic(), boot=50).set_index("agent")
    gap = table.loc["A", "rating"] - table.loc["B", "rating"]
    expected = 400 * math.log10(0.75 / 0.25)  # P(A beats B) = 3/4
    assert gap == pytest.approx(expected, abs=40)
    assert table.loc["A", "low"] < table.loc["A", "rating"] < table.loc["A", "high"]
    assert table["rating"].mean() == pytest.approx(1500)


def test_pairwise_rates(result):
    table = stats.pairwise(result.seats)
    row = table[(table.a == "greedy") & (table.b == "random")].iloc[0]
    back = table[(table.a == "random") & (table.b == "greedy")].iloc[0]
    assert row["games"] == 12
    assert row["pairs"] == 36
    assert row["rate"] + back["rate"] == pytest.approx(1)
    assert row["low"] <= row["rate"] <= row["high"]


def test_tile_values_recover_the_planted_value():
    table = facts.tile_values(synthetic()).set_index("tile")
    assert table.loc["FARMER", "value"] == pytest.approx(2, abs=0.6)
    assert table.loc["FARMER", "low"] < 2 < table.loc["FARMER", "high"] + 0.6
    assert abs(table.loc["HOTEL", "value"]) < 1.5


def test_tile_values_need_tile_columns():
    with pytest.raises(ValueError, match="tile_"):
        facts.tile_values(synthetic().drop(columns=["tile_FARMER", "tile_HOTEL"]))


def test_column_values_of_any_columns():
    table = stats.column_values(synthetic(), ["tile_FARMER", "roads_built"])
    table = table.set_index("column")
    assert table.loc["tile_FARMER", "value"] == pytest.approx(2, abs=0.6)
    assert table.loc["roads_built", "value"] == pytest.approx(0.5, abs=0.25)
    assert table.loc["roads_built", "mean"] == synthetic()["roads_built"].mean()
    with pytest.raises(ValueError, match="none of the columns"):
        stats.column_values(synthetic(), ["no_such_column"])


def test_column_vs_score_is_what_roads_vs_score_shows():
    generic = stats.column_vs_score(synthetic(), "roads_built")
    pd.testing.assert_frame_equal(generic, facts.roads_vs_score(synthetic()))
    fig = stats.plot_column_vs_score(synthetic(), "roads_built")
    assert fig.layout.title.text == "Roads built and final score"


def test_roads_vs_score_slope():
    table = facts.roads_vs_score(synthetic())
    assert table["seats"].sum() == 800
    assert table.attrs["slope"]["value"] == pytest.approx(0.5, abs=0.25)
    assert 0 < table.attrs["correlation"] < 1


def test_wagon_choices(result):
    wagons = result.tables["wagons"]
    table = facts.wagon_choices(wagons, result.seats)
    assert table["bought"].sum() == len(wagons)
    assert table["emptied_rate"].between(0, 1).all()
    assert {"buyer_score", "buyer_win_rate", "mean_slot"} <= set(table.columns)


def test_charts_are_plotly_figures(result):
    import plotly.graph_objects as go

    seats, wagons = result.seats, result.tables["wagons"]
    figures = [
        stats.plot_seat_advantage(stats.seat_advantage(seats)),
        facts.plot_tile_values(facts.tile_values(seats)),
        facts.plot_roads_vs_score(seats),
        facts.plot_wagon_choices(facts.wagon_choices(wagons)),
        stats.plot_ratings(stats.ratings(seats, boot=10)),
    ]
    assert all(isinstance(f, go.Figure) for f in figures)
    assert all(f.layout.title.text for f in figures)


def test_stats_and_tournament_import_no_plotly_or_pandas():
    probe = (
        "import json, sys; import toolkit.analysis.stats, "
        "toolkit.analysis.tournament, toolkit.agents, toolkit.cli, "
        "toolkit.pioneers.facts, toolkit.anno1503.facts; "
        "print(json.dumps(sorted(m for m in ('plotly', 'pandas') if m in sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    # tables are made (and charts drawn) only when asked for
    assert loaded == []
