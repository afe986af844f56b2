"""Pioneer Days engine speed beside Pioneers: random-agent games/s and decisions/s.

Run: ``python benchmarks/pioneer_days_speed.py [--games 40] [--rounds 5] [--players 4]``

Each round plays ``--games`` seeded games of Pioneer Days and then as many of
Pioneers, both with :func:`toolkit.core.random_agent` through
:func:`toolkit.core.play` (every decision costs one ``legal_actions``, one
``observe`` and one ``apply``; chance turns are sampled and applied and their
time is included).  The two games alternate round by round, so both see the
same machine load, and each round prints the ratio Pioneer Days / Pioneers.
Decisions (non-chance turns) are counted by replaying the records outside the
timed loop.  The process is pinned to one CPU where the OS allows it.
``engine:`` says whether Pioneers ran compiled (``toolkit.compiled``) or as
plain Python; Pioneer Days is always plain Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from toolkit import compiled
from toolkit.core import CHANCE, make_game, play, random_agent


def pin_one_core() -> str:
    """Run on a single CPU (Linux); say which."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def run(
    name: str, players: int, games: int, seed: int
) -> tuple[float, float, int, int]:
    """Play ``games`` games: (wall s, CPU s, decisions, actions incl. chance)."""
    game = make_game(name, players)
    agents = [random_agent] * players
    start, cpu0 = time.perf_counter(), time.process_time()
    records = [play(game, agents, seed=seed + g)[1] for g in range(games)]
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    decisions = steps = 0
    for record in records:
        state = game.setup()
        for text in record.actions:
            decisions += game.to_move(state) != CHANCE
            state = game.apply(state, game.parse_action(text))
        steps += len(record.actions)
    return wall, cpu, decisions, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    where = pin_one_core()
    engine = ", ".join(
        f"{n.rsplit('.', 1)[1]} {how}" for n, how in compiled.status().items()
    )
    print(
        f"players={args.players} games={args.games} per game and round, "
        f"rounds={args.rounds}, seed={args.seed} ({where})"
    )
    print(f"engine: {engine}")
    rows = {"pioneer_days": [], "pioneers": []}
    for r in range(args.rounds):
        line = []
        for name in rows:
            wall, cpu, dec, steps = run(name, args.players, args.games, args.seed)
            rows[name].append((wall, cpu, dec, steps))
            line.append(
                f"{name}: {args.games / wall:,.1f} games/s, {dec / wall:,.0f} decisions/s"
            )
        pd_, pi = rows["pioneer_days"][-1], rows["pioneers"][-1]
        ratio_g = (args.games / pd_[0]) / (args.games / pi[0])
        ratio_d = (pd_[2] / pd_[0]) / (pi[2] / pi[0])
        print(
            f"round {r + 1}: " + " | ".join(line) + f" | ratio games/s {ratio_g:.2f}, "
            f"decisions/s {ratio_d:.2f}"
        )
    for name, runs in rows.items():
        games_s = [args.games / w for w, _, _, _ in runs]
        dec_s = [d / w for w, _, d, _ in runs]
        cpu_dec = [d / c for _, c, d, _ in runs]
        per_game = statistics.mean(d for _, _, d, _ in runs) / args.games
        steps = statistics.mean(s for _, _, _, s in runs) / args.games
        print(
            f"{name}: median {statistics.median(games_s):,.1f} games/s, "
            f"{statistics.median(dec_s):,.0f} decisions/s wall "
            f"({statistics.median(cpu_dec):,.0f} per CPU second); "
            f"{per_game:.0f} decisions and {steps:.0f} actions incl. chance per game"
        )
    ratios = [
        (a[2] / a[0]) / (b[2] / b[0])
        for a, b in zip(rows["pioneer_days"], rows["pioneers"], strict=True)
    ]
    gratios = [
        b[0] / a[0] for a, b in zip(rows["pioneer_days"], rows["pioneers"], strict=True)
    ]
    print(
        f"Pioneer Days / Pioneers, median of rounds: games/s {statistics.median(gratios):.2f}, "
        f"decisions/s {statistics.median(ratios):.2f}"
    )


if __name__ == "__main__":
    main()
