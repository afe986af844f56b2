"""The Pioneers rules engine (rule IDs from the project's Pioneers specification).

:class:`Pioneers` implements the shared game protocol of :mod:`toolkit.core`.
States are immutable :class:`~toolkit.pioneers.state.State` tuples; every
random event (tile placement, wagon reveals, nugget draws, the start player)
is a chance turn, with hidden cards decided only when they are revealed.

Speed (``benchmarks/pioneers_speed.py``) comes from doing little per step, not
from tricks that change behaviour: each ``apply`` copies the state once into a
draft list and builds one successor however many steps a turn passes through;
board facts (usable connections, tile order, professions per seat pattern)
are small precomputed tables; a move listed by ``legal_actions`` is not
validated again when the very same state is applied. Caches keyed by object
identity hold on to their objects and stay small: large identity caches cost
more in memory traffic than they saved. ``make venv`` also compiles this module
with mypyc (:mod:`toolkit.compiled`); the annotations on locals (``d: list[Any]``,
``Final`` field positions) are there for the compiler, and ``FRONTIER_PURE=1``
runs this source as plain Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from heapq import heappop, heappush
from itertools import compress
from operator import itemgetter
from typing import Any, Callable, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, GameOver, IllegalAction
from toolkit.core.game import Progress

from . import actions as A
from .board import PROFESSIONS, TILE_TYPES, Board, load_board
from .state import PlayerState, State, Wagon

#: Tiles removed to the box per type, by player count (P-PC-3).
TILES_REMOVED = {2: 2, 3: 1, 4: 0}
#: Regular wagons removed unseen from the deck, by player count (P-PC-4).
WAGONS_REMOVED = {2: 12, 3: 6, 4: 2}
NUGGETS = (3, 4, 5)
NUGGET_COUNTS = (6, 3, 1)  # P-COMP-6
START_MONEY = 2  # P-PC-7
INCOME = 3  # P-INC-1
PIONEERS = 20  # P-COMP-3
ROADS = 15  # P-COMP-3
BANK_TOTAL = 63  # P-COMP-7
ROAD_PRICE = {1: 2, 2: 5}  # P-BUY-1
PHASES_CHANCE = frozenset({"cover", "tile", "redraw", "first", "market", "deal", "reveal", "nugget"})
_TILE_INDEX = {t: i for i, t in enumerate(TILE_TYPES)}
_ONE_CITY = 1  # heap key of the start of a route: cost 0, one city (see _dijkstra)
_UNREACHED = 1 << 62  # a route key above any real one
_ONE_DOLLAR = 1 << 16  # $1 in a route key


def _replace_at(t: tuple, i: int, value: Any) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


# Field positions, for the hot path. A handler copies the state once into a
# draft list ``d`` (``d = list(state)``), sets fields by position
# (``d[PHASE] = "move"``) and builds the successor with one ``_new(State, d)``:
# a turn that passes through several steps (settle, join offers, end of turn,
# next player's income) costs one copy instead of one ``_replace`` per step.
PHASE: Final = 0
SEAT: Final = 1
ACTIVE: Final = 2
ROUND: Final = 3
START_PLAYER: Final = 4
COACH: Final = 5
TILES: Final = 6
COVERED: Final = 7
ROAD_OWNERS: Final = 8
SETTLED: Final = 9
PLAYERS: Final = 10
MARKET: Final = 11
DECK: Final = 12
UNSEEN: Final = 13
TILE_POOL: Final = 14
ACTIONS_LEFT: Final = 15
USED: Final = 16
FORCED: Final = 17
ROADS_TO_PLACE: Final = 18
CITY: Final = 19
TILE: Final = 20
JOIN_NEED: Final = 21
EXTRAS_LEFT: Final = 22
OFFER: Final = 23
END_TRIGGERED: Final = 24
ROUND_ACTIVE: Final = 25
BANK: Final = 26
SHORTFALL: Final = 27
P_MONEY: Final = 0
P_VP: Final = 1
P_ROADS_LEFT: Final = 2
P_SUPPLY: Final = 3
P_NUGGETS: Final = 4
P_WAGONS: Final = 5
P_BANKERS: Final = 6
P_MERCHANTS: Final = 7
W_ID: Final = 0
W_SEATS: Final = 1
W_OCCUPIED: Final = 2
W_VP: Final = 3
W_FACE_UP: Final = 4
assert State._fields[SHORTFALL] == "shortfall" and len(State._fields) == SHORTFALL + 1
assert PlayerState._fields[P_MERCHANTS] == "merchants" and Wagon._fields[W_FACE_UP] == "face_up"
_new = tuple.__new__


@mypyc_attr(allow_interpreted_subclasses=True)  # lessons may subclass it to change a rule
class Pioneers:
    """Pioneers for 2-4 players on the designed board (or a custom :class:`Board`).

    Parameters
    ----------
    players : int
        2, 3 or 4. Picks the board side (P-PC-1) and the set-up table (P-PC).
    cover : "designated" or "random"
        With 2 players, cover the 8 designated edge cities or 8 random ones (P-SETUP-2).
    finite_bank : bool
        Cap the bank at the $63 of coins (ASSUMPTION-9); default unlimited.
    max_rounds : int
        Hard cap on rounds (ASSUMPTION-20 safeguard).
    early_end : bool
        Also end after a round if no tile is left on the board or nobody moved or
        bought (ASSUMPTION-20). Off by default: the rulebook (the seed) names only
        the two triggers of P-END-1, and players may still buy after the last tile.
    start_player : int or None
        Fix the start player instead of drawing one (P-SETUP-6).
    board : Board, optional
        A custom board (lessons and tests); default the designed side for ``players``.
    wagons : sequence of WagonSpec, optional
        A custom wagon deck; default the designed deck (ASSUMPTION-2).
    """

    name: ClassVar[str] = "pioneers"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: Every option with its default (the protocol's ``defaults``).
    defaults: ClassVar[dict[str, Any]] = {
        "cover": "designated", "finite_bank": False, "max_rounds": 60,
        "early_end": False, "start_player": None,
    }

    def __init__(
        self,
        players: int = 4,
        cover: str = "designated",
        finite_bank: bool = False,
        max_rounds: int = 60,
        early_end: bool = False,
        start_player: int | None = None,
        board: Board | None = None,
        wagons: Sequence[Any] | None = None,
    ) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"Pioneers is for 2, 3 or 4 players, not {players!r} (P-PC-1)")
        if cover not in ("designated", "random"):
            raise ValueError(f"cover must be 'designated' or 'random', not {cover!r} (P-SETUP-2)")
        if start_player is not None and start_player not in range(players):
            raise ValueError(f"start_player must be a seat 0..{players - 1}, not {start_player!r}")
        if not isinstance(max_rounds, int) or max_rounds < 1:
            raise ValueError(f"max_rounds must be a positive whole number, not {max_rounds!r}")
        self.players = players
        self.options: dict[str, Any] = {
            "cover": cover,
            "finite_bank": bool(finite_bank),
            "max_rounds": max_rounds,
            "early_end": bool(early_end),
            "start_player": start_player,
        }
        self._early_end, self._max_rounds = bool(early_end), max_rounds
        self.custom = board is not None or wagons is not None
        self.board = board if board is not None else load_board("4p" if players == 4 else "23p")
        if players == 2 and cover == "random" and len(self.board.ids) - 1 < 8:
            raise ValueError("cover='random' needs at least 8 cities besides the start city "
                             "for the 8 cover tiles (P-SETUP-2)")
        if wagons is None:
            from .data import load_wagons

            wagons = load_wagons()
        self.wagon_specs = {w.id: w for w in wagons}
        self.start_wagons = tuple(sorted(w.id for w in wagons if w.start))
        self.regular_wagons = tuple(sorted(w.id for w in wagons if not w.start))
        if len(self.start_wagons) < players:
            raise ValueError(f"{players} players need {players} start wagons")
        b = self.board
        n = len(b.ids)
        if n >= 1 << 16:
            raise ValueError(f"a board may have up to 65535 cities, not {n}")
        # Precomputed action objects and tables (structural sharing, no per-call allocation).
        self._place = tuple(A.PlaceRoad(*b.edge_ids(e)) for e in range(len(b.edges)))
        self._sergeant = tuple(A.SergeantRoad(*b.edge_ids(e)) for e in range(len(b.edges)))
        self._buy = {1: A.BuyRoads(1), 2: A.BuyRoads(2)}
        self._slots = {s: A.BuyWagon(s) for s in range(1, 5)}
        self._start_nbrs = tuple(v for v, _ in b.adj[b.start])
        covered = [False] * n
        if players == 2 and cover == "designated":
            for i in b.covered_2p:
                covered[i] = True
        self._covered0 = tuple(covered)
        self._usable_cache: dict[tuple[bool, ...], tuple] = {}
        self._usable_memo: tuple = (None, None)
        self._tile_memo: tuple = (None, ())
        self._moves_memo: tuple = (None, None, {})
        self._profs_table: dict[tuple, tuple] = {}
        self._mask_info: dict[int, tuple] = {}
        self._seat_acts: dict[type, dict[str, dict[str, Any]]] = {
            A.Settle: {}, A.ReturnPioneer: {}, A.AddFarmer: {}, A.Join: {}}
        self._hidden: dict[int, tuple] = {}
        self._wagon_profs: dict[int, tuple] = {}
        self._next_tile_memo: tuple = (None, None, None)
        self._n_seats = {w.id: len(w.seats) for w in wagons}
        self._offer_order = tuple(tuple((a + k) % players for k in range(1, players))
                                  for a in range(players))
        # Wagons as they enter play (all seats occupied, face up): shared, never changed.
        self._full_wagon = {w.id: Wagon(w.id, tuple(w.seats), (True,) * len(w.seats), w.vp, True)
                            for w in wagons}
        self._routes_memo: tuple = (None, None, None)
        # Interned action objects: chance outcomes and moves are built once, reused.
        self._draw_tile = tuple(tuple(A.DrawTile(cid, t) for t in TILE_TYPES) for cid in b.ids)
        self._reveal = {w: A.RevealWagon(w) for w in self.regular_wagons}
        self._nugget = {v: A.DrawNugget(v) for v in NUGGETS}
        self._move_cache: dict[tuple[tuple[int, ...], int], A.MoveCoach] = {}
        self._end, self._pass, self._skip, self._decline = (
            A.EndPurchases(), A.Pass(), A.Skip(), A.Decline())

    @property
    def covered_at_start(self) -> tuple[bool, ...]:
        """Per city index: covered before any chance turn (P-SETUP-2).

        The 8 designated cities with 2 players and ``cover="designated"``; none
        otherwise (with ``cover="random"`` the covers are chance turns).
        """
        return self._covered0

    # ----- protocol: set-up --------------------------------------------------

    def setup(self) -> State:
        """The position before any chance turn: empty board, bank, pools (P-SETUP)."""
        n, p = len(self.board.ids), self.players
        in_play = 7 - TILES_REMOVED.get(p, 0)
        deck = len(self.regular_wagons) - WAGONS_REMOVED.get(p, 0)
        players = tuple(
            PlayerState(money=0, vp=0, roads_left=ROADS, supply=PIONEERS, nuggets=(), wagons=())
            for _ in range(p)
        )
        state = State(
            phase="tile",
            seat=CHANCE,
            active=0,
            round=0,
            start_player=-1,
            coach=self.board.start_id,  # P-SETUP-8
            tiles=(None,) * n,
            covered=self._covered0,
            roads=((),) * len(self.board.edges),
            settled=((0,) * p,) * n,
            players=players,
            market=(None, None, None, None),
            deck=max(deck, 0),
            unseen=self.regular_wagons,
            tile_pool=(in_play,) * len(TILE_TYPES),
            bank=BANK_TOTAL if self.options["finite_bank"] else None,
        )
        if p == 2 and self.options["cover"] == "random":
            return state._replace(phase="cover")
        return self._next_tile(state)

    def _tile_cities(self, state: State) -> list[int]:
        start = self.board.start
        return [i for i in range(len(self.board.ids)) if i != start and not state.covered[i]]

    def _next_tile_city(self, state: State) -> int | None:
        """The next city (in id order) to receive a set-up tile (P-SETUP-4), or None."""
        tiles, covered = state.tiles, state.covered
        memo = self._next_tile_memo  # asked 3 times per tile turn about the same tiles
        if memo[0] is tiles and memo[1] is covered:
            return memo[2]
        city = None
        for i in self._tile_order(covered):  # the cities that receive a tile, in id order
            if tiles[i] is None:
                city = i
                break
        self._next_tile_memo = (tiles, covered, city)
        return city

    def _tile_order(self, covered: tuple[bool, ...]) -> tuple[int, ...]:
        """The cities that receive a set-up tile (not start, not covered), in id order."""
        memo = self._tile_memo
        if memo[0] is not covered:
            start = self.board.start
            order = tuple(i for i in range(len(covered)) if i != start and not covered[i])
            memo = self._tile_memo = (covered, order)
        return memo[1]

    def _next_tile(self, state: State) -> State:
        """Continue set-up after a tile: next city, then the re-draw rule, then the rest."""
        if any(cast(tuple, state.tile_pool)) and self._next_tile_city(state) is not None:
            if state.phase == "tile" and state.seat == CHANCE:
                return state
            return state._replace(phase="tile", seat=CHANCE)
        return self._check_redraw(state)

    def _duplicate(self, state: State) -> int | None:
        """The start neighbour to re-draw (P-SETUP-5, ASSUMPTION-15), or None."""
        seen: set[str] = set()
        for v in self._start_nbrs:
            t = state.tiles[v]
            if t is None:
                continue
            if t in seen:
                return v
            seen.add(t)
        return None

    def _check_redraw(self, state: State) -> State:
        if self._duplicate(state) is not None and self._redraw_outcomes(state):
            return state._replace(phase="redraw", seat=CHANCE)
        return self._after_tiles(state)

    def _redraw_outcomes(self, state: State) -> list:
        v = self._duplicate(state)
        if v is None:
            return []
        others = {state.tiles[u] for u in self._start_nbrs if u != v and state.tiles[u]}
        pool: Any = state.tile_pool
        total = sum(pool)
        if any(c and TILE_TYPES[i] not in others for i, c in enumerate(pool)):
            return [(A.Redraw(self.board.ids[v], TILE_TYPES[i]), c / total)
                    for i, c in enumerate(pool) if c]
        # ASSUMPTION-15: no unused tile can fix it; swap with another city's tile.
        cands = [u for u in self._tile_cities(state)
                 if u not in self._start_nbrs and state.tiles[u] and state.tiles[u] not in others]
        return [(A.SwapTiles(self.board.ids[v], self.board.ids[u]), 1 / len(cands)) for u in cands]

    def _after_tiles(self, state: State) -> State:
        # The unused tiles take no further part (P-SETUP-4): forget them.
        state = state._replace(tile_pool=None)
        fixed = self.options["start_player"]
        if fixed is None:
            return state._replace(phase="first", seat=CHANCE)
        return self._after_first(state._replace(start_player=fixed))

    def _after_first(self, state: State) -> State:
        # P-SETUP-9: the market is filled from the deck only (a small custom deck may be empty).
        return state._replace(phase="market" if state.deck > 0 else "deal", seat=CHANCE)

    # ----- protocol: whose turn, chance -------------------------------------

    def to_move(self, state: State) -> int | None:
        """The seat deciding now, CHANCE, or None when the game is over."""
        return None if state.phase == "over" else state.seat

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""
        return state.phase == "over"

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        """Every outcome of the chance turn ahead with its probability."""
        phase = state.phase
        ids = self.board.ids
        if phase == "tile":
            pool: Any = state.tile_pool
            total = sum(pool)
            draws = self._draw_tile[cast(int, self._next_tile_city(state))]
            return [(draws[i], pool[i] / total) for i in range(len(pool)) if pool[i]]
        if phase == "redraw":
            return self._redraw_outcomes(state)
        if phase in ("market", "reveal"):
            unseen, reveal = state.unseen, self._reveal
            p = 1 / len(unseen)
            return [(reveal[w], p) for w in unseen]
        if phase == "deal":
            seat = sum(1 for pl in state.players if pl.wagons)
            dealt = {pl.wagons[0].id for pl in state.players if pl.wagons}
            left = [w for w in self.start_wagons if w not in dealt]
            return [(A.DealStart(seat, w), 1 / len(left)) for w in left]
        if phase == "first":
            return [(A.FirstPlayer(s), 1 / self.players) for s in range(self.players)]
        if phase == "nugget":
            pool = nugget_pool(state)
            total = sum(pool)
            return [(self._nugget[v], c / total) for v, c in zip(NUGGETS, pool) if c]
        if phase == "cover":
            cands = [i for i in range(len(ids))
                     if i != self.board.start and not state.covered[i]]
            return [(A.CoverCity(ids[i]), 1 / len(cands)) for i in cands]
        return []

    # ----- protocol: legal actions -------------------------------------------

    def legal_actions(self, state: State) -> list:
        """The decisions open to the seat to move, in a stable order."""
        phase = state.phase
        if phase == "move":
            moves = self.moves(state)
            return moves if moves else [self._pass]
        if phase == "buy":
            return self._buy_actions(state)
        if phase == "road":
            # A connection is free when it has no road and touches no covered city
            # (ASSUMPTION-14).
            roads, place = state.roads, self._place
            return [place[e] for e in self._usable_info(state.covered)[1] if not roads[e]]
        if phase == "settle":
            tile = state.tile
            wagons = state.players[state.active].wagons
            return self._seat_actions(wagons, A.Settle, None if tile == "HOTEL" else tile)
        if phase == "sergeant":
            return [self._sergeant[e] for e in self._sergeant_edges(state)] + [self._skip]
        if phase == "innkeeper":
            wagons = state.players[state.active].wagons
            return [*self._seat_actions(wagons, A.ReturnPioneer, None), self._skip]
        if phase == "farmer":
            wagons = state.players[state.active].wagons
            return [*self._seat_actions(wagons, A.AddFarmer, "FARMER"), self._skip]
        if phase == "join":
            wagons = state.players[state.seat].wagons
            return [*self._seat_actions(wagons, A.Join, state.join_need), self._decline]
        return []

    def _free_edges(self, state: State) -> int:
        """Connections where a bought road may go: no road, no covered end (ASSUMPTION-14)."""
        # Covered cities never get roads, so every blocked connection is free: subtract them.
        return state.roads.count(()) - self._usable_info(state.covered)[3]

    def _buyable_slots(self, market: tuple, pl: PlayerState) -> list[int]:
        """Market slots ``pl`` can buy: the slot price and a pioneer per seat (P-BUY-7)."""
        money, supply, seats = pl[P_MONEY], pl[P_SUPPLY], self._n_seats
        return [s for s, wid in enumerate(market, start=1)
                if wid is not None and s <= money and seats[wid] <= supply]

    def _seat_actions(self, wagons: tuple[Wagon, ...], kind: type, prof: str | None) -> list:
        """``kind`` actions (Settle, ReturnPioneer, AddFarmer, Join), one per face-up
        wagon with a ``prof`` pioneer on a seat; with ``prof`` None, one per wagon and
        profession on it (in PROFESSIONS order)."""
        out: list[Any] = []
        for w in wagons:
            if w[W_FACE_UP]:
                profs = self._profs_on(w)[0]
                if prof is None:
                    out.extend(self._seat_action(kind, w[W_ID], p) for p in profs)
                elif prof in profs:
                    out.append(self._seat_action(kind, w[W_ID], prof))
        return out

    def _seat_action(self, kind: type, wagon: str, prof: str) -> Any:
        """The (shared) action object ``kind`` for a pioneer of ``prof`` on ``wagon``."""
        table = self._seat_acts[kind]  # wagon id -> profession -> action
        by_prof = table.get(wagon)
        if by_prof is None:
            by_prof = table[wagon] = {}
        act = by_prof.get(prof)
        if act is None:
            act = kind(wagon, prof) if kind is A.Settle or kind is A.ReturnPioneer else kind(wagon)
            by_prof[prof] = act
        return act

    def _profs_on(self, w: Wagon) -> tuple[tuple[str, ...], int]:
        """Professions with a pioneer on a seat of ``w`` (PROFESSIONS order) and as a bit mask.

        Depends only on the seats and which are occupied: a small table.
        """
        known = self._wagon_profs.get(id(w))  # a few recent wagons, by identity
        if known is not None and known[0] is w:
            return known[1]
        key = (w[W_SEATS], w[W_OCCUPIED])
        hit = self._profs_table.get(key)
        if hit is None:
            there = set(compress(w[W_SEATS], w[W_OCCUPIED]))
            profs = tuple(p for p in PROFESSIONS if p in there)
            hit = self._profs_table[key] = (profs, sum(1 << PROFESSIONS.index(p) for p in profs))
        if len(self._wagon_profs) >= 256:
            self._wagon_profs.clear()
        self._wagon_profs[id(w)] = (w, hit)  # the entry keeps `w` alive: ids stay unique
        return hit

    def _has_pioneer(self, wagons: tuple[Wagon, ...], prof: str | None) -> bool:
        """Whether a face-up wagon carries a pioneer of ``prof`` on a seat."""
        for w in wagons:
            if w[W_FACE_UP] and prof in self._profs_on(w)[0]:
                return True
        return False

    def _buy_actions(self, state: State) -> list:
        if state.actions_left <= 0:
            return [self._end]
        pl = state.players[state.active]
        used, forced, money = state.used, state.forced, pl[P_MONEY]
        out: list = []
        if "W" not in used:
            slots = self._slots
            out.extend(slots[s] for s in self._buyable_slots(state.market, pl))
        if not forced and money >= ROAD_PRICE[1] and pl[P_ROADS_LEFT] >= 1:
            free = self._free_edges(state)
            if free >= 1 and "R1" not in used:
                out.append(self._buy[1])
            if (free >= 2 and money >= ROAD_PRICE[2] and pl[P_ROADS_LEFT] >= 2
                    and "R2" not in used):
                out.append(self._buy[2])
        if not (forced and out):
            out.append(self._end)
        return out

    def _sergeant_edges(self, state: State) -> list[int]:
        me = state.active
        if state.players[me].roads_left <= 0:
            return []
        # A usable connection with no road, or with one road of another player.
        roads = state.roads
        return [e for e in self._usable_info(state.covered)[1]
                if not roads[e] or (len(roads[e]) == 1 and roads[e][0] != me)]

    def _sergeant_possible(self, d: list) -> bool:
        """Whether the active player may place a sergeant road now (P-TILE-5)."""
        if d[PLAYERS][d[ACTIVE]][P_ROADS_LEFT] <= 0:
            return False
        roads = d[ROAD_OWNERS]
        for e in self._usable_info(d[COVERED])[1]:
            if not roads[e]:
                return True  # a free connection; else look for a single road
        return bool(self._sergeant_edges(_new(State, d)))

    def _usable_info(self, covered: tuple[bool, ...]) -> tuple:
        """For these covered cities: per connection, may a road go there (no covered
        end, ASSUMPTION-14); the usable connections; per city its uncovered
        neighbours with the connection index; the number of unusable connections."""
        memo = self._usable_memo
        if memo[0] is covered:  # covered never changes after set-up: usually the same object
            return memo[1]
        info = self._usable_cache.get(covered)
        if info is None:
            mask = tuple(not covered[a] and not covered[b] for a, b in self.board.edges)
            usable = tuple(e for e, ok in enumerate(mask) if ok)
            # Per city, its neighbours that are not covered, with the connection index.
            open_adj = tuple(tuple((v, e) for v, e in nbrs if not covered[v])
                             for nbrs in self.board.adj)
            info = (mask, usable, open_adj, mask.count(False))
            if len(self._usable_cache) > 1000:
                self._usable_cache.clear()
            self._usable_cache[covered] = info
        self._usable_memo = (covered, info)
        return info

    # ----- stagecoach routes (P-MOVE) -------------------------------------------

    def targets_matched(self, pl: PlayerState) -> set[str]:
        """Tile types this player can settle on (P-MOVE-1, ASSUMPTION-3)."""
        return set(self._matched(pl.wagons))

    def _matched(self, wagons: tuple[Wagon, ...]) -> frozenset[str]:
        return self._matched_info(wagons)[0]

    def _matched_info(self, wagons: tuple[Wagon, ...]) -> tuple[frozenset[str], dict[str | None, bool]]:
        """The tile types the wagons match, and a table tile (or None) -> may the coach enter."""
        mask = 0
        for w in wagons:
            if w[W_FACE_UP]:
                mask |= self._profs_on(w)[1]
        info = self._mask_info.get(mask)
        if info is None:
            matched = {p for k, p in enumerate(PROFESSIONS) if mask >> k & 1}
            if matched:
                matched.add("HOTEL")
            enter: dict[str | None, bool] = {t: t in matched for t in TILE_TYPES}
            enter[None] = True
            info = self._mask_info[mask] = (frozenset(matched), enter)
        return info

    def cheapest_routes(self, state: State, seat: int | None = None,
                        budget: int | None = None) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every reachable target city with its cheapest route, as index tuples.

        Dijkstra over untiled, uncovered cities (P-MOVE-3) with the step costs of
        P-MOVE-2; routes costing more than ``budget`` (default: the player's money,
        P-MOVE-4) are dropped. Ties: fewest steps, then city ids (ASSUMPTION-4).
        Returns ``(target, cost, path)`` sorted by target id.
        """
        seat = state.active if seat is None else seat
        memo = self._routes_memo
        if memo[0] is state and memo[1] == (seat, budget):
            return list(memo[2])  # the same immutable state asked again (e.g. a pass)
        found = self._dijkstra(state, seat, budget)
        self._routes_memo = (state, (seat, budget), found)
        return list(found)

    def _dijkstra(self, state: State, seat: int,
                  budget: int | None) -> list[tuple[int, int, tuple[int, ...]]]:
        pl = state.players[seat]
        budget = pl.money if budget is None else budget
        matched, enter = self._matched_info(pl.wagons)
        if not matched:
            return []
        tiles: tuple = state.tiles
        roads: tuple = state.roads
        # Per city, (neighbour, connection) pairs, covered cities left out (P-MOVE-3).
        adj: tuple[tuple[tuple[int, int], ...], ...] = self._usable_info(state.covered)[2]
        limit: int = (budget << 16) | 0xFFFF
        src = self.board.index[state.coach]
        # A route's key is cost * 2**16 + number of cities; among equal keys the
        # route with the lower city ids wins (ASSUMPTION-4). The heap holds plain
        # ints (key * 2**16 + city): every route reaching a city for the same key
        # comes from cities of smaller keys, all expanded before it, so the city's
        # best route is final when it is popped and equal-key ties need no heap
        # order. A popped key above the city's best is stale.
        n = len(tiles)
        bkey: list[int] = [_UNREACHED] * n
        bpath: list[Any] = [None] * n
        bkey[src] = _ONE_CITY
        bpath[src] = (src,)
        heap: list[int] = [(_ONE_CITY << 16) | src]
        targets: list[int] = []
        item: int
        u: int
        v: int
        e: int
        here: int
        key: int
        old: int
        path: tuple
        while heap:
            item = heappop(heap)
            u = item & 0xFFFF
            here = item >> 16
            if here != bkey[u]:
                continue
            path = bpath[u]
            for v, e in adj[u]:
                old = bkey[v]
                if old <= here:
                    continue  # reached at most as dearly as u: no route via u can be better
                t = tiles[v]
                if t is not None and not enter[t]:
                    continue  # a tile the player has no pioneer for (P-MOVE-1)
                r = roads[e]  # P-MOVE-2: $1 to the bank, nothing on an own road, $1 per owner
                key = here + 1 + (_ONE_DOLLAR if not r else 0 if seat in r else len(r) << 16)
                if key > limit or key > old:
                    continue  # P-MOVE-4: more than the budget; or dearer than known
                if key < old:
                    bkey[v] = key
                    bpath[v] = path + (v,)
                    if t is None:
                        heappush(heap, (key << 16) | v)
                    elif old == _UNREACHED:  # a tiled city stops the coach (P-MOVE-3)
                        targets.append(v)
                elif path + (v,) < bpath[v]:  # as cheap and as short: lower city ids
                    bpath[v] = path + (v,)
        targets.sort()
        return [(v, bkey[v] >> 16, bpath[v]) for v in targets]

    def moves(self, state: State, seat: int | None = None) -> list:
        """One :class:`MoveCoach` per affordable target along its cheapest route."""
        who = state.active if seat is None else seat
        memo = self._moves_memo
        if memo[0] is state and memo[1] == who:
            return [move for move, _ in memo[2].values()]
        found = self._dijkstra(state, who, None)
        self._routes_memo = (state, (who, None), found)  # a pass asks cheapest_routes again
        cache = self._move_cache
        out: list[Any] = []
        listed: dict[int, tuple[Any, tuple[int, ...]]] = {}
        for _, cost, path in found:
            move = cache.get((path, cost))
            if move is None:
                if len(cache) > 20_000:
                    cache.clear()
                ids = self.board.ids
                move = cache[(path, cost)] = A.MoveCoach(itemgetter(*path)(ids), cost)
            out.append(move)
            listed[id(move)] = (move, path)
        # Remembered so that apply() need not validate a move listed here (see _do_move).
        self._moves_memo = (state, who, listed)
        return out

    def step_cost(self, state: State, e: int, seat: int) -> int:
        """What ``seat`` pays to cross connection ``e`` (P-MOVE-2)."""
        r = state.roads[e]
        return 1 if not r else (0 if seat in r else len(r))

    def payments(self, state: State, path: Sequence[str], seat: int | None = None) -> dict:
        """Who receives how much for a route: ``{"bank": 1, 2: 1}`` (P-MOVE-2)."""
        seat = state.active if seat is None else seat
        out: dict = {}
        for a, b in zip(path, path[1:]):
            e: Any = self.board.edge_of(a, b)
            r = state.roads[e]
            if not r:
                out["bank"] = out.get("bank", 0) + 1
            elif seat not in r:
                for owner in r:
                    out[owner] = out.get(owner, 0) + 1
        return out

    def check_route(self, state: State, path: Sequence[str], seat: int | None = None) -> int:
        """Validate a stagecoach route for ``seat``; return its cost or raise IllegalAction."""
        return self._walk(state, path, state.active if seat is None else seat)[0]

    def _walk(self, state: State, path: Sequence[str], seat: int) -> tuple[int, list[int], int]:
        """One pass over a route: its cost, what each seat receives, what the bank receives.

        Raises IllegalAction naming the first rule the route breaks.
        """
        b = self.board
        index, edge_index = b.index, b.edge_index
        pl = state.players[seat]
        if len(path) < 2:
            raise IllegalAction("P-MOVE-6", "a move must go at least one step to a target city.")
        if path[0] != state.coach:
            raise IllegalAction(
                "P-MOVE-1", f"the route must start where the stagecoach stands ({state.coach}), "
                f"not at {path[0]}.")
        idx: list[Any] = [index.get(c) for c in path]
        if None in idx:
            bad = path[idx.index(None)]
            raise IllegalAction("P-MOVE-1", f"there is no city {bad!r} on this board.")
        if len(set(idx)) != len(idx):
            raise IllegalAction("ASSUMPTION-5", "a route may not visit the same city twice.")
        tiles, covered, roads = state.tiles, state.covered, state.roads
        received = [0] * self.players
        cost = bank = 0
        last = len(idx) - 1
        for k in range(last):
            u, v = idx[k], idx[k + 1]
            e = edge_index.get((u, v))
            if e is None:
                raise IllegalAction(
                    "P-MOVE-1", f"there is no connection between {path[k]} and {path[k + 1]}.")
            if covered[v]:
                raise IllegalAction(
                    "P-MOVE-3", f"{path[k + 1]} is covered: the stagecoach can neither enter nor "
                    "pass it.")
            if k + 1 < last and tiles[v] is not None:
                raise IllegalAction(
                    "P-MOVE-3", f"the stagecoach cannot pass through {path[k + 1]}, which still "
                    "has a tile.")
            r = roads[e]
            if not r:
                cost += 1
                bank += 1
            elif seat not in r:
                for owner in r:
                    received[owner] += 1
                cost += len(r)
        target = path[-1]
        tile = tiles[idx[-1]]
        if tile is None:
            raise IllegalAction(
                "P-MOVE-6", f"a move must end on a city with a pioneer tile; {target} has none.")
        if tile not in self.targets_matched(pl):
            raise IllegalAction(
                "P-MOVE-1", f"{target} wants a {tile} and you have no matching pioneer on a wagon.")
        if cost > pl.money:
            raise IllegalAction(
                "P-MOVE-7", f"this route costs ${cost} but you have only ${pl.money}.")
        return cost, received, bank

    # ----- protocol: apply ---------------------------------------------------

    def apply(self, state: State, action: Any) -> State:
        """The state after ``action``; raises :class:`IllegalAction` and changes nothing."""
        phase = state.phase
        if phase == "over":
            raise GameOver()
        handler = _HANDLERS_BY_PHASE.get(phase, _NO_HANDLERS).get(type(action))
        if handler is None:
            raise IllegalAction(_phase_rule(phase, action), _wrong_phase(phase, action))
        return handler(self, state, action)

    # chance handlers ---------------------------------------------------------

    _CHANCE_RULE: ClassVar[dict[str, str]] = {"cover": "P-SETUP-2", "tile": "P-SETUP-4", "redraw": "P-SETUP-5",
                    "first": "P-SETUP-6", "deal": "P-SETUP-10", "nugget": "P-TILE-4"}

    def _chance_check(self, state: State, action: Any) -> None:
        if action not in [a for a, _ in self.chance_outcomes(state)]:
            raise IllegalAction(self._CHANCE_RULE.get(state.phase, "P-FLOW-2"),
                                f"{action} is not a possible outcome of this chance turn.")

    def _do_cover(self, state: State, action: A.CoverCity) -> State:
        self._chance_check(state, action)
        covered = _replace_at(state.covered, self.board.index[action.city], True)
        state = state._replace(covered=covered)
        if sum(covered) < 8:
            return state
        return self._next_tile(state._replace(phase="tile"))

    def _do_tile(self, state: State, action: A.DrawTile) -> State:
        i = _TILE_INDEX.get(action.tile)
        city: Any = self._next_tile_city(state)
        pool: Any = state.tile_pool
        if i is None or not pool[i] or self.board.index.get(action.city) != city:
            raise IllegalAction("P-SETUP-4", f"{action} is not a possible outcome of this chance "
                                f"turn: the next tile goes on {self.board.ids[city]}.")
        d: list[Any] = list(state)
        tiles = d[TILES] = _replace_at(d[TILES], city, action.tile)
        d[TILE_POOL] = _replace_at(pool, i, pool[i] - 1)
        # `city` was the first city without a tile, so the next one is the first
        # later city (in id order) without one: usually the very next.
        order = self._tile_order(state.covered)
        k = order.index(city) + 1
        while k < len(order) and tiles[order[k]] is not None:
            k += 1
        self._next_tile_memo = (tiles, state.covered, order[k] if k < len(order) else None)
        return self._next_tile(_new(State, d))

    def _do_redraw(self, state: State, action: A.Redraw | A.SwapTiles) -> State:
        self._chance_check(state, action)
        b = self.board
        v = b.index[action.city]
        old = state.tiles[v]
        if isinstance(action, A.SwapTiles):
            u = b.index[action.other]
            tiles = _replace_at(_replace_at(state.tiles, v, state.tiles[u]), u, old)
            state = state._replace(tiles=tiles)
        else:
            pool = list(cast(tuple, state.tile_pool))
            pool[_TILE_INDEX[action.tile]] -= 1  # drawn first, then the old one goes back
            pool[_TILE_INDEX[old]] += 1
            state = state._replace(tiles=_replace_at(state.tiles, v, action.tile),
                                   tile_pool=tuple(pool))
        return self._check_redraw(state)

    def _do_first(self, state: State, action: A.FirstPlayer) -> State:
        self._chance_check(state, action)
        return self._after_first(state._replace(start_player=action.seat))

    def _do_reveal(self, state: State, action: A.RevealWagon) -> State:
        wagon, unseen = action.wagon, state.unseen
        if wagon not in unseen:
            rule = "P-SETUP-9" if state.phase == "market" else "P-BUY-8"
            raise IllegalAction(rule, f"wagon {wagon} is not in the face-down deck.")
        d: list[Any] = list(state)
        k = unseen.index(wagon)  # unseen holds each wagon once
        d[UNSEEN] = unseen[:k] + unseen[k + 1:]
        d[DECK] -= 1
        market = d[MARKET]
        if d[PHASE] == "market":  # P-SETUP-9: fill slots 1..4 left to right
            market = d[MARKET] = _replace_at(market, market.index(None), wagon)
            if not (None in market and d[DECK] > 0):  # slots the deck cannot fill stay empty
                d[PHASE] = "deal"
            return _new(State, d)
        # P-BUY-8: refill slot 4 from the deck; taking the last wagon triggers the end.
        d[MARKET] = market[:3] + (wagon,)
        if d[DECK] == 0:
            d[END_TRIGGERED] = True
        return self._after_purchase(d)

    def _do_deal(self, state: State, action: A.DealStart) -> State:
        self._chance_check(state, action)
        wagon = self._full_wagon[action.wagon]
        seat = action.seat
        # P-SETUP-11/12: $2, a pioneer on the start city and on every seat.
        pl = state.players[seat]
        pl = pl._replace(money=START_MONEY, supply=PIONEERS - 1 - len(wagon.seats),
                         wagons=(wagon,))
        d: list[Any] = list(state)
        start = self.board.start
        d[SETTLED] = _replace_at(d[SETTLED], start, _replace_at(d[SETTLED][start], seat, 1))
        d[PLAYERS] = _replace_at(d[PLAYERS], seat, pl)
        if d[BANK] is not None:
            d[BANK] -= START_MONEY
        if seat + 1 < self.players:
            return _new(State, d)
        d[ROUND] = 1
        d[ACTIVE] = first = d[START_PLAYER]
        return self._start_turn(d, first)

    def _do_nugget(self, state: State, action: A.DrawNugget) -> State:
        self._chance_check(state, action)
        me = state.active
        pl = state.players[me]
        d: list[Any] = list(state)
        d[PLAYERS] = _replace_at(d[PLAYERS], me, _with(pl, P_NUGGETS, pl.nuggets + (action.value,)))
        return self._begin_join(d)

    # turn structure ------------------------------------------------------------
    # These steps work on a draft list ``d`` (see PHASE above) and return the state.

    def _begin_turn(self, state: State, seat: int) -> State:
        """Start ``seat``'s turn: P-INC-1 income, then the purchase phase."""
        return self._start_turn(list(state), seat)

    def _start_turn(self, d: list, seat: int) -> State:
        """P-INC-1 income, then the purchase phase with P-BUY-9 checked at turn start."""
        players: tuple[PlayerState, ...] = d[PLAYERS]
        pl = players[seat]
        forced = False
        if pl[P_WAGONS]:
            for w in pl[P_WAGONS]:
                if w[W_FACE_UP]:
                    break
            else:
                forced = True
        bankers = pl[P_BANKERS]
        amount = INCOME + (bankers if bankers < 2 else 2)
        bank = d[BANK]
        if bank is not None:
            paid = amount if amount <= bank else bank
            d[BANK] = bank - paid
            d[SHORTFALL] += amount - paid
            amount = paid
        pl = _with(pl, P_MONEY, pl[P_MONEY] + amount)
        if forced and not self._buyable_slots(d[MARKET], pl):
            forced = False  # ASSUMPTION-12: the obligation lapses
        merchants = pl[P_MERCHANTS]
        d[PLAYERS] = players[:seat] + (pl,) + players[seat + 1:]
        d[PHASE] = "buy"
        d[SEAT] = d[ACTIVE] = seat
        d[ACTIONS_LEFT] = 1 + (merchants if merchants < 2 else 2)
        d[USED] = ()
        d[FORCED] = forced
        d[ROADS_TO_PLACE] = 0
        d[CITY] = -1
        d[TILE] = d[JOIN_NEED] = None
        d[EXTRAS_LEFT] = 0
        d[OFFER] = ()
        return _new(State, d)

    def _after_purchase(self, d: list) -> State:
        d[PHASE] = "buy" if d[ACTIONS_LEFT] > 0 else "move"
        d[SEAT] = d[ACTIVE]
        return _new(State, d)

    def _end_turn(self, d: list) -> State:
        """P-TURNEND-1, then the end-of-round check (P-END-2, ASSUMPTION-20)."""
        nxt = d[ACTIVE] + 1
        if nxt == self.players:
            nxt = 0
        if nxt == d[START_PLAYER]:
            early = self._early_end and (
                not d[ROUND_ACTIVE] or all(t is None for t in d[TILES]))
            if d[END_TRIGGERED] or early or d[ROUND] >= self._max_rounds:
                d[PHASE] = "over"
                d[SEAT] = CHANCE
                d[OFFER] = ()
                d[TILE] = d[JOIN_NEED] = None
                return _new(State, d)
            d[ROUND] += 1
            d[ROUND_ACTIVE] = False
        return self._start_turn(d, nxt)

    # purchase ------------------------------------------------------------------

    def _check_purchase_token(self, state: State, space: str) -> None:
        if state.actions_left <= 0:
            raise IllegalAction("P-BUY-3", "you have no purchase action left this turn.")
        if space in state.used:
            raise IllegalAction(
                "P-BUY-4", f"the {space} space already has a token on it this turn.")

    def _do_buy_roads(self, state: State, action: A.BuyRoads) -> State:
        n = action.count
        if n not in (1, 2):
            raise IllegalAction("P-BUY-1", "you can buy 1 road (R1) or 2 roads (R2).")
        self._check_purchase_token(state, _ROAD_SPACE[n])
        if state.forced:
            raise IllegalAction(
                "P-BUY-9", "all your wagons are empty, so your first purchase must be a wagon.")
        me = state.active
        pl = state.players[me]
        if pl.roads_left < n:
            raise IllegalAction("ASSUMPTION-13", f"you have only {pl.roads_left} roads left.")
        if self._free_edges(state) < n:
            raise IllegalAction("ASSUMPTION-13", f"there are not {n} free connections left.")
        price = ROAD_PRICE[n]
        if pl.money < price:
            raise IllegalAction("P-BUY-1", f"R{n} costs ${price} but you have only ${pl.money}.")
        d: list[Any] = list(state)
        d[PLAYERS] = _replace_at(d[PLAYERS], me, _with(pl, P_MONEY, pl.money - price))
        if d[BANK] is not None:
            d[BANK] += price
        d[ACTIONS_LEFT] -= 1
        d[USED] += (_ROAD_SPACE[n],)
        d[ROADS_TO_PLACE] = n
        d[PHASE] = "road"
        d[ROUND_ACTIVE] = True
        return _new(State, d)

    def _edge(self, a: str, b: str, rule: str) -> int:
        e = self.board.edge_of(a, b)
        if e is None:
            for c in (a, b):
                if c not in self.board.index:
                    raise IllegalAction(rule, f"there is no city {c!r} on this board.")
            raise IllegalAction(rule, f"there is no connection between {a} and {b}.")
        return e

    def _add_road(self, d: list, e: int, seat: int) -> None:
        players: tuple[PlayerState, ...] = d[PLAYERS]
        pl = players[seat]
        left = pl[P_ROADS_LEFT] - 1
        d[PLAYERS] = players[:seat] + (_with(pl, P_ROADS_LEFT, left),) + players[seat + 1:]
        roads = d[ROAD_OWNERS]
        d[ROAD_OWNERS] = roads[:e] + (roads[e] + (seat,),) + roads[e + 1:]
        if left == 0:
            d[END_TRIGGERED] = True  # P-END-1a

    def _do_place_road(self, state: State, action: A.PlaceRoad) -> State:
        e = self._edge(action.a, action.b, "P-BUY-6")
        a, b = self.board.edges[e]
        if state.covered[a] or state.covered[b]:
            raise IllegalAction("ASSUMPTION-14", "no road may touch a covered city.")
        if state.roads[e]:
            raise IllegalAction(
                "P-BUY-6", f"{action.a}-{action.b} already has a road; bought roads need a free connection.")
        d: list[Any] = list(state)
        self._add_road(d, e, d[ACTIVE])
        d[ROADS_TO_PLACE] -= 1
        return _new(State, d) if d[ROADS_TO_PLACE] else self._after_purchase(d)

    def _do_buy_wagon(self, state: State, action: A.BuyWagon) -> State:
        self._check_purchase_token(state, "W")
        slot = action.slot
        if slot not in (1, 2, 3, 4):
            raise IllegalAction("P-BUY-1", f"there is no market slot {slot}; the slots are 1 to 4.")
        if state.market[slot - 1] is None:
            raise IllegalAction("P-BUY-8", f"market slot {slot} is empty.")
        me = state.active
        pl = state.players[me]
        spec = self.wagon_specs[state.market[slot - 1]]
        if pl.money < slot:
            raise IllegalAction("P-BUY-1", f"slot {slot} costs ${slot} but you have only ${pl.money}.")
        if pl.supply < len(spec.seats):
            raise IllegalAction(
                "P-BUY-7", f"wagon {spec.id} has {len(spec.seats)} seats but you have only "
                f"{pl.supply} pioneers in your supply.")
        pl = pl._replace(money=pl.money - slot, supply=pl.supply - len(spec.seats),
                         wagons=pl.wagons + (self._full_wagon[spec.id],))
        d: list[Any] = list(state)
        d[PLAYERS] = _replace_at(d[PLAYERS], me, pl)
        market = d[MARKET]
        d[MARKET] = market[:slot - 1] + market[slot:] + (None,)
        if d[BANK] is not None:
            d[BANK] += slot
        d[ACTIONS_LEFT] -= 1
        d[USED] += ("W",)
        d[FORCED] = False
        d[ROUND_ACTIVE] = True
        if d[DECK] > 0:
            d[PHASE] = "reveal"
            d[SEAT] = CHANCE
            return _new(State, d)
        return self._after_purchase(d)

    def _do_end_purchases(self, state: State, action: A.EndPurchases) -> State:
        if state.forced and state.actions_left > 0:
            raise IllegalAction(
                "P-BUY-9", "all your wagons are empty: you must buy a wagon before ending purchases.")
        d: list[Any] = list(state)
        d[PHASE] = "move"
        d[SEAT] = d[ACTIVE]
        d[ACTIONS_LEFT] = 0
        return _new(State, d)

    # movement and colonisation ---------------------------------------------------

    def _do_move(self, state: State, action: A.MoveCoach) -> State:
        me = state.active
        memo = self._moves_memo
        hit = memo[2].get(id(action)) if memo[0] is state and memo[1] == me else None
        if hit is not None and hit[0] is action:
            # The very move object listed for this very (immutable) state: it is
            # legal, so only its payments are worked out.
            received, to_bank = self._payments_on(state, hit[1], me)
            cost = action.cost
        else:
            cost, received, to_bank = self._walk(state, action.path, me)
            if action.cost != cost:
                raise IllegalAction(
                    "P-MOVE-2", f"the route {'-'.join(action.path)} costs ${cost}, not ${action.cost}.")
        players = state.players
        received[me] -= cost
        if any(received):
            players = tuple(pl if not r else _with(pl, P_MONEY, pl[P_MONEY] + r)
                            for pl, r in zip(players, received))
        d: list[Any] = list(state)
        d[PLAYERS] = players
        if to_bank and d[BANK] is not None:
            d[BANK] += to_bank
        target = self.board.index[action.path[-1]]
        d[COACH] = action.path[-1]
        d[PHASE] = "settle"
        d[CITY] = target
        d[TILE] = d[TILES][target]
        d[ROUND_ACTIVE] = True
        return _new(State, d)

    def _payments_on(self, state: State, path: tuple[int, ...], seat: int) -> tuple[list[int], int]:
        """What each seat and the bank receive for a route of city indices (P-MOVE-2)."""
        roads, edge_index = state.roads, self.board.edge_index
        received = [0] * self.players
        bank = 0
        for k in range(len(path) - 1):
            r = roads[edge_index[path[k], path[k + 1]]]
            if not r:
                bank += 1
            elif seat not in r:
                for owner in r:
                    received[owner] += 1
        return received, bank

    def _do_pass(self, state: State, action: A.Pass) -> State:
        routes = self.cheapest_routes(state)
        if routes:  # name the cheapest target (ties: fewest steps, city id)
            target, cost, _ = min(routes, key=lambda r: (r[1], len(r[2]), r[0]))
            raise IllegalAction(
                "P-MOVE-4", f"you must move: {self.board.ids[target]} can be reached for ${cost}.")
        return self._end_turn(list(state))  # P-MOVE-5

    def _take_pioneer(self, d: list, seat: int, wagon_id: str, prof: str | None,
                      rule: str) -> str:
        """Remove a pioneer from a seat (any profession if ``prof`` is None); P-WAGON-1.

        Changes the draft ``d``; returns the profession of the pioneer taken.
        """
        players: tuple[PlayerState, ...] = d[PLAYERS]
        pl = players[seat]
        wagons = pl[P_WAGONS]
        for k, w in enumerate(wagons):
            if w[W_ID] == wagon_id:
                break
        else:
            raise IllegalAction(rule, f"you have no wagon {wagon_id}.")
        if not w[W_FACE_UP]:
            raise IllegalAction("P-WAGON-3", f"wagon {wagon_id} is face down and holds no pioneers.")
        seats, occupied = w[W_SEATS], w[W_OCCUPIED]
        for j in range(len(seats)):
            if occupied[j] and (prof is None or seats[j] == prof):
                break
        else:
            raise IllegalAction(rule, f"wagon {wagon_id} has no {prof or 'pioneer'} on a seat.")
        occupied = occupied[:j] + (False,) + occupied[j + 1:]
        if True in occupied:
            w = _new(Wagon, (w[W_ID], seats, occupied, w[W_VP], True))
            pl = _with(pl, P_WAGONS, wagons[:k] + (w,) + wagons[k + 1:])
        else:  # P-WAGON-1: emptied: score its VP, turn it face down, take $1
            w = _new(Wagon, (w[W_ID], seats, occupied, w[W_VP], False))
            pl = pl._replace(vp=pl[P_VP] + w[W_VP], wagons=wagons[:k] + (w,) + wagons[k + 1:])
            spec = self.wagon_specs.get(w[W_ID])
            pl, d[BANK], d[SHORTFALL] = _payout(pl, spec.bonus if spec else 1, d[BANK], d[SHORTFALL])
        d[PLAYERS] = players[:seat] + (pl,) + players[seat + 1:]
        return seats[j]

    def _place_pioneer(self, d: list, city: int, seat: int) -> None:
        settled = d[SETTLED]
        row = settled[city]
        row = row[:seat] + (row[seat] + 1,) + row[seat + 1:]
        d[SETTLED] = settled[:city] + (row,) + settled[city + 1:]

    def _do_settle(self, state: State, action: A.Settle) -> State:
        tile = state.tile
        if tile != "HOTEL" and action.profession != tile:
            raise IllegalAction(
                "P-SETTLE-1", f"this city wants a {tile}; you cannot settle a {action.profession} here.")
        rule = "P-SETTLE-2" if tile == "HOTEL" else "P-SETTLE-1"
        d: list[Any] = list(state)
        me, city = d[ACTIVE], d[CITY]
        d[JOIN_NEED] = self._take_pioneer(d, me, action.wagon, action.profession, rule)
        self._place_pioneer(d, city, me)
        tiles = d[TILES]
        d[TILES] = tiles[:city] + (None,) + tiles[city + 1:]
        pl: PlayerState = d[PLAYERS][me]
        # P-TILE: the effect of the removed tile
        if tile == "BANKER":
            if pl[P_BANKERS] < 2:  # P-TILE-1 / P-INC-2
                d[PLAYERS] = _replace_at(d[PLAYERS], me, _with(pl, P_BANKERS, pl[P_BANKERS] + 1))
        elif tile == "MERCHANT":
            if pl[P_MERCHANTS] < 2:  # P-TILE-2 / P-BUY-3
                d[PLAYERS] = _replace_at(d[PLAYERS], me, _with(pl, P_MERCHANTS, pl[P_MERCHANTS] + 1))
        elif tile == "HOTEL":  # P-TILE-7
            pl, d[BANK], d[SHORTFALL] = _payout(pl, 3, d[BANK], d[SHORTFALL])
            d[PLAYERS] = _replace_at(d[PLAYERS], me, pl)
        elif tile == "GOLD_DIGGER":  # P-TILE-4, ASSUMPTION-11
            # How many nuggets are left is public (only their values are hidden).
            if sum(NUGGET_COUNTS) > sum(len(p[P_NUGGETS]) for p in d[PLAYERS]):
                d[PHASE] = "nugget"
                d[SEAT] = CHANCE
                return _new(State, d)
        elif tile == "SERGEANT":  # P-TILE-5
            if self._sergeant_possible(d):
                d[PHASE] = "sergeant"
                d[SEAT] = me
                return _new(State, d)
        elif tile == "INNKEEPER":  # P-TILE-6
            if any(w[W_FACE_UP] for w in pl[P_WAGONS]):
                d[PHASE] = "innkeeper"
                d[SEAT] = me
                return _new(State, d)
        elif tile == "FARMER":  # P-TILE-8
            if self._has_pioneer(pl[P_WAGONS], "FARMER"):
                d[PHASE] = "farmer"
                d[SEAT] = me
                d[EXTRAS_LEFT] = 2
                return _new(State, d)
        return self._begin_join(d)

    def _do_sergeant(self, state: State, action: A.SergeantRoad) -> State:
        e = self._edge(action.a, action.b, "P-TILE-5")
        me = state.active
        a, b = self.board.edges[e]
        if state.covered[a] or state.covered[b]:
            raise IllegalAction("ASSUMPTION-14", "no road may touch a covered city.")
        r = state.roads[e]
        if len(r) >= 2:
            raise IllegalAction("P-TILE-5", "a connection never holds more than 2 roads.")
        if me in r:
            raise IllegalAction(
                "P-TILE-5", "a double road needs two different players; this road is already yours.")
        if state.players[me].roads_left <= 0:
            raise IllegalAction("P-TILE-5", "you have no roads left in your supply.")
        d: list[Any] = list(state)
        self._add_road(d, e, me)
        return self._begin_join(d)

    def _do_skip(self, state: State, action: A.Skip) -> State:
        d: list[Any] = list(state)
        d[EXTRAS_LEFT] = 0
        return self._begin_join(d)

    def _do_return(self, state: State, action: A.ReturnPioneer) -> State:
        me = state.active
        d: list[Any] = list(state)
        self._take_pioneer(d, me, action.wagon, action.profession, "P-TILE-6")
        pl: PlayerState = d[PLAYERS][me]
        d[PLAYERS] = _replace_at(d[PLAYERS], me, _with(pl, P_SUPPLY, pl[P_SUPPLY] + 1))
        return self._begin_join(d)

    def _do_farmer(self, state: State, action: A.AddFarmer) -> State:
        me = state.active
        d: list[Any] = list(state)
        self._take_pioneer(d, me, action.wagon, "FARMER", "P-TILE-8")
        self._place_pioneer(d, d[CITY], me)
        d[EXTRAS_LEFT] -= 1
        if d[EXTRAS_LEFT] > 0 and self._has_pioneer(d[PLAYERS][me][P_WAGONS], "FARMER"):
            return _new(State, d)
        d[EXTRAS_LEFT] = 0
        return self._begin_join(d)

    def _can_join(self, players: tuple[PlayerState, ...], seat: int, need: str | None) -> bool:
        """P-JOIN-2: at least $2 and a pioneer of the required profession on a wagon."""
        pl = players[seat]
        return pl[P_MONEY] >= 2 and self._has_pioneer(pl[P_WAGONS], need)

    def _begin_join(self, d: list) -> State:
        """P-JOIN-1: offer clockwise from the active player's left."""
        return self._next_offer(d, self._offer_order[d[ACTIVE]])

    def _next_offer(self, d: list, offer: tuple[int, ...]) -> State:
        players: tuple[PlayerState, ...] = d[PLAYERS]
        need: str | None = d[JOIN_NEED]
        while offer:
            seat, offer = offer[0], offer[1:]
            if self._can_join(players, seat, need):
                d[PHASE] = "join"
                d[SEAT] = seat
                d[OFFER] = offer
                return _new(State, d)
        return self._end_turn(d)

    def _do_join(self, state: State, action: A.Join) -> State:
        seat, me = state.seat, state.active
        if state.players[seat].money < 2:
            raise IllegalAction("P-JOIN-2", "joining costs $2 and you have less.")
        d: list[Any] = list(state)
        self._take_pioneer(d, seat, action.wagon, d[JOIN_NEED], "P-JOIN-4")
        players = list(d[PLAYERS])
        players[seat] = _with(players[seat], P_MONEY, players[seat][P_MONEY] - 2)  # P-JOIN-3
        players[me] = _with(players[me], P_MONEY, players[me][P_MONEY] + 2)
        d[PLAYERS] = tuple(players)
        d[OFFER] = ()
        self._place_pioneer(d, d[CITY], seat)
        return self._end_turn(d)

    def _do_decline(self, state: State, action: A.Decline) -> State:
        return self._next_offer(list(state), state.offer)

    # ----- protocol: observation, scores, notation ------------------------------

    def observe(self, state: State, seat: int | None) -> State:
        """What ``seat`` sees: others' nugget values, the unused tiles and the nugget
        pool are hidden (ASSUMPTION-10). The deck order is never in the state at all:
        wagons are drawn from ``unseen`` only when revealed."""
        if seat is None or seat == CHANCE:
            return state
        players = state.players
        view: list[Any] | None = None
        hidden = self._hidden
        for i in range(len(players)):
            pl = players[i]
            nuggets = pl[P_NUGGETS]
            if i == seat or not nuggets or nuggets[0] is None:
                continue  # one's own, none, or hidden already
            if view is None:
                view = list(players)
            # Other players' records rarely change during one player's turn: their
            # hidden copies are kept by identity, in a small table.
            hit = hidden.get(id(pl))
            if hit is None or hit[0] is not pl:
                if len(hidden) >= 64:
                    hidden.clear()
                hit = hidden[id(pl)] = (pl, _with(pl, P_NUGGETS, (None,) * len(nuggets)))
            view[i] = hit[1]
        if view is not None:
            d: list[Any] = list(state)
            d[PLAYERS] = tuple(view)
            d[TILE_POOL] = None
            return _new(State, d)
        # Nothing of another player's to hide: no copy (the common case early on).
        return state if state.tile_pool is None else state._replace(tile_pool=None)

    def scores(self, state: State) -> tuple[int, ...]:
        """Total VP per seat as if the game ended now (P-SCORE-1..4)."""
        from .scoring import score_breakdown

        return tuple(row["total"] for row in score_breakdown(self, state))

    def winners(self, state: State) -> tuple[int, ...]:
        """The winning seat(s): most VP, then most money; still tied: shared (P-SCORE-5)."""
        sc = self.scores(state)
        key = [(sc[i], state.players[i].money) for i in range(self.players)]
        best = max(key)
        return tuple(i for i in range(self.players) if key[i] == best)

    def progress(self, state: State) -> Progress:
        """Round, the seat whose turn it is, and the start player (the protocol's)."""
        over = state.phase == "over"
        started = state.round > 0
        return Progress(state.round, state.active if started and not over else None,
                        state.start_player if started else None)

    def parse_action(self, text: str) -> Any:
        """Read an action written in the notation of :mod:`toolkit.pioneers.actions`."""
        return A.parse_action(text)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items()
                         if v != self.defaults.get(k))
        return f"Pioneers(players={self.players}{', ' + opts if opts else ''})"




