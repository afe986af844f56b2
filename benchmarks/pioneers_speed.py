"""Pioneers engine speed: random-agent games, decisions/s and stagecoach move generation.

Run: ``python benchmarks/pioneers_speed.py [--games N] [--players 4] [--seed 0] [--rounds R]``

Prints games/s, agent decisions/s (decisions = non-chance turns, each costing one
``legal_actions`` call, one ``observe`` and one ``apply``; chance turns are
sampled and applied too and their time is included), and the median time of
``legal_actions`` at stagecoach decisions, measured on states collected from the
same games (each call on a fresh state object, so nothing is cached).

The engine is measured as imported: compiled by mypyc after ``make venv``
(see :mod:`toolkit.compiled`), or plain Python with ``FRONTIER_PURE=1``; the
first lines say which. Shared machines are noisy: ``--rounds R`` plays the same N games R times and
prints every round, then the median and the best round.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from toolkit import compiled, pioneers
from toolkit.core import CHANCE, play, random_agent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--rounds", type=int, default=1, help="play the N games this many times"
    )
    args = ap.parse_args()
    game = pioneers.Pioneers(players=args.players)
    agents = [random_agent] * args.players

    decisions = 0
    rounds = []
    for _ in range(max(args.rounds, 1)):
        start, cpu_start = time.perf_counter(), time.process_time()
        records = []
        for g in range(args.games):
            _, record = play(game, agents, seed=args.seed + g)
            records.append(record)
        rounds.append((time.perf_counter() - start, time.process_time() - cpu_start))
    elapsed, cpu = min(rounds)
    # Count the decisions of every game by replaying it (outside the timed loop);
    # keep the stagecoach decisions of the first 50 games for the move timing.
    move_states = []
    for k, record in enumerate(records):
        state = game.setup()
        for text in record.actions:
            if game.to_move(state) != CHANCE:
                decisions += 1
                if state.phase == "move" and k < 50:
                    move_states.append(state)
            state = game.apply(state, game.parse_action(text))
    per_game = decisions / len(records)
    total_decisions = decisions
    steps = sum(len(r.actions) for r in records)

    timings = []
    for s in move_states:
        s = type(s)(*s)  # a fresh object: no memo of an earlier call can answer
        t0 = time.perf_counter_ns()
        game.legal_actions(s)
        timings.append(time.perf_counter_ns() - t0)
    print(
        f"players={args.players} games={args.games} seed={args.seed} rounds={len(rounds)}"
    )
    engine = compiled.status()
    print(
        "engine: "
        + ", ".join(f"{name.rsplit('.', 1)[1]} {how}" for name, how in engine.items())
        + "  (FRONTIER_PURE=1 measures the plain Python engine)"
    )
    if len(rounds) > 1:
        rates = [total_decisions / wall for wall, _ in rounds]
        print(
            "agent decisions/s per round: "
            + ", ".join(f"{r:,.0f}" for r in rates)
            + f" (median {statistics.median(rates):,.0f}; the best round is reported below)"
        )
    print(
        f"games/s: {args.games / elapsed:,.1f} wall, {args.games / cpu:,.1f} per CPU second"
    )
    print(
        f"agent decisions/s: {total_decisions / elapsed:,.0f} wall, "
        f"{total_decisions / cpu:,.0f} per CPU second "
        f"({per_game:.0f} decisions and {steps / args.games:.0f} turns incl. chance per game)"
    )
    print(f"all turns/s (incl. chance): {steps / elapsed:,.0f} wall")
    print(
        f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"stagecoach move generation: median {statistics.median(timings) / 1000:.1f} us, "
        f"p90 {sorted(timings)[int(0.9 * len(timings))] / 1000:.1f} us "
        f"over {len(timings)} move decisions"
    )


if __name__ == "__main__":
    main()
