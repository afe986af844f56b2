"""The worked examples EX-1..EX-24 of the Pioneers specification, one test each.

Every example is restated here in our own words on a small fixture board built
with :mod:`toolkit.pioneers.builder`. Seating follows the specification:
Benedek is seat 0 (green), Ildi seat 1 (red), David seat 2 (blue) and Eszti
seat 3 (yellow); Benedek is the start player. Money values, wagon VP and the
bought slots are our own concrete choices where the example leaves them open;
the outcome asserted is what the rules derive from them.

A staged position has an unlimited bank unless a test builds the game with
``finite_bank=True``, which is how "the bank paid $n" is checked.
"""

from __future__ import annotations

import pytest

from toolkit.core import CHANCE
from toolkit.core.testing import assert_illegal as illegal
from toolkit.pioneers import (
    AddFarmer,
    BuyRoads,
    BuyWagon,
    Decline,
    DrawNugget,
    EndPurchases,
    Join,
    MoveCoach,
    Pass,
    PlaceRoad,
    Redraw,
    ReturnPioneer,
    RevealWagon,
    SergeantRoad,
    Settle,
    Skip,
    score_breakdown,
)
from toolkit.pioneers.actions import DrawTile
from toolkit.pioneers.builder import fixture_game, stage, wagon, wagon_spec
from toolkit.pioneers.scoring import road_networks

BENEDEK, ILDI, DAVID, ESZTI = 0, 1, 2, 3


# ----- helpers ------------------------------------------------------------------


def run(game, state, *actions):
    """Apply ``actions`` in order and return the final state."""
    for action in actions:
        state = game.apply(state, action)
    return state


def money(state):
    return [pl.money for pl in state.players]


def pioneers_on(game, state, city):
    """Pioneers per seat standing on ``city``."""
    return list(state.settled[game.board.index[city]])


def roads_on(game, state, a, b):
    return state.roads[game.board.edge_of(a, b)]


def wagon_of(state, seat, wid):
    return next(w for w in state.players[seat].wagons if w.id == wid)


# ----- EX-1 -----------------------------------------------------------------------


@pytest.mark.parametrize(("bankers", "income"), [(0, 3), (1, 4), (2, 5)])
def test_EX_1_income_with_bankers(bankers, income):
    """P-INC-1: $3 plus $1 per banker; the bank pays it (finite bank to see it)."""
    game = fixture_game(["S-A"], start="S", finite_bank=True)
    state = stage(
        game,
        players={
            BENEDEK: dict(money=0, bankers=bankers, wagons=[wagon("G", "FARMER")])
        },
        phase="turn",
    )
    assert state.players[BENEDEK].money == income
    assert state.bank == 63 - income
    assert state.phase == "buy" and state.active == BENEDEK
    assert money(state)[1:] == [0, 0, 0]


# ----- EX-2 -----------------------------------------------------------------------

EX2_DECK = [
    wagon_spec("Wa", "FARMER BANKER", vp=4),
    wagon_spec("Wb", "FARMER SERGEANT", vp=4),
    wagon_spec("Wc", "FARMER MERCHANT GOLD_DIGGER", vp=6),
    wagon_spec("Wd", "INNKEEPER FARMER", vp=4),
    wagon_spec("We", "BANKER GOLD_DIGGER", vp=5),
]


def _ex2(merchants=1):
    game = fixture_game(["S-A", "A-B", "B-C"], start="S", wagons=EX2_DECK)
    state = stage(
        game,
        active=ESZTI,
        phase="buy",
        market=["Wa", "Wb", "Wc", "Wd"],
        players={
            ESZTI: dict(
                money=7, merchants=merchants, supply=10, wagons=[wagon("Y", "FARMER")]
            )
        },
    )
    assert state.deck == 1 and state.actions_left == 1 + merchants
    return game, state


def test_EX_2_shop_token_then_merchant():
    """P-BUY-2..4, P-BUY-7..8: R1 with the shop token, then slot 3 with the merchant."""
    game, state = _ex2()
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
    assert state.phase == "buy" and state.actions_left == 1
    state = game.apply(state, BuyWagon(3))
    assert state.phase == "reveal" and game.to_move(state) == CHANCE
    assert game.chance_outcomes(state) == [(RevealWagon("We"), 1.0)]
    state = game.apply(state, RevealWagon("We"))
    eszti = state.players[ESZTI]
    assert eszti.money == 2
    assert eszti.roads_left == 14
    assert eszti.supply == 7
    assert [w.id for w in eszti.wagons] == ["Y", "Wc"]
    wc = wagon_of(state, ESZTI, "Wc")
    assert wc.occupied == (True, True, True) and wc.face_up
    assert state.market == ("Wa", "Wb", "Wd", "We")
    assert state.deck == 0
    assert roads_on(game, state, "A", "B") == (ESZTI,)
    # Both tokens are spent: the purchase phase is over, R2 can no longer be taken.
    assert state.phase == "move"
    assert BuyRoads(2) not in game.legal_actions(state)