def nugget_pool(state: State) -> tuple[int, ...]:
    """Nuggets left in the pool, as counts of (3, 4, 5) VP (P-COMP-6).

    Derived from the nuggets players hold, so it needs the full state: in an
    observation other players' nuggets are hidden and this raises ValueError.
    """
    drawn = [v for pl in state.players for v in pl.nuggets]
    if None in drawn:
        raise ValueError("the nugget pool is hidden in an observation (ASSUMPTION-10)")
    return tuple(c - drawn.count(v) for v, c in zip(NUGGETS, NUGGET_COUNTS))


def _with(t: tuple, i: int, value: Any) -> Any:
    """A copy of the NamedTuple ``t`` with field number ``i`` set to ``value``."""
    c = list(t)
    c[i] = value
    return _new(type(t), c)


def _payout(pl: PlayerState, amount: int, bank: int | None, shortfall: int):
    """The bank pays ``amount``; a finite bank pays what it has (ASSUMPTION-9)."""
    if bank is None:
        return pl._replace(money=pl.money + amount), None, shortfall
    paid = min(amount, bank)
    return pl._replace(money=pl.money + paid), bank - paid, shortfall + amount - paid


_PHASE_RULE = {"buy": "P-BUY-1", "road": "P-BUY-6", "move": "P-MOVE-1", "settle": "P-SETTLE-1",
               "sergeant": "P-TILE-5", "innkeeper": "P-TILE-6", "farmer": "P-TILE-8",
               "join": "P-JOIN-2"}
