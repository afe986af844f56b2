"""Stagecoach routing speed: the engine's move generation vs the networkx layer.

Run: ``python benchmarks/routes_speed.py [--games 40] [--seed 0] [--value-games 1000]
[--limit 20] [--clock cpu|wall]``

Positions: every move-phase decision ("move") from the middle third of the
rounds of ``--games`` seeded random-agent games on the 4-player board (seeds
``seed .. seed + games - 1``). On each position it times, and prints the median
(and 90th percentile) of:

* ``game.legal_actions(state)`` - the engine's move generation (its own Dijkstra);
* ``nx.single_source_dijkstra`` on ``routes.passable_graph`` with the toll
  weight ``routes.step_weight`` (graph built each time);
* ``routes.cheapest_routes`` - the networkx formulation with the ASSUMPTION-4
  tie-break (what the exactness tests compare with the engine);
* ``routes.targets`` - the same as a DataFrame with payments;
* ``routes.all_routes(target, limit=20)`` - per reachable target, the 20
  cheapest routes plus the count of the rest (counting stops at 10,000).

Then the time of ``pioneers.road_value`` over ``--value-games`` simulated
4-player games (wall and CPU time). The process is pinned to one CPU where
the OS allows it. Per-call times use the thread's CPU time by default, so a
busy machine does not inflate them; ``--clock wall`` measures elapsed time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import networkx as nx

from toolkit.core import CHANCE, sample_outcome, streams
from toolkit.pioneers import Pioneers, coach
from toolkit.pioneers import routes as R
from toolkit.pioneers.road_value import road_value


def pin_one_core() -> str:
    """Run on a single CPU (Linux); say which."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def mid_game_moves(game: Pioneers, seed: int) -> list:
    """Move-phase states from the middle third of one random-agent game's rounds."""
    chance, agents = streams(seed, game.players)
    state, out = game.setup(), []
    while not game.is_over(state):
        seat = game.to_move(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance)
        else:
            legal = game.legal_actions(state)
            if state.phase == "move":
                out.append(state)
            action = legal[agents[seat].randrange(len(legal))]
        state = game.apply(state, action)
    last = state.round
    lo, hi = last / 3, 2 * last / 3
    return [s for s in out if lo <= s.round <= hi]


CLOCKS = {"cpu": time.thread_time_ns, "wall": time.perf_counter_ns}
clock = CLOCKS["cpu"]


def timed(fn, items, repeat: int = 3, fresh: bool = False) -> list[float]:
    """Microseconds per call, the best of ``repeat`` runs for each item.

    ``fresh``: call on a new copy of the state each time (made outside the timed
    part), so that no memo of an earlier call on the same object can answer, and
    empty the engine's memo of route choices (``coach._CHOICES``, by value) first:
    the time of the search itself, not of a look-up.
    """
    out = []
    for x in items:
        best = None
        for _ in range(repeat):
            arg = type(x)(*x) if fresh else x
            if fresh:
                coach._CHOICES.clear()
            t0 = clock()
            fn(arg)
            dt = clock() - t0
            best = dt if best is None else min(best, dt)
        out.append(best / 1000)
    return out


def summary(name: str, us: list[float]) -> None:
    us = sorted(us)
    p90 = us[int(0.9 * (len(us) - 1))]
    print(
        f"  {name:<44} median {statistics.median(us):9.1f} us   "
        f"p90 {p90:9.1f} us   max {us[-1]:10.1f} us   (n={len(us)})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--value-games", type=int, default=1000)
    ap.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="time per call as thread CPU time (default; steady on a busy machine) "
        "or wall-clock time",
    )
    args = ap.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    where = pin_one_core()
    game = Pioneers(players=4)
    states = [s for g in range(args.games) for s in mid_game_moves(game, args.seed + g)]
    print(
        f"routes_speed: 4-player board ({len(game.board.ids)} cities, "
        f"{len(game.board.edges)} connections), {where}, {args.clock} clock"
    )
    print(
        f"positions: {len(states)} move decisions from the middle third of "
        f"{args.games} random-agent games "
        f"(seeds {args.seed}..{args.seed + args.games - 1})"
    )
    R.targets(game, states[0])  # import pandas before timing

    def nx_dijkstra(s):
        seat = s.active
        g = R.passable_graph(game, s, seat)
        return nx.single_source_dijkstra(g, s.coach, weight=R.step_weight(seat))

    summary("engine game.legal_actions", timed(game.legal_actions, states, fresh=True))
    summary(
        "engine game.legal_actions, position met again",
        timed(game.legal_actions, states),
    )
    summary("nx.single_source_dijkstra (+ passable graph)", timed(nx_dijkstra, states))
    summary(
        "routes.cheapest_routes (networkx, tie-break)",
        timed(lambda s: R.cheapest_routes(game, s), states),
    )
    summary("routes.targets (DataFrame)", timed(lambda s: R.targets(game, s), states))

    pairs = [(s, r.target) for s in states for r in R.cheapest_routes(game, s)]
    calls = timed(
        lambda p: R.all_routes(game, p[0], p[1], limit=args.limit), pairs, repeat=1
    )
    summary(f"routes.all_routes(limit={args.limit}) per target", calls)
    capped = [R.all_routes(game, s, t, limit=args.limit).attrs for s, t in pairs]
    inexact = sum(not a["exact"] for a in capped)
    more = statistics.median(a["more"] for a in capped)
    print(
        f"  ({len(pairs)} targets; median {more:.0f} routes beyond the cap; "
        f"{inexact} targets with 10,000+ routes, counting stopped)"
    )

    t0, c0 = time.perf_counter(), time.process_time()
    value = road_value(game, games=args.value_games, seed=args.seed)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"road_value: {args.value_games} games, {value.attrs['moves']} stagecoach "
        f"moves: {wall:.2f} s wall, {cpu:.2f} s CPU "
        f"({1000 * cpu / max(args.value_games, 1):.2f} ms CPU/game)"
    )
    top = value.head(3)
    print(
        "  top connections by toll: "
        + ", ".join(
            f"{c} ${t} ({n} crossings)"
            for c, t, n in zip(
                top["connection"], top["toll"], top["crossings"], strict=True
            )
        )
    )


if __name__ == "__main__":
    main()
