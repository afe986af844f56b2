"""Pioneer Days actions: frozen dataclasses with a text notation that round-trips.

``str(action)`` is the notation of game records; :func:`parse_action` is its
inverse.  A hand-built action with a field of the wrong type is refused when
it is made (:class:`ActionFieldError`, an ``IllegalAction`` and a ``TypeError``).

========================  ===================================================
notation                  meaning
========================  ===================================================
``choose PB3``            PD-SETUP-6: keep board PB3, unique side up
``choose PIONEER``        PD-SETUP-6: the standard Pioneer side
``take red CATTLE``       PD-TURN-1: take a red die showing CATTLE
``gain wood``             A12 Trapper's choice (``gain medicine``)
``change WOOD``           PD-TURN-3: pay to turn the die to WOOD
``income``                PD-INCOME-1
``act MINE``              PD-ACT: the action of the face (``act EQUIP E5``)
``recruit``               PD-RECRUIT-1: the townsfolk in the face's slot
``pick E5``               B6 Quartermaster: take E5 from the display
``keep 3``                PB2 Assayer: keep the 3-nugget token of the two drawn
``buy small``             PD-WAGON-1 (``buy large``)
``end turn``              PD-TURN-6: end the turn (storage check next)
``discard wood``          PD-STORE-3 (``discard medicine``, ``discard gold2``,
                          ``discard E5``)
``storm wood``            PD-DIS-3 for the next wagon: pay 1 wood (``storm
                          silver``: PB7 pays $2; ``storm damage``; ``storm
                          spare``: B8 Carpenter or an E8 Canvas Cover)
``disease B3 pay``        PD-DIS-6 for townsfolk B3 (``exempt``, ``discard``)
``fulfil TC5 gold 2``     PD-TOWN-3 (``fulfil TC7 tile E3``, ``... less wood``
                          for the PB8 Diplomat's discount)
``done``                  PD-TOWN-3: fulfil no more town cards this visit
``first 2``               chance: seat 2 is the start player (PD-SETUP-1)
``deal A5``               chance: townsfolk A5 into the next slot (PD-SETUP-4)
``reveal TC3``            chance: town card TC3 turned face up (PD-SETUP-5)
``board PB4``             chance: board PB4 dealt to the next player (PD-SETUP-6)
``stock E7``              chance: E7 from the equipment stack (PD-SETUP-7)
``roll red CATTLE``       chance: a red die drawn and rolled (PD-DAY-1)
``gold 2``                chance: a 2-nugget token from the gold bag (PD-ACT-2)
========================  ===================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolkit.core import IllegalAction

from .constants import COLOURS, FACES


class ActionFieldError(IllegalAction, TypeError):
    """A hand-built action with a field of the wrong type, e.g. ``Keep("3")``."""


def _refuse(action: Any, name: str, what: str, example: str) -> None:
    cls = type(action)
    value = getattr(action, name)
    got = "None" if value is None else f"{value!r} (a {type(value).__name__})"
    raise ActionFieldError(
        _RULES[cls.__name__],
        f"{cls.__name__}.{name} must be {what} such as {example}, not {got}.",
    )


_ID = re.compile(r"[A-Z]+[0-9]*")


def _check_id(action: Any, name: str, example: str) -> None:
    value = getattr(action, name)
    if type(value) is not str or not _ID.fullmatch(value):
        _refuse(action, name, "a card or face name (str)", example)


def _check_word(action: Any, name: str, words: tuple[str, ...]) -> None:
    value = getattr(action, name)
    if type(value) is not str or value not in words:
        _refuse(
            action, name, "one of " + ", ".join(repr(w) for w in words), repr(words[0])
        )


def _check_nuggets(action: Any, name: str, low: int = 1) -> None:
    value = getattr(action, name)
    if type(value) is not int or not low <= value <= 3:
        _refuse(action, name, f"a whole number of nuggets from {low} to 3", "2")


@dataclass(frozen=True, slots=True)
class Choose:
    """PD-SETUP-6: keep one of the two dealt boards (or play the Pioneer side)."""

    board: str

    def __post_init__(self) -> None:
        _check_id(self, "board", "'PB3' or 'PIONEER'")

    def __str__(self) -> str:
        return f"choose {self.board}"


@dataclass(frozen=True, slots=True)
class Take:
    """PD-TURN-1: take the die of ``colour`` showing ``face`` from the pool."""

    colour: str
    face: str

    def __post_init__(self) -> None:
        _check_word(self, "colour", COLOURS)
        _check_word(self, "face", FACES)

    def __str__(self) -> str:
        return f"take {self.colour} {self.face}"


@dataclass(frozen=True, slots=True)
class Gain:
    """A12 Trapper: the owner's choice of +1 wood or +1 medicine (PD-RECRUIT-2)."""

    item: str

    def __post_init__(self) -> None:
        _check_word(self, "item", ("wood", "medicine"))

    def __str__(self) -> str:
        return f"gain {self.item}"


