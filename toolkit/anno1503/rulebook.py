"""The rules of Anno 1503 in the toolkit's own words: rule ID -> a sentence.

Every rule ID, contradiction of the rulebook (``CONFLICT-n``), assumption
(``ASSUMPTION-n``) and worked example (``EX-n``) of the project's
specification, in its order. Errors, the apps and the generated page
``docs/rules/anno1503.md`` (``python -m toolkit rules anno1503``) read this
table; the rule-coverage test in ``tests/anno1503/test_data_sea_observe.py``
checks it. See :mod:`toolkit.core.rulebook`.
"""

from __future__ import annotations

TITLE = "Anno 1503"

RULES: dict[str, str] = {
    # 1. Components
    "A-COMP-1": "The game has a sea board, goods cards, four home islands, island "
    "cards, residents, public buildings, markers, two ships per colour and a die; "
    "2 to 4 players.",
    "A-COMP-2": "There are six goods (stone, wood, tools, cloth, spice, tobacco), "
    "each its own limited pile.",
    "A-COMP-3": "Each player has four Pioneer/Settler cards and three "
    "Citizen/Merchant cards.",
    "A-COMP-4": "A home island has a production table for the die, a chain of "
    "resident spaces, four stone bridges for branch offices and three wooden "
    "bridges for contracts.",
    "A-COMP-5": "Island cards and island spaces carry a number 2, 3 or 4.",
    "A-COMP-6": "Public buildings carry a number too; fewer players use fewer of them.",
    "A-COMP-7": "Each player has a gold marker and three markers for victory "
    "conditions.",
    # 2. Set-up
    "A-SETUP-1": "Island cards are used by number: pile 2 for two players, 2 and 3 "
    "for three, all for four.",
    "A-SETUP-2": "Each pile in use is dealt face down onto the island spaces of its "
    "number.",
    "A-SETUP-3": "The leftover cards form a face-down reserve.",
    "A-SETUP-4": "Each player takes markers, two ships and seven residents of their "
    "colour.",
    "A-SETUP-5": "Each home island starts with a Pioneer and a Settler in the safe "
    "spaces.",
    "A-SETUP-6": "Each player's first ship starts on the start space; the second "
    "waits in supply.",
    "A-SETUP-7": "Everyone starts with 7 gold.",
    "A-SETUP-8": "The public buildings for this player count are laid out for all "
    "to take.",
    "A-SETUP-9": "Each player starts with one wood and one stone.",
    "A-SETUP-10": "Everyone rolls; the highest roll starts and play goes left.",
    # 3. Turn
    "A-TURN-1": "A turn goes: production roll, then placing, upgrading, buying and "
    "selling in any mix, then ships, then the hand limit; an action out of its "
    "phase is refused.",
    "A-TURN-2": "Once your ships have started, no more building, buying or "
    "selling this turn.",
    "A-TURN-3": "Players never trade goods with each other (the Big Branch Office "
    "is the one exception).",
    "A-TURN-4": "Paid, sold and discarded goods go back to their piles.",
    # 4. Production and events
    "A-PROD-1": "The active player rolls the die first.",
    "A-PROD-2": "On 1 to 5 every player takes the good their own island shows for "
    "that number.",
    "A-PROD-3": "Where an island shows '?', its owner picks any good.",
    "A-PROD-4": "A branch office on the bridge of the rolled number lets its owner "
    "take its good instead of the island's (never both).",
    "A-PROD-5": "On a 6 nobody produces; an event happens instead.",
    "A-EVENT-1": "After a 6 the die is rolled again: 1-2 Pirates, 3-4 Fire, 5-6 "
    "Golden Age, for everyone.",
    "A-EVENT-2": "Pirates: pay 1 gold per island card on your island; if you "
    "cannot pay all of it, pay nothing and lose one card, which goes to the reserve "
    "while the reserve's top card goes to the farthest island.",
    "A-EVENT-3": "Fire: pay 1 gold per resident outside the safe spaces; if you "
    "cannot, pay nothing and lose your newest resident and its building.",
    "A-EVENT-4": "Golden Age: everyone takes a good of their choice, two with a "
    "Church.",
    "A-EVENT-5": "A Smithy protects from Pirates and a Fire Brigade from Fire.",
    "A-EVENT-6": "Event choices are made in turn order from the active player.",
    # 5. Placing and upgrading
    "A-BUILD-1": "A ship costs cloth, wood and tools and starts on the start "
    "space; nobody has more than two ships.",
    "A-BUILD-2": "A ship built this turn may sail this turn.",
    "A-PLACE-1": "A Pioneer costs wood and tools and goes on the next free "
    "resident space.",
    "A-PLACE-2": "Only Pioneers are placed; the other residents come from upgrades.",
    "A-PLACE-3": "No Pioneer can be placed with four Pioneers and Settlers already, "
    "with no free space, or without a building left for a building space.",
    "A-PLACE-4": "Placing, upgrading and building ships have no limit per turn "
    "beyond the goods they cost.",
    "A-UPG-1": "Pioneer to Settler costs one cloth and two stone.",
    "A-UPG-2": "Settler to Citizen costs two spice and one stone and needs a free "
    "Citizen/Merchant card.",
    "A-UPG-3": "Citizen to Merchant costs two tobacco and one spice.",
    "A-UPG-4": "An upgrade does not change which resident counts as the newest.",
    "A-UPG-5": "With four Pioneers and Settlers you must upgrade a Settler to a "
    "Citizen before placing another Pioneer.",
    "A-PB-1": "A Pioneer placed on a space with a building slot takes a public "
    "building of your choice for free.",
    "A-PB-2": "All your public buildings must be of different types.",
    "A-PB-3": "If no building you may take is left, that Pioneer cannot be placed.",
    "A-PB-4": "A building stays until Fire removes the resident above it; then it "
    "returns to the display.",
    "A-PB-5": "Eight building types: Big Branch Office, Fire Brigade, Smithy, "
    "Church, School, Bath House, Restaurant, Shipyard.",
    "A-PB-6": "The Big Branch Office takes a random good from a player holding one, "
    "once a turn, and you pay that player 2 gold.",
    # 6. Selling, buying, hand
    "A-SELL-1": "Once a turn you may sell: each resident buys at most one good it "
    "accepts, at its price.",
    "A-SELL-2": "Pioneers buy stone, wood or tools for 1 (School 2); Settlers cloth "
    "for 2 (Restaurant 4); Citizens spice for 3 (Restaurant 4); Merchants tobacco "
    "for 4 (Bath House 6).",
    "A-SELL-3": "Sold goods go back to their piles and you take the gold.",
    "A-BUY-1": "Once a turn you may buy one good for 6 gold, 1 less per trade "
    "contract.",
    "A-BUY-2": "You must be able to pay the whole price.",
    "A-HAND-1": "At the end of your turn you keep at most five goods.",
    # 7. Ships, exploring, island cards
    "A-SHIP-1": "Each ship has as many action points as there are players, twice "
    "that with a Shipyard.",
    "A-SHIP-2": "Every ship on the board gets its full points; points cannot be "
    "moved or saved.",
    "A-SHIP-3": "A step costs 1 point and goes to a sea space beside the ship, "
    "never diagonally or onto an island.",
    "A-SHIP-4": "Any number of ships may share a space.",
    "A-EXPL-1": "For 1 point a ship beside an island card may look at its top card "
    "in secret.",
    "A-EXPL-2": "After looking you either put the card back or use it; using it "
    "sends that ship home.",
    "A-EXPL-3": "A used island space stays empty until Pirates bring a card.",
    "A-ISL-1": "A branch office goes on a free stone bridge; a fifth one cannot be "
    "used.",
    "A-ISL-2": "A trade contract goes on a free wooden bridge and makes buying 1 "
    "gold cheaper; a fourth cannot be used.",
    "A-ISL-3": "A treasure gives a free upgrade (if one is legal) or 12 gold, then "
    "leaves the game.",
    "A-ISL-4": "Using any island card sends the exploring ship back to your supply.",
    "A-ISL-5": "Branch offices and contracts stay where they were put until "
    "Pirates take one.",
    # 8. Victory
    "A-WIN-1": "Five conditions: 30 gold, 4 branch offices, 3 contracts, 4 public "
    "buildings, 3 Merchants.",
    "A-WIN-2": "A condition can be lost again (less gold, Pirates, Fire).",
    "A-WIN-3": "Meeting your third condition during your own turn wins at once.",
    "A-WIN-4": "There are not enough offices, contracts and buildings for everyone.",
    # 8b. Contradictions in the rulebook
    "CONFLICT-1": "The rulebook gives two prices for Pioneer to Settler; we use one "
    "cloth and two stone, and an option changes it.",
    "CONFLICT-2": "The selling example only adds up if each resident buys one card; "
    "an option allows two.",
    "CONFLICT-3": "The rulebook allows one or two purchases a turn; we use one, and "
    "an option allows two.",
    "CONFLICT-4": "We declare the winner at once, not at the end of the turn; an "
    "option changes it.",
    # 9. Defaults the engine chose
    "ASSUMPTION-1": "The sea is our own 5 by 12 grid with 20 island spaces; the "
    "start space is row 2, column 0.",
    "ASSUMPTION-2": "Ships and exploring use only the four straight neighbours, "
    "never diagonals.",
    "ASSUMPTION-3": "The farthest island is the one needing most sea steps from the "
    "start; ties go to the lowest (row, col).",
    "ASSUMPTION-4": "The 32 island cards: 14 branch offices, 10 contracts, 4 "
    "upgrade treasures and 4 gold treasures, split over the three piles.",
    "ASSUMPTION-5": "Piles not used for this player count leave the game.",
    "ASSUMPTION-6": "Pirates put the new card on top of the farthest island, even "
    "if it has a card (an option picks the farthest empty one).",
    "ASSUMPTION-7": "Each island's production table shows wood, stone, tools, cloth "
    "and '?' once, different on every island.",
    "ASSUMPTION-8": "Each island's stone bridges carry the four numbers without '?'.",
    "ASSUMPTION-9": "Seven resident spaces: two safe ones, one plain, four with a "
    "building slot; the newest resident is the highest space taken.",
    "ASSUMPTION-10": "The starting Pioneer is on space 1 and the Settler on space 2.",
    "ASSUMPTION-11": "The selling prices come from the building texts.",
    "ASSUMPTION-12": "Which public buildings are used for 2, 3 and 4 players.",
    "ASSUMPTION-13": "Each good has 15 cards; a good that has run out is simply not "
    "received, and cannot be bought.",
    "ASSUMPTION-14": "Only the active player's hand limit is checked, at the end of "
    "their turn.",
    "ASSUMPTION-15": "A tie for the starting roll is rolled again.",
    "ASSUMPTION-16": "Choices in an event go in turn order from the active player.",
    "ASSUMPTION-17": "A ship built this turn may sail at once.",
    "ASSUMPTION-18": "Using an island card ends only the exploring ship's turn; "
    "the other ship keeps its points.",
    "ASSUMPTION-19": "A treasure upgrade needs a legal target, as a paid one does.",
    "ASSUMPTION-20": "The Big Branch Office works as A-PB-6 says.",
    "ASSUMPTION-21": "The win is checked after every action of the active player, "
    "including straight after the roll.",
    "ASSUMPTION-22": "Gold never goes below 0; what you cannot pay in full you do "
    "not pay.",
    "ASSUMPTION-23": "Only selling, buying and the Big Branch Office are once a turn.",
    "ASSUMPTION-24": "All goods paid, sold or discarded return to their piles.",
    "ASSUMPTION-25": "A used island space cannot be explored until Pirates refill it.",
    "ASSUMPTION-26": "One purchase a turn by default.",
    "ASSUMPTION-27": "Each resident takes one card a sale by default.",
    "ASSUMPTION-28": "Pioneer to Settler costs one cloth and two stone by default.",
    "ASSUMPTION-29": "Branch offices and contracts never move between bridges.",
    "ASSUMPTION-30": "With a branch office on the rolled number you choose which "
    "good to take.",
    # The engine's own assumptions ("E" keeps them apart from the specification's).
    "ASSUMPTION-E1": "A player who meets a third condition while the 6 of an event "
    "roll is still to be resolved wins before the event happens.",
    "ASSUMPTION-31": "Pirates shuffle the lost card into the reserve, then take its "
    "top card.",
    "ASSUMPTION-32": "A building lost to Fire can be taken again by anyone.",
    "ASSUMPTION-33": "The phases run strictly in order.",
    # 11. Worked examples
    "EX-1": "Rolling 4 on island A gives cloth to its owner; a 1 gives any good.",
    "EX-2": "A Settler becomes a Citizen for two spice and one stone.",
    "EX-3": "With four Pioneers and Settlers, first upgrade a Settler, then place "
    "the Pioneer (and take a building).",
    "EX-4": "The Pioneer to Settler price can be changed by an option.",
    "EX-5": "A sale of stone, cloth and spice to three residents brings 6 gold; a "
    "second sale is refused.",
    "EX-6": "Buying a good without contracts costs 6; a second purchase is refused.",
    "EX-7": "A ship with 3 points moves, explores and moves again.",
    "EX-8": "A spice branch office on bridge 3 lets the owner choose spice or wood "
    "on a 3; two contracts make a good cost 4.",
    "EX-9": "Three contracts make a good cost 3; a fourth cannot be used.",
    "EX-10": "A fifth branch office must be put back.",
    "EX-11": "A building you already own cannot be taken again.",
    "EX-12": "Pirates and Fire cost 1 gold per card or resident.",
    "EX-13": "A player who cannot pay the Pirates loses a card instead.",
    "EX-14": "A Smithy keeps all branch offices safe from Pirates.",
    "EX-15": "A player who cannot pay for Fire loses the newest resident and its "
    "building.",
    "EX-16": "In a Golden Age a Church owner takes two goods.",
    "EX-17": "A 6 then a 6 is a Golden Age and nobody produces.",
    "EX-18": "Pirates can take away another player's gold condition.",
    "EX-19": "A sale that reaches the third condition wins at once.",
    "EX-20": "A Shipyard doubles a ship's points.",
    "EX-21": "School, Restaurant and Bath House raise a sale from 10 to 16 gold.",
    "EX-22": "A 12-gold treasure pays at once and sends the ship home.",
    "EX-23": "The active player discards down to five goods; others keep theirs "
    "until their own turn.",
}

#: Which option of ``Anno1503.defaults`` changes a rule or a default.
OPTIONS: dict[str, str] = {
    "CONFLICT-1": "cost_pioneer_to_settler",
    "ASSUMPTION-28": "cost_pioneer_to_settler",
    "CONFLICT-2": "sale_cards_per_resident",
    "ASSUMPTION-27": "sale_cards_per_resident",
    "CONFLICT-3": "max_purchases_per_turn",
    "ASSUMPTION-26": "max_purchases_per_turn",
    "CONFLICT-4": "victory_check",
    "ASSUMPTION-21": "victory_check",
    "ASSUMPTION-6": "pirates_target",
    "ASSUMPTION-E1": "win_before_event",
    # Rule parameters (the rulebook's numbers, see ``Anno1503.defaults``).
    "A-SETUP-7": "start_gold",
    "A-HAND-1": "hand_limit",
    "A-BUY-1": "buy_price",
    "A-ISL-3": "treasure_gold",
    "A-WIN-1": "gold_to_win",
    "A-WIN-3": "conditions_to_win",
}
