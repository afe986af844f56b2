"""Route choice (issue 17): move-generation speed, moves per decision, whom moves pay.

Run from a checkout (``PYTHONPATH=<checkout>``), once per tree to compare, e.g.
the tree before the change and after it, interleaved:

    PYTHONPATH=/work/main python benchmarks/route_choice.py speed
    PYTHONPATH=$PWD      python benchmarks/route_choice.py speed
    PYTHONPATH=<tree>    python benchmarks/route_choice.py records --games 200

``speed``: the move decisions of the middle third of ``--games`` seeded games on
the 4-player board, played by random agents that choose among the *cheapest*
route per target only (the first move per target, which is the whole list
before the change), so both trees time the very same positions. With
``--all-moves`` the agents choose among every legal action (two trees with the
same move lists play the same games), every move decision of the games is
timed (not only the middle third), and the route search's memo is emptied
before each timed call, so every call searches. Per position:
``game.legal_actions`` (fresh copy of the state, best of 3, thread CPU time);
prints median, p90, max and the distribution of the number of moves listed.

``records``: ``--games`` seeded games per player count with ``core.play`` and
uniformly random agents (as ``records_digest.py``), then from each record:
the number of legal moves at each move decision (how wide the choice is), and
for every stagecoach move what it paid to the bank and to other seats. Prints
one SHA-256 of the records per player count, so two trees can be compared.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import statistics
import time

from toolkit.core import CHANCE, make_game, play, random_agent, sample_outcome, streams
from toolkit.core.record import replay_states
from toolkit.pioneers import MoveCoach, Pioneers, coach


def first_per_target(legal: list) -> list:
    """The first listed move to each target (the cheapest route), other actions kept."""
    seen: set = set()
    out = []
    for a in legal:
        if isinstance(a, MoveCoach):
            if a.target in seen:
                continue
            seen.add(a.target)
        out.append(a)
    return out


def positions(game: Pioneers, seed: int, all_moves: bool = False) -> list:
    """Move-phase states of the middle third of one game (cheapest-route agents,
    or with ``all_moves`` agents choosing among every legal action)."""
    chance, agents = streams(seed, game.players)
    state, out = game.setup(), []
    while not game.is_over(state):
        seat = game.to_move(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance)
        else:
            legal = game.legal_actions(state)
            if not all_moves:
                legal = first_per_target(legal)
            if state.phase == "move":
                out.append(state)
            action = legal[agents[seat].randrange(len(legal))]
        state = game.apply(state, action)
    if all_moves:  # every move decision: the late game has the widest searches
        return out
    lo, hi = state.round / 3, 2 * state.round / 3
    return [s for s in out if lo <= s.round <= hi]


def spread(counts: list[int]) -> str:
    c = collections.Counter(counts)
    s = sorted(counts)
    head = ", ".join(f"{k}:{c[k]}" for k in sorted(c)[:12])
    return (
        f"mean {statistics.mean(s):.2f}  median {statistics.median(s)}  "
        f"p90 {s[int(0.9 * (len(s) - 1))]}  max {s[-1]}  (n={len(s)}; "
        f"moves:decisions {head}{' ...' if len(c) > 12 else ''})"
    )


def speed(games: int, seed: int, all_moves: bool = False) -> None:
    game = Pioneers(players=4)
    states = [s for g in range(games) for s in positions(game, seed + g, all_moves)]
    us, sizes = [], []
    for s in states:
        best = None
        for _ in range(3):
            fresh = type(s)(*s)
            if all_moves:  # the route search every time, not its memo's answer
                coach._CHOICES.clear()
            t0 = time.thread_time_ns()
            legal = game.legal_actions(fresh)
            dt = time.thread_time_ns() - t0
            best = dt if best is None else min(best, dt)
        us.append(best / 1000)
        sizes.append(sum(isinstance(a, MoveCoach) for a in legal))
    us.sort()
    print(
        f"legal_actions at move decisions, 4p board, {len(states)} positions "
        f"({'all' if all_moves else 'middle third'} of {games} games, "
        f"seeds {seed}..{seed + games - 1}): "
        f"mean {statistics.mean(us):.1f} us  "
        f"median {statistics.median(us):.1f} us  p90 {us[int(0.9 * (len(us) - 1))]:.1f}"
        f" us  p99 {us[int(0.99 * (len(us) - 1))]:.1f} us  max {us[-1]:.1f} us"
    )
    print(f"  moves listed per decision: {spread(sizes)}")


def records(games: int, players_list: list[int]) -> None:
    for players in players_list:
        game = make_game("pioneers", players)
        h = hashlib.sha256()
        sizes: list[int] = []
        bank = rivals = moves = steps = 0
        dearer = 0  # moves that cost more than the cheapest route to their target
        for seed in range(games):
            _, record = play(game, [random_agent] * players, seed=seed)
            h.update(record.to_json().encode())
            for state, text in zip(
                replay_states(record, game), record.actions, strict=False
            ):
                if game.to_move(state) == CHANCE or state.phase != "move":
                    continue
                legal = game.legal_actions(state)
                sizes.append(sum(isinstance(a, MoveCoach) for a in legal))
                action = game.parse_action(text)
                if not isinstance(action, MoveCoach):
                    continue
                pay = game.payments(state, action.path)
                bank += pay.get("bank", 0)
                rivals += sum(v for k, v in pay.items() if k != "bank")
                moves += 1
                steps += len(action.path) - 1
                cheapest = min(
                    a.cost
                    for a in legal
                    if isinstance(a, MoveCoach) and a.target == action.target
                )
                dearer += action.cost > cheapest
        print(f"pioneers {players}p random x{games}: {h.hexdigest()}")
        print(f"  moves listed per move decision: {spread(sizes)}")
        print(
            f"  {moves} stagecoach moves, {steps / max(moves, 1):.2f} steps each: "
            f"${bank} to the bank, ${rivals} to other seats "
            f"({rivals / max(bank + rivals, 1):.1%} of all fares); "
            f"{dearer} moves dearer than the cheapest route to their target"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["speed", "records"])
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument(
        "--all-moves",
        action="store_true",
        help="speed: agents choose among all legal actions (every way to pay), "
        "and the route search's memo is emptied before each timed call",
    )
    args = ap.parse_args()
    if args.what == "speed":
        speed(args.games or 40, args.seed, args.all_moves)
    else:
        records(args.games or 200, args.players)


if __name__ == "__main__":
    main()