@dataclass(frozen=True, slots=True)
class Change:
    """PD-TURN-3: pay to turn the taken die to ``face``."""

    face: str

    def __post_init__(self) -> None:
        _check_word(self, "face", FACES)

    def __str__(self) -> str:
        return f"change {self.face}"


@dataclass(frozen=True, slots=True)
class Income:
    """PD-INCOME-1: take the face's silver."""

    def __str__(self) -> str:
        return "income"


@dataclass(frozen=True, slots=True)
class Act:
    """PD-ACT: the action ``kind`` (the face's, or any for WILD); ``tile`` for EQUIP."""

    kind: str
    tile: str = ""

    def __post_init__(self) -> None:
        _check_word(self, "kind", FACES[1:])
        if type(self.tile) is not str or (self.tile and not _ID.fullmatch(self.tile)):
            _refuse(self, "tile", "an equipment ID or '' (str)", "'E5'")
        if self.tile and self.kind != "EQUIP":
            _refuse(self, "tile", "'' unless the action is EQUIP", "''")

    def __str__(self) -> str:
        return f"act {self.kind} {self.tile}".rstrip()


@dataclass(frozen=True, slots=True)
class Recruit:
    """PD-RECRUIT-1: take the townsfolk in the slot of the die's face."""

    def __str__(self) -> str:
        return "recruit"


@dataclass(frozen=True, slots=True)
class Pick:
    """B6 Quartermaster: take equipment ``tile`` from the display."""

    tile: str

    def __post_init__(self) -> None:
        _check_id(self, "tile", "'E5'")

    def __str__(self) -> str:
        return f"pick {self.tile}"


@dataclass(frozen=True, slots=True)
class Keep:
    """PB2 Assayer: of the two tokens drawn, keep the one of ``nuggets``."""

    nuggets: int

    def __post_init__(self) -> None:
        _check_nuggets(self, "nuggets")

    def __str__(self) -> str:
        return f"keep {self.nuggets}"


