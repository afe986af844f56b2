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

The vector is described in parts (:class:`toolkit.envs.encoding.Part`), every
entry clipped at its bound: the turn, the time, the dice, the tracks, the
townsfolk, the equipment, the town cards, the counters and, per player, its
cards, its gold tokens and its store, so an environment's tracker re-encodes
only what changed since the seat last looked; actions are indexed through an
:class:`~toolkit.envs.encoding.ActionTable`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from toolkit.envs.encoding import ActionTable, EncoderBase, Layout, Part

from . import actions as A
from .constants import COLOURS, FACES, PIONEER, SLOTS
from .rules import CHANCE_PHASES, PHASE_TEXT, PioneerDays, tables

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
        self._table = ActionTable([A.parse_action(label) for label in labels])
        assert len(self._table) == len(labels)
        self._action_table = self._table  # legal_from: one look-up per list
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
        # 20 days (the game's weeks x days); per turn at most ~30 steps (take,
        # change, use, buys, draws, discards), per disaster at most ~30 decisions
        # per player
        self.max_game_length = game.weeks * game.days * (n + 1 + n * 60) + 200
        length = game.options["track_length"]
        lay = Layout()
        lay.add("phase", (len(PHASES) + 1,), 1, "one-hot: what is awaited (last: over)")
        lay.add("to_move", (n,), 1, "who decides now (relative seats)")
        lay.add("start", (n,), 1, "the start-player token (relative seats)")
        lay.add("time", (2,), [game.weeks, game.days], "week, day")
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
            + [50, 200, game.weeks * game.days]  # favors, vp, turns (20 by the rules)
        )
        lay.add("players", (n, len(row)), row, "per player (relative seats)")
        self.set_layout(lay)
        self._build_parts()

    def action_index(self, action: Any) -> int:
        """The index of a decision."""
        return self._table[action]

    # The vector is built by the base's encode (and updated by its trackers)
    # from these parts, every entry clipped at its bound (``high``).

    def _build_parts(self) -> None:
        o = self._offset
        self._hi = self.high.tolist()
        self._phase_at = {p: o["phase"] + i for i, p in enumerate(PHASES)}
        self._over_at = o["phase"] + len(PHASES)
        self._pool_at = {
            (c, f): o["pool"] + 6 * i + j
            for i, c in enumerate(COLOURS)
            for j, f in enumerate(FACES)
        }
        self._colour = {c: i for i, c in enumerate(COLOURS)}
        self._facei = {f: i for i, f in enumerate(FACES)}
        self._folki = {c: i for i, c in enumerate(self._folk)}
        self._tilei = {e: i for i, e in enumerate(self._tiles)}
        self._cardi = {c: i for i, c in enumerate(self._cards)}
        self._boardi = {b: i for i, b in enumerate(self._boards)}
        self._wagoni = {w: i for i, w in enumerate(_WAGON_KINDS)}
        self._width = len(self._hi[o["players"] :]) // self.players
        # dense fills: every entry of a part's segments, zeros included, at
        # indices fixed once (the tracker then writes them over the old ones)
        self._bag_idx = [
            *range(o["bag"], o["bag"] + 5),
            *range(o["aside"], o["aside"] + 5),
        ]
        self._tracks_idx = list(range(o["tracks"], o["tracks"] + 8))  # then strikes
        self._pool_range = range(o["pool"], o["pool"] + 30)
        self._pool_cell = {die: i - o["pool"] for die, i in self._pool_at.items()}
        self._misc_range = range(o["misc"], o["misc"] + 10)  # then drawn
        nb = len(self._boards)
        self._store_idx = [
            [
                [
                    *range(at + 2 * nb + 1, at + 2 * nb + 5),
                    *range(at + self._width - 3, at + self._width),
                ]
                for at in (self._player_at(i, seat) for i in range(self.players))
            ]
            for seat in range(self.players)
        ]
        self._store_hi = [self._hi[i] for i in self._store_idx[0][0]]
        self.set_parts(
            [
                Part(attrgetter("phase", "active"), self._fill_turn),
                Part(attrgetter("start", "week", "day"), self._fill_time),
                Part(attrgetter("bag", "aside"), self._fill_bag),
                Part(attrgetter("pool"), self._fill_pool),
                Part(attrgetter("die", "face", "changed"), self._fill_die),
                Part(attrgetter("tracks", "strikes"), self._fill_tracks),
                Part(attrgetter("slots", "folk_deck"), self._fill_folk),
                Part(attrgetter("display", "stock"), self._fill_equipment),
                Part(attrgetter("town", "town_deck", "fulfilled"), self._fill_town),
                Part(self._misc, self._fill_misc),
                Part(_kits, self._fill_kit, rows=True),
                Part(_golds, self._fill_gold, rows=True),
                Part(_stores, self._fill_store, rows=True),
            ]
        )

    def _clipped(self, counts: dict[int, int]) -> tuple[list[int], list[int]]:
        """Entries from counts, each clipped at its bound."""
        hi = self._hi
        return list(counts), [x if x <= hi[i] else hi[i] for i, x in counts.items()]

    def _fill_turn(self, s: Any, seat: int) -> tuple[list[int], int]:
        """What is awaited, and who decides it (relative seat)."""
        phase = s.phase
        idx = [self._phase_at.get(phase, self._over_at)]
        if phase != "over" and phase not in CHANCE_PHASES and s.active >= 0:
            idx.append(self._offset["to_move"] + (s.active - seat) % self.players)
        return idx, 1

    def _fill_time(self, s: Any, seat: int) -> tuple[list[int], list[int]]:
        """The start-player token (relative seat), the week and the day."""
        o, hi = self._offset, self._hi
        idx, val = [], []
        if s.start >= 0:
            idx.append(o["start"] + (s.start - seat) % self.players)
            val.append(1)
        k = o["time"]
        for j, x in enumerate((s.week, s.day)):
            if x:
                idx.append(k + j)
                val.append(min(x, hi[k + j]))
        return idx, val

    def _fill_bag(self, s: Any, seat: int) -> tuple[list[int], list[int]]:
        """Dice in the bag and set aside, per colour (every entry: 10 of them)."""
        return self._bag_idx, [x if x <= 5 else 5 for x in (*s.bag, *s.aside)]

    def _fill_pool(self, s: Any, seat: int) -> tuple[range, list[int]]:
        """The rolled dice, per colour and face (the whole segment as one slice)."""
        cell = self._pool_cell
        counts = [0] * 30
        for die in s.pool:
            counts[cell[die]] += 1
        return self._pool_range, [x if x <= 5 else 5 for x in counts]

    def _fill_die(self, s: Any, seat: int) -> tuple[list[int], int]:
        """The die in use: colour, face as taken, face now, changed."""
        k = self._offset["die"]
        idx = []
        if s.die:
            idx += [k + self._colour[s.die[0]], k + 5 + self._facei[s.die[1]]]
        if s.face:
            idx.append(k + 11 + self._facei[s.face])
        if s.changed:
            idx.append(k + 17)
        return idx, 1

    def _fill_tracks(self, s: Any, seat: int) -> tuple[list[int], list[int]]:
        """Disaster markers and strikes (every entry: 8 of them)."""
        length = self.game.options["track_length"]
        return self._tracks_idx, [
            *(x if x <= length else length for x in s.tracks),
            *(x if x <= 20 else 20 for x in s.strikes),
        ]

    def _fill_folk(self, s: Any, seat: int) -> tuple[list[int], int]:
        """Townsfolk in the face slots and in the deck."""
        o, folki, nf = self._offset, self._folki, len(self._folk)
        k = o["slots"]
        idx = [k + i * nf + folki[card] for i, card in enumerate(s.slots) if card]
        k = o["folk_deck"]
        idx += {k + folki[card]: 1 for card in s.folk_deck}
        return idx, 1

    def _fill_equipment(self, s: Any, seat: int) -> tuple[list[int], list[int]]:
        """Equipment face up and in the stack, per type."""
        o, tilei = self._offset, self._tilei
        counts: dict[int, int] = {}
        k = o["display"]
        for e in s.display:
            i = k + tilei[e]
            counts[i] = counts.get(i, 0) + 1
        k = o["stock"]
        for j, x in enumerate(s.stock):
            if x:
                counts[k + j] = x
        return self._clipped(counts)

    def _fill_town(self, s: Any, seat: int) -> tuple[list[int], int]:
        """Town cards face up, in the deck and fulfilled this visit."""
        k, cardi, nc = self._offset["town"], self._cardi, len(self._cards)
        idx = {
            k + j * nc + cardi[card]: 1
            for j, group in enumerate((s.town, s.town_deck, s.fulfilled))
            for card in group
        }
        return list(idx), 1

    @staticmethod
    def _misc(s: Any) -> tuple:
        return (
            s.discount,
            s.wagons_left,
            s.cursor,
            s.spent,
            s.drawn,
            tuple([len(p.gold) for p in s.players]),
        )

    def _fill_misc(self, s: Any, seat: int) -> tuple[list[int], list[int]]:
        """The Diplomat's discount, wagon cards left, Storm/Disease cursor and
        spares, gold tokens in the bag, and the Assayer's drawn tokens.
        """
        held = sum(len(p.gold) for p in s.players) + len(s.drawn)
        drawn = [0, 0, 0, 0]  # 1, 2, 3 nuggets, unseen
        for x in s.drawn:
            drawn[x - 1 if x else 3] += 1
        row = [
            int(s.discount),
            s.wagons_left[0],
            s.wagons_left[1],
            min(s.cursor, 24),
            min(s.spent, 24),
            max(0, 36 - held),
            *drawn,
        ]
        hi = self._hi[self._misc_range.start : self._misc_range.stop]
        return self._misc_range, [x if x <= h else h for x, h in zip(row, hi)]

    def _player_at(self, i: int, seat: int) -> int:
        """Where player ``i``'s row starts in ``seat``'s vector (relative seats)."""
        return self._offset["players"] + (i - seat) % self.players * self._width

    def _fill_kit(
        self, s: Any, seat: int, i: int, kit: Any
    ) -> tuple[list[int], list[int]]:
        """One player's board, dealt boards, equipment, wagons and townsfolk."""
        board, dealt, equipment, wagons, townsfolk = kit
        boardi, nb = self._boardi, len(self._boards)
        at = self._player_at(i, seat)
        counts: dict[int, int] = {}
        b = boardi.get(board)
        if b is not None:
            counts[at + b] = 1
        elif board == "?":
            counts[at + nb] = 1
        at += nb + 1
        for d in dealt:
            j = at + (boardi[d] - 1 if d in boardi else nb - 1)
            counts[j] = counts.get(j, 0) + 1
        at += nb + 8  # then silver, cattle, wood, medicine and gold (their parts)
        tilei = self._tilei
        for e in equipment:
            j = at + tilei[e]
            counts[j] = counts.get(j, 0) + 1
        at += len(tilei)
        wagoni = self._wagoni
        for w in wagons:
            j = at + wagoni[w]
            counts[j] = counts.get(j, 0) + 1
        at += len(wagoni)
        folki = self._folki
        for card in townsfolk:
            counts[at + folki[card]] = 1
        return self._clipped(counts)

    def _fill_gold(
        self, s: Any, seat: int, i: int, gold: Any
    ) -> tuple[list[int], list[int]]:
        """One player's gold tokens by nuggets (0: a value hidden from ``seat``)."""
        if not gold:
            return [], []
        at = self._player_at(i, seat) + 2 * len(self._boards) + 5
        counts: dict[int, int] = {}
        for x in gold:
            j = at + (x - 1 if x else 3)
            counts[j] = counts.get(j, 0) + 1
        return self._clipped(counts)

    def _fill_store(
        self, s: Any, seat: int, i: int, store: Any
    ) -> tuple[list[int], list[int]]:
        """One player's silver, cattle, wood, medicine, favors, VP and turns."""
        silver, cattle, wood, medicine, favors, vp, turns = store
        row = (silver, cattle, wood, medicine, favors, vp if vp > 0 else 0, turns)
        return self._store_idx[seat][i], [
            x if x <= h else h for x, h in zip(row, self._store_hi)
        ]


_KIT = attrgetter("board", "dealt", "equipment", "wagons", "townsfolk")
_STORE = attrgetter("silver", "cattle", "wood", "medicine", "favors", "vp", "turns")
_GOLD = attrgetter("gold")


def _kits(s: Any) -> tuple:
    """Key of the players' boards, equipment, wagons and townsfolk."""
    return tuple(map(_KIT, s.players))


def _golds(s: Any) -> tuple:
    """Key of the players' gold tokens."""
    return tuple(map(_GOLD, s.players))


def _stores(s: Any) -> tuple:
    """Key of the players' goods, favors, VP and turns."""
    return tuple(map(_STORE, s.players))


__all__ = ["Encoder"]
