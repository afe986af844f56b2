"""The names Anno 1503's words use: events, conditions, phases, cards, groups.

The button group of each action and the group a bot decides in are here too
(used by :mod:`toolkit.anno1503.words`).
"""

from __future__ import annotations

from typing import Any

from toolkit.anno1503 import actions as A
from toolkit.anno1503.tables import GOODS

__all__ = [
    "ACTION_GROUP",
    "CONDITION_WORDS",
    "EVENT_RULES",
    "EVENT_WORDS",
    "LEVEL_SHORT",
    "PHASE_GROUP",
    "PHASE_WORDS",
    "card_words",
]

EVENT_WORDS = {"PIRATES": "Pirates", "FIRE": "Fire", "GOLDEN_AGE": "Golden Age"}
EVENT_RULES = {"PIRATES": "A-EVENT-2", "FIRE": "A-EVENT-3", "GOLDEN_AGE": "A-EVENT-4"}
CONDITION_WORDS = {
    "V-GOLD": "30 gold",
    "V-BRANCH": "4 branch offices",
    "V-CONTRACT": "3 trade contracts",
    "V-BUILDING": "4 public buildings",
    "V-MERCHANT": "3 Merchants",
}
LEVEL_SHORT = {"PIONEER": "P", "SETTLER": "S", "CITIZEN": "C", "MERCHANT": "M"}
PHASE_WORDS = {
    "build": "phase 2: place, upgrade, build, buy, sell (or sail to start phase 3)",
    "sea": "phase 3: sail and explore, or end the turn",
    "look": "use the explored island card or put it back",
    "discard": "discard down to 5 goods",
}
#: Action class -> button group (the phases of a turn, A-TURN-1).
ACTION_GROUP = {
    A.Take: "production",
    A.TakeNothing: "production",
    A.Remove: "production",
    A.BuildShip: "build",
    A.PlacePioneer: "build",
    A.Upgrade: "build",
    A.Sell: "trade",
    A.Buy: "trade",
    A.Raid: "trade",
    A.Sail: "sea",
    A.Explore: "sea",
    A.ReturnCard: "sea",
    A.UseCard: "sea",
    A.EndTurn: "end",
    A.Discard: "end",
}
#: The group shown as deciding while a bot plays in this phase.
PHASE_GROUP = {
    "resolve": "production",
    "build": "build",
    "sea": "sea",
    "look": "sea",
    "discard": "end",
}


def pos_text(p: tuple[int, int]) -> str:
    return f"{p[0]},{p[1]}"


def card_words(code: str) -> str:
    """``"BO-SPICE/2"`` -> ``"a branch office for SPICE"``; ``"?/2"``: face down."""
    if code.startswith("BO-"):
        return f"a branch office for {code[3:-2]}"
    return {
        "TC": "a trade contract",
        "TG": "a treasure of 12 gold",
        "TU": "a treasure that upgrades a resident",
    }.get(code[:2], "a face-down card")


def goods_text(counts: tuple[int, ...]) -> str:
    return "+".join(g for g, n in zip(GOODS, counts, strict=True) for _ in range(n))


def looked_card(state: Any) -> str:
    """The code of the card the active player is looking at (phase "look")."""
    return state.islands[state.looking[1]][-1].code
