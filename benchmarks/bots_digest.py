"""Digest of the bots' seeded decisions: proves a speed-up left every choice unchanged.

For each bot, plays ``--games`` seeded Pioneers games (4 players) with the bot in
seat 0 and random bots elsewhere, and prints one SHA-256 over the JSON game
records, in seed order, with the bot's CPU time per decision. Two trees (or two
commits) that print the same digest for a bot made the same decision at every
point of those games; unlike ``bots_versions.py --agree`` (which loads only
``toolkit/agents`` of the older commit) this covers the game's hooks
(``toolkit/pioneers/bots.py``, ``evaluation.py``) too.

    PYTHONPATH=<tree> python benchmarks/bots_digest.py [--games 4] [--seed 0]
        [--bots greedy,mc,mcts]

(``PYTHONPATH`` picks the tree whose toolkit plays: run the same script with
each tree's path to compare them.)
"""

from __future__ import annotations

import argparse
import hashlib

from bots_versions import Timed  # (a script beside this one)

from toolkit import compiled
from toolkit.agents import make_agent
from toolkit.core import play
from toolkit.pioneers import Pioneers


def digest(spec: str, games: int, seed: int) -> tuple[str, float, int]:
    """SHA-256 over the records of seeds ``seed..seed+games-1``; ms/decision; calls."""
    game = Pioneers(players=4)
    rand = make_agent("random")
    bot = Timed(make_agent(spec))
    h = hashlib.sha256()
    for g in range(games):
        _, record = play(game, [bot, rand, rand, rand], seed=seed + g)
        h.update(record.to_json().encode())
    return h.hexdigest(), 1000 * bot.seconds / max(bot.calls, 1), bot.calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bots", default="greedy,mc,mcts")
    args = ap.parse_args()
    done = sum(how == "compiled" for how in compiled.status().values())
    print(
        f"toolkit {compiled.__file__.rsplit('/', 2)[0]}: {done}/"
        f"{len(compiled.status())} modules compiled"
    )
    for spec in args.bots.split(","):
        sha, ms, calls = digest(spec, args.games, args.seed)
        print(
            f"{spec:<8} seeds {args.seed}..{args.seed + args.games - 1}: {sha}  "
            f"({calls} decisions, {ms:.2f} CPU ms/decision)",
            flush=True,
        )


if __name__ == "__main__":
    main()
