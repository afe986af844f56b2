"""The fixed RL encoding of a Pioneers game (the ``encoding`` part).

:mod:`toolkit.envs` finds :data:`Encoder` here; the contract is in
:mod:`toolkit.envs.encoding`. ``encoder("pioneers", 3).describe()`` prints the
observation layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from operator import itemgetter
from typing import Any

from toolkit.envs.encoding import ActionTable, EncoderBase, Layout, Part
from toolkit.envs.tracking import legal_map
from toolkit.pioneers import actions as A
from toolkit.pioneers import fills as F
from toolkit.pioneers.board import PROFESSIONS, TILE_TYPES
from toolkit.pioneers.rules import BANK_TOTAL, NUGGET_COUNTS, NUGGETS, PIONEERS, ROADS
from toolkit.pioneers.state import State

#: Every phase of a Pioneers state, in the order of the ``phase`` one-hot.
PIONEERS_PHASES = (
    "buy",
    "road",
    "move",
    "settle",
    "sergeant",
    "innkeeper",
    "farmer",
    "join",
    "cover",
    "tile",
    "redraw",
    "first",
    "market",
    "deal",
    "reveal",
    "nugget",
    "over",
)
#: Money and bank shortfall are clipped at this value in the observation vector.
MONEY_CAP = 999
#: The state fields the seats part (phase, seats, tile, joiners) reads.
SEATS = ("phase", "seat", "active", "start_player", "tile", "join_need", "offer")
#: The state fields the purchase and tile-effect counters read (they change
#: within a turn, over few values: their fills are remembered).
STEPS = ("actions_left", "used", "forced", "roads_to_place", "extras_left")
#: The state fields the other turn counters read (they change a few times a round).
ROUND = ("round", "end_triggered", "round_active", "deck", "bank", "shortfall")


def _fields(*names: str) -> Any:
    """A reader of State fields by position (``itemgetter``).

    Observations are State tuples: an item is read in C, with no attribute
    look-up (a part's key is read on every update).
    """
    return itemgetter(*(State._fields.index(n) for n in names))


#: Move indices per target city: the first ROUTE_SLOTS ways to pay for a trip
#: there that the engine lists (ASSUMPTION-4), cheapest first.
ROUTE_SLOTS = 8


class PioneersEncoder(EncoderBase):
    """The fixed action, chance and observation encoding of a Pioneers game.

    Built from the game object, so custom boards and wagon decks work too.
    ``N`` cities (board id order), ``E`` connections (board order), ``W`` wagon
    ids (sorted: start wagons, then regular ones), ``P`` players.

    **Actions** (``action_labels`` gives each index its name), in this order:
    ``buy R1``, ``buy R2``, ``buy slot 1..4``, ``end purchases``, ``pass``,
    ``skip``, ``decline``; ``road A-B`` per connection; ``sergeant A-B`` per
    connection; ``settle W PROF`` and then ``return W PROF`` per (wagon,
    profession); ``farmer W`` per wagon; ``join W`` per wagon; and
    :data:`ROUTE_SLOTS` move indices per city: ``move to CITY`` and ``move to
    CITY, way k`` (k = 2 .. ROUTE_SLOTS). The mover steers the stagecoach and
    so chooses whom the trip pays (ASSUMPTION-4): the engine lists one move per
    target and payment outcome, cheapest first, and slot k of a city is the
    k-th listed move to it in that position (slot 1, ``move to CITY``, is its
    cheapest route). So a move's index depends on the position:
    :meth:`index_in` gives it. Moves past the cap (rare: more than
    ``ROUTE_SLOTS`` undominated ways to pay for one target) share the last
    slot, which stands for the first of them.

    **Chance outcomes** (``chance_labels``): ``cover CITY`` per city,
    ``tile CITY TYPE`` and ``redraw CITY TYPE`` per (city, tile type),
    ``swap CITY OTHER`` per ordered pair of cities, ``first SEAT`` per seat,
    ``reveal WAGON`` per regular wagon, ``deal SEAT WAGON`` per (seat, start
    wagon), ``nugget VALUE`` per nugget value.

    **Observation** of ``game.observe(state, seat)``. Seats are *relative*:
    relative seat ``k`` is seat ``(seat + k) % P``, so the observer is always
    row 0. One-hots are 0/1; counts are whole numbers. Segments in order:

    ==============  =========  ==============================================
    phase           17         one-hot of :data:`PIONEERS_PHASES`
    to_move         P          who decides now (zeros at chance / the end)
    active          P          whose turn it is
    start_player    P          the start player (zeros before it is drawn)
    turn            14         round, actions_left, used R1, used R2, used W,
                               forced, roads_to_place, extras_left,
                               end_triggered, round_active, deck, finite bank,
                               bank, shortfall (clipped at ``MONEY_CAP``)
    tile_removed    7          tile type removed this turn (state.tile)
    join_need       6          profession a joiner must place
    offer           P          seats still to be asked to join
    cities          N x (10+P) covered, stagecoach here, settled this turn,
                               tile type one-hot (7), pioneers per rel. seat
    roads           E x 2P     owner of the first road, of the second road
    wagons          W x (P+6+S) owner one-hot, market slot one-hot (4), unseen
                               (deck or removed), face up, then one bit per
                               printed seat: occupied (S = most seats)
    players         P x 10     money (clipped at ``MONEY_CAP``), banked wagon
                               VP, roads left, supply, bankers, merchants,
                               nuggets held, known nuggets worth 3, 4, 5
    ==============  =========  ==============================================

    Hidden by ``observe`` and so absent here: other players' nugget values
    (only how many they hold), the unused set-up tiles, the nugget pool.

    The vector is described in :class:`~toolkit.envs.encoding.Part` s (the turn
    head, the coach and settled-city marks, the cities' covers, tiles and
    pioneers, the roads, the market, each player's wagons and purse, the
    known nugget values), so the base's ``encode`` builds it and a seat's
    tracker refreshes only the parts (and rows) that changed since its last
    update. All but the known nugget values (one's own) are public: the
    trackers of one game encode them once for all seats (:meth:`seat_order`).
    """

    #: A step changes few of the vector's 1,886 entries (4 players): the
    #: public parts are written into every seat's vector as they change, and
    #: an observation is a copy, not a gather in the seat's order.
    push_public = True

    def __init__(self, game: Any) -> None:
        self.game = game
        b = game.board
        P = self.players = game.players
        ids = b.ids
        edges = [b.edge_ids(e) for e in range(len(b.edges))]
        wagons = tuple(sorted(game.wagon_specs))
        self._move_cls = A.MoveCoach
        self._professions = PROFESSIONS
        self._tile_types = TILE_TYPES
        self._nuggets = NUGGETS

        # actions
        acts: list[Any] = [A.BuyRoads(1), A.BuyRoads(2)]
        acts += [A.BuyWagon(s) for s in range(1, 5)]
        acts += [A.EndPurchases(), A.Pass(), A.Skip(), A.Decline()]
        acts += [A.PlaceRoad(a, c) for a, c in edges]
        acts += [A.SergeantRoad(a, c) for a, c in edges]
        acts += [A.Settle(w, p) for w in wagons for p in PROFESSIONS]
        acts += [A.ReturnPioneer(w, p) for w in wagons for p in PROFESSIONS]
        acts += [A.AddFarmer(w) for w in wagons]
        acts += [A.Join(w) for w in wagons]
        labels = [str(a) for a in acts]
        self._move0 = len(labels)
        labels += [
            f"move to {cid}" if k == 0 else f"move to {cid}, way {k + 1}"
            for cid in ids
            for k in range(ROUTE_SLOTS)
        ]
        self.action_labels = tuple(labels)
        self._index = ActionTable(acts)  # C-level keys: no dataclass __hash__
        self._city = b.index
        self._edge_tables = self._prebuilt_roads(game)

        # chance outcomes
        ch: list[Any] = [A.CoverCity(c) for c in ids]
        ch += [A.DrawTile(c, t) for c in ids for t in TILE_TYPES]
        ch += [A.Redraw(c, t) for c in ids for t in TILE_TYPES]
        ch += [A.SwapTiles(c, d) for c in ids for d in ids if c != d]
        ch += [A.FirstPlayer(s) for s in range(P)]
        ch += [A.RevealWagon(w) for w in game.regular_wagons]
        ch += [A.DealStart(s, w) for s in range(P) for w in game.start_wagons]
        ch += [A.DrawNugget(v) for v in NUGGETS]
        self.chance_labels = tuple(str(a) for a in ch)
        self._chance_index = {a: i for i, a in enumerate(ch)}
        assert len(self._chance_index) == len(ch) and len(self._index) == self._move0

        # observation layout
        specs = game.wagon_specs
        self._wagons = wagons
        self._wagon_row = {w: i for i, w in enumerate(wagons)}
        self._seats = max(len(s.seats) for s in specs.values())
        all_vp = sum(s.vp for s in specs.values())
        max_rounds = game.options["max_rounds"]
        lay = Layout()
        lay.add("phase", (len(PIONEERS_PHASES),), 1, "one-hot of PIONEERS_PHASES")
        lay.add("to_move", (P,), 1, "relative seat deciding now")
        lay.add("active", (P,), 1, "relative seat whose turn it is")
        lay.add("start_player", (P,), 1, "relative start seat")
        turn = {  # field: upper bound
            "round": max_rounds,
            "actions_left": 3,
            "used_R1": 1,
            "used_R2": 1,
            "used_W": 1,
            "forced": 1,
            "roads_to_place": 2,
            "extras_left": 2,
            "end_triggered": 1,
            "round_active": 1,
            "deck": len(game.regular_wagons),
            "finite_bank": 1,
            "bank": BANK_TOTAL,
            "shortfall": MONEY_CAP,
        }
        self.turn_fields = tuple(turn)
        lay.add("turn", (len(turn),), list(turn.values()), ", ".join(turn))
        lay.add("tile_removed", (len(TILE_TYPES),), 1, "tile removed this turn")
        lay.add("join_need", (len(PROFESSIONS),), 1, "profession a joiner must place")
        lay.add("offer", (P,), 1, "relative seats still to be asked to join")
        lay.add(
            "cities",
            (len(ids), 3 + len(TILE_TYPES) + P),
            [1, 1, 1] + [1] * len(TILE_TYPES) + [PIONEERS] * P,
            "covered, coach, settled this turn, tile one-hot, "
            "pioneers per relative seat",
        )
        lay.add("roads", (len(edges), 2 * P), 1, "first road owner, second road owner")
        lay.add(
            "wagons",
            (len(wagons), P + 6 + self._seats),
            1,
            "owner, market slot 1-4, unseen, face up, occupied per printed seat",
        )
        player = {  # field: upper bound
            "money": MONEY_CAP,
            "wagon_vp": all_vp,
            "roads_left": ROADS,
            "supply": PIONEERS,
            "bankers": 2,
            "merchants": 2,
            "nuggets": sum(NUGGET_COUNTS),
            **{f"known_{v}": c for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True)},
        }
        self.player_fields = tuple(player)
        lay.add("players", (P, len(player)), list(player.values()), ", ".join(player))
        self.set_layout(lay)
        self._phase = {p: i for i, p in enumerate(PIONEERS_PHASES)}

        # bounds for OpenSpiel
        total_seats = sum(len(s.seats) for s in specs.values())
        gold = sum(v * c for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True))
        self.max_score = float(all_vp + total_seats + gold + 2 * PIONEERS)
        # per turn at most: 3 purchases with 3 road placements, end purchases, move,
        # settle, 2 tile-effect decisions, P-1 join answers (< 16); turns <= P x rounds
        self.max_game_length = 16 * P * max_rounds
        self._build_parts()

    def action_index(self, action: Any) -> int:
        """The index of an engine decision that is not a stagecoach move.

        A move's index depends on the position (its rank among the moves to its
        target): :meth:`index_in` gives it; here a move raises a ValueError.
        """
        if isinstance(action, self._move_cls):
            raise ValueError(
                "a stagecoach move's index depends on the position (the k-th way "
                "to pay for a trip to its target): use index_in(state, action)"
            )
        return self._index[action]

    def index_in(self, state: Any, action: Any) -> int:
        """The index of ``action`` in ``state`` (a move: its target's slot).

        A move not legal in ``state`` raises a ValueError.
        """
        if not isinstance(action, self._move_cls):
            return self._index[action]
        for i, a in self._indexed(self.game.legal_actions(state)):
            if a == action:
                return i
        raise ValueError(f"{action} is not a legal move in this position")

    def _indexed(self, actions: Sequence[Any]) -> list[tuple[int, Any]]:
        """Every action of a legal list with its index, in the engine's order."""
        out = []
        rank: dict[str, int] = {}
        for a in actions:
            if isinstance(a, self._move_cls):
                k = rank.get(a.target, 0)
                rank[a.target] = k + 1
                slot = min(k, ROUTE_SLOTS - 1)
                out.append((self._move0 + self._city[a.target] * ROUTE_SLOTS + slot, a))
            else:
                out.append((self._index[a], a))
        return out

    def _prebuilt_roads(self, game: Any) -> dict[type, tuple[tuple, int, Any, int]]:
        """Per road action class: the game's prebuilt actions, one per
        connection, their first index, the skip action and its index
        (for :func:`~toolkit.pioneers.fills.edges_map`); empty if the game
        has none, or their indices are not ``base + e``.
        """
        out = {}
        skip = getattr(game, "_skip", None)
        for cls, name in ((A.PlaceRoad, "_place"), (A.SergeantRoad, "_sergeant")):
            table = getattr(game, name, None)
            if not table or skip is None:
                continue
            base = self._index.get(table[0])
            tail = self._index.get(skip)
            if base is None or tail is None or tail >= base:
                continue
            if all(
                type(a) is cls and self._index.get(a) == base + e
                for e, a in enumerate(table)
            ):
                out[cls] = (tuple(table), base, skip, tail)
        return out

    def legal_from(self, actions: Sequence[Any]) -> dict[int, Any]:
        """Legal indices (sorted), each mapped to its engine action.

        ``actions`` is the engine's legal list, in its order (``legal(state)``
        passes ``game.legal_actions(state)``). The k-th listed move to a city
        takes the city's slot k; moves past :data:`ROUTE_SLOTS` share the last
        slot, which keeps the first of them (the cheapest).
        """
        if isinstance(actions, list) and actions:
            first = type(actions[0])
            if first is self._move_cls:
                # the engine's list of moves in one compiled pass (fills.moves_map)
                got = F.moves_map(
                    actions, self._move_cls, self._move0, self._city, ROUTE_SLOTS
                )
                if got is not None:  # the engine's order: nothing to sort
                    return got
            else:
                roads = self._edge_tables.get(first)
                if roads is not None:
                    # road or sergeant roads: the game's prebuilt actions, in
                    # connection order (fills.edges_map: no look-up per action)
                    got = F.edges_map(actions, *roads)
                    if got is not None:
                        return got
        got = self._index.legal(actions)
        if got is not None:  # no moves among them, one action per index
            return got
        keys = self._index.indices(actions)
        if -1 in keys:  # moves (their index depends on the position), or unknown
            rank: dict[str, int] = {}
            move_cls, move0, city = self._move_cls, self._move0, self._city
            for n, a in enumerate(actions):
                if keys[n] != -1:
                    continue
                if type(a) is not move_cls:
                    raise KeyError(a)
                target = a.path[-1]
                k = rank.get(target, 0)
                rank[target] = k + 1
                keys[n] = move0 + city[target] * ROUTE_SLOTS + min(k, ROUTE_SLOTS - 1)
        got = legal_map(keys, actions)
        if got is not None:  # the usual case: one action per index
            return got
        # one action per index, the first listed (reversed: the first is written last)
        return dict(sorted(dict(zip(reversed(keys), reversed(actions))).items()))

    def _build_parts(self) -> None:
        P, o = self.players, self._offset
        self._tile_index = {t: i for i, t in enumerate(self._tile_types)}
        self._profession_index = {p: i for i, p in enumerate(self._professions)}
        self._city_row = 3 + len(self._tile_types) + P
        self._wagon_width = P + 6 + self._seats
        t = o["turn"]
        # the counters of the turn in two parts: those a purchase or a tile
        # effect changes (entries 1-7: one dense row), and the others
        self._steps_slice = range(t + 1, t + 8)
        self._round_entries = [t, *range(t + 8, t + 14)]
        n = len(self.player_fields)
        public = n - len(self._nuggets)  # the counts before the known nuggets
        self._purse_slices = tuple(
            range(o["players"] + r * n, o["players"] + r * n + public) for r in range(P)
        )
        # the fills and the two computed keys are compiled functions
        # (toolkit/pioneers/fills.py), handed their layout constants here
        cities, row = o["cities"], self._city_row
        wagons, width = o["wagons"], self._wagon_width
        tiles = self._tile_index
        seats = (
            o["phase"],
            o["active"],
            o["to_move"],
            o["start_player"],
            o["tile_removed"],
            o["join_need"],
            o["offer"],
        )
        # every part but the known nugget values (one's own: private) is
        # public: the same in every seat's observation up to the seat order
        self.set_parts(
            [
                Part(
                    _fields(*SEATS),
                    partial(
                        F.seats, seats, self._phase, tiles, self._profession_index, P
                    ),
                    public=True,
                ),
                Part(_fields(*STEPS), partial(F.steps, self._steps_slice), public=True),
                Part(
                    _fields(*ROUND),
                    partial(F.round_counts, self._round_entries, MONEY_CAP),
                    memo=False,
                    public=True,
                ),
                Part(
                    _fields("coach", "city"),
                    partial(F.marks, cities, row, self._city),
                    public=True,
                ),
                Part(
                    _fields("covered"),
                    partial(F.covered, cities, row),
                    rows=True,
                    public=True,
                ),
                Part(
                    _fields("tiles"),
                    partial(F.tile, cities + 3, row, tiles),
                    rows=True,
                    public=True,
                ),
                Part(
                    _fields("settled"),
                    partial(F.settled, cities + 3 + len(self._tile_types), row, P),
                    rows=True,
                    public=True,
                ),
                Part(
                    _fields("roads"),
                    partial(F.road, o["roads"], P),
                    rows=True,
                    public=True,
                ),
                Part(
                    _fields("market", "unseen"),
                    partial(F.market, wagons, width, P, self._wagon_row),
                    public=True,
                ),
                # purses rarely recur; a player's wagons change a few times a game
                Part(
                    F.fleets,
                    partial(F.fleet, wagons, width, P, self._wagon_row),
                    rows=True,
                    memo=False,
                    public=True,
                ),
                Part(
                    _fields("players"),
                    partial(F.purse, self._purse_slices, P, MONEY_CAP),
                    rows=True,
                    memo=False,
                    public=True,
                ),
                # the values of one's own nuggets: the only private part
                Part(
                    F.hoards,
                    partial(F.known, self._purse_slices, P, tuple(self._nuggets)),
                    rows=True,
                    memo=False,
                ),
            ]
        )

    def seat_order(self, seat: int) -> list[int]:
        """Seat 0's entry for each entry of ``seat``'s vector (public parts).

        Relative seat ``k`` of ``seat`` is seat ``(seat + k) % P``, which is
        relative seat ``(seat + k) % P`` of seat 0: the seat one-hots, the
        pioneers per city, the road owners, the wagon owners and the players'
        rows move so (the known nugget values, set by the private part only,
        move with their rows onto entries no public part sets).
        """
        P, o = self.players, self._offset
        order = list(range(self.size))

        def rotate(start: int) -> None:
            for k in range(P):
                order[start + k] = start + (seat + k) % P

        for name in ("to_move", "active", "start_player", "offer"):
            rotate(o[name])
        first = 3 + len(self._tile_types)
        for c in range(len(self._city)):
            rotate(o["cities"] + c * self._city_row + first)
        for e in range(len(self.game.board.edges)):
            rotate(o["roads"] + e * 2 * P)
            rotate(o["roads"] + e * 2 * P + P)
        for w in range(len(self._wagons)):
            rotate(o["wagons"] + w * self._wagon_width)
        n = len(self.player_fields)
        for k in range(P):
            row = o["players"] + k * n
            moved = o["players"] + (seat + k) % P * n
            for c in range(n):
                order[row + c] = moved + c
        return order


#: The encoding part's contract (see :mod:`toolkit.envs.encoding`).
Encoder = PioneersEncoder

__all__ = ["MONEY_CAP", "PIONEERS_PHASES", "ROUTE_SLOTS", "Encoder", "PioneersEncoder"]
