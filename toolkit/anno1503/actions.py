"""Anno 1503 actions: frozen dataclasses with a text notation that round-trips.

``str(action)`` gives the notation used in game records; :func:`parse_action`
is its inverse.  Ships are numbered 1 and 2, seats from 0, positions are
``row,col`` on the sea grid, resident spaces 1-7 and stone bridges by their die
number.  Chance outcomes (nouns) are listed after the decisions (verbs).

======================  =====================================================
notation                meaning
======================  =====================================================
``build ship``          A-BUILD-1: pay CLOTH+WOOD+TOOLS, a ship to the start
``place pioneer``       A-PLACE-1 (``place pioneer CHURCH`` on a building slot)
``upgrade 3``           A-UPG: raise the resident on space 3 one level
``sell STONE+CLOTH``    A-SELL-1: one sale action, one card per resident
``buy SPICE``           A-BUY-1
``raid 2``              A-PB-6: Big Branch Office against seat 2
``sail 1 2,7``          A-SHIP: ship 1 to sea space (2,7)
``explore 1 1,6``       A-EXPL-1: ship 1 looks at island (1,6)
``return card``         A-EXPL-2: put the card back face down
``use card``            A-ISL: use it (``use card bridge 3``, ``use card space 2``)
``end turn``            finish the turn (hand limit next)
``take SPICE``          a production or Golden Age choice
``take nothing``        decline the good of a "?" face or of the Golden Age
``remove bridge 3``     Pirates: give up the branch office on bridge 3
``remove contract 1``   Pirates: give up the trade contract on wooden bridge 1
``discard SPICE``       A-HAND-1
``first 2``             chance: seat 2 starts (A-SETUP-10)
``roll 4``              chance: production roll
``event 5``             chance: event roll (A-EVENT-1)
``reveal TC/2``         chance: the face of an explored card
``draw ?/3``            chance: Pirates put the reserve's top card on an island
``steal SPICE``         chance: the card the Big Branch Office draws
======================  =====================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolkit.core import IllegalAction

from .tables import GOODS

Pos = tuple[int, int]


class ActionFieldError(IllegalAction, TypeError):
    """A hand-built action with a field of the wrong type, e.g. ``Upgrade("1")``.

    Raised when the action is made, so it never reaches the engine: an
    :class:`~toolkit.core.IllegalAction` (rule ID and a sentence) that is also a
    ``TypeError`` naming the field and the type expected.
    """


_KINDS: dict[str, tuple[str, str]] = {
    # annotation -> (what is expected, an example)
    "int": ("a whole number (int)", "3"),
    "str": ("text (str)", "'SPICE'"),
    "Pos": ("a sea position, a tuple of 2 whole numbers (row, col)", "(2, 7)"),
    "tuple[int, ...]": (
        "a tuple of card counts (int), one per good in GOODS order",
        "(0, 1, 0, 0, 1)",
    ),
}
_N_GOODS = len(GOODS)
_INT_ONLY = frozenset((int,))


def _is_pos(value: object) -> bool:
    return (
        type(value) is tuple
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
    )


def _is_goods(value: object) -> bool:
    return (
        type(value) is tuple
        and len(value) == _N_GOODS
        and _INT_ONLY.issuperset(map(type, value))
        and min(value) >= 0
    )


def _refuse(action: Any, name: str, kind: str) -> None:
    """Raise the :class:`ActionFieldError` of ``action``'s field ``name``.

    Called by the actions' ``__post_init__`` (inline type checks: the engine
    makes many actions). A card ``code`` must also be written as in the
    notation (e.g. ``TC/2``, ``?/3``): the engine reads its parts.
    """
    cls = type(action)
    value = getattr(action, name)
    what, example = _KINDS[kind]
    if name == "code" and isinstance(value, str):
        what, example = "a card code", "'TC/2' or '?/3'"
    if name == "goods":
        example = "(" + ", ".join("1" if i == 0 else "0" for i in range(_N_GOODS)) + ")"
    got = "None" if value is None else f"{value!r} (a {type(value).__name__})"
    raise ActionFieldError(
        _RULES.get(cls.__name__, "A-TURN-1"),
        f"{cls.__name__}.{name} must be {what} such as {example}, not {got}.",
    )


def _pos(p: Pos) -> str:
    return f"{p[0]},{p[1]}"


@dataclass(frozen=True, slots=True)
class BuildShip:
    """A-BUILD-1: build a ship from the supply onto the start space."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "build ship"


