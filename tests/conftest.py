"""Shared pytest set-up for frontier-toolkit.

Kept small on purpose. Two policies live here:

* Tests must not depend on ``PYTHONHASHSEED``. Nothing here sets it, and each
  pytest-xdist worker is a separate interpreter with its own random hash seed,
  so a test whose collection or result depends on ``set``/``dict`` order of
  strings fails (xdist reports "Different tests were collected"). Sort before
  you parametrize or compare. The report header shows the seed setting so a
  failure can be reproduced.
* Tests marked ``browser`` drive Debian's Chromium (``/usr/bin/chromium``) with
  Playwright. Without Chromium they are skipped on a developer machine, but in
  CI (``CI`` set) they run and fail, so they can never be skipped silently.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

try:
    from hypothesis import settings
except ImportError:  # hypothesis comes with the [test] extra
    settings = None

if settings is not None:
    # CI machines have 2 busy cores: no per-example deadline there.
    settings.register_profile("ci", deadline=None, print_blob=True)
    if os.environ.get("CI"):
        settings.load_profile("ci")


def _chromium() -> str | None:
    """Path of the Chromium that browser tests drive, or None."""
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def pytest_report_header(config: pytest.Config) -> list[str]:
    seed = os.environ.get("PYTHONHASHSEED", "random (unset)")
    return [f"PYTHONHASHSEED: {seed}", f"chromium: {_chromium() or 'not found'}"]


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    if _chromium() or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(
        reason="Chromium not installed (apt-get install chromium; CI installs it)"
    )
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    """Path to pass as Playwright's ``executable_path`` (never its own download)."""
    path = _chromium()
    if path is None:
        pytest.fail("Chromium not found: apt-get install chromium")
    return path


@pytest.fixture(scope="session")
def run_python():
    """Run a script in a fresh interpreter at the checkout's root, compiled or
    plain (``pure=True`` sets ``FRONTIER_PURE=1``), and return the JSON object
    it printed last. The compiled-versus-plain tests of the core, the encoders
    and every game compare two such runs."""
    root = Path(__file__).resolve().parents[1]

    def run(code: str, *args: str, pure: bool, timeout: float = 600) -> dict:
        env = dict(os.environ)
        env.pop("FRONTIER_PURE", None)
        if pure:
            env["FRONTIER_PURE"] = "1"
        out = subprocess.run(
            [sys.executable, "-c", code, *args],
            env=env,
            cwd=root,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert out.returncode == 0, out.stderr[-3000:]
        return json.loads(out.stdout.strip().splitlines()[-1])

    return run


@pytest.fixture(scope="session")
def nugget_deal():
    """Pioneers' determinisation built the plain way: the hidden nugget pool,
    shuffled by ``rng``, handed out to the unknown values seat by seat (the
    reference the bots' ``determinize`` is checked against)."""
    from toolkit.pioneers.bots import hidden_nugget_pool

    def deal(view, seat: int, rng):
        pool = hidden_nugget_pool(view, seat)
        rng.shuffle(pool)
        players = tuple(
            pl._replace(
                nuggets=tuple(pool.pop() if v is None else v for v in pl.nuggets)
            )
            if None in pl.nuggets
            else pl
            for pl in view.players
        )
        return view._replace(players=players)

    return deal
