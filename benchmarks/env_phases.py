"""Where an AEC environment step spends its time: microseconds per step, by phase.

Run::

    python benchmarks/env_phases.py [--games 6] [--only pioneers,montana]

For each game, seeded random games are played once through the PettingZoo AEC
environment (the ``agent_iter`` / ``last`` / ``step`` loop of
``benchmarks/peers.py``), recording the actions. Then the same games are
replayed phase by phase, each phase timed alone over the whole trajectory
(CPU time, best of ``--repeat``):

``engine``   ``apply``, chance turns, ``to_move`` and ``legal_actions``
``legal``    the encoder's ``legal_from`` (engine actions -> indices)
``observe``  ``game.observe(state, seat)`` of the seat to move
``tracker``  the seats' ``Tracker.update`` (the observation vectors): the loop's
             time less that of the same loop with ``update`` doing nothing (so
             measured in the loop, where it runs slower than alone)
``mask``     the int8 action mask from the legal indices
``loop``     the whole AEC loop as the benchmark runs it

``wrapper`` is ``loop`` minus the phases: the environment's own bookkeeping
(rewards, terminations, agent selection, copies in ``last``) and the loop's
draw of an action from the mask.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from toolkit.core import CHANCE, sample_outcome
from toolkit.envs import pettingzoo_env

clock = time.process_time

GAMES = {
    "pioneers": dict(players=4),
    "anno1503": dict(players=4, max_turns=100),
    "montana": dict(players=4),
    "pioneer_days": dict(players=4),
}


def _unchanged(tracker, observation):
    return tracker.vector


def loop(env, seeds, record=None) -> int:
    steps = 0
    for g in seeds:
        rng = random.Random(g)
        env.reset(seed=g)
        chosen = [] if record is not None else None
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            index = int(legal[rng.randrange(len(legal))])
            if chosen is not None:
                chosen.append(env.legal()[index])
            env.step(index)
            steps += 1
        if record is not None:
            record.append(chosen)
    return steps


def phases(name: str, games: int, repeat: int) -> dict[str, float]:
    env = pettingzoo_env(name, **GAMES[name])
    game, enc = env.game, env.encoder
    seeds = list(range(games))
    record: list[list] = []
    steps = loop(env, seeds, record)

    def states():
        """Every decision state, with the action taken there."""
        for g, actions in zip(seeds, record):
            rng = random.Random(f"{g}:chance")
            state = game.setup()
            for a in [*actions, None]:
                while game.to_move(state) == CHANCE:
                    state = game.apply(
                        state, sample_outcome(game.chance_outcomes(state), rng)
                    )
                if a is None:
                    break
                yield state, a

    trajectory = list(states())
    assert len(trajectory) == steps
    legal_lists = [game.legal_actions(s) for s, _ in trajectory]
    seats = [game.to_move(s) for s, _ in trajectory]
    legal_dicts = [enc.legal_from(x) for x in legal_lists]

    def t_engine():
        for g, actions in zip(seeds, record):
            rng = random.Random(f"{g}:chance")
            state = game.setup()
            for a in [*actions, None]:
                while game.to_move(state) == CHANCE:
                    state = game.apply(
                        state, sample_outcome(game.chance_outcomes(state), rng)
                    )
                if a is None:
                    break
                game.legal_actions(state)
                state = game.apply(state, a)

    def t_legal():
        f = enc.legal_from
        for x in legal_lists:
            f(x)

    def t_observe():
        f = game.observe
        for (s, _), seat in zip(trajectory, seats):
            f(s, seat)

    tracker_class = type(env._trackers[0])
    update = tracker_class.update

    def t_loop_without_tracker():
        tracker_class.update = _unchanged
        try:
            loop(env, seeds)
        finally:
            tracker_class.update = update

    def t_mask():
        n = enc.num_actions
        for d in legal_dicts:
            m = np.zeros(n, dtype=np.int8)
            m[list(d)] = 1

    def t_loop():
        loop(env, seeds)

    out = {}
    for label, fn in [
        ("engine", t_engine),
        ("legal", t_legal),
        ("observe", t_observe),
        ("mask", t_mask),
        ("loop", t_loop),
        ("untracked", t_loop_without_tracker),
    ]:
        best = float("inf")
        for _ in range(repeat):
            t = clock()
            fn()
            best = min(best, clock() - t)
        out[label] = 1e6 * best / steps
    out["tracker"] = out["loop"] - out["untracked"]
    out["wrapper"] = out["loop"] - sum(
        out[k] for k in ("engine", "legal", "observe", "tracker", "mask")
    )
    out["steps"] = steps
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default=",".join(GAMES))
    args = ap.parse_args()
    cols = ("engine", "legal", "observe", "tracker", "mask", "wrapper", "loop")
    print(f"{'us per step':14}" + "".join(f"{c:>9}" for c in cols) + "   steps/s")
    for name in args.only.split(","):
        r = phases(name, args.games, args.repeat)
        print(
            f"{name:14}"
            + "".join(f"{r[c]:9.1f}" for c in cols)
            + f"   {1e6 / r['loop']:,.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
