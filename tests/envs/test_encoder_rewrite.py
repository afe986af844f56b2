"""Montana's and Pioneer Days' encoders in parts give the old encoders' vectors.

The old encoders (rebuilt the whole vector with numpy on every call) are kept
in ``tests/envs/legacy/`` only for this comparison: over seeded random games at
every player count, every state and every seat, the new ``encode``, a tracker's
``update`` and the old ``encode`` agree entry for entry, and the action and
chance indices agree.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from toolkit.core import CHANCE, make_game, play, random_agent, replay_states
from toolkit.envs import encoder

LEGACY = Path(__file__).parent / "legacy"


def _legacy(name: str):
    spec = importlib.util.spec_from_file_location(
        f"legacy_{name}_encoding", LEGACY / f"{name}_encoding.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Encoder


@pytest.mark.parametrize("name", ["montana", "pioneer_days"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_encoder_in_parts_gives_the_old_vectors_and_indices(name, players):
    game = make_game(name, players)
    new, old = encoder(game), _legacy(name)(game)
    assert new.action_labels == old.action_labels
    assert new.chance_labels == old.chance_labels
    assert new.segments == old.segments and new.size == old.size
    assert np.array_equal(new.high, old.high)
    trackers = [new.tracker(s) for s in range(players)]
    states = 0
    for seed in range(3):
        _, record = play(game, [random_agent] * players, seed=seed)
        for state in replay_states(record, game):
            states += 1
            for seat in range(players):
                view = game.observe(state, seat)
                want = old.encode(view, seat)
                assert np.array_equal(new.encode(view, seat), want)
                assert np.array_equal(trackers[seat].update(view), want)
            mover = game.to_move(state)
            if mover == CHANCE:
                for outcome, _p in game.chance_outcomes(state):
                    assert new.chance_index(outcome) == old.chance_index(outcome)
            elif mover is not None:
                legal = game.legal_actions(state)
                assert new.legal_from(legal) == old.legal_from(legal)
                assert np.array_equal(new.mask(state), old.mask(state))
    assert states > 300