@dataclass(frozen=True, slots=True)
class Buy:
    """PD-WAGON-1: buy a ``small`` or ``large`` wagon."""

    size: str

    def __post_init__(self) -> None:
        _check_word(self, "size", ("small", "large"))

    def __str__(self) -> str:
        return f"buy {self.size}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """PD-TURN-6: end the turn; the storage check follows (PD-STORE-3)."""

    def __str__(self) -> str:
        return "end turn"


_GOLD_ITEMS = ("gold1", "gold2", "gold3")


@dataclass(frozen=True, slots=True)
class Discard:
    """PD-STORE-3: discard ``wood``, ``medicine``, ``goldN`` (a token) or a tile ID."""

    item: str

    def __post_init__(self) -> None:
        value = self.item
        if type(value) is not str or not (
            value in ("wood", "medicine", *_GOLD_ITEMS)
            or re.fullmatch(r"E[0-9]+", value)
        ):
            _refuse(
                self,
                "item",
                "'wood', 'medicine', 'gold1'..'gold3' or a tile ID",
                "'wood'",
            )

    def __str__(self) -> str:
        return f"discard {self.item}"


STORM_CHOICES = ("wood", "silver", "damage", "spare")
DISEASE_CHOICES = ("exempt", "pay", "discard")
SPARE_UNITS = ("", "wood", "medicine", "cattle", "gold", "equipment", "silver")


@dataclass(frozen=True, slots=True)
class Storm:
    """PD-DIS-3: protect the next wagon hit by the Storm, or take the damage."""

    choice: str

    def __post_init__(self) -> None:
        _check_word(self, "choice", STORM_CHOICES)

    def __str__(self) -> str:
        return f"storm {self.choice}"


@dataclass(frozen=True, slots=True)
class Disease:
    """PD-DIS-6: for townsfolk ``card``: ``exempt`` it, ``pay`` 1 medicine or
    ``discard`` it.
    """

    card: str
    choice: str

    def __post_init__(self) -> None:
        _check_id(self, "card", "'B3'")
        _check_word(self, "choice", DISEASE_CHOICES)

    def __str__(self) -> str:
        return f"disease {self.card} {self.choice}"


@dataclass(frozen=True, slots=True)
class Fulfil:
    """PD-TOWN-3: fulfil town ``card``, paying a ``gold`` token of that many
    nuggets and equipment ``tile`` where it asks for them; ``spare`` is the unit
    the PB8 Diplomat leaves out ("" for none).
    """

    card: str
    gold: int = 0
    tile: str = ""
    spare: str = ""

    def __post_init__(self) -> None:
        _check_id(self, "card", "'TC4'")
        if type(self.gold) is not int or not 0 <= self.gold <= 3:
            _refuse(self, "gold", "0 (no token) or a token's nuggets 1-3", "2")
        if type(self.tile) is not str or (self.tile and not _ID.fullmatch(self.tile)):
            _refuse(self, "tile", "an equipment ID or '' (str)", "'E5'")
        _check_word(self, "spare", SPARE_UNITS)

    def __str__(self) -> str:
        text = f"fulfil {self.card}"
        if self.gold:
            text += f" gold {self.gold}"
        if self.tile:
            text += f" tile {self.tile}"
        if self.spare:
            text += f" less {self.spare}"
        return text


@dataclass(frozen=True, slots=True)
class Done:
    """PD-TOWN-3: fulfil no more town cards in this visit."""

    def __str__(self) -> str:
        return "done"


# chance outcomes -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class First:
    """Chance: ``seat`` gets the start-player token (PD-SETUP-1)."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int or not 0 <= self.seat < 4:
            _refuse(self, "seat", "a seat number 0-3 (int)", "1")

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: townsfolk ``card`` is dealt into the next empty slot (PD-SETUP-4)."""

    card: str

    def __post_init__(self) -> None:
        _check_id(self, "card", "'A5'")

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: town ``card`` is turned face up (PD-SETUP-5, PD-WEEK-1)."""

    card: str

    def __post_init__(self) -> None:
        _check_id(self, "card", "'TC3'")

    def __str__(self) -> str:
        return f"reveal {self.card}"


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Chance: player board ``board`` is dealt to the next player (PD-SETUP-6)."""

    board: str

    def __post_init__(self) -> None:
        _check_id(self, "board", "'PB4'")

    def __str__(self) -> str:
        return f"board {self.board}"


@dataclass(frozen=True, slots=True)
class Stock:
    """Chance: equipment ``tile`` comes off the face-down stack (PD-SETUP-7)."""

    tile: str

    def __post_init__(self) -> None:
        _check_id(self, "tile", "'E7'")

    def __str__(self) -> str:
        return f"stock {self.tile}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: a ``colour`` die is drawn from the bag and shows ``face`` (PD-DAY-1)."""

    colour: str
    face: str

    def __post_init__(self) -> None:
        _check_word(self, "colour", COLOURS)
        _check_word(self, "face", FACES)

    def __str__(self) -> str:
        return f"roll {self.colour} {self.face}"


@dataclass(frozen=True, slots=True)
class Gold:
    """Chance: a gold token of ``nuggets`` is drawn from the gold bag (PD-ACT-2)."""

    nuggets: int

    def __post_init__(self) -> None:
        _check_nuggets(self, "nuggets")

    def __str__(self) -> str:
        return f"gold {self.nuggets}"


Action = (
    Choose
    | Take
    | Gain
    | Change
    | Income
    | Act
    | Recruit
    | Pick
    | Keep
    | Buy
    | EndTurn
    | Discard
    | Storm
    | Disease
    | Fulfil
    | Done
    | First
    | Deal
    | Reveal
    | DealBoard
    | Stock
    | Roll
    | Gold
)
DECISIONS = (
    Choose,
    Take,
    Gain,
    Change,
    Income,
    Act,
    Recruit,
    Pick,
    Keep,
    Buy,
    EndTurn,
    Discard,
    Storm,
    Disease,
    Fulfil,
    Done,
)
CHANCE_ACTIONS = (First, Deal, Reveal, DealBoard, Stock, Roll, Gold)

_RULES = {
    "Choose": "PD-SETUP-6",
    "Take": "PD-TURN-1",
    "Gain": "PD-RECRUIT-2",
    "Change": "PD-TURN-3",
    "Income": "PD-INCOME-1",
    "Act": "PD-TURN-4",
    "Recruit": "PD-RECRUIT-1",
    "Pick": "PD-RECRUIT-2",
    "Keep": "PD-DATA-4",
    "Buy": "PD-WAGON-1",
    "EndTurn": "PD-TURN-6",
    "Discard": "PD-STORE-3",
    "Storm": "PD-DIS-3",
    "Disease": "PD-DIS-6",
    "Fulfil": "PD-TOWN-3",
    "Done": "PD-TOWN-3",
    "First": "PD-SETUP-1",
    "Deal": "PD-SETUP-4",
    "Reveal": "PD-SETUP-5",
    "DealBoard": "PD-SETUP-6",
    "Stock": "PD-SETUP-7",
    "Roll": "PD-DAY-1",
    "Gold": "PD-ACT-2",
}

