"""The wheel carries the compiled engine (hatch_build.py), and it plays the plain engine's games.

Builds a wheel of this checkout the way ``pip install .`` does (without build
isolation, so no network: the ``fast`` extra installs hatchling, mypy and
setuptools), installs it into a temporary directory and runs a fresh Python on
that directory alone: the installed ``toolkit`` must import every module of
``toolkit.compiled.modules()`` as a compiled extension, and play the same
games, byte for byte, as the same installed package with ``FRONTIER_PURE=1``.

Where the checkout's build in place is current (``make venv``, as in CI), the
hook puts those extension modules in the wheel instead of compiling them again
(see ``hatch_build.py``); otherwise it compiles them (at ``-O0`` here). The
failed-compilation test always compiles (``FRONTIER_WHEEL_REBUILD=1``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from toolkit import compiled

ROOT = Path(__file__).resolve().parents[1]

PLAY = r"""
import hashlib, importlib, json, sys
import toolkit
from toolkit import compiled, pioneers, anno1503
from toolkit.core import play, random_agent
from toolkit.agents import make_agent
h = hashlib.sha256()
for seed in range(6):
    game = pioneers.Pioneers(players=4 - seed % 3)
    agents = [random_agent] * game.players
    if seed % 3 == 2:
        agents[0] = make_agent("greedy")
    final, record = play(game, agents, seed=seed)
    h.update(json.dumps([record.actions, record.scores]).encode() + repr(final).encode())
for seed in range(2):
    game = anno1503.Anno1503(players=3 + seed, max_turns=30)
    agents = [random_agent] * game.players
    if seed:
        agents[0] = make_agent("greedy")
    final, record = play(game, agents, seed=seed)
    h.update(json.dumps([record.actions, record.scores]).encode() + repr(final).encode())
for name in compiled.modules():
    importlib.import_module(name)
print(json.dumps({
    "toolkit": toolkit.__file__,
    "status": compiled.status(),
    "files": {n: sys.modules[n].__file__ for n in compiled.modules()},
    "compiled": {n: compiled.is_compiled(n) for n in compiled.modules()},
    "hash": h.hexdigest(),
}))
"""


def _missing_tools() -> list[str]:
    return [
        m
        for m in ("hatchling", "mypy", "setuptools")
        if not importlib.util.find_spec(m)
    ]


def _python(site: Path, cwd: Path, pure: bool) -> dict:
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "FRONTIER_PURE")
    }
    env["PYTHONPATH"] = str(site)  # before the checkout's editable install
    if pure:
        env["FRONTIER_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", PLAY],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_installed_wheel_imports_the_compiled_engine_and_plays_the_same_games(tmp_path):
    if _missing_tools():
        message = f"building the wheel needs {_missing_tools()} (the fast extra)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    dist, site = tmp_path / "dist", tmp_path / "site"
    env = {k: v for k, v in os.environ.items() if k != "FRONTIER_NO_COMPILE"}
    env["FRONTIER_MYPYC_OPT"] = "0"  # C at -O0: half the compile time, same modules
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-build-isolation",
            "--no-deps",
            "--quiet",
            "-w",
            str(dist),
            str(ROOT),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = dist.glob("frontier_toolkit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    extensions = [n for n in names if n.endswith((".so", ".pyd"))]
    if not extensions and not os.environ.get("CI"):
        pytest.skip(f"no compiler here: the wheel is plain Python ({wheel.name})")
    assert "none-any" not in wheel.name  # a platform wheel, tagged for this Python
    assert "toolkit/compiled.json" in names
    for name in compiled.modules():
        stem = name.replace(".", "/")
        assert any(n.startswith(stem + ".") for n in extensions), name
        assert stem + ".py" in names  # the source ships too (the fallback)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--quiet",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=900,
    )
    fast = _python(site, tmp_path, pure=False)
    assert fast["toolkit"].startswith(str(site))
    assert set(fast["status"].values()) == {"compiled"}, fast["status"]
    assert all(fast["compiled"].values()), fast["files"]
    pure = _python(site, tmp_path, pure=True)
    assert pure["toolkit"].startswith(str(site))
    assert not any(pure["compiled"].values()), pure["files"]
    assert fast["hash"] == pure["hash"]


def _build_wheel(tmp_path: Path, **env_changes: str) -> tuple[Path, str]:
    env = {k: v for k, v in os.environ.items() if k != "FRONTIER_NO_COMPILE"}
    env.update(env_changes)
    dist = tmp_path / "dist"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-build-isolation",
            "--no-deps",
            "-v",
            "-w",
            str(dist),
            str(ROOT),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = dist.glob("frontier_toolkit-*.whl")
    return wheel, build.stdout + build.stderr


def test_a_wheel_without_the_compiler_is_the_plain_python_engine(tmp_path):
    if _missing_tools():
        pytest.skip(f"building the wheel needs {_missing_tools()}")
    wheel, _ = _build_wheel(tmp_path, FRONTIER_NO_COMPILE="1")
    names = zipfile.ZipFile(wheel).namelist()
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert "toolkit/compiled.json" not in names
    assert (
        "toolkit/pioneers/rules.py" in names
        and "toolkit/_datasets/pioneers/cities.csv" in names
    )


@pytest.mark.slow
def test_a_failed_compilation_falls_back_to_a_plain_wheel_and_says_why(tmp_path):
    if _missing_tools():
        pytest.skip(f"building the wheel needs {_missing_tools()}")
    wheel, log = _build_wheel(
        tmp_path, CC="/bin/false", FRONTIER_MYPYC_OPT="0", FRONTIER_WHEEL_REBUILD="1"
    )
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]
    assert "the engine was not compiled" in log