def test_EX_2_second_wagon_illegal_even_with_another_merchant():
    """P-BUY-4: the W space is taken once per turn, whatever tokens are left."""
    game, state = _ex2(merchants=2)
    state = run(
        game, state, BuyRoads(1), PlaceRoad("A", "B"), BuyWagon(3), RevealWagon("We")
    )
    assert state.phase == "buy" and state.actions_left == 1
    illegal(game, state, BuyWagon(1), "P-BUY-4")
    illegal(game, state, BuyRoads(1), "P-BUY-4")
    assert [type(a) for a in game.legal_actions(state)] == [EndPurchases]  # R2 needs $5


def test_EX_2_no_token_left_for_R2():
    """P-BUY-3: with shop token and merchant both used, no third purchase is possible."""
    game, state = _ex2()
    state = run(
        game, state, BuyRoads(1), PlaceRoad("A", "B"), BuyWagon(3), RevealWagon("We")
    )
    state = state._replace(phase="buy")  # look at the purchase spaces once more
    illegal(game, state, BuyRoads(2), "P-BUY-3")


# ----- EX-3 -----------------------------------------------------------------------


def test_EX_3_buying_two_roads_anywhere():
    """P-BUY-1 R2 and P-BUY-6: $5 for 2 roads on any free connections."""
    game = fixture_game(["X-Y", "Y-Z", "Z-W", "W-P", "P-Q"], start="X")
    state = stage(
        game,
        active=ILDI,
        phase="buy",
        coach="X",
        players={ILDI: dict(money=5, wagons=[wagon("R", "FARMER")])},
    )
    assert state.players[ILDI].roads_left == 15
    state = game.apply(state, BuyRoads(2))
    assert state.phase == "road" and state.players[ILDI].money == 0
    state = game.apply(state, PlaceRoad("X", "Y"))
    assert state.phase == "road"
    illegal(game, state, PlaceRoad("X", "Y"), "P-BUY-6")  # already holds a road
    state = game.apply(state, PlaceRoad("P", "Q"))
    assert state.players[ILDI].money == 0
    assert state.players[ILDI].roads_left == 13
    assert roads_on(game, state, "X", "Y") == (ILDI,)
    assert roads_on(game, state, "P", "Q") == (ILDI,)
    assert state.phase == "move"  # the only token is used


def test_EX_3_R1_on_a_connection_with_a_road_is_illegal():
    game = fixture_game(["X-Y", "P-Q"], start="X")
    state = stage(
        game,
        active=ILDI,
        phase="buy",
        roads={"X-Y": BENEDEK},
        players={ILDI: dict(money=5, wagons=[wagon("R", "FARMER")])},
    )
    state = game.apply(state, BuyRoads(1))
    illegal(game, state, PlaceRoad("X", "Y"), "P-BUY-6")
    assert game.legal_actions(state) == [PlaceRoad("P", "Q")]


# ----- EX-4 -----------------------------------------------------------------------

EX4_DECK = [
    wagon_spec("W1", "FARMER GOLD_DIGGER", vp=4),
    wagon_spec("W2", "FARMER BANKER", vp=4),
    wagon_spec("W3", "SERGEANT FARMER", vp=4),
    wagon_spec("W4", "INNKEEPER MERCHANT", vp=4),
    wagon_spec("W5", "BANKER FARMER FARMER", vp=6),
    wagon_spec("W6", "GOLD_DIGGER FARMER", vp=4),
]


@pytest.mark.parametrize("last", [False, True])
def test_EX_4_buying_the_second_market_wagon(last):
    """P-BUY-7, P-BUY-8: slot 2 for $2; the rest slides left, slot 4 refills."""
    deck = EX4_DECK[:5] if last else EX4_DECK
    game = fixture_game(["S-A"], start="S", wagons=deck)
    state = stage(
        game,
        active=DAVID,
        phase="buy",
        market=["W1", "W2", "W3", "W4"],
        players={DAVID: dict(money=4, wagons=[wagon("B", "FARMER")])},
    )
    supply = state.players[DAVID].supply
    deck_before = state.deck
    assert deck_before == (1 if last else 2)
    state = run(game, state, BuyWagon(2), RevealWagon("W5"))
    david = state.players[DAVID]
    assert david.money == 2
    w2 = wagon_of(state, DAVID, "W2")
    assert w2.seats == ("FARMER", "BANKER") and w2.occupied == (True, True)
    assert david.supply == supply - 2
    assert state.market == ("W1", "W3", "W4", "W5")
    assert state.deck == deck_before - 1
    assert state.end_triggered is last  # P-END-1b when W5 was the last deck wagon
    assert state.phase == "move" and state.active == DAVID  # his only token is used


