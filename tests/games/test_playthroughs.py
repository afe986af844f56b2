"""Golden playthroughs of every game (see :mod:`toolkit.core.playthrough`).

A change of legal-move order, chance outcomes or hidden information shows up as
a diff of the files in ``tests/games/playthroughs/``. After a deliberate change,
regenerate them and review the diff:

    FRONTIER_REGENERATE=1 python -m pytest tests/games/test_playthroughs.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.core import make_game
from toolkit.core.playthrough import playthrough

HERE = Path(__file__).resolve().parent / "playthroughs"
STEPS = 800  # long random games are written up to here
CASES = [(p, 1) for p in (2, 3, 4)] + [(2, 2)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_playthrough_matches_golden_file(game_name, players, seed):
    game = make_game(game_name, players)
    text = playthrough(game, seed=seed, max_steps=STEPS)
    path = HERE / f"{game_name}-{players}p-seed{seed}.txt"
    if os.environ.get("FRONTIER_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), (
        f"no golden playthrough {path.name}; regenerate (see module docstring)"
    )
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        new, old = text.splitlines(), golden.splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(new, old)) if a != b),
            min(len(new), len(old)),
        )
        pytest.fail(
            f"{path.name} differs from line {first + 1}:\n"
            f"  golden: {old[first] if first < len(old) else '<end>'}\n"
            f"  now:    {new[first] if first < len(new) else '<end>'}"
        )
