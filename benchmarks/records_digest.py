"""Digest of seeded game records: proves a refactoring left every game unchanged.

Plays ``--games`` seeded games of every registered game at every player count
with random agents (and, for ``--bots``, a greedy seat), and prints one SHA-256
per game and player count over the JSON records, in seed order. Two trees that
print the same digests play byte-identical games.

    python benchmarks/records_digest.py --games 200 [--only montana,pioneer_days]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

# This checkout's toolkit, whichever one the interpreter has installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toolkit import GAMES
from toolkit.core import make_game, play, random_agent

#: Options that keep random games short (random Anno 1503 games can run for
#: thousands of turns before anyone meets three victory conditions).
OPTIONS = {"anno1503": {"max_turns": 200}}


def digest(name: str, players: int, games: int, greedy: bool) -> str:
    """SHA-256 over the records of seeds 0..games-1."""
    h = hashlib.sha256()
    game = make_game(name, players, **OPTIONS.get(name, {}))
    agents = [random_agent] * players
    if greedy:
        from toolkit.agents import GreedyAgent

        agents = [GreedyAgent(), *agents[1:]]
    for seed in range(games):
        _, record = play(game, agents, seed=seed)
        h.update(record.to_json().encode())
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--greedy-games", type=int, default=10)
    parser.add_argument(
        "--only", default="", help="comma-separated game names (default: every game)"
    )
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(GAMES)
    for name in names:
        game = make_game(name, 2)
        for players in range(game.min_players, game.max_players + 1):
            print(
                f"{name} {players}p random x{args.games}: "
                f"{digest(name, players, args.games, False)}"
            )
            print(
                f"{name} {players}p greedy+random x{args.greedy_games}: "
                f"{digest(name, players, args.greedy_games, True)}"
            )


if __name__ == "__main__":
    main()
