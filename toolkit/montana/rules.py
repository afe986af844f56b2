"""The Montana engine: the game class on the shared protocol.

Every rule of the project's spec is cited by its ID where it is enforced; an
illegal action raises :class:`~toolkit.core.IllegalAction` with that ID and
leaves the state unchanged.  ``apply`` copies the state into a mutable
:class:`_W`, runs the rules on it and freezes the result.
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from toolkit.core.game import (
    CHANCE,
    GameOver,
    IllegalAction,
    Progress,
    take_rule_parameters,
)

from .actions import (
    TRADES,
    Action,
    Bank,
    Build,
    Canteen,
    Cap,
    City,
    Collect,
    Dismiss,
    Done,
    First,
    Hire,
    Move,
    Pass,
    Place,
    Recruit,
    Small,
    Spin,
    Start,
    Tile,
    Trade,
    Work,
    parse_action,
    worker_counts,
    worker_text,
)
from .board import Geometry, line_bonus, run_lengths, tile_cells
from .state import BANK_SPOTS, Player, State, spot
from .tables import (
    ANY,
    AREAS,
    CATTLE_IN_BOX,
    COLOURS,
    GOODS,
    ROWS,
    Tables,
    load_tables,
)

WORKER_LIMIT = 8  # M-COMP-3
TRADE_COINS = 3  # M-CATTLE-1 (b)
COMPENSATION = {1: 2, 2: 1, 3: 0}  # M-BUILD-8, ASSUMPTION-16
MAX_HEXES = 3  # M-BUILD-1
#: The rule constants a game may change, as options of ``Montana``: option ->
#: (the rulebook's value, its rule ID, what it is). At the rulebook's value an
#: option is left out of ``game.options`` (and so of records), and the data
#: files (``tables``) decide; another value overrides them.
PARAMETERS: dict[str, tuple[int, str, str]] = {
    "start_coins": (
        3,
        "M-SETUP-10",
        "coins of the start player (each next seat 1 more)",
    ),
    "settlements_2": (12, "M-SETUP-6", "settlements each player has with 2 players"),
    "settlements_3": (10, "M-SETUP-6", "settlements each player has with 3 players"),
    "settlements_4": (8, "M-SETUP-6", "settlements each player has with 4 players"),
    "worker_limit": (WORKER_LIMIT, "M-COMP-3", "most workers a player may hold"),
    "bank_coins_1": (3, "M-BANK-2", "coins of the 1-worker bank field"),
    "bank_coins_2": (8, "M-BANK-2", "coins of the 2-worker bank field"),
    "bank_coins_3": (12, "M-BANK-2", "coins of the 3-worker bank field"),
    "trade_coins": (TRADE_COINS, "M-CATTLE-1", "coins a cattle trades for"),
    "max_hexes": (MAX_HEXES, "M-BUILD-1", "most hexes one Build action pays for"),
    "compensation_1": (COMPENSATION[1], "M-BUILD-8", "coins for a Build of 1 hex"),
    "compensation_2": (COMPENSATION[2], "M-BUILD-8", "coins for a Build of 2 hexes"),
}
#: The smallest and largest value of each rule parameter (settlements: the
#: smallest landscape has 42 buildable hexes for 2 x 20, M-END-6; workers: 72).
PARAMETER_RANGE: dict[str, tuple[int, int]] = {
    "start_coins": (0, 999),
    "settlements_2": (1, 20),
    "settlements_3": (1, 18),
    "settlements_4": (1, 15),
    "worker_limit": (1, 72),
    "bank_coins_1": (0, 999),
    "bank_coins_2": (0, 999),
    "bank_coins_3": (0, 999),
    "trade_coins": (0, 999),
    "max_hexes": (1, 12),
    "compensation_1": (0, 999),
    "compensation_2": (0, 999),
}
#: Every option with its default (ASSUMPTION / ENGINE ids in the rulebook's OPTIONS).
DEFAULTS: dict[str, Any] = {
    "max_turns": None,  # M-END-5 [ENGINE]: off by default
    "start_hex": None,  # M-SETUP-2: "q,r" given by the caller, else chance
    "first": None,  # M-SETUP-10: the start seat given by the caller, else chance
    # rule parameters (PARAMETERS): the rulebook's values
    **{name: value for name, (value, _, _) in PARAMETERS.items()},
}
NG, NC = len(GOODS), len(COLOURS)
PUMPKIN = GOODS.index("pumpkin")
GRAIN = GOODS.index("grain")

# Every multiset of 1-3 workers, as counts, in a stable order.
_MULTISETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(combo.count(c) for c in range(NC))
    for n in (1, 2, 3)
    for combo in combinations_with_replacement(range(NC), n)
)
_TEXT = {m: worker_text(m) for m in _MULTISETS}
_COUNTS = {text: m for m, text in _TEXT.items()}
_PAIRS = tuple(m for m in _MULTISETS if sum(m) == 2)
_SINGLES = tuple(m for m in _MULTISETS if sum(m) == 1)
#: The large production spot of each area (0-3) and space (1-3), as ``_LARGE[area][space - 1]``.
_LARGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(spot(a, space) for space in (1, 2, 3)) for a in range(len(AREAS))
)
#: Every tile (1-12) with every rotation (0-5), in the order of the chance outcomes.
_TILES: tuple[Tile, ...] = tuple(Tile(k, rot) for k in range(1, 13) for rot in range(6))
#: The Bank action of each multiset, and the Work action of each area, space and
#: multiset of 1-2 workers, made once (:func:`_placements` hands these out: an
#: action made afresh checks its fields in Python on every miss of its memo).
_BANKS: dict[tuple[int, ...], Bank] = {m: Bank(_TEXT[m]) for m in _MULTISETS}
_WORKS: dict[tuple[str, int, tuple[int, ...]], Work] = {
    (area, space, m): Work(area, space, _TEXT[m])
    for area in AREAS
    for space in (1, 2, 3)
    for m in _MULTISETS
    if sum(m) <= 2
}


def _worker_counts(workers: str) -> tuple[int, ...]:
    """:func:`~.actions.worker_counts`, looked up for the multisets of 1-3 workers."""
    got = _COUNTS.get(workers)
    return got if got is not None else worker_counts(workers)


def _fits(have: Any, need: tuple[int, ...]) -> bool:
    """Whether ``have`` holds at least ``need``, kind by kind (as far as both go).

    A plain loop: ``all(map(ge, have, need))`` makes two iterators per call,
    and the legal moves test every placement and every hex's cost.
    """
    n = min(len(have), len(need))
    i = 0
    while i < n:
        if have[i] < need[i]:
            return False
        i += 1
    return True


@functools.lru_cache(maxsize=1024)
def _fitting(workers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The multisets of 1-3 workers a player holding ``workers`` can place."""
    return tuple(m for m in _MULTISETS if _fits(workers, m))


@functools.lru_cache(maxsize=1024)
def _placements(
    workers: tuple[int, ...], area_good: tuple[int, ...]
) -> tuple[Any, Any]:
    """The Bank actions per field (1, 2, 3 workers) and the Work actions per
    area and space that a player holding ``workers`` can place, whether or not
    the spot is free or paid for, in the order of :data:`_MULTISETS`
    (``area_good``: each area's good, whose single worker it takes).

    Remembered (the choice of action lists them on most turns), here rather
    than on the game, which holds only what it is made with.
    """
    fit = _fitting(workers)
    banks = tuple(
        tuple(_BANKS[m] for m in fit if sum(m) == k + 1) for k in range(BANK_SPOTS)
    )
    works = []
    for a, area in enumerate(AREAS):
        mine = area_good[a]
        options = [m for m in fit if sum(m) == 2 or (sum(m) == 1 and m[mine])]
        works.append(
            tuple(tuple(_WORKS[area, space, m] for m in options) for space in (1, 2, 3))
        )
    return banks, tuple(works)


