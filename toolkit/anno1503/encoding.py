"""The fixed RL encoding of an Anno 1503 game (the ``encoding`` part).

:mod:`toolkit.envs` finds :data:`Encoder` here; the contract is in
:mod:`toolkit.envs.encoding`. ``encoder("anno1503", 3).describe()`` prints the
observation layout.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from toolkit.anno1503 import actions as A
from toolkit.anno1503.constants import (
    CITIZEN_MERCHANT_CARDS,
    PIONEER_SETTLER_CARDS,
    STONE_BRIDGES,
    WOODEN_BRIDGES,
)
from toolkit.anno1503.events import EVENTS
from toolkit.anno1503.state import PHASES
from toolkit.anno1503.tables import BACKS, BUILDINGS, GOODS, RESIDENTS
from toolkit.envs.encoding import EncoderBase, Layout

#: Turn counter and gold are clipped at this value in the Anno 1503 vector.
ANNO_CAP = 999
#: Cards of each island stack encoded one by one, from the top (Anno 1503).
STACK_DEPTH = 4


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
        self._index = {a: i for i, a in enumerate(acts)}

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
        self.max_score = 5.0
        turns = game.options["max_turns"]
        # a turn holds far fewer than 256 decisions (every one spends goods, AP or
        # a once-per-turn right); unbounded games (max_turns None) get a nominal cap
        self.max_game_length = 256 * (turns if turns else 10_000)

    def action_index(self, action: Any) -> int:
        """The index of an engine decision."""
        return self._index[action]

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The observation vector of ``observation = game.observe(state, seat)``."""
        s = observation
        P = self.players
        o = self._offset
        v = [0.0] * self.size

        def rel(x: int) -> int:
            return (x - seat) % P

        v[o["phase"] + self._phase[s.phase]] = 1.0
        who = self.game.to_move(s)
        if who is not None and who >= 0:
            v[o["to_move"] + rel(who)] = 1.0
        for name, x in (
            ("active", s.active),
            ("target", s.target),
            ("winner", s.winner),
        ):
            if x is not None and x >= 0:
                v[o[name] + rel(x)] = 1.0
        k = o["turn"]
        v[k : k + 7] = [
            min(s.turn, ANNO_CAP),
            s.roll,
            s.ap[0],
            s.ap[1],
            s.sold,
            s.bought,
            s.raided,
        ]
        if s.event:
            v[o["event"] + self._events.index(s.event)] = 1.0
        if len(s.queue) > self._queue:
            raise ValueError(
                f"a queue of {len(s.queue)} effects does not fit the encoding"
            )
        row = 5 + P
        for j, (kind, x) in enumerate(s.queue):
            k = o["queue"] + j * row
            v[k + self._kinds.index(kind)] = 1.0
            if x >= 0:
                v[k + 5 + rel(x)] = 1.0
        n_isles = len(self._isle)
        for ship, done in enumerate(s.explored):
            for idx in done:
                v[o["explored"] + ship * n_isles + idx] = 1.0
        if s.looking is not None:
            ship, idx = s.looking
            v[o["looking"] + ship] = 1.0
            v[o["looking"] + 2 + idx] = 1.0
        k = o["supply"]
        v[k : k + len(s.supply)] = s.supply
        for b in s.display:
            v[o["display"] + self._BUILDINGS.index(b)] += 1.0
        k = o["pool"]
        v[k : k + len(s.pool)] = s.pool
        k = o["reserve"]
        v[k : k + 3] = s.reserve
        for c in s.gone:
            v[o["gone"] + self._code[c]] += 1.0

        faces = len(self._face)
        card = faces + P
        row = 1 + STACK_DEPTH * card
        for i, stack in enumerate(s.islands):
            k = o["islands"] + i * row
            v[k] = len(stack)
            for d, c in enumerate(reversed(stack[-STACK_DEPTH:])):
                base = k + 1 + d * card
                v[base + self._face[c.code]] = 1.0
                for x in range(P):
                    if c.seen >> x & 1:
                        v[base + faces + rel(x)] = 1.0

        parts = self._player_parts
        row = sum(parts)
        n_codes = len(self._code)
        for x, pl in enumerate(s.players):
            k = o["players"] + rel(x) * row
            v[k] = min(pl.gold, ANNO_CAP)
            k += parts[0]
            v[k : k + len(pl.hand)] = pl.hand
            k += parts[1]
            for j, r in enumerate(pl.residents):
                v[k + j * 4 + self._RESIDENTS.index(r)] = 1.0
            k += parts[2]
            for j, b in enumerate(pl.buildings):
                if b:
                    v[k + j * len(self._BUILDINGS) + self._BUILDINGS.index(b)] = 1.0
            k += parts[3]
            for j, c in enumerate(pl.offices):
                if c:
                    v[k + j * n_codes + self._code[c]] = 1.0
            k += parts[4]
            for j, c in enumerate(pl.contracts):
                v[k + j * n_codes + self._code[c]] = 1.0
            k += parts[5]
            for j, pos in enumerate(pl.ships):
                if pos is not None:
                    v[k + j * len(self._sea) + self._sea[pos]] = 1.0
        return np.frombuffer(array("f", v), dtype=np.float32)


def _boxes(caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every vector with ``0 <= x[i] <= caps[i]``."""
    out: list[tuple[int, ...]] = [()]
    for cap in caps:
        out = [(*v, x) for v in out for x in range(cap + 1)]
    return out


#: The encoding part's contract (see :mod:`toolkit.envs.encoding`).
Encoder = AnnoEncoder

__all__ = ["ANNO_CAP", "STACK_DEPTH", "AnnoEncoder", "Encoder"]
