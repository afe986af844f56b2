"""The Anno 1503 rules on the shared game protocol (spec rule IDs ``A-*``).

:class:`Anno1503` holds the static game (sea graph, decks, home islands,
options) and implements ``setup``, ``to_move``, ``legal_actions``,
``chance_outcomes``, ``apply``, ``observe``, ``scores`` and ``parse_action``.
Every illegal action raises :class:`~toolkit.core.IllegalAction` naming the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from toolkit.core import CHANCE, GameOver
from toolkit.core.game import Progress

from . import actions as A
from .constants import (
    AP_PER_SHIP,
    BUY_PRICE,
    CITIZEN_MERCHANT_CARDS,
    CLOTH,
    CONDITIONS_TO_WIN,
    HAND_LIMIT,
    PIONEER_SETTLER_CARDS,
    SPICE,
    START_GOLD,
    STONE,
    STONE_BRIDGES,
    TOBACCO,
    TOOLS,
    UPGRADE_RULE,
    VICTORY,
    WOOD,
    WOODEN_BRIDGES,
)
from .events import (
    choice_options,
    removal_options,
)
from .moves import dispatch
from .sea import build_sea, coast, farthest_islands, sea_distances
from .state import IslandCard, Player, State
from .tables import BACKS, GOODS, load_tables

#: The documented defaults of every option (CONFLICT-1..4, ASSUMPTION-6).
DEFAULTS: dict[str, Any] = {
    "cost_pioneer_to_settler": {"CLOTH": 1, "STONE": 2},  # CONFLICT-1, ASSUMPTION-28
    "sale_cards_per_resident": 1,  # CONFLICT-2, ASSUMPTION-27
    "max_purchases_per_turn": 1,  # CONFLICT-3, ASSUMPTION-26
    "victory_check": "immediate",  # CONFLICT-4, ASSUMPTION-21
    "pirates_target": "farthest",  # ASSUMPTION-6 (variant: "farthest_empty")
    "max_turns": None,  # not a rule: stop unfinished games (no winner); None = play to a win
}


def _counts(cost: Mapping[str, int], what: str) -> tuple[int, ...]:
    if not isinstance(cost, Mapping):
        raise ValueError(
            f"{what} must map goods to counts, e.g. {{'CLOTH': 1, 'STONE': 2}}"
        )
    out = [0] * len(GOODS)
    for good, n in cost.items():
        if good not in GOODS or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"{what}: {good!r}: {n!r} is not a good with a count >= 0")
        out[GOODS.index(good)] = n
    return tuple(out)


def _code_good(code: str) -> int:
    return GOODS.index(code[3:-2])


class Anno1503:
    """Anno 1503 (Kosmos 2003) for 2-4 players.

    Parameters
    ----------
    players : 2, 3 or 4.
    cost_pioneer_to_settler : CONFLICT-1; default ``{"CLOTH": 1, "STONE": 2}``.
    sale_cards_per_resident : CONFLICT-2; cards each resident takes per sale (default 1).
    max_purchases_per_turn : CONFLICT-3; 1 (default) or 2.
    victory_check : CONFLICT-4; ``"immediate"`` (default) or ``"end_of_turn"``.
    pirates_target : ASSUMPTION-6; ``"farthest"`` (default) or ``"farthest_empty"``.
    max_turns : stop after this many turns without a winner (default ``None``: no limit).
    data : a folder with the dataset files (default: ``datasets/anno1503``).

    Examples
    --------
    >>> game = Anno1503(players=3)
    >>> s = game.setup()
    >>> game.to_move(s), [str(a) for a, p in game.chance_outcomes(s)]
    (-1, ['first 0', 'first 1', 'first 2'])
    """

    name = "anno1503"
    min_players = 2
    max_players = 4
    #: Every option with its default (the protocol's ``defaults``).
    defaults: ClassVar[dict[str, Any]] = DEFAULTS

    def __init__(
        self, players: int = 4, data: str | None = None, **options: Any
    ) -> None:
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(
                f"Anno 1503 is for 2-4 players (A-COMP-1), not {players!r}"
            )
        unknown = sorted(set(options) - set(DEFAULTS))
        if unknown:
            raise ValueError(
                f"unknown option(s) {unknown}; options are {sorted(DEFAULTS)}"
            )
        opts = {**DEFAULTS, **options}
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
        if mt is not None and (not isinstance(mt, int) or mt < 1):
            raise ValueError("max_turns must be a positive whole number or None")
        self.players = players
        self.options = {
            k: (dict(v) if isinstance(v, dict) else v) for k, v in opts.items()
        }
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

    # ------------------------------------------------------------------ static data

    def _init_board(self) -> None:
        t = self.tables
        self.backs = BACKS[: self.players - 1]  # A-SETUP-1: pile 2; 2+3; all
        self.island_spaces = tuple(p for p, _ in t.islands)
        self.island_numbers = tuple(n for _, n in t.islands)
        self.island_index = {p: i for i, p in enumerate(self.island_spaces)}
        self.start = t.start
        self.sea = build_sea(t.rows, t.cols, list(self.island_spaces))
        self.distances = sea_distances(self.sea)
        self._dist = {a: dict(row) for a, row in self.distances.items()}
        self.coast = coast(self.sea, list(self.island_spaces))
        self.farthest = farthest_islands(self.sea, self.start, list(self.island_spaces))
        # Only the piles in use take part; others leave the game (ASSUMPTION-5).
        self.card_codes = tuple(c for c, _ in t.deck if int(c[-1]) in self.backs)
        self.deck = tuple(n for c, n in t.deck if int(c[-1]) in self.backs)
        self.code_index = {c: i for i, c in enumerate(self.card_codes)}
        self._redact_cache: dict[int, tuple[Any, Any, tuple[str, ...]]] = {}
        self._sail_cache: dict[
            tuple[int, tuple[int, int], int], tuple[A.Sail, ...]
        ] = {}

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
        changed = {
            k: v for k, v in self.options.items() if DEFAULTS.get(k, object()) != v
        }
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"Anno1503(players={self.players}{extra})"

    # ------------------------------------------------------------------ protocol

    def setup(self) -> State:
        """The deterministic start (A-SETUP-1..9); the first turn is the starting roll."""
        t = self.tables
        n = self.players
        hand = [0] * len(GOODS)
        hand[STONE] = hand[WOOD] = 1  # A-SETUP-9
        player = Player(
            gold=START_GOLD,
            hand=tuple(hand),
            residents=("PIONEER", "SETTLER"),  # A-SETUP-5, ASSUMPTION-10
            buildings=("", ""),
            offices=("",) * STONE_BRIDGES,
            contracts=(),
            ships=(self.start, None),  # A-SETUP-6
        )
        supply = [t.goods_cards] * len(GOODS)
        supply[STONE] -= n
        supply[WOOD] -= n
        # A-SETUP-2: one face-down card per island space whose number is in use; its
        # face is decided when it is explored.  A-SETUP-3: the rest form the reserve.
        islands = tuple(
            (IslandCard(f"?/{num}"),) if num in self.backs else ()
            for num in self.island_numbers
        )
        reserve = tuple(
            sum(k for c, k in zip(self.card_codes, self.deck) if c.endswith(f"/{b}"))
            - self.island_numbers.count(b)
            if b in self.backs
            else 0
            for b in BACKS
        )
        return State(
            players=(player,) * n,
            supply=tuple(supply),
            display=self.display,
            islands=islands,
            pool=self.deck,
            reserve=reserve,  # type: ignore[arg-type]
            reserve_known=(),
            gone=(),
        )

    def to_move(self, s: State) -> int | None:
        """The seat to decide, :data:`~toolkit.core.CHANCE`, or ``None`` when the game is over."""
        ph = s.phase
        if ph in ("build", "sea", "look", "discard"):
            return s.active
        if ph == "resolve":
            seat = s.queue[0][1]
            return CHANCE if seat < 0 else seat
        if ph == "over":
            return None
        return CHANCE

    def chance_outcomes(self, s: State) -> list[tuple[A.Action, float]]:
        """Every chance outcome with its probability (empty at a decision)."""
        ph = s.phase
        if ph == "first":  # A-SETUP-10 with re-rolls on ties: each seat equally likely
            return [(A.First(i), 1 / self.players) for i in range(self.players)]
        if ph == "roll":
            return [(A.Roll(f), 1 / 6) for f in range(1, 7)]
        if ph == "event":
            return [(A.EventRoll(f), 1 / 6) for f in range(1, 7)]
        if ph == "reveal":
            back = f"/{s.islands[s.looking[1]][-1].back}"  # type: ignore[index]
            faces = [
                (c, k)
                for c, k in zip(self.card_codes, s.pool)
                if k and c.endswith(back)
            ]
            total = sum(k for _, k in faces)
            return [(A.Reveal(c), k / total) for c, k in faces]
        if ph == "raid":
            hand = s.players[s.target].hand
            total = sum(hand)
            return [(A.Steal(g), k / total) for g, k in zip(GOODS, hand) if k]
        if ph == "resolve" and s.queue[0][0] == "reserve":
            return self._reserve_outcomes(s)
        return []

    def _reserve_outcomes(self, s: State) -> list[tuple[A.Action, float]]:
        """ASSUMPTION-31: the top card of the shuffled reserve (undecided or a known returned card)."""
        total = sum(s.reserve) + len(s.reserve_known)
        out: list[tuple[A.Action, float]] = [
            (A.Draw(f"?/{b}"), k / total) for b, k in zip(BACKS, s.reserve) if k
        ]
        for code in sorted(set(s.reserve_known)):
            out.append((A.Draw(code), s.reserve_known.count(code) / total))
        return out

    def legal_actions(self, s: State) -> list[A.Action]:
        """The decisions open to the seat to move, in a stable order."""
        ph = s.phase
        if ph == "build":
            return self._phase2_actions(s) + self._sea_actions(s) + [A.EndTurn()]
        if ph == "sea":
            return [*self._sea_actions(s), A.EndTurn()]
        if ph == "look":
            return [A.ReturnCard(), *self._use_actions(s)]
        if ph == "discard":
            return [A.Discard(g) for g, k in zip(GOODS, s.players[s.active].hand) if k]
        if ph == "resolve":
            kind, seat = s.queue[0]
            if kind == "pirates":
                p = s.players[seat]
                return [
                    A.Remove(b, c) for b, c in removal_options(p, self.bridges[seat])
                ]
            if kind in ("produce", "golden"):
                return [A.Take(GOODS[g]) for g in choice_options(self, s)]
        return []

    def apply(self, s: State, a: A.Action) -> State:
        """The state after ``a``; raises :class:`IllegalAction` (naming the rule) if ``a`` is illegal."""
        if s.phase == "over":
            raise GameOver()
        after = dispatch(self, s, a)
        if (
            after.phase not in ("over", "roll")  # a turn's first check follows its roll
            and after.active >= 0
            and self._opts["victory_check"] == "immediate"
            and self.count_conditions(after, after.active) >= CONDITIONS_TO_WIN
        ):  # A-WIN-3: the active player wins the moment they meet a third condition
            after = after._replace(phase="over", winner=after.active, queue=())
        return after

    def observe(self, s: State, seat: int) -> State:
        """What ``seat`` sees: island cards it did not explore become face-down ``?/b`` cards.

        The undecided faces (``pool``) become what ``seat`` can deduce: the deck
        minus the cards it can see (on home islands, out of the game, and the island
        cards it looked at), and cards Pirates shuffled into the reserve count as
        unknown reserve cards again.  The result is a valid state (a determinisation).
        """
        islands, hidden = self._redact(s.islands, seat)
        if not hidden and not s.reserve_known:
            return s  # nothing decided is hidden from this seat
        # deck - visible = pool + decided faces this seat cannot see
        counts = list(s.pool)
        for code in (*hidden, *s.reserve_known):
            counts[self.code_index[code]] += 1
        reserve = list(s.reserve)
        for code in s.reserve_known:
            reserve[BACKS.index(int(code[-1]))] += 1
        return s._replace(
            islands=islands,
            pool=tuple(counts),
            reserve=tuple(reserve),
            reserve_known=(),
        )

    def _redact(
        self, stacks: tuple[tuple[IslandCard, ...], ...], seat: int
    ) -> tuple[tuple[tuple[IslandCard, ...], ...], tuple[str, ...]]:
        """Island stacks as ``seat`` sees them, and the decided faces hidden from it (cached)."""
        hit = self._redact_cache.get(seat)
        if (
            hit is not None and hit[0] is stacks
        ):  # the cache holds ``stacks``: ids stay valid
            return hit[1], hit[2]
        bit = 1 << seat
        hidden = tuple(
            card.code
            for stack in stacks
            for card in stack
            if card.code[0] != "?" and not card.seen & bit
        )
        out = stacks
        if hidden:
            out = tuple(
                tuple(
                    c
                    if c.code[0] == "?" or c.seen & bit
                    else IslandCard(f"?/{c.code[-1]}", c.seen)
                    for c in stack
                )
                for stack in stacks
            )
        self._redact_cache[seat] = (stacks, out, hidden)
        return out, hidden

    def scores(self, s: State) -> tuple[int, ...]:
        """Victory conditions met by each seat right now (A-WIN-1); see :meth:`winner`."""
        return tuple(self.count_conditions(s, seat) for seat in range(self.players))

    def winner(self, s: State) -> int | None:
        """The seat that won (A-WIN-3), or ``None`` (game running or stopped by ``max_turns``)."""
        return s.winner

    def winners(self, s: State) -> tuple[int, ...]:
        """``(winner,)`` once a seat has won (A-WIN-3); ``()`` otherwise (the protocol's)."""
        return () if s.winner is None else (s.winner,)

    def progress(self, s: State) -> Progress:
        """Round, the seat whose turn it is, and the first player (the protocol's).

        Seats take turns clockwise from the winner of the starting roll, so a
        round is ``players`` turns and the first player is found from the turn count.
        """
        if s.turn == 0:
            return Progress(0, None, None)
        first = (s.active - (s.turn - 1)) % self.players
        active = None if s.phase == "over" else s.active
        return Progress((s.turn - 1) // self.players + 1, active, first)

    def parse_action(self, text: str) -> A.Action:
        """Read an action from its text notation (the inverse of ``str(action)``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------------ queries

    def conditions(self, s: State, seat: int) -> tuple[str, ...]:
        """The victory conditions ``seat`` meets now (A-WIN-1), recomputed from the state.

        Examples
        --------
        >>> game = Anno1503(players=2)
        >>> game.conditions(game.setup(), 0)
        ()
        """
        p = s.players[seat]
        met = []
        if p.gold >= VICTORY["V-GOLD"]:
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
        """How many victory conditions ``seat`` meets now (same tests as :meth:`conditions`)."""
        p = s.players[seat]
        return (
            (p.gold >= VICTORY["V-GOLD"])
            + (STONE_BRIDGES - p.offices.count("") >= VICTORY["V-BRANCH"])
            + (len(p.contracts) >= VICTORY["V-CONTRACT"])
            + (len(p.buildings) - p.buildings.count("") >= VICTORY["V-BUILDING"])
            + (p.residents.count("MERCHANT") >= VICTORY["V-MERCHANT"])
        )

    def ship_ap(self, s: State, seat: int, ship: int) -> int:
        """Action points ship ``ship`` (0 or 1) of ``seat`` has left (A-SHIP-1/2)."""
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
        return BUY_PRICE - len(s.players[seat].contracts)

    def farthest_island(self, s: State) -> tuple[int, int]:
        """Where Pirates put the reserve's top card (ASSUMPTION-3 and -6)."""
        if self._opts["pirates_target"] == "farthest_empty":
            for pos in self.farthest:
                if not s.islands[self.island_index[pos]]:
                    return pos
        return self.farthest[0]

    # ------------------------------------------------------------------ legal-action lists

    def _phase2_actions(self, s: State) -> list[A.Action]:
        seat = s.active
        p = s.players[seat]
        out: list[A.Action] = []
        hand = p.hand
        if None in p.ships and _affords(hand, self.cost_ship):
            out.append(A.BuildShip())
        out += [A.PlacePioneer(b) for b in self._placements(s, p)]
        for i, r in enumerate(p.residents):
            if self._upgrade_problem(p, r, paid=True) is None:
                out.append(A.Upgrade(i + 1))
        if not s.sold:
            out += [A.Sell(g) for g in self._sales(p)]
        if s.bought < self._opts["max_purchases_per_turn"] and p.gold >= self.buy_price(
            s, seat
        ):
            out += [A.Buy(g) for g, k in zip(GOODS, s.supply) if k]
        if not s.raided and "BIG_BRANCH_OFFICE" in p.buildings and p.gold >= 2:
            out += [
                A.Raid(t)
                for t in range(self.players)
                if t != seat and any(s.players[t].hand)
            ]
        return out

    def _placements(self, s: State, p: Player) -> list[str]:
        """Building choices for a legal Pioneer placement ([""] if the space has no slot)."""
        if not _affords(p.hand, self.cost_pioneer):
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

    def _upgrade_problem(self, p: Player, r: str, paid: bool) -> tuple[str, str] | None:
        """Why resident level ``r`` cannot be upgraded now, as (rule, message), or None."""
        if r == "MERCHANT":
            return "A-UPG-3", "a Merchant is the highest level and cannot be upgraded"
        if (
            r == "SETTLER"
            and sum(1 for x in p.residents if x in ("CITIZEN", "MERCHANT"))
            >= CITIZEN_MERCHANT_CARDS
        ):
            return "A-UPG-2", "all 3 Citizen/Merchant cards are already on the island"
        if paid and not _affords(p.hand, self.cost_upgrade[r]):
            need = _describe(self.cost_upgrade[r])
            return UPGRADE_RULE[r], f"upgrading a {r.title()} costs {need}"
        return None

    def _sales(self, p: Player) -> list[tuple[int, ...]]:
        """Every non-empty sale (A-SELL-1/2): goods counts within each resident group's capacity."""
        k = self._opts["sale_cards_per_resident"]
        res = p.residents
        cap_basic = res.count("PIONEER") * k
        h = p.hand
        basics = [
            (a, b, c)
            for a in range(min(h[STONE], cap_basic) + 1)
            for b in range(min(h[WOOD], cap_basic - a) + 1)
            for c in range(min(h[TOOLS], cap_basic - a - b) + 1)
        ]
        out = []
        for cl in range(min(h[CLOTH], res.count("SETTLER") * k) + 1):
            for sp in range(min(h[SPICE], res.count("CITIZEN") * k) + 1):
                for tb in range(min(h[TOBACCO], res.count("MERCHANT") * k) + 1):
                    for a, b, c in basics:
                        if a or b or c or cl or sp or tb:
                            out.append((a, b, c, cl, sp, tb))
        return out

    def _sea_actions(self, s: State) -> list[A.Action]:
        seat = s.active
        p = s.players[seat]
        out: list[A.Action] = []
        for i, at in enumerate(p.ships):
            if at is None:
                continue
            ap = self.ship_ap(s, seat, i)
            if ap <= 0:
                continue
            out += self._sails(i + 1, at, ap)
            done = s.explored[i]
            for isl in self.coast[at]:
                idx = self.island_index[isl]
                if s.islands[idx] and idx not in done:
                    out.append(A.Explore(i + 1, isl))
        return out

    def _sails(self, ship: int, at: tuple[int, int], ap: int) -> tuple[A.Sail, ...]:
        """The sail actions of one ship (cached: they depend only on its place and AP)."""
        key = (ship, at, ap)
        sails = self._sail_cache.get(key)
        if sails is None:
            sails = tuple(
                A.Sail(ship, pos) for pos, d in self.distances[at] if 0 < d <= ap
            )
            self._sail_cache[key] = sails
        return sails

    def _use_actions(self, s: State) -> list[A.Action]:
        seat = s.active
        p = s.players[seat]
        code = s.islands[s.looking[1]][-1].code  # type: ignore[index]
        if code.startswith("BO-"):
            return [
                A.UseCard(bridge=b)
                for b, o in zip(self.bridges[seat], p.offices)
                if not o
            ]
        if code.startswith("TC"):
            return [A.UseCard()] if len(p.contracts) < WOODEN_BRIDGES else []
        if code.startswith("TG"):
            return [A.UseCard()]
        return [
            A.UseCard(space=i + 1)
            for i, r in enumerate(p.residents)
            if self._upgrade_problem(p, r, paid=False) is None
        ]


def _affords(hand: tuple[int, ...], cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


def _describe(cost: tuple[int, ...]) -> str:
    return " + ".join(f"{n} {g}" for g, n in zip(GOODS, cost) if n) or "nothing"


__all__ = ["AP_PER_SHIP", "DEFAULTS", "HAND_LIMIT", "VICTORY", "Anno1503"]