#: The last answer of :meth:`Montana.buildable`: the game, the settlements'
#: and the tiles' tuples, the starting hex, the hexes. One tuple, replaced
#: whole, so a thread reads one answer's parts together.
_LAST_BUILDABLE: tuple[Any, ...] = (None, None, None, -1, ())

#: ``tuple.__new__``: makes a :class:`State` or :class:`Player` (named tuples)
#: from its fields in one call (their generated ``__new__`` is a Python frame).
_tuple_new: Any = tuple.__new__


def _new_state(values: tuple[Any, ...]) -> State:
    """``State(*values)``: the fields in their order."""
    s: State = _tuple_new(State, values)
    return s


def _new_player(values: tuple[Any, ...]) -> Player:
    """``Player(*values)``, as :func:`_new_state` makes a state."""
    p: Player = _tuple_new(Player, values)
    return p


def _same(items: Any, old: tuple[Any, ...]) -> tuple[Any, ...]:
    """``tuple(items)``, or ``old`` itself when it holds the same items."""
    if items is old:  # a field no rule changed: still the state's own tuple
        return old
    new = tuple(items)
    return old if new == old else new


def _same_items(items: Any, old: tuple[Any, ...]) -> tuple[Any, ...]:
    """:func:`_same` by identity, item by item: for the players' boards, where
    :meth:`_W.board` keeps an unchanged board the same object and makes a new
    one only when a field changed (so an equal board is the same object, and
    no board is compared field by field).
    """
    if items is old:
        return old
    n = len(old)
    if len(items) == n:
        i = 0
        while i < n:
            if items[i] is not old[i]:
                return tuple(items)
            i += 1
        return old
    return tuple(items)


class _W:
    """A mutable working copy of a :class:`State`."""

    __slots__ = (
        "action",
        "active",
        "base",
        "board_canteens",
        "board_cattle",
        "board_coins",
        "board_goods",
        "board_hired",
        "board_left",
        "board_workers",
        "boards",
        "built",
        "canteen",
        "capped",
        "cattle",
        "city",
        "decider",
        "displaced",
        "ended",
        "first",
        "herd",
        "incoming",
        "kinds",
        "n",
        "owner",
        "phase",
        "players",
        "pool",
        "queue",
        "round",
        "spins",
        "spots",
        "stack",
        "start",
        "step",
        "supply",
        "tiles",
        "turns",
        "used",
        "wheel",
    )  # fmt: skip

    def __init__(self, s: State) -> None:
        self.base = s
        self.phase = s.phase
        self.kinds = s.kinds
        self.tiles = s.tiles
        self.start = s.start
        # the hex fields stay the state's tuples until a rule is about to
        # change them (few actions do): see edit_hexes
        self.cattle: Any = s.cattle
        self.canteen: Any = s.canteen
        self.owner: Any = s.owner
        self.stack: Any = s.stack
        # the supply, the pool, the waiting workers, the city and the queue
        # too stay the state's tuples until a rule changes them (edit_supply,
        # edit_pool, edit_city, pop_queue; the queue is replaced whole)
        self.supply: Any = s.supply
        self.pool: Any = s.pool
        self.herd = s.herd
        self.players = s.players
        # the players' boards are copied the first time a rule reads or
        # changes one of them (many moves never do: a city placement)
        self.boards = False
        self.board_goods: list[list[int]] = []
        self.board_workers: list[list[int]] = []
        self.board_coins: list[int] = []
        self.board_cattle: list[int] = []
        self.board_canteens: list[int] = []
        self.board_left: list[int] = []
        self.board_hired: list[int] = []
        self.spots: Any = s.spots  # a list once a rule changes a spot (edit_spots)
        self.city: Any = s.city
        self.wheel = s.wheel
        self.active = s.active
        self.first = s.first
        self.round = s.round
        self.turns = s.turns
        self.decider = s.decider
        self.incoming: Any = s.incoming
        self.step = s.step
        self.queue: Any = s.queue
        self.displaced = s.displaced
        self.used = s.used
        self.built = s.built
        self.action = s.action
        self.spins = s.spins
        self.ended = s.ended
        self.capped = s.capped
        self.n = len(s.players)

    def copy_boards(self) -> None:
        """Copy the players' boards into lists the rules may change."""
        players = self.players
        self.board_goods = [list(p.goods) for p in players]
        self.board_workers = [list(p.workers) for p in players]
        self.board_coins = [p.coins for p in players]
        self.board_cattle = [p.cattle for p in players]
        self.board_canteens = [p.canteens for p in players]
        self.board_left = [p.left for p in players]
        self.board_hired = [p.hired for p in players]
        self.boards = True

    # Each seat's goods, workers, coins, cattle, canteens, settlements left and
    # round of the last paid extra hire, as lists by seat (copied on first use).

    @property
    def goods(self) -> list[list[int]]:
        if not self.boards:
            self.copy_boards()
        return self.board_goods

    @property
    def workers(self) -> list[list[int]]:
        if not self.boards:
            self.copy_boards()
        return self.board_workers

    @property
    def coins(self) -> list[int]:
        if not self.boards:
            self.copy_boards()
        return self.board_coins

    @property
    def hcattle(self) -> list[int]:
        if not self.boards:
            self.copy_boards()
        return self.board_cattle

    @property
    def canteens(self) -> list[int]:
        if not self.boards:
            self.copy_boards()
        return self.board_canteens

    @property
    def left(self) -> list[int]:
        if not self.boards:
            self.copy_boards()
        return self.board_left

    @property
    def hired(self) -> list[int]:
        if not self.boards:
            self.copy_boards()
        return self.board_hired

    # Reads that leave the boards uncopied when no rule has changed them yet
    # (the end of every action reads these).

    def left_of(self, seat: int) -> int:
        """Settlements ``seat`` has left."""
        return self.board_left[seat] if self.boards else self.players[seat].left

    def canteens_of(self, seat: int) -> int:
        """Canteens ``seat`` holds."""
        return self.board_canteens[seat] if self.boards else self.players[seat].canteens

    def cattle_of(self, seat: int) -> int:
        """Cattle ``seat`` holds."""
        return self.board_cattle[seat] if self.boards else self.players[seat].cattle

    def board(self, i: int, p: Player) -> Player:
        """Seat ``i``'s board after the rules: ``p`` itself if it did not change."""
        goods, workers = tuple(self.board_goods[i]), tuple(self.board_workers[i])
        coins, cattle = self.board_coins[i], self.board_cattle[i]
        canteens, left, hired = (
            self.board_canteens[i],
            self.board_left[i],
            self.board_hired[i],
        )
        if (
            goods == p.goods
            and workers == p.workers
            and coins == p.coins
            and cattle == p.cattle
            and canteens == p.canteens
            and left == p.left
            and hired == p.hired
        ):
            return p  # unchanged: the same (immutable) board
        return _new_player((goods, workers, coins, cattle, canteens, left, hired))

    def freeze(self) -> State:
        b = self.base
        players: Any = b.players
        if self.boards:  # copied: some may have changed
            players = [self.board(i, p) for i, p in enumerate(b.players)]
        # an unchanged field keeps the old state's tuple (the same object: what
        # compares it later, an encoder's tracker, sees so at once)
        return _new_state(
            (
                self.phase,
                self.kinds,
                self.tiles,
                self.start,
                _same(self.cattle, b.cattle),
                _same(self.canteen, b.canteen),
                _same(self.owner, b.owner),
                _same(self.stack, b.stack),
                _same(self.supply, b.supply),
                _same(self.pool, b.pool),
                self.herd,
                _same_items(players, b.players),
                _same(self.spots, b.spots),
                _same(self.city, b.city),
                self.wheel,
                self.active,
                self.first,
                self.round,
                self.turns,
                self.decider,
                _same(self.incoming, b.incoming),
                self.step,
                _same(self.queue, b.queue),
                self.displaced,
                self.used,
                self.built,
                self.action,
                self.spins,
                self.ended,
                self.capped,
            )
        )

    def edit_hexes(self) -> None:
        """Make the hex fields lists, before a rule changes one of them."""
        if type(self.owner) is tuple:
            self.cattle = list(self.cattle)
            self.canteen = list(self.canteen)
            self.owner = list(self.owner)
            self.stack = list(self.stack)

    def edit_spots(self) -> None:
        """Make the action board a list, before a rule changes a spot."""
        if type(self.spots) is tuple:
            self.spots = list(self.spots)

    def edit_supply(self) -> None:
        """Make the general supply of goods a list, before a rule changes it."""
        if type(self.supply) is tuple:
            self.supply = list(self.supply)

    def edit_pool(self) -> None:
        """Make the workers' pool and the waiting workers lists, before a rule
        changes them.
        """
        if type(self.pool) is tuple:
            self.pool = list(self.pool)
        if type(self.incoming) is tuple:
            self.incoming = list(self.incoming)

    def edit_city(self) -> None:
        """Make the city's rows a list, before a rule changes one."""
        if type(self.city) is tuple:
            self.city = list(self.city)

    def pop_queue(self) -> int:
        """Take the first seat off the queue (a new tuple or list: the state's
        queue is never changed in place).
        """
        queue = self.queue
        first: int = queue[0]
        self.queue = queue[1:]
        return first

    def order(self, seat: int) -> list[int]:
        """Turn order starting with ``seat`` (M-SUPPLY-1, ASSUMPTION-6)."""
        return [(seat + i) % self.n for i in range(self.n)]

    def take_goods(self, seat: int, good: int, k: int) -> int:
        """M-SUPPLY-1/2: ``seat`` receives ``k`` goods; returns how many it got."""
        if k <= 0:
            return 0
        self.edit_supply()
        while self.supply[good] < k:
            added = 0
            for p in self.order(seat):
                if self.goods[p][good] > 0:
                    self.goods[p][good] -= 1
                    self.supply[good] += 1
                    added += 1
            if not added:  # M-SUPPLY-2, ASSUMPTION-7
                break
        got = min(k, self.supply[good])
        self.supply[good] -= got
        self.goods[seat][good] += got
        return got

    def take_workers(self, seat: int, colour: int, k: int) -> int:
        """M-SUPPLY-1/2 for workers: they wait in ``incoming`` (M-RECRUIT-4)."""
        self.edit_pool()
        while self.pool[colour] < k:
            added = 0
            for p in self.order(seat):
                if self.workers[p][colour] > 0:
                    self.workers[p][colour] -= 1
                    self.pool[colour] += 1
                    added += 1
            if not added:
                break
        got = min(k, self.pool[colour])
        self.pool[colour] -= got
        self.incoming[colour] += got
        return got

    def pay(self, seat: int, cost: Any) -> None:
        """Pay goods to the general supply (M-SUPPLY-3, ASSUMPTION-8)."""
        self.edit_supply()
        for g, k in enumerate(cost):
            if k:
                self.goods[seat][g] -= k
                self.supply[g] += k


