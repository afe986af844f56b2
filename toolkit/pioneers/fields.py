"""Pioneers constants, state field positions and small tuple helpers of the engine.

A handler copies the state once into a draft list ``d`` (``d = list(state)``),
sets fields by position (``d[PHASE] = "move"``) and builds the successor with
one ``new_tuple(State, d)``: a turn that passes through several steps (settle, join
offers, end of turn, next player's income) costs one copy instead of one
``_replace`` per step. The ``Final`` positions let mypyc compile the indexing
to constants.
"""

from __future__ import annotations

from typing import Any, Final

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
COVER_TILES = 8  # P-COMP-5: cover tiles, 2 players only (P-SETUP-2)
ROAD_PRICE = {1: 2, 2: 5}  # P-BUY-1
JOIN_COST = 2  # P-JOIN-2, P-JOIN-3
#: The rule constants a game may change, as options of ``Pioneers``: option ->
#: (the rulebook's value, its rule ID, what it is). At the rulebook's value an
#: option is left out of ``game.options`` (and so of records).
PARAMETERS: dict[str, tuple[int, str, str]] = {
    "income": (INCOME, "P-INC-1", "money each player takes at the start of a turn"),
    "start_money": (START_MONEY, "P-PC-7", "money each player starts with"),
    "road_price_1": (ROAD_PRICE[1], "P-BUY-1", "price of one road (R1)"),
    "road_price_2": (ROAD_PRICE[2], "P-BUY-1", "price of two roads (R2)"),
    "join_cost": (JOIN_COST, "P-JOIN-3", "what joining costs, paid to the mover"),
}
#: The largest value a rule parameter may take.
PARAMETER_MAX = 999
PHASES_CHANCE = frozenset(
    {"cover", "tile", "redraw", "first", "market", "deal", "reveal", "nugget"}
)


def replace_at(t: tuple, i: int, value: Any) -> tuple:
    """Return a copy of the tuple ``t`` with item ``i`` set to ``value``."""
    # Through a list: two copies and two allocations, where t[:i] + (value,) +
    # t[i + 1:] makes four tuples and copies about twice as many items.
    c = list(t)
    c[i] = value
    return tuple(c)


# Field positions of State, PlayerState and Wagon (see the module docstring).
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
assert State._fields[SHORTFALL] == "shortfall"
assert len(State._fields) == SHORTFALL + 1
assert PlayerState._fields[P_MERCHANTS] == "merchants"
assert len(PlayerState._fields) == P_MERCHANTS + 1  # observe builds one field by field
assert Wagon._fields[W_FACE_UP] == "face_up"
#: new_tuple(State, d): a State from a draft list (Final: compiled, a C static,
#: not a look-up in the module's globals at every call)
new_tuple: Final = tuple.__new__


def nugget_pool(state: State) -> tuple[int, ...]:
    """Nuggets left in the pool, as counts of (3, 4, 5) VP (P-COMP-6).

    Derived from the nuggets players hold, so it needs the full state: in an
    observation other players' nuggets are hidden and this raises ValueError.
    """
    drawn = [v for pl in state.players for v in pl.nuggets]
    if None in drawn:
        raise ValueError("the nugget pool is hidden in an observation (ASSUMPTION-10)")
    return tuple(c - drawn.count(v) for v, c in zip(NUGGETS, NUGGET_COUNTS))


def with_field(t: tuple, i: int, value: Any) -> Any:
    """Return a copy of the NamedTuple ``t`` with field ``i`` set to ``value``."""
    c = list(t)
    c[i] = value
    return new_tuple(type(t), c)


# A player copied with one field changed, built from its fields in one go: no
# draft list and no second copy of it (``with_field`` makes both), and the fields
# read as objects (``p`` untyped), not unboxed and boxed again.


def with_money(pl: PlayerState, money: int) -> PlayerState:
    """Return a copy of the player ``pl`` holding ``money``."""
    p: tuple[Any, ...] = pl
    return new_tuple(PlayerState, (money, p[1], p[2], p[3], p[4], p[5], p[6], p[7]))


def with_wagons(pl: PlayerState, wagons: tuple) -> PlayerState:
    """Return a copy of the player ``pl`` with the wagons ``wagons``."""
    p: tuple[Any, ...] = pl
    return new_tuple(PlayerState, (p[0], p[1], p[2], p[3], p[4], wagons, p[6], p[7]))


def with_roads_left(pl: PlayerState, roads_left: int) -> PlayerState:
    """Return a copy of the player ``pl`` with ``roads_left`` roads in supply."""
    p: tuple[Any, ...] = pl
    return new_tuple(
        PlayerState, (p[0], p[1], roads_left, p[3], p[4], p[5], p[6], p[7])
    )


assert PlayerState._fields[:3] == ("money", "vp", "roads_left")  # the helpers above
assert PlayerState._fields[5] == "wagons"


def payout(pl: PlayerState, amount: int, bank: int | None, shortfall: int):
    """Pay ``amount`` from the bank; a finite bank pays what it has (ASSUMPTION-9)."""
    # with_money, not _replace: compiled, a call of the Python-level _replace with
    # keywords costs several times a direct copy.
    if bank is None:
        return with_money(pl, pl[P_MONEY] + amount), None, shortfall
    paid = min(amount, bank)
    return (
        with_money(pl, pl[P_MONEY] + paid),
        bank - paid,
        shortfall + amount - paid,
    )
