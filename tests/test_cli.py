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


# A command that a non-interactive shell starts in the background (``cmd &``
# in a script, as some CI runners and job wrappers do) inherits Ctrl-C
# *ignored*, and Python rightly keeps it ignored: the Ctrl-C tests then wait in
# vain. The simulation is started the way a terminal starts a foreground job,
# with Ctrl-C at its default, whatever started the test run itself.
_AS_IN_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def _simulate_in_background(out, *args):
    """Start ``python -m toolkit simulate`` in its own process group."""
    import os

    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            _AS_IN_A_TERMINAL,
            "-m",
            "toolkit",
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--out",
            str(out),
            "--no-progress",
            *args,
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


@pytest.mark.parametrize("to_group", [True, False], ids=["ctrl-c", "main-only"])
def test_ctrl_c_with_workers_stops_at_once_and_keeps_the_finished_games(
    tmp_path, to_group
):
    import os
    import signal
    import time

    out = tmp_path / "r.parquet"
    # chunks of 3000 games take seconds each: a stop that waits for the
    # running chunks takes that long again
    proc = _simulate_in_background(
        out, "--games", "300000", "--workers", "2", "--chunk-size", "3000"
    )
    try:
        deadline = time.monotonic() + 60
        # the first chunk is being written (the output check leaves empty files)
        while not any(p.stat().st_size for p in tmp_path.iterdir()):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        sent = time.monotonic()
        if to_group:  # what Ctrl-C in a terminal does
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=15)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert took < 3, f"took {took:.1f} s to stop"
    games = sorted(pd.read_parquet(out)["game"].unique())
    assert len(games) >= 3000 and len(games) % 3000 == 0
    assert games == list(range(len(games)))
    assert f"interrupted after {len(games)} games; {out} holds them" in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "r.games.parquet",
        "r.parquet",
        "r.wagons.parquet",
    ]


def test_sigterm_before_the_first_chunk_keeps_the_earlier_run(tmp_path):
    import signal
    import time

    out = tmp_path / "r.parquet"
    earlier = _simulate_in_background(out, "--games", "2")
    assert earlier.wait(timeout=60) == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert sorted(before) == ["r.games.parquet", "r.parquet", "r.wagons.parquet"]
    proc = _simulate_in_background(out, "--games", "100000", "--chunk-size", "100000")
    try:
        proc.stderr.readline()  # the line naming the run: the games have begun
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, stderr
    assert (
        f"interrupted after 0 games: nothing written; the earlier {out} is kept"
        in stderr
    )
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_interrupt_before_the_first_chunk_writes_nothing(tmp_path, capsys, monkeypatch):
    def ctrl_c_at_once(*args, **kwargs):
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(T.runners, "iter_tournament", ctrl_c_at_once)
    out = tmp_path / "r.parquet"
    args = ["simulate", "pioneers", "--agents", "random,random", "--games", "5"]
    status, _, stderr = run([*args, "--out", str(out), "--no-progress"], capsys)
    assert status == 130
    assert "interrupted after 0 games: nothing written" in stderr
    assert "earlier" not in stderr
    assert "the Parquet files hold them" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_rerun_replaces_the_earlier_run_as_a_set(
    tmp_path, capsys, monkeypatch
):
    out = tmp_path / "r.parquet"
    args = ["simulate", "pioneers", "--agents", "random,random", "--no-progress"]
    assert run([*args, "--games", "3", "--turns", "--out", str(out)], capsys)[0] == 0
    real = T.iter_tournament

    def one_chunk_then_ctrl_c(*a, **kw):
        yield next(iter(real(*a, **kw)))
        raise KeyboardInterrupt

    monkeypatch.setattr(T.runners, "iter_tournament", one_chunk_then_ctrl_c)
    status, _, stderr = run(
        [*args, "--games", "50", "--chunk-size", "4", "--out", str(out)], capsys
    )
    assert status == 130
    assert f"interrupted after 4 games; {out} holds them" in stderr
    # the earlier run's turns table is not left beside the new tables
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "r.games.parquet",
        "r.parquet",
        "r.wagons.parquet",
    ]
    assert sorted(pd.read_parquet(out)["game"].unique()) == [0, 1, 2, 3]


def test_more_workers_than_games_or_cores_are_capped(tmp_path, capsys, monkeypatch):
    import concurrent.futures
    import os

    asked = []
    real = concurrent.futures.ProcessPoolExecutor

    def counting_pool(max_workers=None, **kwargs):
        asked.append(max_workers)
        return real(min(max_workers, 2), **kwargs)  # never fork thousands here

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting_pool)
    out = tmp_path / "r.parquet"
    status, _, stderr = run(
        [
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--workers",
            "10000",
            "--out",
            str(out),
            "--no-progress",
        ],
        capsys,
    )
    assert status == 0, stderr
    cores = len(os.sched_getaffinity(0))
    assert asked and all(n <= min(4, cores) for n in asked), asked
    assert "warning: --workers 10000 is capped at" in stderr
    assert len(pd.read_parquet(out)) == 8


def test_binder_rewrites_the_setting_and_every_link(tmp_path):
    """Issue 18: the Binder repository is one setting; the command follows it everywhere."""
    from toolkit.cli import _binder

    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(
        "[b](https://mybinder.org/v2/gh/a/b/HEAD?labpath=x.ipynb)\n"
    )
    (tmp_path / "docs" / "teaching.md").write_text(
        "https://mybinder.org/v2/gh/a/b/HEAD?urlpath=voila\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.frontier-toolkit]\nrepository = "a/b"\n'
        'Binder = "https://mybinder.org/v2/gh/a/b/HEAD"\n'
    )
    assert _binder("school/games", tmp_path) == 0
    for path in ("README.md", "docs/teaching.md", "pyproject.toml"):
        text = (tmp_path / path).read_text()
        assert "gh/school/games/HEAD" in text and "gh/a/b/" not in text
    assert 'repository = "school/games"' in (tmp_path / "pyproject.toml").read_text()
    assert _binder("not a repo", tmp_path) == 2


@pytest.mark.parametrize(
    ("argv", "passed"),
    [
        (["compiled"], ["status"]),
        (["compiled", "build", "--force"], ["build", "--force"]),
        (
            ["compiled", "build", "--optional", "--force"],
            ["build", "--optional", "--force"],
        ),
    ],
)
def test_compiled_passes_its_flags_on(argv, passed, monkeypatch):
    """``--force`` (documented in toolkit.compiled) reaches the build."""
    from toolkit import compiled

    seen = []
    monkeypatch.setattr(compiled, "main", lambda args: seen.append(args) or 0)
    assert cli.main(argv) == 0
    assert seen == [passed]
