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
from toolkit.toy import Race

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
    assert paths == table_paths(out, spec.tables)
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


SHARED = {
    "games": [
        "game",
        "deal",
        "seed",
        "rotation",
        "players",
        "decisions",
        "steps",
        "rounds",
        "winners",
        "n_winners",
    ],
    "seats": [
        "game",
        "deal",
        "seed",
        "rotation",
        "seat",
        "order",
        "entrant",
        "agent",
        "score",
        "rank",
        "win",
        "won",
        "decisions",
    ],
    "turns": [
        "game",
        "seat",
        "entrant",
        "agent",
        "turn",
        "round",
        "decisions",
        "actions",
        "score",
    ],
}


def test_a_game_without_facts_gets_the_shared_tables():
    from toolkit.core import part

    game = Race(players=3)
    assert part(game, "facts") is None
    spec = prepare(game, ["greedy", "random", "random"], 2, turns=True)
    assert spec.tables == ("games", "seats", "turns")
    result = tournament(
        game, ["greedy", "random", "random"], games=6, seed=2, turns=True
    )
    assert result.tables == {}
    assert list(result.games.columns) == SHARED["games"]
    assert list(result.seats.columns) == SHARED["seats"]
    assert list(result.turns.columns) == SHARED["turns"]
    # rounds and the seat order come from game.progress, winners from game.winners
    for g in range(6):
        row = result.games.iloc[g]
        final, _ = play(game, result.lineup(g), seed=int(row["seed"]))
        assert row["rounds"] == game.progress(final).round
        assert row["winners"] == ";".join(map(str, game.winners(final)))
        first = game.progress(final).first
        seats = result.seats[result.seats.game == g].sort_values("seat")
        assert seats["order"].tolist() == [(s - first) % 3 for s in range(3)]


def test_a_games_facts_part_adds_its_columns_and_tables():
    from toolkit.anno1503 import facts

    result = tournament(
        "anno1503", ["greedy", "random"], games=2, seed=3, turns=True, max_turns=30
    )
    assert result.tables == {}  # its facts part declares no extra table
    extra = [c for c in result.seats.columns if c not in SHARED["seats"]]
    assert extra[:5] == [f"vp_{key}" for key, _ in facts.SCORE_PARTS]
    vp = result.seats[extra[:5]].sum(axis=1)
    assert vp.tolist() == result.seats["score"].tolist()
    assert set(result.games["end"]) <= {"won", "max_turns"}
    assert "gold" in result.turns.columns


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


def test_worker_count_is_capped_by_the_chunks_and_the_cores():
    import os

    from toolkit.analysis.tournament.runners import worker_count

    cores = len(os.sched_getaffinity(0))
    assert worker_count(10_000, 4) == min(4, cores)
    assert worker_count(10_000, 4, chunk_size=2) == min(2, cores)
    assert worker_count(1, 100) == 1
    assert worker_count(10_000, 10**9) == cores


def test_chunks_are_made_as_needed_whatever_the_number_of_games(monkeypatch):
    import time
    import tracemalloc

    from toolkit.analysis.tournament import runners

    def fake_chunk(spec, start, stop):
        return {"games": [{"game": start, "stop": stop}]}

    monkeypatch.setattr(runners, "play_chunk", fake_chunk)
    spec = prepare("pioneers", ["random"] * 2, 1)
    tracemalloc.start()
    began = time.perf_counter()
    try:
        run = iter_tournament(spec, 3_000_000_000)
        done, rows = next(run)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    took = time.perf_counter() - began
    assert (done, rows["games"][0]["game"]) == (200, 0)
    assert peak < 2 << 20, f"peak {peak} bytes"
    assert took < 1, f"took {took:.1f} s"


def test_an_interrupted_run_before_any_game_keeps_the_earlier_files(
    tmp_path, monkeypatch
):
    from toolkit.analysis.tournament import runners

    spec = prepare("pioneers", ["random"] * 2, 3)
    out = tmp_path / "r.parquet"
    write_parquet(spec, 2, out)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def ctrl_c_at_once(*args, **kwargs):
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(runners, "iter_tournament", ctrl_c_at_once)
    kept = []
    with pytest.raises(KeyboardInterrupt):
        write_parquet(spec, 40, out, on_close=lambda n, paths: kept.append(n))
    assert kept == [0]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_run_writes_temporary_files_and_renames_them_at_the_end(tmp_path):
    spec = prepare("pioneers", ["random"] * 2, 3)
    out = tmp_path / "r.parquet"
    seen = []

    def look(done, rows):
        seen.append(sorted(p.name for p in tmp_path.iterdir()))

    write_parquet(spec, 4, out, chunk_size=2, on_chunk=look)
    assert all("r.parquet" not in names for names in seen), seen
    assert all(name.endswith(".tmp") for names in seen for name in names), seen
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "r.games.parquet",
        "r.parquet",
        "r.wagons.parquet",
    ]


_HALF_A_RESULT = """
import os, struct, sys, threading, time
from concurrent import futures
import multiprocessing as mp
from toolkit.analysis.tournament.runners import _stop

pool = futures.ProcessPoolExecutor(1, mp_context=mp.get_context("fork"))
running = pool.submit(time.sleep, 60)
time.sleep(0.5)
# what a worker ended while sending its rows leaves: a length, then too few bytes
os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 1 << 20) + b"rows")
reader = pool._executor_manager_thread
time.sleep(0.5)
_stop(pool)
reader.join(10)
print("reader", "ended" if not reader.is_alive() else "stuck", flush=True)
"""


def test_stopping_the_pool_mid_result_lets_the_process_exit():
    """A worker ended half-way through sending a chunk must not hang the exit.

    (CI once saw ``simulate --workers 2`` print its summary after Ctrl-C and
    then never exit: the pool's reading thread waited for the rest of a
    message from a worker that was gone.)
    """
    import subprocess
    import sys

    try:
        run = subprocess.run(
            [sys.executable, "-c", _HALF_A_RESULT],
            capture_output=True,
            text=True,
            timeout=40,
        )
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"the process did not exit: {exc.stdout!r}") from None
    assert run.stdout.strip() == "reader ended", run.stderr
    assert run.returncode == 0, run.stderr
