"""The Pioneers rules engine (rule IDs from the project's Pioneers specification).

:class:`Pioneers` implements the shared game protocol of :mod:`toolkit.core`.
States are immutable :class:`~toolkit.pioneers.state.State` tuples; every
random event (tile placement, wagon reveals, nugget draws, the start player)
is a chance turn, with hidden cards decided only when they are revealed.

The engine is a chain of classes, one module each, every one building on the
one before: :class:`~toolkit.pioneers.tables.Tables` (options and static
tables), :class:`~toolkit.pioneers.coach.Coach` (stagecoach routes and the
move generator), :class:`~toolkit.pioneers.turns.Turns` (the turn and its
purchases), :class:`~toolkit.pioneers.settling.Settling` (moving, settling,
joining), :class:`~toolkit.pioneers.chance.Chance` (set-up and chance turns)
and here :class:`Pioneers` (the protocol: legal actions, apply, observe,
scores).

Speed (``benchmarks/pioneers_speed.py``) comes from doing little per step, not
from tricks that change behaviour: each ``apply`` copies the state once into a
draft list and builds one successor however many steps a turn passes through;
board facts (usable connections, tile order, professions per seat pattern)
are precomputed tables; a move listed by ``legal_actions`` is checked on the
indices of its route when applied. States are plain NamedTuples, which mypyc
reads as tuples, and nothing is remembered on them. ``make venv`` also
compiles these modules with mypyc (:mod:`toolkit.compiled`); the annotations
on locals (``d: list[Any]``, ``Final`` field positions) are there for the
compiler, and ``FRONTIER_PURE=1`` runs the source as plain Python.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, GameOver, IllegalAction
from toolkit.core.game import Progress

from . import actions as A
from .chance import Chance
from .fields import (
    BANK_TOTAL,
    INCOME,
    JOIN_COST,
    NUGGET_COUNTS,
    NUGGETS,
    P_BANKERS,
    P_MERCHANTS,
    P_MONEY,
    P_NUGGETS,
    P_ROADS_LEFT,
    P_SUPPLY,
    P_VP,
    P_WAGONS,
    PHASES_CHANCE,
    PIONEERS,
    PLAYERS,
    ROAD_PRICE,
    ROADS,
    START_MONEY,
    TILE_POOL,
    TILES_REMOVED,
    WAGONS_REMOVED,
    new_tuple,
    nugget_pool,
)
from .state import PlayerState, State

__all__ = [
    "BANK_TOTAL",
    "INCOME",
    "NUGGETS",
    "NUGGET_COUNTS",
    "PHASES_CHANCE",
    "PIONEERS",
    "ROADS",
    "ROAD_PRICE",
    "START_MONEY",
    "TILES_REMOVED",
    "WAGONS_REMOVED",
    "Pioneers",
    "nugget_pool",
]


@mypyc_attr(
    allow_interpreted_subclasses=True
)  # lessons may subclass it to change a rule
class Pioneers(Chance):
    """Pioneers for 2-4 players on the designed board (or a custom :class:`Board`).

    Parameters
    ----------
    players : int
        2, 3 or 4. Picks the board side (P-PC-1) and the set-up table (P-PC).
    cover : "designated" or "random"
        With 2 players, cover the 8 designated edge cities or 8 random ones (P-SETUP-2).
        ASSUMPTION-E1 (the engine's): random covers never cover every neighbour of
        the start city (the stagecoach could never leave); the draw is as if such a
        set were re-drawn, so every set that leaves one open is equally likely.
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
    route_choice : "undominated", "every" or "cheapest"
        Which stagecoach routes ``legal_actions`` offers (ASSUMPTION-4). The mover
        steers the coach and so chooses whom the steps pay: by default one move
        per target and per *undominated* payment outcome (no other route to that
        target pays the bank and every seat at most as much, one of them less);
        ``"every"`` offers one move per distinct payment outcome; ``"cheapest"``
        only the cheapest route per target (the earlier reading). ``apply``
        accepts every legal route whatever the option.
    board : Board, optional
        A custom board (lessons and tests); default the designed side for ``players``.
    wagons : sequence of WagonSpec, optional
        A custom wagon deck; default the designed deck (ASSUMPTION-2).
    income, start_money, road_price_1, road_price_2, join_cost : int
        The rule constants (0 to 999), the rulebook's by default: income per
        turn $3 (P-INC-1), start money $2 (P-PC-7), roads $2 for one and $5
        for two (P-BUY-1), joining $2 to the active player (P-JOIN-2/3). Change
        them to try a variant (:mod:`toolkit.analysis.variants`); at the
        rulebook's value an option is left out of ``options`` and records.
    """

    name: ClassVar[str] = "pioneers"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: Every option with its default (the protocol's ``defaults``).
    defaults: ClassVar[dict[str, Any]] = {
        "cover": "designated",
        "finite_bank": False,
        "max_rounds": 60,
        "early_end": False,
        "start_player": None,
        "route_choice": "undominated",
        # rule parameters (fields.PARAMETERS): the rulebook's values
        "income": INCOME,
        "start_money": START_MONEY,
        "road_price_1": ROAD_PRICE[1],
        "road_price_2": ROAD_PRICE[2],
        "join_cost": JOIN_COST,
    }
    #: The options that are rule constants (left out of ``options`` at default).
    rule_parameters: ClassVar[tuple[str, ...]] = (
        "income",
        "start_money",
        "road_price_1",
        "road_price_2",
        "join_cost",
    )

    # ----- protocol: whose turn, chance -------------------------------------

    def to_move(self, state: State) -> int | None:
        """Return the seat deciding now, CHANCE, or None when the game is over."""
        return None if state.phase == "over" else state.seat

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""
        return state.phase == "over"

    # ----- protocol: legal actions -------------------------------------------

    def legal_actions(self, state: State) -> list:
        """Return the decisions open to the seat to move, in a stable order."""
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
            return [
                place[e] for e in self._usable_info(state.covered)[1] if not roads[e]
            ]
        if phase == "settle":
            tile = state.tile
            wagons = state.players[state.active].wagons
            return self._seat_actions(
                wagons, A.Settle, None if tile == "HOTEL" else tile
            )
        if phase == "sergeant":
            return [self._sergeant[e] for e in self._sergeant_edges(state)] + [
                self._skip
            ]
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

    def _buy_actions(self, state: State) -> list:
        if state.actions_left <= 0:
            return [self._end]
        pl = state.players[state.active]
        used, forced, money = state.used, state.forced, pl[P_MONEY]
        out: list = []
        if "W" not in used:
            slots = self._slots
            out.extend(slots[s] for s in self._buyable_slots(state.market, pl))
        if not forced and money >= self._road1 and pl[P_ROADS_LEFT] >= 1:
            free = self._free_edges(state)
            if free >= 1 and "R1" not in used:
                out.append(self._buy[1])
            if (
                free >= 2
                and money >= self._road2
                and pl[P_ROADS_LEFT] >= 2
                and "R2" not in used
            ):
                out.append(self._buy[2])
        if not (forced and out):
            out.append(self._end)
        return out

    # ----- protocol: apply ---------------------------------------------------

    def apply(self, state: State, action: Any) -> State:
        """Return the state after ``action``.

        Raises :class:`IllegalAction` and changes nothing.
        """
        phase = state.phase
        if phase == "over":
            raise GameOver()
        do = _HANDLERS_BY_PHASE.get(phase, _NO_HANDLERS).get(type(action), _NONE)
        # Native method calls, most frequent first, not calls of functions kept in
        # a table: compiled, calling a function taken from a table goes through
        # Python's calling convention (argument parsing and checks) every time.
        if do == _TILE:
            return self._do_tile(state, action)
        if do == _BUY_ROADS:
            return self._do_buy_roads(state, action)
        if do == _BUY_WAGON:
            return self._do_buy_wagon(state, action)
        if do == _END_PURCHASES:
            return self._do_end_purchases(state, action)
        if do == _MOVE:
            return self._do_move(state, action)
        if do == _SETTLE:
            return self._do_settle(state, action)
        if do == _JOIN:
            return self._do_join(state, action)
        if do == _DECLINE:
            return self._do_decline(state, action)
        if do == _REVEAL:
            return self._do_reveal(state, action)
        if do == _PLACE_ROAD:
            return self._do_place_road(state, action)
        if do == _PASS:
            return self._do_pass(state, action)
        if do == _SKIP:
            return self._do_skip(state, action)
        if do == _NUGGET:
            return self._do_nugget(state, action)
        if do == _SERGEANT:
            return self._do_sergeant(state, action)
        if do == _RETURN:
            return self._do_return(state, action)
        if do == _FARMER:
            return self._do_farmer(state, action)
        if do == _DEAL:
            return self._do_deal(state, action)
        if do == _FIRST:
            return self._do_first(state, action)
        if do == _REDRAW:
            return self._do_redraw(state, action)
        if do == _COVER:
            return self._do_cover(state, action)
        if isinstance(action, str):  # not the fast path: only on the way to refusing
            raise IllegalAction(
                _phase_rule(phase, action),
                f"{action!r} is text, not an action: read it with "
                f"game.parse_action({action!r}) and apply what that returns.",
            )
        raise IllegalAction(_phase_rule(phase, action), _wrong_phase(phase, action))

    # ----- protocol: observation, scores, notation ------------------------------

    def observe(self, state: State, seat: int | None) -> State:
        """Return what ``seat`` sees (ASSUMPTION-10).

        Others' nugget values, the unused tiles and the nugget pool are hidden.
        The deck order is never in the state at all: wagons are drawn from
        ``unseen`` only when revealed.
        """
        if seat is None or seat == CHANCE:
            return state
        players = state.players
        view: list[Any] | None = None
        for i in range(len(players)):
            pl = players[i]
            nuggets = pl[P_NUGGETS]
            if i == seat or not nuggets or nuggets[0] is None:
                continue  # one's own, none, or hidden already
            if view is None:
                view = list(players)
            view[i] = _redacted(pl, i)
        if view is not None:
            d: list[Any] = list(state)
            d[PLAYERS] = tuple(view)
            d[TILE_POOL] = None
            return new_tuple(State, d)
        # Nothing of another player's to hide: no copy (the common case early on).
        return state if state.tile_pool is None else state._replace(tile_pool=None)

    def scores(self, state: State) -> tuple[int, ...]:
        """Total VP per seat as if the game ended now (P-SCORE-1..4)."""
        from .scoring import score_totals

        return score_totals(self, state)

    def winners(self, state: State) -> tuple[int, ...]:
        """Return the winning seat(s): most VP, then most money.

        Still tied: shared (P-SCORE-5).
        """
        sc = self.scores(state)
        key = [(sc[i], state.players[i].money) for i in range(self.players)]
        best = max(key)
        return tuple(i for i in range(self.players) if key[i] == best)

    def progress(self, state: State) -> Progress:
        """Round, the seat whose turn it is, and the start player (the protocol's)."""
        over = state.phase == "over"
        started = state.round > 0
        return Progress(
            state.round,
            state.active if started and not over else None,
            state.start_player if started else None,
        )

    def parse_action(self, text: object) -> Any:
        """Read an action written in the notation of :mod:`toolkit.pioneers.actions`.

        ``text`` is typed ``object`` so that, compiled too, anything but text is
        refused by the ValueError of :func:`~toolkit.pioneers.actions.parse_action`.
        """
        return A.parse_action(text)

    def __repr__(self) -> str:
        """Show the game with the options that differ from the defaults."""
        opts = ", ".join(
            f"{k}={v!r}" for k, v in self.options.items() if v != self.defaults.get(k)
        )
        return f"Pioneers(players={self.players}{', ' + opts if opts else ''})"


#: Hidden nugget values by count (``observe``): tuples of Nones, shared.
_HIDDEN: Final = tuple((None,) * n for n in range(sum(NUGGET_COUNTS) + 1))
#: The last redacted copy of a player made by ``observe``, per seat. It holds
#: public values only (the nugget values are Nones), and it is handed out again
#: only when its public fields are the very objects of the player redacted now,
#: so it is then exactly the copy that would be built: what ``observe`` returns never
#: depends on it (nor on other games), but an unchanged player is the same object
#: from one observation to the next (no new tuple; the trackers see the row
#: unchanged by identity).
_REDACTED: Final[list[Any]] = [None] * 4


def _redacted(pl: PlayerState, seat: int) -> PlayerState:
    """``pl`` with its nugget values hidden (``observe``)."""
    p: tuple[Any, ...] = pl
    n = len(p[P_NUGGETS])
    if seat < len(_REDACTED):
        q: tuple[Any, ...] | None = _REDACTED[seat]
        if (
            q is not None
            and len(q[P_NUGGETS]) == n
            and q[P_WAGONS] is p[P_WAGONS]
            and q[P_MONEY] is p[P_MONEY]  # small ints are shared objects
            and q[P_VP] is p[P_VP]
            and q[P_ROADS_LEFT] is p[P_ROADS_LEFT]
            and q[P_SUPPLY] is p[P_SUPPLY]
            and q[P_BANKERS] is p[P_BANKERS]
            and q[P_MERCHANTS] is p[P_MERCHANTS]
        ):
            return cast(PlayerState, q)
    # Built from its fields in one go: no draft list.
    view = new_tuple(
        PlayerState,
        (
            p[P_MONEY],
            p[P_VP],
            p[P_ROADS_LEFT],
            p[P_SUPPLY],
            _HIDDEN[n] if n < len(_HIDDEN) else (None,) * n,
            p[P_WAGONS],
            p[P_BANKERS],
            p[P_MERCHANTS],
        ),
    )
    if seat < len(_REDACTED):
        _REDACTED[seat] = view
    return view


_PHASE_RULE = {
    "buy": "P-BUY-1",
    "road": "P-BUY-6",
    "move": "P-MOVE-1",
    "settle": "P-SETTLE-1",
    "sergeant": "P-TILE-5",
    "innkeeper": "P-TILE-6",
    "farmer": "P-TILE-8",
    "join": "P-JOIN-2",
}
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
_PURCHASES = (A.BuyRoads, A.BuyWagon, A.EndPurchases)


def _phase_rule(phase: str, action: Any) -> str:
    """Return the rule to cite for an action played at the wrong moment."""
    if phase in PHASES_CHANCE:
        return "P-FLOW-2"
    if isinstance(action, _PURCHASES) and phase not in ("buy", "road"):
        return "P-FLOW-2"  # the purchase phase is over: phases come in order
    return _PHASE_RULE.get(phase, "P-FLOW-2")


def _wrong_phase(phase: str, action: Any) -> str:
    if phase in PHASES_CHANCE:
        return (
            f"a chance turn ({phase}) comes next, so {action!s} cannot be played now."
        )
    return f"{action!s} cannot be played now: {_PHASE_WORDS.get(phase, phase)}."


# The handler of each action in each phase, as a number for Pioneers.apply.
_NONE: Final = 0
_TILE: Final = 1
_BUY_ROADS: Final = 2
_BUY_WAGON: Final = 3
_END_PURCHASES: Final = 4
_MOVE: Final = 5
_SETTLE: Final = 6
_JOIN: Final = 7
_DECLINE: Final = 8
_REVEAL: Final = 9
_PLACE_ROAD: Final = 10
_PASS: Final = 11
_SKIP: Final = 12
_NUGGET: Final = 13
_SERGEANT: Final = 14
_RETURN: Final = 15
_FARMER: Final = 16
_DEAL: Final = 17
_FIRST: Final = 18
_REDRAW: Final = 19
_COVER: Final = 20
_HANDLERS: dict[tuple[str, type], int] = {
    ("cover", A.CoverCity): _COVER,
    ("tile", A.DrawTile): _TILE,
    ("redraw", A.Redraw): _REDRAW,
    ("redraw", A.SwapTiles): _REDRAW,
    ("first", A.FirstPlayer): _FIRST,
    ("market", A.RevealWagon): _REVEAL,
    ("reveal", A.RevealWagon): _REVEAL,
    ("deal", A.DealStart): _DEAL,
    ("nugget", A.DrawNugget): _NUGGET,
    ("buy", A.BuyRoads): _BUY_ROADS,
    ("buy", A.BuyWagon): _BUY_WAGON,
    ("buy", A.EndPurchases): _END_PURCHASES,
    ("road", A.PlaceRoad): _PLACE_ROAD,
    ("move", A.MoveCoach): _MOVE,
    ("move", A.Pass): _PASS,
    ("settle", A.Settle): _SETTLE,
    ("sergeant", A.SergeantRoad): _SERGEANT,
    ("sergeant", A.Skip): _SKIP,
    ("innkeeper", A.ReturnPioneer): _RETURN,
    ("innkeeper", A.Skip): _SKIP,
    ("farmer", A.AddFarmer): _FARMER,
    ("farmer", A.Skip): _SKIP,
    ("join", A.Join): _JOIN,
    ("join", A.Decline): _DECLINE,
}
_HANDLERS_BY_PHASE: Final[dict[str, dict[type, int]]] = {}
for (_phase, _kind), _do in _HANDLERS.items():
    _HANDLERS_BY_PHASE.setdefault(_phase, {})[_kind] = _do
_NO_HANDLERS: Final[dict[type, int]] = {}