# ----- EX-5 -----------------------------------------------------------------------


def test_EX_5_paying_for_a_three_step_move():
    """P-MOVE-2: $1 to the bank, $1 to Ildi, nothing over her own road."""
    game = fixture_game(["A-B", "B-C", "C-D"], start="A", finite_bank=True)
    state = stage(
        game,
        active=ESZTI,
        coach="A",
        tiles={"D": "GOLD_DIGGER"},
        roads={"B-C": ILDI, "C-D": ESZTI},
        players={
            ESZTI: dict(money=4, wagons=[wagon("Y", "GOLD_DIGGER FARMER")]),
            ILDI: dict(money=0),
        },
    )
    move = MoveCoach(("A", "B", "C", "D"), 2)
    assert game.legal_actions(state) == [move]
    assert game.payments(state, move.path) == {"bank": 1, ILDI: 1}
    state = game.apply(state, move)
    assert money(state) == [0, 1, 0, 2]
    assert state.bank == 64
    assert state.coach == "D"
    assert state.phase == "settle"


# ----- EX-6 / EX-7 ------------------------------------------------------------------

EX7_BOARD = ["S-A", "E-F", "G-H", "J-K", "L-M"]


def _ex6():
    game = fixture_game(EX7_BOARD, start="S", finite_bank=True)
    state = stage(
        game,
        active=ILDI,
        coach="S",
        tiles={"A": "SERGEANT"},
        roads={"E-F": ESZTI, "J-K": ILDI, "L-M": (BENEDEK, DAVID)},
        players={ILDI: dict(money=1, wagons=[wagon("R", "SERGEANT FARMER")])},
    )
    return game, state


def test_EX_6_settling_on_a_sergeant_city():
    """P-SETTLE-1: the SERGEANT pioneer replaces the tile; the FARMER stays."""
    game, state = _ex6()
    state = game.apply(state, MoveCoach(("S", "A"), 1))
    assert state.players[ILDI].money == 0 and state.bank == 64
    assert game.legal_actions(state) == [Settle("R", "SERGEANT")]
    illegal(game, state, Settle("R", "FARMER"), "P-SETTLE-1")
    state = game.apply(state, Settle("R", "SERGEANT"))
    assert state.tiles[game.board.index["A"]] is None
    assert pioneers_on(game, state, "A") == [0, 1, 0, 0]
    assert wagon_of(state, ILDI, "R").occupied == (False, True)
    assert state.phase == "sergeant" and state.seat == ILDI


def test_EX_7_sergeant_double_road_and_who_pays():
    """P-TILE-5, P-MOVE-2: a free red road next to the yellow one on E-F."""
    game, state = _ex6()
    state = run(game, state, MoveCoach(("S", "A"), 1), Settle("R", "SERGEANT"))
    roads_before = state.players[ILDI].roads_left
    illegal(game, state, SergeantRoad("J", "K"), "P-TILE-5")  # only a red road there
    illegal(game, state, SergeantRoad("L", "M"), "P-TILE-5")  # already 2 roads
    legal = game.legal_actions(state)
    assert SergeantRoad("E", "F") in legal and SergeantRoad("G", "H") in legal
    assert SergeantRoad("J", "K") not in legal and SergeantRoad("L", "M") not in legal
    state = game.apply(state, SergeantRoad("E", "F"))
    assert roads_on(game, state, "E", "F") == (ESZTI, ILDI)
    assert state.players[ILDI].roads_left == roads_before - 1
    assert state.players[ILDI].money == 0
    # The turn ended (nobody could join a sergeant city): Dávid's income came next.
    assert state.active == DAVID and state.phase == "buy"

    # Follow-up: every player in turn moves across E-F to a BANKER city F.
    follow = stage(
        game,
        coach="E",
        tiles={"F": "BANKER"},
        roads={"E-F": (ESZTI, ILDI)},
        players={s: dict(money=2, wagons=[wagon(f"W{s}", "BANKER")]) for s in range(4)},
    )
    expected = {
        DAVID: [2, 3, 0, 3],  # $1 to Eszti and $1 to Ildi
        ESZTI: [2, 2, 2, 2],  # her own road: free
        ILDI: [2, 2, 2, 2],  # her own road: free
        BENEDEK: [0, 3, 2, 3],  # $1 to Eszti and $1 to Ildi
    }
    for seat, after in expected.items():
        s = follow._replace(active=seat, seat=seat)
        cost = 2 if seat in (DAVID, BENEDEK) else 0
        assert game.legal_actions(s) == [MoveCoach(("E", "F"), cost)]
        assert money(game.apply(s, MoveCoach(("E", "F"), cost))) == after


