"""Pioneers actions as small frozen dataclasses with a text notation.

``str(action)`` gives the notation and :func:`parse_action` reads it back:

=======================  =============================================
``buy R1`` / ``buy R2``   buy 1 road for $2 / 2 roads for $5 (P-BUY-1)
``buy slot 2``            buy the market wagon in slot 2 (P-BUY-7)
``end purchases``         finish the purchase phase (P-BUY-5)
``road BUF-CLE``          place a bought road (P-BUY-6)
``move BUF-CLE-DET $2``   move the stagecoach along a route (P-MOVE)
``pass``                  no target can be reached (P-MOVE-5)
``settle W05 FARMER``     settle the FARMER pioneer from wagon W05 (P-SETTLE)
``sergeant CHI-DET``      free sergeant road (P-TILE-5)
``return W05 BANKER``     innkeeper returns a pioneer (P-TILE-6)
``farmer W05``            farmer extra from wagon W05 (P-TILE-8)
``skip``                  decline an optional tile effect (ASSUMPTION-18)
``join W05`` / ``decline``  the offer to join (P-JOIN)
=======================  =============================================

Chance turns: ``cover CITY``, ``tile CITY TYPE``, ``redraw CITY TYPE``,
``swap CITY CITY``, ``first SEAT``, ``reveal WAGON``, ``deal SEAT WAGON``,
``nugget VALUE``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolkit.core import IllegalAction

from .board import PROFESSIONS, TILE_TYPES


class ActionFieldError(IllegalAction, TypeError):
    """A hand-built action with a field of the wrong type, e.g. ``BuyWagon("1")``.

    Raised when the action is made, so it never reaches the engine: an
    :class:`~toolkit.core.IllegalAction` (rule ID and a sentence) that is also a
    ``TypeError`` naming the field and the type expected.
    """


_KINDS: dict[str, tuple[str, str]] = {
    # annotation -> (what is expected, an example)
    "int": ("a whole number (int)", "2"),
    "str": ("text (str)", "'BUF'"),
    "tuple[str, ...]": ("a tuple of city ids (str)", "('BUF', 'CLE')"),
}
_EXAMPLES = {"wagon": "'W05'", "profession": "'FARMER'", "tile": "'HOTEL'"}
_STR_ONLY = frozenset((str,))


def _is_path(value: object) -> bool:
    return type(value) is tuple and _STR_ONLY.issuperset(map(type, value))


def _refuse(action: Any, name: str, kind: str) -> None:
    """Raise the :class:`ActionFieldError` of ``action``'s field ``name``.

    Called by the actions' ``__post_init__``: inline type checks, as the engine
    makes some actions during play (new routes, set-up chance outcomes).
    """
    cls = type(action)
    value = getattr(action, name)
    what, example = _KINDS[kind]
    example = _EXAMPLES.get(name, example)
    got = "None" if value is None else f"{value!r} (a {type(value).__name__})"
    raise ActionFieldError(
        _RULES.get(cls.__name__, "P-FLOW-2"),
        f"{cls.__name__}.{name} must be {what} such as {example}, not {got}.",
    )


@dataclass(frozen=True, slots=True)
class BuyRoads:
    """R1 (count=1, $2) or R2 (count=2, $5)."""

    count: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.count) is not int:
            _refuse(self, "count", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"buy R{self.count}"


@dataclass(frozen=True, slots=True)
class BuyWagon:
    """Buy the wagon in market slot 1-4 at its slot price."""

    slot: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.slot) is not int:
            _refuse(self, "slot", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"buy slot {self.slot}"


@dataclass(frozen=True, slots=True)
class EndPurchases:
    """End the purchase phase."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "end purchases"


