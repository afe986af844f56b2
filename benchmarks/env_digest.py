"""Digests of what the environments hand an agent over seeded random games.

Run in two trees (or before and after a change to ``toolkit.envs`` or an
encoder): the same digests mean the same observations, masks, rewards,
terminations and agent selections, byte for byte::

    python benchmarks/env_digest.py [--games 20] [--only pioneers,montana]

For each game: the PettingZoo AEC environment (the ``agent_iter`` / ``last`` /
``step`` loop, the action drawn from the mask with a seeded stream, and every
agent's ``observe`` once per step), and the vector environment (``--batch``
games, ``--steps`` locksteps).
"""

from __future__ import annotations

import argparse
import hashlib
import random

import numpy as np

from toolkit.envs import pettingzoo_env
from toolkit.envs.vector import VectorEnv

GAMES = {
    "pioneers": dict(players=4),
    "anno1503": dict(players=4, max_turns=100),
    "montana": dict(players=4),
    "pioneer_days": dict(players=4),
}


def aec_digest(name: str, games: int) -> str:
    h = hashlib.sha256()
    env = pettingzoo_env(name, **GAMES[name])
    for g in range(games):
        rng = random.Random(g)
        env.reset(seed=g)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            h.update(agent.encode())
            h.update(obs["observation"].tobytes())
            h.update(obs["action_mask"].tobytes())
            # the mover's legal list repeats its mask: checked, not hashed (so
            # digests compare with trees from before infos carried it)
            listed = info.get("legal_actions")
            if listed is not None:
                assert listed == np.flatnonzero(obs["action_mask"]).tolist()
                info = {k: v for k, v in info.items() if k != "legal_actions"}
            h.update(repr((reward, terminated, truncated, info)).encode())
            if rng.random() < 0.2:  # now and then every agent's view
                for other in env.agents:
                    o = env.observe(other)
                    h.update(o["observation"].tobytes())
                    h.update(o["action_mask"].tobytes())
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        h.update(repr(sorted(env.rewards.items())).encode())
    return h.hexdigest()[:16]


def vector_digest(name: str, batch: int, steps: int) -> str:
    h = hashlib.sha256()
    venv = VectorEnv(name, batch, seed=7, **GAMES[name])
    rng = np.random.default_rng(7)
    for a in venv.reset():
        h.update(a.tobytes())
    for _ in range(steps):
        for a in venv.step(venv.sample_actions(rng)):
            h.update(a.tobytes())
    h.update(venv.truncated.tobytes())
    h.update(venv.episodes.tobytes())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--only", default=",".join(GAMES))
    args = ap.parse_args()
    for name in args.only.split(","):
        print(
            f"{name:14} aec {aec_digest(name, args.games)}  "
            f"vector {vector_digest(name, args.batch, args.steps)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
