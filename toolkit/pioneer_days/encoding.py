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
only what changed since the seat last looked. What every seat sees alike is
public (the trackers of one game encode it once, as seat 0 sees it, and
:meth:`Encoder.seat_order` turns it into each seat's relative seats); what
``observe`` may hide (gold values, boards, the Assayer's tokens) is each
seat's own. Actions are indexed through an
:class:`~toolkit.envs.encoding.ActionTable`.
"""

from __future__ import annotations

from functools import partial
from operator import attrgetter
from typing import Any

from toolkit.envs.encoding import ActionTable, EncoderBase, Layout, Part

from . import actions as A
from . import rows
from .constants import COLOURS, FACES, PIONEER, SLOTS
from .rows import counted, counts, own_rows, public_rows, row
from .rules import CHANCE_PHASES, PHASE_TEXT, PioneerDays, tables
from .state import Player, State

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
    # from two rows parts: each row is one field of the observation (or a few
    # fields read together), filled by its own method; a tracker re-encodes
    # only the rows whose field changed since the seat last looked (a field
    # left alone is the same object in the next observation: one identity
    # test). What every seat sees alike (the dice, the tracks, the cards on
    # the table, the players' goods, wagons and cards) is public: the trackers
    # of one game share it (filled once per change, as seat 0 sees it, and
    # moved into each seat's relative order by :meth:`seat_order`); each seat
    # keeps its own rows for what observe may hide (the players' gold values,
    # dealt and chosen boards, the Assayer's drawn tokens).

    def _build_parts(self) -> None:
        o, n = self._offset, self.players
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
        self._width = len(self._hi[o["players"] :]) // n
        nb, nc, nt = len(self._boards), len(self._cards), len(self._tiles)
        misc = o["misc"]
        self._span: list[range | None] = [None] * self.size
        # (compiled: toolkit.pioneer_days.rows, as the public rows' dispatch)
        self._fill_counts = partial(counts, self._hi, self._span)
        self._fill_pool = partial(rows.pool, self._pool_at)
        self._fill_gold = partial(rows.gold, self._hi)
        self._fill_tiles = partial(rows.tally, self._hi, self._tilei)
        self._fill_wagons = partial(rows.tally, self._hi, self._wagoni)
        # (fill, where its entries start) of each public row, in the order of
        # public_rows (_NUMBER: the row is one number, clipped at its bound)
        table = [
            (self._fill_gold_bag, misc + 5),  # gold tokens left in the bag
            (_NUMBER, o["time"]),  # week
            (_NUMBER, o["time"] + 1),  # day
            (self._fill_start, o["start"]),
            (self._fill_counts, o["bag"]),
            (self._fill_pool, o["pool"]),
            (self._fill_counts, o["aside"]),
            (self._fill_counts, o["tracks"]),
            (self._fill_counts, o["strikes"]),
            (self._fill_slots, o["slots"]),
            (self._fill_folk, o["folk_deck"]),
            (self._fill_tiles, o["display"]),
            (self._fill_counts, o["stock"]),
            (self._fill_town, o["town"]),
            (self._fill_town, o["town"] + nc),  # the town deck
            (self._fill_town, o["town"] + 2 * nc),  # fulfilled this visit
            (_NUMBER, misc),  # the Diplomat's discount used
            (self._fill_counts, misc + 1),  # wagon cards left, small and large
            (_NUMBER, misc + 3),  # cursor
            (_NUMBER, misc + 4),  # spent
        ]
        # a player's fields (Player's order), where each starts in its row;
        # those observe may hide are the seat's own rows (_SKIP here)
        player = [
            (self._fill_board, 0),
            (self._fill_dealt, nb + 1),
            *((_NUMBER, 2 * nb + 1 + k) for k in range(4)),  # goods
            (self._fill_gold, 2 * nb + 5),
            (self._fill_tiles, 2 * nb + 9),  # equipment
            (self._fill_wagons, 2 * nb + 9 + nt),
            (self._fill_folk, 2 * nb + 9 + nt + len(_WAGON_KINDS)),  # townsfolk
            (_NUMBER, self._width - 3),  # favors
            (self._fill_vp, self._width - 2),
            (_NUMBER, self._width - 1),  # turns
        ]
        assert len(table) == _HEAD_ROWS and len(player) == len(Player._fields)
        private = [player[i] for i in _PRIVATE_FIELDS]
        public = [
            (_SKIP, 0) if i in _PRIVATE_FIELDS else f for i, f in enumerate(player)
        ]
        # per seat: where each row's entries start (players in relative seats)
        self._row_fill = [fill for fill, _ in table] + [f for f, _ in public] * n
        self._row_at = [
            [at for _, at in table]
            + [self._player_at(i, seat) + at for i in range(n) for _, at in public]
            for seat in range(n)
        ]
        self._own_fill = [f for f, _ in private] * n + [self._fill_drawn]
        self._own_at = [
            [self._player_at(i, seat) + at for i in range(n) for _, at in private]
            + [o["drawn"]]
            for seat in range(n)
        ]
        # a row's indices are the same object from one fill to the next where
        # they can be (one number, a dense row): the tracker then writes over
        # its entries without clearing them first
        self._one = [(i,) for i in range(self.size)]
        self.set_parts(
            [
                # what is awaited and the die in use change on most steps and
                # take few values: remembered by key
                Part(attrgetter("phase", "active"), self._fill_turn, public=True),
                Part(attrgetter("die", "face", "changed"), self._fill_die, public=True),
                Part(
                    public_rows,
                    partial(row, self._row_fill, self._row_at, self._hi, self._one),
                    rows=True,
                    memo=False,
                    public=True,
                ),
                # (the same dispatch as the public rows': every row has a fill)
                Part(
                    own_rows,
                    partial(row, self._own_fill, self._own_at, self._hi, self._one),
                    rows=True,
                    memo=False,
                ),
            ]
        )

    def seat_order(self, seat: int) -> list[int]:
        """Seat 0's entries in ``seat``'s order: the relative seats (who is to
        move, the start player, the players' rows) turned by ``seat``.
        """
        o, n, width = self._offset, self.players, self._width
        order = list(range(self.size))
        for at in (o["to_move"], o["start"]):
            for r in range(n):
                order[at + r] = at + (seat + r) % n
        for r in range(n):
            mine = o["players"] + r * width
            theirs = o["players"] + (seat + r) % n * width
            order[mine : mine + width] = range(theirs, theirs + width)
        return order

    # Each fill below takes a row's value, where its entries start and the
    # seat, and returns (indices, values), every value clipped at its bound.

    def _counted(self, counts: dict[int, int]) -> tuple:
        """Entries from counts, each clipped at its bound (compiled: rows.counted)."""
        return counted(self._hi, counts)

    def _fill_turn(self, s: Any, seat: int) -> tuple:
        """What is awaited (the phase), and who decides it (relative seat)."""
        phase, active = s.phase, s.active
        i = self._phase_at.get(phase, self._over_at)
        if phase != "over" and phase not in CHANCE_PHASES and active >= 0:
            return (i, self._offset["to_move"] + (active - seat) % self.players), 1
        return (i,), 1

    def _fill_start(self, start: int, at: int, seat: int) -> tuple:
        """The start-player token (relative seat)."""
        return ((at + (start - seat) % self.players,), 1) if start >= 0 else ((), 1)

    def _fill_die(self, s: Any, seat: int) -> tuple:
        """The die in use: colour, face as taken, face now, changed."""
        die, face, changed, at = s.die, s.face, s.changed, self._offset["die"]
        idx = []
        if die:
            idx += [at + self._colour[die[0]], at + 5 + self._facei[die[1]]]
        if face:
            idx.append(at + 11 + self._facei[face])
        if changed:
            idx.append(at + 17)
        return tuple(idx), 1

    def _fill_slots(self, slots: tuple[str, ...], at: int, seat: int) -> tuple:
        """Townsfolk in the face slots."""
        folki, nf = self._folki, len(self._folk)
        return tuple([at + i * nf + folki[c] for i, c in enumerate(slots) if c]), 1

    def _fill_folk(self, cards: tuple[str, ...], at: int, seat: int) -> tuple:
        """Townsfolk present (the deck, a player's), one entry each."""
        folki = self._folki
        return tuple(dict.fromkeys([at + folki[c] for c in cards])), 1

    def _fill_town(self, cards: tuple[str, ...], at: int, seat: int) -> tuple:
        """Town cards present (face up, in the deck, fulfilled), one entry each."""
        cardi = self._cardi
        return tuple(dict.fromkeys([at + cardi[c] for c in cards])), 1

    def _fill_gold_bag(self, held: int, at: int, seat: int) -> tuple:
        """Gold tokens left in the bag: the 36 less those held or drawn."""
        left = 36 - held
        return (at,), (0 if left < 0 else left,)  # (at most 36)

    def _fill_drawn(self, drawn: tuple[int, ...], at: int, seat: int) -> tuple:
        """The Assayer's drawn tokens: 1, 2, 3 nuggets, unseen."""
        counts = [0, 0, 0, 0]
        for x in drawn:
            counts[x - 1 if x else 3] += 1
        return self._fill_counts(tuple(counts), at, seat)

    def _player_at(self, i: int, seat: int) -> int:
        """Where player ``i``'s row starts in ``seat``'s vector (relative seats)."""
        return self._offset["players"] + (i - seat) % self.players * self._width

    def _fill_board(self, board: str, at: int, seat: int) -> tuple:
        """A player's board side (last entry: chosen, not yet revealed)."""
        b = self._boardi.get(board)
        if b is not None:
            return (at + b,), 1
        return ((at + len(self._boards),), 1) if board == "?" else ((), 1)

    def _fill_dealt(self, dealt: tuple[str, ...], at: int, seat: int) -> tuple:
        """A player's dealt boards: seen ones by board, unseen ones last."""
        boardi, nb, counts = self._boardi, len(self._boards), {}
        for d in dealt:
            i = at + (boardi[d] - 1 if d in boardi else nb - 1)
            counts[i] = counts.get(i, 0) + 1
        return self._counted(counts)

    def _fill_vp(self, vp: int, at: int, seat: int) -> tuple:
        """VP earned so far (none below 0)."""
        h = self._hi[at]
        return (at,), (0 if vp < 0 else vp if vp <= h else h,)


_HEAD_ROWS = 20  # the public rows before the players' fields
#: In the table of rows' fills: the row is one number, clipped at its bound.
_NUMBER = None
#: ... the row is encoded by the seat's own rows (a field observe may hide).
_SKIP = False
#: A player's fields observe may hide (board, dealt boards, gold): own rows.
_PRIVATE_FIELDS = (0, 1, 6)
# The public rows read the state's fields by position (slices of the tuple):
# week, day, start; bag, pool, aside; tracks .. discount; wagons_left; cursor, spent
assert [Player._fields[i] for i in _PRIVATE_FIELDS] == ["board", "dealt", "gold"]
assert State._fields[3:6] == ("week", "day", "start")
assert State._fields[8:11] == ("bag", "pool", "aside")
assert State._fields[14:24] == (
    "tracks",
    "strikes",
    "slots",
    "folk_deck",
    "display",
    "stock",
    "town",
    "town_deck",
    "fulfilled",
    "discount",
)
assert State._fields[25] == "wagons_left"
assert State._fields[28:30] == ("cursor", "spent")
assert State._fields[0] == "players" and State._fields[27] == "drawn"


# The parts' keys are :func:`~.rows.public_rows` and :func:`~.rows.own_rows`
# (compiled with the engine: read on every step); the asserts above pin the
# fields they read by position.


__all__ = ["Encoder"]