# ----- EX-8 -----------------------------------------------------------------------


def _ex8(seats, vp=5):
    game = fixture_game(["S-K"], start="S")
    state = stage(
        game,
        active=DAVID,
        coach="S",
        tiles={"K": "INNKEEPER"},
        players={
            DAVID: dict(money=3, supply=12, wagons=[wagon("D", seats, vp=vp)]),
            ESZTI: dict(money=0),
        },
    )
    state = run(game, state, MoveCoach(("S", "K"), 1), Settle("D", "INNKEEPER"))
    assert state.phase == "innkeeper" and state.seat == DAVID
    return game, state


def test_EX_8_innkeeper_returns_the_banker_pioneer():
    """P-TILE-6: the BANKER pioneer goes back to supply; no banker tile, no income."""
    game, state = _ex8("INNKEEPER BANKER FARMER")
    assert ReturnPioneer("D", "BANKER") in game.legal_actions(state)
    state = game.apply(state, ReturnPioneer("D", "BANKER"))
    david = state.players[DAVID]
    assert david.money == 2
    assert david.supply == 13
    d = wagon_of(state, DAVID, "D")
    assert d.occupied == (False, False, True) and d.face_up
    assert david.bankers == 0 and david.vp == 0
    assert pioneers_on(game, state, "K") == [0, 0, 1, 0]
    # Turn over: Eszti's turn starts with her $3 income.
    assert state.active == ESZTI and state.phase == "buy"
    assert money(state) == [0, 0, 2, 3]


def test_EX_8b_innkeeper_empties_the_wagon():
    """P-TILE-6 with P-WAGON-1 (ASSUMPTION-16): +v VP, +$1, the wagon turns face down."""
    game, state = _ex8("INNKEEPER BANKER", vp=6)
    state = game.apply(state, ReturnPioneer("D", "BANKER"))
    david = state.players[DAVID]
    assert david.vp == 6
    assert david.money == 3  # 3 - 1 for the move + 1 for the emptied wagon
    assert david.supply == 13
    d = wagon_of(state, DAVID, "D")
    assert not d.face_up and d.occupied == (False, False)


# ----- EX-9 -----------------------------------------------------------------------


def test_EX_9_farmer_city_takes_three_farmers():
    """P-TILE-8: 1 settled plus 2 extra farmers from another wagon; no wagon empties."""
    game = fixture_game(["S-F"], start="S")
    state = stage(
        game,
        active=ESZTI,
        tiles={"F": "FARMER"},
        players={
            ESZTI: dict(
                money=1,
                wagons=[
                    wagon("X", "FARMER BANKER"),
                    wagon("Y", "FARMER FARMER SERGEANT"),
                    wagon("Z", "FARMER GOLD_DIGGER"),
                ],
            )
        },
    )
    state = run(game, state, MoveCoach(("S", "F"), 1), Settle("X", "FARMER"))
    assert state.phase == "farmer"
    assert game.legal_actions(state) == [AddFarmer("Y"), AddFarmer("Z"), Skip()]
    state = run(game, state, AddFarmer("Y"))
    assert state.phase == "farmer"
    state = run(game, state, AddFarmer("Y"))
    assert pioneers_on(game, state, "F") == [0, 0, 0, 3]
    assert wagon_of(state, ESZTI, "X").occupied == (False, True)
    assert wagon_of(state, ESZTI, "Y").occupied == (False, False, True)
    assert wagon_of(state, ESZTI, "Z").occupied == (True, True)  # the cap is 2 extras
    eszti = state.players[ESZTI]
    assert eszti.vp == 0 and eszti.money == 0
    assert all(w.face_up for w in eszti.wagons)
    assert eszti.supply == 20 - 2 - 3 - 2  # unchanged since staging (X, Y, Z were full)
    assert state.coach == "F" and state.tiles[game.board.index["F"]] is None
    assert state.active == BENEDEK and state.phase == "buy"  # closed after two extras


# ----- EX-10 ----------------------------------------------------------------------


def test_EX_10_hotel_with_a_sergeant_pioneer():
    """P-SETTLE-2, P-TILE-7: any pioneer on a hotel; only the $3, no sergeant road."""
    game = fixture_game(["S-H", "H-Q"], start="S", finite_bank=True)
    state = stage(
        game,
        active=ILDI,
        tiles={"H": "HOTEL"},
        roads={"S-H": ILDI},
        players={ILDI: dict(money=1, wagons=[wagon("R", "SERGEANT GOLD_DIGGER")])},
    )
    roads = state.players[ILDI].roads_left
    state = game.apply(state, MoveCoach(("S", "H"), 0))
    assert game.legal_actions(state) == [
        Settle("R", "SERGEANT"),
        Settle("R", "GOLD_DIGGER"),
    ]
    state = game.apply(state, Settle("R", "SERGEANT"))
    ildi = state.players[ILDI]
    assert ildi.money == 4
    assert state.bank == 63 - 3 - 3  # the hotel's $3, then Dávid's income
    assert ildi.roads_left == roads
    assert ildi.nuggets == ()
    assert pioneers_on(game, state, "H") == [0, 1, 0, 0]
    assert (
        state.active == DAVID and state.phase == "buy"
    )  # no sergeant phase, no joiner


