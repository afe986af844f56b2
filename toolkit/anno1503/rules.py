"""The Anno 1503 rules on the shared game protocol (spec rule IDs ``A-*``).

:class:`Anno1503` implements ``setup``, ``to_move``, ``legal_actions``,
``chance_outcomes``, ``apply``, ``observe``, ``scores`` and ``parse_action`` on
the static game of :class:`~toolkit.anno1503.base.Anno1503Base` (sea graph,
decks, home islands, options, and the queries the rule modules share). The
rules of each kind of action live in :mod:`~toolkit.anno1503.moves`,
:mod:`~toolkit.anno1503.voyage` and :mod:`~toolkit.anno1503.events`.
Every illegal action raises :class:`~toolkit.core.IllegalAction` naming the rule.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from toolkit.core import CHANCE, GameOver, IllegalAction
from toolkit.core.game import Progress

from . import actions as A
from .base import DEFAULTS, Anno1503Base
from .common import affords, new_state, seat_arg
from .constants import (
    AP_PER_SHIP,
    CLOTH,
    HAND_LIMIT,
    PARAMETERS,
    SPICE,
    STONE,
    STONE_BRIDGES,
    TOBACCO,
    TOOLS,
    VICTORY,
    WOOD,
    WOODEN_BRIDGES,
)
from .events import choice_options, may_decline, removal_options
from .moves import dispatch
from .state import IslandCard, Player, State
from .tables import BACKS, GOODS

assert IslandCard._fields == ("code", "seen")  # _redact reads them by position

#: Every face-down card a redaction can produce, by back and seen mask: public
#: (nothing but the back and who looked), so made once here instead of per call.
_FACE_DOWN = {
    (str(b), seen): IslandCard(f"?/{b}", seen) for b in BACKS for seen in range(16)
}
#: The last character of a card code (its back) -> its index in ``BACKS``.
_BACK_INDEX = {str(b): i for i, b in enumerate(BACKS)}


#: The actions without fields, made once.
_END_TURN = A.EndTurn()
_RETURN_CARD = A.ReturnCard()
_TAKE_NOTHING = A.TakeNothing()
_BUILD_SHIP = A.BuildShip()
_USE_CARD = A.UseCard()
#: Every other action ``legal_actions`` and ``chance_outcomes`` list, made once
#: (see :func:`_made`): class and tuple of fields -> the action.
_MADE: dict[tuple[Any, ...], Any] = {}


#: Per good index: the actions and outcomes naming that good, made once.
_TAKES = tuple(A.Take(g) for g in GOODS)
_BUYS = tuple(A.Buy(g) for g in GOODS)
_DISCARDS = tuple(A.Discard(g) for g in GOODS)
_STEALS = tuple(A.Steal(g) for g in GOODS)
#: The production and event rolls with their probabilities (copied per call).
_ROLLS = [(A.Roll(f), 1 / 6) for f in range(1, 7)]
_EVENT_ROLLS = [(A.EventRoll(f), 1 / 6) for f in range(1, 7)]
#: The sale actions of a seat (see :meth:`Anno1503._sale_actions`), by what they
#: depend on: the basic residents' capacity and the goods counts each group can
#: take. Derived from the rules alone (no state), like ``_MADE``.
_SALE_ACTIONS: dict[tuple[int, ...], tuple[Any, ...]] = {}


def _made(kind: type, *fields: Any) -> Any:
    """Return ``kind(*fields)``, the same object every time.

    Actions are immutable values, and making them anew (frozen dataclasses that
    check their fields) cost more than finding which are legal. The fields come
    from the game's finite sets (goods, seats, spaces, bridges, islands, card
    codes, sale vectors within the residents' capacity), so this table stays
    small; it is the module's, not a game's.
    """
    key = (kind, fields)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = kind(*fields)
    return action


def _event_pending(s: State) -> bool:
    """Whether an event is rolled for or being resolved (ASSUMPTION-E1).

    From a production roll of 6 until every seat has dealt with the event.
    """
    return s.phase == "event" or (s.phase == "resolve" and s.event != "")


@mypyc_attr(
    allow_interpreted_subclasses=True
)  # lessons may subclass it to change a rule
class Anno1503(Anno1503Base):
    """Anno 1503 (Kosmos 2003) for 2-4 players.

    Parameters
    ----------
    players : 2, 3 or 4.
    cost_pioneer_to_settler : CONFLICT-1; default ``{"CLOTH": 1, "STONE": 2}``.
    sale_cards_per_resident : CONFLICT-2; cards per resident and sale (default 1).
    max_purchases_per_turn : CONFLICT-3; 1 (default) or 2.
    victory_check : CONFLICT-4; ``"immediate"`` (default) or ``"end_of_turn"``.
    pirates_target : ASSUMPTION-6; ``"farthest"`` (default) or ``"farthest_empty"``.
    win_before_event : ASSUMPTION-E1 (the engine's, not the specification's). A
        player who meets 3 conditions as their production roll shows 6 (gold from
        a Big Branch Office raid can do that between turns) wins at once, before
        the event roll (``True``, the default, as A-WIN-3 checks "straight after
        the production roll"); ``False`` checks only once the event is resolved,
        so Pirates or Fire may take a condition away first.
    max_turns : stop after this many turns without a winner (``None``: no limit).
    data : a folder with the dataset files (default: ``datasets/anno1503``).

    Examples
    --------
    >>> game = Anno1503(players=3)
    >>> s = game.setup()
    >>> game.to_move(s), [str(a) for a, p in game.chance_outcomes(s)]
    (-1, ['first 0', 'first 1', 'first 2'])
    """

    name: ClassVar[str] = "anno1503"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: Every option with its default (the protocol's ``defaults``).
    defaults: ClassVar[dict[str, Any]] = DEFAULTS
    #: The options that are rule constants (left out of ``options`` at default).
    rule_parameters: ClassVar[tuple[str, ...]] = tuple(PARAMETERS)
    #: Options naming something on this computer (a data folder): from code only,
    #: a record may not set them (see :mod:`toolkit.core.record`).
    local_options: ClassVar[tuple[str, ...]] = ("data",)

    def setup(self) -> State:
        """Return the deterministic start (A-SETUP-1..9).

        The first turn is the starting roll.
        """
        t = self.tables
        n = self.players
        hand = [0] * len(GOODS)
        hand[STONE] = hand[WOOD] = 1  # A-SETUP-9
        player = Player(
            gold=self.start_gold,
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
        """Return the seat to decide, :data:`~toolkit.core.CHANCE`.

        ``None`` when the game is over.
        """
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
            return [(_made(A.First, i), 1 / self.players) for i in range(self.players)]
        if ph == "roll":
            return list(_ROLLS)
        if ph == "event":
            return list(_EVENT_ROLLS)
        if ph == "reveal":
            back = f"/{s.islands[s.looking[1]][-1].back}"  # type: ignore[index]
            faces = [
                (c, k)
                for c, k in zip(self.card_codes, s.pool)
                if k and c.endswith(back)
            ]
            total = sum(k for _, k in faces)
            return [(_made(A.Reveal, c), k / total) for c, k in faces]
        if ph == "raid":
            hand = s.players[s.target].hand
            total = sum(hand)
            return [(_STEALS[g], k / total) for g, k in enumerate(hand) if k]
        if ph == "resolve" and s.queue[0][0] == "reserve":
            return self._reserve_outcomes(s)
        return []

    def _reserve_outcomes(self, s: State) -> list[tuple[A.Action, float]]:
        """ASSUMPTION-31.

        The top card of the shuffled reserve (undecided or a known returned card).
        """
        total = sum(s.reserve) + len(s.reserve_known)
        out: list[tuple[A.Action, float]] = [
            (_made(A.Draw, f"?/{b}"), k / total) for b, k in zip(BACKS, s.reserve) if k
        ]
        for code in sorted(set(s.reserve_known)):
            out.append((_made(A.Draw, code), s.reserve_known.count(code) / total))
        return out

    def legal_actions(self, s: State) -> list[A.Action]:
        """Return the decisions open to the seat to move, in a stable order."""
        ph = s.phase
        if ph == "build":
            return self._phase2_actions(s) + self._sea_actions(s) + [_END_TURN]
        if ph == "sea":
            return [*self._sea_actions(s), _END_TURN]
        if ph == "look":
            return [_RETURN_CARD, *self._use_actions(s)]
        if ph == "discard":
            return [_DISCARDS[g] for g, k in enumerate(s.players[s.active].hand) if k]
        if ph == "resolve":
            kind, seat = s.queue[0]
            if kind == "pirates":
                p = s.players[seat]
                return [
                    _made(A.Remove, b, c)
                    for b, c in removal_options(p, self.bridges[seat])
                ]
            if kind in ("produce", "golden"):
                takes: list[A.Action] = [_TAKES[g] for g in choice_options(self, s)]
                if may_decline(self, s):  # A-PROD-3, A-EVENT-4: "may take"
                    takes.append(_TAKE_NOTHING)
                return takes
        return []

    def apply(self, s: State, a: A.Action) -> State:
        """Return the state after ``a``.

        Raises :class:`IllegalAction` (naming the rule) if ``a`` is illegal.
        """
        if s.phase == "over":
            raise GameOver()
        try:
            after = dispatch(self, s, a)
        except IllegalAction:
            if isinstance(a, str):  # only on the way to refusing: no cost otherwise
                raise IllegalAction(
                    "A-TURN-1",
                    f"{a!r} is text, not an action: read it with "
                    f"game.parse_action({a!r}) and apply what that returns.",
                ) from None
            raise
        if (
            after.phase not in ("over", "roll")  # a turn's first check follows its roll
            and after.active >= 0
            and self._opts["victory_check"] == "immediate"
            and (self._opts["win_before_event"] or not _event_pending(after))
            and self.count_conditions(after, after.active) >= self.conditions_to_win
        ):  # A-WIN-3: the active player wins the moment they meet a third condition
            after = new_state(after, phase="over", winner=after.active, queue=())
        return after

    def observe(self, s: State, seat: Any) -> State:  # Any: checked here (compiled)
        """Return what ``seat`` sees: cards it did not explore become face-down ``?/b``.

        The undecided faces (``pool``) become what ``seat`` can deduce: the deck
        minus the cards it can see (on home islands, out of the game, and the island
        cards it looked at), and cards Pirates shuffled into the reserve count as
        unknown reserve cards again.  The result is a valid state (a determinisation).
        """
        if not (type(seat) is int and 0 <= seat < self.players):
            seat_arg(self, seat)  # raises the ValueError naming the argument
        islands, hidden = self._redact(s.islands, seat)
        known = s.reserve_known
        if not hidden and not known:
            return s  # nothing decided is hidden from this seat
        # deck - visible = pool + decided faces this seat cannot see
        counts = list(s.pool)
        index = self.code_index
        for code in hidden:
            counts[index[code]] += 1
        reserve = s.reserve
        if known:
            more = list(reserve)
            for code in known:
                counts[index[code]] += 1
                more[_BACK_INDEX[code[-1]]] += 1
            reserve = tuple(more)
        return new_state(
            s, islands=islands, pool=tuple(counts), reserve=reserve, reserve_known=()
        )

    def _redact(
        self, stacks: tuple[tuple[IslandCard, ...], ...], seat: int
    ) -> tuple[tuple[tuple[IslandCard, ...], ...], list[str]]:
        """Island stacks as ``seat`` sees them, and the decided faces hidden from it.

        Runs on every decision (``observe``) with nothing remembered between calls
        (the game holds no state), so it is one plain pass: only the stacks that
        hide a card are copied, the others are shared with ``stacks``.
        """
        # (the cards' fields read by position, card[0] its code and card[1]
        # who saw it: compiled, a tuple's item is read directly, an attribute
        # of a named tuple through Python's attribute look-up)
        bit = 1 << seat
        out: list[tuple[IslandCard, ...]] | None = None
        hidden: list[str] = []
        for i, stack in enumerate(stacks):
            for card in stack:
                if card[1] & bit or card[0][0] == "?":
                    continue  # seen by this seat, or not decided yet
                if out is None:
                    out = list(stacks)
                new = []
                for c in stack:
                    code, seen = c[0], c[1]
                    if seen & bit or code[0] == "?":
                        new.append(c)
                    else:
                        hidden.append(code)
                        new.append(_FACE_DOWN[code[-1], seen])
                out[i] = tuple(new)
                break
        return (stacks if out is None else tuple(out)), hidden

    def scores(self, s: State) -> tuple[int, ...]:
        """Victory conditions met by each seat right now (A-WIN-1).

        See :meth:`winner`.
        """
        return tuple(self.count_conditions(s, seat) for seat in range(self.players))

    def winner(self, s: State) -> int | None:
        """Return the seat that won (A-WIN-3).

        ``None`` while the game runs or after ``max_turns`` stopped it.
        """
        return s.winner

    def winners(self, s: State) -> tuple[int, ...]:
        """``(winner,)`` once a seat has won (A-WIN-3).

        ``()`` otherwise (the protocol's).
        """
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

    def parse_action(self, text: Any) -> A.Action:  # Any: A.parse_action checks it
        """Read an action from its text notation (the inverse of ``str(action)``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------ legal-action lists

    def _phase2_actions(self, s: State) -> list[A.Action]:
        seat = s.active
        p = s.players[seat]
        out: list[A.Action] = []
        hand = p.hand
        if None in p.ships and affords(hand, self.cost_ship):
            out.append(_BUILD_SHIP)
        out += [_made(A.PlacePioneer, b) for b in self._placements(s, p)]
        for i, r in enumerate(p.residents):
            if self._upgrade_problem(p, r, paid=True, explain=False) is None:
                out.append(_made(A.Upgrade, i + 1))
        if not s.sold:
            out += self._sale_actions(p)
        if s.bought < self._opts["max_purchases_per_turn"] and p.gold >= self.buy_price(
            s, seat
        ):
            out += [_BUYS[g] for g, k in enumerate(s.supply) if k]
        if not s.raided and "BIG_BRANCH_OFFICE" in p.buildings and p.gold >= 2:
            out += [
                _made(A.Raid, t)
                for t in range(self.players)
                if t != seat and any(s.players[t].hand)
            ]
        return out

    def _sales(self, p: Player) -> list[tuple[int, ...]]:
        """Every non-empty sale (A-SELL-1/2).

        Goods counts within each resident group's capacity.
        """
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
        out: list[tuple[int, ...]] = []
        for cl in range(min(h[CLOTH], res.count("SETTLER") * k) + 1):
            for sp in range(min(h[SPICE], res.count("CITIZEN") * k) + 1):
                for tb in range(min(h[TOBACCO], res.count("MERCHANT") * k) + 1):
                    for a, b, c in basics:
                        if a or b or c or cl or sp or tb:
                            out.append((a, b, c, cl, sp, tb))
        return out

    def _sale_actions(self, p: Player) -> tuple[A.Action, ...]:
        """The :class:`~toolkit.anno1503.actions.Sell` action of every sale in
        :meth:`_sales`, in its order, made once per capacity and hand (A-SELL-1/2).

        The sales depend only on the Pioneers' capacity and on how many cards of
        each good its group can take (the hand's count up to the group's
        capacity), so the list is kept under those seven numbers.
        """
        k = self._opts["sale_cards_per_resident"]
        res = p.residents
        h = p.hand
        # (the residents counted as sums of generators: native loops when
        # compiled, where a tuple's count method is a Python call)
        basic = sum(1 for r in res if r == "PIONEER") * k
        key = (
            basic,
            min(h[STONE], basic),
            min(h[WOOD], basic),
            min(h[TOOLS], basic),
            min(h[CLOTH], sum(1 for r in res if r == "SETTLER") * k),
            min(h[SPICE], sum(1 for r in res if r == "CITIZEN") * k),
            min(h[TOBACCO], sum(1 for r in res if r == "MERCHANT") * k),
        )
        got = _SALE_ACTIONS.get(key)
        if got is None:
            got = tuple(_made(A.Sell, g) for g in self._sales(p))
            if len(_SALE_ACTIONS) >= 4096:  # a bound on memory, never reached in play
                _SALE_ACTIONS.clear()
            _SALE_ACTIONS[key] = got
        return got

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
                    out.append(_made(A.Explore, i + 1, isl))
        return out

    def _sails(self, ship: int, at: tuple[int, int], ap: int) -> tuple[A.Sail, ...]:
        """Return the sail actions of one ship.

        Every sea space within its AP (A-SHIP-3), from the game's static table.
        """
        by_ap = self.sails[ship - 1][at]
        return by_ap[ap] if ap < len(by_ap) else by_ap[-1]

    def _use_actions(self, s: State) -> list[A.Action]:
        seat = s.active
        p = s.players[seat]
        code = s.islands[s.looking[1]][-1].code  # type: ignore[index]
        if code.startswith("BO-"):
            return [
                _made(A.UseCard, b)  # bridge b
                for b, o in zip(self.bridges[seat], p.offices)
                if not o
            ]
        if code.startswith("TC"):
            return [_USE_CARD] if len(p.contracts) < WOODEN_BRIDGES else []
        if code.startswith("TG"):
            return [_USE_CARD]
        return [
            _made(A.UseCard, 0, i + 1)  # space i + 1
            for i, r in enumerate(p.residents)
            if self._upgrade_problem(p, r, paid=False, explain=False) is None
        ]


__all__ = ["AP_PER_SHIP", "DEFAULTS", "HAND_LIMIT", "VICTORY", "Anno1503"]
