"""Pioneers' observation encoding in parts that update: a drop-in for its encoding part.

``toolkit/pioneers/encoding.py`` is being rewritten elsewhere (issue 17: one
stagecoach move per payment outcome), so its encoder still rebuilds the whole
vector on every call. :class:`PartsPioneersEncoder` is the same encoder with the
observation described as :class:`toolkit.envs.encoding.Part` s (the base's
``encode`` and :class:`~toolkit.envs.encoding.Tracker` s then build and update
it) and its action table an :class:`~toolkit.envs.encoding.ActionTable`. Moving it
into the encoding part means: add the methods below to ``PioneersEncoder``, call
``self._build_parts()`` at the end of ``__init__``, replace ``self._index = {a:
i ...}`` by ``ActionTable(acts)``, and delete ``PioneersEncoder.encode`` (the
base's ``encode`` builds the vector from the parts). The action encoding is not
touched.

Run::

    python benchmarks/pioneers_encoder_parts.py [--games 3] [--seconds 3]

checks that it gives the encoder's exact vectors (fresh and tracked, every seat,
every state of seeded random games at 2, 3 and 4 players), then times the
PettingZoo AEC loop with either encoder, interleaved, and prints the ratio.
"""

from __future__ import annotations

import argparse
import random
import time
from operator import attrgetter
from typing import Any

import numpy as np

from toolkit.core import make_game, play, random_agent, replay_states
from toolkit.envs import pettingzoo_env
from toolkit.envs.encoding import ActionTable, EncoderBase, Part
from toolkit.pioneers.encoding import MONEY_CAP, PioneersEncoder

#: The state fields the head part (phase, seats, turn counters) reads.
HEAD = (
    "phase",
    "seat",
    "active",
    "start_player",
    "round",
    "actions_left",
    "used",
    "forced",
    "roads_to_place",
    "extras_left",
    "end_triggered",
    "round_active",
    "deck",
    "bank",
    "shortfall",
    "tile",
    "join_need",
    "offer",
)