# ----- EX-11 ----------------------------------------------------------------------


def test_EX_11_emptying_two_wagons_in_one_turn():
    """P-WAGON-1..2: 7 VP and 4 VP, $1 each, both wagons face down."""
    game = fixture_game(["S-A", "A-F"], start="S")
    state = stage(
        game,
        active=ILDI,
        tiles={"F": "FARMER"},
        roads={"S-A": ILDI, "A-F": ILDI},
        players={
            ILDI: dict(
                money=0,
                vp=10,
                wagons=[
                    wagon("X", "FARMER BANKER", empty=[1], vp=7),
                    wagon("Y", "SERGEANT FARMER", empty=[0], vp=4),
                ],
            )
        },
    )
    state = run(game, state, MoveCoach(("S", "A", "F"), 0), Settle("X", "FARMER"))
    assert state.players[ILDI].vp == 17 and state.players[ILDI].money == 1
    assert state.phase == "farmer"
    state = game.apply(state, AddFarmer("Y"))
    ildi = state.players[ILDI]
    assert ildi.vp == 21
    assert ildi.money == 2
    assert [w.face_up for w in ildi.wagons] == [False, False]
    assert pioneers_on(game, state, "F") == [0, 2, 0, 0]
    assert state.coach == "F"
    assert state.active == DAVID and state.phase == "buy"  # nobody else has a farmer


# ----- EX-12 ----------------------------------------------------------------------


def _ex12():
    game = fixture_game(["S-A", "A-H"], start="S")
    state = stage(
        game,
        active=BENEDEK,
        tiles={"H": "HOTEL"},
        players={
            BENEDEK: dict(money=2, wagons=[wagon("G", "BANKER FARMER")]),
            ILDI: dict(money=6, wagons=[wagon("R", "FARMER SERGEANT")]),
            DAVID: dict(money=1, wagons=[wagon("B", "BANKER")]),
            ESZTI: dict(
                money=3,
                wagons=[wagon("Y1", "FARMER"), wagon("Y2", "BANKER GOLD_DIGGER")],
            ),
        },
    )
    state = run(game, state, MoveCoach(("S", "A", "H"), 2), Settle("G", "BANKER"))
    return game, state


def test_EX_12_offer_to_join_at_a_hotel():
    """P-JOIN-1..5: Ildi cannot (no banker), Dávid cannot ($1), Eszti joins."""
    game, state = _ex12()
    assert money(state) == [3, 6, 1, 3]
    assert state.phase == "join" and state.seat == ESZTI and state.active == BENEDEK
    assert game.legal_actions(state) == [Join("Y2"), Decline()]
    illegal(game, state, Join("Y1"), "P-JOIN-4")  # a FARMER may not join a banker
    state = game.apply(state, Join("Y2"))
    assert pioneers_on(game, state, "H") == [1, 0, 0, 1]
    assert state.players[BENEDEK].money == 5
    assert state.players[ESZTI].money == 1
    assert state.players[DAVID].money == 1
    assert state.players[BENEDEK].bankers == 0 and state.players[ESZTI].bankers == 0
    assert wagon_of(state, ESZTI, "Y2").occupied == (False, True)
    # Ildi's turn begins with her income: 6 + 3.
    assert state.active == ILDI and state.players[ILDI].money == 9


def test_EX_12_declining_passes_the_offer_on():
    game, state = _ex12()
    state = game.apply(state, Decline())
    assert pioneers_on(game, state, "H") == [1, 0, 0, 0]
    assert state.players[BENEDEK].money == 3 and state.active == ILDI


# ----- EX-13 / EX-14 / EX-15 / EX-16 ---------------------------------------------------


def test_EX_13_final_empty_seats():
    """P-SCORE-2: 2 empty seats on a face-up wagon score 2; a face-down wagon 0."""
    game = fixture_game(["S-A"], start="S")
    state = stage(
        game,
        players={
            ILDI: dict(
                wagons=[
                    wagon("A", "FARMER BANKER SERGEANT MERCHANT", empty=[1, 3]),
                    wagon("B", "FARMER BANKER GOLD_DIGGER", face_up=False),
                ]
            )
        },
    )
    row = score_breakdown(game, state)[ILDI]
    assert row["empty_seats"] == 2
    assert row["total"] == 2


