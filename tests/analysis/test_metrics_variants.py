"""Design metrics and the rules lab (toolkit.analysis.metrics, .variants).

The lab is tested on effects planted by construction, whose true size is
known, on the toy game (not one of ``GAMES``: the layers know no game).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from toolkit.analysis import metrics, variants
from toolkit.core import CHANCE
from toolkit.toy import Race

BONUS = 6


class SeatZeroBonus(Race):
    """Race, then one more chance turn: seat 0 gains ``BONUS`` points on heads.

    The coin is the last random draw of the game, so a game of this variant is
    the same game as its paired game of plain Race up to the end, and the
    planted effect on seat 0's score edge (its score minus the game's mean) is
    exactly ``BONUS / 2 * (players - 1) / players`` in expectation.
    """

    def _next_turn(self, state):
        after = super()._next_turn(state)
        return replace(after, phase="bonus") if after.phase == "over" else after

    def to_move(self, state):
        return CHANCE if state.phase == "bonus" else super().to_move(state)

    def chance_outcomes(self, state):
        if state.phase == "bonus":
            return [("coin 0", 0.5), (f"coin {BONUS}", 0.5)]
        return super().chance_outcomes(state)

    def apply(self, state, action):
        if state.phase == "bonus":
            gain = int(action.split()[1])
            score = (state.score[0] + gain, *state.score[1:])
            return replace(state, score=score, phase="over")
        return super().apply(state, action)


@pytest.fixture(scope="module")
def planted():
    return variants.compare(
        Race(players=2),
        {"plain": {}, "bonus": SeatZeroBonus(players=2)},
        ["random", "random"],
        games=400,
        seed=7,
    )


def test_planted_effect_is_recovered_within_its_interval(planted):
    """The known effect lies in the paired interval, and the interval excludes 0."""
    d = planted.differences(["seat0_score_edge"]).iloc[0]
    truth = BONUS / 2 * (2 - 1) / 2
    assert d["diff_low"] <= truth <= d["diff_high"]
    assert d["diff_low"] > 0
    assert d["games"] == 400
    # paired: the games are the same until the coin, so the difference is the coin
    assert d["diff_high"] - d["diff_low"] < 0.5


def test_planted_effect_leaves_the_game_itself_alone(planted):
    """Length and branching do not change in a single pair: no difference at all."""
    d = planted.differences(["turns", "decisions", "branching"]).set_index("metric")
    assert (d["diff"] == 0).all()
    assert "did not change" in planted.verdict("turns")


def test_verdict_says_what_changed_in_plain_words(planted):
    text = planted.verdict("seat0_score_edge")
    assert text.startswith("seat 0's score edge rose from ")
    assert "(plain)" in text and "(bonus)" in text and text.endswith("clear.")
    win = planted.verdict("seat0_win")
    assert "%" in win


def test_unpaired_noise_is_not_called_an_effect():
    """Two runs of the same rules with the same seed: every difference is exactly 0."""
    lab = variants.compare(
        Race(players=3), {"a": {}, "b": {}}, ["random"] * 3, games=30, seed=3
    )
    d = lab.differences()
    assert (d["diff"] == 0).all()
    assert all("did not change" in v for v in lab.verdicts(["turns", "first_edge"]))


def test_search_finds_the_value_closest_to_the_target_and_counts_games():
    grid = variants.search(
        Race(players=2, max_rounds=50),
        "target",
        [5, 20, 60],
        ["random", "random"],
        metric="rounds",
        target=4.0,
        games=20,
        method="grid",
    )
    assert grid.best == 20
    assert grid.games == 60 == int(grid.table["games"].sum())
    halving = variants.search(
        Race(players=2, max_rounds=50),
        "target",
        [5, 10, 20, 60],
        ["random", "random"],
        metric="rounds",
        target=4.0,
        games=10,
    )
    assert halving.best == 20
    # 4 values x 10, 2 x 20, 1 x 40
    assert halving.games == int(halving.table["games"].sum()) == 40 + 40 + 40


def test_per_game_metrics_by_hand():
    """Lead changes, decisiveness and drama of a hand-made game (definitions)."""
    import pandas as pd

    t = {
        "games": pd.DataFrame(
            {
                "game": [0],
                "decisions": [4],
                "steps": [8],
                "rounds": [2],
                "winners": ["1"],
                "n_winners": [1],
            }
        ),
        "seats": pd.DataFrame(
            {
                "game": [0, 0],
                "seat": [0, 1],
                "order": [0, 1],
                "score": [6, 10],
                "win": [0.0, 1.0],
            }
        ),
        "turns": pd.DataFrame(
            {
                "game": [0] * 4,
                "turn": [0, 1, 2, 3],
                "score_0": [5, 5, 6, 6],
                "score_1": [0, 5, 8, 10],
            }
        ),
    }
    row = metrics.per_game(t).iloc[0]
    assert row["lead_changes"] == 1  # seat 0 led, a tie, then seat 1
    assert row["decided_at"] == pytest.approx(2 / 4)  # seat 1 leads from turn 3 on
    assert row["behind"] == pytest.approx(1 / 4)
    assert row["drama"] == pytest.approx(5 / 10)
    assert row["max_deficit"] == 5
    assert row["margin"] == 4
    assert row["first_edge"] == pytest.approx(-0.5)
    assert row["chance_share"] == pytest.approx(0.5)
    turns = metrics.per_turn(t)
    assert list(turns["leader"]) == [0, -1, 1, 1]


def test_metrics_need_the_detail_tables():
    from toolkit.analysis.tournament import tournament

    plain = tournament(Race(players=2), ["random", "random"], games=2)
    assert "turns" not in metrics.per_game(plain)
    with pytest.raises(ValueError, match="detail=True"):
        metrics.branching(plain)
    with pytest.raises(ValueError, match="detail=True"):
        metrics.per_turn(plain)


def test_charts_are_plotly_figures(planted):
    for fig in (
        metrics.plot_branching(planted.results["plain"]),
        planted.plot_lengths(),
        planted.plot_seat_advantage(),
        planted.plot_differences(["turns", "seat0_score_edge"]),
    ):
        assert fig.layout.template.layout.font.family
        assert fig.data
    errors = planted.plot_seat_advantage().data[0].error_y.array
    assert all(not math.isnan(e) for e in errors)


def test_intervals_count_deals_not_games():
    """Two equal bots play each deal twice, the same game: one value, not two."""
    t = metrics.measure(Race(players=2), ["random", "random"], games=40, seed=5)
    table = metrics.per_game(t)
    first, second = table.iloc[0::2].reset_index(), table.iloc[1::2].reset_index()
    assert (first["turns"] == second["turns"]).all()  # the same games twice
    s = metrics.summary(t).set_index("metric")
    assert s.loc["turns", "games"] == 40 and s.loc["turns", "deals"] == 20
    from toolkit.analysis.stats import mean_interval

    _, low, high = mean_interval(first["turns"])
    assert s.loc["turns", "high"] - s.loc["turns", "low"] == pytest.approx(high - low)


def test_seat_advantage_is_over_deals():
    t = metrics.measure(Race(players=2), ["random", "random"], games=40, seed=5)
    table = metrics.seat_advantage(t)
    assert list(table["order"]) == [0, 1] and (table["deals"] == 20).all()
    assert table["win_rate"].sum() == pytest.approx(1.0)
    assert (table["win_low"] <= table["win_rate"]).all()
    # a deal's two games are the same game here: its mean is one value
    from toolkit.analysis.stats import mean_interval

    first = t.seats[(t.seats["order"] == 0) & (t.seats["game"] % 2 == 0)]
    _, low, high = mean_interval(first["win"])
    row = table.iloc[0]
    assert row["win_high"] - row["win_low"] == pytest.approx(high - low)
