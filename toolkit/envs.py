"""Reinforcement-learning adapters: every implemented game for PettingZoo and OpenSpiel.

Two entry points, both driven by one small *encoder* per game:

- :func:`pettingzoo_env` returns a PettingZoo AEC environment with action
  masks, fixed observation and action spaces and rewards from the final scores.
  Chance turns are resolved inside the environment with its seeded stream.
- :func:`register_openspiel` registers each game with OpenSpiel as a Python game
  named ``frontier_<name>`` (e.g. ``frontier_pioneers``), with chance turns as
  chance nodes and observation tensors built from ``observe``.

A PettingZoo loop::

    from toolkit.envs import pettingzoo_env

    env = pettingzoo_env("pioneers", players=3, seed=1)
    env.reset()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The peers live in the optional ``rl`` extra (``pip install -e '.[rl]'``):
``pettingzoo``, ``gymnasium`` and ``open_spiel``. They are imported only when an
adapter is built; the encoders (:func:`encoder`) need numpy only.

Layering: this module imports the engines (through :data:`toolkit.GAMES` and
each game's package); :mod:`toolkit.core` and the game packages never import it.

Encodings
---------
An encoder turns the protocol's objects into fixed-size arrays:

- **actions**: every decision a seat can take gets one index in
  ``range(encoder.num_actions)``; ``encoder.legal(state)`` maps the legal
  indices to the engine's actions; ``encoder.action_labels[i]`` names index i.
- **chance outcomes**: one index per possible outcome in
  ``range(encoder.num_chance)`` (OpenSpiel chance actions).
- **observations**: ``encoder.encode(game.observe(state, seat), seat)`` is a
  float32 vector of ``encoder.size`` entries, all whole numbers between 0 and
  ``encoder.high``. It is computed from the observation only, so it hides
  exactly what ``observe`` hides. ``encoder.segments`` names its parts and
  ``encoder.split(vector)`` returns them as named, reshaped views.

See :class:`PioneersEncoder` and :class:`AnnoEncoder` for the layouts. Random
Anno 1503 play rarely reaches a win: pass ``max_turns=...`` (an engine option)
for episodes of bounded length; OpenSpiel's ``frontier_anno1503`` defaults it
to 100 turns.

Rewards are 0 until the game ends, then ``reward="score"`` (default) gives
each seat its final score (``game.scores``), and ``reward="relative"`` its score
minus the mean score (a zero-sum signal).
"""

from __future__ import annotations

import functools
import importlib
import random
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from toolkit.core import CHANCE, IllegalAction, make_game, sample_outcome

__all__ = [
    "ENCODERS",
    "AnnoEncoder",
    "PioneersEncoder",
    "encoder",
    "pettingzoo_env",
    "register_openspiel",
]

#: Relative reward schemes accepted by the adapters.
REWARDS = ("score", "relative")

_EXTRA_HINT = "install the rl extra: pip install -e '.[rl]'"


def _rewards(scores: Sequence[float], scheme: str) -> list[float]:
    """Final rewards from final scores (see the module docstring)."""
    values = [float(s) for s in scores]
    if scheme == "score":
        return values
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def _check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(
            f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}"
        )
    return reward


# ----- encoders ----------------------------------------------------------------------