@pytest.mark.parametrize("nuggets", [(4, 5), (3, 3, 3)])
def test_EX_14_gold_nuggets(nuggets):
    """P-SCORE-3: the nuggets' values are added."""
    game = fixture_game(["S-A"], start="S")
    state = stage(game, players={ILDI: dict(nuggets=nuggets)})
    row = score_breakdown(game, state)[ILDI]
    assert row["gold"] == 9 and row["total"] == 9
    assert game.scores(state) == (0, 9, 0, 0)


def test_EX_15_best_network_counts_pioneers_not_roads():
    """P-SCORE-4: N1 (6 roads, 8 red pioneers) beats N2 (7 roads, 3); 16 VP, not added."""
    n1 = ["A-B", "B-C", "C-D", "C-E", "E-F", "F-G"]
    n2 = [f"P{i}-P{i + 1}" for i in range(1, 8)]
    game = fixture_game(n1 + n2 + ["S-A"], start="S")
    state = stage(
        game,
        roads=dict.fromkeys(n1 + n2, ILDI),
        settled={
            "A": {ILDI: 1},
            "B": {ILDI: 1},
            "C": {ILDI: 3},
            "D": {ILDI: 1},
            "E": {DAVID: 1},
            "F": {ILDI: 1},
            "G": {ILDI: 1},
            "P1": {ILDI: 1},
            "P4": {ILDI: 1},
            "P8": {ILDI: 1},
        },
    )
    nets = road_networks(game, state, ILDI)
    assert [(n["roads"], n["pioneers"]) for n in nets] == [(6, 8), (7, 3)]
    assert nets[0]["cities"] == ("A", "B", "C", "D", "E", "F", "G")
    rows = score_breakdown(game, state)
    assert rows[ILDI]["network"] == 16 and rows[ILDI]["total"] == 16
    assert rows[DAVID]["network"] == 0  # the blue pioneer on E, but no blue road


def test_EX_16_tie_break_on_money():
    """P-SCORE-5: equal VP, more dollars wins; still equal, the victory is shared."""
    game = fixture_game(["S-A"], start="S")
    state = stage(
        game,
        players={
            BENEDEK: dict(vp=41, money=3),
            ILDI: dict(vp=41, money=5),
            DAVID: dict(vp=40, money=9),
        },
    )
    assert game.scores(state) == (41, 41, 40, 0)
    assert game.winners(state) == (ILDI,)
    state = stage(
        game,
        players={
            BENEDEK: dict(vp=41, money=5),
            ILDI: dict(vp=41, money=5),
            DAVID: dict(vp=40, money=9),
        },
    )
    assert game.winners(state) == (BENEDEK, ILDI)


# ----- EX-17 ----------------------------------------------------------------------------


def test_EX_17_redraw_at_the_start_city():
    """P-SETUP-5: both start neighbours show MERCHANT; re-draw until they differ."""
    deck = [wagon_spec(f"R{i}", "FARMER BANKER") for i in range(1, 9)]
    game = fixture_game(
        ["S-N1", "S-N2", "N1-C", "N2-D", "C-D"],
        start="S",
        wagons=deck,
        start_player=BENEDEK,
    )
    state = game.setup()
    # Tiles go face down on the cities in id order: C, D, N1, N2.
    state = run(
        game,
        state,
        DrawTile("C", "FARMER"),
        DrawTile("D", "HOTEL"),
        DrawTile("N1", "MERCHANT"),
        DrawTile("N2", "MERCHANT"),
    )
    assert state.phase == "redraw" and game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    # 49 tiles, 4 on the board: the unused 45 (7 per type, less those placed) can come.
    assert {a.city for a, _ in outcomes} == {"N2"}
    probs = {a.tile: p for a, p in outcomes}
    assert probs["MERCHANT"] == pytest.approx(5 / 45)
    assert probs["BANKER"] == pytest.approx(7 / 45)
    assert sum(probs.values()) == pytest.approx(1)
    # MERCHANT again: the old MERCHANT goes back to the pool, so repeat.
    state = game.apply(state, Redraw("N2", "MERCHANT"))
    assert state.phase == "redraw"
    assert {a.tile: p for a, p in game.chance_outcomes(state)}[
        "MERCHANT"
    ] == pytest.approx(5 / 45)
    state = game.apply(state, Redraw("N2", "BANKER"))
    assert state.phase != "redraw"
    tiles = {c: state.tiles[game.board.index[c]] for c in ("C", "D", "N1", "N2", "S")}
    assert tiles == {
        "C": "FARMER",
        "D": "HOTEL",
        "N1": "MERCHANT",
        "N2": "BANKER",
        "S": None,
    }
    assert sum(t is not None for t in state.tiles) == 4  # the total is unchanged


