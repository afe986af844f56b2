"""``python -m toolkit simulate``: output, summary, and errors before any game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from toolkit import cli
from toolkit.analysis import tournament as T

ROOT = Path(__file__).resolve().parent.parent


def run(args, capsys):
    status = cli.main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_simulate_writes_parquet_and_a_summary(tmp_path, capsys):
    out = tmp_path / "results.parquet"
    status, stdout, _ = run(
        [
            "simulate",
            "pioneers",
            "--players",
            "4",
            "--agents",
            "greedy,random,random,random",
            "--games",
            "4",
            "--seed",
            "1",
            "--out",
            str(out),
            "--no-progress",
            "--turns",
        ],
        capsys,
    )
    assert status == 0
    seats = pd.read_parquet(out)
    assert len(seats) == 16
    assert len(pd.read_parquet(tmp_path / "results.games.parquet")) == 4
    assert (tmp_path / "results.turns.parquet").exists()
    assert (tmp_path / "results.wagons.parquet").exists()
    assert "4 games in" in stdout
    lines = [line.split() for line in stdout.splitlines() if line.strip()[:1].isdigit()]
    assert [row[1] for row in lines[-4:]] == ["greedy", "random", "random", "random"]
    expected = T.tournament(
        "pioneers", ["greedy", "random", "random", "random"], 4, seed=1
    )
    pd.testing.assert_frame_equal(seats, expected.seats)


def test_simulate_with_workers_gives_the_same_file(tmp_path, capsys):
    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    base = [
        "simulate",
        "pioneers",
        "--agents",
        "random,random,random",
        "--games",
        "6",
        "--seed",
        "4",
        "--no-progress",
    ]
    assert run([*base, "--out", str(a)], capsys)[0] == 0
    assert (
        run([*base, "--out", str(b), "--workers", "2", "--chunk-size", "1"], capsys)[0]
        == 0
    )
    pd.testing.assert_frame_equal(pd.read_parquet(a), pd.read_parquet(b))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,robot,random,random"], "unknown bot 'robot'"),
        (["--agents", "greedy,random,random"], "4 players need 4 agents, got 3"),
        (["--agents", "random,random", "--games", "0"], "--games must be at least 1"),
        (
            ["--agents", "random,random", "--scheduler", "localhost"],
            "bad scheduler address",
        ),
        (
            ["--agents", "random,random", "--option", "cover"],
            "--option expects KEY=VALUE",
        ),
        (["--agents", "random,random", "--option", "cover=sideways"], "cover must be"),
        (
            ["--agents", "random,random", "--workers", "0"],
            "--workers must be at least 1",
        ),
    ],
)
def test_bad_input_fails_before_any_game(tmp_path, capsys, args, message):
    out = tmp_path / "r.parquet"
    if "greedy,random,random" in args:
        args = [*args, "--players", "4"]
    status, _, stderr = run(
        [
            "simulate",
            "pioneers",
            "--games",
            "3",
            *args,
            "--out",
            str(out),
            "--no-progress",
        ],
        capsys,
    )
    assert status == 2
    assert message in stderr
    assert not out.exists()


def test_unknown_game(tmp_path, capsys):
    status, _, stderr = run(
        [
            "simulate",
            "chess",
            "--agents",
            "random,random",
            "--games",
            "1",
            "--out",
            str(tmp_path / "r.parquet"),
        ],
        capsys,
    )
    assert status == 2
    assert "unknown game 'chess'" in stderr


def test_unwritable_output(tmp_path, capsys):
    status, _, stderr = run(
        [
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "1",
            "--out",
            str(tmp_path / "no" / "such" / "r.parquet"),
        ],
        capsys,
    )
    assert status == 2
    assert "does not exist" in stderr


def test_unreachable_scheduler(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(T.runners, "_CONNECT_TIMEOUT", 2.0)
    status, _, stderr = run(
        [
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "1",
            "--out",
            str(tmp_path / "r.parquet"),
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
        capsys,
    )
    assert status == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in stderr


def test_interrupted_run_keeps_the_finished_games(tmp_path, capsys, monkeypatch):
    real = T.iter_tournament

    def two_chunks_then_ctrl_c(*args, **kwargs):
        for k, item in enumerate(real(*args, **kwargs)):
            yield item
            if k == 1:
                raise KeyboardInterrupt

    # write_parquet finds the runner in its module, so it is patched there
    monkeypatch.setattr(T.runners, "iter_tournament", two_chunks_then_ctrl_c)
    out = tmp_path / "r.parquet"
    status, _, stderr = run(
        [
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "50",
            "--chunk-size",
            "5",
            "--out",
            str(out),
            "--no-progress",
        ],
        capsys,
    )
    assert status == 130
    assert "interrupted after 10 games" in stderr
    assert sorted(pd.read_parquet(out)["game"].unique()) == list(range(10))


def test_python_dash_m_toolkit(tmp_path):
    out = tmp_path / "r.parquet"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolkit",
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "2",
            "--out",
            str(out),
            "--no-progress",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert len(pd.read_parquet(out)) == 4
    bots = subprocess.run(
        [sys.executable, "-m", "toolkit", "bots"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bots.stdout.split()[0] == "random"
    assert "mcts" in bots.stdout


def test_help_lists_the_registered_games(capsys):
    import toolkit

    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "one of: " + ", ".join(toolkit.GAMES) in out


def test_a_game_without_facts_writes_the_shared_tables(tmp_path, capsys, monkeypatch):
    import toolkit

    monkeypatch.setitem(toolkit.GAMES, "race", "toolkit.toy:Race")
    out = tmp_path / "r.parquet"
    status, _, _ = run(
        [
            "simulate",
            "race",
            "--agents",
            "greedy,random",
            "--games",
            "4",
            "--out",
            str(out),
            "--turns",
            "--no-progress",
        ],
        capsys,
    )
    assert status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "r.games.parquet",
        "r.parquet",
        "r.turns.parquet",
    ]
    assert len(pd.read_parquet(out)) == 8
