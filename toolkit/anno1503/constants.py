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
VICTORY = {
    "V-GOLD": 30,
    "V-BRANCH": 4,
    "V-CONTRACT": 3,
    "V-BUILDING": 4,
    "V-MERCHANT": 3,
}
CONDITIONS_TO_WIN = 3
#: The rule constants a game may change, as options of ``Anno1503``: option ->
#: (the rulebook's value, its rule ID, what it is). At the rulebook's value an
#: option is left out of ``game.options`` (and so of records).
PARAMETERS: dict[str, tuple[int, str, str]] = {
    "start_gold": (START_GOLD, "A-SETUP-7", "gold each player starts with"),
    "hand_limit": (HAND_LIMIT, "A-HAND-1", "goods cards kept at the end of a turn"),
    "buy_price": (BUY_PRICE, "A-BUY-1", "price of a good, before contracts"),
    "treasure_gold": (TREASURE_GOLD, "A-ISL-3", "gold of a gold treasure"),
    "gold_to_win": (VICTORY["V-GOLD"], "A-WIN-1", "gold of the gold condition"),
    "conditions_to_win": (CONDITIONS_TO_WIN, "A-WIN-3", "conditions needed to win"),
}
#: The smallest and largest value of each rule parameter.
PARAMETER_RANGE = {
    "start_gold": (0, 999),
    "hand_limit": (0, 99),
    "buy_price": (1, 999),
    "treasure_gold": (0, 999),
    "gold_to_win": (1, 9999),
    "conditions_to_win": (1, 5),
}
NEXT_LEVEL = {"PIONEER": "SETTLER", "SETTLER": "CITIZEN", "CITIZEN": "MERCHANT"}
UPGRADE_RULE = {
    "PIONEER": "A-UPG-1",
    "SETTLER": "A-UPG-2",
    "CITIZEN": "A-UPG-3",
    "MERCHANT": "A-UPG-3",
}
STONE, WOOD, TOOLS, CLOTH, SPICE, TOBACCO = range(6)


#: How the engine settles each gap the rulebook leaves open (spec section 9).
ASSUMPTIONS = {
    "ASSUMPTION-1": "sea board: 5 x 12 grid, start (2,0), 20 island spaces "
    "(datasets/anno1503/sea.csv)",
    "ASSUMPTION-2": "exploring needs orthogonal adjacency, like movement",
    "ASSUMPTION-3": "farthest island = longest sea path from the start; ties to the "
    "lowest (row, col)",
    "ASSUMPTION-4": "island-card mix per back in datasets/anno1503/island_cards.csv "
    "(32 cards)",
    "ASSUMPTION-5": "island-card piles not in use leave the game",
    "ASSUMPTION-6": "Pirates put the card on top of the farthest island's stack "
    "(option pirates_target='farthest_empty' for the variant)",
    "ASSUMPTION-7": "production tables in datasets/anno1503/home_islands.csv; seat i "
    "gets island A-D",
    "ASSUMPTION-8": "stone bridges carry the four faces without '?'",
    "ASSUMPTION-9": "7 resident spaces; 1-2 safe, 4-7 with a building slot; lowest "
    "free space next",
    "ASSUMPTION-10": "setup: Pioneer on space 1, Settler on space 2",
    "ASSUMPTION-11": "sale prices 1/2/3/4 (datasets/anno1503/sale_prices.csv)",
    "ASSUMPTION-12": "public buildings by back in "
    "datasets/anno1503/public_buildings.csv",
    "ASSUMPTION-13": "15 cards per good; an empty pile gives nothing and cannot be "
    "bought",
    "ASSUMPTION-14": "the hand limit applies only to the active player at the end of "
    "the turn",
    "ASSUMPTION-15": "ties in the starting roll are re-rolled: every seat starts with "
    "equal chance",
    "ASSUMPTION-16": "event (and production) choices go in turn order from the active "
    "player",
    "ASSUMPTION-17": "a ship built in phase 2 sails in phase 3 of the same turn",
    "ASSUMPTION-18": "using an island card removes only the exploring ship",
    "ASSUMPTION-19": "an upgrade treasure needs a legal target, with the usual card "
    "limits",
    "ASSUMPTION-20": "Big Branch Office: phase 2, once per turn, needs 2 gold and a "
    "target with cards",
    "ASSUMPTION-21": "the win is checked after every action of the turn, from the "
    "production roll on",
    "ASSUMPTION-22": "gold has no cap and never goes below 0; payments are all or "
    "nothing",
    "ASSUMPTION-23": "no per-turn limit on placing, upgrading and ship building",
    "ASSUMPTION-24": "paid, sold and discarded goods go back to their piles",
    "ASSUMPTION-25": "an island whose card was used is empty until Pirates refill it",
    "ASSUMPTION-26": "one purchase per turn (option max_purchases_per_turn=2)",
    "ASSUMPTION-27": "one card per resident per sale (option "
    "sale_cards_per_resident=2)",
    "ASSUMPTION-28": "Pioneer -> Settler costs 1 CLOTH + 2 STONE (option "
    "cost_pioneer_to_settler)",
    "ASSUMPTION-29": "branch offices and contracts never move between bridges",
    "ASSUMPTION-30": "on a branch-office number the player picks either good at "
    "production time",
    "ASSUMPTION-31": "the Pirates 'deck' is the reserve: shuffle the card in, draw "
    "the top card",
    "ASSUMPTION-32": "a building lost to Fire returns to the display for anyone",
    "ASSUMPTION-33": "phases run 1 -> 2 (2a/2b mixed) -> 3 -> end; the first sail or "
    "explore starts 3",
    # The engine's own (not in the specification: "E" keeps the numbers apart).
    "ASSUMPTION-E1": "a player meeting 3 conditions when the production roll shows 6 "
    "wins before the event (option win_before_event=False: after it)",
}

__all__ = [name for name in dir() if name.isupper()]
