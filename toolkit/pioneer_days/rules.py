"""The Pioneer Days engine: :class:`PioneerDays` on the shared game protocol.

The game runs as a queue of rule steps (``State.jobs``): each step either
finishes at once (an automatic rule: a Raid, the leftover die, the town's
cattle VP) or waits for a chance outcome (a die rolled, a token drawn, a card
dealt) or for a player's decision.  :meth:`PioneerDays._run` runs steps until
one waits; ``State.phase`` names what it waits for.

Seats are numbered from 0 and "clockwise" is increasing seat number.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from toolkit.core import (
    CHANCE,
    GameOver,
    IllegalAction,
    Progress,
    take_rule_parameters,
)

from . import actions as A
from . import effects as E
from .constants import (
    ACTION_FACES,
    COLOURS,
    DAYS,
    DISASTERS,
    FACES,
    LARGE,
    PIONEER,
    SMALL,
    TOWN_CARDS_PER_WEEK,
    WEEKS,
)
from .state import Player, State
from .tables import Tables, load_tables

#: The rule constants a game may change, as options of ``PioneerDays``: option
#: -> (the rulebook's value, its rule ID, what it is). At the rulebook's value
#: an option is left out of ``game.options`` (and so of records). The disaster
#: tracks' length is the older option ``track_length`` (ASSUMPTION-10).
PARAMETERS: dict[str, tuple[int, str, str]] = {
    "income_wild": (1, "PD-INCOME-1", "silver of a WILD die taken as income"),
    "income_mine": (2, "PD-INCOME-1", "silver of a MINE die taken as income"),
    "income_equip": (3, "PD-INCOME-1", "silver of an EQUIP die taken as income"),
    "income_cattle": (4, "PD-INCOME-1", "silver of a CATTLE die taken as income"),
    "income_wood": (5, "PD-INCOME-1", "silver of a WOOD die taken as income"),
    "income_medicine": (6, "PD-INCOME-1", "silver of a MEDICINE die taken as income"),
    "small_wagon_price": (5, "PD-WAGON-1", "price of a small wagon"),
    "large_wagon_price": (8, "PD-WAGON-1", "price of a large wagon"),
    "change_cost": (3, "PD-TURN-3", "price of turning a die to another face"),
    "days": (DAYS, "PD-WEEK-2", "days in a week (the bag holds dice for 5)"),
    "weeks": (WEEKS, "PD-WEEK-3", "weeks in a game (the last has 3 town cards)"),
}
#: The smallest and largest value of each rule parameter.
PARAMETER_RANGE: dict[str, tuple[int, int]] = {
    **dict.fromkeys(PARAMETERS, (0, 999)),
    "change_cost": (1, 999),
    "days": (1, DAYS),
    "weeks": (1, 6),
}
#: Every option with its default (ASSUMPTION-10 and ASSUMPTION-12, then the
#: rule parameters at the rulebook's values).
DEFAULTS: dict[str, Any] = {
    "track_length": 4,
    "raid_rounding": "down",
    **{name: value for name, (value, _, _) in PARAMETERS.items()},
}

CHANCE_PHASES = frozenset(
    ("first", "deal", "reveal", "board", "gold", "agold", "outfit", "display", "roll")
)
PHASE_TEXT = {
    "first": "the draw for the start player (a chance turn)",
    "deal": "townsfolk being dealt (a chance turn)",
    "reveal": "a town card being revealed (a chance turn)",
    "board": "player boards being dealt (a chance turn)",
    "gold": "a gold token being drawn (a chance turn)",
    "agold": "the Assayer's gold tokens being drawn (a chance turn)",
    "outfit": "the Outfitter's equipment tile being drawn (a chance turn)",
    "display": "the equipment display being revealed (a chance turn)",
    "roll": "the day's dice being drawn and rolled (a chance turn)",
    "choose": "the choice of a player board",
    "take": "the choice of a die from the pool",
    "gain": "the Trapper's choice of wood or medicine",
    "use": "the use of the die (change, income, action or recruit)",
    "pick": "the Quartermaster's choice of equipment",
    "keep": "the Assayer's choice of a gold token",
    "end": "the end of the turn (buy wagons or end the turn)",
    "discard": "the discard of items that do not fit in the wagons",
    "storm": "a Storm (protect the next wagon or take damage)",
    "disease": "a Disease (exempt, pay for or discard each townsfolk)",
    "town": "the town visit (fulfil town cards or say done)",
}
_CHANCE_RULE = {
    "first": "PD-SETUP-1",
    "deal": "PD-SETUP-4",
    "reveal": "PD-SETUP-5",
    "board": "PD-SETUP-6",
    "gold": "PD-ACT-2",
    "agold": "PD-DATA-4",
    "outfit": "PD-SETUP-7",
    "display": "PD-SETUP-7",
    "roll": "PD-DAY-1",
}
_GOLD_ITEM = {"gold1": 1, "gold2": 2, "gold3": 3}


@functools.cache
def _mk(cls: Any, *args: Any) -> Any:
    """The action ``cls(*args)``, made once (actions are immutable values)."""
    return cls(*args)


#: The outcomes of a die drawn and rolled (PD-DAY-1): per colour, one per face.
_ROLLS = tuple(tuple(_mk(A.Roll, colour, face) for face in FACES) for colour in COLOURS)
#: The outcomes of a roll with their odds, by the dice in the bag (public)
_ROLL_ODDS: Final[dict[tuple[int, ...], list[tuple[Any, float]]]] = {}
#: The decisions of a turn, made once (the same objects as ``_mk`` hands out).
_TAKE: Final = {(c, f): _mk(A.Take, c, f) for c in COLOURS for f in FACES}
_CHANGES: Final = tuple((f, _mk(A.Change, f)) for f in FACES)
_INCOME: Final = _mk(A.Income)
_ACTS: Final = {kind: _mk(A.Act, kind) for kind in ACTION_FACES}
_RECRUIT: Final = _mk(A.Recruit)
_BUY: Final = (_mk(A.Buy, SMALL), _mk(A.Buy, LARGE))
_END_TURN: Final = _mk(A.EndTurn)


def tables() -> Tables:
    """The shipped data, read once (kept out of the game object: see the spy)."""
    return load_tables()


@functools.lru_cache(maxsize=64)
def variant_tables(changed: tuple[tuple[str, int], ...]) -> Tables:
    """The shipped data with the rule parameters ``changed`` (name, value) applied.

    Kept beside the module, like :func:`tables`, by the parameters' values: a
    game holds only those values (its tables would show the gold bag's start).
    """
    t = load_tables()
    if not changed:
        return t
    ch = dict(changed)
    return t._replace(
        income={f: ch.get(f"income_{f.lower()}", k) for f, k in t.income.items()},
        wagon_cost={
            SMALL: ch.get("small_wagon_price", t.wagon_cost[SMALL]),
            LARGE: ch.get("large_wagon_price", t.wagon_cost[LARGE]),
        },
        change_cost=ch.get("change_cost", t.change_cost),
    )


#: The tables by the rule parameters changed (as variant_tables, one look-up).
_TABLES: Final[dict[tuple[tuple[str, int], ...], Tables]] = {}


def _set(players: tuple[Player, ...], seat: int, p: Player) -> tuple[Player, ...]:
    return players[:seat] + (p,) + players[seat + 1 :]


def _inc(t: tuple[int, ...], i: int, by: int = 1) -> tuple[int, ...]:
    return t[:i] + (t[i] + by,) + t[i + 1 :]


def _without(t: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    i = t.index(x)
    return t[:i] + t[i + 1 :]


def _tile_key(tile: str) -> int:
    return int(tile[1:])


def _add_tile(tiles: tuple[str, ...], tile: str) -> tuple[str, ...]:
    return tuple(sorted((*tiles, tile), key=_tile_key))


# Copies that set a few fields by position. ``_replace`` (a Python function
# called with keywords) costs about twice as much as a list of the fields, set
# by index and made a State (or Player) again; the engine copies a state
# several times per action, so the hot paths copy with these.
_NEW: Final = tuple.__new__
_FIELD: Final[dict[str, int]] = {name: i for i, name in enumerate(State._fields)}
PLAYERS: Final = _FIELD["players"]
PHASE: Final = _FIELD["phase"]
JOBS: Final = _FIELD["jobs"]
ACTIVE: Final = _FIELD["active"]
BAG: Final = _FIELD["bag"]
POOL: Final = _FIELD["pool"]
ASIDE: Final = _FIELD["aside"]
DIE: Final = _FIELD["die"]
FACE: Final = _FIELD["face"]
CHANGED: Final = _FIELD["changed"]
STRIKES: Final = _FIELD["strikes"]
SLOTS: Final = _FIELD["slots"]
FOLK_DECK: Final = _FIELD["folk_deck"]
DISPLAY: Final = _FIELD["display"]
STOCK: Final = _FIELD["stock"]
TOWN: Final = _FIELD["town"]
TOWN_DECK: Final = _FIELD["town_deck"]
FULFILLED: Final = _FIELD["fulfilled"]
DISCOUNT: Final = _FIELD["discount"]
GOLD_BAG: Final = _FIELD["gold_bag"]
WAGONS_LEFT: Final = _FIELD["wagons_left"]
BOARDS_LEFT: Final = _FIELD["boards_left"]
DRAWN: Final = _FIELD["drawn"]
CURSOR: Final = _FIELD["cursor"]
SPENT: Final = _FIELD["spent"]
_PFIELD: Final[dict[str, int]] = {name: i for i, name in enumerate(Player._fields)}
BOARD: Final = _PFIELD["board"]
DEALT: Final = _PFIELD["dealt"]
SILVER: Final = _PFIELD["silver"]
CATTLE: Final = _PFIELD["cattle"]
WOOD: Final = _PFIELD["wood"]
MEDICINE: Final = _PFIELD["medicine"]
GOLD: Final = _PFIELD["gold"]
EQUIPMENT: Final = _PFIELD["equipment"]
WAGONS: Final = _PFIELD["wagons"]
TOWNSFOLK: Final = _PFIELD["townsfolk"]
FAVORS: Final = _PFIELD["favors"]
VP: Final = _PFIELD["vp"]
TURNS: Final = _PFIELD["turns"]


def _with(
    s: State,
    i: int,
    x: Any,
    j: int = -1,
    y: Any = None,
    k: int = -1,
    z: Any = None,
    m: int = -1,
    w: Any = None,
) -> State:
    """``s`` with field ``i`` set to ``x`` (and ``j`` to ``y``, ...), fields by position."""
    v = list(s)
    v[i] = x
    if j >= 0:
        v[j] = y
        if k >= 0:
            v[k] = z
            if m >= 0:
                v[m] = w
    return _NEW(State, v)  # type: ignore[no-any-return]


def _pwith(
    p: Player, i: int, x: Any, j: int = -1, y: Any = None, k: int = -1, z: Any = None
) -> Player:
    """``p`` with field ``i`` set to ``x`` (and ``j`` to ``y``, ...), fields by position."""
    v = list(p)
    v[i] = x
    if j >= 0:
        v[j] = y
        if k >= 0:
            v[k] = z
    return _NEW(Player, v)  # type: ignore[no-any-return]


@mypyc_attr(allow_interpreted_subclasses=True)  # lessons may subclass it
class PioneerDays:
    """Pioneer Days for 2-4 players (rule IDs ``PD-*`` of the project spec).

    Options: ``track_length`` (ASSUMPTION-10: a disaster strikes after that many
    advances), ``raid_rounding`` (ASSUMPTION-12), and the rule parameters
    (:data:`PARAMETERS`, ranges in :data:`PARAMETER_RANGE`), the rulebook's by
    default: income $1-$6 by face (``income_wild`` .. ``income_medicine``,
    PD-INCOME-1), wagons at $5 and $8 (``small_wagon_price``,
    ``large_wagon_price``, PD-WAGON-1), $3 to change a die (``change_cost``,
    PD-TURN-3; the Trader side pays $1 less), 5 days a week (``days``, 1-5: the
    bag holds dice for 5, PD-WEEK-2) and 4 weeks (``weeks``, 1-6, the last with
    3 town cards, PD-WEEK-3). At the rulebook's value a parameter is left out of
    ``options`` and records; change them to try a variant
    (:mod:`toolkit.analysis.variants`).

    >>> game = PioneerDays(players=3)
    >>> s = game.setup()
    >>> game.to_move(s) == CHANCE, s.bag  # PD-SETUP-2: 4 sets of dice in the bag
    (True, (4, 4, 4, 4, 4))
    """

    name: ClassVar[str] = "pioneer_days"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    defaults: ClassVar[dict[str, Any]] = DEFAULTS
    #: The options that are rule constants (left out of ``options`` at default).
    rule_parameters: ClassVar[tuple[str, ...]] = tuple(PARAMETERS)

    def __init__(self, players: Any = 2, **options: Any) -> None:
        if type(players) is not int or not 2 <= players <= 4:
            raise ValueError(f"Pioneer Days is for 2-4 players, not {players!r}")
        params = take_rule_parameters(
            options, PARAMETERS, PARAMETER_RANGE, known=DEFAULTS
        )
        opts = {k: v for k, v in DEFAULTS.items() if k not in PARAMETERS} | options
        length = opts["track_length"]
        if type(length) is not int or not 1 <= length <= 20:
            raise ValueError(
                f"track_length must be a whole number 1-20, not {length!r}"
            )
        if opts["raid_rounding"] not in ("down", "up"):
            raise ValueError(
                f"raid_rounding must be 'down' or 'up', not {opts['raid_rounding']!r}"
            )
        self.players = players
        self.options = opts
        # A rule parameter at the rulebook's value stays out of the options (and
        # of records, which are then those of the rulebook game as before).
        changed = {k: v for k, v in params.items() if v != PARAMETERS[k][0]}
        self.options.update(changed)
        self._changed = tuple(sorted(changed.items()))
        #: PD-WEEK-2 and PD-WEEK-3: days in a week, weeks in a game.
        self.days: int = params["days"]
        self.weeks: int = params["weeks"]
        self._length = length
        self._rounding = opts["raid_rounding"]

    def __repr__(self) -> str:
        opts = "".join(
            f", {k}={v!r}" for k, v in self.options.items() if v != DEFAULTS[k]
        )
        return f"PioneerDays(players={self.players}{opts})"

    def town_cards(self, week: int) -> int:
        """Town cards face up in ``week`` (PD-SETUP-5, PD-TOWN-4: 3 in the last)."""
        if week == self.weeks:
            return TOWN_CARDS_PER_WEEK[-1]
        return TOWN_CARDS_PER_WEEK[min(week, len(TOWN_CARDS_PER_WEEK) - 1) - 1]

    def tables(self) -> Tables:
        """The game's data: the shipped tables with its rule parameters applied."""
        # (read many times a step: a dict look-up before variant_tables' cache)
        got = _TABLES.get(self._changed)
        if got is None:
            got = variant_tables(self._changed)
            if len(_TABLES) >= 64:
                _TABLES.clear()
            _TABLES[self._changed] = got
        return got

    # ------------------------------------------------------------------ setup

    def setup(self) -> State:
        """The state before the first chance turn (PD-SETUP-2/3: bag and markers)."""
        t = self.tables()
        n = self.players
        state = State(
            players=(Player(),) * n,
            phase="",
            jobs=(
                "first",
                "deal",
                "reveal",
                "boards",
                "choose",
                "items",
                "display",
                "day",
            ),
            week=1,
            bag=(n + 1,) * len(COLOURS),  # PD-SETUP-2
            aside=(0,) * len(COLOURS),
            folk_deck=tuple(t.folk),  # PD-SETUP-4: sets A and B (PD-COMP-6)
            stock=tuple(e.copies for e in t.equipment.values()),
            town_deck=tuple(t.town),  # PD-SETUP-5: all 9 cards
            gold_bag=t.gold,
            wagons_left=(t.wagon_cards[SMALL], t.wagon_cards[LARGE]),
            boards_left=tuple(b for b in t.boards if b != PIONEER),
        )
        return self._run(state)

    def order(self, state: State) -> list[int]:
        """Seats in turn order from the current start player."""
        n = self.players
        return [(state.start + i) % n for i in range(n)]

    # ------------------------------------------------------------- protocol

    def to_move(self, state: State) -> int | None:
        """The seat to decide, :data:`CHANCE`, or ``None`` when the game is over."""
        if state.phase == "over":
            return None
        if state.phase in CHANCE_PHASES:
            return CHANCE
        return state.active

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        """Every outcome of the chance turn with its probability."""
        phase = state.phase
        t = self.tables()
        if phase == "first":
            return [(_mk(A.First, i), 1 / self.players) for i in range(self.players)]
        if phase == "deal":
            deck = state.folk_deck
            return [(_mk(A.Deal, c), 1 / len(deck)) for c in deck]
        if phase == "reveal":
            deck = state.town_deck
            return [(_mk(A.Reveal, c), 1 / len(deck)) for c in deck]
        if phase == "board":
            box = state.boards_left or self._unseen_boards(state)
            return [(_mk(A.DealBoard, b), 1 / len(box)) for b in box]
        if phase in ("gold", "agold"):
            bag = self.gold_bag(state)
            total = sum(bag)
            return [(_mk(A.Gold, v + 1), c / total) for v, c in enumerate(bag) if c]
        if phase in ("outfit", "display"):
            total = sum(state.stock)
            ids = list(t.equipment)
            return [
                (_mk(A.Stock, ids[i]), c / total)
                for i, c in enumerate(state.stock)
                if c
            ]
        if phase == "roll":
            bag = state.bag
            known = _ROLL_ODDS.get(bag)
            if known is None:
                total = sum(bag) * len(FACES)
                known = [
                    (roll, c / total)
                    for rolls, c in zip(_ROLLS, bag, strict=True)
                    if c
                    for roll in rolls
                ]
                if len(_ROLL_ODDS) >= 4096:
                    _ROLL_ODDS.clear()
                _ROLL_ODDS[bag] = known
            return list(known)
        return []

    def gold_bag(self, state: State) -> tuple[int, ...]:
        """Tokens of 1, 2, 3 nuggets in the gold bag; in an observation (where the
        bag is hidden) the tokens that the observation does not show anywhere.
        """
        if state.gold_bag:
            return state.gold_bag
        left = list(self.tables().gold)
        for p in state.players:
            for v in p.gold:
                if v:
                    left[v - 1] -= 1
        for v in state.drawn:
            if v:
                left[v - 1] -= 1
        return tuple(max(0, x) for x in left)

    def _unseen_boards(self, state: State) -> tuple[str, ...]:
        seen = {b for p in state.players for b in p.dealt}
        return tuple(b for b in self.tables().boards if b != PIONEER and b not in seen)

    def legal_actions(self, state: State) -> list[Any]:
        """The decisions open to the seat to move, in a stable order."""
        phase = state.phase
        if phase == "over" or phase in CHANCE_PHASES:
            return []
        if phase == "take":  # PD-TURN-1 (the pool is sorted: equal dice side by side)
            out: list[Any] = []
            last = None
            for die in state.pool:
                action = _TAKE.get(die)
                if action is None:
                    action = _mk(A.Take, die[0], die[1])
                if action is not last:  # (made once: the same die, the same object)
                    out.append(action)
                    last = action
            return out
        t = self.tables()
        seat = state.active
        p = state.players[seat]
        if phase == "choose":  # PD-SETUP-6
            return [_mk(A.Choose, PIONEER)] + [_mk(A.Choose, b) for b in p.dealt]
        if phase == "gain":  # A12 Trapper
            return [_mk(A.Gain, "wood"), _mk(A.Gain, "medicine")]
        if phase == "use":
            return self._use_actions(t, state, p)
        if phase == "pick":  # B6 Quartermaster
            return [_mk(A.Pick, x) for x in dict.fromkeys(state.display)]
        if phase == "keep":  # PB2 Assayer
            return [_mk(A.Keep, v) for v in sorted(set(state.drawn))]
        if phase == "end":
            out = self._buy_actions(t, state, p)
            out.append(_END_TURN)
            return out
        if phase == "discard":  # PD-STORE-3
            return self._discard_actions(p)
        if phase == "storm":
            return [_mk(A.Storm, c) for c in self._storm_choices(t, state, p)]
        if phase == "disease":
            card = p.townsfolk[state.cursor]
            out = []
            if state.spent < E.exemptions(t, p):
                out.append(_mk(A.Disease, card, "exempt"))
            if p.medicine:
                out.append(_mk(A.Disease, card, "pay"))
            out.append(_mk(A.Disease, card, "discard"))
            return out
        if phase == "town":
            return self._fulfil_actions(t, state, p) + [_mk(A.Done)]
        raise AssertionError(f"unknown phase {phase!r}")

    def _buy_actions(self, t: Tables, state: State, p: Player) -> list[Any]:
        out = []
        for i, size in enumerate((SMALL, LARGE)):
            if state.wagons_left[i] and p.silver >= E.wagon_cost(t, p, size):
                out.append(_BUY[i])
        return out

    def _use_actions(self, t: Tables, state: State, p: Player) -> list[Any]:
        face = state.face
        out: list[Any] = []
        if not state.changed and p.silver >= E.change_cost(t, p):  # PD-TURN-3
            out += [c for f, c in _CHANGES if f != face]
        out.append(_INCOME)  # PD-INCOME-1
        kinds = ACTION_FACES if face == "WILD" else (face,)  # PD-ACT-1
        for kind in kinds:
            if kind == "EQUIP" and state.display:  # PD-ACT-3
                out += [_mk(A.Act, "EQUIP", x) for x in dict.fromkeys(state.display)]
            else:
                act = _ACTS.get(kind)
                out.append(_mk(A.Act, kind) if act is None else act)
        if state.slots[FACES.index(face)]:  # PD-RECRUIT-1
            out.append(_RECRUIT)
        return out + self._buy_actions(t, state, p)

    @staticmethod
    def _discard_actions(p: Player) -> list[Any]:
        out = []
        if p.wood:
            out.append(_mk(A.Discard, "wood"))
        if p.medicine:
            out.append(_mk(A.Discard, "medicine"))
        out += [_mk(A.Discard, f"gold{v}") for v in sorted(set(p.gold)) if v]
        out += [_mk(A.Discard, x) for x in dict.fromkeys(p.equipment)]
        return out

    def _storm_choices(self, t: Tables, state: State, p: Player) -> list[str]:
        out = []
        if p.wood:
            out.append("wood")
        if E.ability(t, p) == "storm_silver" and p.silver >= 2:  # PB7 Homesteader
            out.append("silver")
        out.append("damage")
        if state.spent < E.storm_spares(t, p):  # B8 Carpenter, E8 Canvas Cover
            out.append("spare")
        return out

    def _fulfil_actions(self, t: Tables, state: State, p: Player) -> list[Any]:
        out: list[Any] = []
        diplomat = E.ability(t, p) == "town_discount" and not state.discount
        for card in state.town:
            if card in state.fulfilled:
                continue
            tc = t.town[card]
            need = {
                "wood": tc.wood,
                "medicine": tc.medicine,
                "cattle": tc.cattle,
                "gold": tc.gold,
                "equipment": tc.equipment,
                "silver": tc.silver,
            }
            spares = [""] + ([u for u, k in need.items() if k] if diplomat else [])
            for spare in spares:
                req = dict(need)
                if spare:
                    req[spare] -= 1  # PB8 Diplomat (PD-DATA-4, EX-20)
                if (
                    p.wood < req["wood"]
                    or p.medicine < req["medicine"]
                    or p.cattle < req["cattle"]
                    or p.silver < req["silver"]
                    or len(p.gold) < req["gold"]
                    or len(p.equipment) < req["equipment"]
                ):
                    continue
                golds = sorted(set(p.gold)) if req["gold"] else [0]
                tiles = list(dict.fromkeys(p.equipment)) if req["equipment"] else [""]
                for g in golds:
                    for tile in tiles:
                        out.append(_mk(A.Fulfil, card, g, tile, spare))
        return out

    # ---------------------------------------------------------------- apply

    def parse_action(self, text: str) -> Any:
        """Read an action from its notation (the inverse of ``str(action)``)."""
        return A.parse_action(text)

    def apply(self, state: State, action: Any) -> State:
        """The state after ``action``; :class:`IllegalAction` leaves ``state`` as is."""
        if state.phase == "over":
            raise GameOver()
        if isinstance(action, str):
            raise IllegalAction(
                "PD-TURN-4",
                f"apply takes an action, not the text {action!r}; read text with "
                "game.parse_action first.",
            )
        if state.phase == "roll" and type(action) is A.Roll:
            # PD-DAY-1: any face of a colour left in the bag (chance_outcomes' list)
            colour = action.colour
            if (
                colour in COLOURS
                and action.face in FACES
                and state.bag[COLOURS.index(colour)] > 0
            ):
                return self._run(self._chance(state, action))
        if state.phase in CHANCE_PHASES:
            outcomes = [a for a, _ in self.chance_outcomes(state)]
            if not _listed(action, outcomes):
                shown = ", ".join(str(a) for a in outcomes[:6])
                raise IllegalAction(
                    _CHANCE_RULE[state.phase],
                    f"chance decides now ({PHASE_TEXT[state.phase]}); "
                    f"{_show(action)} is not one of its outcomes ({shown}, ...).",
                )
            return self._run(self._chance(state, action))
        if not self._always_legal(state, action):
            legal = self.legal_actions(state)
            if not _listed(action, legal):
                raise self._refusal(state, action)
        return self._run(self._decide(state, action))

    @staticmethod
    def _always_legal(state: State, action: Any) -> bool:
        """Whether ``action`` is in ``legal_actions(state)`` by a quick test: a
        die in the pool (PD-TURN-1), income (PD-INCOME-1) and ending the turn
        (PD-TURN-6) are open whenever their phase is. ``False``: look it up.
        """
        phase = state.phase
        if phase == "take":
            return type(action) is A.Take and (action.colour, action.face) in state.pool
        if phase == "use":
            return action is _INCOME
        return phase == "end" and action is _END_TURN

    def _refusal(self, state: State, action: Any) -> IllegalAction:
        t = self.tables()
        if type(action) not in A.DECISIONS:
            if type(action) in A.CHANCE_ACTIONS:
                return IllegalAction(
                    "PD-TURN-4",
                    f"'{action}' is a chance outcome; it is {state.active}'s decision "
                    f"now ({PHASE_TEXT[state.phase]}).",
                )
            return IllegalAction(
                "PD-TURN-4",
                f"{_show(action)} is not a Pioneer Days action; make one with "
                "game.parse_action, e.g. game.parse_action('income').",
            )
        rule = A._RULES[type(action).__name__]
        expected = {
            "choose": A.Choose,
            "take": A.Take,
            "gain": A.Gain,
            "pick": A.Pick,
            "keep": A.Keep,
            "discard": A.Discard,
            "storm": A.Storm,
            "disease": A.Disease,
        }.get(state.phase)
        in_phase = (
            type(action) is expected
            or (state.phase == "use" and type(action) in _USE)
            or (state.phase == "end" and type(action) in (A.Buy, A.EndTurn))
            or (state.phase == "town" and type(action) in (A.Fulfil, A.Done))
        )
        if not in_phase:
            return IllegalAction(
                rule,
                f"'{action}' is not possible now: it is {PHASE_TEXT[state.phase]}.",
            )
        p = state.players[state.active]
        why = "that choice is not open to you now"
        if isinstance(action, A.Take):
            why = "no die of that colour and face is in the pool"
        elif isinstance(action, A.Change):
            cost = E.change_cost(t, p)
            if state.changed:
                why = "the die has been changed once already this turn"
            elif action.face == state.face:
                why = f"the die already shows {state.face}"
            else:
                why = f"changing a die costs you ${cost} and you have ${p.silver}"
        elif isinstance(action, A.Act):
            if state.face != "WILD" and action.kind != state.face:
                rule = "PD-TURN-4"
                why = f"the die shows {state.face}, so its action is {state.face}"
            else:
                rule = "PD-ACT-3"
                why = f"equipment {action.tile or '(none named)'} is not in the display"
        elif isinstance(action, A.Recruit):
            why = f"the {state.face} townsfolk slot is empty this week"
        elif isinstance(action, A.Buy):
            i = 0 if action.size == SMALL else 1
            if not state.wagons_left[i]:
                rule = "PD-WAGON-4"
                why = f"every {action.size} wagon card has been taken"
            else:
                why = (
                    f"a {action.size} wagon costs you "
                    f"${E.wagon_cost(t, p, action.size)} and you have ${p.silver}"
                )
        elif isinstance(action, A.Discard):
            why = f"you hold no {action.item} to discard"
        elif isinstance(action, A.Storm):
            why = f"'{action.choice}' is not open to you for this wagon"
        elif isinstance(action, A.Disease):
            why = "that is not the townsfolk in question or the choice is not open"
        elif isinstance(action, A.Fulfil):
            if action.spare and E.ability(t, p) != "town_discount":
                rule = "PD-DATA-4"
                why = "only the Diplomat side may leave out a unit"
            else:
                why = f"you cannot fulfil {action.card} that way now"
        elif isinstance(action, A.Choose):
            why = f"you may choose PIONEER or one of your boards {p.dealt}"
        return IllegalAction(rule, f"'{action}' is refused: {why}.")

    # chance ------------------------------------------------------------------

    def _chance(self, s: State, a: Any) -> State:
        phase = s.phase
        if phase == "first":  # PD-SETUP-1
            return _pop(s, start=a.seat, first=a.seat)
        if phase == "deal":  # PD-SETUP-4: the next slot in face order
            i = s.slots.index("")
            slots = s.slots[:i] + (a.card,) + s.slots[i + 1 :]
            return _with(
                s, SLOTS, slots, FOLK_DECK, _without(s.folk_deck, a.card), PHASE, ""
            )
        if phase == "reveal":
            return _with(
                s,
                TOWN,
                (*s.town, a.card),
                TOWN_DECK,
                _without(s.town_deck, a.card),
                PHASE,
                "",
            )
        if phase == "board":
            seat = self._board_receiver(s)
            p = s.players[seat]
            box = s.boards_left and _without(s.boards_left, a.board)
            return _with(
                s,
                PLAYERS,
                _set(s.players, seat, _pwith(p, DEALT, (*p.dealt, a.board))),
                BOARDS_LEFT,
                box,
                PHASE,
                "",
            )
        if phase == "gold":
            seat = _split(s.jobs[0])[2]
            p = s.players[seat]
            p = _pwith(p, GOLD, tuple(sorted((*p.gold, a.nuggets))))
            return _pop(self._take_gold(s, a.nuggets), players=_set(s.players, seat, p))
        if phase == "agold":
            return _pop(self._take_gold(s, a.nuggets), drawn=(*s.drawn, a.nuggets))
        if phase in ("outfit", "display"):
            i = int(a.tile[1:]) - 1
            s = _with(s, STOCK, _inc(s.stock, i, -1))
            if phase == "display":
                return _with(s, DISPLAY, _add_tile(s.display, a.tile), PHASE, "")
            seat = _split(s.jobs[0])[2]
            p = s.players[seat]
            p = _pwith(p, EQUIPMENT, _add_tile(p.equipment, a.tile))
            return _pop(s, players=_set(s.players, seat, p))
        if phase == "roll":  # PD-DAY-1
            c = COLOURS.index(a.colour)
            pool = tuple(
                sorted((*s.pool, (a.colour, a.face)), key=_DIE_KEY.__getitem__)
            )
            bag = _inc(s.bag, c, -1)
            # the roll step again (as _step_roll): another die, or the turns
            if len(pool) < self.players + 1 and any(bag):
                return _with(s, BAG, bag, POOL, pool)  # (phase, active unchanged)
            return _pop(s, bag=bag, pool=pool)
        raise AssertionError(phase)

    @staticmethod
    def _take_gold(s: State, nuggets: int) -> State:
        if not s.gold_bag:
            return s
        return _with(s, GOLD_BAG, _inc(s.gold_bag, nuggets - 1, -1))

    @staticmethod
    def _return_gold(s: State, nuggets: int) -> State:
        """ASSUMPTION-20: a paid or discarded gold token goes back into the bag."""
        if not s.gold_bag or not nuggets:
            return s
        return _with(s, GOLD_BAG, _inc(s.gold_bag, nuggets - 1, 1))

    def _board_receiver(self, s: State) -> int:
        for seat in self.order(s):
            if len(s.players[seat].dealt) < 2:
                return seat
        return -1

    # decisions ---------------------------------------------------------------

    def _decide(self, s: State, a: Any) -> State:
        t = self.tables()
        seat = s.active
        p = s.players[seat]
        phase = s.phase  # (run next: its first step sets the phase again)
        if phase == "choose":
            return _with(s, PLAYERS, _set(s.players, seat, _pwith(p, BOARD, a.board)))
        if isinstance(a, A.Buy):  # PD-WAGON-1
            i = 0 if a.size == SMALL else 1
            p = _pwith(
                p,
                SILVER,
                p.silver - E.wagon_cost(t, p, a.size),
                WAGONS,
                (*p.wagons, (t.spaces[a.size], 0)),
            )
            return _with(
                s,
                PLAYERS,
                _set(s.players, seat, p),
                WAGONS_LEFT,
                _inc(s.wagons_left, i, -1),
            )
        if phase == "take":
            return self._take(t, s, seat, a)
        if phase == "gain":  # A12 Trapper
            return _pop(s, players=_set(s.players, seat, E.gain(p, a.item, 1)))
        if phase == "use":
            return self._use(t, s, seat, a)
        if phase == "pick":  # B6 Quartermaster
            return _pop(self._take_tile(t, s, seat, a.tile))
        if phase == "keep":  # PB2 Assayer: keep one, the other back to the bag
            other = _without(s.drawn, a.nuggets)[0]
            p = _pwith(p, GOLD, tuple(sorted((*p.gold, a.nuggets))))
            s = self._return_gold(s, other)
            return _pop(s, players=_set(s.players, seat, p), drawn=())
        if phase == "end":  # PD-TURN-6
            p = _pwith(p, TURNS, p.turns + 1)
            return _pop(s, players=_set(s.players, seat, p))
        if phase == "discard":  # PD-STORE-3 / PD-STORE-6
            return self._discard(s, seat, a.item)
        if phase == "storm":  # PD-DIS-3
            w = s.cursor
            spent = s.spent
            if a.choice == "wood":
                p = _pwith(p, WOOD, p.wood - 1)
            elif a.choice == "silver":  # PB7 Homesteader
                p = _pwith(p, SILVER, p.silver - 2)
            elif a.choice == "spare":  # B8 Carpenter / E8 Canvas Cover
                spent += 1
            else:
                p = _damage(p, w)
            return _with(
                s, PLAYERS, _set(s.players, seat, p), CURSOR, w + 1, SPENT, spent
            )
        if phase == "disease":  # PD-DIS-6
            if a.choice == "exempt":
                return _with(s, CURSOR, s.cursor + 1, SPENT, s.spent + 1)
            if a.choice == "pay":
                p = _pwith(p, MEDICINE, p.medicine - 1)
                return _with(s, PLAYERS, _set(s.players, seat, p), CURSOR, s.cursor + 1)
            p = _pwith(p, TOWNSFOLK, _without(p.townsfolk, a.card))  # to the box
            return _with(s, PLAYERS, _set(s.players, seat, p))
        if phase == "town":
            if isinstance(a, A.Done):
                return _pop(s, fulfilled=(), discount=False)
            return self._fulfil(t, s, seat, a)
        raise AssertionError(phase)

    def _take(self, t: Tables, s: State, seat: int, a: A.Take) -> State:
        """PD-TURN-1/2: take the die; the cards that trigger on its face fire."""
        die = (a.colour, a.face)
        c = COLOURS.index(a.colour)
        p = s.players[seat]
        jobs: list[str] = []
        for _card, effect, amount in E.triggers(t, p, a.face):
            if effect == "gold":  # A1 Prospector, E1 Gold Pan
                jobs += [f"gold:{seat}"] * amount
            elif effect == "wood_or_medicine":  # A12 Trapper
                jobs.append(f"gain:{seat}")
            else:  # A3, A6, B2, B3, E2-E7
                p = E.gain(p, effect, amount)
        return _pop(
            s,
            *jobs,
            _USE_JOB[seat],
            _END_JOB[seat],
            _STORE_JOB[seat],
            players=_set(s.players, seat, p),
            pool=_without(s.pool, die),
            aside=_inc(s.aside, c),  # PD-TURN-5
            die=die,
            face=a.face,
            changed=False,
        )

    def _use(self, t: Tables, s: State, seat: int, a: Any) -> State:
        p = s.players[seat]
        if isinstance(a, A.Change):  # PD-TURN-3: the new face triggers nothing
            p = _pwith(p, SILVER, p.silver - E.change_cost(t, p))
            players = _set(s.players, seat, p)
            return _with(s, PLAYERS, players, FACE, a.face, CHANGED, True)
        if isinstance(a, A.Income):  # PD-INCOME-1
            p = _pwith(p, SILVER, p.silver + t.income[s.face])
            return _pop(s, players=_set(s.players, seat, p))
        if isinstance(a, A.Act):
            if a.kind == "MINE":  # PD-ACT-2
                if E.ability(t, p) == "mine_draw_two":  # PB2 Assayer
                    return _pop(s, f"agold:{seat}", f"agold:{seat}", f"keep:{seat}")
                return _pop(s, f"gold:{seat}")
            if a.kind == "EQUIP":  # PD-ACT-3
                if a.tile:
                    s = self._take_tile(t, s, seat, a.tile)
                return _pop(s)
            p = E.gain(p, a.kind.lower(), 1)  # PD-ACT-4/5/6
            return _pop(s, players=_set(s.players, seat, p))
        # Recruit (PD-RECRUIT-1): immediate effects now (PD-RECRUIT-2)
        i = FACES.index(s.face)
        card = s.slots[i]
        slots = s.slots[:i] + ("",) + s.slots[i + 1 :]
        p = _pwith(p, TOWNSFOLK, (*p.townsfolk, card))
        f = t.folk[card]
        jobs: list[str] = []
        left = s.wagons_left
        if f.kind == "I":
            if f.effect in ("cattle", "silver", "wood", "medicine"):  # A2 A5 B10 B11
                p = E.gain(p, f.effect, f.amount)
            elif f.effect == "gold":  # B1 Miner
                jobs += [f"gold:{seat}"] * f.amount
            elif f.effect == "small_wagon":  # A8 Wainwright (PD-WAGON-4, EX-21)
                if left[0]:
                    p = _pwith(p, WAGONS, (*p.wagons, (t.spaces[SMALL], 0)))
                    left = (left[0] - 1, left[1])
            elif f.effect == "equipment":  # B6 Quartermaster
                jobs.append(f"pick:{seat}")
        s = _with(s, PLAYERS, _set(s.players, seat, p), SLOTS, slots, WAGONS_LEFT, left)
        return _pop(s, *jobs)

    def _take_tile(self, t: Tables, s: State, seat: int, tile: str) -> State:
        p = s.players[seat]
        p = _pwith(p, EQUIPMENT, _add_tile(p.equipment, tile))
        if E.ability(t, p) == "equipment_bonus":  # PB6 Outfitter: +$1
            p = _pwith(p, SILVER, p.silver + 1)
        return _with(
            s, PLAYERS, _set(s.players, seat, p), DISPLAY, _without(s.display, tile)
        )

    def _discard(self, s: State, seat: int, item: str) -> State:
        p = s.players[seat]
        if item == "wood":
            p = _pwith(p, WOOD, p.wood - 1)
        elif item == "medicine":
            p = _pwith(p, MEDICINE, p.medicine - 1)
        elif item in _GOLD_ITEM:
            v = _GOLD_ITEM[item]
            p = _pwith(p, GOLD, _without(p.gold, v))
            s = self._return_gold(s, v)
        else:
            p = _pwith(p, EQUIPMENT, _without(p.equipment, item))  # to the box
        return _with(s, PLAYERS, _set(s.players, seat, p))

    def _fulfil(self, t: Tables, s: State, seat: int, a: A.Fulfil) -> State:
        """PD-TOWN-3: pay everything the card asks (PD-STORE-6), take its favors."""
        tc = t.town[a.card]
        p = s.players[seat]

        def need(unit: str, n: int) -> int:
            return n - 1 if a.spare == unit else n

        p = p._replace(
            wood=p.wood - need("wood", tc.wood),
            medicine=p.medicine - need("medicine", tc.medicine),
            cattle=p.cattle - need("cattle", tc.cattle),
            silver=p.silver - need("silver", tc.silver),
            favors=p.favors + tc.favors,
        )
        if need("gold", tc.gold):
            p = _pwith(p, GOLD, _without(p.gold, a.gold))
            s = self._return_gold(s, a.gold)
        if need("equipment", tc.equipment):
            p = _pwith(p, EQUIPMENT, _without(p.equipment, a.tile))
        return _with(
            s,
            PLAYERS,
            _set(s.players, seat, p),
            FULFILLED,
            (*s.fulfilled, a.card),
            DISCOUNT,
            s.discount or bool(a.spare),
        )

    # ------------------------------------------------------------ the steps

    def _run(self, s: State) -> State:
        """Run rule steps until one waits for chance or a decision.

        Every step sets ``phase``: what it waits for, or "" when it is done.
        """
        while True:
            if not s.jobs:
                return _with(s, PHASE, "over", ACTIVE, -1)
            kind, arg, seat = _split(s.jobs[0])
            if seat >= 0 and seat == s.active and _taken(s, kind):
                # _pop took this step in its copy already: running it would
                # make a copy with the same fields
                return s
            s = _STEPS[kind](self, s, arg)
            if s.phase:
                return s

    def _step_first(self, s: State, arg: str) -> State:
        return _with(s, PHASE, "first") if s.start < 0 else _pop(s)

    def _step_deal(self, s: State, arg: str) -> State:
        if "" in s.slots and s.folk_deck:
            return _with(s, PHASE, "deal")
        return _pop(s)

    def _step_reveal(self, s: State, arg: str) -> State:
        if len(s.town) < self.town_cards(s.week) and s.town_deck:
            return _with(s, PHASE, "reveal")
        return _pop(s)

    def _step_boards(self, s: State, arg: str) -> State:
        return _with(s, PHASE, "board") if self._board_receiver(s) >= 0 else _pop(s)

    def _step_choose(self, s: State, arg: str) -> State:
        for seat in self.order(s):
            if not s.players[seat].board:
                return _with(s, PHASE, "choose", ACTIVE, seat)
        return _pop(s)

    def _step_items(self, s: State, arg: str) -> State:
        """PD-SETUP-6: starting items of the chosen sides; all sides revealed."""
        t = self.tables()
        players = list(s.players)
        small, large = s.wagons_left
        jobs: list[str] = []
        for seat in self.order(s):
            b = t.boards[players[seat].board]
            wagons = ((t.spaces[SMALL], 0),) * b.small_wagons + (
                (t.spaces[LARGE], 0),
            ) * b.large_wagons
            small -= b.small_wagons
            large -= b.large_wagons
            players[seat] = players[seat]._replace(
                dealt=(),
                silver=b.silver,
                cattle=b.cattle,
                wood=b.wood,
                medicine=b.medicine,
                favors=b.favors,
                wagons=wagons,
            )
            jobs += [f"gold:{seat}"] * b.gold
            jobs += [f"outfit:{seat}"] * b.equipment  # PD-SETUP-7: before the display
        return _pop(
            s, *jobs, players=tuple(players), wagons_left=(small, large), boards_left=()
        )

    def _step_gold(self, s: State, arg: str) -> State:
        if sum(self.gold_bag(s)):
            return _with(s, PHASE, "gold", ACTIVE, int(arg))
        return _pop(s, active=int(arg))

    def _step_agold(self, s: State, arg: str) -> State:
        return _with(s, PHASE, "agold") if sum(self.gold_bag(s)) else _pop(s)

    def _step_keep(self, s: State, arg: str) -> State:
        seat = int(arg)
        drawn = s.drawn
        if len(drawn) == 2 and drawn[0] != drawn[1]:
            return _with(s, PHASE, "keep", ACTIVE, seat)
        if drawn:  # one token left in the bag, or two alike: keep one
            p = s.players[seat]
            p = _pwith(p, GOLD, tuple(sorted((*p.gold, drawn[0]))))
            s = _with(s, PLAYERS, _set(s.players, seat, p), DRAWN, ())
            if len(drawn) == 2:
                s = self._return_gold(s, drawn[1])
        return _pop(s)

    def _step_outfit(self, s: State, arg: str) -> State:
        if any(s.stock):
            return _with(s, PHASE, "outfit", ACTIVE, int(arg))
        return _pop(s, active=int(arg))

    def _step_display(self, s: State, arg: str) -> State:
        if len(s.display) < self.players + 1 and any(s.stock):
            return _with(s, PHASE, "display")
        return _pop(s)

    def _step_day(self, s: State, arg: str) -> State:
        turns = [_TURN_JOB[seat] for seat in self.order(s)]
        return _pop(s, "roll", *turns, "leftover", "pass", day=s.day + 1)

    def _step_roll(self, s: State, arg: str) -> State:
        if len(s.pool) < self.players + 1 and any(s.bag):
            return _with(s, PHASE, "roll", ACTIVE, s.start)
        return _pop(s)

    def _step_turn(self, s: State, arg: str) -> State:
        v = list(s)
        _start_turn(v, int(arg))
        return _NEW(State, v)  # type: ignore[no-any-return]

    def _step_pick(self, s: State, arg: str) -> State:
        return _with(s, PHASE, "pick", ACTIVE, int(arg)) if s.display else _pop(s)

    def _step_store(self, s: State, arg: str) -> State:
        seat = int(arg)
        if E.overflow(s.players[seat]):
            return _with(s, PHASE, "discard", ACTIVE, seat)
        return _pop(s)

    def _step_leftover(self, s: State, arg: str) -> State:
        """PD-DAY-3: the leftover die moves its track (black: all four)."""
        if not s.pool:
            return _pop(s, die=(), face="", changed=False)
        colour, _ = s.pool[0]
        v = list(s)
        v[DIE], v[FACE], v[CHANGED], v[POOL] = (), "", False, ()
        v[ASIDE] = _inc(s.aside, COLOURS.index(colour))
        s = _NEW(State, v)
        t = self.tables()
        if colour == "black":
            moved = list(range(len(DISASTERS)))
        else:
            moved = [
                DISASTERS.index(d) for d, c in t.disaster_colour.items() if c == colour
            ]
        return self._advance(s, moved)

    def _advance(self, s: State, moved: list[int]) -> State:
        """PD-DAY-4 / PD-DIS-8: advance tracks; strikes in board order."""
        tracks = list(s.tracks)
        jobs: list[str] = []
        for i in sorted(moved):
            tracks[i] += 1
            if tracks[i] >= self._length:
                jobs += [f"strike:{DISASTERS[i]}", f"reset:{i}"]
        return _pop(s, *jobs, tracks=tuple(tracks))

    def _step_strike(self, s: State, arg: str) -> State:
        t = self.tables()
        i = DISASTERS.index(arg)
        s = _with(s, STRIKES, _inc(s.strikes, i))
        order = self.order(s)
        if arg == "STORM":  # PD-DIS-3, decisions in turn order (PD-DIS-9)
            return _pop(s, *(f"storm:{x}" for x in order), cursor=0, spent=0)
        if arg == "DISEASE":  # PD-DIS-6
            return _pop(s, *(f"disease:{x}" for x in order), cursor=0, spent=0)
        players = list(s.players)
        for seat, p in enumerate(players):
            if arg == "RAID":  # PD-DIS-4
                players[seat] = _pwith(
                    p, SILVER, p.silver - E.raid_loss(t, p, self._rounding)
                )
            else:  # PD-DIS-5
                paid, lost = E.famine(t, p)
                players[seat] = _pwith(
                    p, SILVER, p.silver - paid, CATTLE, p.cattle - lost
                )
        return _pop(s, players=tuple(players))

    def _step_reset(self, s: State, arg: str) -> State:
        i = int(arg)  # PD-DIS-7
        return _pop(s, tracks=s.tracks[:i] + (0,) + s.tracks[i + 1 :])

    def _step_storm(self, s: State, arg: str) -> State:
        seat = int(arg)
        t = self.tables()
        p = s.players[seat]
        w = s.cursor
        while w < len(p.wagons):
            size, dmg = p.wagons[w]
            if size - 2 * dmg <= 0:  # ASSUMPTION-11: a covered wagon is skipped
                w += 1
                continue
            if self._storm_choices(t, s, p) == ["damage"]:
                p = _damage(p, w)
                w += 1
                continue
            return _with(
                s,
                PLAYERS,
                _set(s.players, seat, p),
                CURSOR,
                w,
                PHASE,
                "storm",
                ACTIVE,
                seat,
            )
        s = _with(s, PLAYERS, _set(s.players, seat, p), CURSOR, 0, SPENT, 0)
        return _pop(s, f"store:{seat}")  # PD-DIS-3: what no longer fits goes

    def _step_disease(self, s: State, arg: str) -> State:
        seat = int(arg)
        t = self.tables()
        p = s.players[seat]
        i = s.cursor
        x = E.exemptions(t, p)
        while i < len(p.townsfolk):
            card = p.townsfolk[i]
            if E.self_exempt(t, card):  # A4 Doctor
                i += 1
                continue
            rest = sum(1 for c in p.townsfolk[i:] if not E.self_exempt(t, c))
            if x - s.spent >= rest:  # every remaining one can be exempt
                break
            if x - s.spent == 0 and not p.medicine:  # nothing else to do
                p = _pwith(p, TOWNSFOLK, _without(p.townsfolk, card))
                continue
            return _with(
                s,
                PLAYERS,
                _set(s.players, seat, p),
                CURSOR,
                i,
                PHASE,
                "disease",
                ACTIVE,
                seat,
            )
        s = _with(s, PLAYERS, _set(s.players, seat, p), CURSOR, 0, SPENT, 0)
        return _pop(s)

    def _step_pass(self, s: State, arg: str) -> State:
        """PD-DAY-5: the token passes clockwise after every day, day 5 included."""
        start = (s.start + 1) % self.players
        return _pop(s, "day" if s.day < self.days else "weekend", start=start)

    def _step_weekend(self, s: State, arg: str) -> State:
        if s.week == self.weeks:  # PD-WEEK-3 / PD-DIS-8
            return _pop(s, "final", "visit")
        return _pop(s, "visit")

    def _step_final(self, s: State, arg: str) -> State:
        return self._advance(s, list(range(len(DISASTERS))))  # PD-DIS-8

    def _step_visit(self, s: State, arg: str) -> State:
        """PD-TOWN-1/2: W effects in turn order, then 1 VP per cattle."""
        t = self.tables()
        players = list(s.players)
        order = self.order(s)
        for seat in order:
            p = players[seat]
            for card in p.townsfolk:
                f = t.folk[card]
                if f.kind != "W":
                    continue
                if f.effect == "silver":  # A9 Scout
                    p = _pwith(p, SILVER, p.silver + f.amount)
                elif f.effect == "favor" or (
                    f.effect == "favor_if_undamaged" and not E.damage(p)
                ):  # B9 Mayor
                    p = _pwith(p, FAVORS, p.favors + f.amount)
            players[seat] = _pwith(p, VP, p.vp + p.cattle)  # PD-TOWN-2
        s = _with(s, PLAYERS, tuple(players), ACTIVE, s.start)
        return _pop(s, *(f"town:{x}" for x in order), "nextweek")

    def _step_town(self, s: State, arg: str) -> State:
        seat = int(arg)
        if self._fulfil_actions(self.tables(), s, s.players[seat]):
            return _with(s, PHASE, "town", ACTIVE, seat)
        return _pop(s, fulfilled=(), discount=False)

    def _step_nextweek(self, s: State, arg: str) -> State:
        """PD-WEEK-1 at the start of weeks 2-4 (week 1: PD-SETUP-8)."""
        if s.week == self.weeks:  # PD-END-1
            return _with(s, JOBS, (), PHASE, "over", ACTIVE, -1)
        n = self.players
        s = s._replace(
            week=s.week + 1,
            day=0,
            bag=(n + 1,) * len(COLOURS),  # 1
            aside=(0,) * len(COLOURS),
            town=(),  # 2
            display=(),  # 3: the rest of the display to the box
            slots=("",) * len(FACES),  # 4: the rest of the townsfolk to the box
        )
        return _pop(s, "reveal", "display", "deal", "day")

    # ------------------------------------------------------------ observing

    def observe(self, state: State, seat: int) -> State:
        """``state`` as ``seat`` sees it: other players' gold values (0), their
        dealt and not yet revealed boards ("?"), the gold bag and the box of
        boards (``()``) are hidden (PD-STORE-5, ASSUMPTION-25).
        """
        if state.phase == "over":
            return state
        hide_boards = any(p.dealt for p in state.players)
        players = []
        for i, p in enumerate(state.players):
            gold, dealt, board = p.gold, p.dealt, p.board
            if i != seat:
                # what is hidden; a field with nothing to hide stays the very
                # object (the player itself when none has anything hidden)
                if any(gold):
                    gold = _unknown(_NO_NUGGETS, 0, len(gold))
                if dealt.count("?") < len(dealt):
                    dealt = _unknown(_NO_BOARDS, "?", len(dealt))
                if hide_boards and board:
                    board = "?"
                if gold is not p.gold or dealt is not p.dealt or board != p.board:
                    p = _pwith(p, GOLD, gold, DEALT, dealt, BOARD, board)
            players.append(p)
        drawn = state.drawn
        if state.active != seat:
            drawn = _unknown(_NO_NUGGETS, 0, len(drawn))
        return _with(
            state,
            PLAYERS,
            tuple(players),
            GOLD_BAG,
            (),
            BOARDS_LEFT,
            (),
            DRAWN,
            drawn,
        )

    def scores(self, state: State) -> tuple[int, ...]:
        """VP by seat: earned so far plus the final scoring as it stands (PD-END-2)."""
        return tuple(
            sum(parts.values()) for parts in E.score_parts(self.tables(), state.players)
        )

    def winners(self, state: State) -> tuple[int, ...]:
        """PD-END-3: most VP, then most silver; a tie after that is shared."""
        if state.phase != "over":
            return ()
        scores = self.scores(state)
        key = [(v, p.silver) for v, p in zip(scores, state.players, strict=True)]
        best = max(key)
        return tuple(i for i, k in enumerate(key) if k == best)

    def progress(self, state: State) -> Progress:
        """Days are the rounds; the active seat; the first start player."""
        first = state.first if state.first >= 0 else None
        if state.phase == "over":
            return Progress(self.weeks * self.days, None, first)
        rnd = (state.week - 1) * self.days + state.day
        if rnd == 0:
            return Progress(0, None, first)
        return Progress(rnd, state.active if state.active >= 0 else None, first)

    # --------------------------------------------------------------- helpers

    def odds(self, state: State) -> dict[str, Fraction]:
        """Exact chance of each outcome of the current chance turn (for lessons)."""
        return {
            str(a): Fraction(p).limit_denominator(10**6)
            for a, p in self.chance_outcomes(state)
        }


#: Hidden values as ``observe`` shows them, by count: the same tuple objects
#: from one observation to the next (an environment's tracker then finds an
#: unchanged field by identity).
_NO_NUGGETS: Final = tuple((0,) * k for k in range(40))
_NO_BOARDS: Final = tuple(("?",) * k for k in range(4))


def _unknown(made: tuple[Any, ...], value: Any, k: int) -> tuple[Any, ...]:
    """``(value,) * k``, the tuple of ``made`` when it has one that long."""
    return made[k] if k < len(made) else (value,) * k  # type: ignore[no-any-return]


def _listed(action: Any, actions: list[Any]) -> bool:
    """``action in actions``, looking for the very object first (the engine's
    actions are made once, see ``_mk``: no field-by-field comparison then).
    """
    for a in actions:
        if a is action:
            return True
    return action in actions


def _show(action: Any) -> str:
    text = repr(action)
    if " at 0x" in text:
        return f"an object of type {type(action).__name__}"
    return text if len(text) < 60 else text[:57] + "..."


def _damage(p: Player, w: int) -> Player:
    size, dmg = p.wagons[w]
    return _pwith(p, WAGONS, p.wagons[:w] + ((size, dmg + 1),) + p.wagons[w + 1 :])


#: A die's sort key (its colour's and face's positions), by die: the pool is
#: sorted with this dict's ``__getitem__`` as the key, a C call per die (a
#: compiled key function is called through Python and indexes two tuples).
_DIE_KEY: Final = {
    (colour, face): (c, f)
    for c, colour in enumerate(COLOURS)
    for f, face in enumerate(FACES)
}


def _pop(s: State, *push: str, **changes: Any) -> State:
    """Finish the current step with ``changes`` to ``s``; ``push`` steps run next.

    When the next step only waits for a seat's decision (``_wait``) or starts
    a turn (``_step_turn``), it is taken in the same copy: the state is the one
    :meth:`PioneerDays._run` would reach by running that step.
    """
    v = list(s)
    jobs = push + s.jobs[1:]
    v[JOBS] = jobs
    v[PHASE] = ""
    for name, x in changes.items():
        v[_FIELD[name]] = x
    if jobs:
        kind, _, seat = _split(jobs[0])
        if kind in _WAITS:
            v[PHASE] = kind
            v[ACTIVE] = seat
        elif kind == "turn":
            _start_turn(v, seat)
    return _NEW(State, v)  # type: ignore[no-any-return]


#: Each job's kind, argument and the argument as a seat (-1 if it is not one),
#: by the job's text: split once per text (a few dozen of them) rather than on
#: every step.
_SPLIT: Final[dict[str, tuple[str, str, int]]] = {}


def _split(job: str) -> tuple[str, str, int]:
    """``job``'s kind, argument and seat (``"use:2"`` -> ``("use", "2", 2)``)."""
    got = _SPLIT.get(job)
    if got is None:
        kind, _, arg = job.partition(":")
        got = (kind, arg, int(arg) if arg.isdigit() else -1)
        if len(_SPLIT) < 4096:  # (never reached by the rules' own jobs)
            _SPLIT[job] = got
    return got


def _taken(s: State, kind: str) -> bool:
    """Whether ``s`` (its seat to act being the job's) already has the fields
    the step ``kind`` would set: a wait for that decision (``_wait``), or a
    turn started (``_step_turn``, :func:`_start_turn`).
    """
    if kind in _WAITS:
        return s.phase == kind
    return (
        kind == "turn"
        and s.phase == "take"
        and not s.die
        and s.face == ""
        and not s.changed
    )


def _start_turn(v: list[Any], seat: int) -> None:
    """A state's fields ``v`` as ``_step_turn`` sets them: ``seat`` takes a die."""
    v[PHASE] = "take"
    v[ACTIVE] = seat
    v[DIE] = ()
    v[FACE] = ""
    v[CHANGED] = False


def _wait(phase: str) -> Callable[[PioneerDays, State, str], State]:
    """A step that waits for the decision ``phase`` of the seat in its argument."""

    def step(game: PioneerDays, s: State, arg: str) -> State:
        return _with(s, PHASE, phase, ACTIVE, int(arg))

    return step


#: The texts of the jobs every turn queues, by seat (made once: a job's text is
#: looked up by :func:`_split`, and a string made once keeps its hash).
_TURN_JOB: Final = tuple(f"turn:{seat}" for seat in range(4))
_USE_JOB: Final = tuple(f"use:{seat}" for seat in range(4))
_END_JOB: Final = tuple(f"end:{seat}" for seat in range(4))
_STORE_JOB: Final = tuple(f"store:{seat}" for seat in range(4))

#: The steps that only wait for the decision of the seat in their argument.
_WAITS: Final = frozenset(("gain", "use", "end"))


_USE = (A.Change, A.Income, A.Act, A.Recruit, A.Buy)

_STEPS: dict[str, Callable[[PioneerDays, State, str], State]] = {
    "first": PioneerDays._step_first,
    "deal": PioneerDays._step_deal,
    "reveal": PioneerDays._step_reveal,
    "boards": PioneerDays._step_boards,
    "choose": PioneerDays._step_choose,
    "items": PioneerDays._step_items,
    "gold": PioneerDays._step_gold,
    "agold": PioneerDays._step_agold,
    "keep": PioneerDays._step_keep,
    "outfit": PioneerDays._step_outfit,
    "display": PioneerDays._step_display,
    "day": PioneerDays._step_day,
    "roll": PioneerDays._step_roll,
    "turn": PioneerDays._step_turn,
    "gain": _wait("gain"),
    "use": _wait("use"),
    "end": _wait("end"),
    "pick": PioneerDays._step_pick,
    "store": PioneerDays._step_store,
    "leftover": PioneerDays._step_leftover,
    "strike": PioneerDays._step_strike,
    "reset": PioneerDays._step_reset,
    "storm": PioneerDays._step_storm,
    "disease": PioneerDays._step_disease,
    "pass": PioneerDays._step_pass,
    "weekend": PioneerDays._step_weekend,
    "final": PioneerDays._step_final,
    "visit": PioneerDays._step_visit,
    "town": PioneerDays._step_town,
    "nextweek": PioneerDays._step_nextweek,
}

__all__ = [
    "CHANCE_PHASES",
    "DEFAULTS",
    "PARAMETERS",
    "PARAMETER_RANGE",
    "PHASE_TEXT",
    "PioneerDays",
    "tables",
    "variant_tables",
]