@dataclass(frozen=True, slots=True)
class PlacePioneer:
    """A-PLACE-1: place a Pioneer.

    ``building`` is the free public building (A-PB-1) or "".
    """

    building: str = ""

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.building) is not str:
            _refuse(self, "building", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"place pioneer {self.building}".rstrip()


@dataclass(frozen=True, slots=True)
class Upgrade:
    """A-UPG-1..3: upgrade the resident on resident space ``space`` (1-7)."""

    space: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.space) is not int:
            _refuse(self, "space", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"upgrade {self.space}"


@dataclass(frozen=True, slots=True)
class Sell:
    """A-SELL-1: one sale action; ``goods`` counts the cards sold, in GOODS order."""

    goods: tuple[int, ...]

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if not _is_goods(self.goods):
            _refuse(self, "goods", "tuple[int, ...]")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        names = [g for g, n in zip(GOODS, self.goods) for _ in range(n)]
        return "sell " + "+".join(names)


@dataclass(frozen=True, slots=True)
class Buy:
    """A-BUY-1: buy one goods card from the supply."""

    good: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.good) is not str:
            _refuse(self, "good", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"buy {self.good}"


@dataclass(frozen=True, slots=True)
class Raid:
    """A-PB-6: use the Big Branch Office against seat ``target``."""

    target: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.target) is not int:
            _refuse(self, "target", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"raid {self.target}"


@dataclass(frozen=True, slots=True)
class Sail:
    """A-SHIP-3: move ship ``ship`` (1 or 2) to sea space ``to``.

    Costs the sea distance in AP.
    """

    ship: int
    to: Pos

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.ship) is not int:
            _refuse(self, "ship", "int")
        if not _is_pos(self.to):
            _refuse(self, "to", "Pos")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"sail {self.ship} {_pos(self.to)}"


@dataclass(frozen=True, slots=True)
class Explore:
    """A-EXPL-1.

    Ship ``ship`` looks at the top card of the island at ``island`` (1 AP).
    """

    ship: int
    island: Pos

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.ship) is not int:
            _refuse(self, "ship", "int")
        if not _is_pos(self.island):
            _refuse(self, "island", "Pos")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"explore {self.ship} {_pos(self.island)}"


@dataclass(frozen=True, slots=True)
class ReturnCard:
    """A-EXPL-2: put the explored card back face down."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "return card"


@dataclass(frozen=True, slots=True)
class UseCard:
    """A-ISL: use the explored card.

    A branch office names its ``bridge``, an upgrade its ``space``.
    """

    bridge: int = 0
    space: int = 0

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.bridge) is not int:
            _refuse(self, "bridge", "int")
        if type(self.space) is not int:
            _refuse(self, "space", "int")
        if self.bridge and self.space:
            raise ActionFieldError(
                "A-ISL-1",
                "UseCard names a bridge (a branch office) or a space (an upgrade), "
                f"not both: got bridge={self.bridge}, space={self.space}.",
            )

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        if self.bridge:
            return f"use card bridge {self.bridge}"
        if self.space:
            return f"use card space {self.space}"
        return "use card"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End phase 2 or 3 and with it the turn (A-TURN-1)."""

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "end turn"