@dataclass(frozen=True, slots=True)
class PlaceRoad:
    """Place a bought road on the connection ``a``-``b`` (ids in alphabetical order)."""

    a: str
    b: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.a) is not str:
            _refuse(self, "a", "str")
        if type(self.b) is not str:
            _refuse(self, "b", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"road {self.a}-{self.b}"


@dataclass(frozen=True, slots=True)
class MoveCoach:
    """Move the stagecoach along ``path`` (city ids, from its city to the target)."""

    path: tuple[str, ...]
    cost: int

    @property
    def target(self) -> str:
        """The city the stagecoach stops on."""
        return self.path[-1]

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if not _is_path(self.path):
            _refuse(self, "path", "tuple[str, ...]")
        if type(self.cost) is not int:
            _refuse(self, "cost", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"move {'-'.join(self.path)} ${self.cost}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not move: no target can be reached or paid for (P-MOVE-5)."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "pass"


@dataclass(frozen=True, slots=True)
class Settle:
    """Settle the pioneer sitting on a ``profession`` seat of ``wagon``."""

    wagon: str
    profession: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.wagon) is not str:
            _refuse(self, "wagon", "str")
        if type(self.profession) is not str:
            _refuse(self, "profession", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"settle {self.wagon} {self.profession}"


@dataclass(frozen=True, slots=True)
class SergeantRoad:
    """Place a free road from the sergeant effect on ``a``-``b``."""

    a: str
    b: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.a) is not str:
            _refuse(self, "a", "str")
        if type(self.b) is not str:
            _refuse(self, "b", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"sergeant {self.a}-{self.b}"


@dataclass(frozen=True, slots=True)
class ReturnPioneer:
    """Innkeeper: return the pioneer on a ``profession`` seat of ``wagon`` to supply."""

    wagon: str
    profession: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.wagon) is not str:
            _refuse(self, "wagon", "str")
        if type(self.profession) is not str:
            _refuse(self, "profession", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"return {self.wagon} {self.profession}"


@dataclass(frozen=True, slots=True)
class AddFarmer:
    """Farmer extra: move a FARMER pioneer from ``wagon`` onto the city."""

    wagon: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.wagon) is not str:
            _refuse(self, "wagon", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"farmer {self.wagon}"


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline (the rest of) an optional tile effect."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "skip"


@dataclass(frozen=True, slots=True)
class Join:
    """Accept the offer to join with the required pioneer from ``wagon``."""

    wagon: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.wagon) is not str:
            _refuse(self, "wagon", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"join {self.wagon}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline the offer to join."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "decline"


# ----- chance outcomes ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoverCity:
    """2 players, ``cover="random"``: a cover tile lands on ``city``."""

    city: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.city) is not str:
            _refuse(self, "city", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"cover {self.city}"


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Set-up: ``city`` receives a ``tile`` from the shuffled tiles (P-SETUP-4)."""

    city: str
    tile: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.city) is not str:
            _refuse(self, "city", "str")
        if type(self.tile) is not str:
            _refuse(self, "tile", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"tile {self.city} {self.tile}"


@dataclass(frozen=True, slots=True)
class Redraw:
    """P-SETUP-5: the tile on ``city`` is replaced by an unused ``tile``."""

    city: str
    tile: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.city) is not str:
            _refuse(self, "city", "str")
        if type(self.tile) is not str:
            _refuse(self, "tile", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"redraw {self.city} {self.tile}"


@dataclass(frozen=True, slots=True)
class SwapTiles:
    """ASSUMPTION-15: swap the tiles of ``city`` and ``other``."""

    city: str
    other: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.city) is not str:
            _refuse(self, "city", "str")
        if type(self.other) is not str:
            _refuse(self, "other", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"swap {self.city} {self.other}"


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """P-SETUP-6: ``seat`` is the start player."""

    seat: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.seat) is not int:
            _refuse(self, "seat", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class RevealWagon:
    """A wagon is turned face up from the deck into the market."""

    wagon: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.wagon) is not str:
            _refuse(self, "wagon", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"reveal {self.wagon}"


@dataclass(frozen=True, slots=True)
class DealStart:
    """P-SETUP-10: ``seat`` is dealt start wagon ``wagon``."""

    seat: int
    wagon: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.seat) is not int:
            _refuse(self, "seat", "int")
        if type(self.wagon) is not str:
            _refuse(self, "wagon", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"deal {self.seat} {self.wagon}"


@dataclass(frozen=True, slots=True)
class DrawNugget:
    """P-TILE-4: the gold digger draws a nugget worth ``value``."""

    value: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.value) is not int:
            _refuse(self, "value", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"nugget {self.value}"


#: The rule each action serves, cited when a hand-built one has a field of the wrong type.
_RULES = {
    "BuyRoads": "P-BUY-1",
    "BuyWagon": "P-BUY-7",
    "PlaceRoad": "P-BUY-6",
    "MoveCoach": "P-MOVE-1",
    "Settle": "P-SETTLE-1",
    "SergeantRoad": "P-TILE-5",
    "ReturnPioneer": "P-TILE-6",
    "AddFarmer": "P-TILE-8",
    "Join": "P-JOIN-2",
    "CoverCity": "P-SETUP-2",
    "DrawTile": "P-SETUP-4",
    "Redraw": "P-SETUP-5",
    "SwapTiles": "ASSUMPTION-15",
    "FirstPlayer": "P-SETUP-6",
    "RevealWagon": "P-FLOW-2",
    "DealStart": "P-SETUP-10",
    "DrawNugget": "P-TILE-4",
}

_ID = r"[A-Za-z0-9_]+"
_TYPES = "|".join(TILE_TYPES)
_PROFS = "|".join(PROFESSIONS)
_PATTERNS = [
    (re.compile(r"buy R([12])"), lambda m: BuyRoads(int(m[1]))),
    (re.compile(r"buy slot ([1-4])"), lambda m: BuyWagon(int(m[1]))),
    (re.compile(r"end purchases"), lambda m: EndPurchases()),
    (re.compile(rf"road ({_ID})-({_ID})"), lambda m: PlaceRoad(*sorted((m[1], m[2])))),
    (
        re.compile(rf"move ({_ID}(?:-{_ID})+) \$(\d+)"),
        lambda m: MoveCoach(tuple(m[1].split("-")), int(m[2])),
    ),
    (re.compile(r"pass"), lambda m: Pass()),
    (re.compile(rf"settle ({_ID}) ({_PROFS})"), lambda m: Settle(m[1], m[2])),
    (
        re.compile(rf"sergeant ({_ID})-({_ID})"),
        lambda m: SergeantRoad(*sorted((m[1], m[2]))),
    ),
    (re.compile(rf"return ({_ID}) ({_PROFS})"), lambda m: ReturnPioneer(m[1], m[2])),
    (re.compile(rf"farmer ({_ID})"), lambda m: AddFarmer(m[1])),
    (re.compile(r"skip"), lambda m: Skip()),
    (re.compile(rf"join ({_ID})"), lambda m: Join(m[1])),
    (re.compile(r"decline"), lambda m: Decline()),
    (re.compile(rf"cover ({_ID})"), lambda m: CoverCity(m[1])),
    (re.compile(rf"tile ({_ID}) ({_TYPES})"), lambda m: DrawTile(m[1], m[2])),
    (re.compile(rf"redraw ({_ID}) ({_TYPES})"), lambda m: Redraw(m[1], m[2])),
    (re.compile(rf"swap ({_ID}) ({_ID})"), lambda m: SwapTiles(m[1], m[2])),
    (re.compile(r"first (\d)"), lambda m: FirstPlayer(int(m[1]))),
    (re.compile(rf"reveal ({_ID})"), lambda m: RevealWagon(m[1])),
    (re.compile(rf"deal (\d) ({_ID})"), lambda m: DealStart(int(m[1]), m[2])),
    (re.compile(r"nugget ([345])"), lambda m: DrawNugget(int(m[1]))),
]

HELP = (
    "expected e.g. 'buy R1', 'buy R2', 'buy slot 2', 'end purchases', 'road BUF-CLE', "
    "'move BUF-CLE-DET $2', 'pass', 'settle W05 FARMER', 'sergeant CHI-DET', "
    "'return W05 BANKER', 'farmer W05', 'skip', 'join W05' or 'decline'"
)


def parse_action(text: object):
    """Read an action from its notation; raises ValueError on malformed text.

    >>> parse_action("move BUF-CLE $1")
    MoveCoach(path=('BUF', 'CLE'), cost=1)
    """
    if not isinstance(text, str):
        raise ValueError(
            f"an action is read from text (a str) such as 'buy R1', not {text!r} "
            f"(a {type(text).__name__})"
        )
    cleaned = " ".join(text.split())
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(cleaned)
        if m:
            return build(m)
    raise ValueError(f"cannot read the action {text!r}: {HELP}")