class _Layout:
    """Named segments of a flat vector, with an upper bound per entry."""

    def __init__(self) -> None:
        self.segments: list[tuple[str, tuple[int, ...], str]] = []
        self.offset: dict[str, int] = {}
        self._high: list[float] = []

    def add(
        self, name: str, shape: tuple[int, ...], high: Sequence[float] | float, doc: str
    ) -> int:
        size = int(np.prod(shape))
        row = shape[-1]
        if isinstance(high, int | float):
            highs = [float(high)] * size
        else:
            highs = [float(h) for h in high] * (size // len(high))
        assert len(highs) == size and size % row == 0
        self.offset[name] = len(self._high)
        self.segments.append((name, shape, doc))
        self._high.extend(highs)
        return self.offset[name]

    @property
    def high(self) -> np.ndarray:
        return np.asarray(self._high, dtype=np.float32)


class _EncoderBase:
    """What every encoder shares: index tables, legal/chance maps, splitting."""

    game: Any
    players: int
    action_labels: tuple[str, ...]
    chance_labels: tuple[str, ...]
    segments: tuple[tuple[str, tuple[int, ...], str], ...]
    size: int
    high: np.ndarray
    max_score: float
    max_game_length: int

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space."""
        return len(self.action_labels)

    @property
    def num_chance(self) -> int:
        """Size of the fixed chance-outcome space."""
        return len(self.chance_labels)

    def _set_layout(self, layout: _Layout) -> None:
        self.segments = tuple(layout.segments)
        self._offset = layout.offset
        self.high = layout.high
        self.size = len(self.high)

    def action_index(self, action: Any) -> int:
        """The index of an engine action (a decision, not a chance outcome)."""
        raise NotImplementedError

    def chance_index(self, outcome: Any) -> int:
        """The index of an engine chance outcome."""
        return self._chance_index[outcome]

    def legal(self, state: Any) -> dict[int, Any]:
        """Legal indices (sorted) of the seat to move, mapped to engine actions."""
        out: dict[int, Any] = {}
        for a in self.game.legal_actions(state):
            i = self.action_index(a)
            if i in out:
                out[i] = self._merge(out[i], a)
            else:
                out[i] = a
        return dict(sorted(out.items()))

    def _merge(self, kept: Any, new: Any) -> Any:
        raise AssertionError(f"two legal actions share one index: {kept} and {new}")

    def chance(self, state: Any) -> list[tuple[int, Any, float]]:
        """The chance turn's outcomes as ``(index, outcome, probability)``, by index."""
        out = [
            (self.chance_index(a), a, p) for a, p in self.game.chance_outcomes(state)
        ]
        out.sort(key=lambda t: t[0])
        return out

    def mask(self, state: Any) -> np.ndarray:
        """The int8 action mask of the seat to move (all zeros at chance or the end)."""
        m = np.zeros(self.num_actions, dtype=np.int8)
        seat = self.game.to_move(state)
        if seat is not None and seat != CHANCE:
            m[list(self.legal(state))] = 1
        return m

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The float32 vector of ``observation = game.observe(state, seat)``."""
        raise NotImplementedError

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of an encoded vector, reshaped to each segment's shape."""
        out = {}
        for name, shape, _ in self.segments:
            start = self._offset[name]
            out[name] = vector[start : start + int(np.prod(shape))].reshape(shape)
        return out

    def describe(self) -> str:
        """The observation layout as text: one line per segment."""
        lines = []
        for name, shape, doc in self.segments:
            lines.append(f"{name:14} {self._offset[name]:5} {shape!s:12} {doc}")
        return "\n".join(lines)


#: Every phase of a Pioneers state, in the order of the ``phase`` one-hot.
PIONEERS_PHASES = tuple(
    "buy road move settle sergeant innkeeper farmer join "
    "cover tile redraw first market deal reveal nugget over".split()
)
#: Money and bank shortfall are clipped at this value in the observation vector.
MONEY_CAP = 999


class PioneersEncoder(_EncoderBase):
    """The fixed action, chance and observation encoding of a Pioneers game.

    Built from the game object, so custom boards and wagon decks work too.
    ``N`` cities (board id order), ``E`` connections (board order), ``W`` wagon
    ids (sorted: start wagons, then regular ones), ``P`` players.

    **Actions** (``action_labels`` gives each index its name), in this order:
    ``buy R1``, ``buy R2``, ``buy slot 1..4``, ``end purchases``, ``pass``,
    ``skip``, ``decline``; ``road A-B`` per connection; ``sergeant A-B`` per
    connection; ``settle W PROF`` and then ``return W PROF`` per (wagon,
    profession); ``farmer W`` per wagon; ``join W`` per wagon; and
    ``move to CITY`` per city. A move index stands for the engine's move to
    that target along its cheapest route (the engine lists one move per
    target, ASSUMPTION-4); custom routes are not exposed to RL.

    **Chance outcomes** (``chance_labels``): ``cover CITY`` per city,
    ``tile CITY TYPE`` and ``redraw CITY TYPE`` per (city, tile type),
    ``swap CITY OTHER`` per ordered pair of cities, ``first SEAT`` per seat,
    ``reveal WAGON`` per regular wagon, ``deal SEAT WAGON`` per (seat, start
    wagon), ``nugget VALUE`` per nugget value.

    **Observation** of ``game.observe(state, seat)``. Seats are *relative*:
    relative seat ``k`` is seat ``(seat + k) % P``, so the observer is always
    row 0. One-hots are 0/1; counts are whole numbers. Segments in order:

    ==============  =========  ==============================================
    phase           17         one-hot of :data:`PIONEERS_PHASES`
    to_move         P          who decides now (zeros at chance / the end)
    active          P          whose turn it is
    start_player    P          the start player (zeros before it is drawn)
    turn            14         round, actions_left, used R1, used R2, used W,
                               forced, roads_to_place, extras_left,
                               end_triggered, round_active, deck, finite bank,
                               bank, shortfall (clipped at ``MONEY_CAP``)
    tile_removed    7          tile type removed this turn (state.tile)
    join_need       6          profession a joiner must place
    offer           P          seats still to be asked to join
    cities          N x (10+P) covered, stagecoach here, settled this turn,
                               tile type one-hot (7), pioneers per rel. seat
    roads           E x 2P     owner of the first road, of the second road
    wagons          W x (P+6+S) owner one-hot, market slot one-hot (4), unseen
                               (deck or removed), face up, then one bit per
                               printed seat: occupied (S = most seats)
    players         P x 10     money (clipped at ``MONEY_CAP``), banked wagon
                               VP, roads left, supply, bankers, merchants,
                               nuggets held, known nuggets worth 3, 4, 5
    ==============  =========  ==============================================

    Hidden by ``observe`` and so absent here: other players' nugget values
    (only how many they hold), the unused set-up tiles, the nugget pool.
    """

    def __init__(self, game: Any) -> None:
        from toolkit.pioneers import actions as A
        from toolkit.pioneers.board import PROFESSIONS, TILE_TYPES
        from toolkit.pioneers.rules import (
            BANK_TOTAL,
            NUGGET_COUNTS,
            NUGGETS,
            PIONEERS,
            ROADS,
        )

        self.game = game
        b = game.board
        P = self.players = game.players
        ids = b.ids
        edges = [b.edge_ids(e) for e in range(len(b.edges))]
        wagons = tuple(sorted(game.wagon_specs))
        self._move_cls = A.MoveCoach
        self._professions = PROFESSIONS
        self._tile_types = TILE_TYPES
        self._nuggets = NUGGETS

        # actions
        acts: list[Any] = [A.BuyRoads(1), A.BuyRoads(2)]
        acts += [A.BuyWagon(s) for s in range(1, 5)]
        acts += [A.EndPurchases(), A.Pass(), A.Skip(), A.Decline()]
        acts += [A.PlaceRoad(a, c) for a, c in edges]
        acts += [A.SergeantRoad(a, c) for a, c in edges]
        acts += [A.Settle(w, p) for w in wagons for p in PROFESSIONS]
        acts += [A.ReturnPioneer(w, p) for w in wagons for p in PROFESSIONS]
        acts += [A.AddFarmer(w) for w in wagons]
        acts += [A.Join(w) for w in wagons]
        labels = [str(a) for a in acts]
        self._move0 = len(labels)
        labels += [f"move to {cid}" for cid in ids]
        self.action_labels = tuple(labels)
        self._index = {a: i for i, a in enumerate(acts)}  # frozen dataclasses: hashable
        self._city = b.index

        # chance outcomes
        ch: list[Any] = [A.CoverCity(c) for c in ids]
        ch += [A.DrawTile(c, t) for c in ids for t in TILE_TYPES]
        ch += [A.Redraw(c, t) for c in ids for t in TILE_TYPES]
        ch += [A.SwapTiles(c, d) for c in ids for d in ids if c != d]
        ch += [A.FirstPlayer(s) for s in range(P)]
        ch += [A.RevealWagon(w) for w in game.regular_wagons]
        ch += [A.DealStart(s, w) for s in range(P) for w in game.start_wagons]
        ch += [A.DrawNugget(v) for v in NUGGETS]
        self.chance_labels = tuple(str(a) for a in ch)
        self._chance_index = {a: i for i, a in enumerate(ch)}
        assert len(self._chance_index) == len(ch) and len(self._index) == self._move0

        # observation layout
        specs = game.wagon_specs
        self._wagons = wagons
        self._wagon_row = {w: i for i, w in enumerate(wagons)}
        self._seats = max(len(s.seats) for s in specs.values())
        all_vp = sum(s.vp for s in specs.values())
        max_rounds = game.options["max_rounds"]
        lay = _Layout()
        lay.add("phase", (len(PIONEERS_PHASES),), 1, "one-hot of PIONEERS_PHASES")
        lay.add("to_move", (P,), 1, "relative seat deciding now")
        lay.add("active", (P,), 1, "relative seat whose turn it is")
        lay.add("start_player", (P,), 1, "relative start seat")
        turn = {  # field: upper bound
            "round": max_rounds,
            "actions_left": 3,
            "used_R1": 1,
            "used_R2": 1,
            "used_W": 1,
            "forced": 1,
            "roads_to_place": 2,
            "extras_left": 2,
            "end_triggered": 1,
            "round_active": 1,
            "deck": len(game.regular_wagons),
            "finite_bank": 1,
            "bank": BANK_TOTAL,
            "shortfall": MONEY_CAP,
        }
        self.turn_fields = tuple(turn)
        lay.add("turn", (len(turn),), list(turn.values()), ", ".join(turn))
        lay.add("tile_removed", (len(TILE_TYPES),), 1, "tile removed this turn")
        lay.add("join_need", (len(PROFESSIONS),), 1, "profession a joiner must place")
        lay.add("offer", (P,), 1, "relative seats still to be asked to join")
        lay.add(
            "cities",
            (len(ids), 3 + len(TILE_TYPES) + P),
            [1, 1, 1] + [1] * len(TILE_TYPES) + [PIONEERS] * P,
            "covered, coach, settled this turn, tile one-hot, "
            "pioneers per relative seat",
        )
        lay.add("roads", (len(edges), 2 * P), 1, "first road owner, second road owner")
        lay.add(
            "wagons",
            (len(wagons), P + 6 + self._seats),
            1,
            "owner, market slot 1-4, unseen, face up, occupied per printed seat",
        )
        player = {  # field: upper bound
            "money": MONEY_CAP,
            "wagon_vp": all_vp,
            "roads_left": ROADS,
            "supply": PIONEERS,
            "bankers": 2,
            "merchants": 2,
            "nuggets": sum(NUGGET_COUNTS),
            **{f"known_{v}": c for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True)},
        }
        self.player_fields = tuple(player)
        lay.add("players", (P, len(player)), list(player.values()), ", ".join(player))
        self._set_layout(lay)
        self._phase = {p: i for i, p in enumerate(PIONEERS_PHASES)}

        # bounds for OpenSpiel
        total_seats = sum(len(s.seats) for s in specs.values())
        gold = sum(v * c for v, c in zip(NUGGETS, NUGGET_COUNTS, strict=True))
        self.max_score = float(all_vp + total_seats + gold + 2 * PIONEERS)
        # per turn at most: 3 purchases with 3 road placements, end purchases, move,
        # settle, 2 tile-effect decisions, P-1 join answers (< 16); turns <= P x rounds
        self.max_game_length = 16 * P * max_rounds

    def action_index(self, action: Any) -> int:
        """The index of an engine decision; a move maps to its target city."""
        if isinstance(action, self._move_cls):
            return self._move0 + self._city[action.target]
        return self._index[action]

    def _merge(self, kept: Any, new: Any) -> Any:
        if isinstance(kept, self._move_cls):  # two routes to one target: the cheaper
            return new if new.cost < kept.cost else kept
        return super()._merge(kept, new)

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        """The observation vector of ``observation = game.observe(state, seat)``.

        The layout is in the class docstring.
        """
        s = observation
        P = self.players
        o = self._offset
        v = [0.0] * self.size

        def rel(x: int) -> int:
            return (x - seat) % P

        v[o["phase"] + self._phase[s.phase]] = 1.0
        if s.phase != "over" and s.seat >= 0:
            v[o["to_move"] + rel(s.seat)] = 1.0
        v[o["active"] + rel(s.active)] = 1.0
        if s.start_player >= 0:
            v[o["start_player"] + rel(s.start_player)] = 1.0
        t = o["turn"]
        v[t : t + len(self.turn_fields)] = [
            s.round,
            s.actions_left,
            "R1" in s.used,
            "R2" in s.used,
            "W" in s.used,
            s.forced,
            s.roads_to_place,
            s.extras_left,
            s.end_triggered,
            s.round_active,
            s.deck,
            s.bank is not None,
            s.bank or 0,
            min(s.shortfall, MONEY_CAP),
        ]
        if s.tile is not None:
            v[o["tile_removed"] + self._tile_types.index(s.tile)] = 1.0
        if s.join_need is not None:
            v[o["join_need"] + self._professions.index(s.join_need)] = 1.0
        for x in s.offer:
            v[o["offer"] + rel(x)] = 1.0

        # cities
        row = 3 + len(self._tile_types) + P
        base = o["cities"]
        coach = self._city[s.coach]
        types = self._tile_types
        for i, (cov, tile, settled) in enumerate(
            zip(s.covered, s.tiles, s.settled, strict=True)
        ):
            k = base + i * row
            if cov:
                v[k] = 1.0
            if i == coach:
                v[k + 1] = 1.0
            if i == s.city:
                v[k + 2] = 1.0
            if tile is not None:
                v[k + 3 + types.index(tile)] = 1.0
            k += 3 + len(types)
            for x, n in enumerate(settled):
                if n:
                    v[k + rel(x)] = n

        # roads
        base = o["roads"]
        for e, owners in enumerate(s.roads):
            for j, x in enumerate(owners):
                v[base + e * 2 * P + j * P + rel(x)] = 1.0

        # wagons
        row = P + 6 + self._seats
        base = o["wagons"]
        wrow = self._wagon_row
        for slot, w in enumerate(s.market):
            if w is not None:
                v[base + wrow[w] * row + P + slot] = 1.0
        for w in s.unseen:
            v[base + wrow[w] * row + P + 4] = 1.0
        for x, pl in enumerate(s.players):
            r = rel(x)
            for w in pl.wagons:
                k = base + wrow[w.id] * row
                v[k + r] = 1.0
                if w.face_up:
                    v[k + P + 5] = 1.0
                for j, occ in enumerate(w.occupied):
                    if occ:
                        v[k + P + 6 + j] = 1.0

        # players
        base = o["players"]
        for x, pl in enumerate(s.players):
            k = base + rel(x) * len(self.player_fields)
            known = [n for n in pl.nuggets if n is not None]
            v[k : k + len(self.player_fields)] = [
                min(pl.money, MONEY_CAP),
                pl.vp,
                pl.roads_left,
                pl.supply,
                pl.bankers,
                pl.merchants,
                len(pl.nuggets),
                *(known.count(n) for n in self._nuggets),
            ]
        return np.frombuffer(array("f", v), dtype=np.float32)


