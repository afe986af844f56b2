"""Fixed numbers from the rulebook (A-*), in one place."""

from __future__ import annotations

#: A-SHIP-1: action points per ship by player count (doubled with a Shipyard).
AP_PER_SHIP = {2: 2, 3: 3, 4: 4}
START_GOLD = 7  # A-SETUP-7
HAND_LIMIT = 5  # A-HAND-1
BUY_PRICE = 6  # A-BUY-1, minus 1 per trade contract
TREASURE_GOLD = 12  # A-ISL-3
PIONEER_SETTLER_CARDS = 4  # A-COMP-3, A-UPG-5
CITIZEN_MERCHANT_CARDS = 3  # A-COMP-3
STONE_BRIDGES = 4  # A-COMP-4
WOODEN_BRIDGES = 3  # A-COMP-4, A-ISL-2
#: A-WIN-1: the five victory conditions and their thresholds; 3 are needed (A-WIN-3).
VICTORY = {"V-GOLD": 30, "V-BRANCH": 4, "V-CONTRACT": 3, "V-BUILDING": 4, "V-MERCHANT": 3}
CONDITIONS_TO_WIN = 3
NEXT_LEVEL = {"PIONEER": "SETTLER", "SETTLER": "CITIZEN", "CITIZEN": "MERCHANT"}
UPGRADE_RULE = {"PIONEER": "A-UPG-1", "SETTLER": "A-UPG-2", "CITIZEN": "A-UPG-3", "MERCHANT": "A-UPG-3"}
STONE, WOOD, TOOLS, CLOTH, SPICE, TOBACCO = range(6)


__all__ = [name for name in dir() if name.isupper()]