@dataclass(frozen=True, slots=True)
class Take:
    """Choose one good.

    A "?" face (A-PROD-3), a branch office (A-PROD-4) or Golden Age.
    """

    good: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.good) is not str:
            _refuse(self, "good", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"take {self.good}"


@dataclass(frozen=True, slots=True)
class TakeNothing:
    """Decline a free good: a "?" face (A-PROD-3) or the Golden Age (A-EVENT-4).

    The rulebook says the player *may* take one there; a branch-office choice
    (A-PROD-4) and a fixed face are not optional.
    """

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return "take nothing"


@dataclass(frozen=True, slots=True)
class Remove:
    """A-EVENT-2.

    Pirates take the branch office on ``bridge`` or the contract number ``contract``.
    """

    bridge: int = 0
    contract: int = 0

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.bridge) is not int:
            _refuse(self, "bridge", "int")
        if type(self.contract) is not int:
            _refuse(self, "contract", "int")
        if self.bridge and self.contract:
            raise ActionFieldError(
                "A-EVENT-2",
                "Remove names a bridge (a branch office) or a contract, not both: "
                f"got bridge={self.bridge}, contract={self.contract}.",
            )

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return (
            f"remove bridge {self.bridge}"
            if self.bridge
            else f"remove contract {self.contract}"
        )


@dataclass(frozen=True, slots=True)
class Discard:
    """A-HAND-1: discard one card at the end of the turn."""

    good: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.good) is not str:
            _refuse(self, "good", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"discard {self.good}"


@dataclass(frozen=True, slots=True)
class First:
    """Chance (A-SETUP-10): seat ``seat`` won the starting roll."""

    seat: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.seat) is not int:
            _refuse(self, "seat", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance (A-PROD-1): the production die shows ``face``."""

    face: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.face) is not int:
            _refuse(self, "face", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class EventRoll:
    """Chance (A-EVENT-1): the event die shows ``face``."""

    face: int

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.face) is not int:
            _refuse(self, "face", "int")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"event {self.face}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance (A-EXPL-1): the explored face-down card turns out to be ``code``."""

    code: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.code) is not str or not _CODE_RE.fullmatch(self.code):
            _refuse(self, "code", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"reveal {self.code}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance (A-EVENT-2).

    The reserve's top card (``?/b`` if undecided) goes to the far island.
    """

    code: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.code) is not str or not _CODE_RE.fullmatch(self.code):
            _refuse(self, "code", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"draw {self.code}"


@dataclass(frozen=True, slots=True)
class Steal:
    """Chance (A-PB-6): the goods card drawn from the raided hand."""

    good: str

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type (see :class:`ActionFieldError`)."""
        if type(self.good) is not str:
            _refuse(self, "good", "str")

    def __str__(self) -> str:
        """Write the action in the notation that ``parse_action`` reads."""
        return f"steal {self.good}"


Action = (
    BuildShip
    | PlacePioneer
    | Upgrade
    | Sell
    | Buy
    | Raid
    | Sail
    | Explore
    | ReturnCard
    | UseCard
    | EndTurn
    | Take
    | TakeNothing
    | Remove
    | Discard
    | First
    | Roll
    | EventRoll
    | Reveal
    | Draw
    | Steal
)

_GOOD = "(" + "|".join(GOODS) + ")"
_POS = r"(\d+),(\d+)"
_CODE = r"((?:BO-" + _GOOD[1:-1].replace("|", "|BO-") + r"|TC|TU|TG|\?)/[234])"
_CODE_RE = re.compile(_CODE)

#: The rule each action serves, cited when a hand-built one has a field of the wrong type.
_RULES = {
    "PlacePioneer": "A-PLACE-1",
    "Upgrade": "A-UPG-1",
    "Sell": "A-SELL-1",
    "Buy": "A-BUY-1",
    "Raid": "A-PB-6",
    "Sail": "A-SHIP-3",
    "Explore": "A-EXPL-1",
    "UseCard": "A-ISL-1",
    "Take": "A-PROD-3",
    "Remove": "A-EVENT-2",
    "Discard": "A-HAND-1",
    "First": "A-SETUP-10",
    "Roll": "A-PROD-1",
    "EventRoll": "A-EVENT-1",
    "Reveal": "A-EXPL-1",
    "Draw": "A-EVENT-2",
    "Steal": "A-PB-6",
}
_PATTERNS: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"build ship"), lambda m: BuildShip()),
    (re.compile(r"place pioneer(?: ([A-Z_]+))?"), lambda m: PlacePioneer(m[1] or "")),
    (re.compile(r"upgrade (\d)"), lambda m: Upgrade(int(m[1]))),
    (re.compile(r"sell ((?:[A-Z]+\+)*[A-Z]+)"), lambda m: Sell(_goods(m[1]))),
    (re.compile(r"buy " + _GOOD), lambda m: Buy(m[1])),
    (re.compile(r"raid (\d)"), lambda m: Raid(int(m[1]))),
    (
        re.compile(r"sail ([12]) " + _POS),
        lambda m: Sail(int(m[1]), (int(m[2]), int(m[3]))),
    ),
    (
        re.compile(r"explore ([12]) " + _POS),
        lambda m: Explore(int(m[1]), (int(m[2]), int(m[3]))),
    ),
    (re.compile(r"return card"), lambda m: ReturnCard()),
    (re.compile(r"use card"), lambda m: UseCard()),
    (re.compile(r"use card bridge (\d)"), lambda m: UseCard(bridge=int(m[1]))),
    (re.compile(r"use card space (\d)"), lambda m: UseCard(space=int(m[1]))),
    (re.compile(r"end turn"), lambda m: EndTurn()),
    (re.compile(r"take " + _GOOD), lambda m: Take(m[1])),
    (re.compile(r"take nothing"), lambda m: TakeNothing()),
    (re.compile(r"remove bridge (\d)"), lambda m: Remove(bridge=int(m[1]))),
    (re.compile(r"remove contract (\d)"), lambda m: Remove(contract=int(m[1]))),
    (re.compile(r"discard " + _GOOD), lambda m: Discard(m[1])),
    (re.compile(r"first (\d)"), lambda m: First(int(m[1]))),
    (re.compile(r"roll ([1-6])"), lambda m: Roll(int(m[1]))),
    (re.compile(r"event ([1-6])"), lambda m: EventRoll(int(m[1]))),
    (re.compile(r"reveal " + _CODE), lambda m: Reveal(m[1])),
    (re.compile(r"draw " + _CODE), lambda m: Draw(m[1])),
    (re.compile(r"steal " + _GOOD), lambda m: Steal(m[1])),
]