#: Turn counter and gold are clipped at this value in the Anno 1503 vector.
ANNO_CAP = 999
#: Cards of each island stack encoded one by one, from the top (Anno 1503).
STACK_DEPTH = 4


class AnnoEncoder(_EncoderBase):
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
    """

    def __init__(self, game: Any) -> None:
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
        lay = _Layout()
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
        self._set_layout(lay)
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


#: Encoders by game name (the names of :data:`toolkit.GAMES`).
ENCODERS: dict[str, Callable[[Any], _EncoderBase]] = {
    "pioneers": PioneersEncoder,
    "anno1503": AnnoEncoder,
}


def _check_name(name: str) -> None:
    if name not in ENCODERS:
        known = ", ".join(sorted(ENCODERS))
        raise ValueError(f"no RL encoding for game {name!r}; games with one: {known}")


def encoder(name: str, players: int = 4, **options: Any) -> _EncoderBase:
    """The encoder of a fresh ``make_game(name, players, **options)``.

    Also accepts a game object as ``name`` (e.g. a Pioneers game on a custom board).
    """
    if not isinstance(name, str):
        game = name
        _check_name(game.name)
        return ENCODERS[game.name](game)
    _check_name(name)
    return ENCODERS[name](make_game(name, players, **options))


# ----- PettingZoo ----------------------------------------------------------------


def _import(module: str, what: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"{what} needs {module.split('.')[0]} ({_EXTRA_HINT})"
        ) from exc


def _publish(cls: type) -> type:
    """Make a class made inside a function importable by name (pickle needs it)."""
    cls.__module__ = __name__
    cls.__qualname__ = cls.__name__
    globals()[cls.__name__] = cls
    return cls


@functools.cache
def _aec_class() -> type:
    """The PettingZoo environment class, made on first use (PettingZoo is optional)."""
    pettingzoo = _import("pettingzoo", "toolkit.envs.pettingzoo_env")
    spaces = _import("gymnasium.spaces", "toolkit.envs.pettingzoo_env")

    class FrontierAEC(pettingzoo.AECEnv):
        """A frontier-toolkit game as a PettingZoo AEC environment.

        Agents are ``player_0`` .. ``player_{P-1}`` (the seats). Observations are
        ``{"observation": float32 vector, "action_mask": int8 vector}`` (see
        :mod:`toolkit.envs` for the encodings); the mask is all zeros for an agent
        that is not to move. Chance turns are drawn from the environment's own
        stream: ``reset(seed=s)`` seeds it like :func:`toolkit.core.play` with
        seed ``s``, so the same decisions give the same game as ``play``.
        """

        metadata = {
            "render_modes": ["ansi"],
            "name": "frontier_v0",
            "is_parallelizable": False,
        }

        def __init__(
            self,
            game: Any,
            seed: int | None = None,
            reward: str = "score",
            render_mode: str | None = None,
        ) -> None:
            super().__init__()
            if render_mode not in (None, "ansi"):
                raise ValueError(
                    f"render_mode must be None or 'ansi', not {render_mode!r}"
                )
            self.game = game
            self.encoder = ENCODERS[game.name](game)
            self.reward_scheme = _check_reward(reward)
            self.render_mode = render_mode
            self.metadata = dict(self.metadata, name=f"frontier_{game.name}_v0")
            self.possible_agents = [f"player_{i}" for i in range(game.players)]
            self._seat = {a: i for i, a in enumerate(self.possible_agents)}
            enc = self.encoder
            self.observation_spaces = {
                a: spaces.Dict(
                    {
                        "observation": spaces.Box(0.0, enc.high, dtype=np.float32),
                        "action_mask": spaces.Box(
                            0, 1, (enc.num_actions,), dtype=np.int8
                        ),
                    }
                )
                for a in self.possible_agents
            }
            self.action_spaces = {
                a: spaces.Discrete(enc.num_actions) for a in self.possible_agents
            }
            self._seed = seed
            self._rng: random.Random | None = None
            self.engine_state: Any = None

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        # -- life cycle

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            # options: accepted by the AEC API, unused (game options go to the
            # constructor).
            if seed is not None:
                self._rng = random.Random(f"{seed}:chance")
            elif self._rng is None:
                self._rng = (
                    random.Random()
                    if self._seed is None
                    else random.Random(f"{self._seed}:chance")
                )
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {} for a in self.agents}
            self._set_state(self.game.setup())
            self.agent_selection = self.possible_agents[self._to_move or 0]

        def _set_state(self, state: Any) -> None:
            """Resolve chance turns, then note who moves (or end the game)."""
            game = self.game
            while game.to_move(state) == CHANCE:
                state = game.apply(
                    state, sample_outcome(game.chance_outcomes(state), self._rng)
                )
            self.engine_state = state
            self._legal: dict[int, Any] | None = None
            self._obs: dict[str, dict] = {}
            self._to_move = game.to_move(state)
            if self._to_move is None:
                finals = _rewards(game.scores(state), self.reward_scheme)
                for a in self.agents:
                    self.rewards[a] = finals[self._seat[a]]
                    self.terminations[a] = True

        def legal(self) -> dict[int, Any]:
            """Legal action indices of the agent to move, mapped to engine actions."""
            if self._legal is None:
                self._legal = (
                    {}
                    if self._to_move is None
                    else self.encoder.legal(self.engine_state)
                )
            return self._legal

        def step(self, action: Any) -> None:
            if self.engine_state is None:
                raise RuntimeError("call reset() before step()")
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            if action is None:
                raise ValueError(
                    f"{agent} is to move: None is only for finished agents"
                )
            index = int(action)
            chosen = self.legal().get(index)
            if chosen is None:
                labels = self.encoder.action_labels
                what = labels[index] if 0 <= index < len(labels) else "out of range"
                legal = ", ".join(f"{i} ({labels[i]})" for i in self.legal())
                raise IllegalAction(
                    "ACTION-MASK",
                    f"action {index} ({what}) is not legal for {agent} now; "
                    f"legal: {legal}",
                )
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self._set_state(self.game.apply(self.engine_state, chosen))
            if self._to_move is not None:
                self.agent_selection = self.possible_agents[self._to_move]
            self._accumulate_rewards()

        def observe(self, agent: str) -> dict[str, np.ndarray]:
            cached = self._obs.get(agent)
            if cached is None:
                seat = self._seat[agent]
                vector = self.encoder.encode(
                    self.game.observe(self.engine_state, seat), seat
                )
                mask = np.zeros(self.encoder.num_actions, dtype=np.int8)
                if self._to_move == seat:
                    mask[list(self.legal())] = 1
                cached = self._obs[agent] = {"observation": vector, "action_mask": mask}
            return {k: a.copy() for k, a in cached.items()}

        def render(self) -> str | None:
            if self.render_mode is None:
                return None
            s, game = self.engine_state, self.game
            if s is None:
                return "(not reset)"
            lines = [
                f"{game!r}  phase={getattr(s, 'phase', '?')}  "
                f"scores={list(game.scores(s))}"
            ]
            if self._to_move is not None:
                legal = ", ".join(str(a) for a in self.legal().values())
                lines.append(f"player_{self._to_move} to move: {legal}")
            return "\n".join(lines)

        def close(self) -> None:
            pass

    return _publish(FrontierAEC)


def pettingzoo_env(
    name: str = "pioneers",
    players: int = 4,
    seed: int | None = None,
    reward: str = "score",
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment for a registered game.

    Parameters
    ----------
    name : str
        A game with an encoder (``"pioneers"``, ``"anno1503"``; see :data:`ENCODERS`).
    players : int
        Number of seats; agents are ``player_0`` ...
    seed : int, optional
        Seeds the chance stream for a ``reset()`` without a seed; ``reset(seed=s)``
        reseeds it. Without any seed the stream comes from the OS.
    reward : "score" or "relative"
        Final reward per agent: its score, or its score minus the mean score.
    render_mode : None or "ansi"
        ``"ansi"``: ``render()`` returns a short text of the position.
    **options
        Game options passed to :func:`toolkit.core.make_game`.
    """
    _check_name(name)
    cls = _aec_class()
    return cls(
        make_game(name, players, **options),
        seed=seed,
        reward=reward,
        render_mode=render_mode,
    )


