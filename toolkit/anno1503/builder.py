"""Stage an Anno 1503 situation without playing to it, for tests and lessons.

:func:`position` starts from ``game.setup()`` and changes only what you name,
keeping every card accounted for: goods in hands come out of the supply,
buildings out of the display, and island cards out of the undecided pool.

>>> from toolkit import anno1503
>>> game = anno1503.Anno1503(players=3)
>>> s = anno1503.position(
...     game,
...     seats={
...         0: {"gold": 8, "hand": "SPICE SPICE STONE", "residents": "P S C P+SCHOOL"}
...     },
... )
>>> s.players[0].residents, s.players[0].buildings[3], s.phase
(('PIONEER', 'SETTLER', 'CITIZEN', 'PIONEER'), 'SCHOOL', 'build')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .constants import (
    CITIZEN_MERCHANT_CARDS,
    PIONEER_SETTLER_CARDS,
    WOODEN_BRIDGES,
)
from .state import PHASES, IslandCard, Player, State
from .tables import BACKS, BUILDINGS, GOODS, RESIDENTS, SETUP_RESIDENTS

if TYPE_CHECKING:
    from .rules import Anno1503

LEVELS = {"P": "PIONEER", "S": "SETTLER", "C": "CITIZEN", "M": "MERCHANT"}


class PositionError(ValueError):
    """A staged position the rules cannot reach; ``rule`` is the rule it breaks.

    A ``ValueError`` (as the Pioneers builder raises) whose message ends with the
    rule ID, e.g. ``... (A-UPG-5)``.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hand(spec: str | Mapping[str, int] | Iterable[int]) -> tuple[int, ...]:
    if isinstance(spec, str):
        counts = [0] * len(GOODS)
        for name in spec.split():
            if name not in GOODS:
                raise PositionError(
                    "A-COMP-2", f"unknown good {name!r}; goods are {', '.join(GOODS)}"
                )
            counts[GOODS.index(name)] += 1
        return tuple(counts)
    if isinstance(spec, Mapping):
        bad = set(spec) - set(GOODS)
        if bad:
            raise PositionError("A-COMP-2", f"unknown goods {sorted(map(str, bad))}")
        counts = [spec.get(g, 0) for g in GOODS]
    elif isinstance(spec, Iterable):
        counts = list(spec)
        if len(counts) != len(GOODS):
            raise PositionError(
                "A-COMP-2",
                f"a hand counts the {len(GOODS)} goods in the order "
                f"{', '.join(GOODS)}; got {len(counts)} counts",
            )
    else:
        raise PositionError(
            "A-COMP-2", f"a hand is text, a dict or counts, not {spec!r:.40}"
        )
    for good, n in zip(GOODS, counts):
        if not _is_int(n) or n < 0:
            raise PositionError(
                "A-COMP-2",
                f"the count of {good} must be a whole number >= 0, not {n!r:.40}",
            )
    return tuple(counts)


