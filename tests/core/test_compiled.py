"""The compiled engine (toolkit.compiled) plays exactly the games the Python source plays."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit import compiled

ROOT = Path(__file__).resolve().parents[2]

# Plays games at 2, 3 and 4 players (random and greedy agents, several options)
# and prints which engine ran and a hash of every record, score and final state.
GAMES = r"""
import hashlib, json
from toolkit import compiled, pioneers
from toolkit.agents import make_agent
from toolkit.core import play, random_agent
h = hashlib.sha256()
for players, opts in [(4, {}), (3, {"finite_bank": True}), (2, {"cover": "random"})]:
    game = pioneers.Pioneers(players=players, **opts)
    for seed in range(12):
        agents = [random_agent] * players
        if seed % 4 == 3:
            agents[0] = make_agent("greedy")
        final, record = play(game, agents, seed=seed)
        h.update(json.dumps([record.actions, record.scores]).encode())
        h.update(repr(final).encode())
        h.update(repr(pioneers.score_breakdown(game, final)).encode())
        h.update(repr(game.legal_actions(final)).encode())
import toolkit.pioneers.rules as rules
print(json.dumps({"status": compiled.status(), "file": rules.__file__, "hash": h.hexdigest()}))
"""


def test_compiled_and_python_engines_play_identical_games(run_python):
    pure = run_python(GAMES, pure=True, timeout=300)
    assert pure["file"].endswith("rules.py")
    assert all(s.startswith("python") for s in pure["status"].values())
    fast = run_python(GAMES, pure=False, timeout=300)
    if set(fast["status"].values()) != {"compiled"}:
        if os.environ.get("CI"):  # CI builds the engine (make venv): it must be tested
            pytest.fail(f"the compiled engine was not built: {fast['status']}")
        pytest.skip(f"engine not compiled here: {fast['status']}")
    assert not fast["file"].endswith(".py")
    assert fast["hash"] == pure["hash"]


def test_status_names_a_stale_or_switched_off_build(monkeypatch, tmp_path):
    fake = tmp_path / "rules.so"
    fake.write_bytes(b"")
    monkeypatch.setattr(compiled, "_extension", lambda name: fake)
    monkeypatch.delenv("FRONTIER_PURE", raising=False)
    monkeypatch.setattr(compiled, "_manifest", lambda: {"modules": {}})
    assert set(compiled.status().values()) == {
        "python (the compiled module is older than its source)"
    }
    current = {
        name: compiled._sha256(compiled._source(name)) for name in compiled.modules()
    }
    monkeypatch.setattr(compiled, "_manifest", lambda: {"modules": current})
    assert set(compiled.status().values()) == {"compiled"}
    group, names = next((g, n) for g, n in compiled.groups() if len(n) > 1)
    one_stale = {**current, names[0]: "an older source"}
    monkeypatch.setattr(compiled, "_manifest", lambda: {"modules": one_stale})
    status = compiled.status()
    assert status[names[0]] == "python (the compiled module is older than its source)"
    # modules compiled together are used together: the rest of the group uses its sources
    assert {status[n] for n in names[1:]} == {
        "python (a module compiled with it is older than its source)"
    }, group
    assert {s for n, s in status.items() if n not in names} == {"compiled"}
    monkeypatch.setattr(compiled, "_manifest", lambda: {"modules": current})
    monkeypatch.setenv("FRONTIER_PURE", "1")
    assert set(compiled.status().values()) == {"python (FRONTIER_PURE is set)"}
    monkeypatch.setenv("FRONTIER_PURE", "0")
    assert set(compiled.status().values()) == {"compiled"}


def test_a_stale_build_is_bypassed_for_the_python_source():
    source = compiled._source("toolkit.pioneers.rules")
    finder = compiled._PreferSource({"toolkit.pioneers.rules": source})
    spec = finder.find_spec("toolkit.pioneers.rules")
    assert spec is not None and spec.origin == str(source)
    assert finder.find_spec("toolkit.pioneers.state") is None


def test_every_compiled_module_exists_as_python_source():
    for name in compiled.modules():
        assert compiled._source(name).is_file(), name


def test_each_game_package_lists_its_compiled_modules():
    from toolkit import GAMES

    groups = dict(compiled.groups())
    assert compiled.CORE[0] == "toolkit.core.play"
    for name in compiled.CORE:  # the generic modules: one group each
        assert groups.pop(name) == (name,)
    packages = {target.split(":")[0] for target in GAMES.values()}
    for group, names in groups.items():
        package = group.rsplit(".", 1)[0]
        assert package in packages and all(n.startswith(package + ".") for n in names)
        listing = compiled._source(package + ".x").with_name(compiled.LISTING)
        assert listing.is_file(), listing


def test_importing_the_toolkit_imports_no_game():
    """install_guard reads the packages' listings; it imports none of them."""
    code = "import sys, toolkit; print(sorted(m for m in sys.modules if m.startswith('toolkit')))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.stdout.split() == ["['toolkit',", "'toolkit.compiled']"]


def test_a_lesson_can_subclass_the_engine_to_change_a_rule():
    """Overrides are honoured even by the engine's own calls, compiled or not."""
    from toolkit.core import play, random_agent
    from toolkit.pioneers import Pioneers

    class NoShopping(Pioneers):
        def _buy_actions(self, state):  # a house rule: nobody ever buys
            return [self._end]

    game = NoShopping(players=3)
    _, record = play(game, [random_agent] * 3, seed=5)
    bought = [a for a in record.actions if a.startswith(("buy", "road "))]
    assert bought == [] and "end purchases" in record.actions
    _, normal = play(Pioneers(players=3), [random_agent] * 3, seed=5)
    assert any(a.startswith("buy") for a in normal.actions)