_C = "(" + "|".join(COLOURS) + ")"
_F = "(" + "|".join(FACES) + ")"
_CARD = r"([A-Z]+[0-9]*)"
_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"choose " + _CARD), lambda m: Choose(m[1])),
    (re.compile(rf"take {_C} {_F}"), lambda m: Take(m[1], m[2])),
    (re.compile(r"gain (wood|medicine)"), lambda m: Gain(m[1])),
    (re.compile(r"change " + _F), lambda m: Change(m[1])),
    (re.compile(r"income"), lambda m: Income()),
    (re.compile(r"act (MINE|EQUIP|CATTLE|WOOD|MEDICINE)"), lambda m: Act(m[1])),
    (re.compile(r"act EQUIP " + _CARD), lambda m: Act("EQUIP", m[1])),
    (re.compile(r"recruit"), lambda m: Recruit()),
    (re.compile(r"pick " + _CARD), lambda m: Pick(m[1])),
    (re.compile(r"keep ([1-3])"), lambda m: Keep(int(m[1]))),
    (re.compile(r"buy (small|large)"), lambda m: Buy(m[1])),
    (re.compile(r"end turn"), lambda m: EndTurn()),
    (re.compile(r"discard (wood|medicine|gold[1-3]|E[0-9]+)"), lambda m: Discard(m[1])),
    (re.compile(r"storm (wood|silver|damage|spare)"), lambda m: Storm(m[1])),
    (
        re.compile(rf"disease {_CARD} (exempt|pay|discard)"),
        lambda m: Disease(m[1], m[2]),
    ),
    (
        re.compile(
            rf"fulfil {_CARD}(?: gold ([1-3]))?(?: tile {_CARD})?"
            r"(?: less (wood|medicine|cattle|gold|equipment|silver))?"
        ),
        lambda m: Fulfil(m[1], int(m[2] or 0), m[3] or "", m[4] or ""),
    ),
    (re.compile(r"done"), lambda m: Done()),
    (re.compile(r"first ([0-3])"), lambda m: First(int(m[1]))),
    (re.compile(r"deal " + _CARD), lambda m: Deal(m[1])),
    (re.compile(r"reveal " + _CARD), lambda m: Reveal(m[1])),
    (re.compile(r"board " + _CARD), lambda m: DealBoard(m[1])),
    (re.compile(r"stock " + _CARD), lambda m: Stock(m[1])),
    (re.compile(rf"roll {_C} {_F}"), lambda m: Roll(m[1], m[2])),
    (re.compile(r"gold ([1-3])"), lambda m: Gold(int(m[1]))),
]


def parse_action(text: str) -> Action:
    """Read an action from its notation (the inverse of ``str(action)``).

    Raises :class:`ValueError` for text that is not an action.

    >>> parse_action("take red CATTLE")
    Take(colour='red', face='CATTLE')
    >>> str(parse_action("fulfil  TC5 gold 2 less silver"))
    'fulfil TC5 gold 2 less silver'
    """
    if not isinstance(text, str):
        raise ValueError(f"an action is written as text, got {text!r}")
    clean = " ".join(text.split())
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(clean)
        if m:
            return make(m)  # type: ignore[no-any-return]
    raise ValueError(
        f"{text!r} is not a Pioneer Days action; write e.g. 'take red CATTLE', "
        "'change WOOD', 'income', 'act MINE', 'act EQUIP E5', 'recruit', 'buy small', "
        "'end turn', 'discard wood', 'storm wood', 'disease B3 pay', 'fulfil TC4' "
        "or 'done'"
    )


__all__ = [
    "CHANCE_ACTIONS",
    "DECISIONS",
    "DISEASE_CHOICES",
    "STORM_CHOICES",
    "Act",
    "Action",
    "ActionFieldError",
    "Buy",
    "Change",
    "Choose",
    "Deal",
    "DealBoard",
    "Discard",
    "Disease",
    "Done",
    "EndTurn",
    "First",
    "Fulfil",
    "Gain",
    "Gold",
    "Income",
    "Keep",
    "Pick",
    "Recruit",
    "Reveal",
    "Roll",
    "Stock",
    "Storm",
    "Take",
    "parse_action",
]
