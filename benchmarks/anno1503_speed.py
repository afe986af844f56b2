"""Anno 1503 engine speed: random-agent games/s and decisions/s on one core.

Run: ``python benchmarks/anno1503_speed.py [--games N] [--players 4] [--seed 0] [--max-turns T]``

Plays ``--games`` seeded games with :func:`toolkit.core.random_agent` through
:func:`toolkit.core.play` (so every decision costs one ``legal_actions``, one
``observe`` and one ``apply``; chance turns are sampled and applied and their time
is included).  The process is pinned to one CPU where the OS allows it.  Random
agents seldom meet 3 victory conditions quickly, so games run for hundreds or
thousands of turns; ``--max-turns`` stops each game after that many turns
(no winner) when you want a quick run.  Also prints the median time of
``legal_actions``, ``observe`` and ``apply`` on states from the same games.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from toolkit import anno1503
from toolkit.core import CHANCE, play, random_agent


def pin_one_core() -> str:
    """Run on a single CPU (Linux); say which."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def median_us(fn, states) -> float:
    times = []
    for s in states:
        t0 = time.perf_counter_ns()
        fn(s)
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=None)
    args = ap.parse_args()
    where = pin_one_core()
    game = anno1503.Anno1503(players=args.players, max_turns=args.max_turns)
    agents = [random_agent] * args.players

    start, cpu0 = time.perf_counter(), time.process_time()
    records, finals = [], []
    for g in range(args.games):
        final, record = play(game, agents, seed=args.seed + g, max_steps=10_000_000)
        records.append(record)
        finals.append(final)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu0

    # Count decisions and collect sample states by replaying (outside the timed loop).
    decisions = 0
    sample = []
    for record in records:
        state = game.setup()
        for i, text in enumerate(record.actions):
            if game.to_move(state) != CHANCE:
                decisions += 1
                if i % 97 == 0:
                    sample.append(state)
            state = game.apply(state, game.parse_action(text))
    steps = sum(len(r.actions) for r in records)
    turns = [f.turn for f in finals]
    won = sum(f.winner is not None for f in finals)
    seat = game.to_move
    print(
        f"anno1503 players={args.players} games={args.games} seed={args.seed} "
        f"max_turns={args.max_turns} ({where})"
    )
    print(
        f"games/s: {args.games / elapsed:,.2f} wall-clock, {args.games / cpu:,.2f} per CPU second"
        f"  ({won} won, median {statistics.median(turns):.0f} "
        f"turns, {steps / args.games:,.0f} actions incl. chance per game)"
    )
    print(
        f"agent decisions/s: {decisions / elapsed:,.0f} wall-clock, {decisions / cpu:,.0f} per CPU second"
    )
    print(f"all actions/s (incl. chance): {steps / elapsed:,.0f}")
    print(
        f"wall {elapsed:.1f} s, CPU {cpu:.1f} s (they differ when other work shares the core)"
    )
    print(
        f"median per call over {len(sample)} decision states: "
        f"legal_actions {median_us(game.legal_actions, sample):.1f} us, "
        f"observe {median_us(lambda s: game.observe(s, seat(s)), sample):.1f} us, "
        f"apply {median_us(lambda s: game.apply(s, game.legal_actions(s)[0]), sample):.1f} us "
        f"(incl. legal_actions)"
    )


if __name__ == "__main__":
    main()
