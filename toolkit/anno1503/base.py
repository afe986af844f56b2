"""The static Anno 1503 game: options, sea, decks, home islands, and shared queries.

:class:`Anno1503Base` is the base of :class:`~toolkit.anno1503.rules.Anno1503`
and the type the rule modules (:mod:`~toolkit.anno1503.moves`,
:mod:`~toolkit.anno1503.voyage`, :mod:`~toolkit.anno1503.events`) are written
against, so that they depend on it and not on the class that dispatches to
them. Nothing on it depends on a state: the queries take the state as an
argument and keep nothing of it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Final

from mypy_extensions import mypyc_attr

from toolkit.core.game import take_rule_parameters

from . import actions as A
from .common import affords, cost_text, seat_arg
from .constants import (
    AP_PER_SHIP,
    CITIZEN_MERCHANT_CARDS,
    PARAMETER_RANGE,
    PARAMETERS,
    PIONEER_SETTLER_CARDS,
    STONE_BRIDGES,
    UPGRADE_RULE,
    VICTORY,
)
from .sea import Pos, build_sea, coast, farthest_islands, sea_distances
from .state import Player, State
from .tables import BACKS, GOODS, load_tables

#: The fixed victory conditions (A-WIN-1), as C statics when compiled (a
#: module dict is looked up on every use). The gold one is the game's option.
_BRANCH_OFFICES: Final = VICTORY["V-BRANCH"]
_CONTRACTS: Final = VICTORY["V-CONTRACT"]
_PUBLIC_BUILDINGS: Final = VICTORY["V-BUILDING"]
_MERCHANTS: Final = VICTORY["V-MERCHANT"]

#: The documented defaults of every option (CONFLICT-1..4, ASSUMPTION-6, -E1).
DEFAULTS: dict[str, Any] = {
    "cost_pioneer_to_settler": {"CLOTH": 1, "STONE": 2},  # CONFLICT-1, ASSUMPTION-28
    "sale_cards_per_resident": 1,  # CONFLICT-2, ASSUMPTION-27
    "max_purchases_per_turn": 1,  # CONFLICT-3, ASSUMPTION-26
    "victory_check": "immediate",  # CONFLICT-4, ASSUMPTION-21
    "pirates_target": "farthest",  # ASSUMPTION-6 (variant: "farthest_empty")
    # ASSUMPTION-E1 (the engine's): a player who meets 3 conditions when their
    # production roll shows 6 wins before the event; False: after the event
    "win_before_event": True,
    # not a rule: stop unfinished games (no winner); None = play to a win
    "max_turns": None,
    # rule parameters (constants.PARAMETERS), at the rulebook's values
    **{name: value for name, (value, _, _) in PARAMETERS.items()},
}


def _counts(cost: Any, what: str) -> tuple[int, ...]:
    # ``cost`` is typed Any on purpose: compiled, a count typed int would be
    # unboxed before the checks below, and True would pass as 1.
    if not isinstance(cost, Mapping):
        raise TypeError(
            f"{what} must map goods to counts, e.g. {{'CLOTH': 1, 'STONE': 2}}, "
            f"not {cost!r:.40}"
        )
    out = [0] * len(GOODS)
    for good, n in cost.items():
        if good not in GOODS:
            raise ValueError(
                f"{what}: {good!r:.40} is not a good (goods are {', '.join(GOODS)})"
            )
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(
                f"{what}: the count of {good} must be a whole number (an int), "
                f"not {n!r:.40}"
            )
        if n < 0:
            raise ValueError(f"{what}: the count of {good} must be >= 0, not {n}")
        out[GOODS.index(good)] = n
    return tuple(out)


def _check_option_types(opts: Mapping[str, Any]) -> None:
    """Refuse an option of the wrong type, naming it and the type (TypeError).

    ``True`` is not the number 1 here, nor ``"1"``: the same options arrive from
    Python, the command line and records, and each must mean one thing.
    """

    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    for name in ("max_purchases_per_turn", "sale_cards_per_resident"):
        if not is_int(opts[name]):
            raise TypeError(
                f"{name} must be the whole number 1 or 2 (an int), "
                f"not {opts[name]!r:.40}"
            )
    if not isinstance(opts["win_before_event"], bool):
        raise TypeError(
            "win_before_event must be True or False (a bool), "
            f"not {opts['win_before_event']!r:.40}"
        )
    for name in ("victory_check", "pirates_target"):
        if not isinstance(opts[name], str):
            raise TypeError(f"{name} must be text (a str), not {opts[name]!r:.40}")
    mt = opts["max_turns"]
    if mt is not None and not is_int(mt):
        raise TypeError(
            f"max_turns must be a positive whole number (an int) or None, not {mt!r:.40}"
        )
    # cost_pioneer_to_settler: _counts checks it is a mapping of goods to counts


@mypyc_attr(allow_interpreted_subclasses=True)  # lessons may subclass the game
class Anno1503Base:
    """The static facts of an Anno 1503 game (:class:`~toolkit.anno1503.Anno1503`)."""

    def __init__(
        self, players: int = 4, data: str | None = None, **options: Any
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(
                f"Anno 1503 is for 2-4 players (A-COMP-1), not {players!r:.40}"
            )
        if not 2 <= players <= 4:
            raise ValueError(
                f"Anno 1503 is for 2-4 players (A-COMP-1), not {players!r}"
            )
        if data is not None and not isinstance(data, (str, os.PathLike)):
            raise TypeError(f"data must be a folder's path or None, not {data!r:.40}")
        params = take_rule_parameters(
            options, PARAMETERS, PARAMETER_RANGE, known=DEFAULTS
        )
        opts = {**{k: v for k, v in DEFAULTS.items() if k not in PARAMETERS}, **options}
        _check_option_types(opts)
        if opts["max_purchases_per_turn"] not in (1, 2):
            raise ValueError("max_purchases_per_turn must be 1 or 2 (CONFLICT-3)")
        if opts["sale_cards_per_resident"] not in (1, 2):
            raise ValueError("sale_cards_per_resident must be 1 or 2 (CONFLICT-2)")
        if opts["victory_check"] not in ("immediate", "end_of_turn"):
            raise ValueError(
                "victory_check must be 'immediate' or 'end_of_turn' (CONFLICT-4)"
            )
        if opts["pirates_target"] not in ("farthest", "farthest_empty"):
            raise ValueError(
                "pirates_target must be 'farthest' or 'farthest_empty' (ASSUMPTION-6)"
            )
        mt = opts["max_turns"]
        if mt is not None and mt < 1:
            raise ValueError("max_turns must be a positive whole number or None")
        self.players = players
        self.options: dict[str, Any] = {
            k: (dict(v) if isinstance(v, dict) else v) for k, v in opts.items()
        }
        # A rule parameter at the rulebook's value stays out of the options (and
        # of records, which are then those of the rulebook game as before).
        for name, value in params.items():
            if value != PARAMETERS[name][0]:
                self.options[name] = value
        self.start_gold: int = params["start_gold"]
        self.hand_limit: int = params["hand_limit"]
        self.base_buy_price: int = params["buy_price"]
        self.treasure_gold: int = params["treasure_gold"]
        self.gold_to_win: int = params["gold_to_win"]
        self.conditions_to_win: int = params["conditions_to_win"]
        if data is not None:
            self.options["data"] = str(data)
        self._opts = opts
        self.tables = t = load_tables(data)
        self._init_board()
        self._init_costs(opts)
        self.production = tuple(
            t.home["ABCD"[i]] for i in range(players)
        )  # seat i: island A..D
        self.bridges = tuple(
            t.bridges["ABCD"[i]] for i in range(players)
        )  # ASSUMPTION-8
        self.display = tuple(
            sorted(b for back, b in t.buildings if back <= players)
        )  # A-COMP-6
        self.ap_base = AP_PER_SHIP[players]
        self._init_sails()

    def _init_board(self) -> None:
        t = self.tables
        self.backs = BACKS[: self.players - 1]  # A-SETUP-1: pile 2; 2+3; all
        self.island_spaces = tuple(p for p, _ in t.islands)
        self.island_numbers = tuple(n for _, n in t.islands)
        self.island_index = {p: i for i, p in enumerate(self.island_spaces)}
        # Any, not Pos: compiled, a tuple[int, int] attribute is
        # kept unboxed and read as a new tuple object every time
        self.start: Any = t.start
        self.sea = build_sea(t.rows, t.cols, list(self.island_spaces))
        self.distances = sea_distances(self.sea)
        self._dist = {a: dict(row) for a, row in self.distances.items()}
        self.coast = coast(self.sea, list(self.island_spaces))
        self.farthest = farthest_islands(self.sea, self.start, list(self.island_spaces))
        # Only the piles in use take part; others leave the game (ASSUMPTION-5).
        self.card_codes = tuple(c for c, _ in t.deck if int(c[-1]) in self.backs)
        self.deck = tuple(n for c, n in t.deck if int(c[-1]) in self.backs)
        self.code_index = {c: i for i, c in enumerate(self.card_codes)}

    def _init_sails(self) -> None:
        # Every sail action, made once from the board: legal_actions lists a ship's
        # sails on most decisions, and making the (frozen dataclass) actions anew
        # each time cost more than the rest of the sea actions.  ``sails[ship - 1]
        # [at][ap]`` holds the sails within ``ap`` steps of ``at`` in position
        # order; the last entry (the farthest sea space's distance) holds them all.
        # Static, like the distances it comes from: it depends on no state.
        sail = {(k, pos): A.Sail(k, pos) for k in (1, 2) for pos in self.distances}
        self.sails: tuple[dict[Pos, tuple[tuple[A.Sail, ...], ...]], ...] = tuple(
            {
                at: tuple(
                    tuple(sail[ship, pos] for pos, d in row if 0 < d <= ap)
                    for ap in range(max(d for _, d in row) + 1)
                )
                for at, row in self.distances.items()
            }
            for ship in (1, 2)
        )

    def _init_costs(self, opts: dict[str, Any]) -> None:
        c = self.tables.costs
        self.cost_ship = c["ship"]
        self.cost_pioneer = c["pioneer"]
        self.cost_upgrade = {
            "PIONEER": _counts(
                opts["cost_pioneer_to_settler"], "cost_pioneer_to_settler"
            ),
            "SETTLER": c["upgrade_settler"],
            "CITIZEN": c["upgrade_citizen"],
        }
        # good index -> (resident, price, building, price with building)
        self.sale = {
            GOODS.index(g): (r, p, b, bp)
            for (r, g), (p, b, bp) in self.tables.sale.items()
        }

    def __repr__(self) -> str:
        """Show the game with the options that differ from the defaults."""
        changed = {
            k: v for k, v in self.options.items() if DEFAULTS.get(k, object()) != v
        }
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"Anno1503(players={self.players}{extra})"

    def conditions(self, s: State, seat: Any) -> tuple[str, ...]:  # seat_arg checks
        """Return the victory conditions ``seat`` meets now (A-WIN-1), from the state.

        Examples
        --------
        >>> from toolkit.anno1503 import Anno1503
        >>> game = Anno1503(players=2)
        >>> game.conditions(game.setup(), 0)
        ()
        """
        p = s.players[seat_arg(self, seat)]
        met = []
        if p.gold >= self.gold_to_win:
            met.append("V-GOLD")
        if STONE_BRIDGES - p.offices.count("") >= VICTORY["V-BRANCH"]:
            met.append("V-BRANCH")
        if len(p.contracts) >= VICTORY["V-CONTRACT"]:
            met.append("V-CONTRACT")
        if len(p.buildings) - p.buildings.count("") >= VICTORY["V-BUILDING"]:
            met.append("V-BUILDING")
        if p.residents.count("MERCHANT") >= VICTORY["V-MERCHANT"]:
            met.append("V-MERCHANT")
        return tuple(met)

    def count_conditions(self, s: State, seat: int) -> int:
        """Return how many victory conditions ``seat`` meets (as :meth:`conditions`)."""
        p = s.players[seat]
        # (the counts as sums of generators: native loops when compiled, where
        # a tuple's count method is a Python call)
        return (
            (p.gold >= self.gold_to_win)
            + (STONE_BRIDGES - sum(1 for o in p.offices if o == "") >= _BRANCH_OFFICES)
            + (len(p.contracts) >= _CONTRACTS)
            + (sum(1 for b in p.buildings if b != "") >= _PUBLIC_BUILDINGS)
            + (sum(1 for r in p.residents if r == "MERCHANT") >= _MERCHANTS)
        )

    def ship_ap(self, s: State, seat: int, ship: int) -> int:
        """Return the AP ship ``ship`` (0 or 1) of ``seat`` has left (A-SHIP-1/2)."""
        if s.players[seat].ships[ship] is None:
            return 0
        if seat == s.active and s.phase in ("sea", "look", "reveal"):
            return s.ap[ship]
        return self.full_ap(s, seat)

    def full_ap(self, s: State, seat: int) -> int:
        """A-SHIP-1: 2/3/4 AP per ship by player count, doubled with a Shipyard."""
        return self.ap_base * (2 if "SHIPYARD" in s.players[seat].buildings else 1)

    def buy_price(self, s: State, seat: int) -> int:
        """A-BUY-1: 6 gold minus 1 per trade contract."""
        return self.base_buy_price - len(s.players[seat].contracts)

    def farthest_island(self, s: State) -> tuple[int, int]:
        """Where Pirates put the reserve's top card (ASSUMPTION-3 and -6)."""
        if self._opts["pirates_target"] == "farthest_empty":
            for pos in self.farthest:
                if not s.islands[self.island_index[pos]]:
                    return pos
        return self.farthest[0]

    def _placements(self, s: State, p: Player) -> list[str]:
        """Return the buildings a new Pioneer may take ([""]: its space has no slot)."""
        if not affords(p.hand, self.cost_pioneer):
            return []
        if (
            sum(1 for r in p.residents if r in ("PIONEER", "SETTLER"))
            >= PIONEER_SETTLER_CARDS
        ):
            return []
        space = len(p.residents) + 1
        if space > self.tables.spaces:
            return []
        if space not in self.tables.slot_spaces:
            return [""]
        return sorted({b for b in s.display if b not in p.buildings})

    def _upgrade_problem(
        self, p: Player, r: str, paid: bool, explain: bool = True
    ) -> tuple[str, str] | None:
        """Return why level ``r`` cannot be upgraded now: (rule, message), or None.

        ``explain=False`` leaves the cost message empty: ``legal_actions`` asks
        on every decision and only wants to know whether there is a problem.
        """
        if r == "MERCHANT":
            return "A-UPG-3", "a Merchant is the highest level and cannot be upgraded"
        if (
            r == "SETTLER"
            and sum(1 for x in p.residents if x in ("CITIZEN", "MERCHANT"))
            >= CITIZEN_MERCHANT_CARDS
        ):
            return "A-UPG-2", "all 3 Citizen/Merchant cards are already on the island"
        if paid and not affords(p.hand, self.cost_upgrade[r]):
            if not explain:
                return UPGRADE_RULE[r], ""
            need = cost_text(self.cost_upgrade[r]) or "nothing"
            return UPGRADE_RULE[r], f"upgrading a {r.title()} costs {need}"
        return None
