"""The MCTS bot's shortcuts decide exactly as the plain search.

Within one decision the search remembers what it computed about a state object
(legal actions, candidates, chance outcomes, the state after an action) and
merges equal determinisations; it stops once the most visited action cannot be
caught. These tests switch each shortcut off and compare decisions, for every
game in ``toolkit.GAMES``, and check the decisions do not depend on the
process's hash seed.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit
import toolkit.agents.search as search
from toolkit.agents import MCTSAgent
from toolkit.core import CHANCE, play, random_agent

ROOT = Path(__file__).resolve().parents[2]


def _game(key):
    module, name = toolkit.GAMES[key].split(":")
    cls = getattr(importlib.import_module(module), name)
    return cls(players=3)


def _positions(game, seed=1, count=5):
    """Decision points with several legal actions from one random game."""
    _, record = play(game, [random_agent] * game.players, seed=seed)
    state, found = game.setup(), []
    for text in record.actions:
        seat = game.to_move(state)
        if seat not in (None, CHANCE) and len(game.legal_actions(state)) > 2:
            found.append(state)
        state = game.apply(state, game.parse_action(text))
    step = max(1, len(found) // count)
    return found[::step][:count]


def _decide(game, positions, iterations=12):
    bot = MCTSAgent(iterations=iterations)
    return [
        str(bot(game, s, game.legal_actions(s), random.Random(100 + i)))
        for i, s in enumerate(positions)
    ]


class _Plain(search._Memo):
    """The memo with every shortcut off: each call asks the game again."""

    def canonical(self, state, view=None):
        return state

    def choice(self, state, path=-1):
        legal = self.game.legal_actions(state)
        if len(legal) == 1:
            return legal, legal, []
        fn = self._cand
        cands = list(legal) if fn is None else fn(self.game, state, legal)
        return legal, cands, [str(a) for a in cands]

    def outcomes(self, state):
        return self.game.chance_outcomes(state)

    def apply(self, state, action):
        return self.game.apply(state, action)


@pytest.mark.parametrize("key", sorted(toolkit.GAMES))
def test_mcts_memo_and_early_stop_decide_as_the_plain_search(key, monkeypatch):
    game = _game(key)
    positions = _positions(game)
    assert positions
    fast = _decide(game, positions)
    monkeypatch.setattr(search, "_Memo", _Plain)
    monkeypatch.setattr(search, "_decided", lambda *args: False)
    assert _decide(game, positions) == fast


_SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from agents.test_search_memo import _decide, _game, _positions
out = {{}}
for key in {keys!r}:
    game = _game(key)
    out[key] = _decide(game, _positions(game, seed=2, count=3), iterations=8)
print(json.dumps(out))
"""


def test_mcts_decisions_do_not_depend_on_the_hash_seed():
    keys = sorted(toolkit.GAMES)
    script = _SCRIPT.format(tests=str(ROOT / "tests"), keys=keys)
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT), env.get("PYTHONPATH", "")]
        ).rstrip(os.pathsep)
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert runs[0] == runs[1]
    assert all(runs[0][k] for k in keys)


def test_shared_key_is_equal_only_for_equal_determinisations():
    """Parts shared with the observation become a marker; equal keys, equal states."""
    view = (1, (2, 3), ("a", (4, 5)), [6])
    same = (view[0], view[1], ("a", view[2][1]), view[3])
    copy = (1, (2, 3), ("a", (4, 5)), [6])  # equal, but shares nothing but ints
    other = (1, (2, 3), ("a", (4, 9)), view[3])
    k = search._shared_key
    assert k(same, view, 3) == k((1, view[1], ("a", view[2][1]), view[3]), view, 3)
    assert k(other, view, 3) != k(same, view, 3)
    assert k(copy, view, 3) != k(other, view, 3)
    for a in (same, copy, other):
        for b in (same, copy, other):
            if k(a, view, 3) == k(b, view, 3):
                assert a == b
    memo = search._Memo(None, None)
    first = ("a", (4, 5))
    s1 = (view[0], view[1], first, view[3])
    assert memo.canonical(s1, view) is s1
    s2 = (view[0], view[1], ("a", (4, 5)), view[3])
    assert memo.canonical(s2, view) is s1  # equal in value: merged
