"""The project's habits, checked with the tests: lint, format and types.

``ruff check`` and ``ruff format --check`` over the code, and ``mypy`` over the
engines (``toolkit.core``, the toy and every game package without its parts),
with the settings in ``pyproject.toml``. ``make lint`` runs the same commands.
Without the tools (no ``dev``/``fast`` extra) these are skipped, except in CI,
where they must run.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit

ROOT = Path(__file__).resolve().parent.parent
CODE = ["toolkit", "tests", "benchmarks"]


def _need(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is not installed; CI must run the habits checks")
        pytest.skip(f"{module} is not installed (pip install -e '.[dev,fast]')")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def engine_paths() -> list[str]:
    """The engine packages' folders, for mypy (parts are excluded in pyproject)."""
    packages = ["toolkit/core", "toolkit/toy"]
    for target in sorted(toolkit.GAMES.values()):
        packages.append(target.partition(":")[0].replace(".", "/"))
    return packages


def test_ruff_check_passes():
    _need("ruff")
    done = _run("ruff", "check", "--quiet", *CODE)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_format_is_applied():
    _need("ruff")
    done = _run("ruff", "format", "--check", *CODE)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_mypy_passes_on_the_engines():
    _need("mypy")
    done = _run("mypy", *engine_paths())
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