_PHASE_WORDS = {
    "buy": "it is the purchase phase: buy roads or a wagon, or end purchases",
    "road": "you must now place the road you bought",
    "move": "it is time to move the stagecoach (or pass if no target can be reached)",
    "settle": "you must now settle a pioneer on the city the stagecoach reached",
    "sergeant": "you may place a free sergeant road, or skip",
    "innkeeper": "you may return a pioneer from a wagon to your supply, or skip",
    "farmer": "you may move up to 2 more farmers onto this city, or skip",
    "join": "you were offered to join: join with a pioneer or decline",
}


_ROAD_SPACE = {1: "R1", 2: "R2"}
_PURCHASES = (A.BuyRoads, A.BuyWagon, A.EndPurchases)


def _phase_rule(phase: str, action: Any) -> str:
    """The rule to cite for an action played at the wrong moment."""
    if phase in PHASES_CHANCE:
        return "P-FLOW-2"
    if isinstance(action, _PURCHASES) and phase not in ("buy", "road"):
        return "P-FLOW-2"  # the purchase phase is over: phases come in order
    return _PHASE_RULE.get(phase, "P-FLOW-2")


def _wrong_phase(phase: str, action: Any) -> str:
    if phase in PHASES_CHANCE:
        return f"a chance turn ({phase}) comes next, so {action!s} cannot be played now."
    return f"{action!s} cannot be played now: {_PHASE_WORDS.get(phase, phase)}."