# ----- EX-18 / EX-19 ------------------------------------------------------------------------


def test_EX_18_must_move_but_cannot_pass_through_a_tile():
    """P-MOVE-3..5: FARMER on B behind a BANKER on A: Dávid must pass."""
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        active=DAVID,
        tiles={"A": "BANKER", "B": "FARMER"},
        players={DAVID: dict(money=5, wagons=[wagon("D", "FARMER FARMER")])},
    )
    assert game.legal_actions(state) == [Pass()]
    illegal(game, state, MoveCoach(("S", "A", "B"), 2), "P-MOVE-3")
    illegal(game, state, MoveCoach(("S", "A"), 1), "P-MOVE-1")
    after = game.apply(state, Pass())
    assert after.coach == "S"
    assert after.players[DAVID].money == 5
    assert after.active == ESZTI and after.phase == "buy"

    banker = stage(
        game,
        active=DAVID,
        tiles={"A": "BANKER", "B": "FARMER"},
        players={DAVID: dict(money=5, wagons=[wagon("D", "FARMER BANKER")])},
    )
    assert game.legal_actions(banker) == [MoveCoach(("S", "A"), 1)]
    illegal(game, banker, Pass(), "P-MOVE-4")
    moved = game.apply(banker, MoveCoach(("S", "A"), 1))
    assert moved.coach == "A" and moved.players[DAVID].money == 4


def test_EX_19_cannot_afford_the_route():
    """P-MOVE-4: $1 cannot pay the $2 route, so Eszti passes; a yellow road makes it $1."""
    game = fixture_game(["S-X", "X-T"], start="S")
    players = {ESZTI: dict(money=1, wagons=[wagon("Y", "FARMER")])}
    state = stage(game, active=ESZTI, tiles={"T": "FARMER"}, players=players)
    assert game.legal_actions(state) == [Pass()]
    illegal(game, state, MoveCoach(("S", "X", "T"), 2), "P-MOVE-7")
    assert game.apply(state, Pass()).coach == "S"

    state = stage(
        game, active=ESZTI, tiles={"T": "FARMER"}, roads={"X-T": ESZTI}, players=players
    )
    assert game.legal_actions(state) == [MoveCoach(("S", "X", "T"), 1)]
    illegal(game, state, Pass(), "P-MOVE-4")
    state = game.apply(state, MoveCoach(("S", "X", "T"), 1))
    assert state.players[ESZTI].money == 0 and state.coach == "T"


# ----- EX-20 ----------------------------------------------------------------------------------

EX20_DECK = [wagon_spec(f"M{i}", "FARMER BANKER", vp=4) for i in range(1, 7)]


@pytest.mark.parametrize("merchants", [0, 1])
def test_EX_20_forced_wagon_purchase(merchants):
    """P-BUY-9: only face-down wagons at the start of the turn: first action must be W."""
    game = fixture_game(["S-A", "A-B"], start="S", wagons=EX20_DECK)
    state = stage(
        game,
        phase="turn",
        market=["M1", "M2", "M3", "M4"],
        players={
            BENEDEK: dict(
                money=0,
                merchants=merchants,
                wagons=[wagon("G", "FARMER BANKER", face_up=False)],
            )
        },
    )
    assert state.players[BENEDEK].money == 3
    assert state.forced
    assert game.legal_actions(state) == [BuyWagon(1), BuyWagon(2), BuyWagon(3)]
    illegal(game, state, BuyRoads(1), "P-BUY-9")
    illegal(game, state, EndPurchases(), "P-BUY-9")
    state = run(game, state, BuyWagon(1), RevealWagon("M5"))
    assert state.players[BENEDEK].money == 2
    assert state.market == ("M2", "M3", "M4", "M5")
    if merchants:
        assert state.phase == "buy"
        assert game.legal_actions(state) == [BuyRoads(1), EndPurchases()]
        state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
        assert state.players[BENEDEK].money == 0
    assert state.phase == "move"


# ----- EX-21 ----------------------------------------------------------------------------------


