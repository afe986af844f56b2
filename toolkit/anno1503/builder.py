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

from .state import IslandCard, Player, State
from .tables import BACKS, GOODS

if TYPE_CHECKING:
    from .rules import Anno1503

LEVELS = {"P": "PIONEER", "S": "SETTLER", "C": "CITIZEN", "M": "MERCHANT"}


def _hand(spec: str | Mapping[str, int] | Iterable[int]) -> tuple[int, ...]:
    if isinstance(spec, str):
        counts = [0] * len(GOODS)
        for name in spec.split():
            if name not in GOODS:
                raise ValueError(f"unknown good {name!r}; goods are {', '.join(GOODS)}")
            counts[GOODS.index(name)] += 1
        return tuple(counts)
    if isinstance(spec, Mapping):
        bad = set(spec) - set(GOODS)
        if bad:
            raise ValueError(f"unknown goods {sorted(bad)}")
        return tuple(int(spec.get(g, 0)) for g in GOODS)
    return tuple(spec)


def _residents(spec: str | Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    tokens = spec.split() if isinstance(spec, str) else list(spec)
    residents, buildings = [], []
    for tok in tokens:
        level, _, building = tok.partition("+")
        residents.append(LEVELS.get(level, level))
        buildings.append(building)
    return tuple(residents), tuple(buildings)


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
    bad = set(spec) - known
    if bad:
        raise ValueError(f"unknown seat fields {sorted(bad)}; use {sorted(known)}")
    if "gold" in spec:
        p = p._replace(gold=spec["gold"])
    if "hand" in spec:
        p = p._replace(hand=_hand(spec["hand"]))
    if "residents" in spec:
        res, blds = _residents(spec["residents"])
        p = p._replace(residents=res, buildings=blds)
    if "offices" in spec:
        offices = [""] * len(p.offices)
        for bridge, good in dict(spec["offices"]).items():
            i = game.bridges[seat].index(bridge)
            offices[i] = cards.take(good) if "/" in good else cards.find(f"BO-{good}/")
        p = p._replace(offices=tuple(offices))
    if "contracts" in spec:
        n = spec["contracts"]
        p = p._replace(contracts=tuple(cards.find("TC/") for _ in range(n)))
    if "ships" in spec:
        ships = [*list(spec["ships"]), None, None]
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
    """
    s = game.setup()
    cards = _Cards(game, s)
    players = list(s.players)
    for seat, spec in (seats or {}).items():
        players[seat] = _player(game, seat, players[seat], spec, cards)
    for pos, spec in (islands or {}).items():
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
        raise ValueError("the hands hold more goods cards than the game has")
    display = list(game.display)
    for p in players:
        for b in p.buildings:
            if b:
                if b not in display:
                    raise ValueError(f"no {b} left on display to stage")
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


__all__ = ["position"]
