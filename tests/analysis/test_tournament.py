"""Tournaments: tidy tables, rotation, same results for any workers, Parquet."""

from __future__ import annotations

import pandas as pd
import pytest

from toolkit.agents import RandomAgent
from toolkit.analysis.tournament import (
    TournamentError,
    deal_seed,
    iter_tournament,
    play_one,
    prepare,
    table_paths,
    tournament,
    write_parquet,
)
from toolkit.core import play
from toolkit.pioneers import Pioneers

AGENTS = ["greedy", "random", "random", "random"]


@pytest.fixture(scope="module")
def result():
    return tournament("pioneers", AGENTS, games=8, seed=11, turns=True)


def test_one_row_per_game_and_per_seat(result):
    assert len(result.games) == 8
    assert len(result.seats) == 32
    assert list(result.games["game"]) == list(range(8))
    assert (
        result.seats.groupby("game")["seat"].apply(list).tolist() == [[0, 1, 2, 3]] * 8
    )
    for column in (
        "score",
        "rank",
        "win",
        "won",
        "money",
        "vp_wagons",
        "vp_empty_seats",
        "vp_gold",
        "vp_network",
        "wagons_bought",
        "wagons_emptied",
        "roads_built",
        "tolls_paid",
        "tolls_earned",
        "order",
        "entrant",
        "agent",
    ):
        assert column in result.seats.columns, column


def test_win_shares_sum_to_one_per_game(result):
    assert result.seats.groupby("game")["win"].sum().tolist() == pytest.approx(
        [1.0] * 8
    )
    winners = (
        result.seats[result.seats.won]
        .groupby("game")["seat"]
        .apply(lambda s: ";".join(map(str, s)))
    )
    assert winners.tolist() == result.games["winners"].tolist()


def test_seats_rotate_and_deals_repeat(result):
    seats = result.seats
    # every entrant sits in every seat once per deal of 4 games
    for _, deal in seats.groupby("deal"):
        assert (
            sorted(deal.groupby("entrant")["seat"].apply(sorted).tolist())
            == [[0, 1, 2, 3]] * 4
        )
    assert result.games.groupby("deal")["seed"].nunique().tolist() == [1, 1]
    assert result.games["seed"].tolist() == [deal_seed(11, g // 4) for g in range(8)]


def test_a_game_is_the_same_as_core_play(result):
    game = Pioneers(players=4)
    for g in (0, 5):
        row = result.games.iloc[g]
        _, record = play(game, result.lineup(g), seed=int(row["seed"]))
        scores = (
            result.seats[result.seats.game == g].sort_values("seat")["score"].tolist()
        )
        assert list(record.scores) == scores
        assert len(record.actions) == row["steps"]


def test_money_flows_balance(result):
    seats = result.seats
    assert (
        seats.groupby("game")["tolls_paid"]
        .sum()
        .equals(seats.groupby("game")["tolls_earned"].sum())
    )
    assert (
        seats.groupby("game")["join_paid"]
        .sum()
        .equals(seats.groupby("game")["join_earned"].sum())
    )
    assert (
        seats["roads_built"] == seats["roads_bought"] + seats["sergeant_roads"]
    ).all()


def test_wagons_table_matches_the_seats(result):
    wagons = result.tables["wagons"]
    bought = wagons.groupby(["game", "seat"]).size()
    seats = result.seats.set_index(["game", "seat"])["wagons_bought"]
    assert bought.reindex(seats.index, fill_value=0).tolist() == seats.tolist()
    emptied = wagons.groupby(["game", "seat"])["emptied"].sum()
    assert (
        emptied.reindex(seats.index, fill_value=0)
        <= result.seats.set_index(["game", "seat"])["wagons_emptied"]
    ).all()


def test_turns_add_up(result):
    turns, seats = result.turns, result.seats
    per_seat = turns.groupby(["game", "seat"])["decisions"].sum()
    # offers to join are decisions of other seats inside the active player's turn
    assert per_seat.groupby("game").sum().tolist() == result.games["decisions"].tolist()
    last = turns.groupby(["game", "seat"]).tail(1).set_index(["game", "seat"])["score"]
    final = seats.set_index(["game", "seat"])["score"]
    assert (last.reindex(final.index) <= final).all()
    assert (
        turns.groupby("game")["turn"]
        .apply(lambda t: list(t) == list(range(len(t))))
        .all()
    )


def test_results_do_not_depend_on_the_number_of_workers():
    one = tournament(
        "pioneers", ["random"] * 4, games=10, seed=5, workers=1, chunk_size=3
    )
    two = tournament(
        "pioneers", ["random"] * 4, games=10, seed=5, workers=2, chunk_size=2
    )
    pd.testing.assert_frame_equal(one.seats, two.seats)
    pd.testing.assert_frame_equal(one.games, two.games)
    pd.testing.assert_frame_equal(one.tables["wagons"], two.tables["wagons"])


def test_game_objects_and_agent_objects_are_accepted():
    game = Pioneers(players=2)
    result = tournament(game, [RandomAgent(), "greedy"], games=2, seed=0)
    assert result.seats["agent"].tolist() == ["random", "greedy", "greedy", "random"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agents": ["greedy", "nobody", "random", "random"]}, "unknown bot 'nobody'"),
        (
            {"agents": ["greedy", "random"], "players": 4},
            "4 players need 4 agents, got 2",
        ),
        (
            {"agents": ["random"] * 5},
            "cannot create the game: Pioneers is for 2, 3 or 4",
        ),
        ({"agents": ["random"] * 4, "colour": "red"}, "cannot create the game"),
    ],
)
def test_bad_input_is_reported_before_playing(kwargs, message):
    agents = kwargs.pop("agents")
    with pytest.raises(TournamentError, match=message):
        prepare("pioneers", agents, 0, **kwargs)


def test_bad_counts_are_reported():
    spec = prepare("pioneers", ["random"] * 4, 0)
    with pytest.raises(TournamentError, match="games must be a positive"):
        next(iter_tournament(spec, 0))
    with pytest.raises(TournamentError, match="workers must be a positive"):
        next(iter_tournament(spec, 4, workers=0))


def test_streamed_parquet_equals_the_tables(tmp_path):
    spec = prepare("pioneers", AGENTS, 3, turns=True)
    out = tmp_path / "r.parquet"
    paths = write_parquet(spec, 6, out, chunk_size=2, row_group_bytes=1)
    assert set(paths) == {"seats", "games", "wagons", "turns"}
    assert paths == {k: v for k, v in table_paths(out).items() if k in paths}
    expected = tournament("pioneers", AGENTS, games=6, seed=3, turns=True)
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected.seats)
    pd.testing.assert_frame_equal(pd.read_parquet(paths["games"]), expected.games)
    pd.testing.assert_frame_equal(pd.read_parquet(paths["turns"]), expected.turns)
    import pyarrow.parquet as pq

    assert pq.ParquetFile(out).num_row_groups == 3  # one per chunk: streamed
    write_parquet(spec, 6, out, chunk_size=2)  # default: row groups of 8 MB
    assert pq.ParquetFile(out).num_row_groups == 1
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected.seats)


