"""The fixed RL encoding of a Pioneer Days game (the ``encoding`` part).

:mod:`toolkit.envs` finds :class:`Encoder` here (contract in
:mod:`toolkit.envs.encoding`); ``encoder("pioneer_days", 3).describe()`` prints
the observation layout.  Everything is computed from ``game.observe(state,
seat)``, so the vector hides exactly what ``observe`` hides: other players'
gold values (only their token count), the gold bag (only its size) and
other players' dealt boards.

**Actions**: ``choose B`` per board side; ``take C F`` per colour and face;
``gain wood|medicine``; ``change F``; ``income``; ``act K`` per action face
(``act EQUIP`` when the display is empty, ``act EQUIP E`` per tile type);
``recruit``; ``pick E``; ``keep N``; ``buy small|large``; ``end turn``;
``discard`` per item; ``storm`` per choice; ``disease`` per townsfolk and
choice; ``fulfil`` per card, token paid, tile paid and Diplomat unit left
out (every combination the data allows); ``done``.  **Chance**: ``first``, ``deal``, ``reveal``, ``board``, ``stock``,
``roll``, ``gold`` outcomes, one index each.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from toolkit.envs.encoding import EncoderBase, Layout
from toolkit.pioneer_days import actions as A
from toolkit.pioneer_days.constants import COLOURS, FACES, PIONEER, SLOTS
from toolkit.pioneer_days.rules import CHANCE_PHASES, PHASE_TEXT, PioneerDays, tables

_CAP = 99


def _fulfilments(t: Any) -> list[A.Fulfil]:
    """Every Fulfil the town cards allow (token by nuggets, tile by type)."""
    out = []
    for card, tc in t.town.items():
        units = [u for u in A.SPARE_UNITS[1:] if getattr(tc, u)]
        for spare in ("", *units):
            golds = [1, 2, 3] if tc.gold and spare != "gold" else [0]
            eq = tc.equipment and spare != "equipment"
            tiles = list(t.equipment) if eq else [""]
            out += [A.Fulfil(card, g, e, spare) for g in golds for e in tiles]
    return out


PHASES = tuple(PHASE_TEXT)
_WAGON_KINDS = ((2, 0), (2, 1), (4, 0), (4, 1), (4, 2))


class Encoder(EncoderBase):
    """Fixed action, chance and observation spaces of :class:`PioneerDays`."""

    def __init__(self, game: PioneerDays) -> None:
        t = tables()
        self.game, self.players = game, game.players
        n = game.players
        boards = tuple(t.boards)  # PIONEER, PB1..PB8
        folk = tuple(t.folk)
        tiles = tuple(t.equipment)
        cards = tuple(t.town)
        self._boards, self._folk, self._tiles, self._cards = boards, folk, tiles, cards
        labels: list[str] = [f"choose {b}" for b in boards]
        labels += [f"take {c} {f}" for c in COLOURS for f in FACES]
        labels += ["gain wood", "gain medicine"]
        labels += [f"change {f}" for f in FACES]
        labels += ["income", *(f"act {k}" for k in FACES[1:])]
        labels += [f"act EQUIP {e}" for e in tiles]
        labels += ["recruit", *(f"pick {e}" for e in tiles)]
        labels += [f"keep {v}" for v in (1, 2, 3)]
        labels += ["buy small", "buy large", "end turn"]
        labels += ["discard wood", "discard medicine"]
        labels += [f"discard gold{v}" for v in (1, 2, 3)]
        labels += [f"discard {e}" for e in tiles]
        labels += [f"storm {c}" for c in A.STORM_CHOICES]
        labels += [f"disease {f} {c}" for f in folk for c in A.DISEASE_CHOICES]
        labels += [str(a) for a in _fulfilments(t)]
        labels.append("done")
        self.action_labels = tuple(labels)
        self._index = {label: i for i, label in enumerate(labels)}
        chance = [f"first {i}" for i in range(4)]
        chance += [f"deal {c}" for c in folk]
        chance += [f"reveal {c}" for c in cards]
        chance += [f"board {b}" for b in boards if b != PIONEER]
        chance += [f"stock {e}" for e in tiles]
        chance += [f"roll {c} {f}" for c in COLOURS for f in FACES]
        chance += [f"gold {v}" for v in (1, 2, 3)]
        self.chance_labels = tuple(chance)
        self._chance_index = {
            A.parse_action(label): i for i, label in enumerate(chance)
        }
        self.max_score = 400.0
        self.min_score = -80.0  # PD-END-2: -2 VP per damage token
        # 20 days; per turn at most ~30 steps (take, change, use, buys, draws,
        # discards), per disaster at most ~30 decisions per player
        self.max_game_length = 20 * (n + 1 + n * 60) + 200
        length = game.options["track_length"]
        lay = Layout()
        lay.add("phase", (len(PHASES) + 1,), 1, "one-hot: what is awaited (last: over)")
        lay.add("to_move", (n,), 1, "who decides now (relative seats)")
        lay.add("start", (n,), 1, "the start-player token (relative seats)")
        lay.add("time", (2,), [4, 5], "week, day")
        lay.add("bag", (5,), 5, "dice in the bag per colour")
        lay.add("pool", (5, 6), 5, "dice in the pool per colour and face")
        lay.add("aside", (5,), 5, "dice used this week per colour")
        lay.add(
            "die",
            (5 + 6 + 6 + 1,),
            1,
            "die in use: colour, face taken, face now, changed",
        )
        lay.add("tracks", (4,), length, "disaster markers, board order")
        lay.add("strikes", (4,), 20, "disasters struck so far")
        lay.add("slots", (SLOTS, len(folk)), 1, "townsfolk in each face slot")
        lay.add("folk_deck", (len(folk),), 1, "townsfolk not yet dealt")
        lay.add("display", (len(tiles),), 2, "equipment face up, per type")
        lay.add("stock", (len(tiles),), 2, "equipment in the stack, per type")
        lay.add(
            "town", (3, len(cards)), 1, "town cards: face up, in the deck, fulfilled"
        )
        lay.add(
            "misc",
            (6,),
            [1, 10, 10, 24, 24, 36],
            "discount used, small and large "
            "wagon cards left, cursor, spent, gold tokens in the bag",
        )
        lay.add("drawn", (4,), 2, "Assayer's drawn tokens: 1, 2, 3 nuggets, unseen")
        row = (
            [1] * (len(boards) + 1)  # board side, unknown
            + [2] * len(boards)  # dealt boards seen, then unseen
            + [_CAP] * 4  # silver, cattle, wood, medicine
            + [36] * 4  # gold by nuggets, unseen tokens
            + [2] * len(tiles)
            + [20] * len(_WAGON_KINDS)
            + [1] * len(folk)
            + [50, 200, 20]  # favors, vp, turns
        )
        lay.add("players", (n, len(row)), row, "per player (relative seats)")
        self.set_layout(lay)

    def action_index(self, action: Any) -> int:
        """The index of a decision: its notation's place in ``action_labels``."""
        return self._index[str(action)]

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The vector of ``observation`` (``game.observe(state, seat)``)."""
        s = observation
        n = self.players
        v = np.zeros(self.size, dtype=np.float32)
        o = self._offset

        def rel(x: int) -> int:
            return (x - seat) % n

        phase = s.phase
        v[o["phase"] + (PHASES.index(phase) if phase in PHASES else len(PHASES))] = 1
        mover = self.game.to_move(s)
        if mover is not None and mover >= 0 and phase not in CHANCE_PHASES:
            v[o["to_move"] + rel(mover)] = 1
        if s.start >= 0:
            v[o["start"] + rel(s.start)] = 1
        v[o["time"]], v[o["time"] + 1] = s.week, s.day
        v[o["bag"] : o["bag"] + 5] = s.bag
        for colour, face in s.pool:
            v[o["pool"] + COLOURS.index(colour) * 6 + FACES.index(face)] += 1
        v[o["aside"] : o["aside"] + 5] = s.aside
        if s.die:
            v[o["die"] + COLOURS.index(s.die[0])] = 1
            v[o["die"] + 5 + FACES.index(s.die[1])] = 1
        if s.face:
            v[o["die"] + 11 + FACES.index(s.face)] = 1
        v[o["die"] + 17] = s.changed
        v[o["tracks"] : o["tracks"] + 4] = s.tracks
        v[o["strikes"] : o["strikes"] + 4] = [min(x, 20) for x in s.strikes]
        folk, tiles, cards = self._folk, self._tiles, self._cards
        for i, card in enumerate(s.slots):
            if card:
                v[o["slots"] + i * len(folk) + folk.index(card)] = 1
        for card in s.folk_deck:
            v[o["folk_deck"] + folk.index(card)] = 1
        for e in s.display:
            v[o["display"] + tiles.index(e)] += 1
        v[o["stock"] : o["stock"] + len(tiles)] = s.stock
        for k, group in enumerate((s.town, s.town_deck, s.fulfilled)):
            for card in group:
                v[o["town"] + k * len(cards) + cards.index(card)] = 1
        held = sum(len(p.gold) for p in s.players) + len(s.drawn)
        v[o["misc"] : o["misc"] + 6] = [
            s.discount,
            s.wagons_left[0],
            s.wagons_left[1],
            min(s.cursor, 24),
            min(s.spent, 24),
            max(0, 36 - held),
        ]
        for x in s.drawn:
            v[o["drawn"] + (x - 1 if x else 3)] += 1
        width = len(self.high[o["players"] :]) // n
        boards = self._boards
        for i, p in enumerate(s.players):
            at = o["players"] + rel(i) * width
            if p.board in boards:
                v[at + boards.index(p.board)] = 1
            elif p.board == "?":
                v[at + len(boards)] = 1
            at += len(boards) + 1
            for b in p.dealt:
                v[at + (boards.index(b) - 1 if b in boards else len(boards) - 1)] += 1
            at += len(boards)
            v[at : at + 4] = [
                min(x, _CAP) for x in (p.silver, p.cattle, p.wood, p.medicine)
            ]
            at += 4
            for x in p.gold:
                v[at + (x - 1 if x else 3)] += 1
            at += 4
            for e in p.equipment:
                v[at + tiles.index(e)] += 1
            at += len(tiles)
            for w in p.wagons:
                v[at + _WAGON_KINDS.index(w)] += 1
            at += len(_WAGON_KINDS)
            for card in p.townsfolk:
                v[at + folk.index(card)] = 1
            at += len(folk)
            v[at : at + 3] = [min(p.favors, 50), min(max(p.vp, 0), 200), p.turns]
        return np.minimum(v, self.high)


__all__ = ["Encoder"]
