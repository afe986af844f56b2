"""Montana engine speed next to Pioneers: random-agent games/s and decisions/s.

Run: ``python benchmarks/montana_speed.py [--games N] [--rounds R] [--players 4] [--seed 0]``

Each round plays ``--games`` seeded Montana games and then ``--games`` seeded
Pioneers games with :func:`toolkit.core.random_agent` through
:func:`toolkit.core.play` (every decision costs one ``legal_actions``, one
``observe`` and one ``apply``; chance turns are sampled and applied, and their
time is included).  Rounds alternate the two games so that the machine's noise
falls on both alike; the ratio Montana / Pioneers is given per round and as
the median.  Montana's random games end by the race itself (random players do
build out); ``--max-turns`` caps them (M-END-5) if wanted.  The process is
pinned to one CPU where the OS allows it; on a shared machine the CPU-clock
rates (``time.process_time``) are printed too, as they suffer less from other
processes.  ``engine:`` says whether Pioneers
ran compiled or as plain Python (Montana is always plain Python).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from toolkit import montana, pioneers
from toolkit.core import CHANCE, play, random_agent


def pin_one_core() -> str:
    """Run on a single CPU (Linux); say which."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def decisions_of(game, records) -> int:
    """Count the decisions (not chance turns) of recorded games by replaying them."""
    n = 0
    for record in records:
        state = game.setup()
        for text in record.actions:
            if game.to_move(state) != CHANCE:
                n += 1
            state = game.apply(state, game.parse_action(text))
    return n


def timed(game, games: int, seed: int) -> tuple[float, float, list]:
    """Wall-clock and CPU seconds of ``games`` seeded random games, and their records."""
    agents = [random_agent] * game.players
    start, cpu0 = time.perf_counter(), time.process_time()
    records = [play(game, agents, seed=seed + g)[1] for g in range(games)]
    return time.perf_counter() - start, time.process_time() - cpu0, records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=None)
    args = ap.parse_args()
    where = pin_one_core()
    games = {
        "montana": montana.Montana(players=args.players, max_turns=args.max_turns),
        "pioneers": pioneers.Pioneers(players=args.players),
    }
    engine = "compiled" if pioneers.rules.__file__.endswith(".so") else "plain Python"
    print(
        f"{args.games} games x {args.rounds} rounds, {args.players} players, "
        f"seeds {args.seed}..{args.seed + args.games - 1}, {where}; "
        f"engine: Pioneers {engine}, Montana plain Python"
    )
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in games}
    cpu_rates: dict[str, list[tuple[float, float]]] = {name: [] for name in games}
    for r in range(args.rounds):
        line = []
        for name, game in games.items():
            seconds, cpu, records = timed(game, args.games, args.seed)
            decisions = decisions_of(game, records)
            steps = sum(len(rec.actions) for rec in records)
            rates[name].append((args.games / seconds, decisions / seconds))
            cpu_rates[name].append((args.games / cpu, decisions / cpu))
            line.append(
                f"{name}: {args.games / seconds:7.1f} games/s "
                f"{decisions / seconds:9.0f} decisions/s "
                f"(CPU clock {decisions / cpu:.0f}/s; "
                f"{decisions / args.games:.0f} decisions, {steps / args.games:.0f} steps a game)"
            )
        m, p = rates["montana"][-1], rates["pioneers"][-1]
        mc, pc = cpu_rates["montana"][-1], cpu_rates["pioneers"][-1]
        print(
            f"round {r + 1}: " + " | ".join(line) + " | ratio montana/pioneers: "
            f"games {m[0] / p[0]:.3f}, decisions {m[1] / p[1]:.3f} "
            f"(CPU clock: games {mc[0] / pc[0]:.3f}, decisions {mc[1] / pc[1]:.3f})"
        )
    med = {
        name: (statistics.median(g for g, _ in v), statistics.median(d for _, d in v))
        for name, v in rates.items()
    }
    ratios = [
        (m[0] / p[0], m[1] / p[1])
        for m, p in zip(rates["montana"], rates["pioneers"], strict=True)
    ]
    cpu_ratios = [
        (m[0] / p[0], m[1] / p[1])
        for m, p in zip(cpu_rates["montana"], cpu_rates["pioneers"], strict=True)
    ]
    print(
        f"median: montana {med['montana'][0]:.1f} games/s, {med['montana'][1]:.0f} "
        f"decisions/s; pioneers {med['pioneers'][0]:.1f} games/s, "
        f"{med['pioneers'][1]:.0f} decisions/s; median ratio (per round) games "
        f"{statistics.median(g for g, _ in ratios):.3f}, decisions "
        f"{statistics.median(d for _, d in ratios):.3f} (CPU clock: games "
        f"{statistics.median(g for g, _ in cpu_ratios):.3f}, decisions "
        f"{statistics.median(d for _, d in cpu_ratios):.3f})"
    )


if __name__ == "__main__":
    main()