class PartsPioneersEncoder(PioneersEncoder):
    """:class:`~toolkit.pioneers.encoding.PioneersEncoder` in updating parts."""

    encode = EncoderBase.encode  # from the parts

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._index = ActionTable(list(self._index))  # C-level keys, same indices
        self._build_parts()

    def _build_parts(self) -> None:
        self._tile_index = {t: i for i, t in enumerate(self._tile_types)}
        self._profession_index = {p: i for i, p in enumerate(self._professions)}
        self._city_row = 3 + len(self._tile_types) + self.players
        self._wagon_width = self.players + 6 + self._seats
        self.set_parts(
            [
                Part(attrgetter(*HEAD), self._fill_head),
                Part(attrgetter("coach", "city"), self._fill_marks),
                Part(attrgetter("covered"), self._fill_covered, rows=True),
                Part(attrgetter("tiles"), self._fill_tile, rows=True),
                Part(attrgetter("settled"), self._fill_settled, rows=True),
                Part(attrgetter("roads"), self._fill_road, rows=True),
                Part(attrgetter("market", "unseen"), self._fill_market),
                Part(self._fleets, self._fill_fleet, rows=True),
                Part(self._purses, self._fill_purse, rows=True),
            ]
        )

    def _fill_head(self, s: Any, seat: int) -> tuple[list[int], list[float]]:
        P, o = self.players, self._offset
        idx = [o["phase"] + self._phase[s.phase], o["active"] + (s.active - seat) % P]
        val = [1.0, 1.0]
        if s.phase != "over" and s.seat >= 0:
            idx.append(o["to_move"] + (s.seat - seat) % P)
            val.append(1.0)
        if s.start_player >= 0:
            idx.append(o["start_player"] + (s.start_player - seat) % P)
            val.append(1.0)
        turn = (
            s.round,
            s.actions_left,
            "R1" in s.used,
            "R2" in s.used,
            "W" in s.used,
            s.forced,
            s.roads_to_place,
            s.extras_left,
            s.end_triggered,
            s.round_active,
            s.deck,
            s.bank is not None,
            s.bank or 0,
            min(s.shortfall, MONEY_CAP),
        )
        k = o["turn"]
        for j, x in enumerate(turn):
            if x:
                idx.append(k + j)
                val.append(float(x))
        if s.tile is not None:
            idx.append(o["tile_removed"] + self._tile_index[s.tile])
            val.append(1.0)
        if s.join_need is not None:
            idx.append(o["join_need"] + self._profession_index[s.join_need])
            val.append(1.0)
        for x in s.offer:
            idx.append(o["offer"] + (x - seat) % P)
            val.append(1.0)
        return idx, val

    def _fill_marks(self, s: Any, seat: int) -> tuple[list[int], float]:
        base, row = self._offset["cities"], self._city_row
        idx = [base + self._city[s.coach] * row + 1]
        if 0 <= s.city < len(s.covered):
            idx.append(base + s.city * row + 2)
        return idx, 1.0

    def _fill_covered(
        self, s: Any, seat: int, i: int, cov: Any
    ) -> tuple[list[int], float]:
        return ([self._offset["cities"] + i * self._city_row] if cov else []), 1.0

    def _fill_tile(
        self, s: Any, seat: int, i: int, tile: Any
    ) -> tuple[list[int], float]:
        if tile is None:
            return [], 1.0
        k = self._offset["cities"] + i * self._city_row + 3
        return [k + self._tile_index[tile]], 1.0

    def _fill_settled(
        self, s: Any, seat: int, i: int, settled: Any
    ) -> tuple[list[int], list[float]]:
        P = self.players
        k = self._offset["cities"] + i * self._city_row + 3 + len(self._tile_types)
        idx = [k + (x - seat) % P for x, n in enumerate(settled) if n]
        return idx, [float(n) for n in settled if n]

    def _fill_road(
        self, s: Any, seat: int, e: int, owners: Any
    ) -> tuple[list[int], float]:
        P = self.players
        k = self._offset["roads"] + e * 2 * P
        return [k + j * P + (x - seat) % P for j, x in enumerate(owners)], 1.0

    def _fill_market(self, s: Any, seat: int) -> tuple[list[int], float]:
        base, row, P = self._offset["wagons"], self._wagon_width, self.players
        wrow = self._wagon_row
        idx = [
            base + wrow[w] * row + P + slot
            for slot, w in enumerate(s.market)
            if w is not None
        ]
        idx += [base + wrow[w] * row + P + 4 for w in s.unseen]
        return idx, 1.0

    @staticmethod
    def _fleets(s: Any) -> tuple:
        return tuple(p.wagons for p in s.players)

    def _fill_fleet(
        self, s: Any, seat: int, x: int, wagons: Any
    ) -> tuple[list[int], float]:
        base, row, P = self._offset["wagons"], self._wagon_width, self.players
        r = (x - seat) % P
        idx = []
        for w in wagons:
            k = base + self._wagon_row[w.id] * row
            idx.append(k + r)
            if w.face_up:
                idx.append(k + P + 5)
            idx += [k + P + 6 + j for j, occ in enumerate(w.occupied) if occ]
        return idx, 1.0

    @staticmethod
    def _purses(s: Any) -> tuple:
        return tuple(p[:5] + p[6:] for p in s.players)  # all but the wagons

    def _fill_purse(
        self, s: Any, seat: int, x: int, purse: Any
    ) -> tuple[list[int], list[float]]:
        money, vp, roads_left, supply, nuggets, bankers, merchants = purse
        n = len(self.player_fields)
        k = self._offset["players"] + (x - seat) % self.players * n
        known = [v for v in nuggets if v is not None]
        row = (
            min(money, MONEY_CAP),
            vp,
            roads_left,
            supply,
            bankers,
            merchants,
            len(nuggets),
            *(known.count(v) for v in self._nuggets),
        )
        idx = [k + j for j, v in enumerate(row) if v]
        return idx, [float(v) for v in row if v]


def check(games: int) -> int:
    checked = 0
    for players in (2, 3, 4):
        game = make_game("pioneers", players)
        ref, new = PioneersEncoder(game), PartsPioneersEncoder(game)
        trackers = [new.tracker(s) for s in range(players)]
        for seed in range(games):
            _, record = play(game, [random_agent] * players, seed=seed)
            for state in replay_states(record, game):
                for seat in range(players):
                    view = game.observe(state, seat)
                    want = ref.encode(view, seat)
                    assert np.array_equal(want, new.encode(view, seat))
                    assert np.array_equal(want, trackers[seat].update(view))
                    checked += 1
                for a in (
                    game.legal_actions(state)
                    if game.to_move(state) not in (None, -1)
                    else ()
                ):
                    assert new.action_index(a) == ref.action_index(a)
    return checked


def aec_rate(env: Any, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            obs, _r, terminated, truncated, _i = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"same vectors as PioneersEncoder: {check(args.games)} observations checked")
    today = pettingzoo_env("pioneers", players=4, seed=0)
    parts = pettingzoo_env("pioneers", players=4, seed=0)
    parts.encoder = PartsPioneersEncoder(parts.game)
    parts._trackers = [parts.encoder.tracker(s) for s in range(4)]
    ratios = []
    for r in range(args.rounds):
        a = aec_rate(today, args.seconds, 100 * r)
        b = aec_rate(parts, args.seconds, 100 * r)
        ratios.append(b / a)
        print(
            f"round {r + 1}: AEC steps/s today {a:,.0f}, in parts {b:,.0f} ({b / a:.2f}x)"
        )
    print(f"median ratio {sorted(ratios)[len(ratios) // 2]:.2f}x")


if __name__ == "__main__":
    main()