def _residents(spec: str | Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not isinstance(spec, str | Iterable):
        raise PositionError(
            "A-COMP-3", f"residents are written like 'P S C P+SCHOOL', not {spec!r:.40}"
        )
    tokens = spec.split() if isinstance(spec, str) else list(spec)
    residents, buildings = [], []
    for tok in tokens:
        if not isinstance(tok, str):
            raise PositionError(
                "A-COMP-3",
                f"a resident is written like 'P' or 'P+SCHOOL', not {tok!r:.40}",
            )
        level, _, building = tok.partition("+")
        level = LEVELS.get(level, level)
        if level not in RESIDENTS:
            raise PositionError(
                "A-COMP-3",
                f"unknown resident {tok!r:.40}: write P, S, C or M (Pioneer, Settler, "
                "Citizen, Merchant), with '+BUILDING' for a public building",
            )
        if building and building not in BUILDINGS:
            raise PositionError(
                "A-PB-5",
                f"unknown public building {building!r:.40}; buildings are "
                f"{', '.join(BUILDINGS)}",
            )
        residents.append(level)
        buildings.append(building)
    return tuple(residents), tuple(buildings)


def _check_island(
    game: Anno1503, residents: tuple[str, ...], buildings: tuple[str, ...]
) -> None:
    """Refuse a home island no game reaches, naming the rule (A-COMP-3, A-PB-1...)."""
    t = game.tables
    if len(residents) < SETUP_RESIDENTS:
        raise PositionError(
            "A-SETUP-5",
            f"a home island keeps the {SETUP_RESIDENTS} residents of set-up (Fire takes "
            f"only residents outside the safe border); got {len(residents)}",
        )
    if len(residents) > t.spaces:
        raise PositionError(
            "A-PLACE-3",
            f"a home island has {t.spaces} resident spaces, not {len(residents)}",
        )
    low = sum(1 for r in residents if r in ("PIONEER", "SETTLER"))
    if low > PIONEER_SETTLER_CARDS:
        raise PositionError(
            "A-UPG-5",
            f"a player has {PIONEER_SETTLER_CARDS} Pioneer/Settler cards, not {low}",
        )
    high = len(residents) - low
    if high > CITIZEN_MERCHANT_CARDS:
        raise PositionError(
            "A-COMP-3",
            f"a player has {CITIZEN_MERCHANT_CARDS} Citizen/Merchant cards, not {high}",
        )
    owned = [b for b in buildings if b]
    for dup in sorted({b for b in owned if owned.count(b) > 1}):
        raise PositionError(
            "A-PB-2", f"a player's public buildings differ; {dup} twice"
        )
    for space, b in enumerate(buildings, start=1):
        if b and space not in t.slot_spaces:
            raise PositionError(
                "A-PB-1",
                f"space {space} has no building slot, so no {b} can lie under it",
            )


class _Cards:
    """Book-keeping of island cards taken out of the undecided pool."""

    def __init__(self, game: Anno1503, s: State) -> None:
        self.game = game
        self.pool = list(s.pool)
        self.reserve = list(s.reserve)
        self.islands = [list(st) for st in s.islands]

    def take(self, code: str) -> str:
        """Decide one card ``code``.

        Out of the pool and (as a card) out of the reserve.
        """
        j = self.game.code_index.get(code)
        if j is None or not self.pool[j]:
            raise ValueError(f"no island card {code} left in this game's deck")
        b = BACKS.index(int(code[-1]))
        if not self.reserve[b]:
            # take the face-down card off the last island of that back instead
            for stack in reversed(self.islands):
                if stack and stack[-1].code == f"?/{code[-1]}":
                    stack.pop()
                    self.reserve[b] += 1
                    break
            else:
                raise ValueError(
                    f"no face-down card with back {code[-1]} is left to stage {code}"
                )
        self.pool[j] -= 1
        self.reserve[b] -= 1
        return code

    def find(self, prefix: str) -> str:
        """Take the first card in the deck whose code starts with ``prefix``."""
        for code, n in zip(self.game.card_codes, self.pool):
            if n and code.startswith(prefix):
                return self.take(code)
        raise ValueError(f"no island card {prefix}... left in this game's deck")

    def stack(self, pos: tuple[int, int], codes: list[Any]) -> None:
        idx = self.game.island_index[pos]
        for card in self.islands[idx]:
            if card.code[0] == "?":  # the undecided card goes back to the reserve
                self.reserve[BACKS.index(card.back)] += 1
            else:
                raise ValueError(f"island {pos} was already staged")
        new = []
        for c in codes:
            card = c if isinstance(c, IslandCard) else IslandCard(c)
            if card.code[0] == "?":
                b = BACKS.index(card.back)
                if not self.reserve[b]:
                    raise ValueError(f"no face-down card with back {card.back} left")
                self.reserve[b] -= 1
            else:
                self.take(card.code)
            new.append(card)
        self.islands[idx] = new


def _player(
    game: Anno1503, seat: int, p: Player, spec: Mapping[str, Any], cards: _Cards
) -> Player:
    known = {"gold", "hand", "residents", "offices", "contracts", "ships"}
    if not isinstance(spec, Mapping):
        raise ValueError(f"seat {seat}: give a dict of fields, not {spec!r:.40}")
    bad = set(spec) - known
    if bad:
        raise ValueError(
            f"unknown seat fields {sorted(map(str, bad))}; use {sorted(known)}"
        )
    if "gold" in spec:
        gold = spec["gold"]
        if not _is_int(gold) or gold < 0:
            raise PositionError(
                "ASSUMPTION-22",
                f"gold is a whole number and never below 0, not {gold!r:.40}",
            )
        p = p._replace(gold=gold)
    if "hand" in spec:
        p = p._replace(hand=_hand(spec["hand"]))
    if "residents" in spec:
        res, blds = _residents(spec["residents"])
        _check_island(game, res, blds)
        p = p._replace(residents=res, buildings=blds)
    if "offices" in spec:
        offices = [""] * len(p.offices)
        bridges = game.bridges[seat]
        if not isinstance(spec["offices"], Mapping):
            raise PositionError(
                "A-ISL-1",
                "offices map a stone bridge's number to a good, e.g. {3: 'SPICE'}",
            )
        for bridge, good in spec["offices"].items():
            if bridge not in bridges or not _is_int(bridge):
                raise PositionError(
                    "A-ISL-1",
                    f"seat {seat}'s stone bridges carry {', '.join(map(str, bridges))}, "
                    f"not {bridge!r:.40}",
                )
            if not isinstance(good, str) or not (
                good in GOODS or good.startswith("BO-")
            ):
                raise PositionError(
                    "A-ISL-1",
                    f"a branch office shows a good or is a card such as 'BO-SPICE/2', "
                    f"not {good!r:.40}",
                )
            i = bridges.index(bridge)
            offices[i] = cards.take(good) if "/" in good else cards.find(f"BO-{good}/")
        p = p._replace(offices=tuple(offices))
    if "contracts" in spec:
        n = spec["contracts"]
        if not _is_int(n) or not 0 <= n <= WOODEN_BRIDGES:
            raise PositionError(
                "A-ISL-2",
                f"a home island has {WOODEN_BRIDGES} wooden bridges, so 0 to "
                f"{WOODEN_BRIDGES} trade contracts, not {n!r:.40}",
            )
        p = p._replace(contracts=tuple(cards.find("TC/") for _ in range(n)))
    if "ships" in spec:
        given = spec["ships"]
        if isinstance(given, str) or not isinstance(given, Iterable):
            raise PositionError(
                "A-BUILD-1", f"ships are a list of positions or None, not {given!r:.40}"
            )
        given = list(given)
        if len(given) > 2:
            raise PositionError("A-BUILD-1", f"a player owns 2 ships, not {len(given)}")
        for at in given:
            if at is None:
                continue
            if not (
                isinstance(at, tuple)
                and len(at) == 2
                and all(_is_int(x) for x in at)
                and at in game.distances
            ):
                where = "an island" if at in game.island_index else "not a sea space"
                raise PositionError(
                    "A-SHIP-3",
                    f"a ship sails on sea spaces only; {at!r:.40} is {where}",
                )
        ships = [*given, None, None]
        p = p._replace(ships=(ships[0], ships[1]))
    return p


def position(
    game: Anno1503,
    *,
    seats: Mapping[int, Mapping[str, Any]] | None = None,
    islands: Mapping[tuple[int, int], Any] | None = None,
    active: int = 0,
    phase: str = "build",
    turn: int = 1,
    roll: int = 0,
    **changes: Any,
) -> State:
    """Return a state in ``phase`` (default 2) of ``active``'s turn, with these changes.

    ``seats`` maps a seat to fields: ``gold``; ``hand`` ("SPICE SPICE STONE" or a
    dict); ``residents`` ("P S C P+SCHOOL": one token per space from space 1, a
    building after ``+``); ``offices`` ({bridge number: good or card code});
    ``contracts`` (a count); ``ships`` (positions, ``None`` for the supply).
    ``islands`` maps an island position to a card code, a list of codes (a stack,
    bottom first), an :class:`IslandCard` or ``[]`` for an empty island.  Any other
    keyword replaces that :class:`State` field directly (e.g. ``ap=(3, 0)``).
    Goods and buildings are taken from the supply and display, so cards stay conserved.

    What the rules cannot reach is refused with a :class:`PositionError` (a
    ``ValueError``) naming the rule: more than 4 Pioneers/Settlers (A-UPG-5) or 3
    Citizens/Merchants (A-COMP-3), fewer than the 2 residents of set-up (A-SETUP-5),
    more residents than spaces (A-PLACE-3), an unknown resident (A-COMP-3) or
    building (A-PB-5), a building under a space without a slot (A-PB-1) or twice
    on one island (A-PB-2), a bridge the island lacks (A-ISL-1), more than 3
    contracts (A-ISL-2), negative gold (ASSUMPTION-22) or goods (A-COMP-2), a
    third ship (A-BUILD-1) or a ship off the sea (A-SHIP-3), a seat, island, die
    face or phase that does not exist.  One shorthand stays allowed: a resident
    on a building-slot space may be written without its building ("P S C P"),
    for positions where the building does not matter.
    """
    s = game.setup()
    cards = _Cards(game, s)
    players = list(s.players)
    for seat, spec in (seats or {}).items():
        if not _is_int(seat) or not 0 <= seat < game.players:
            raise PositionError(
                "A-COMP-1",
                f"the seats of this game are 0..{game.players - 1}, not {seat!r:.40}",
            )
        players[seat] = _player(game, seat, players[seat], spec, cards)
    if not _is_int(active) or not 0 <= active < game.players:
        raise PositionError(
            "A-COMP-1",
            f"active must be a seat 0..{game.players - 1}, not {active!r:.40}",
        )
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {phase!r:.40}")
    if not _is_int(roll) or not 0 <= roll <= 6:
        raise PositionError(
            "A-PROD-1", f"a die shows 1-6 (0: not rolled), not {roll!r:.40}"
        )
    if not _is_int(turn) or turn < 0:
        raise ValueError(f"turn must be a whole number >= 0, not {turn!r:.40}")
    for pos, spec in (islands or {}).items():
        if pos not in game.island_index:
            raise PositionError(
                "A-COMP-5", f"{pos!r:.40} is not an island space of the sea board"
            )
        codes = (
            spec
            if isinstance(spec, list | tuple) and not isinstance(spec, IslandCard)
            else [spec]
        )
        cards.stack(pos, list(codes))
    supply = [
        game.tables.goods_cards - sum(p.hand[g] for p in players)
        for g in range(len(GOODS))
    ]
    if min(supply) < 0:
        raise PositionError(
            "A-COMP-2", "the hands hold more goods cards than the game has"
        )
    display = list(game.display)
    for p in players:
        for b in p.buildings:
            if b:
                if b not in display:
                    raise PositionError(
                        "A-COMP-6",
                        f"no {b} left on display to stage: this game has "
                        f"{game.display.count(b)}",
                    )
                display.remove(b)
    s = s._replace(
        players=tuple(players),
        supply=tuple(supply),
        display=tuple(display),
        islands=tuple(tuple(st) for st in cards.islands),
        pool=tuple(cards.pool),
        reserve=tuple(cards.reserve),
        active=active,
        turn=turn,
        phase=phase,
        roll=roll,
    )
    return s._replace(**changes) if changes else s


__all__ = ["PositionError", "position"]
