"""Side by side with a peer: Catanatron's engine and its gymnasium environment.

Run::

    python benchmarks/peers.py --peer-python /path/to/venv/bin/python \
        [--rounds 3] [--seconds 4] [--what engine,env,vector] [--games montana,...]

or set ``CATANATRON_PYTHON`` instead of ``--peer-python``. The peer is
`Catanatron <https://github.com/bcollazo/catanatron>`_ (PyPI ``catanatron``
and ``catanatron-gym``), installed **only** into a separate environment for
benchmarking, e.g.::

    python3 -m venv /tmp/catan && /tmp/catan/bin/pip install catanatron catanatron-gym

The toolkit never imports it: the peer runs in a subprocess of that
interpreter (one long-lived worker, so its start-up is not timed), this
process runs the toolkit, and the two take turns: each of our measures runs right after a peer measure of the
same kind, each for ``--seconds`` of CPU time, and is printed with its ratio to
that peer measure; the last lines give the median rate and ratio over the
rounds. Rates are per CPU second of the process that ran them (both sides run
on one core each; CPU time is steadier than wall time on a busy shared
machine).

Measures (each counts completed games only, time over whole games):

``engine``
    Random agents, agent decisions per second. Ours: ``toolkit.core.play``
    with ``random_agent`` in every seat (each decision costs ``legal_actions``,
    ``observe`` and ``apply``; chance turns are included in the time), Pioneers
    4 players, Anno 1503 4 players (``max_turns`` 100), Montana 4 players and
    Pioneer Days 4 players. Catanatron: ``Game``
    of 4 ``RandomPlayer`` s, decisions = ``len(game.state.actions)``.
``env``
    The learning environment, ``env.step`` calls per second with a uniformly
    random legal action. Ours: the PettingZoo AEC environment of each game
    (:func:`toolkit.envs.pettingzoo_env`), every seat an agent, the usual
    ``agent_iter`` / ``last`` / ``step`` loop, the action drawn from the mask
    (``--pick list``: from ``info["legal_actions"]``, as the peer's loop draws
    from its ``info["valid_actions"]``; ``--pick both`` measures both).
    Catanatron: ``CatanatronEnv`` (1v1 against its random bot, whose moves run
    inside ``step``), the action drawn from ``info["valid_actions"]``.
``vector``
    Ours only (the peer has no batched environment): :class:`toolkit.envs.vector.VectorEnv`
    stepping ``--batch`` games in lockstep, steps/s on this one process (one
    core), compared with the peer's ``env`` figure of the same round.

Without a peer interpreter only our figures are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np

from toolkit import compiled
from toolkit.core import make_game, play, random_agent
from toolkit.envs import pettingzoo_env

#: The worker the peer interpreter runs: reads one request per line, answers JSON.
PEER_WORKER = r"""
import json, random, sys, time
from catanatron.game import Game
from catanatron.models.player import Color, RandomPlayer
from catanatron_gym.envs.catanatron_env import CatanatronEnv

clock = time.process_time

def engine(seconds, seed):
    steps = games = 0
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    start = clock()
    while clock() - start < seconds:
        game = Game([RandomPlayer(c) for c in colors], seed=seed + games)
        game.play()
        steps += len(game.state.actions)
        games += 1
    return steps, games, clock() - start

def env(seconds, seed):
    rng = random.Random(seed)
    e = CatanatronEnv()
    steps = games = 0
    start = clock()
    while clock() - start < seconds:
        obs, info = e.reset(seed=seed + games)
        done = False
        while not done:
            valid = info["valid_actions"]
            obs, reward, terminated, truncated, info = e.step(valid[rng.randrange(len(valid))])
            steps += 1
            done = terminated or truncated
        games += 1
    return steps, games, clock() - start

from importlib.metadata import version
print(json.dumps({"version": version("catanatron") + ", catanatron-gym " + version("catanatron-gym")}), flush=True)
for line in sys.stdin:
    what, seconds, seed = line.split()
    fn = engine if what == "engine" else env
    steps, games, wall = fn(float(seconds), int(seed))
    print(json.dumps({"steps": steps, "games": games, "wall": wall}), flush=True)
