"""Ladder for issue 17: the greedy bot that weighs whom it pays vs the one before.

``new``: today's greedy bot (``GreedyAgent`` through the Pioneers
``greedy_values`` hook, :func:`toolkit.pioneers.bots.greedy_values`) choosing
among every route choice ``legal_actions`` offers: each action is charged for
the money it hands each rival (a route's tolls, a join's price) weighed by how
close that rival is to winning (``LEADER_WEIGHT``, ``WIN_TEMPERATURE``), and
the roads it places count how much nearer they bring its farther pioneers to
its best network (``POTENTIAL``, :func:`toolkit.pioneers.bots.road_potential`).
``new:W:T:C:F:R:H:S:P:N`` sets that weight and temperature and the other knobs
of ``greedy_values`` (thrift, focus, roads ahead, hoard share and reserve,
potential, near) for tuning; trailing knobs left out keep their defaults.

``old``: the greedy bot as it was before issue 17, kept here for the ladder:
own estimate minus a quarter of the others' mean, nothing for whom it pays
(``greedy_values`` with every knob off, which equals the earlier
``greedy(game, game.apply(state, a), seat, leader=0)`` for every action
exactly, ``tests/pioneers/test_greedy_bot.py``) and only the cheapest route per
target (the first listed move to each target, which is exactly the move list
before the change).

``oldeval``: the old value on the new move list (to separate the two effects).

4-player games, seats A, B, A, B rotating through the seats, deals shared by
the rotations (``toolkit.analysis.tournament``), seeded. Prints A's share of
the wins per game (0.5 = equal) with a 95% interval (``toolkit.analysis.stats``)
and the mean score difference, and the fares each side paid to the bank and
to other seats.

    python benchmarks/route_ladder.py --games 200 --pairs new/old,new/oldeval
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from typing import Any

from toolkit.agents.base import determinize, view_of
from toolkit.analysis import stats
from toolkit.analysis.tournament import tournament
from toolkit.pioneers import MoveCoach
from toolkit.pioneers import bots as pioneer_bots


def first_per_target(legal: Sequence[Any]) -> list:
    """The first listed move to each target (its cheapest route), others kept."""
    seen: set = set()
    out = []
    for a in legal:
        if isinstance(a, MoveCoach):
            if a.target in seen:
                continue
            seen.add(a.target)
        out.append(a)
    return out


class EarlierGreedy:
    """The greedy bot with the earlier value (``leader=0``); ``cheapest``: only the
    cheapest route per target, as the move list offered before issue 17."""

    def __init__(self, cheapest: bool = True) -> None:
        self.cheapest = cheapest
        self.name = self.__name__ = "old" if cheapest else "oldeval"

    def __call__(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        if self.cheapest:
            legal = first_per_target(legal)
        if len(legal) == 1:
            return legal[0]
        seat, view = view_of(game, observation)
        state = determinize(game, view, seat, rng)
        # exactly the earlier greedy(game, game.apply(state, a), seat, leader=0)
        # (tests/pioneers/test_greedy_bot.py), with the work shared between them
        values = pioneer_bots.greedy_values(
            game,
            state,
            seat,
            legal,
            leader=0.0,
            thrift=0.0,
            focus=0.0,
            roads_ahead=0.0,
            share=0.0,
            potential=0.0,
            near=0.0,
        )
        best: list[Any] = []
        top = -float("inf")
        for action, v in zip(legal, values, strict=True):
            if v > top + 1e-9:
                top, best = v, [action]
            elif v > top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class NewGreedy:
    """Today's greedy bot; ``new:W:T:C:F:R:H:S:P:N`` sets the weight and the
    temperature of :func:`toolkit.pioneers.bots.rival_weights`, the thrift of
    :func:`toolkit.pioneers.bots.money_weights` and the focus, roads-ahead,
    hoard share and reserve, potential and near of
    :func:`toolkit.pioneers.bots.greedy_values` (for tuning)."""

    def __init__(
        self,
        weight: float = pioneer_bots.LEADER_WEIGHT,
        temperature: float = pioneer_bots.WIN_TEMPERATURE,
        thrift: float = pioneer_bots.THRIFT,
        focus: float = pioneer_bots.FOCUS,
        roads_ahead: float = pioneer_bots.ROADS_AHEAD,
        hoard: float = pioneer_bots.HOARD,
        reserve: float = pioneer_bots.RESERVE,
        potential: float = pioneer_bots.POTENTIAL,
        near: float = pioneer_bots.NEAR,
    ) -> None:
        self.params = (
            weight,
            temperature,
            thrift,
            focus,
            roads_ahead,
            hoard,
            reserve,
            potential,
            near,
        )
        default = self.params == (
            pioneer_bots.LEADER_WEIGHT,
            pioneer_bots.WIN_TEMPERATURE,
            pioneer_bots.THRIFT,
            pioneer_bots.FOCUS,
            pioneer_bots.ROADS_AHEAD,
            pioneer_bots.HOARD,
            pioneer_bots.RESERVE,
            pioneer_bots.POTENTIAL,
            pioneer_bots.NEAR,
        )
        self.name = self.__name__ = (
            "new" if default else "new:" + ":".join(map(str, self.params))
        )

    def __call__(
        self, game: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        seat, view = view_of(game, observation)
        state = determinize(game, view, seat, rng)
        values = pioneer_bots.greedy_values(game, state, seat, legal, *self.params)
        best: list[Any] = []
        top = -float("inf")
        for action, v in zip(legal, values, strict=True):
            if v > top + 1e-9:
                top, best = v, [action]
            elif v > top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


AGENTS = {
    "old": lambda: EarlierGreedy(True),
    "oldeval": lambda: EarlierGreedy(False),
}


def make(spec: str) -> Any:
    """``old``, ``oldeval``, ``new`` or ``new:W:T:C:F:R:H:S:P:N`` (see NewGreedy)."""
    if spec in AGENTS:
        return AGENTS[spec]()
    name, *params = spec.split(":")
    if name != "new":
        raise SystemExit(f"unknown bot {spec!r}: old, oldeval, new or new:W:...")
    return NewGreedy(*map(float, params))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", default="new/old")
    ap.add_argument("--out", default=None, help="write the seat rows to this CSV")
    args = ap.parse_args()
    print(
        f"route ladder: Pioneers 4p, {args.games} games per pair (A,B,A,B rotating), "
        f"seed {args.seed}, leader weight {pioneer_bots.LEADER_WEIGHT}, "
        f"win temperature {pioneer_bots.WIN_TEMPERATURE}, "
        f"road potential {pioneer_bots.POTENTIAL}"
    )
    for k, pair in enumerate(args.pairs.split(",")):
        a, b = pair.split("/")
        t = time.perf_counter()
        agents = [make(a), make(b), make(a), make(b)]
        r = tournament(
            "pioneers",
            agents,
            games=args.games,
            seed=args.seed + k,
            workers=args.workers,
        )
        seats = r.seats.assign(side=r.seats.entrant % 2)
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
            f"{a} vs {b}: {len(share)} games, {a}'s share of the wins {m:.3f} "
            f"(95% interval [{low:.3f}, {high:.3f}], p = {p:.1e}); "
            f"score {a} - {b} {d:+.2f} +- {d - d_low:.2f} VP "
            f"({time.perf_counter() - t:.0f} s)",
            flush=True,
        )
        if args.out:
            seats.assign(pair=pair).to_csv(
                args.out, mode="a", header=k == 0, index=False
            )
        cols = [c for c in ("fares_bank", "tolls_paid", "tolls_earned") if c in seats]
        if cols:
            print(
                "  per seat and game: " + seats.groupby("side")[cols].mean().to_string()
            )


if __name__ == "__main__":
    main()