@mypyc_attr(allow_interpreted_subclasses=True)  # lessons may subclass it
class Montana:
    """Montana for 2-4 players (Rüdiger Dorn): hire on a wheel, work, build a race.

    Parameters
    ----------
    players : 2, 3 or 4.
    max_turns : the [ENGINE] turn cap of M-END-5 (a positive int), or ``None`` (off).
    start_hex : the starting tile's hex as ``"q,r"`` (M-SETUP-2), or ``None`` to
        draw it as a chance turn.
    first : the start seat (M-SETUP-10), or ``None`` to draw it as a chance turn.
    tables : the data (:func:`~.tables.load_tables`), default the shipped files.
    start_coins, settlements_2, settlements_3, settlements_4, worker_limit,
    bank_coins_1, bank_coins_2, bank_coins_3, trade_coins, max_hexes,
    compensation_1, compensation_2 : int
        The rule constants (:data:`PARAMETERS`, ranges in
        :data:`PARAMETER_RANGE`), the rulebook's by default: the start player's
        3 coins (M-SETUP-10), 12 / 10 / 8 settlements each with 2 / 3 / 4
        players (M-SETUP-6), at most 8 workers (M-COMP-3), bank fields of 3, 8
        and 12 coins (M-BANK-2), 3 coins for a cattle (M-CATTLE-1), at most 3
        hexes per Build (M-BUILD-1) and 2 or 1 coins for a Build of 1 or 2 hexes
        (M-BUILD-8). Change them to try a variant
        (:mod:`toolkit.analysis.variants`); at the rulebook's value an option is
        left out of ``options`` and records.

    >>> game = Montana(players=2, start_hex="0,0", first=0)
    >>> game.chance_outcomes(game.setup())[0]
    (Tile(tile=1, rotation=0), 0.013888888888888888)
    """

    name: ClassVar[str] = "montana"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    defaults: ClassVar[dict[str, Any]] = DEFAULTS
    #: The options that are rule constants (left out of ``options`` at default).
    rule_parameters: ClassVar[tuple[str, ...]] = tuple(PARAMETERS)

    def __init__(
        self, players: Any = 2, tables: Tables | None = None, **options: Any
    ) -> None:
        if type(players) is not int or not 2 <= players <= 4:
            raise ValueError(f"Montana is for 2-4 players, not {players!r:.40}")
        params = take_rule_parameters(
            options, PARAMETERS, PARAMETER_RANGE, known=DEFAULTS
        )
        opts = {k: v for k, v in DEFAULTS.items() if k not in PARAMETERS} | options
        mt = opts["max_turns"]
        if mt is not None and (type(mt) is not int or not 1 <= mt <= 10**6):
            raise ValueError(
                f"max_turns must be a positive whole number up to 10**6 or None, "
                f"not {mt!r:.40}"
            )
        first = opts["first"]
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise ValueError(f"first must be a seat 0-{players - 1} or None")
        self.players = players
        self.options = opts
        # A rule parameter at the rulebook's value stays out of the options (and
        # of records, which are then those of the rulebook game as before); the
        # tables keep their value. Another value replaces the tables' one.
        changed = {k: v for k, v in params.items() if v != PARAMETERS[k][0]}
        self.options.update(changed)
        t = tables if tables is not None else load_tables()
        if changed:
            t = t._replace(
                first_coins=changed.get("start_coins", t.first_coins),
                settlements={
                    n: changed.get(f"settlements_{n}", k)
                    for n, k in t.settlements.items()
                },
                bank=tuple(
                    (w, changed.get(f"bank_coins_{w}", coins)) for w, coins in t.bank
                ),
            )
        self.tables = t
        #: M-COMP-3: the most workers a player may hold.
        self.worker_limit: int = params["worker_limit"]
        #: M-CATTLE-1 (b): the coins a cattle trades for.
        self.trade_coins: int = params["trade_coins"]
        #: M-BUILD-1: the most hexes one Build action pays for.
        self.max_hexes: int = params["max_hexes"]
        #: M-BUILD-8: coins by the number of hexes a Build paid for (0 from 3 on).
        self.compensation: tuple[int, ...] = (
            0,
            params["compensation_1"],
            params["compensation_2"],
        ) + (0,) * max(0, params["max_hexes"] - 2)
        self.centres: tuple[tuple[int, int], ...] = self.tables.centres[players]
        self.geometry = Geometry.build(self.centres)
        self.hexes = self.geometry.coords
        start = opts["start_hex"]
        self._start_index = -1
        if start is not None:
            try:
                q, r = (int(x) for x in str(start).split(","))
                self._start_index = self.geometry.at[(q, r)]
            except (ValueError, KeyError):
                raise ValueError(
                    f"start_hex must be 'q,r' of a landscape hex, not {start!r:.40}"
                ) from None
        self.settlements = self.tables.settlements[players]
        n = len(self.hexes)
        self._spin_outcomes = tuple((Spin(k), 1 / 8) for k in range(8))
        self._first_outcomes = tuple((First(s), 1 / players) for s in range(players))
        self._start_outcomes = tuple((Start(q, r), 1 / n) for q, r in self.hexes)
        # Actions are immutable: legal_actions hands out these objects rather
        # than making (and checking the fields of) new ones on every call.
        self._recruit = Recruit()
        # (Bank and Work actions: :func:`_placements`)
        self._city = {(r, c): City(r, c) for r in ROWS for c in (1, 2, 3)}
        self._place = {(r, c): Place(r, c) for r in ROWS for c in (1, 2, 3)}
        # the same actions by row and column - 1 (:meth:`_city_moves`)
        self._city_rows = tuple(
            tuple(self._city[r, c] for c in (1, 2, 3)) for r in ROWS
        )
        self._place_rows = tuple(
            tuple(self._place[r, c] for c in (1, 2, 3)) for r in ROWS
        )
        self._build_at = tuple(Build(q, r) for q, r in self.hexes)
        self._trade_all = tuple(Trade(t) for t in TRADES)
        self._trade_no_worker = tuple(
            a for a in self._trade_all if not a.gain.startswith("worker")
        )
        self._pass, self._done = Pass(), Done()
        #: hex type code -> whether it is buildable (M-BUILD-2: lakes are not)
        self._land = {code: t.buildable for code, t in self.tables.hex_types.items()}
        #: hex type code -> the goods it costs (M-DATA-6)
        self._costs = {code: t.cost for code, t in self.tables.hex_types.items()}
        self._hires = tuple(Hire(_TEXT[m]) for m in _PAIRS)
        self._moves = tuple(Move(k) for k in range(1, 8))
        #: per area: the small-space placements (1 worker of its good, or 2)
        self._smalls = tuple(
            tuple(
                (m, Small(_TEXT[m]))
                for m in [m for m in _SINGLES if m[self.tables.area_good[a]]]
                + list(_PAIRS)
            )
            for a in range(len(AREAS))
        )

    # -- protocol ----------------------------------------------------------

    def setup(self) -> State:
        """The state before the landscape tiles are drawn (M-SETUP)."""
        t, n = self.tables, self.players
        hexes = len(self.hexes)
        empty = (0,) * NC
        player = Player(t.start_goods, empty, 0, 0, 0, self.settlements)
        return State(
            phase="tile",
            kinds=("",) * hexes,
            tiles=(),
            start=-1,
            cattle=(0,) * hexes,
            canteen=(0,) * hexes,
            owner=(-1,) * hexes,
            stack=(0,) * hexes,
            supply=t.supply[n],
            pool=(18,) * NC,  # M-COMP-2, M-SETUP-4
            herd=CATTLE_IN_BOX,
            players=(player,) * n,
            spots=(empty,) * (BANK_SPOTS + 24),
            city=((-1, 0),) * len(ROWS),
        )

    def to_move(self, state: State) -> int | None:
        """The seat deciding now, CHANCE, or None once the game is over."""
        phase = state.phase
        if phase == "over":
            return None
        if phase in ("tile", "start", "spin", "first", "cap"):
            return CHANCE
        return state.decider

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        """The outcomes of a chance turn with their odds."""
        phase = state.phase
        if phase == "spin":
            return list(self._spin_outcomes)  # M-RECRUIT-1, ASSUMPTION-9
        if phase == "tile":  # M-SETUP-1, ASSUMPTION-22
            drawn = {t for t, _ in state.tiles}
            p = 1 / (6 * (12 - len(drawn)))
            return [(tile, p) for tile in _TILES if tile.tile not in drawn]
        if phase == "start":
            return list(self._start_outcomes)
        if phase == "first":
            return list(self._first_outcomes)
        if phase == "cap":
            return [(Cap(), 1.0)]
        return []

    def legal_actions(self, state: State) -> list[Action]:
        """The decisions open to the seat to move, in a stable order."""
        phase = state.phase
        if phase in ("over", "tile", "start", "spin", "first", "cap"):
            return []
        if phase == "action":
            return self._action_moves(state)
        if phase == "city":
            seat = state.decider
            p = state.players[seat]
            out = self._city_moves(state, seat, p.goods[PUMPKIN], self._place_rows)
            out.append(self._pass)
            return out + self._trades(p, state.incoming)
        if phase == "build":
            p = state.players[state.decider]
            out = self._builds(state, state.decider)
            out.append(self._done)
            return out + self._trades(p, state.incoming)
        if phase == "small":  # M-PROD-3: the small space next to the large one
            p = state.players[state.decider]
            area = (state.used - BANK_SPOTS) // 6
            out = [small for m, small in self._smalls[area] if _fits(p.workers, m)]
            out.append(self._done)
            return out + self._offered_trades(state, p)
        if phase == "extra":  # M-RECRUIT-3: a grain per segment moved
            p = state.players[state.decider]
            out = list(self._moves[: p.goods[GRAIN]])
            out.append(self._done)
            return out + self._offered_trades(state, p)
        if phase == "hire":  # M-RECRUIT-5: any two colours
            p = state.players[state.decider]
            return list(self._hires) + self._offered_trades(state, p)
        return self.reference_legal(state)

    def _builds(self, state: State, seat: int) -> list[Action]:
        p = state.players[seat]
        if not p.left:
            return []
        goods, costs, kinds, build = p.goods, self._costs, state.kinds, self._build_at
        out: list[Action] = []
        for h in self.buildable(state, seat):
            if _fits(goods, costs[kinds[h]]):
                out.append(build[h])
        return out

    def _trades(self, p: Player, incoming: tuple[int, ...]) -> list[Action]:
        if not p.cattle:
            return []
        if sum(p.workers) + sum(incoming) >= self.worker_limit:
            return list(self._trade_no_worker)
        return list(self._trade_all)

    def _offered_trades(self, state: State, p: Player) -> list[Action]:
        """The cattle trades open to ``p`` if trades are offered now (M-TURN-3)."""
        return self._trades(p, state.incoming) if self._trade_point(state) else []

    def reference_legal(self, state: State) -> list[Action]:
        """The legal decisions found the slow way: every candidate that
        :meth:`apply` accepts (``legal_actions`` takes a faster path for the
        choice of action; a test checks that both agree).
        """
        return [a for a in self._candidates(state) if self._why_not(state, a) is None]

    def _action_moves(self, state: State) -> list[Action]:
        """The choice of action (M-TURN-2), generated directly."""
        seat = state.decider
        p = state.players[seat]
        banks, works = _placements(p.workers, self.tables.area_good)
        out: list[Action] = [self._recruit]
        for k in range(BANK_SPOTS):  # M-BANK-1: the free fields
            if not any(state.spots[k]):
                out += banks[k]
        for a in range(len(AREAS)):  # M-PROD-1/2: free spaces the seat can pay
            for space in (1, 2, 3):
                if any(state.spots[_LARGE[a][space - 1]]):
                    continue
                if p.coins < self.tables.production[a][space - 1][0]:
                    continue
                out += works[a][space - 1]
        pumpkins = self.city_pumpkins(state, seat)
        out += self._city_moves(state, seat, pumpkins, self._city_rows)
        out += self._builds(state, seat)
        return out + self._trades(p, state.incoming)

    def apply(self, state: State, action: Any) -> State:
        """The state after ``action``; IllegalAction (nothing changes) if the rules forbid it."""
        if state.phase == "over":
            raise GameOver()
        if isinstance(action, str):
            raise IllegalAction(
                "M-TURN-2",
                f"apply takes an action object; read the text {action!r:.30} with "
                "game.parse_action first.",
            )
        reason = self._why_not(state, action)
        if reason is not None:
            raise IllegalAction(*reason)
        w = _W(state)
        self._do(w, action)
        return w.freeze()

    def observe(self, state: State, seat: int) -> State:
        """Everything in Montana is open information: the state itself."""
        return state

    def scores(self, state: State) -> tuple[int, ...]:
        """Settlements placed by seat (M-END-3: fewest left wins)."""
        return tuple(self.settlements - p.left for p in state.players)

    def winners(self, state: State) -> tuple[int, ...]:
        """Fewest settlements left, then most cattle, then most coins (M-END-3/4)."""
        if state.phase != "over":
            return ()
        keys = [(-p.left, p.cattle, p.coins) for p in state.players]
        best = max(keys)
        return tuple(i for i, k in enumerate(keys) if k == best)

    def progress(self, state: State) -> Progress:
        """Round, active seat and start seat."""
        first = state.first if state.first >= 0 else None
        if state.round == 0:
            return Progress(0, None, first)
        active = None if state.phase == "over" else state.active
        return Progress(state.round, active, first)

    def parse_action(self, text: str) -> Action:
        """Read an action from its notation (the inverse of ``str(action)``)."""
        return parse_action(text)

    def __repr__(self) -> str:
        opts = "".join(
            f", {k}={v!r}" for k, v in self.options.items() if v != DEFAULTS[k]
        )
        return f"Montana(players={self.players}{opts})"

    # -- queries -------------------------------------------------------------

    def last_seat(self, state: State) -> int:
        """The seat on the start player's right: the last of a round (M-TURN-1)."""
        return (state.first - 1) % self.players

    def cost(self, state: State, h: int) -> tuple[int, ...]:
        """The goods hex ``h`` costs (M-DATA-6)."""
        return self.tables.hex_types[state.kinds[h]].cost

    def buildable(self, state: State, seat: int) -> list[int]:
        """Hexes ``seat`` may build now by position (M-BUILD-2), cost not checked."""
        owner, start, kinds = state.owner, state.start, state.kinds
        # the same hexes as long as the settlements and tiles are the same
        # objects (the engine keeps an unchanged field's tuple): one game's last
        # answer is kept (beside the module: the game holds no position)
        global _LAST_BUILDABLE
        last = _LAST_BUILDABLE
        if (
            last[0] is self
            and last[1] is owner
            and last[2] is kinds
            and last[3] == start
        ):
            return list(last[4])
        found = tuple(self._buildable(owner, start, kinds))
        _LAST_BUILDABLE = (self, owner, kinds, start, found)
        return list(found)

    def _buildable(
        self, owner: tuple[int, ...], start: int, kinds: tuple[str, ...]
    ) -> list[int]:
        near = self.geometry.neighbours
        reached = [False] * len(owner)  # next to a settlement or the starting tile
        for h, o in enumerate(owner):
            if o >= 0 or h == start:
                for n in near[h]:
                    reached[n] = True
        land = self._land  # lakes are never buildable; "" (no tile yet) neither
        return [
            h
            for h, r in enumerate(reached)
            if r and owner[h] < 0 and h != start and land.get(kinds[h], False)
        ]

    def city_pumpkins(self, state: State, seat: int) -> int:
        """Pumpkins ``seat`` would hold after the City action's free pumpkin
        (M-CITY-1, with M-SUPPLY).
        """
        have = state.players[seat].goods[PUMPKIN]
        if state.supply[PUMPKIN] >= 1:
            return have + 1
        if have >= 1:
            return have
        return int(any(p.goods[PUMPKIN] for p in state.players))

    def city_spaces(
        self, state: State, seat: int, pumpkins: int
    ) -> list[tuple[str, int]]:
        """The city spaces ``seat`` may take with ``pumpkins`` (M-CITY-1..3)."""
        out = []
        for r, (who, col) in enumerate(state.city):
            if who == seat:
                continue
            for c, cost in enumerate(self.tables.columns, start=1):
                if cost <= pumpkins and (who < 0 or c > col):
                    out.append((ROWS[r], c))
        return out

    def _city_moves(
        self, state: State, seat: int, pumpkins: int, made: tuple[tuple[Any, ...], ...]
    ) -> list[Action]:
        """The actions of :meth:`city_spaces`' spaces, in its order, from
        ``made`` (the City or Place actions by row and column - 1).
        """
        out: list[Action] = []
        columns = self.tables.columns
        for r, (who, col) in enumerate(state.city):
            if who != seat:
                row = made[r]
                for c, cost in enumerate(columns, start=1):
                    if cost <= pumpkins and (who < 0 or c > col):
                        out.append(row[c - 1])
        return out

    # -- candidates and checks -------------------------------------------------

    def _candidates(self, state: State) -> list[Action]:
        phase, seat = state.phase, state.decider
        p = state.players[seat]
        out: list[Action] = []
        if phase == "action":
            out.append(Recruit())
            out += [Bank(_TEXT[m]) for m in _MULTISETS if _fits(p.workers, m)]
            for a, area in enumerate(AREAS):
                mine = self.tables.area_good[a]
                options = [m for m in _SINGLES if m[mine]] + list(_PAIRS)
                for space in (1, 2, 3):
                    if any(state.spots[spot(a, space)]):
                        continue
                    out += [
                        Work(area, space, _TEXT[m])
                        for m in options
                        if _fits(p.workers, m)
                    ]
            for row in ROWS:
                out += [City(row, c) for c in (1, 2, 3)]
            out += [Build(*self.hexes[h]) for h in self.buildable(state, seat)]
        elif phase == "hire":
            out += [Hire(_TEXT[m]) for m in _PAIRS]
        elif phase == "dismiss":
            out += [Dismiss(c) for c in COLOURS]
        elif phase == "extra":
            out += [Move(k) for k in range(1, 8)] + [Done()]
        elif phase == "small":
            used = self.tables.area_good[(state.used - BANK_SPOTS) // 6]
            smalls = [m for m in _SINGLES if m[used]] + list(_PAIRS)
            out += [Small(_TEXT[m]) for m in smalls if _fits(p.workers, m)]
            out.append(Done())
        elif phase == "city":
            out += [Place(r, c) for r in ROWS for c in (1, 2, 3)] + [Pass()]
        elif phase == "payout":
            out.append(Collect())
        elif phase == "build":
            out += [Build(*self.hexes[h]) for h in self.buildable(state, seat)]
            out.append(Done())
        elif phase == "canteen":
            out += [Canteen(), Done()]
        if p.cattle and self._trade_point(state):
            out += [Trade(t) for t in TRADES]
        return out

    def _trade_point(self, state: State) -> bool:
        """Whether the decider is offered cattle trades now (M-TURN-3, ASSUMPTION-5)."""
        if state.step == "setup" or state.phase in ("over", "tile", "start", "spin"):
            return False
        return state.phase not in ("first", "cap")

    def _why_not(self, state: State, action: Any) -> tuple[str, str] | None:
        """``None`` if ``action`` is legal now, else ``(rule ID, sentence)``."""
        phase = state.phase
        if phase in ("tile", "start", "spin", "first", "cap"):
            outcomes = [a for a, _ in self.chance_outcomes(state)]
            # the prebuilt outcome itself (as the environments pass it), found
            # by identity before any (Python-level) dataclass comparison
            for a in outcomes:
                if a is action:
                    return None
            if action in outcomes:
                return None
            rule = {
                "tile": "M-SETUP-1",
                "start": "M-SETUP-2",
                "spin": "M-RECRUIT-1",
                "first": "M-SETUP-10",
                "cap": "M-END-5",
            }[phase]
            return (
                rule,
                f"chance decides now; {str(action)[:30]!r} is not a possible outcome.",
            )
        seat = state.decider
        p = state.players[seat]
        kind = type(action)
        if kind is Trade:
            if not self._trade_point(state):
                return "M-TURN-3", "no cattle trade is offered at this moment."
            if p.cattle < 1:
                return (
                    "M-CATTLE-1",
                    "a trade needs a cattle to return, and you have none.",
                )
            if (
                action.gain.startswith("worker")
                and sum(p.workers) + sum(state.incoming) >= self.worker_limit
            ):
                return (
                    "M-CATTLE-1",
                    f"a traded worker would take you over {self.worker_limit} workers.",
                )
            return None
        if phase == "action":
            return self._why_not_action(state, seat, p, action)
        if phase == "hire":
            if kind is Hire:
                return None
            return "M-RECRUIT-5", "choose the two workers of the ANY segment first."
        if phase == "dismiss":
            if kind is not Dismiss:
                return (
                    "M-RECRUIT-4",
                    f"first return workers until you hold {self.worker_limit}.",
                )
            c = COLOURS.index(action.colour)
            if p.workers[c] + state.incoming[c] < 1:
                return "M-RECRUIT-4", f"you have no {action.colour} worker to return."
            return None
        if phase == "extra":
            if kind is Done:
                return None
            if kind is not Move:
                return (
                    "M-RECRUIT-3",
                    "pay grain to move the pointer (move k) or decline (done).",
                )
            if p.goods[GRAIN] < action.steps:
                return (
                    "M-RECRUIT-3",
                    f"moving {action.steps} segments costs {action.steps} grain; you have {p.goods[GRAIN]}.",
                )
            return None
        if phase == "small":
            if kind is Done:
                return None
            if kind is not Small:
                return "M-PROD-3", "use the small space (small ...) or decline (done)."
            area = (state.used - BANK_SPOTS) // 6
            return self._placement(p, area, action.workers, "M-PROD-3")
        if phase == "city":
            if kind is Pass:
                return None
            if kind is not Place:
                return (
                    "M-CITY-2",
                    "place your contractor in the city (place A1) or pass.",
                )
            return self._city_check(state, seat, p.goods[PUMPKIN], action)
        if phase == "payout":
            if kind is Collect:
                return None
            return (
                "M-CITY-5",
                "the city pays out now (collect); trades are allowed first.",
            )
        if phase == "build":
            if kind is Done:
                return None
            if kind is not Build:
                return "M-BUILD-1", "build another hex (build q,r) or finish (done)."
            return self._build_check(state, seat, p, action)
        if phase == "canteen":
            if kind is Canteen or kind is Done:
                return None
            return (
                "M-CANTEEN-1",
                "spend a canteen for an extra turn (canteen) or end the turn (done).",
            )
        return "M-TURN-2", f"{str(action)[:30]!r} is not a Montana action."

    def _why_not_action(self, state: State, seat: int, p: Player, action: Any):
        kind = type(action)
        if kind is Recruit:
            return None  # M-END-6: recruiting is always legal
        if kind is Bank:
            need = _worker_counts(action.workers)
            n = sum(need)
            fields = [k for k, (w, _) in enumerate(self.tables.bank) if w == n]
            if not fields:
                return "M-BANK-1", f"no bank field takes exactly {n} workers."
            if any(state.spots[fields[0]]):
                return "M-BANK-1", f"the bank field for {n} workers is occupied."
            if not _fits(p.workers, need):
                return "M-BANK-1", f"you do not have the workers {action.workers}."
            return None
        if kind is Work:
            a = AREAS.index(action.area)
            if any(state.spots[spot(a, action.space)]):
                return "M-PROD-1", f"{action.area} space {action.space} is occupied."
            reason = self._placement(p, a, action.workers, "M-PROD-2")
            if reason:
                return reason
            pay = self.tables.production[a][action.space - 1][0]
            if p.coins < pay:  # ASSUMPTION-10
                return (
                    "M-PROD-2",
                    f"this space costs {pay} coins and you have {p.coins}.",
                )
            return None
        if kind is City:
            have = self.city_pumpkins(state, seat)
            if have < 1:
                return (
                    "M-CITY-1",
                    "there is no pumpkin to take, so you cannot pay for any city space.",
                )
            return self._city_check(state, seat, have, action)
        if kind is Build:
            return self._build_check(state, seat, p, action)
        if kind in (Place, Pass):
            return "M-CITY-2", "only other players place or pass in your City action."
        return (
            "M-TURN-2",
            "choose one action: recruit, work (bank, a production space, the city) or build.",
        )

    def _placement(self, p: Player, area: int, workers: str, rule: str):
        need = _worker_counts(workers)
        colour = self.tables.area_good[area]
        if sum(need) == 1 and not need[colour]:
            return (
                rule,
                f"one worker must be of the {COLOURS[colour]} colour; otherwise place two.",
            )
        if sum(need) > 2:
            return (
                rule,
                "a production space takes 1 matching worker or 2 of any colours.",
            )
        if not _fits(p.workers, need):
            return rule, f"you do not have the workers {workers}."
        return None

    def _city_check(self, state: State, seat: int, pumpkins: int, action: Any):
        r = ROWS.index(action.row)
        who, col = state.city[r]
        cost = self.tables.columns[action.column - 1]
        if cost > pumpkins:
            return (
                "M-CITY-1",
                f"column {action.column} costs {cost} pumpkins and you could pay {pumpkins}.",
            )
        if who >= 0 and action.column <= col:
            return (
                "M-CITY-3",
                f"row {action.row} is taken; outbid only to the right of column {col}.",
            )
        if who == seat:
            return "M-CITY-3", "your contractor is already in that row."
        return None

    def _build_check(self, state: State, seat: int, p: Player, action: Build):
        h = self.geometry.at.get((action.q, action.r))
        if h is None:
            return (
                "M-BUILD-1",
                f"({action.q},{action.r}) is not a hex of the landscape.",
            )
        if p.left < 1:
            return "M-BUILD-1", "you have no settlements left to build."
        kind = state.kinds[h]
        if not kind or not self.tables.hex_types[kind].buildable:
            return "M-BUILD-2", "lakes are never buildable."
        if state.owner[h] >= 0 or h == state.start:
            return "M-BUILD-1", "that hex is not free."
        if not any(
            state.owner[n] >= 0 or n == state.start for n in self.geometry.neighbours[h]
        ):
            return "M-BUILD-2", "a new settlement must be next to an occupied hex."
        cost = self.tables.hex_types[kind].cost
        if not _fits(p.goods, cost):
            return "M-BUILD-1", f"hex {kind} costs more goods than you hold."
        return None

    # -- doing -------------------------------------------------------------------

    def _do(self, w: _W, action: Any) -> None:
        kind = type(action)
        if kind is Trade:
            self._trade(w, w.decider, action.gain)
            return
        phase = w.phase
        if phase == "tile":
            self._place_tile(w, action)
        elif phase == "start":
            self._place_start(w, self.geometry.at[(action.q, action.r)])
        elif phase == "first":
            self._choose_first(w, action.seat)
        elif phase == "spin":
            w.wheel = action.segment
            self._spun(w)
        elif phase == "cap":
            w.ended = True
            w.capped = True
            self._after_trigger(w)
        elif phase == "hire":
            self._hire(w, _worker_counts(action.workers))
        elif phase == "dismiss":
            c = COLOURS.index(action.colour)
            w.edit_pool()
            if w.incoming[c]:
                w.incoming[c] -= 1
            else:
                w.workers[w.decider][c] -= 1
            w.pool[c] += 1
            self._settle_incoming(w)
        elif phase == "extra":
            if kind is Done:
                self._end_action(w)
            else:
                seat = w.active
                w.goods[seat][GRAIN] -= action.steps
                w.edit_supply()
                w.supply[GRAIN] += action.steps  # M-SUPPLY-3
                w.hired[seat] = w.round
                w.wheel = (w.wheel + action.steps) % 8
                w.step = "extra"
                self._spun(w)
        elif phase == "action":
            self._action(w, action)
        elif phase == "small":
            if kind is Small:
                self._place_workers(
                    w, w.active, w.used + 1, _worker_counts(action.workers)
                )
                area = (w.used - BANK_SPOTS) // 6
                w.take_goods(w.active, self.tables.area_good[area], 1)
            self._end_action(w)
        elif phase == "city":
            self._city_move(w, action)
        elif phase == "payout":
            self._payout(w, w.pop_queue())
            self._payouts(w)
        elif phase == "build":
            if kind is Done:
                self._finish_build(w)
            else:
                self._build(w, action)
        elif phase == "canteen":
            if kind is Canteen:
                w.canteens[w.active] -= 1  # back to the box
                w.turns += 1
                self._start_turn(w)
            else:
                self._next_player(w)

    # setup -------------------------------------------------------------------

    def _place_tile(self, w: _W, action: Tile) -> None:
        k = len(w.tiles)
        cells = tile_cells(self.centres[k], action.rotation)
        tile = self.tables.tiles[action.tile - 1]
        kinds = list(w.kinds)
        w.edit_hexes()
        for h, (code, cattle) in zip(cells, tile, strict=True):
            i = self.geometry.at[h]
            kinds[i] = code
            w.cattle[i] = int(cattle)
        w.kinds = tuple(kinds)
        w.tiles = (*w.tiles, (action.tile, action.rotation))
        if len(w.tiles) < len(self.centres):
            return
        if self._start_index >= 0:
            self._place_start(w, self._start_index)
        else:
            w.phase = "start"

    def _place_start(self, w: _W, h: int) -> None:
        """M-SETUP-2/3: the starting tile, then cattle and canteens (ASSUMPTION-23)."""
        w.start = h
        w.edit_hexes()
        types = self.tables.hex_types
        for i, kind in enumerate(w.kinds):
            if i == h:
                w.cattle[i] = 0
                continue
            w.canteen[i] = int(types[kind].canteen)
        w.herd = CATTLE_IN_BOX - sum(w.cattle)
        for seat in range(w.n):  # M-SETUP-7: a cattle from the supply each
            w.hcattle[seat] = 1
            w.herd -= 1
        w.phase, w.step, w.spins = "spin", "setup", 0
        w.decider = 0

    def _choose_first(self, w: _W, first: int) -> None:
        """M-SETUP-10: the start player gets 3 coins (``start_coins``), each next one 1 more."""
        w.first = first
        for i in range(w.n):
            w.coins[(first + i) % w.n] = self.tables.first_coins + i
        w.round, w.turns, w.active = 1, 1, first
        w.step = "turn"
        self._start_turn(w)

    # recruiting ----------------------------------------------------------------

    def _spun(self, w: _W) -> None:
        a, b = self.tables.wheel[w.wheel]
        if a == ANY:  # M-RECRUIT-5
            w.phase = "hire"
            return
        self._hire(w, tuple(int(c == a) + int(c == b) for c in COLOURS))

    def _hire(self, w: _W, counts: tuple[int, ...]) -> None:
        seat = w.decider
        for c, k in enumerate(counts):
            if k:
                w.take_workers(seat, c, k)  # M-RECRUIT-2, M-SUPPLY-1
        self._settle_incoming(w)

    def _settle_incoming(self, w: _W) -> None:
        seat = w.decider
        if sum(w.workers[seat]) + sum(w.incoming) > self.worker_limit:  # M-RECRUIT-4
            w.phase = "dismiss"
            return
        w.edit_pool()
        for c in range(NC):
            w.workers[seat][c] += w.incoming[c]
            w.incoming[c] = 0
        if w.step == "setup":  # M-SETUP-9, ASSUMPTION-4
            w.spins += 1
            if w.spins < 2 * w.n:
                w.phase, w.decider = "spin", w.spins // 2
                return
            first = self.options["first"]
            if first is None:
                w.phase, w.decider = "first", -1
            else:
                self._choose_first(w, first)
            return
        if w.step == "recruit" and w.hired[seat] != w.round and w.goods[seat][GRAIN]:
            w.phase = "extra"  # M-RECRUIT-3
            return
        self._end_action(w)

    def _trade(self, w: _W, seat: int, gain: str) -> None:
        """M-CATTLE-1: a cattle back to the supply for a good, 3 coins or a worker."""
        w.hcattle[seat] -= 1
        w.herd += 1
        if gain == "coins":
            w.coins[seat] += self.trade_coins
        elif gain.startswith("worker"):
            c = COLOURS.index(gain.split()[1])
            w.take_workers(seat, c, 1)
            for k in range(NC):
                w.workers[seat][k] += w.incoming[k]
                w.incoming[k] = 0
        else:
            w.take_goods(seat, GOODS.index(gain), 1)

    # the turn ------------------------------------------------------------------

    def _start_turn(self, w: _W) -> None:
        w.phase, w.decider = "action", w.active
        w.action, w.step, w.built, w.used = "", "turn", 0, -1

    def _action(self, w: _W, action: Any) -> None:
        seat, kind = w.active, type(action)
        if kind is Recruit:
            w.action, w.step, w.phase = "recruit", "recruit", "spin"
        elif kind is Bank:
            w.action = "bank"
            need = _worker_counts(action.workers)
            field = next(
                k for k, (n, _) in enumerate(self.tables.bank) if n == sum(need)
            )
            self._place_workers(w, seat, field, need)
            w.coins[seat] += self.tables.bank[field][1]
            self._end_action(w)
        elif kind is Work:
            w.action = "work"
            a = AREAS.index(action.area)
            pay, gain = self.tables.production[a][action.space - 1]
            w.coins[seat] -= pay
            s = spot(a, action.space)
            self._place_workers(w, seat, s, _worker_counts(action.workers))
            w.take_goods(seat, self.tables.area_good[a], gain)
            w.used = s
            w.phase = "small"
            held = w.workers[seat]  # M-PROD-3: a small-space placement left?
            if not any(_fits(held, m) for m, _ in self._smalls[a]):
                self._end_action(w)
        elif kind is City:
            w.action = "city"
            w.take_goods(seat, PUMPKIN, 1)  # M-CITY-1
            w.edit_city()
            w.city[ROWS.index(action.row)] = (seat, action.column)
            w.queue = [(seat + i) % w.n for i in range(1, w.n)]  # M-CITY-2
            w.displaced = -1
            self._city_next(w)
        elif kind is Build:
            w.action = "build"
            self._build(w, action)

    def _place_workers(self, w: _W, seat: int, s: int, need: tuple[int, ...]) -> None:
        for c in range(NC):
            w.workers[seat][c] -= need[c]
        w.edit_spots()
        w.spots[s] = need  # M-WORK-2: they stay on the board

    # the city --------------------------------------------------------------------

    def _city_next(self, w: _W) -> None:
        if w.displaced >= 0:
            w.phase, w.decider = "city", w.displaced
        elif w.queue:
            w.phase, w.decider = "city", w.queue[0]
        else:
            w.queue = []
            self._end_action(w)

    def _city_move(self, w: _W, action: Any) -> None:
        seat = w.decider
        if seat == w.displaced:
            w.displaced = -1
        else:
            w.pop_queue()
        if type(action) is Place:  # M-CITY-3: an outbid displaces the occupant
            r = ROWS.index(action.row)
            who = w.city[r][0]
            w.edit_city()
            w.city[r] = (seat, action.column)
            if who >= 0:
                w.displaced = who
        self._city_next(w)

    def _payouts(self, w: _W) -> None:
        """M-TURN-5 step 1 / M-CITY-5: a seat holding cattle may trade first."""
        while w.queue:
            seat = w.queue[0]
            if w.cattle_of(seat):  # M-TURN-3 point 3
                w.phase, w.decider = "payout", seat
                return
            self._payout(w, w.pop_queue())
        w.city = [(-1, 0)] * len(ROWS)  # contractors back to the general store
        self._refresh(w)

    def _payout(self, w: _W, seat: int) -> None:
        for r, (who, col) in enumerate(w.city):
            if who != seat:
                continue
            cost = self.tables.columns[col - 1]
            give, gain = self.tables.city[r]
            if w.goods[seat][PUMPKIN] < cost or (give >= 0 and w.goods[seat][give] < 1):
                return  # nothing happens and nothing is paid
            w.goods[seat][PUMPKIN] -= cost
            w.edit_supply()
            w.supply[PUMPKIN] += cost
            if give >= 0:
                w.goods[seat][give] -= 1
                w.supply[give] += 1
            for g, k in enumerate(gain):
                w.take_goods(seat, g, k)

    # building ----------------------------------------------------------------------

    def _build(self, w: _W, action: Build) -> None:
        seat = w.active
        h = self.geometry.at[(action.q, action.r)]
        kind = self.tables.hex_types[w.kinds[h]]
        w.pay(seat, kind.cost)
        w.edit_hexes()
        w.owner[h], w.stack[h] = seat, 1
        w.left[seat] -= 1
        w.built += 1
        if w.cattle[h]:  # M-BUILD-3
            w.cattle[h] = 0
            w.hcattle[seat] += 1
        for n in self.geometry.neighbours[h]:  # M-BUILD-4
            if w.canteen[n]:
                w.canteen[n] = 0
                w.canteens[seat] += 1
        if kind.double and w.left[seat]:  # M-BUILD-5, M-BUILD-7
            w.stack[h] += 1
            w.left[seat] -= 1
        owner = w.owner
        runs = run_lengths(self.geometry.rays[h], lambda i: owner[i] == seat)
        if line_bonus(runs) and w.left[seat]:  # M-BUILD-6, M-BUILD-7
            w.stack[h] += 1
            w.left[seat] -= 1
        if w.built >= self.max_hexes or not w.left[seat]:
            self._finish_build(w)
        else:
            w.phase = "build"

    def _finish_build(self, w: _W) -> None:
        w.coins[w.active] += self.compensation[w.built]  # M-BUILD-8
        self._end_action(w)

    # the end of a turn (M-TURN-5) ---------------------------------------------------

    def _end_action(self, w: _W) -> None:
        if w.action == "city":
            # the seats with a contractor in the city, in turn order from the active one
            city = w.city
            queue = []
            for i in range(w.n):
                seat = (w.active + i) % w.n
                for who, _ in city:
                    if who == seat:
                        queue.append(seat)
                        break
            w.queue = queue
            self._payouts(w)
        else:
            self._refresh(w)

    def _refresh(self, w: _W) -> None:
        bank = range(BANK_SPOTS)
        if all(any(w.spots[k]) for k in bank):  # step 2, M-BANK-3
            self._clear(w, bank)
        for a in range(len(AREAS)):  # step 3, M-PROD-4
            large = _LARGE[a]
            if all(any(w.spots[k]) for k in large):
                self._clear(w, range(large[0], large[0] + 6))
        seat = w.active
        if not w.left_of(seat) and not w.ended:  # step 4, M-END-1
            w.ended = True
        mt = self.options["max_turns"]
        if mt is not None and w.turns >= mt and not w.ended:  # M-END-5
            w.phase, w.decider = "cap", -1
            return
        self._after_trigger(w)

    def _after_trigger(self, w: _W) -> None:
        seat = w.active
        if w.canteens_of(seat):  # step 5, M-CANTEEN-1
            w.phase, w.decider = "canteen", seat
            return
        self._next_player(w)

    def _clear(self, w: _W, spots: range) -> None:
        w.edit_spots()
        w.edit_pool()
        for k in spots:
            for c, n in enumerate(w.spots[k]):
                w.pool[c] += n  # M-SUPPLY-3: to the general supply
            w.spots[k] = (0,) * NC

    def _next_player(self, w: _W) -> None:
        """Step 6: the game ends after the last seat of a round once triggered."""
        last = (w.first - 1) % w.n
        if w.ended and w.active == last:  # M-END-2
            w.phase, w.decider, w.action = "over", -1, ""
            return
        w.active = (w.active + 1) % w.n
        if w.active == w.first:
            w.round += 1
        w.turns += 1
        self._start_turn(w)


__all__ = [
    "COMPENSATION",
    "DEFAULTS",
    "PARAMETERS",
    "PARAMETER_RANGE",
    "WORKER_LIMIT",
    "Montana",
]