"""

#: Every rate is per CPU second of the process that ran it (one core each), so a
#: busy shared machine slows both sides' clocks less than their wall time.
clock = time.process_time

#: Our games and their options in the benchmark.
GAMES = {
    "pioneers": dict(players=4),
    "anno1503": dict(players=4, max_turns=100),
    "montana": dict(players=4),
    "pioneer_days": dict(players=4),
}


class Peer:
    """The peer worker in its own interpreter."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, "-c", PEER_WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.version = json.loads(self.proc.stdout.readline())["version"]

    def run(self, what: str, seconds: float, seed: int) -> float:
        self.proc.stdin.write(f"{what} {seconds} {seed}\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return answer["steps"] / answer["wall"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _count(game, record) -> int:
    from toolkit.core import CHANCE

    # replaying costs time; it is excluded by measuring it separately below
    t = clock()
    state, n = game.setup(), 0
    for text in record.actions:
        if game.to_move(state) != CHANCE:
            n += 1
        state = game.apply(state, game.parse_action(text))
    _count.excluded += clock() - t
    return n


_count.excluded = 0.0


def our_engine_rate(name: str, seconds: float, seed: int) -> float:
    _count.excluded = 0.0
    game = make_game(name, **GAMES[name])
    agents = [random_agent] * game.players
    decisions = games = 0
    start = clock()
    while clock() - start - _count.excluded < seconds:
        _final, record = play(game, agents, seed=seed + games, max_steps=10_000_000)
        decisions += _count(game, record)
        games += 1
    return decisions / (clock() - start - _count.excluded)


def our_env(name: str, seconds: float, seed: int, pick: str = "mask") -> float:
    """The AEC loop with random legal actions: live ``step`` calls per second.

    ``pick="mask"``: the action is drawn from the observation's action mask
    (``np.flatnonzero``); ``"list"``: from the list in ``info["legal_actions"]``,
    as the peer's loop draws from its ``info["valid_actions"]``. Both draw the
    same actions.
    """
    env = pettingzoo_env(name, seed=seed, **GAMES[name])
    rng = random.Random(seed)
    by_mask = pick == "mask"
    steps = games = 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if by_mask:
                legal = np.flatnonzero(obs["action_mask"])
            else:
                legal = info["legal_actions"]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    return steps / (clock() - start)


def our_vector(name: str, seconds: float, seed: int, batch: int) -> float:
    """The batched environment: steps (one per game per lockstep) per second."""
    from toolkit.envs.vector import VectorEnv

    venv = VectorEnv(name, batch, seed=seed, **GAMES[name])
    rng = np.random.default_rng(seed)
    venv.reset()
    steps = 0
    start = clock()
    while clock() - start < seconds:
        actions = venv.sample_actions(rng)
        venv.step(actions)
        steps += batch
    return steps / (clock() - start)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--peer-python",
        default=os.environ.get("CATANATRON_PYTHON"),
        help="interpreter with catanatron and catanatron-gym (or $CATANATRON_PYTHON)",
    )
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=4.0, help="per measure and round")
    ap.add_argument("--what", default="engine,env,vector")
    ap.add_argument("--batch", type=int, default=64, help="games per vector step")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--games",
        default=",".join(GAMES),
        help="our games to measure (comma-separated)",
    )
    ap.add_argument(
        "--pick",
        default="mask",
        choices=["mask", "list", "both"],
        help="env: draw our action from the mask, from info['legal_actions'] "
        "(as the peer draws from its info['valid_actions']), or measure both",
    )
    args = ap.parse_args()
    what = args.what.split(",")
    games = args.games.split(",")
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        ap.error(f"unknown games {unknown}; known: {', '.join(GAMES)}")
    peer = Peer(args.peer_python) if args.peer_python else None
    engine = ", ".join(
        f"{n.rsplit('.', 1)[1]} {how}" for n, how in compiled.status().items()
    )
    print(f"engine: {engine}")
    print(
        f"peer: catanatron {peer.version} ({args.peer_python})"
        if peer
        else "peer: none (give --peer-python or CATANATRON_PYTHON)"
    )
    print(
        f"rounds={args.rounds} seconds={args.seconds} per measure, seed={args.seed}, "
        f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    ratios: dict[str, list[float]] = {}
    rates: dict[str, list[float]] = {}

    def note(label: str, rate: float, base: float | None) -> None:
        rates.setdefault(label, []).append(rate)
        line = f"  {label:<34} {rate:>10,.0f}/s"
        if base:
            ratios.setdefault(label, []).append(rate / base)
            line += f"   {rate / base:5.2f}x peer"
        print(line, flush=True)

    def peer_rate(kind: str, seed: int) -> float | None:
        if not peer:
            return None
        rate = peer.run(kind, args.seconds, seed)
        note(
            f"catanatron {'engine (4 random)' if kind == 'engine' else 'gym env (1v1)'}",
            rate,
            None,
        )
        return rate

    for r in range(args.rounds):
        seed = args.seed + 1000 * r
        print(f"round {r + 1}")
        # each of our measures right after a peer measure of the same kind: its ratio
        if "engine" in what:
            for name in games:
                base = peer_rate("engine", seed)
                note(
                    f"{name} engine (4 random)",
                    our_engine_rate(name, args.seconds, seed),
                    base,
                )
        if "env" in what:
            picks = ["mask", "list"] if args.pick == "both" else [args.pick]
            for name in games:
                for pick in picks:
                    base = peer_rate("env", seed)
                    label = f"{name} AEC env" + ("" if pick == "mask" else " (list)")
                    note(label, our_env(name, args.seconds, seed, pick), base)
        if "vector" in what:
            for name in games:
                base = peer_rate("env", seed)
                note(
                    f"{name} vector env x{args.batch}",
                    our_vector(name, args.seconds, seed, args.batch),
                    base,
                )
    if peer:
        peer.close()
    print("medians over the rounds (rate, ratio to the peer in the same round):")
    for label, values in rates.items():
        line = f"  {label:<34} {statistics.median(values):>10,.0f}/s"
        if label in ratios:
            line += f"   {statistics.median(ratios[label]):5.2f}x peer"
        print(line)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