def test_an_interrupted_run_leaves_readable_files(tmp_path):
    spec = prepare("pioneers", ["random"] * 4, 3)
    out = tmp_path / "r.parquet"
    calls = []

    def stop_after_two(done, rows):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_parquet(spec, 40, out, chunk_size=4, on_chunk=stop_after_two)
    seats = pd.read_parquet(out)
    assert sorted(seats["game"].unique()) == list(range(8))
    assert len(pd.read_parquet(table_paths(out)["games"])) == 8


@pytest.mark.parametrize("where", ["missing/dir/r.parquet", "."])
def test_unwritable_output_is_reported(tmp_path, where):
    spec = prepare("pioneers", ["random"] * 4, 3)
    with pytest.raises(TournamentError, match=r"cannot write|is a directory"):
        write_parquet(spec, 4, tmp_path / where)


def test_play_one_is_pure():
    spec = prepare("pioneers", AGENTS, 8)
    assert play_one(spec, 3) == play_one(spec, 3)


class Race:
    """A tiny game on the core protocol, for the game-agnostic paths: each turn a die
    (chance, 1-2) is added to the mover's total, then the mover may stop or go on;
    the first to stop on exactly 5 (or the highest total under 6) wins."""

    name = "race"
    min_players = max_players = 2

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self.options: dict = {}

    def setup(self):
        return (0, "roll", (0, 0), (False, False))

    def to_move(self, s):
        seat, phase, _, stopped = s
        if all(stopped):
            return None
        return -1 if phase == "roll" else seat

    def legal_actions(self, s):
        return [] if self.to_move(s) in (None, -1) else ["go", "stop"]

    def chance_outcomes(self, s):
        return [(1, 0.5), (2, 0.5)]

    def apply(self, s, a):
        seat, phase, totals, stopped = s
        if phase == "roll":
            totals = tuple(t + a if i == seat else t for i, t in enumerate(totals))
            if totals[seat] >= 5:
                stopped = tuple(x or i == seat for i, x in enumerate(stopped))
                return self._next(seat, totals, stopped)
            return (seat, "choose", totals, stopped)
        if a == "stop":
            stopped = tuple(x or i == seat for i, x in enumerate(stopped))
        return self._next(seat, totals, stopped)

    def _next(self, seat, totals, stopped):
        nxt = 1 - seat
        if stopped[nxt]:
            nxt = seat
        return (nxt, "roll", totals, stopped)

    def observe(self, s, seat):
        return s

    def scores(self, s):
        return tuple(t if t <= 5 else 0 for t in s[2])

    def winners(self, s):
        top = max(self.scores(s))
        return tuple(i for i, v in enumerate(self.scores(s)) if v == top)

    def parse_action(self, text):
        return int(text) if text.isdigit() else text


def test_any_game_on_the_protocol_works_with_every_bot():
    result = tournament(Race(), ["mcts:6", "greedy"], games=6, seed=1, turns=True)
    assert len(result.seats) == 12
    assert result.tables == {}
    assert "vp_wagons" not in result.seats.columns
    assert (
        result.turns.groupby("game")["decisions"].sum().tolist()
        == result.games["decisions"].tolist()
    )
    for bots in (["mc:4", "random"], ["random", "random"]):
        again = tournament(Race(), bots, games=2, seed=1)
        assert len(again.games) == 2


def test_a_new_run_replaces_the_tables_of_an_old_one(tmp_path):
    out = tmp_path / "r.parquet"
    write_parquet(prepare("pioneers", ["random"] * 2, 1, turns=True), 2, out)
    assert table_paths(out)["turns"].exists()
    paths = write_parquet(prepare("pioneers", ["random"] * 2, 1), 3, out)
    assert "turns" not in paths
    assert not table_paths(out)["turns"].exists()
    assert len(pd.read_parquet(out)) == 6
