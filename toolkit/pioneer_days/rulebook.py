"""Pioneer Days' rules table (the ``rulebook`` part): every rule ID of the spec,
each ASSUMPTION and worked example, in the toolkit's own words.

>>> RULES["PD-DAY-3"].startswith("The die nobody took")
True
"""

from __future__ import annotations

RULES: dict[str, str] = {
    # 1. Components
    "PD-COMP-1": "There are 25 dice, five in each of blue, red, yellow, green and black.",
    "PD-COMP-2": "Every die has the faces WILD, MINE, EQUIP, CATTLE, WOOD and MEDICINE.",
    "PD-COMP-3": "The board has town-card spaces, an equipment store, one townsfolk "
    "slot per die face, the income table and four disaster tracks.",
    "PD-COMP-4": "The box holds wagons, townsfolk, town cards, equipment, gold "
    "tokens, boards and markers; the engine's designed counts replace the box's.",
    "PD-COMP-5": "Cattle, wood, medicine, silver, favors and damage never run out; "
    "gold, wagons, equipment, townsfolk and town cards do.",
    "PD-COMP-6": "The engine plays with 24 townsfolk (sets A and B), 9 town cards, "
    "24 equipment tiles, 20 wagons, 36 gold tokens and 8 boards.",
    # 2. Setup
    "PD-SETUP-1": "A random player starts with the start-player token.",
    "PD-SETUP-2": "The bag gets one die of each colour per player plus one more set.",
    "PD-SETUP-3": "The four disaster markers start at 0.",
    "PD-SETUP-4": "Six townsfolk are dealt face up, one into each face slot.",
    "PD-SETUP-5": "The nine town cards are shuffled and two are turned up for week 1.",
    "PD-SETUP-6": "Each player is dealt two boards, keeps one side of one of them "
    "(or the Pioneer side) and takes its starting items.",
    "PD-SETUP-7": "The equipment is shuffled; the Outfitter takes the top tile, then "
    "one tile per player plus one is put on display.",
    "PD-SETUP-8": "Setup already did week 1's start-of-week steps, so week 1 skips them.",
    # 3. Storage and wagons
    "PD-STORE-1": "A wagon space holds one gold token, one tile, or up to two wood "
    "or two medicine; kinds never share a space.",
    "PD-STORE-2": "Cattle, townsfolk, favors and silver take no wagon space.",
    "PD-STORE-3": "You may hold too much during your turn; at its end you discard "
    "what does not fit, choosing what goes.",
    "PD-STORE-4": "A damage token covers two spaces, which then store nothing.",
    "PD-STORE-5": "Gold tokens lie face down: only their owner knows their value.",
    "PD-STORE-6": "Goods, cattle and silver go to the supply, gold back into the "
    "bag, equipment and townsfolk into the box.",
    "PD-WAGON-1": "In your turn you may buy wagons: $5 small, $8 large.",
    "PD-WAGON-2": "A small wagon has 2 spaces, a large one 4.",
    "PD-WAGON-3": "Nothing can be bought while a Raid is resolved.",
    "PD-WAGON-4": "There are 10 wagons of each size; when a size is gone, it can no "
    "longer be bought or gained.",
    # 4. Weeks
    "PD-WEEK-1": "Weeks 2 to 4 begin with a fresh bag of dice, new town cards (three "
    "in week 4), a new equipment display and six new townsfolk.",
    "PD-WEEK-2": "A week has five days and ends with a town visit.",
    "PD-WEEK-3": "The game has four weeks; the final disasters come before the last "
    "town visit.",
    "PD-WEEK-4": "Slots and display are not refilled during a week.",
    # 5. A day
    "PD-DAY-1": "The start player draws one die per player plus one from the bag and "
    "rolls them: the day's pool.",
    "PD-DAY-2": "From the start player clockwise, every player takes one turn.",
    "PD-DAY-3": "The die nobody took moves the disaster track of its colour one "
    "step; a black one moves all four.",
    "PD-DAY-4": "A track reaching its end strikes at once; several strike top to "
    "bottom (Storm, Raid, Famine, Disease) and each marker then resets.",
    "PD-DAY-5": "The start-player token passes clockwise at the end of every day, "
    "day 5 included.",
    "PD-TURN-1": "Take a die from the pool and look at its face.",
    "PD-TURN-2": "Your cards that trigger on that face fire now, compulsorily.",
    "PD-TURN-3": "You may pay $3 (less with some cards, never under $1) to turn the "
    "die to another face; the new face triggers nothing.",
    "PD-TURN-4": "Use the die once: for income, its action or a recruit.",
    "PD-TURN-5": "The used die stays out until next week.",
    "PD-TURN-6": "Wagons can be bought any time in your turn; storage is checked "
    "at its end.",
    "PD-TURN-7": "A card's text beats these rules.",
    "PD-INCOME-1": "Income pays the silver of the face in the income table.",
    "PD-ACT-1": "A WILD face performs any one of the other five actions.",
    "PD-ACT-2": "MINE draws a random gold token from the bag (nothing if it is empty).",
    "PD-ACT-3": "EQUIP takes a displayed tile of your choice (nothing if none is left).",
    "PD-ACT-4": "CATTLE adds one cattle to your herd.",
    "PD-ACT-5": "WOOD gives one wood.",
    "PD-ACT-6": "MEDICINE gives one medicine.",
    "PD-RECRUIT-1": "Recruit takes the townsfolk in the slot of the die's face; an "
    "empty slot cannot be recruited from.",
    "PD-RECRUIT-2": "Townsfolk act at once (I), on a die face (T), always (O) or at "
    "the week's end (W); effects are compulsory and the owner makes their choices.",
    # 6. Disasters
    "PD-DIS-1": "Blue drives Storm, red Raid, yellow Famine, green Disease.",
    "PD-DIS-2": "A disaster strikes after four steps of its marker.",
    "PD-DIS-3": "Storm: each wagon with open spaces costs a wood or takes a damage "
    "token (the Homesteader may pay $2; a Carpenter or Canvas Cover spares a "
    "wagon); what then does not fit is discarded.",
    "PD-DIS-4": "Raid: lose half your silver rounded down; the Deputy caps it at $3, "
    "each Rifle then takes $2 off, and the Sheriff is immune.",
    "PD-DIS-5": "Famine: pay $1 per cattle as far as your silver reaches and lose "
    "the rest; some cattle are free with the Cattle Baron, Cook or Feed Sack.",
    "PD-DIS-6": "Disease: each townsfolk costs a medicine or leaves, except the "
    "ones you exempt (Pioneer side, Frontier Doctor, Nurse, Remedy Kit, Doctor).",
    "PD-DIS-7": "After a disaster its marker goes back to the start.",
    "PD-DIS-8": "After the last day every track moves one more step before the "
    "final town.",
    "PD-DIS-9": "Players take their disaster decisions one at a time from the start "
    "player; no decision limits another's.",
    # 7. Town
    "PD-TOWN-1": "End-of-week card effects resolve first, player by player.",
    "PD-TOWN-2": "Each cattle scores 1 VP at every town.",
    "PD-TOWN-3": "Each player may fulfil each face-up town card once by paying all "
    "it asks, for its favors.",
    "PD-TOWN-4": "The last town has three cards.",
    # 8. End
    "PD-END-1": "The game ends after the last town: day 5, final disasters, town, "
    "scoring.",
    "PD-END-2": "Final score: nuggets, 2 per favor, +5 to everyone tied for most "
    "favors, townsfolk VP, and -2 per damage token.",
    "PD-END-3": "Most VP wins; then most silver; then the win is shared.",
    "PD-END-4": "Scores above 50 only flip the marker; the engine keeps integers.",
    "PD-END-5": "The game always ends after 20 turns each: there is no turn cap.",
    "PD-INV-1": "Each week draws exactly all the dice in the bag, N+1 a day.",
    "PD-INV-2": "Each player takes exactly 20 turns.",
    "PD-INV-3": "Exactly 9 town cards and 24 townsfolk come into play.",
    # 10. Data
    "PD-DATA-1": "Income: WILD $1, MINE $2, EQUIP $3, CATTLE $4, WOOD $5, MEDICINE $6.",
    "PD-DATA-2": "10 small (2-space) and 10 large (4-space) wagon cards.",
    "PD-DATA-3": "Gold: 15 tokens of 1 nugget, 13 of 2 and 8 of 3.",
    "PD-DATA-4": "The Pioneer side and the eight unique sides with their starting "
    "items and abilities.",
    "PD-DATA-5": "The 24 designed townsfolk with their effects and end-game VP.",
    "PD-DATA-6": "The 9 designed town cards: what each asks and the favors it gives.",
    "PD-DATA-7": "The 12 designed equipment types, two copies of each.",
    # Assumptions
    "ASSUMPTION-1": "Slots are filled WILD, MINE, EQUIP, CATTLE, WOOD, MEDICINE.",
    "ASSUMPTION-2": "Different kinds of items never share a wagon space.",
    "ASSUMPTION-3": "Small wagons have 2 spaces and large ones 4.",
    "ASSUMPTION-4": "Simultaneous disasters go Storm, Raid, Famine, Disease.",
    "ASSUMPTION-5": "Triggered cards fire in card order; with this data the order "
    "never changes the result.",
    "ASSUMPTION-6": "Changing a die costs at least $1.",
    "ASSUMPTION-7": "An empty gold bag gives nothing.",
    "ASSUMPTION-8": "Withdrawn: the seed says an empty slot cannot be recruited.",
    "ASSUMPTION-9": "The colour of each disaster: blue, red, yellow, green.",
    "ASSUMPTION-10": "A track strikes after 4 steps (the option track_length).",
    "ASSUMPTION-11": "A wagon with no open space is not hit by a Storm.",
    "ASSUMPTION-12": "A Raid rounds the half down (the option raid_rounding).",
    "ASSUMPTION-13": "Withdrawn: the seed says Famine must be paid while silver lasts.",
    "ASSUMPTION-14": "End-of-week effects go in turn order from the start player.",
    "ASSUMPTION-15": "Town cards are fulfilled in turn order from the start player.",
    "ASSUMPTION-16": "Withdrawn: the seed gives the most-favors bonus to all who tie.",
    "ASSUMPTION-17": "The income of each face (PD-DATA-1).",
    "ASSUMPTION-18": "The mix of gold tokens (PD-DATA-3).",
    "ASSUMPTION-19": "Discounts stack; a die change stays at least $1, a wagon $0.",
    "ASSUMPTION-20": "Lost gold returns to the bag; lost equipment and townsfolk "
    "leave the game.",
    "ASSUMPTION-21": "Wagons are limited to 10 of each size, starting wagons included.",
    "ASSUMPTION-22": "Card effects are compulsory; their owner makes the choices.",
    "ASSUMPTION-23": "Disaster decisions go one player at a time from the start player.",
    "ASSUMPTION-24": "The token also passes after day 5, so it has moved five times "
    "a week.",
    "ASSUMPTION-25": "Boards are chosen in turn but hidden until all have chosen.",
    # Worked examples
    "EX-1": "Three players: 20 dice in the bag, 4 drawn a day, 1 left over, empty "
    "after day 5.",
    "EX-2": "A red leftover die takes the Raid track from 3 to 4: a Raid, then 0.",
    "EX-3": "A black leftover die moves all tracks; Storm and Famine strike in that "
    "order.",
    "EX-4": "A Gold Pan fires on a die taken showing WOOD, not on one turned to WOOD.",
    "EX-5": "An EQUIP die used for income pays $3.",
    "EX-6": "A Raid takes $3 of $7 and nothing of $1.",
    "EX-7": "A Storm: one wood protects the large wagon, the small one is damaged.",
    "EX-8": "A Famine with 4 cattle and $2: pay $2, lose 2 cattle.",
    "EX-9": "A Disease on the Pioneer side: one exempt, one paid for, one lost.",
    "EX-10": "A wood taken into full wagons: buy a wagon or discard at turn end.",
    "EX-11": "A town with 3 cattle, 2 wood, 1 medicine: Fort Laramie or Fort "
    "Kearny, not both.",
    "EX-12": "Final scoring with equal favors, nuggets and a damage token; silver "
    "breaks a tie.",
    "EX-13": "The final advance can strike before the last town.",
    "EX-14": "Town cards: 2 + 2 + 2 + 3, the deck then empty.",
    "EX-15": "Raid with $10 and a Deputy and Rifle: halve, cap, reduce: lose $1.",
    "EX-16": "Famine with a Cook, 6 cattle and $2: pay $2, lose 1 cattle.",
    "EX-17": "Disease with Doctor and Nurse: four of five exempt, one paid for.",
    "EX-18": "A Storm damages the only wagon; the player chooses what to keep.",
    "EX-19": "The start player moves five seats a week.",
    "EX-20": "The Diplomat's discount goes to one town card only.",
    "EX-21": "No small wagon left: the Wainwright gives nothing.",
}

#: ASSUMPTION IDs -> the option in ``PioneerDays.defaults`` that changes them.
OPTIONS: dict[str, str] = {
    "ASSUMPTION-10": "track_length",
    "ASSUMPTION-12": "raid_rounding",
    # Rule parameters (the rulebook's numbers, see ``PioneerDays.defaults``).
    "PD-INCOME-1": "income_wild, income_mine, income_equip, income_cattle, "
    "income_wood, income_medicine",
    "PD-DATA-1": "income_wild, income_mine, income_equip, income_cattle, "
    "income_wood, income_medicine",
    "ASSUMPTION-17": "income_wild, income_mine, income_equip, income_cattle, "
    "income_wood, income_medicine",
    "PD-WAGON-1": "small_wagon_price, large_wagon_price",
    "PD-TURN-3": "change_cost",
    "PD-WEEK-2": "days",
    "PD-WEEK-3": "weeks",
    "PD-DIS-2": "track_length",
}

__all__ = ["OPTIONS", "RULES"]