def _goods(text: str) -> tuple[int, ...]:
    counts = [0] * len(GOODS)
    for name in text.split("+"):
        if name not in GOODS:
            raise ValueError(
                f"unknown good {name!r} in 'sell {text}'; goods are {', '.join(GOODS)}"
            )
        counts[GOODS.index(name)] += 1
    return tuple(counts)


def parse_action(text: str) -> Action:
    """Read an action from its notation (the inverse of ``str(action)``).

    Raises :class:`ValueError` with the list of forms for text that is not an action.

    Examples
    --------
    >>> parse_action("sail 1 2,7")
    Sail(ship=1, to=(2, 7))
    >>> str(parse_action("sell STONE+CLOTH+SPICE"))
    'sell STONE+CLOTH+SPICE'
    """
    if not isinstance(text, str):
        raise ValueError(f"an action is written as text, got {text!r}")
    clean = " ".join(text.split())
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(clean)
        if m:
            return make(m)  # type: ignore[operator]
    raise ValueError(
        f"{text!r} is not an Anno 1503 action; write e.g. 'build ship', 'place "
        "pioneer', "
        "'upgrade 3', 'sell STONE+CLOTH', 'buy SPICE', 'sail 1 2,7', 'explore 1 1,6', "
        "'return card', 'use card bridge 3', 'end turn', 'take WOOD', 'take nothing' "
        "or 'discard SPICE'"
    )


__all__ = [
    "Action",
    "BuildShip",
    "Buy",
    "Discard",
    "Draw",
    "EndTurn",
    "EventRoll",
    "Explore",
    "First",
    "PlacePioneer",
    "Raid",
    "Remove",
    "ReturnCard",
    "Reveal",
    "Roll",
    "Sail",
    "Sell",
    "Steal",
    "Take",
    "TakeNothing",
    "Upgrade",
    "UseCard",
    "parse_action",
]