# ----- OpenSpiel ---------------------------------------------------------------


class _Frozen:
    """Holds an immutable engine state; OpenSpiel's deep copies share it."""

    __slots__ = ("s",)

    def __init__(self, s: Any) -> None:
        self.s = s

    def __deepcopy__(self, memo: dict) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return self.s

    def __setstate__(self, s: Any) -> None:
        self.s = s


#: The registered OpenSpiel game classes, by OpenSpiel name.
_SPIEL_GAMES: dict[str, type] = {}

#: Engine options exposed as OpenSpiel game parameters, by game (with defaults).
OPENSPIEL_OPTIONS: dict[str, dict[str, Any]] = {
    "pioneers": {
        "cover": "designated",
        "finite_bank": False,
        "max_rounds": 60,
        "early_end": False,
    },
    # OpenSpiel needs a finite game: max_turns defaults to 100 turns here.
    "anno1503": {
        "max_turns": 100,
        "sale_cards_per_resident": 1,
        "max_purchases_per_turn": 1,
        "victory_check": "immediate",
        "pirates_target": "farthest",
    },
}


@functools.cache
def _spiel_classes() -> tuple[type, type, type]:
    """The OpenSpiel game, state and observer classes (open_spiel is optional)."""
    pyspiel = _import("pyspiel", "toolkit.envs.register_openspiel")

    class FrontierSpielGame(pyspiel.Game):
        """A frontier-toolkit game for OpenSpiel (chance turns are chance nodes)."""

        #: Set on the per-game subclass made by :func:`register_openspiel`.
        game_name: str = ""
        game_type: Any = None

        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            name, game_type = self.game_name, self.game_type
            params = {**game_type.parameter_specification, **(params or {})}
            players = int(params["players"])
            self.reward_scheme = _check_reward(str(params.get("reward", "score")))
            opts = {
                k: params[k] for k in OPENSPIEL_OPTIONS.get(name, {}) if k in params
            }
            self.engine = make_game(name, players, **opts)
            self.encoder = ENCODERS[name](self.engine)
            enc = self.encoder
            relative = self.reward_scheme == "relative"
            info = pyspiel.GameInfo(
                num_distinct_actions=enc.num_actions,
                max_chance_outcomes=enc.num_chance,
                num_players=players,
                min_utility=-enc.max_score if relative else 0.0,
                max_utility=enc.max_score,
                utility_sum=0.0 if relative else None,
                max_game_length=enc.max_game_length,
            )
            if relative:  # scores minus their mean: a zero-sum game
                game_type = _spiel_type(
                    pyspiel,
                    name,
                    type(self.engine),
                    dict(game_type.parameter_specification),
                    zero_sum=True,
                )
            super().__init__(game_type, info, params)
            self.initial = self.engine.setup()

        def new_initial_state(self) -> Any:
            return FrontierSpielState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            if iig_obs_type is not None and (
                iig_obs_type.perfect_recall
                or not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise ValueError(
                    "frontier games provide observations only (what game.observe "
                    "shows a seat): no perfect-recall information states and no "
                    "public-only views"
                )
            return FrontierObserver(self, params)

    class FrontierSpielState(pyspiel.State):
        """An OpenSpiel state holding one immutable engine state."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self._frozen = _Frozen(game.initial)

        @property
        def engine_state(self) -> Any:
            """The engine's state (a full state: nothing is redacted)."""
            return self._frozen.s

        def current_player(self) -> int:
            seat = self.get_game().engine.to_move(self._frozen.s)
            if seat is None:
                return pyspiel.PlayerId.TERMINAL
            if seat == CHANCE:
                return pyspiel.PlayerId.CHANCE
            return seat

        def _legal_actions(self, player: int) -> list[int]:
            return list(self.get_game().encoder.legal(self._frozen.s))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [
                (i, p) for i, _, p in self.get_game().encoder.chance(self._frozen.s)
            ]

        def _apply_action(self, action: int) -> None:
            game = self.get_game()
            s = self._frozen.s
            if game.engine.to_move(s) == CHANCE:
                chosen = {i: a for i, a, _ in game.encoder.chance(s)}.get(action)
            else:
                chosen = game.encoder.legal(s).get(action)
            if chosen is None:
                raise IllegalAction("ACTION-MASK", f"action {action} is not legal now")
            self._frozen = _Frozen(game.engine.apply(s, chosen))

        def _action_to_string(self, player: int, action: int) -> str:
            enc = self.get_game().encoder
            if player == pyspiel.PlayerId.CHANCE:
                return enc.chance_labels[action]
            if player == self.current_player():
                chosen = enc.legal(self._frozen.s).get(action)
                if chosen is not None:
                    return str(chosen)
            return enc.action_labels[action]

        def is_terminal(self) -> bool:
            return self.get_game().engine.to_move(self._frozen.s) is None

        def returns(self) -> list[float]:
            game = self.get_game()
            s = self._frozen.s
            if game.engine.to_move(s) is not None:
                return [0.0] * game.engine.players
            return _rewards(game.engine.scores(s), game.reward_scheme)

        def __str__(self) -> str:
            return repr(self._frozen.s)

    class FrontierObserver:
        """OpenSpiel observer: the encoder's vector of ``observe(state, player)``."""

        def __init__(self, game: Any, params: Any) -> None:
            if params:
                raise ValueError(
                    f"observation parameters are not supported; got {params}"
                )
            self._engine = game.engine
            self._encoder = game.encoder
            self.tensor = np.zeros(game.encoder.size, np.float32)
            self.dict = game.encoder.split(self.tensor)

        def set_from(self, state: Any, player: int) -> None:
            obs = self._engine.observe(state.engine_state, player)
            self.tensor[:] = self._encoder.encode(obs, player)

        def string_from(self, state: Any, player: int) -> str:
            return repr(self._engine.observe(state.engine_state, player))

    classes = (FrontierSpielGame, FrontierSpielState, FrontierObserver)
    for c in classes:
        _publish(c)
    return classes


def _spiel_type(pyspiel: Any, name: str, cls: type, spec: dict, zero_sum: bool) -> Any:
    """The OpenSpiel GameType of a game (zero-sum with ``reward="relative"``)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"frontier_{name}",
        long_name=f"frontier-toolkit {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def register_openspiel(names: Sequence[str] | None = None) -> list[str]:
    """Register games with OpenSpiel as ``frontier_<name>``; return the names.

    Registers every game with an encoder (or those in ``names``); registering
    again is a no-op. Load with ``pyspiel.load_game("frontier_pioneers",
    {"players": 3})``. Parameters: ``players`` (default 4), ``reward``
    (``"score"`` or ``"relative"``) and the game options in
    :data:`OPENSPIEL_OPTIONS`.
    """
    pyspiel = _import("pyspiel", "toolkit.envs.register_openspiel")
    game_cls, _, _ = _spiel_classes()
    from toolkit import GAMES

    done = []
    known = set(pyspiel.registered_names())
    for name in sorted(ENCODERS) if names is None else names:
        _check_name(name)
        short = f"frontier_{name}"
        done.append(short)
        if short in known:
            continue
        module, _, cls_name = GAMES[name].partition(":")
        cls = getattr(importlib.import_module(module), cls_name)
        spec = {
            "players": min(max(4, cls.min_players), cls.max_players),
            "reward": "score",
        }
        spec.update(OPENSPIEL_OPTIONS.get(name, {}))
        game_type = _spiel_type(pyspiel, name, cls, spec, zero_sum=False)
        # A class, not a closure, is registered: OpenSpiel keeps the creator until
        # the process exits, and a closure freed after Python shut down aborts it.
        cls = _SPIEL_GAMES[short] = type(
            f"FrontierSpielGame_{name}",
            (game_cls,),
            {"game_name": name, "game_type": game_type},
        )
        _publish(cls)
        pyspiel.register_game(game_type, cls)
    return done
