"""The rules of Pioneers in the toolkit's own words: rule ID -> a sentence.

Every rule ID, assumption (``ASSUMPTION-n``, the defaults the engine chose where
the rulebook is silent) and worked example (``EX-n``) of the project's
specification, in its order. Errors, the apps' logs and "why not?" answers, and
the generated page ``docs/rules/pioneers.md`` (``python -m toolkit rules
pioneers``) all read this table; ``tests/pioneers/test_rule_coverage.py`` checks
that every entry has a test. See :mod:`toolkit.core.rulebook`.
"""

from __future__ import annotations

TITLE = "Pioneers"

RULES: dict[str, str] = {
    # 1. Components
    "P-COMP-1": "The board has two sides: one for 4 players, one for 2 or 3. Each side "
    "has cities, the connections between them, a start city, a deck space, a market "
    "of four wagons priced $1 to $4 and a victory-point track.",
    "P-COMP-2": "There are 49 pioneer tiles, seven of each type; bankers and merchants "
    "last for the rest of the game, the other five types act once.",
    "P-COMP-3": "Each colour has a player board, a shop token, a score marker, 20 "
    "pioneers and 15 roads.",
    "P-COMP-4": "There are 24 ordinary wagons and 4 longer start wagons.",
    "P-COMP-5": "Eight cover tiles close cities, only in a 2-player game.",
    "P-COMP-6": "Ten hidden gold nuggets: six worth 3, three worth 4 and one worth 5 "
    "(43 points in all).",
    "P-COMP-7": "The coins are worth $63 in all; whether that limits the bank is an "
    "option (ASSUMPTION-9).",
    "P-COMP-8": "One stagecoach and one start-player marker are shared by everyone.",
    "P-COMP-9": "A coin picture means you receive money; a number with a $ in front "
    "means you pay it.",
    "P-COMP-10": "A player board has three parts: income (base $3 and two banker "
    "slots), purchase (road, two roads, wagon) and movement.",
    # 2. Player count
    "P-PC-1": "Four players use the 4-player side; two or three use the other side.",
    "P-PC-2": "With two players, eight edge cities are covered.",
    "P-PC-3": "Before play, two tiles of each type leave the game with two players, "
    "one of each with three, none with four.",
    "P-PC-4": "Unseen wagons leave the deck: 12 with two players, 6 with three, 2 "
    "with four.",
    "P-PC-5": "After the market is filled the deck holds 8, 14 or 18 wagons for 2, 3 "
    "or 4 players.",
    "P-PC-6": "Only as many start wagons as players are dealt.",
    "P-PC-7": "Everyone starts with $2, whatever the number of players.",
    "P-PC-8": "Nothing else (money, income, prices, rules) depends on the number of "
    "players.",
    # 3. Set-up
    "P-SETUP-1": "Use the board side for the number of players.",
    "P-SETUP-2": "With two players, cover eight cities (the marked ones, or random "
    "ones as a variant); a covered city gets no tile and the stagecoach never enters "
    "or crosses it.",
    "P-SETUP-3": "Put the tiles for this player count aside unseen and shuffle the "
    "rest.",
    "P-SETUP-4": "Every open city except the start city gets one random tile, face "
    "up; the leftover tiles wait unseen beside the board.",
    "P-SETUP-5": "The two neighbours of the start city must show different tile "
    "types: while they match, one of them is swapped for an unused tile.",
    "P-SETUP-6": "Someone is chosen to start (at random unless fixed); turns then go "
    "clockwise.",
    "P-SETUP-7": "The coins form the bank and the nuggets are shuffled face down.",
    "P-SETUP-8": "The stagecoach starts on the start city.",
    "P-SETUP-9": "Shuffle the ordinary wagons, remove some unseen, then deal the "
    "market left to right from the top of the deck.",
    "P-SETUP-10": "Each player is dealt one random start wagon.",
    "P-SETUP-11": "Each player takes their colour's pieces and $2.",
    "P-SETUP-12": "Each player puts one pioneer on the start city and one on every "
    "seat of their start wagon.",
    "P-SETUP-13": "Everyone's score starts at 0.",
    # 4. Flow
    "P-FLOW-1": "In each round every player has one turn, in the same order from the "
    "same start player.",
    "P-FLOW-2": "A turn always goes income, then purchases, then moving the "
    "stagecoach and settling; an action from another phase is refused.",
    "P-FLOW-3": "After every round the game checks whether it has ended.",
    # 5. Income
    "P-INC-1": "At the start of your turn you take $3 plus $1 for each banker you "
    "hold.",
    "P-INC-2": "You can hold at most two bankers, so income is $3, $4 or $5.",
    # 6. Purchase
    "P-BUY-1": "You may buy one road for $2, two roads for $5, or one market wagon at "
    "its slot price.",
    "P-BUY-2": "A purchase uses a token (your shop token or a merchant), is paid to "
    "the bank and is finished before the next one.",
    "P-BUY-3": "Your shop token gives one purchase a turn and each merchant (at most "
    "two) one more.",
    "P-BUY-4": "Each kind of purchase can be made at most once a turn, so never two "
    "wagons in one turn.",
    "P-BUY-5": "Purchases are optional: you may buy nothing.",
    "P-BUY-6": "A bought road goes on any connection without a road, anywhere on the "
    "board.",
    "P-BUY-7": "A bought wagon needs a pioneer from your supply on every seat; "
    "without enough pioneers you cannot buy it.",
    "P-BUY-8": "After a wagon is bought the wagons to its right slide left and the "
    "deck refills the $4 slot; an empty slot cannot be bought, and taking the last "
    "deck wagon triggers the end.",
    "P-BUY-9": "If all your wagons are empty when your turn starts, your first "
    "purchase must be a wagon.",
    # 7. Move
    "P-MOVE-1": "You move the stagecoach to a target: a city whose tile matches a "
    "pioneer on your wagons (a hotel matches any pioneer).",
    "P-MOVE-2": "Each step costs $1: to the bank on an empty connection, to the "
    "owner of someone else's road, nothing on your own road; on a double road you "
    "pay each other owner, or nothing if one road is yours.",
    "P-MOVE-3": "The stagecoach stops at the first city with a tile; it may cross "
    "empty cities but never a tiled or covered one.",
    "P-MOVE-4": "If you can afford a route to a target, you must move.",
    "P-MOVE-5": "If no target is reachable or affordable, you pass and the "
    "stagecoach stays.",
    "P-MOVE-6": "A move always ends on a target, never on an empty or a "
    "non-matching city.",
    "P-MOVE-7": "You pay for the whole route when you move; you must be able to pay "
    "all of it.",
    # 8. Settle
    "P-SETTLE-1": "On arrival you take the city's tile and put there a pioneer from "
    "one of your seats of the tile's profession.",
    "P-SETTLE-2": "On a hotel you may put a pioneer of any profession; only the "
    "hotel's effect happens.",
    "P-SETTLE-3": "You keep the tile you took; the city is now empty and can be "
    "crossed.",
    "P-SETTLE-4": "Settled pioneers stay in their city until the end and count for "
    "networks.",
    # 9. Tiles
    "P-TILE-1": "A banker raises your income by $1 from your next turn; a third "
    "banker does nothing.",
    "P-TILE-2": "A merchant gives one more purchase from your next turn; a third "
    "merchant does nothing.",
    "P-TILE-3": "The other tiles act at once and are then put away.",
    "P-TILE-4": "A gold digger gives you one hidden nugget, counted at the end.",
    "P-TILE-5": "A sergeant lets you place one of your roads for free, on a free "
    "connection or beside a single road of another player.",
    "P-TILE-6": "An innkeeper lets you take one pioneer off your wagons back to your "
    "supply.",
    "P-TILE-7": "A hotel pays you $3.",
    "P-TILE-8": "A farmer lets you add up to two more farmers from your wagons to "
    "the same city.",
    # 10. Wagons, joining, end of turn
    "P-WAGON-1": "When a wagon loses its last pioneer, its owner scores its points "
    "and $1 at once, and the wagon is turned over.",
    "P-WAGON-2": "Every wagon emptied in a turn scores on its own.",
    "P-WAGON-3": "A turned-over wagon takes no pioneers and scores no empty seats.",
    "P-JOIN-1": "After you settle, the others are asked in turn, from your left, "
    "whether they want to settle in the same city.",
    "P-JOIN-2": "A player can join only with at least $2 and a pioneer of the "
    "required profession on a wagon.",
    "P-JOIN-3": "The first to accept pays you $2 and moves one pioneer there; then "
    "the offer closes.",
    "P-JOIN-4": "The joiner must bring the tile's profession (at a hotel, the "
    "profession of the pioneer you placed).",
    "P-JOIN-5": "A joiner gets no tile effect, but may empty a wagon.",
    "P-TURNEND-1": "At the end of your turn your tokens return and the next player "
    "starts.",
    # 11. End and scoring
    "P-END-1": "The end is triggered when someone has placed all 15 roads or the "
    "last deck wagon enters the market.",
    "P-END-2": "The round is then played to its end, and scoring follows.",
    "P-SCORE-1": "During play, points come only from emptied wagons.",
    "P-SCORE-2": "At the end, each empty seat on your face-up wagons scores 1 point.",
    "P-SCORE-3": "Your nuggets score their values.",
    "P-SCORE-4": "Your best road network scores 2 points for each of your pioneers "
    "in its cities; best means most of your pioneers, and only one network counts.",
    "P-SCORE-5": "Most points wins; a tie goes to the most money, and a further tie "
    "is shared.",
    "P-NOTE-1": "Every player scores their own best network (a review says only the "
    "largest one; the rulebook wins).",
    "P-NOTE-2": "The round is finished after the end is triggered (a review says "
    "the game stops at once; the rulebook wins).",
    "P-NOTE-3": "One caption gives a player the wrong colour; the examples keep her "
    "red.",
    "P-NOTE-4": "Joining is a fair way to empty your own wagons, and it scores.",
    # 13. Defaults the engine chose
    "ASSUMPTION-1": "The board map is our own designed dataset (45 cities on the "
    "4-player side, 39 on the other), starting in Buffalo.",
    "ASSUMPTION-2": "The wagons are our own designed deck: start wagons have five "
    "different seats and 12 points, others 2-4 seats and 4-10 points; each pays $1 "
    "when emptied.",
    "ASSUMPTION-3": "There are six seat professions and no hotel seat; a hotel "
    "matches any pioneer.",
    "ASSUMPTION-4": "You steer the stagecoach, so you choose the route and whom it "
    "pays: the move list offers, for each target, one route per way of paying "
    "(bank and each seat) that no other way beats for everyone, cheapest first.",
    "ASSUMPTION-5": "A route never visits a city twice; whether you must move is "
    "decided by the cheapest route.",
    "ASSUMPTION-6": "With several targets in reach you may choose any of them.",
    "ASSUMPTION-7": "The start city has no tile, can be crossed, and its pioneers "
    "count for networks.",
    "ASSUMPTION-8": "Money is a whole number, never negative, and public; an action "
    "you cannot pay for is refused.",
    "ASSUMPTION-9": "The bank never runs out, unless the finite-bank option caps it "
    "at $63.",
    "ASSUMPTION-10": "The deck order, the removed and unused tiles, the nugget pool "
    "and other players' nuggets are hidden; everything else is public.",
    "ASSUMPTION-11": "Nuggets cannot run out; if they did, a gold digger would give "
    "nothing.",
    "ASSUMPTION-12": "If you must buy a wagon but none can be bought, the duty lapses.",
    "ASSUMPTION-13": "One road needs a road in supply and a free connection, two "
    "roads need two of each; no half purchases.",
    "ASSUMPTION-14": "With two players, no road may touch a covered city.",
    "ASSUMPTION-15": "On other boards, all neighbours of the start city get "
    "different tile types as far as possible.",
    "ASSUMPTION-16": "An innkeeper that empties a wagon scores it like any other "
    "emptying.",
    "ASSUMPTION-17": "No roads means no network points, and a pioneer without your "
    "roads is no network.",
    "ASSUMPTION-18": "The sergeant road, the innkeeper return, the farmer extras and "
    "joining are optional; the other effects are automatic.",
    "ASSUMPTION-19": "When several seats have the profession needed, their owner "
    "chooses which one to empty.",
    "ASSUMPTION-20": "Safeguards: a hard cap on rounds, and optionally an early end "
    "when no tile is left or a round passes with no move and no purchase.",
    "ASSUMPTION-21": "With two players, tiles go only on open cities that are not "
    "the start, so some stay unused.",
    "ASSUMPTION-22": "Purchases happen one at a time and the market refills between "
    "them; a merchant won this turn counts from the next.",
    "ASSUMPTION-23": "Offers to join go to each player's agent in clockwise order.",
    "ASSUMPTION-24": "The first wagon drawn goes to the $1 slot; slot prices never "
    "change.",
    # The engine's own assumptions ("E" keeps them apart from the specification's).
    "ASSUMPTION-E1": "With two players and random covers, the covers never shut in "
    "the start city: every set of covers that leaves the stagecoach a way out is "
    "equally likely, and a cover that would shut it in is refused.",
    # 12. Worked examples
    "EX-1": "Income with one banker: $3 base plus $1.",
    "EX-2": "A shop token and a merchant give two purchases: a road, then a wagon, "
    "and the market slides left.",
    "EX-3": "Two roads for $5, placed anywhere free, even far from the stagecoach.",
    "EX-4": "Buying the $2 wagon: pioneers fill its seats and the market refills "
    "from the deck.",
    "EX-5": "A three-step move pays the bank, another player and nothing on your "
    "own road.",
    "EX-6": "Settling on a sergeant city with the sergeant seat's pioneer.",
    "EX-7": "A free sergeant road beside another colour's road makes a double road "
    "that costs others $2.",
    "EX-8": "An innkeeper sends a pioneer back to supply; if that empties the "
    "wagon, it scores.",
    "EX-9": "A farmer city takes three farmers from two wagons.",
    "EX-10": "A hotel taken with a sergeant pioneer pays $3 and gives no road.",
    "EX-11": "Emptying two wagons in one turn scores both.",
    "EX-12": "Offers to join a hotel: who can, who cannot, and who pays whom.",
    "EX-13": "At the end, empty seats score only on face-up wagons.",
    "EX-14": "Nuggets score their total.",
    "EX-15": "The best network is the one with most of your pioneers, not most roads.",
    "EX-16": "A tie in points goes to the richer player, then is shared.",
    "EX-17": "The start city's two neighbours are redrawn until they differ.",
    "EX-18": "A tiled city that does not match blocks the way, so the player passes.",
    "EX-19": "A route you cannot afford means you pass; a road that makes it "
    "cheaper means you must move.",
    "EX-20": "With only empty wagons, the first purchase must be a wagon.",
    "EX-21": "A joiner who empties a wagon scores it but gets no tile effect.",
    "EX-22": "The last deck wagon ends the game after the round is finished.",
    "EX-23": "Placing your fifteenth road ends the game after the round.",
    "EX-24": "A third banker gives no more income.",
}

#: Which option of ``Pioneers.defaults`` changes a rule or a default.
OPTIONS: dict[str, str] = {
    "P-SETUP-2": "cover",
    "P-SETUP-6": "start_player",
    "ASSUMPTION-9": "finite_bank",
    "ASSUMPTION-4": "route_choice",
    "ASSUMPTION-20": "early_end, max_rounds",
    "ASSUMPTION-E1": "cover",
    # Rule parameters (the rulebook's numbers, see ``Pioneers.defaults``).
    "P-INC-1": "income",
    "P-PC-7": "start_money",
    "P-BUY-1": "road_price_1, road_price_2",
    "P-JOIN-3": "join_cost",
}
