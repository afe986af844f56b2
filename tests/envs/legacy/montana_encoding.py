"""Montana's encoding part: fixed action, chance and observation spaces.

Actions (one index each): ``recruit``; ``hire`` of each pair of colours;
``move 1-7``; ``dismiss`` of each colour; ``bank`` with each multiset of 1-3
workers; ``work`` on each area and space with each multiset of 1-2 workers;
``small`` with each multiset of 1-2 workers; ``city`` and ``place`` on each of
the 12 city spaces; ``pass``; ``collect``; ``build`` on each hex of the
landscape; each ``trade``; ``canteen``; ``done``.  Chance: the 72 tiles with
rotations, the starting hexes, the 8 wheel segments, the start seats and the
turn cap.  Everything is open, so the observation is the whole state: per hex
its type, cattle, canteen, starting tile, owner and settlements; the supplies;
each player's board; the action board's workers; the city; the wheel; the
phase and who acts; the round and the end flags.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, ClassVar

import numpy as np

from toolkit.envs.encoding import EncoderBase, Layout
from toolkit.montana.actions import TRADES, worker_text
from toolkit.montana.state import BANK_SPOTS
from toolkit.montana.tables import AREAS, COLOURS, GOODS, ROWS

PHASES = (
    "tile", "start", "spin", "first", "cap", "action", "hire", "dismiss", "extra",
    "small", "city", "payout", "build", "canteen", "over",
)  # fmt: skip
_CAP = 99
#: A bound on the decisions and chance turns of one turn (action, hire and
#: dismiss steps, up to 12 city placements and the payouts, 3 hexes, a canteen).
STEPS_PER_TURN = 40
#: Bound on cattle trades in a game: starting cattle plus the 12 cattle hexes.
TRADES_PER_GAME = 16
NOMINAL_TURNS = 300


def _sets(n: int) -> list[str]:
    return [
        worker_text(tuple(c.count(k) for k in range(4)))
        for c in combinations_with_replacement(range(4), n)
    ]


class Encoder(EncoderBase):
    """The encoder of :class:`~toolkit.montana.Montana`."""

    #: OpenSpiel needs every game to end: there ``max_turns`` defaults to 300.
    openspiel_defaults: ClassVar[dict[str, Any]] = {"max_turns": NOMINAL_TURNS}

    def __init__(self, game: Any) -> None:
        self.game, self.players = game, game.players
        n, hexes = game.players, game.hexes
        one_two = _sets(1) + _sets(2)
        labels = ["recruit"]
        labels += [f"hire {w}" for w in _sets(2)]
        labels += [f"move {k}" for k in range(1, 8)]
        labels += [f"dismiss {c}" for c in COLOURS]
        labels += [f"bank {w}" for w in _sets(1) + _sets(2) + _sets(3)]
        labels += [
            f"work {a} {s} {w}" for a in AREAS for s in (1, 2, 3) for w in one_two
        ]
        labels += [f"small {w}" for w in one_two]
        labels += [f"city {r}{c}" for r in ROWS for c in (1, 2, 3)]
        labels += [f"place {r}{c}" for r in ROWS for c in (1, 2, 3)]
        labels += ["pass", "collect"]
        labels += [f"build {q},{r}" for q, r in hexes]
        labels += [f"trade {t}" for t in TRADES]
        labels += ["canteen", "done"]
        self.action_labels = tuple(labels)
        self._index = {label: i for i, label in enumerate(labels)}
        chance = [f"tile {t} r{k}" for t in range(1, 13) for k in range(6)]
        chance += [f"start {q},{r}" for q, r in hexes]
        chance += [f"spin {k}" for k in range(8)]
        chance += [f"first {s}" for s in range(n)]
        chance += ["cap"]
        self.chance_labels = tuple(chance)
        self._chance_index = {}
        self._chance_text = {label: i for i, label in enumerate(chance)}
        self.max_score = float(game.settlements)
        turns = game.options["max_turns"] or NOMINAL_TURNS
        setup = len(game.centres) + 1 + 4 * n + 1
        self.max_game_length = (
            setup + (turns + n + 6) * STEPS_PER_TURN + TRADES_PER_GAME
        )
        lay = Layout()
        lay.add("hexes", (len(hexes), 6), [13, 1, 1, 1, n, 3],
                "per hex: type (0 unknown, 1-13 in hex_types order), cattle, canteen, "
                "starting tile, owner + 1, settlements")  # fmt: skip
        lay.add("supply", (len(GOODS),), _CAP, "goods in the general supply")
        lay.add("pool", (len(COLOURS),), 18, "workers in the general supply")
        lay.add("herd", (1,), 24, "cattle in the general supply")
        lay.add("players", (n, 15), [_CAP] * 6 + [8] * 4 + [_CAP, 24, 6, 12, 1],
                "per seat: goods, workers, coins, cattle, canteens, settlements left, "
                "paid extra hire this round")  # fmt: skip
        lay.add("spots", (BANK_SPOTS + 24, 4), 3, "workers on the action board")
        lay.add("city", (len(ROWS), 2), [n, 3], "per row: seat + 1 and column")
        lay.add("wheel", (8,), 1, "one-hot: the pointer's segment")
        lay.add("phase", (len(PHASES),), 1, "one-hot: the pending decision")
        lay.add("active", (n,), 1, "one-hot: whose turn it is")
        lay.add("decider", (n,), 1, "one-hot: who decides now")
        lay.add("seat", (n,), 1, "one-hot: the observing seat")
        lay.add("incoming", (4,), 2, "hired workers waiting (over 8)")
        lay.add("step", (4,), [_CAP, 3, BANK_SPOTS + 24, 1],
                "round (capped), hexes built this action, production spot used + 1, "
                "end triggered")  # fmt: skip
        self.set_layout(lay)
        self._types = {code: i + 1 for i, code in enumerate(game.tables.hex_types)}

    def action_index(self, action: Any) -> int:
        """The index of a decision (by its notation)."""
        return self._index[str(action)]

    def chance_index(self, outcome: Any) -> int:
        """The index of a chance outcome (by its notation)."""
        return self._chance_text[str(outcome)]

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The float32 vector of an observation (see the layout)."""
        s, v, o = observation, np.zeros(self.size, dtype=np.float32), self._offset
        n = self.players
        base = o["hexes"]
        for h, kind in enumerate(s.kinds):
            row = base + 6 * h
            v[row] = self._types.get(kind, 0)
            v[row + 1] = s.cattle[h]
            v[row + 2] = s.canteen[h]
            v[row + 3] = int(h == s.start)
            v[row + 4] = s.owner[h] + 1
            v[row + 5] = s.stack[h]
        v[o["supply"] : o["supply"] + 6] = np.minimum(s.supply, _CAP)
        v[o["pool"] : o["pool"] + 4] = s.pool
        v[o["herd"]] = s.herd
        for i, p in enumerate(s.players):
            row = o["players"] + 15 * i
            v[row : row + 6] = np.minimum(p.goods, _CAP)
            v[row + 6 : row + 10] = p.workers
            v[row + 10] = min(p.coins, _CAP)
            v[row + 11] = p.cattle
            v[row + 12] = p.canteens
            v[row + 13] = p.left
            v[row + 14] = int(p.hired == s.round and s.round > 0)
        for k, workers in enumerate(s.spots):
            v[o["spots"] + 4 * k : o["spots"] + 4 * k + 4] = np.minimum(workers, 3)
        for r, (who, col) in enumerate(s.city):
            v[o["city"] + 2 * r] = who + 1
            v[o["city"] + 2 * r + 1] = col
        v[o["wheel"] + s.wheel] = 1
        v[o["phase"] + PHASES.index(s.phase)] = 1
        if 0 <= s.active < n and s.phase != "over":
            v[o["active"] + s.active] = 1
        if 0 <= s.decider < n and s.phase != "over":
            v[o["decider"] + s.decider] = 1
        v[o["seat"] + seat] = 1
        v[o["incoming"] : o["incoming"] + 4] = np.minimum(s.incoming, 2)
        v[o["step"]] = min(s.round, _CAP)
        v[o["step"] + 1] = s.built
        v[o["step"] + 2] = s.used + 1
        v[o["step"] + 3] = int(s.ended)
        return v
