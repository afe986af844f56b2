"""Time one bot on recorded decisions: the same positions, the same random streams.

Plays ``--games`` seeded Pioneers games (4 players) with the bot in seat 0 and
random bots elsewhere (as ``bots_digest.py``), records every decision the bot
was asked to make (its observation, legal actions and random state), then asks
the bot again ``--repeats`` times for each and prints the best and the median
of the repeats' CPU ms per decision (``time.process_time``), with a digest of
the chosen actions (two trees deciding alike print the same one). Only the
decisions are timed: no engine moves, no random bots, no start-up.

    PYTHONPATH=<tree> python benchmarks/bots_replay.py [--games 3] [--seed 0]
        [--bot mcts] [--repeats 5] [--profile out.prof]

``--repeats 0`` only records (what a run with ``--repeats 1`` spends beyond
it, say in ``valgrind --tool=callgrind`` instructions, is one pass of the
decisions). ``--profile`` runs one pass of the decisions under cProfile and writes its
statistics (``python -m pstats out.prof``).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import random
import statistics
import time

from toolkit import compiled
from toolkit.agents import make_agent
from toolkit.core import play
from toolkit.pioneers import Pioneers


def record(spec: str, games: int, seed: int) -> list[tuple]:
    """``(game, observation, legal, random state)`` of every decision of the bot."""
    game = Pioneers(players=4)
    bot = make_agent(spec)
    rand = make_agent("random")
    asked: list[tuple] = []

    def recording(game, observation, legal, rng):
        asked.append((game, observation, list(legal), rng.getstate()))
        return bot(game, observation, legal, rng)

    recording.__name__ = spec
    for g in range(games):
        play(game, [recording, rand, rand, rand], seed=seed + g)
    return asked


def replay(spec: str, asked: list[tuple]) -> tuple[float, str]:
    """One pass: CPU seconds for all decisions, and a digest of the choices."""
    bot = make_agent(spec)
    h = hashlib.sha256()
    rng = random.Random()
    spent = 0.0
    for game, observation, legal, state in asked:
        rng.setstate(state)
        t = time.process_time()
        action = bot(game, observation, legal, rng)
        spent += time.process_time() - t
        h.update(str(action).encode())
    return spent, h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", default="mcts")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", default=None)
    args = ap.parse_args()
    done = sum(how == "compiled" for how in compiled.status().values())
    print(
        f"toolkit {compiled.__file__.rsplit('/', 2)[0]}: {done}/"
        f"{len(compiled.status())} modules compiled"
    )
    asked = record(args.bot, args.games, args.seed)
    asked = copy.copy(asked)
    if args.profile:
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
        replay(args.bot, asked)
        prof.disable()
        prof.dump_stats(args.profile)
        print(f"profile written to {args.profile}")
        return
    if args.repeats <= 0:  # record only (a baseline for instruction counts)
        print(f"{args.bot}: {len(asked)} decisions recorded")
        return
    times, digests = [], set()
    for _ in range(args.repeats):
        spent, sha = replay(args.bot, asked)
        times.append(1000 * spent / max(len(asked), 1))
        digests.add(sha)
    print(
        f"{args.bot}: {len(asked)} decisions of seeds {args.seed}.."
        f"{args.seed + args.games - 1}, CPU ms/decision best {min(times):.2f}, "
        f"median {statistics.median(times):.2f} (of {args.repeats}); "
        f"choices {'/'.join(sorted(d[:12] for d in digests))}",
        flush=True,
    )


if __name__ == "__main__":
    main()
