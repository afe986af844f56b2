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

The vector is described in parts (:class:`toolkit.envs.encoding.Part`): each
hex field, the supply, each seat's board, each spot, each city row and the
turn's step refresh on their own, so an environment's tracker re-encodes only
what changed since the seat last looked; actions are indexed through an
:class:`~toolkit.envs.encoding.ActionTable`.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Any, ClassVar

from toolkit.envs.encoding import ActionTable, EncoderBase, Layout, Part

from .actions import TRADES, parse_action, worker_text
from .rows import CAP, board_row, hired_key, supply_row
from .state import BANK_SPOTS, State
from .tables import AREAS, COLOURS, GOODS, ROWS

PHASES = (
    "tile", "start", "spin", "first", "cap", "action", "hire", "dismiss", "extra",
    "small", "city", "payout", "build", "canteen", "over",
)  # fmt: skip
_CAP = CAP
#: A bound on the decisions and chance turns of one turn (action, hire and
#: dismiss steps, up to 12 city placements and the payouts, 3 hexes, a canteen).
STEPS_PER_TURN = 40
#: Bound on cattle trades in a game: starting cattle plus the 12 cattle hexes.
TRADES_PER_GAME = 16
NOMINAL_TURNS = 300


def _fields(*names: str) -> Any:
    """A key reading the named fields of a state, by position (a state is a
    named tuple: ``itemgetter`` indexes it, where ``attrgetter`` would look
    each name up on its class).
    """
    return itemgetter(*(State._fields.index(name) for name in names))


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
        self._table = ActionTable([parse_action(label) for label in labels])
        assert len(self._table) == len(labels)
        self._action_table = self._table  # legal_from: one look-up per list
        chance = [f"tile {t} r{k}" for t in range(1, 13) for k in range(6)]
        chance += [f"start {q},{r}" for q, r in hexes]
        chance += [f"spin {k}" for k in range(8)]
        chance += [f"first {s}" for s in range(n)]
        chance += ["cap"]
        self.chance_labels = tuple(chance)
        self._chance_index = {}
        self._chance_table = ActionTable([parse_action(label) for label in chance])
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
        # the game's worker limit, settlements and hexes per Build (rule parameters)
        limit, most = game.worker_limit, max(12, game.settlements)
        lay.add("players", (n, 15), [_CAP] * 6 + [limit] * 4 + [_CAP, 24, 6, most, 1],
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
        lay.add("step", (4,), [_CAP, game.max_hexes, BANK_SPOTS + 24, 1],
                "round (capped), hexes built this action, production spot used + 1, "
                "end triggered")  # fmt: skip
        self.set_layout(lay)
        self._types = {code: i + 1 for i, code in enumerate(game.tables.hex_types)}
        self._build_parts()

    def action_index(self, action: Any) -> int:
        """The index of a decision."""
        return self._table[action]

    def chance_index(self, outcome: Any) -> int:
        """The index of a chance outcome."""
        return self._chance_table[outcome]

    # The vector is built by the base's encode (and updated by its trackers)
    # from these parts; the layout is in ``__init__``.

    def _build_parts(self) -> None:
        o = self._offset
        self._hex = o["hexes"]
        self._player_at = o["players"]
        self._supply_at = o["supply"]
        self._wheel_at, self._phases_at = o["wheel"], o["phase"]
        self._active_at, self._decider_at = o["active"], o["decider"]
        self._incoming_at, self._step_at = o["incoming"], o["step"]
        self._phase_index = {p: i for i, p in enumerate(PHASES)}
        # A row's indices are the same object from one fill to the next where
        # they can be (one entry of a hex, a dense row): the tracker then
        # writes over its entries without clearing them first.
        self._one = [(i,) for i in range(self.size)]
        k = self._supply_at  # then "pool" and "herd"
        supply = range(k, k + len(GOODS) + len(COLOURS) + 1)
        width = len(GOODS) + len(COLOURS) + 4  # a seat's board but its hire flag
        boards = tuple(
            range(k, k + width)
            for k in (self._player_at + 15 * i for i in range(self.players))
        )
        # Everything is open and ``observe`` is the state itself, so every part
        # but the observing seat is public: the trackers of one game share it
        # (refreshed once per step, not once per seat; every seat's vector is
        # seat 0's, so the base's seat order, which moves nothing, is right).
        # Parts are fine-grained, keyed on the state's own tuples (the engine
        # keeps an unchanged tuple or board the same object): a step re-encodes
        # only the fields it changed.
        self.set_parts(
            [
                Part(_fields("kinds"), self._fill_kind, rows=True, public=True),
                Part(_fields("cattle"), self._fill_hex_cattle, rows=True, public=True),
                Part(_fields("canteen"), self._fill_hex_canteen, rows=True, public=True),
                Part(_fields("owner"), self._fill_hex_owner, rows=True, public=True),
                Part(_fields("stack"), self._fill_hex_stack, rows=True, public=True),
                Part(_fields("start"), self._fill_start, public=True),
                # supplies and boards seldom repeat: not remembered
                # (compiled fills: toolkit.montana.rows)
                Part(_fields("supply", "pool", "herd"), partial(supply_row, supply), memo=False, public=True),
                Part(_fields("players"), partial(board_row, boards), rows=True, memo=False, public=True),
                Part(hired_key, self._fill_hired, public=True),
                Part(_fields("spots"), self._fill_spot, rows=True, public=True),
                Part(_fields("city"), self._fill_city, rows=True, public=True),
                Part(_fields("wheel"), self._fill_wheel, public=True),
                Part(_fields("phase", "active", "decider"), self._fill_turn, public=True),
                Part(_fields("incoming"), self._fill_incoming, public=True),
                Part(_fields("round", "built", "used", "ended"), self._fill_step, public=True),
                # the observing seat: keyed on the observation's class, a
                # constant read in C (filled once per tracker)
                Part(type, self._fill_seat),
            ]
        )  # fmt: skip

    def _fill_kind(self, s: Any, seat: int, h: int, kind: str) -> tuple[list, Any]:
        """The hex type (1-13, 0 unknown)."""
        t = self._types.get(kind, 0)
        return (self._one[self._hex + 6 * h], t) if t else _NONE

    def _fill_hex_cattle(self, s: Any, seat: int, h: int, x: int) -> tuple[list, Any]:
        return (self._one[self._hex + 6 * h + 1], x) if x else _NONE

    def _fill_hex_canteen(self, s: Any, seat: int, h: int, x: int) -> tuple[list, Any]:
        return (self._one[self._hex + 6 * h + 2], x) if x else _NONE

    def _fill_hex_owner(self, s: Any, seat: int, h: int, x: int) -> tuple[list, Any]:
        return (self._one[self._hex + 6 * h + 4], x + 1) if x != -1 else _NONE

    def _fill_hex_stack(self, s: Any, seat: int, h: int, x: int) -> tuple[list, Any]:
        return (self._one[self._hex + 6 * h + 5], x) if x else _NONE

    def _fill_start(self, s: Any, seat: int) -> tuple[list, Any]:
        """The starting tile's hex."""
        h = s.start
        return ([self._hex + 6 * h + 3], 1) if 0 <= h < len(s.kinds) else _NONE

    def _fill_hired(self, s: Any, seat: int) -> tuple[list, Any]:
        """Who paid for an extra hire this round."""
        r = s.round
        if r <= 0:
            return _NONE
        k = self._player_at + 14
        return [k + 15 * i for i, p in enumerate(s.players) if p.hired == r], 1

    def _fill_spot(self, s: Any, seat: int, j: int, workers: Any) -> tuple[list, list]:
        """Workers on one spot of the action board (capped at 3)."""
        k = self._offset["spots"] + 4 * j
        idx = [k + c for c, x in enumerate(workers) if x]
        return idx, [min(workers[i - k], 3) for i in idx]

    def _fill_city(self, s: Any, seat: int, r: int, row: Any) -> tuple[list, list]:
        """One city row: seat + 1 and column."""
        who, col = row
        k = self._offset["city"] + 2 * r
        idx, val = [], []
        if who != -1:
            idx.append(k)
            val.append(who + 1)
        if col:
            idx.append(k + 1)
            val.append(col)
        return idx, val

    def _fill_wheel(self, s: Any, seat: int) -> tuple[list, Any]:
        """The wheel's segment (one-hot)."""
        return [self._wheel_at + s.wheel], 1

    def _fill_turn(self, s: Any, seat: int) -> tuple[list, Any]:
        """The phase, and who acts and decides (one-hots; none once over)."""
        n, phase = self.players, s.phase
        idx = [self._phases_at + self._phase_index[phase]]
        if phase != "over":
            if 0 <= s.active < n:
                idx.append(self._active_at + s.active)
            if 0 <= s.decider < n:
                idx.append(self._decider_at + s.decider)
        return idx, 1

    def _fill_incoming(self, s: Any, seat: int) -> tuple[list, list]:
        """Hired workers waiting (capped at 2)."""
        k = self._incoming_at
        idx = [k + j for j, x in enumerate(s.incoming) if x]
        return idx, [min(s.incoming[i - k], 2) for i in idx]

    def _fill_step(self, s: Any, seat: int) -> tuple[list, list]:
        """The round (capped), hexes built, production spot used + 1, end triggered."""
        k = self._step_at
        row = (min(s.round, _CAP), s.built, s.used + 1, int(s.ended))
        idx = [k + j for j, x in enumerate(row) if x]
        return idx, [row[i - k] for i in idx]

    def _fill_seat(self, s: Any, seat: int) -> tuple[list, Any]:
        """The observing seat."""
        return [self._offset["seat"] + seat], 1


#: A fill with no entries.
_NONE: tuple[list, Any] = ([], 0)
