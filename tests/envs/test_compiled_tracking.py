"""The compiled encoders' hot loops give the same environments as the plain ones.

:mod:`toolkit.envs.tracking` (the trackers' refresh, the action tables'
look-ups, the legal maps) is in :data:`toolkit.compiled.CORE`: ``python -m
toolkit compiled build`` compiles it with mypyc. A fresh Python plays seeded
random games of every game with an encoding through the PettingZoo AEC
environment (every agent's observation and mask at every step, a pickled and
restored environment half-way) and the vector environment, once with
``FRONTIER_PURE=1`` and once compiled; the digests must agree byte for byte.

Where the module is not compiled (no ``make venv`` here) the comparison is
skipped, except in CI (``CI`` set), which builds it and so must test it.
"""

from __future__ import annotations

import os

import pytest

from toolkit import compiled

PLAY = r"""
import hashlib, json, pickle, random, sys
import numpy as np
import toolkit
from toolkit import compiled
from toolkit.envs import missing_encoding, pettingzoo_env
from toolkit.envs.vector import VectorEnv
from toolkit.core.record import game_class

h = hashlib.sha256()
names = [n for n in sorted(toolkit.GAMES) if missing_encoding(game_class(n)) is None]
for name in names:
    cls = game_class(name)
    short = {"max_turns": 30} if "max_turns" in cls.defaults else {}
    players = min(cls.max_players, 4)
    env = pettingzoo_env(name, players=players, **short)
    for g in range(2):
        rng = random.Random(g)
        env.reset(seed=g)
        n = 0
        while env.agents and n < 400:  # agent_iter, with the env replaced half-way
            n += 1
            agent = env.agent_selection
            obs, reward, terminated, truncated, info = env.last()
            for other in env.agents:
                o = env.observe(other)
                h.update(o["observation"].tobytes() + o["action_mask"].tobytes())
            h.update(repr((agent, reward, terminated, truncated)).encode())
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            if n == 60:  # the environment pickles, trackers and all
                env = pickle.loads(pickle.dumps(env))
    venv = VectorEnv(name, 3, players=players, seed=5, **short)
    venv.reset()
    vrng = np.random.default_rng(5)
    for _ in range(150):
        obs, mask, seat, rewards, done = venv.step(venv.sample_actions(vrng))
        h.update(obs.tobytes() + mask.tobytes() + seat.tobytes() + rewards.tobytes())
status = compiled.status()["toolkit.envs.tracking"]
module = sys.modules["toolkit.envs.tracking"].__file__
print(json.dumps({"status": status, "file": module, "games": names, "hash": h.hexdigest()}))
"""


def test_tracking_is_compiled_with_the_core():
    """The encoders' hot loops are built with the shared play loop (and the wheel)."""
    assert "toolkit.envs.tracking" in compiled.CORE
    assert "toolkit.envs.tracking" in compiled.modules()


@pytest.mark.slow
def test_compiled_and_plain_trackers_give_identical_environments(run_python):
    pure = run_python(PLAY, pure=True, timeout=900)
    assert pure["status"].startswith("python") and pure["file"].endswith(".py")
    assert len(pure["games"]) >= 4
    fast = run_python(PLAY, pure=False, timeout=900)
    if fast["status"] != "compiled":
        if os.environ.get("CI"):  # CI builds the engine (make venv): it must be tested
            pytest.fail(f"toolkit.envs.tracking was not built: {fast['status']}")
        pytest.skip(f"toolkit.envs.tracking is not compiled here: {fast['status']}")
    assert not fast["file"].endswith(".py"), fast["file"]
    assert fast["games"] == pure["games"]
    assert fast["hash"] == pure["hash"]