_HANDLERS: dict[tuple[str, type], Callable[..., State]] = {
    ("cover", A.CoverCity): Pioneers._do_cover,
    ("tile", A.DrawTile): Pioneers._do_tile,
    ("redraw", A.Redraw): Pioneers._do_redraw,
    ("redraw", A.SwapTiles): Pioneers._do_redraw,
    ("first", A.FirstPlayer): Pioneers._do_first,
    ("market", A.RevealWagon): Pioneers._do_reveal,
    ("reveal", A.RevealWagon): Pioneers._do_reveal,
    ("deal", A.DealStart): Pioneers._do_deal,
    ("nugget", A.DrawNugget): Pioneers._do_nugget,
    ("buy", A.BuyRoads): Pioneers._do_buy_roads,
    ("buy", A.BuyWagon): Pioneers._do_buy_wagon,
    ("buy", A.EndPurchases): Pioneers._do_end_purchases,
    ("road", A.PlaceRoad): Pioneers._do_place_road,
    ("move", A.MoveCoach): Pioneers._do_move,
    ("move", A.Pass): Pioneers._do_pass,
    ("settle", A.Settle): Pioneers._do_settle,
    ("sergeant", A.SergeantRoad): Pioneers._do_sergeant,
    ("sergeant", A.Skip): Pioneers._do_skip,
    ("innkeeper", A.ReturnPioneer): Pioneers._do_return,
    ("innkeeper", A.Skip): Pioneers._do_skip,
    ("farmer", A.AddFarmer): Pioneers._do_farmer,
    ("farmer", A.Skip): Pioneers._do_skip,
    ("join", A.Join): Pioneers._do_join,
    ("join", A.Decline): Pioneers._do_decline,
}
_HANDLERS_BY_PHASE: dict[str, dict[type, Callable[..., State]]] = {}
for (_phase, _kind), _handler in _HANDLERS.items():
    _HANDLERS_BY_PHASE.setdefault(_phase, {})[_kind] = _handler
_NO_HANDLERS: dict[type, Callable[..., State]] = {}
