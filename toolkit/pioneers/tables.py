"""The static tables of a Pioneers game: options, board facts, shared action objects.

:class:`Tables` is the base of :class:`~toolkit.pioneers.rules.Pioneers`. It
holds only what the options, the board and the wagon cards fix: nothing on it
depends on a state, so an agent handed the game learns nothing hidden from it.
Every table is built in ``__init__`` (the profession bit of each seat of each
wagon card, the professions per bit mask, the usable connections for the set-up
covers, one action object per wagon and profession), which keeps the hot path to
dictionary and tuple look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from . import actions as A
from .board import PROFESSIONS, TILE_TYPES, Board, load_board
from .fields import (
    COVER_TILES,
    NUGGETS,
    P_MONEY,
    P_SUPPLY,
    PARAMETER_MAX,
    PARAMETERS,
    W_FACE_UP,
    W_ID,
    W_OCCUPIED,
    W_SEATS,
)
from .state import PlayerState, State, Wagon

#: The bit of each profession in a mask of professions.
#: The values of the ``route_choice`` option (ASSUMPTION-4), as the move lists
#: offer stagecoach routes: one move per undominated payment outcome per target
#: (default), one per distinct payment outcome, or one per target along the
#: cheapest route (the earlier reading).
ROUTE_CHOICES: tuple[str, ...] = ("undominated", "every", "cheapest")
_BIT: Final = {p: 1 << k for k, p in enumerate(PROFESSIONS)}
#: Usable-connection tables of covers drawn by chance, by the covers' identity
#: (each entry holds its covers, so the identity stays unique while it is kept).
_COVER_INFO: dict[int, tuple[tuple[bool, ...], Board, tuple]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class Tables:
    """Options, board and wagon cards of a game, and tables derived from them alone."""

    def __init__(
        self,
        # Typed ``object``: each option's type is checked below, so that a wrong one
        # gets a message naming the option, compiled or not (a compiled ``bool``
        # parameter would refuse "no" with a message naming no option, and plain
        # Python would take it as True).
        players: object = 4,
        cover: object = "designated",
        finite_bank: object = False,
        max_rounds: object = 60,
        early_end: object = False,
        start_player: object = None,
        board: Board | None = None,
        wagons: Sequence[Any] | None = None,
        route_choice: object = "undominated",
        income: object = PARAMETERS["income"][0],
        start_money: object = PARAMETERS["start_money"][0],
        road_price_1: object = PARAMETERS["road_price_1"][0],
        road_price_2: object = PARAMETERS["road_price_2"][0],
        join_cost: object = PARAMETERS["join_cost"][0],
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(
                f"Pioneers is for 2, 3 or 4 players, not {players!r:.40} (P-PC-1)"
            )
        if players not in (2, 3, 4):
            raise ValueError(
                f"Pioneers is for 2, 3 or 4 players, not {players!r} (P-PC-1)"
            )
        if not isinstance(cover, str):
            raise TypeError(
                "cover must be the text 'designated' or 'random', "
                f"not {cover!r:.40} (P-SETUP-2)"
            )
        if cover not in ("designated", "random"):
            raise ValueError(
                f"cover must be 'designated' or 'random', not {cover!r:.40} (P-SETUP-2)"
            )
        if not isinstance(route_choice, str) or route_choice not in ROUTE_CHOICES:
            raise (ValueError if isinstance(route_choice, str) else TypeError)(
                "route_choice must be one of "
                + ", ".join(repr(c) for c in ROUTE_CHOICES)
                + f", not {route_choice!r:.40} (ASSUMPTION-4)"
            )
        for name, flag in (("finite_bank", finite_bank), ("early_end", early_end)):
            if not isinstance(flag, bool):
                raise TypeError(
                    f"{name} must be True or False (a bool), not {flag!r:.40}"
                )
        if isinstance(max_rounds, bool) or not isinstance(max_rounds, int):
            raise TypeError(
                f"max_rounds must be a positive whole number (an int), "
                f"not {max_rounds!r:.40}"
            )
        if max_rounds < 1:
            raise ValueError(
                f"max_rounds must be a positive whole number, not {max_rounds!r}"
            )
        if start_player is not None and (
            isinstance(start_player, bool) or not isinstance(start_player, int)
        ):
            raise TypeError(
                f"start_player must be a seat 0..{players - 1} (an int) or None, "
                f"not {start_player!r:.40}"
            )
        if start_player is not None and start_player not in range(players):
            raise ValueError(
                f"start_player must be a seat 0..{players - 1}, not {start_player!r}"
            )
        if board is not None and not isinstance(board, Board):
            raise TypeError(f"board must be a Board or None, not {board!r:.40}")
        if wagons is not None:
            from .data import WagonSpec

            if not isinstance(wagons, Sequence) or not all(
                isinstance(w, WagonSpec) for w in wagons
            ):
                raise TypeError(
                    f"wagons must be a sequence of WagonSpec, not {wagons!r:.40}"
                )
        params = {
            "income": income,
            "start_money": start_money,
            "road_price_1": road_price_1,
            "road_price_2": road_price_2,
            "join_cost": join_cost,
        }
        for name, value in params.items():
            rule = PARAMETERS[name][1]
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(
                    f"{name} must be a whole number (an int), not {value!r:.40} "
                    f"({rule})"
                )
            if not 0 <= value <= PARAMETER_MAX:
                raise ValueError(
                    f"{name} must be between 0 and {PARAMETER_MAX}, not {value!r} "
                    f"({rule})"
                )
        self.players = players
        self.options: dict[str, Any] = {
            "cover": cover,
            "finite_bank": finite_bank,
            "max_rounds": max_rounds,
            "early_end": early_end,
            "start_player": start_player,
            "route_choice": route_choice,
        }
        # A rule parameter at the rulebook's value stays out of the options (and
        # of records, which are then those of the rulebook game as before).
        for name, value in params.items():
            if value != PARAMETERS[name][0]:
                self.options[name] = value
        self._income: int = cast(int, income)
        self._start_money: int = cast(int, start_money)
        self._road1: int = cast(int, road_price_1)
        self._road2: int = cast(int, road_price_2)
        self._join_cost: int = cast(int, join_cost)
        self._route_mode = ROUTE_CHOICES.index(route_choice)
        self._early_end, self._max_rounds = bool(early_end), max_rounds
        self.custom = board is not None or wagons is not None
        self.board = (
            board if board is not None else load_board("4p" if players == 4 else "23p")
        )
        if players == 2:
            _check_covers(self.board, cover)
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
        # Precomputed action objects and tables (structural sharing, no per-call
        # allocation).
        self._place = tuple(A.PlaceRoad(*b.edge_ids(e)) for e in range(len(b.edges)))
        self._sergeant = tuple(
            A.SergeantRoad(*b.edge_ids(e)) for e in range(len(b.edges))
        )
        self._buy = {1: A.BuyRoads(1), 2: A.BuyRoads(2)}
        self._slots = {s: A.BuyWagon(s) for s in range(1, 5)}
        self._start_nbrs = tuple(v for v, _ in b.adj[b.start])
        covered = [False] * n
        if players == 2 and cover == "designated":
            for i in b.covered_2p:
                covered[i] = True
        self._covered0 = tuple(covered)
        self._usable0 = _usable_info(b, self._covered0)
        self._tile_order0 = _tile_order(b, self._covered0)
        # Per bit mask of professions (bit k for PROFESSIONS[k]): the professions
        # (PROFESSIONS order) with the mask, and the tile types matched.
        masks = range(1 << len(PROFESSIONS))
        self._mask_profs = tuple(
            (tuple(p for k, p in enumerate(PROFESSIONS) if m >> k & 1), m)
            for m in masks
        )
        self._mask_info = tuple(_mask_info(mask) for mask in masks)
        self._seat_acts: dict[type, dict[str, dict[str, Any]]] = {
            kind: {
                w.id: {
                    p: _seat_action(kind, w.id, p) for p in PROFESSIONS if p in w.seats
                }
                for w in wagons
            }
            for kind in (A.Settle, A.ReturnPioneer, A.AddFarmer, A.Join)
        }
        self._n_seats = {w.id: len(w.seats) for w in wagons}
        self._offer_order = tuple(
            tuple((a + k) % players for k in range(1, players)) for a in range(players)
        )
        # Wagons as they enter play (all seats occupied, face up): shared, never
        # changed.
        self._full_wagon = {
            w.id: Wagon(w.id, tuple(w.seats), (True,) * len(w.seats), w.vp, True)
            for w in wagons
        }
        # Per wagon card: its seats, each seat's profession bit, and the occupied
        # seats and mask of the card as it enters play. A wagon's professions are
        # then the full card's mask (the same occupied tuple) or a loop over its
        # seats: no look-up keyed by the occupied seats, whose hash cost more.
        self._seat_bits = {
            wid: (
                full.seats,
                tuple(_BIT.get(p, 0) for p in full.seats),
                full.occupied,
                _profs_of(full.seats, full.occupied)[1],
            )
            for wid, full in self._full_wagon.items()
        }
        # Interned action objects: chance outcomes and moves are built once, reused.
        self._draw_tile = tuple(
            tuple(A.DrawTile(cid, t) for t in TILE_TYPES) for cid in b.ids
        )
        self._reveal = {w: A.RevealWagon(w) for w in self.regular_wagons}
        self._nugget = {v: A.DrawNugget(v) for v in NUGGETS}
        self._end, self._pass, self._skip, self._decline = (
            A.EndPurchases(),
            A.Pass(),
            A.Skip(),
            A.Decline(),
        )

    @property
    def covered_at_start(self) -> tuple[bool, ...]:
        """Per city index: covered before any chance turn (P-SETUP-2).

        The 8 designated cities with 2 players and ``cover="designated"``; none
        otherwise (with ``cover="random"`` the covers are chance turns).
        """
        return self._covered0

    def _free_edges(self, state: State) -> int:
        """Return connections where a bought road may go.

        No road, no covered end (ASSUMPTION-14).
        """
        # Covered cities never get roads, so every blocked connection is free: subtract
        # them.
        return state.roads.count(()) - self._usable_info(state.covered)[3]

    def _buyable_slots(self, market: tuple, pl: PlayerState) -> list[int]:
        """Market slots ``pl`` can buy.

        The slot price and a pioneer per seat (P-BUY-7).
        """
        money, supply, seats = pl[P_MONEY], pl[P_SUPPLY], self._n_seats
        return [
            s
            for s, wid in enumerate(market, start=1)
            if wid is not None and s <= money and seats[wid] <= supply
        ]

    def _seat_actions(
        self, wagons: tuple[Wagon, ...], kind: type, prof: str | None
    ) -> list:
        """Return the ``kind`` actions (Settle, ReturnPioneer, AddFarmer, Join).

        One per face-up wagon with a ``prof`` pioneer on a seat; with ``prof``
        None, one per wagon and profession on it (in PROFESSIONS order).
        """
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
        """Return the shared ``kind`` action for a ``prof`` pioneer on ``wagon``."""
        by_prof = self._seat_acts[kind].get(wagon)  # wagon id -> profession -> action
        act = by_prof.get(prof) if by_prof is not None else None
        return act if act is not None else _seat_action(kind, wagon, prof)

    def _profs_on(self, w: Wagon) -> tuple[tuple[str, ...], int]:
        """Return the professions seated on ``w`` (PROFESSIONS order), and as a mask."""
        return self._mask_profs[self._prof_mask(w)]

    def _prof_mask(self, w: Wagon) -> int:
        """Return the professions seated on ``w`` as a bit mask (bit k: PROFESSIONS[k]).

        Depends only on the seats and which are occupied: the seats' bits of the
        wagon card, or'ed where a seat is occupied.
        """
        known = self._seat_bits.get(w[W_ID])
        seats: tuple[str, ...] = w[W_SEATS]
        if known is None or (known[0] is not seats and known[0] != seats):
            return _profs_of(seats, w[W_OCCUPIED])[1]  # a wagon not in this game's deck
        occupied: tuple[bool, ...] = w[W_OCCUPIED]
        if occupied is known[2]:
            return known[3]  # as it entered play: every seat occupied
        bits: tuple[int, ...] = known[1]
        mask = 0
        for k in range(len(bits)):
            if occupied[k]:
                mask |= bits[k]
        return mask

    def _has_pioneer(self, wagons: tuple[Wagon, ...], prof: str | None) -> bool:
        """Whether a face-up wagon carries a pioneer of ``prof`` on a seat."""
        bit = _BIT.get(prof, 0) if prof is not None else 0
        if not bit:
            return False  # not a profession (None, or a tile type such as HOTEL)
        # A plain loop: compiled, it beats any() over a generator.
        for w in wagons:  # noqa: SIM110
            if w[W_FACE_UP] and self._prof_mask(w) & bit:
                return True
        return False

    def _matches(self, wagons: tuple[Wagon, ...], tile: str) -> bool:
        """Whether the wagons match tile type ``tile`` (P-MOVE-1, ASSUMPTION-3).

        A pioneer of its profession on a face-up wagon; for a HOTEL, any pioneer
        (the same as ``tile in _matched_info(wagons)[0]``, stopping at the first
        wagon that matches).
        """
        if tile != "HOTEL":
            return self._has_pioneer(wagons, tile)
        for w in wagons:  # noqa: SIM110  (a plain loop: see _has_pioneer)
            if w[W_FACE_UP] and self._prof_mask(w):
                return True
        return False

    def _usable_info(self, covered: tuple[bool, ...]) -> tuple:
        """Return the tables of the connections for these covered cities.

        Per connection, may a road go there (no covered end, ASSUMPTION-14); the
        usable connections; per city its uncovered neighbours with the
        connection index; the number of unusable connections.
        """
        if covered is self._covered0:  # no chance covers: always the covers of set-up
            return self._usable0
        # Covers drawn by chance (P-SETUP-2) are public and fixed once drawn; their
        # table is kept beside the module, not on the game, by the covers' identity.
        hit = _COVER_INFO.get(id(covered))
        if hit is None or hit[0] is not covered or hit[1] is not self.board:
            if len(_COVER_INFO) >= 64:
                _COVER_INFO.clear()
            hit = _COVER_INFO[id(covered)] = (
                covered,
                self.board,
                _usable_info(self.board, covered),
            )
        return hit[2]

    def targets_matched(self, pl: PlayerState) -> set[str]:
        """Tile types this player can settle on (P-MOVE-1, ASSUMPTION-3)."""
        return set(self._matched_info(pl.wagons)[0])

    def _matched_info(
        self, wagons: tuple[Wagon, ...]
    ) -> tuple[frozenset[str], dict[str | None, bool]]:
        """Return the tile types the wagons match.

        And a table tile (or None) -> may the coach enter.
        """
        mask = 0
        for w in wagons:
            if w[W_FACE_UP]:
                mask |= self._prof_mask(w)
        return self._mask_info[mask]


def _check_covers(board: Board, cover: str) -> None:
    """Refuse 2-player covers that cannot be placed or shut in the start city.

    P-SETUP-2 needs 8 cities to cover besides the start; ASSUMPTION-E1 keeps a
    neighbour of the start city uncovered, so that the stagecoach can leave it.
    """
    nbrs = {v for v, _ in board.adj[board.start]}
    others = len(board.ids) - 1
    if cover == "random":
        if others < COVER_TILES:
            raise ValueError(
                f"cover='random' needs at least {COVER_TILES} cities besides the "
                f"start city for the {COVER_TILES} cover tiles (P-SETUP-2)"
            )
        if nbrs and others - 1 < COVER_TILES:  # one neighbour stays open
            raise ValueError(
                f"cover='random' on this board cannot place {COVER_TILES} covers "
                f"and leave a neighbour of the start city {board.start_id} open "
                "(ASSUMPTION-E1): it needs more cities"
            )
    elif nbrs and nbrs <= set(board.covered_2p):
        raise ValueError(
            f"the designated 2-player covers shut in the start city {board.start_id}: "
            "every neighbour is covered, so the stagecoach could never leave "
            "(ASSUMPTION-E1)"
        )


def _usable_info(board: Board, covered: tuple[bool, ...]) -> tuple:
    """See :meth:`Tables._usable_info`."""
    mask = tuple(not covered[a] and not covered[b] for a, b in board.edges)
    usable = tuple(e for e, ok in enumerate(mask) if ok)
    # Per city, its neighbours that are not covered, with the connection index.
    open_adj = tuple(
        tuple((v, e) for v, e in nbrs if not covered[v]) for nbrs in board.adj
    )
    return mask, usable, open_adj, mask.count(False)


def _tile_order(board: Board, covered: tuple[bool, ...]) -> tuple[int, ...]:
    """Return the cities that receive a set-up tile (not start, not covered).

    In id order.
    """
    return tuple(i for i in range(len(covered)) if i != board.start and not covered[i])


def _profs_of(
    seats: tuple[str, ...], occupied: tuple[bool, ...]
) -> tuple[tuple[str, ...], int]:
    there = set(compress(seats, occupied))
    profs = tuple(p for p in PROFESSIONS if p in there)
    return profs, sum(1 << PROFESSIONS.index(p) for p in profs)


def _mask_info(mask: int) -> tuple[frozenset[str], dict[str | None, bool]]:
    """For a bit mask of professions.

    The tile types matched, and tile -> may the coach enter.
    """
    matched = {p for k, p in enumerate(PROFESSIONS) if mask >> k & 1}
    if matched:
        matched.add("HOTEL")
    enter: dict[str | None, bool] = {t: t in matched for t in TILE_TYPES}
    enter[None] = True
    return frozenset(matched), enter


def _seat_action(kind: type, wagon: str, prof: str) -> Any:
    return (
        kind(wagon, prof)
        if kind is A.Settle or kind is A.ReturnPioneer
        else kind(wagon)
    )
