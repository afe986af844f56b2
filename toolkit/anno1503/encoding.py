"""The fixed RL encoding of an Anno 1503 game (the ``encoding`` part).

:mod:`toolkit.envs` finds :data:`Encoder` here; the contract is in
:mod:`toolkit.envs.encoding`. ``encoder("anno1503", 3).describe()`` prints the
observation layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from math import prod
from operator import itemgetter
from typing import Any, ClassVar

from toolkit.anno1503 import actions as A
from toolkit.anno1503.constants import (
    CITIZEN_MERCHANT_CARDS,
    PIONEER_SETTLER_CARDS,
    STONE_BRIDGES,
    WOODEN_BRIDGES,
)
from toolkit.anno1503.events import EVENTS
from toolkit.anno1503.rows import (
    ANNO_CAP,
    counts,
    fleet,
    fleets,
    home,
    homes,
    island,
    purse,
    tallies,
    turn,
)
from toolkit.anno1503.state import PHASES, IslandCard, Player, State
from toolkit.anno1503.tables import BACKS, BUILDINGS, GOODS, RESIDENTS
from toolkit.envs.encoding import ActionTable, EncoderBase, Layout, Part

#: Cards of each island stack encoded one by one, from the top (Anno 1503).
STACK_DEPTH = 4


def _fields(*names: str) -> Any:
    """A key reading the named fields of a state, by position (a state is a
    named tuple: ``itemgetter`` indexes it, where ``attrgetter`` would look
    each name up on its class).
    """
    return itemgetter(*(State._fields.index(name) for name in names))


class AnnoEncoder(EncoderBase):
    """The fixed action, chance and observation encoding of an Anno 1503 game.

    ``S`` sea spaces and ``I`` island spaces (sorted positions), ``C`` island
    card codes in play (``game.card_codes``) and ``K = C + backs`` card faces
    (the codes and the undecided ``?/b``), ``R`` resident spaces, ``P`` players.

    **Actions**: ``build ship``; ``place pioneer`` (plain, then per public
    building type); ``upgrade N`` per resident space; ``sell ...`` per goods
    vector a sale can hold (every vector within the resident-group capacities
    of A-SELL-1/2, sorted); ``buy G`` per good; ``raid SEAT`` per seat;
    ``sail SHIP POS`` per (ship, sea space); ``explore SHIP POS`` per (ship,
    island space); ``return card``; ``use card``, ``use card bridge N`` per
    stone-bridge number, ``use card space N`` per resident space; ``end turn``;
    ``take G`` per good; ``remove bridge N``, ``remove contract N``;
    ``discard G`` per good.

    **Chance outcomes**: ``first SEAT``, ``roll F``, ``event F``,
    ``reveal CODE`` per code, ``draw CODE`` per code and per ``?/b``,
    ``steal G`` per good.

    **Observation** of ``game.observe(state, seat)``, seats relative to the
    observer as for Pioneers. Segments in order:

    ==============  =============  ==========================================
    phase           11             one-hot of ``anno1503.state.PHASES``
    to_move         P              who decides now (zeros at chance / the end)
    active          P              whose turn it is
    target          P              the seat being raided
    winner          P              the winner, once there is one
    turn            7              turns started (clipped at ``ANNO_CAP``),
                                   production roll, AP of ship 1 and 2, sold,
                                   purchases made, raided
    event           3              PIRATES, FIRE, GOLDEN_AGE
    queue           2P+2 x (5+P)   pending effects in order: kind one-hot
                                   (produce, golden, pirates, fire, reserve),
                                   seat one-hot
    explored        2 x I          islands each ship explored this turn
    looking         2 + I          the exploring ship and island
    supply          6              goods cards left per good
    display         8              public buildings on display, per type
    pool            C              undecided faces as the observer deduces them
    reserve         3              unknown reserve cards per back (2, 3, 4)
    gone            C              used treasures, per code
    islands         I x (1+4(K+P)) stack height, then the top 4 cards: face
                                   one-hot (K), seen by (relative seats)
    players         P x (...)      gold (clipped at ``ANNO_CAP``), hand (6),
                                   resident level one-hot per space (R x 4),
                                   building one-hot per space (R x 8), office
                                   code per stone bridge (4 x C), contract code
                                   per wooden bridge (3 x C), ship positions
                                   (2 x S one-hot; zeros in the supply)
    ==============  =============  ==========================================

    Hidden by ``observe`` and so absent: the faces of island cards the observer
    has not looked at (they read ``?/b``, and the pool counts them as
    undecided), and which known cards Pirates shuffled into the reserve. Cards
    deeper than 4 in a stack are counted by the height only. Scores are the
    victory conditions met (0-5).

    OpenSpiel needs every game to end: there ``max_turns`` defaults to 100
    turns (random play rarely reaches a win), not to the engine's ``None``.
    """

    openspiel_defaults: ClassVar[dict[str, Any]] = {"max_turns": 100}

    def __init__(self, game: Any) -> None:
        self.game = game
        P = self.players = game.players
        t = game.tables
        R = t.spaces
        sea = tuple(sorted(game.sea.nodes))
        isles = tuple(game.island_spaces)
        codes = tuple(game.card_codes)
        faces = codes + tuple(f"?/{b}" for b in game.backs)
        bridges = sorted({b for nums in t.bridges.values() for b in nums})
        self._GOODS, self._BUILDINGS, self._RESIDENTS = GOODS, BUILDINGS, RESIDENTS
        self._events = tuple(e for e in dict.fromkeys(EVENTS) if e)
        self._kinds = ("produce", "golden", "pirates", "fire", "reserve")
        self._phase = {p: i for i, p in enumerate(PHASES)}
        self._sea = {p: i for i, p in enumerate(sea)}
        self._isle = {p: i for i, p in enumerate(isles)}
        self._code = {c: i for i, c in enumerate(codes)}
        self._face = {c: i for i, c in enumerate(faces)}
        self._spaces = R
        self._queue = 2 * P + 2

        # actions
        k = game.options["sale_cards_per_resident"]
        sales: set[tuple[int, ...]] = set()
        for pio in range(PIONEER_SETTLER_CARDS + 1):
            for cit in range(CITIZEN_MERCHANT_CARDS + 1):
                caps = (
                    pio * k,
                    (PIONEER_SETTLER_CARDS - pio) * k,
                    cit * k,
                    (CITIZEN_MERCHANT_CARDS - cit) * k,
                )
                for a in range(caps[0] + 1):
                    for b in range(caps[0] - a + 1):
                        for c in range(caps[0] - a - b + 1):
                            for rest in _boxes(caps[1:]):
                                sales.add((a, b, c, *rest))
        sales.discard((0,) * len(GOODS))
        acts: list[Any] = [A.BuildShip(), A.PlacePioneer()]
        acts += [A.PlacePioneer(b) for b in BUILDINGS]
        acts += [A.Upgrade(i) for i in range(1, R + 1)]
        acts += [A.Sell(v) for v in sorted(sales)]
        acts += [A.Buy(g) for g in GOODS]
        acts += [A.Raid(s) for s in range(P)]
        acts += [A.Sail(ship, pos) for ship in (1, 2) for pos in sea]
        acts += [A.Explore(ship, pos) for ship in (1, 2) for pos in isles]
        acts += [A.ReturnCard(), A.UseCard()]
        acts += [A.UseCard(bridge=b) for b in bridges]
        acts += [A.UseCard(space=i) for i in range(1, R + 1)]
        acts += [A.EndTurn()]
        acts += [A.Take(g) for g in GOODS]
        acts += [A.TakeNothing()]
        acts += [A.Remove(bridge=b) for b in bridges]
        acts += [A.Remove(contract=i) for i in range(1, WOODEN_BRIDGES + 1)]
        acts += [A.Discard(g) for g in GOODS]
        self.action_labels = tuple(str(a) for a in acts)
        self._index = ActionTable(acts)
        # the base's legal_from: one compiled pass per list, each action's
        # index remembered by identity (the engine's actions are made once)
        self._action_table = self._index

        ch: list[Any] = [A.First(s) for s in range(P)]
        ch += [A.Roll(f) for f in range(1, 7)]
        ch += [A.EventRoll(f) for f in range(1, 7)]
        ch += [A.Reveal(c) for c in codes]
        ch += [A.Draw(c) for c in faces]
        ch += [A.Steal(g) for g in GOODS]
        self.chance_labels = tuple(str(a) for a in ch)
        self._chance_index = {a: i for i, a in enumerate(ch)}
        assert len(self._index) == len(acts) and len(self._chance_index) == len(ch)

        # observation layout
        ap = 2 * game.ap_base
        cards = sum(game.deck)
        deck = dict(zip(codes, game.deck, strict=True))
        lay = Layout()
        lay.add("phase", (len(PHASES),), 1, "one-hot of anno1503 PHASES")
        for name in ("to_move", "active", "target", "winner"):
            lay.add(name, (P,), 1, f"relative seat: {name}")
        turn = {
            "turn": ANNO_CAP,
            "roll": 6,
            "ap_1": ap,
            "ap_2": ap,
            "sold": 1,
            "bought": 2,
            "raided": 1,
        }
        self.turn_fields = tuple(turn)
        lay.add("turn", (len(turn),), list(turn.values()), ", ".join(turn))
        lay.add("event", (len(self._events),), 1, ", ".join(self._events))
        lay.add("queue", (self._queue, 5 + P), 1, "kind one-hot, relative seat")
        lay.add("explored", (2, len(isles)), 1, "islands explored per ship")
        lay.add("looking", (2 + len(isles),), 1, "exploring ship, island")
        lay.add("supply", (len(GOODS),), t.goods_cards, "goods cards left")
        lay.add("display", (len(BUILDINGS),), max(P, 4), "buildings on display")
        lay.add("pool", (len(codes),), [deck[c] for c in codes], "undecided faces")
        lay.add("reserve", (len(BACKS),), cards, "unknown reserve cards by back")
        lay.add("gone", (len(codes),), [deck[c] for c in codes], "used treasures")
        card = [1] * len(faces) + [1] * P
        lay.add(
            "islands",
            (len(isles), 1 + STACK_DEPTH * len(card)),
            [cards] + card * STACK_DEPTH,
            "height, then top 4 cards: face one-hot, seen by relative seat",
        )
        player = (
            [ANNO_CAP]
            + [t.goods_cards] * len(GOODS)
            + [1] * (R * len(RESIDENTS) + R * len(BUILDINGS))
            + [1] * ((STONE_BRIDGES + WOODEN_BRIDGES) * len(codes) + 2 * len(sea))
        )
        self._player_parts = (
            1,
            len(GOODS),
            R * len(RESIDENTS),
            R * len(BUILDINGS),
            STONE_BRIDGES * len(codes),
            WOODEN_BRIDGES * len(codes),
            2 * len(sea),
        )
        lay.add(
            "players",
            (P, len(player)),
            player,
            "gold, hand, residents, buildings, offices, contracts, ships",
        )
        self.set_layout(lay)
        self._build_parts()
        self.max_score = 5.0
        turns = game.options["max_turns"]
        # a turn holds far fewer than 256 decisions (every one spends goods, AP or
        # a once-per-turn right); unbounded games (max_turns None) get a nominal cap
        self.max_game_length = 256 * (turns if turns else 10_000)

    def action_index(self, action: Any) -> int:
        """The index of an engine decision."""
        return self._index[action]

    # The vector is built by the base's encode (and updated by its trackers) from
    # these parts; the layout is in the class docstring.

    def _build_parts(self) -> None:
        """The vector as parts that update on their own (:class:`Part`)."""
        self._index_of_building = {b: i for i, b in enumerate(self._BUILDINGS)}
        self._index_of_resident = {r: i for i, r in enumerate(self._RESIDENTS)}
        self._index_of_event = {e: i for i, e in enumerate(self._events)}
        self._index_of_kind = {k: i for i, k in enumerate(self._kinds)}
        parts = self._player_parts
        self._player_row = sum(parts)
        o = self._offset
        self._slice = {
            name: range(o[name], o[name] + prod(shape))
            for name, shape, _ in self.segments
        }
        self._supply_slice = self._slice["supply"]
        self._pool_slice = self._slice["pool"]
        self._reserve_slice = self._slice["reserve"]
        width = self._player_parts[0] + self._player_parts[1]  # gold and hand
        self._purse_slices = tuple(
            range(k, k + width)
            for k in (o["players"] + r * self._player_row for r in range(self.players))
        )
        self.set_parts(
            [
                # whose turn and what phase it is, with what the engine's
                # to_move reads (phase, active, queue; tests/games compare the
                # tracked vector with a fresh one on every step): one part, as
                # these change together and recur (a memo hit per change)
                Part(
                    _fields("phase", "active", "target", "winner", "event", "queue"),
                    self._fill_head,
                ),
                Part(
                    _fields("turn", "roll", "ap", "sold", "bought", "raided"),
                    partial(turn, self._slice["turn"]),
                ),
                Part(_fields("explored", "looking"), self._fill_exploring),
                # counts that seldom recur (a memo would only hash them)
                # (compiled fills: toolkit.anno1503.rows, the field by position)
                Part(
                    _fields("supply"),
                    partial(counts, self._supply_slice, 1, "supply"),
                    memo=False,
                ),
                Part(
                    _fields("pool"),
                    partial(counts, self._pool_slice, 4, "pool"),
                    memo=False,
                ),
                Part(
                    _fields("reserve"),
                    partial(counts, self._reserve_slice, 5, "reserve"),
                    memo=False,
                ),
                Part(
                    _fields("display", "gone"),
                    partial(
                        tallies,
                        o["display"],
                        self._index_of_building,
                        o["gone"],
                        self._code,
                    ),
                ),
                Part(
                    _fields("islands"),
                    partial(
                        island, o["islands"], STACK_DEPTH, self._face, self.players
                    ),
                    rows=True,
                ),
                # purses rarely recur (gold): dense slices, not remembered; one
                # row per player (the engine makes a new Player when any of its
                # fields changes, and most changes are to the purse)
                Part(
                    _fields("players"),
                    partial(purse, self._purse_slices, self.players),
                    rows=True,
                    memo=False,
                ),
                # (compiled fills, toolkit.anno1503.rows: the entries of seat 0's
                # row they start at, a row's length, the parts' sizes, indices)
                Part(
                    homes,
                    partial(
                        home,
                        o["players"] + sum(parts[:2]),
                        self._player_row,
                        self.players,
                        parts[2:5],
                        self._index_of_resident,
                        self._index_of_building,
                        self._code,
                    ),
                    rows=True,
                ),
                Part(
                    fleets,
                    partial(
                        fleet,
                        o["players"] + sum(parts[:6]),
                        self._player_row,
                        self.players,
                        self._sea,
                    ),
                    rows=True,
                ),
            ]
        )

    def _fill_to_move(self, s: Any, seat: int) -> tuple[list[int], float]:
        """Who decides now (relative seat)."""
        who = self.game.to_move(s)
        if who is not None and who >= 0:
            return [self._offset["to_move"] + (who - seat) % self.players], 1.0
        return [], 1.0

    def _fill_head(self, s: Any, seat: int) -> tuple[list[int], float]:
        """Phase, who decides, whose turn, target, winner, event, pending effects."""
        return (
            self._fill_to_move(s, seat)[0]
            + self._fill_seats(s, seat)[0]
            + self._fill_queue(s, seat)[0]
        ), 1.0

    def _fill_seats(self, s: Any, seat: int) -> tuple[list[int], float]:
        """Phase, whose turn, target, winner and the event."""
        P, o = self.players, self._offset
        idx = [o["phase"] + self._phase[s.phase]]
        for name, x in (
            ("active", s.active),
            ("target", s.target),
            ("winner", s.winner),
        ):
            if x is not None and x >= 0:
                idx.append(o[name] + (x - seat) % P)
        if s.event:
            idx.append(o["event"] + self._index_of_event[s.event])
        return idx, 1.0

    def _fill_queue(self, s: Any, seat: int) -> tuple[list[int], float]:
        """Pending effects: kind one-hot and relative seat."""
        if len(s.queue) > self._queue:
            raise ValueError(
                f"a queue of {len(s.queue)} effects does not fit the encoding"
            )
        P, row, base = self.players, 5 + self.players, self._offset["queue"]
        idx = []
        for j, (kind, x) in enumerate(s.queue):
            k = base + j * row
            idx.append(k + self._index_of_kind[kind])
            if x >= 0:
                idx.append(k + 5 + (x - seat) % P)
        return idx, 1.0

    def _fill_exploring(self, s: Any, seat: int) -> tuple[list[int], float]:
        """The islands each ship explored, and the card being looked at."""
        o, n = self._offset, len(self._isle)
        idx = [
            o["explored"] + ship * n + i
            for ship, done in enumerate(s.explored)
            for i in done
        ]
        if s.looking is not None:
            ship, i = s.looking
            idx += [o["looking"] + ship, o["looking"] + 2 + i]
        return idx, 1.0


# toolkit.anno1503.rows reads these fields by position
assert State._fields[:6] == (
    "players",
    "supply",
    "display",
    "islands",
    "pool",
    "reserve",
)
assert State._fields[7] == "gone" and IslandCard._fields == ("code", "seen")
assert tuple(State._fields[i] for i in (9, 12, 14, 17, 18, 19)) == (
    "turn",
    "roll",
    "ap",
    "sold",
    "bought",
    "raided",
)
assert Player._fields[:2] == ("gold", "hand") and Player._fields[2:7] == (
    "residents",
    "buildings",
    "offices",
    "contracts",
    "ships",
)


def _boxes(caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every vector with ``0 <= x[i] <= caps[i]``."""
    out: list[tuple[int, ...]] = [()]
    for cap in caps:
        out = [(*v, x) for v in out for x in range(cap + 1)]
    return out


#: The encoding part's contract (see :mod:`toolkit.envs.encoding`).
Encoder = AnnoEncoder

__all__ = ["ANNO_CAP", "STACK_DEPTH", "AnnoEncoder", "Encoder"]
