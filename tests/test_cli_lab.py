"""``python -m toolkit metrics`` and ``variants``: output, Parquet, errors first."""

from __future__ import annotations

import pandas as pd
import pytest

from toolkit import GAMES, cli


def run(args, capsys):
    status = cli.main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_metrics_of_a_detail_run(tmp_path, capsys):
    results = tmp_path / "r.parquet"
    status, _, _ = run(
        [
            "simulate",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--out",
            str(results),
            "--detail",
            "--no-progress",
        ],
        capsys,
    )
    assert status == 0 and (tmp_path / "r.decisions.parquet").exists()
    out = tmp_path / "m.parquet"
    status, stdout, _ = run(["metrics", str(results), "--out", str(out)], capsys)
    assert status == 0
    table = pd.read_parquet(out)
    assert {"branching", "lead_changes", "first_edge", "rival_share"} <= set(
        table["metric"]
    )
    assert (table["games"] == 4).any()
    assert "branching" in stdout


def test_metrics_of_every_game_in_one_command(tmp_path, capsys):
    out = tmp_path / "all.parquet"
    status, stdout, _ = run(
        [
            "metrics",
            "--games",
            "2",
            "--agents",
            "random,random",
            "--option",
            "max_turns=10",
            "--out",
            str(out),
            "--no-progress",
        ],
        capsys,
    )
    assert status == 0
    table = pd.read_parquet(out)
    assert sorted(table["name"].unique()) == sorted(GAMES)
    assert (table["seconds"] > 0).all()
    assert "measured " + ", ".join(GAMES) in stdout


def test_metrics_errors_before_any_game(tmp_path, capsys):
    status, _, err = run(["metrics", str(tmp_path / "none.parquet")], capsys)
    assert status == 2 and "no tournament results" in err
    status, _, err = run(["metrics", "--game", "chess", "--games", "1"], capsys)
    assert status == 2 and "unknown game" in err


def test_variants_writes_every_variant_and_a_verdict(tmp_path, capsys):
    out = tmp_path / "lab.parquet"
    status, stdout, _ = run(
        [
            "variants",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--variant",
            "rich:income=6",
            "--out",
            str(out),
            "--no-progress",
        ],
        capsys,
    )
    assert status == 0
    table = pd.read_parquet(out)
    assert sorted(table["variant"].unique()) == ["rich", "rulebook"]
    assert "(rulebook) to " in stdout and "(rich)" in stdout
    assert not list(tmp_path.glob(".*.tmp"))


def test_variants_search(capsys):
    status, stdout, _ = run(
        [
            "variants",
            "pioneers",
            "--agents",
            "random,random",
            "--games",
            "2",
            "--search",
            "income=1,3,9",
            "--metric",
            "rounds",
            "--target",
            "5",
            "--method",
            "grid",
            "--no-progress",
        ],
        capsys,
    )
    assert status == 0
    assert "brings rounds closest to 5 (6 games" in stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "rich:income=-1"], "income must be between"),
        (["--variant", "rich:colour=red"], "colour"),
        (["--variant", "nocolon"], "NAME:KEY=VALUE"),
        ([], "give --variant"),
        (["--search", "income"], "OPTION=V1"),
    ],
)
def test_variants_bad_input_fails_before_any_game(capsys, args, message):
    status, _, err = run(
        ["variants", "pioneers", "--agents", "random,random", "--games", "2", *args],
        capsys,
    )
    assert status == 2 and message in err


@pytest.mark.parametrize(
    ("game", "variant", "bad", "message"),
    [
        (
            "pioneer_days",
            "short:weeks=1",
            "long:days=6",
            "days must be between 1 and 5",
        ),
        (
            "montana",
            "rich:start_coins=9,max_turns=30",
            "crowd:worker_limit=0",
            "worker_limit must be between 1 and 72",
        ),
    ],
)
def test_variants_of_montana_and_pioneer_days_parameters(
    capsys, game, variant, bad, message
):
    """The rule parameters of every game run in the lab; bad ones fail first."""
    status, stdout, _ = run(
        ["variants", game, "--agents", "random,random", "--games", "2"]
        + ["--variant", variant, "--no-progress"],
        capsys,
    )
    assert status == 0 and f"({variant.split(':')[0]})" in stdout
    status, _, err = run(
        ["variants", game, "--agents", "random,random", "--games", "2"]
        + ["--variant", bad],
        capsys,
    )
    assert status == 2 and message in err
