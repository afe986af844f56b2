"""Bots now against the bots of an earlier commit: speed and strength, in one run.

Run::

    python benchmarks/bots_versions.py [--ref d0a5e4e] [--games 2] [--ladder-games 6]
        [--bots greedy,mcts] [--workers 2] [--agree] [--rows ladder.jsonl]
        [--new-set follow_ups=own]

Loads the search and simple bots of git commit ``--ref`` (``toolkit/agents/search.py``
and ``simple.py`` as they were there; the engine and the game hooks are today's)
beside today's, then for each bot:

- **speed**: both versions play the same seeded games in turn (Pioneers, 4
  players, the bot in seat 0, random bots elsewhere), and their mean CPU time per
  decision is printed with the ratio;
- **agreement** (``--agree-games N``): new plays N seeded games in seat 0
  against random bots and old is asked at every decision, from the same
  position and a copy of the same random stream; an exact speed-up agrees on
  every decision;
- **ladder**: new and old play each other, two seats each; every deal (seed) is
  played twice, as new, old, new, old and as old, new, old, new. New's share
  of the wins, averaged per deal, is printed with a 95% interval over deals
  (``toolkit.analysis.stats.mean_interval``; 0.5 = equally strong), with the
  score difference and both versions' CPU time per decision in those games;
  with ``--agree`` also how many of new's decisions old would have made
  identically from the same position and random stream. ``--workers`` plays
  games in parallel processes, ``--rows`` appends each finished game to a
  JSON-lines file (a long ladder can be read while it runs).

``--new-set name=value`` sets an attribute on new's bot only (say
``follow_ups=own`` with ``--ref HEAD``: the same code with one option changed
against its default).

Shared machines are noisy: both versions run in this process, alternating, so the
ratio is what to read.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from toolkit import compiled
from toolkit.agents import make_agent
from toolkit.analysis import stats
from toolkit.core import play
from toolkit.pioneers import Pioneers

ROOT = Path(__file__).resolve().parents[1]


def old_agents(ref: str) -> dict[str, object]:
    """The bot classes of ``ref``, loaded as modules beside today's."""
    out = {}
    tmp = Path(tempfile.mkdtemp())
    for mod in ("simple", "search"):
        text = subprocess.run(
            ["git", "show", f"{ref}:toolkit/agents/{mod}.py"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        path = tmp / f"{mod}_old.py"
        path.write_text(text)
        name = f"toolkit.agents._{mod}_at_ref"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        out[mod] = module
    return {
        "greedy": out["simple"].GreedyAgent,
        "mc": out["search"].MonteCarloAgent,
        "mcts": out["search"].MCTSAgent,
    }


class Timed:
    """Wrap a bot and add up its decision time."""

    def __init__(self, bot):
        self.bot, self.seconds, self.calls = bot, 0.0, 0
        self.name = self.__name__ = getattr(bot, "name", "bot")

    def __call__(self, game, observation, legal, rng):
        t = time.process_time()
        try:
            return self.bot(game, observation, legal, rng)
        finally:
            self.seconds += time.process_time() - t
            self.calls += 1


class Twin:
    """Decide with ``new``; note whether ``old`` would have decided the same."""

    def __init__(self, new, old):
        self.new, self.old = new, old
        self.name = self.__name__ = getattr(new, "name", "bot")
        self.same = self.total = 0

    def __call__(self, game, observation, legal, rng):
        spare = copy.deepcopy(rng)
        choice = self.new(game, observation, legal, rng)
        self.same += self.old(game, observation, legal, spare) == choice
        self.total += 1
        return choice


def speed(spec: str, new_bot, old_bot, games: int, seed: int) -> None:
    game = Pioneers(players=4)
    rand = make_agent("random")
    timers = {"new": Timed(new_bot), "old": Timed(old_bot)}
    for g in range(games):
        for label in ("new", "old") if g % 2 == 0 else ("old", "new"):
            play(game, [timers[label], rand, rand, rand], seed=seed + g)
    ms = {k: 1000 * t.seconds / max(t.calls, 1) for k, t in timers.items()}
    print(
        f"  speed {spec:<8} new {ms['new']:8.2f} ms/decision   old {ms['old']:8.2f} "
        f"ms/decision   old/new {ms['old'] / ms['new']:5.2f}x  "
        f"({timers['new'].calls} decisions each)",
        flush=True,
    )


def agreement(spec: str, new_bot, old_bot, games: int, seed: int) -> None:
    """New in seat 0 against random bots; old asked every decision from a copy of
    the same random stream. An exact change agrees on every decision."""
    game = Pioneers(players=4)
    rand = make_agent("random")
    new, old = Timed(new_bot), Timed(old_bot)
    twin = Twin(new, old)
    for g in range(games):
        play(game, [twin, rand, rand, rand], seed=seed + g)
    print(
        f"  agree {spec:<8} same decision as old {twin.same}/{twin.total} "
        f"(seeds {seed}..{seed + games - 1}); CPU ms/decision new "
        f"{1000 * new.seconds / max(new.calls, 1):.2f}, old "
        f"{1000 * old.seconds / max(old.calls, 1):.2f}",
        flush=True,
    )


_WORKER: dict = {}


def _ladder_game(job: tuple) -> dict:
    """Play one ladder game in a worker: ``(ref, spec, seed, swap, agree, sets)``."""
    ref, spec, seed, swap, agree, sets = job
    if _WORKER.get("key") != (ref, spec, sets):
        new_bot, old_bot = _pair(spec, old_agents(ref), sets)
        _WORKER.update(key=(ref, spec, sets), new=Timed(new_bot), old=Timed(old_bot))
        _WORKER["raw_old"] = old_bot
    new, old = _WORKER["new"], _WORKER["old"]
    twin = Twin(new, _WORKER["raw_old"]) if agree else new
    seats = [old, twin, old, twin] if swap else [twin, old, twin, old]
    game = Pioneers(players=4)
    before = {k: (t.seconds, t.calls) for k, t in (("new", new), ("old", old))}
    final, record = play(game, seats, seed=seed)
    mine = {1, 3} if swap else {0, 2}
    winners = game.winners(final)
    scores = record.scores
    return {
        "seed": seed,
        "swap": swap,
        "share": sum(1 for w in winners if w in mine) / max(len(winners), 1),
        "diff": sum(scores[i] for i in mine) / 2
        - sum(scores[i] for i in range(4) if i not in mine) / 2,
        "same": twin.same if agree else 0,
        "asked": twin.total if agree else 0,
        **{
            f"{k}_{field}": getattr(t, field) - before[k][j]
            for k, t in (("new", new), ("old", old))
            for j, field in enumerate(("seconds", "calls"))
        },
    }


def ladder(
    spec: str,
    ref: str,
    games: int,
    seed: int,
    workers: int,
    agree: bool,
    rows_to: str | None = None,
    sets: tuple = (),
) -> pd.DataFrame:
    """New against old, two seats each; every deal is played twice, seats swapped.

    New's share of the wins is averaged per deal (the two games of a deal are
    not independent) and printed with a 95% interval over deals.
    """
    jobs = [
        (ref, spec, seed + g // 2, g % 2 == 1, agree, sets)
        for g in range(2 * (games // 2))
    ]
    rows = []
    log = open(rows_to, "a") if rows_to else None  # noqa: SIM115
    try:
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            with ProcessPoolExecutor(workers) as pool:
                futures = [pool.submit(_ladder_game, job) for job in jobs]
                for future in as_completed(futures):  # each game as it finishes
                    row = future.result()
                    rows.append(row)
                    if log:
                        print(json.dumps({"bot": spec, **row}), file=log, flush=True)
        else:
            for job in jobs:
                rows.append(_ladder_game(job))
                if log:
                    print(json.dumps({"bot": spec, **rows[-1]}), file=log, flush=True)
    finally:
        if log:
            log.close()
    df = pd.DataFrame(rows)
    per_deal = df.groupby("seed")[["share", "diff"]].mean()
    m, low, high = stats.mean_interval(per_deal["share"])
    d, d_low, _ = stats.mean_interval(per_deal["diff"])
    ms = {
        k: 1000 * df[f"{k}_seconds"].sum() / max(df[f"{k}_calls"].sum(), 1)
        for k in ("new", "old")
    }
    agreed = f"; same decision as old {df.same.sum()}/{df.asked.sum()}" if agree else ""
    print(
        f"  ladder {spec:<7} new's win share {m:.3f} [{low:.3f}, {high:.3f}] over "
        f"{len(df)} games ({len(per_deal)} deals, seats swapped); score new-old "
        f"{d:+.2f} +-{d - d_low:.2f}; CPU ms/decision in these games new "
        f"{ms['new']:.2f}, old {ms['old']:.2f}{agreed}",
        flush=True,
    )
    return df


def _pair(spec: str, old: dict, sets: tuple = ()) -> tuple:
    """Today's bot for ``spec`` and the old version with the same budget.

    ``sets``: ``(name, value)`` attributes set on today's bot only.
    """
    new_bot = make_agent(spec)
    old_bot = old[spec.split(":")[0]]()
    for attr in ("iterations", "simulations"):
        if hasattr(new_bot, attr):
            setattr(old_bot, attr, getattr(new_bot, attr))
    for name, value in sets:
        if not hasattr(new_bot, name):
            raise SystemExit(f"--new-set: {spec} has no attribute {name!r}")
        setattr(new_bot, name, value)
    return new_bot, old_bot


def _setting(text: str) -> tuple[str, object]:
    """``"name=value"`` -> ``(name, value)``, the value as int, float or text."""
    name, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return name, kind(value)
        except ValueError:
            pass
    return name, value


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--ref", default="d0a5e4e")
    ap.add_argument("--bots", default="greedy,mcts")
    ap.add_argument("--games", type=int, default=2, help="speed games per version")
    ap.add_argument("--ladder-games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1, help="ladder processes")
    ap.add_argument(
        "--agree-games",
        type=int,
        default=0,
        help="games (new in seat 0, random elsewhere) in which old is asked too",
    )
    ap.add_argument(
        "--agree",
        action="store_true",
        help="in the ladder, also ask old for every decision new makes (slower)",
    )
    ap.add_argument("--out", default=None, help="ladder rows to this Parquet file")
    ap.add_argument(
        "--rows", default=None, help="append each ladder game to this JSON-lines file"
    )
    ap.add_argument(
        "--new-set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an attribute of new's bot (text; ints and floats as numbers)",
    )
    args = ap.parse_args()
    sets = tuple(_setting(text) for text in args.new_set)
    old = old_agents(args.ref)
    engine = ", ".join(
        f"{n.rsplit('.', 1)[1]} {how}" for n, how in compiled.status().items()
    )
    print(f"engine: {engine}")
    changed = "".join(f", {n}={v!r}" for n, v in sets)
    print(
        f"new: this checkout{changed}; old: toolkit/agents at {args.ref}; "
        "Pioneers 4 players"
    )
    frames = []
    for spec in args.bots.split(","):
        new_bot, old_bot = _pair(spec, old, sets)
        if args.games:
            speed(spec, new_bot, old_bot, args.games, args.seed)
        if args.agree_games:
            agreement(spec, new_bot, old_bot, args.agree_games, args.seed)
        if args.ladder_games:
            df = ladder(
                spec,
                args.ref,
                args.ladder_games,
                args.seed + 10_000,
                args.workers,
                args.agree,
                args.rows,
                sets,
            )
            frames.append(df.assign(bot=spec))
    if args.out and frames:
        pd.concat(frames, ignore_index=True).to_parquet(args.out)


if __name__ == "__main__":
    main()
