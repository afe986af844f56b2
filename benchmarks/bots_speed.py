"""Bot speed and the bot ladder (Pioneers, 4 players).

Speed (one core, in this process): for each bot, games/s of a game with that
bot in seat 0 and random bots in the others, the bot's mean time per decision,
and for the cheap bots games/s with the bot in all four seats.

    python benchmarks/bots_speed.py [--games 20] [--bots random,greedy,mc,mcts]
        [--clock wall|cpu]

Search bots take budgets as ``mcts:200`` (iterations), ``mcts:20ms`` (time per
decision) or ``mcts:200/20ms`` (both).

Ladder (``--ladder``): head-to-head matches, two seats each (A, B, A, B,
rotating through the seats, deals shared by the four rotations), seeded. For
each pair: A's share of the wins per game (0.5 = equal) with a 95% interval
and a two-sided p-value, the mean score difference, then Bradley-Terry
ratings over all games.

    python benchmarks/bots_speed.py --ladder [--ladder-games 200] [--workers 2]
        [--pairs greedy/random,mcts/greedy] [--out ladder.parquet]
"""

from __future__ import annotations

import argparse
import math
import time

from toolkit.agents import make_agent
from toolkit.analysis import stats
from toolkit.analysis.tournament import tournament
from toolkit.core import play
from toolkit.pioneers import Pioneers

#: The clock bots are timed with: wall time, or this process's CPU time
#: (``--clock cpu``: steadier on a shared, busy machine).
CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter


class Timed:
    """Wrap a bot and add up the time it spends deciding."""

    def __init__(self, bot):
        self.bot, self.seconds, self.calls = bot, 0.0, 0
        self.name = self.__name__ = bot.name

    def __call__(self, game, observation, legal, rng):
        t = clock()
        try:
            return self.bot(game, observation, legal, rng)
        finally:
            self.seconds += clock() - t
            self.calls += 1


def speed(bots: list[str], games: int, seed: int) -> None:
    game = Pioneers(players=4)
    rand = make_agent("random")
    from toolkit import compiled

    engine = ", ".join(
        f"{n.rsplit('.', 1)[1]} {h}" for n, h in compiled.status().items()
    )
    print(f"engine: {engine}")
    print(f"speed: Pioneers 4 players, seeds {seed}..{seed + games - 1}, one core")
    print(
        f"{'bot':<10} {'games/s (bot + 3 random)':>25} {'ms/decision':>12} "
        f"{'games/s (4 x bot)':>18}"
    )
    for spec in bots:
        timed = Timed(make_agent(spec))
        n = games if spec.split(":")[0] in ("random", "greedy") else max(2, games // 10)
        t = time.perf_counter()
        for g in range(n):
            play(game, [timed, rand, rand, rand], seed=seed + g)
        solo = n / (time.perf_counter() - t)
        per = 1000 * timed.seconds / max(timed.calls, 1)
        mirror = ""
        if spec.split(":")[0] in ("random", "greedy"):
            bot = make_agent(spec)
            t = time.perf_counter()
            for g in range(n):
                play(game, [bot] * 4, seed=seed + g)
            mirror = f"{n / (time.perf_counter() - t):.2f}"
        print(f"{spec:<10} {solo:>25.2f} {per:>12.2f} {mirror:>18}", flush=True)


def ladder(
    pairs: list[tuple[str, str]], games: int, seed: int, workers: int, out: str | None
) -> None:
    import pandas as pd

    print(
        f"ladder: {games} games per pair (A,B,A,B rotating), seed {seed}, "
        f"{workers} worker(s)"
    )
    print(
        f"{'A vs B':<18} {'games':>5} {'A share':>8} {'95% interval':>16} {'p':>8} "
        f"{'score A-B':>10} {'+-':>5} {'time':>7}"
    )
    frames = []
    for k, (a, b) in enumerate(pairs):
        t = time.perf_counter()
        r = tournament(
            "pioneers", [a, b, a, b], games=games, seed=seed + k, workers=workers
        )
        seats = r.seats.assign(side=r.seats.entrant % 2, pair=f"{a}/{b}")
        frames.append(seats)
        share = seats[seats.side == 0].groupby("game")["win"].sum()
        m, low, high = stats.mean_interval(share)
        se = share.std(ddof=1) / math.sqrt(len(share))
        p = math.erfc(abs(m - 0.5) / se / math.sqrt(2)) if se > 0 else 0.0
        diff = (
            seats[seats.side == 0].groupby("game")["score"].mean()
            - seats[seats.side == 1].groupby("game")["score"].mean()
        )
        d, d_low, _ = stats.mean_interval(diff)
        print(
            f"{a + ' vs ' + b:<18} {len(share):>5} {m:>8.3f} [{low:.3f}, {high:.3f}] "
            f"{p:>8.1e} {d:>10.2f} {d - d_low:>5.2f} {time.perf_counter() - t:>6.0f}s",
            flush=True,
        )
    everything = pd.concat(frames, ignore_index=True)
    everything["game"] = everything["pair"] + ":" + everything["game"].astype(str)
    print("\nBradley-Terry ratings over all ladder games (95% bootstrap interval):")
    print(
        stats.ratings(everything).to_string(
            index=False, float_format=lambda x: f"{x:.0f}"
        )
    )
    if out:
        everything.to_parquet(out)
        print(f"seat rows written to {out}")


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", default="random,greedy,mc,mcts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ladder", action="store_true")
    ap.add_argument("--ladder-games", type=int, default=200)
    ap.add_argument("--pairs", default="greedy/random,mcts/greedy,mc/random,mc/greedy")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=None)
    ap.add_argument("--clock", choices=sorted(CLOCK), default="wall")
    args = ap.parse_args()
    global clock
    clock = CLOCK[args.clock]
    if args.ladder:
        pairs = [tuple(p.split("/")) for p in args.pairs.split(",")]
        ladder(pairs, args.ladder_games, args.seed, args.workers, args.out)
    else:
        speed(args.bots.split(","), args.games, args.seed)


if __name__ == "__main__":
    main()
