"""Seeded playouts with invariants, and determinism across processes.

At every step of random games at 2, 3 and 4 players: the 25 dice are all in
the bag, the pool, set aside this week or back in the box (PD-INV-1); the 36
gold tokens are in the bag, the players' wagons or the Assayer's hand; goods
and silver are never negative; damage only grows and never over-covers a
wagon; favors only grow; each game lasts exactly 20 days and 20 turns each.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.core import CHANCE, play, random_agent
from toolkit.core.play import sample_outcome
from toolkit.pioneer_days import PioneerDays

ROOT = Path(__file__).resolve().parents[2]


def _check(game, s, prev):
    n = game.players
    for c in range(5):  # PD-COMP-1 / PD-INV-1
        pool = sum(
            1 for d in s.pool if d[0] == ["blue", "red", "yellow", "green", "black"][c]
        )
        die = (
            1
            if s.die and s.die[0] == ["blue", "red", "yellow", "green", "black"][c]
            else 0
        )
        assert s.bag[c] + pool + s.aside[c] + (5 - (n + 1)) == 5 or s.week == 0
        assert die <= s.aside[c]
    held = sum(len(p.gold) for p in s.players) + len(s.drawn)
    assert held + sum(s.gold_bag) == 36
    for i, p in enumerate(s.players):
        assert min(p.silver, p.cattle, p.wood, p.medicine, p.favors) >= 0
        assert all(d >= 0 and size - 2 * d >= 0 for size, d in p.wagons)
        if prev is not None:
            q = prev.players[i]
            assert p.favors >= q.favors and p.vp >= q.vp
            if len(p.wagons) >= len(q.wagons):
                assert all(
                    a[1] >= b[1] for a, b in zip(p.wagons, q.wagons, strict=False)
                )
    assert all(0 <= t <= game.options["track_length"] for t in s.tracks)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_PD_INV_1_seeded_playouts_keep_every_invariant(players):
    game = PioneerDays(players=players)
    for seed in range(2):
        rng = random.Random(f"inv:{players}:{seed}")
        s, prev, days = game.setup(), None, set()
        while game.to_move(s) is not None:
            if s.phase == "take":  # PD-INV-1: the pool is whole at a day's first turn
                days.add((s.week, s.day))
            if game.to_move(s) == CHANCE:
                a = sample_outcome(game.chance_outcomes(s), rng)
            else:
                a = rng.choice(game.legal_actions(s))
            prev, s = s, game.apply(s, a)
            _check(game, s, prev)
        assert len(days) == 20  # exactly 20 days
        assert [p.turns for p in s.players] == [20] * players
        assert sum(s.strikes) >= 1


def _final(players, seed):
    game = PioneerDays(players=players)
    final, record = play(game, [random_agent] * players, seed=seed)
    return [list(game.scores(final)), [str(a) for a in record.actions][-20:]]


def test_the_same_seed_gives_the_same_game_in_another_process():
    here = [_final(3, 7), _final(2, 8)]
    code = (
        "import json, sys; sys.path.insert(0, 'tests/pioneer_days');"
        "from toolkit.core import play, random_agent;"
        "from toolkit.pioneer_days import COLOURS, PioneerDays\n"
        "def f(n, seed):\n"
        "    g = PioneerDays(players=n)\n"
        "    final, rec = play(g, [random_agent] * n, seed=seed)\n"
        "    return [list(g.scores(final)), [str(a) for a in rec.actions][-20:]]\n"
        "print(json.dumps([f(3, 7), f(2, 8)]))"
    )
    for hashseed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hashseed},
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(out.stdout) == here