def test_EX_21_a_joiner_empties_a_wagon():
    """P-JOIN-5, P-WAGON-1: Dávid pays $2, scores his 5-VP wagon and its $1, no nugget."""
    game = fixture_game(["S-G"], start="S")
    state = stage(
        game,
        active=ESZTI,
        tiles={"G": "GOLD_DIGGER"},
        players={
            BENEDEK: dict(money=4, wagons=[wagon("G0", "FARMER")]),
            ILDI: dict(money=4, wagons=[wagon("R", "BANKER")]),
            DAVID: dict(
                money=3,
                wagons=[
                    wagon("B5", "GOLD_DIGGER FARMER", empty=[1], vp=5),
                    wagon("B2", "FARMER"),
                ],
            ),
            ESZTI: dict(money=1, wagons=[wagon("Y", "GOLD_DIGGER FARMER")]),
        },
    )
    state = run(game, state, MoveCoach(("S", "G"), 1), Settle("Y", "GOLD_DIGGER"))
    assert state.phase == "nugget" and game.to_move(state) == CHANCE
    state = game.apply(state, DrawNugget(4))
    assert state.phase == "join" and state.seat == DAVID
    state = game.apply(state, Join("B5"))
    david = state.players[DAVID]
    assert david.money == 3 - 2 + 1
    assert david.vp == 5
    assert not wagon_of(state, DAVID, "B5").face_up
    assert david.nuggets == ()
    assert state.players[ESZTI].nuggets == (4,)
    assert pioneers_on(game, state, "G") == [0, 0, 1, 1]
    # Eszti ended the round; Benedek's new turn began with income.
    assert money(state) == [4 + 3, 4, 2, 0 + 2]
    assert state.active == BENEDEK and state.round == 2


# ----- EX-22 / EX-23 --------------------------------------------------------------------------

EX22_DECK = [wagon_spec(f"D{i}", "FARMER BANKER", vp=4) for i in range(1, 6)]


def _everyone_has_a_wagon(money_each=0):
    return {
        s: dict(money=money_each, wagons=[wagon(f"V{s}", "FARMER")]) for s in range(4)
    }


def test_EX_22_deck_trigger_completes_the_round():
    """P-END-1b, P-END-2: Ildi takes the last deck wagon; Dávid and Eszti still play."""
    game = fixture_game(["S-A"], start="S", wagons=EX22_DECK)
    state = stage(
        game,
        active=ILDI,
        phase="turn",
        market=["D1", "D2", "D3", "D4"],
        players=_everyone_has_a_wagon(),
    )
    assert state.deck == 1
    state = run(game, state, BuyWagon(1), RevealWagon("D5"))
    assert state.deck == 0 and state.end_triggered
    state = game.apply(state, Pass())
    assert state.active == DAVID and state.phase == "buy"
    state = run(game, state, EndPurchases(), Pass())
    assert state.active == ESZTI and state.phase == "buy"
    state = run(game, state, EndPurchases(), Pass())
    assert game.is_over(state) and game.to_move(state) is None
    # Benedek got no further turn (no income), the others each got one.
    assert money(state) == [0, 2, 3, 3]
    illegal(game, state, EndPurchases(), "GAME-OVER")


@pytest.mark.parametrize("trigger", [ESZTI, BENEDEK])
def test_EX_23_road_trigger_by_sergeant(trigger):
    """P-END-1a: the 15th road (a sergeant road) triggers the end; the round completes."""
    game = fixture_game(["S-A", "B-C"], start="S")
    players = _everyone_has_a_wagon()
    players[trigger] = dict(
        money=1, roads_left=1, wagons=[wagon("T", "SERGEANT FARMER")]
    )
    state = stage(game, active=trigger, tiles={"A": "SERGEANT"}, players=players)
    state = run(
        game,
        state,
        MoveCoach(("S", "A"), 1),
        Settle("T", "SERGEANT"),
        SergeantRoad("B", "C"),
    )
    assert state.players[trigger].roads_left == 0
    assert state.end_triggered
    if (
        trigger == ESZTI
    ):  # the last seat of the round: the game ends right after her turn
        assert game.is_over(state)
        return
    for seat in (ILDI, DAVID, ESZTI):
        assert state.active == seat and not game.is_over(state)
        state = run(game, state, EndPurchases(), Pass())
    assert game.is_over(state)


# ----- EX-24 ----------------------------------------------------------------------------------


def test_EX_24_third_banker_goes_to_the_box():
    """P-TILE-1, P-INC-2: a third banker settles but gives nothing; income stays $5."""
    game = fixture_game(["S-K"], start="S")
    state = stage(
        game,
        tiles={"K": "BANKER"},
        players={
            BENEDEK: dict(money=1, bankers=2, wagons=[wagon("G", "BANKER FARMER")])
        },
    )
    state = run(game, state, MoveCoach(("S", "K"), 1), Settle("G", "BANKER"))
    assert state.players[BENEDEK].bankers == 2
    assert pioneers_on(game, state, "K") == [1, 0, 0, 0]
    assert state.tiles[game.board.index["K"]] is None
    for seat in (ILDI, DAVID, ESZTI):
        assert state.active == seat
        state = run(game, state, EndPurchases(), Pass())
    assert state.active == BENEDEK and state.round == 2
    assert state.players[BENEDEK].money == 0 + 5
