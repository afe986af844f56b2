"""Turn structure, income and the purchase phase of Pioneers.

Rules: P-FLOW-1..3 (rounds and phases), P-INC-1..2, P-BUY-1..9, P-TURNEND-1 and
the defaults ASSUMPTION-8, -12, -13 and -22. Positions are staged on small
fixture boards; seat 0 is the start player unless a test says otherwise.
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
    ReturnPioneer,
    RevealWagon,
    Settle,
    Skip,
)
from toolkit.pioneers.builder import fixture_game, stage, wagon, wagon_spec

DECK = [
    wagon_spec("Q1", "FARMER BANKER", vp=4),
    wagon_spec("Q2", "SERGEANT FARMER", vp=4),
    wagon_spec("Q3", "FARMER MERCHANT GOLD_DIGGER", vp=6),
    wagon_spec("Q4", "INNKEEPER FARMER FARMER BANKER", vp=8),
    wagon_spec("Q5", "BANKER GOLD_DIGGER", vp=5),
    wagon_spec("Q6", "FARMER", vp=4),
]
MARKET = ["Q1", "Q2", "Q3", "Q4"]
BOARD = ["S-A", "A-B", "B-C", "C-D"]


def run(game, state, *actions):
    for action in actions:
        state = game.apply(state, action)
    return state


def game_and(phase="buy", seat=0, deck=DECK, market=MARKET, finite_bank=False, **me):
    """A fixture game and a staged position where ``seat`` acts in ``phase``."""
    game = fixture_game(BOARD, start="S", wagons=deck, finite_bank=finite_bank)
    fields = dict(money=10, wagons=[wagon("X", "FARMER BANKER")])
    fields.update(me)
    state = stage(game, phase=phase, active=seat, market=market, players={seat: fields})
    return game, state


# ----- P-FLOW ----------------------------------------------------------------------------


def _pass_turn(game, state):
    return run(game, state, EndPurchases(), Pass())


def test_P_FLOW_1_rounds_go_clockwise_from_a_fixed_start_player():
    game = fixture_game(BOARD, start="S")
    players = {s: dict(wagons=[wagon(f"V{s}", "FARMER")]) for s in range(4)}
    state = stage(game, phase="turn", active=2, start_player=2, players=players)
    seen = []
    for _ in range(9):
        seen.append((state.round, state.active))
        state = _pass_turn(game, state)
    assert seen == [
        (1, 2),
        (1, 3),
        (1, 0),
        (1, 1),
        (2, 2),
        (2, 3),
        (2, 0),
        (2, 1),
        (3, 2),
    ]
    assert state.start_player == 2


def test_P_FLOW_2_income_then_purchase_then_movement():
    game, state = game_and(phase="turn", money=0)
    # Income is already paid when the purchase decision comes.
    assert state.phase == "buy" and state.players[0].money == 3
    state = game.apply(state, EndPurchases())
    assert state.phase == "move"
    state = game.apply(state, Pass())
    assert state.active == 1 and state.phase == "buy"


def _phase_states():
    """One staged position per decision phase, with an action from another phase."""
    game = fixture_game(
        ["S-A", "S-B", "S-F", "S-G", "S-H", "S-K"], start="S", wagons=DECK
    )
    mine = [wagon("X", "FARMER FARMER SERGEANT INNKEEPER GOLD_DIGGER")]
    base = dict(
        tiles={"A": "SERGEANT", "F": "FARMER", "G": "GOLD_DIGGER", "K": "INNKEEPER"},
        market=MARKET,
        players={
            0: dict(money=9, wagons=mine),
            1: dict(money=5, wagons=[wagon("Y", "FARMER")]),
        },
    )
    buy = stage(game, phase="buy", **base)
    road = game.apply(buy, BuyRoads(1))
    move = stage(game, phase="move", **base)
    settle = game.apply(move, MoveCoach(("S", "A"), 1))
    sergeant = game.apply(settle, Settle("X", "SERGEANT"))
    inn = run(game, move, MoveCoach(("S", "K"), 1), Settle("X", "INNKEEPER"))
    farmer = run(game, move, MoveCoach(("S", "F"), 1), Settle("X", "FARMER"))
    join = game.apply(farmer, Skip())
    nugget = run(game, move, MoveCoach(("S", "G"), 1), Settle("X", "GOLD_DIGGER"))
    reveal = game.apply(buy, BuyWagon(1))
    return game, {
        "buy": buy,
        "road": road,
        "move": move,
        "settle": settle,
        "sergeant": sergeant,
        "innkeeper": inn,
        "farmer": farmer,
        "join": join,
        "nugget": nugget,
        "reveal": reveal,
    }


@pytest.mark.parametrize(
    ("phase", "action", "rule"),
    [
        ("buy", Pass(), "P-BUY-1"),
        ("buy", Settle("X", "FARMER"), "P-BUY-1"),
        ("buy", RevealWagon("Q5"), "P-BUY-1"),
        ("road", EndPurchases(), "P-BUY-6"),
        ("road", BuyRoads(1), "P-BUY-6"),
        ("move", BuyRoads(1), "P-FLOW-2"),
        ("move", EndPurchases(), "P-FLOW-2"),
        ("move", Settle("X", "FARMER"), "P-MOVE-1"),
        ("settle", Pass(), "P-SETTLE-1"),
        ("settle", MoveCoach(("A", "S"), 1), "P-SETTLE-1"),
        ("sergeant", PlaceRoad("S", "B"), "P-TILE-5"),
        ("innkeeper", AddFarmer("X"), "P-TILE-6"),
        ("farmer", ReturnPioneer("X", "FARMER"), "P-TILE-8"),
        ("join", Skip(), "P-JOIN-2"),
        ("join", Pass(), "P-JOIN-2"),
        ("nugget", Decline(), "P-FLOW-2"),
        ("reveal", EndPurchases(), "P-FLOW-2"),
    ],
)
def test_P_FLOW_2_actions_out_of_phase_are_refused(phase, action, rule):
    """The engine cites the rule of the decision that is actually due (P-FLOW-2 for chance)."""
    game, states = _phase_states()
    state = states[phase]
    assert state.phase == phase
    err = illegal(game, state, action, rule)
    assert str(action) in err.message


def test_P_FLOW_3_the_end_is_checked_after_each_round_only():
    game, state = game_and(phase="move", seat=1)
    state = state._replace(end_triggered=True)
    state = game.apply(state, Pass())
    assert state.active == 2 and not game.is_over(state)
    state = _pass_turn(game, _pass_turn(game, state))
    assert game.is_over(state)


# ----- P-INC -----------------------------------------------------------------------------


@pytest.mark.parametrize(("bankers", "income"), [(0, 3), (1, 4), (2, 5)])
def test_P_INC_1_income_is_3_plus_1_per_banker_from_the_bank(bankers, income):
    _, state = game_and(phase="turn", money=1, bankers=bankers, finite_bank=True)
    assert state.players[0].money == 1 + income
    assert state.bank == 63 - income
    assert [pl.money for pl in state.players[1:]] == [0, 0, 0]


def test_P_INC_1_only_the_active_player_collects_at_the_start_of_their_turn():
    game, state = game_and(phase="turn", seat=3, money=0)
    assert [pl.money for pl in state.players] == [0, 0, 0, 3]
    state = _pass_turn(game, state)
    assert [pl.money for pl in state.players] == [3, 0, 0, 3]


def test_P_INC_2_income_never_exceeds_5():
    game = fixture_game(["S-K"], start="S")
    state = stage(
        game,
        tiles={"K": "BANKER"},
        players={0: dict(money=1, bankers=2, wagons=[wagon("X", "BANKER FARMER")])},
    )
    state = run(game, state, MoveCoach(("S", "K"), 1), Settle("X", "BANKER"))
    assert state.players[0].bankers == 2
    for _ in range(3):
        state = _pass_turn(game, state)
    assert state.active == 0 and state.players[0].money == 5


# ----- P-BUY -----------------------------------------------------------------------------


def test_P_BUY_1_three_purchase_actions_and_their_prices():
    game, state = game_and(merchants=2)
    assert game.legal_actions(state) == [
        BuyWagon(1),
        BuyWagon(2),
        BuyWagon(3),
        BuyWagon(4),
        BuyRoads(1),
        BuyRoads(2),
        EndPurchases(),
    ]
    s = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
    assert s.players[0].money == 8 and s.players[0].roads_left == 14
    s = run(game, s, BuyRoads(2), PlaceRoad("B", "C"), PlaceRoad("C", "D"))
    assert s.players[0].money == 3 and s.players[0].roads_left == 12
    s = run(game, s, BuyWagon(3), RevealWagon("Q5"))
    assert s.players[0].money == 0
    assert s.phase == "move"


@pytest.mark.parametrize(
    ("money", "action"),
    [(1, BuyRoads(1)), (4, BuyRoads(2)), (2, BuyWagon(3)), (3, BuyWagon(4))],
)
def test_P_BUY_1_an_unaffordable_purchase_is_illegal(money, action):
    """ASSUMPTION-8: money never goes negative."""
    game, state = game_and(money=money)
    assert action not in game.legal_actions(state)
    err = illegal(game, state, action, "P-BUY-1")
    assert f"${money}" in err.message


def test_P_BUY_1_only_one_or_two_roads_can_be_bought():
    game, state = game_and()
    illegal(game, state, BuyRoads(3), "P-BUY-1")


@pytest.mark.parametrize("slot", [0, 5, -1])
def test_P_BUY_1_there_are_only_four_market_slots(slot):
    game, state = game_and()
    err = illegal(game, state, BuyWagon(slot), "P-BUY-1")
    assert "1 to 4" in err.message


def test_P_BUY_2_a_token_covers_the_space_and_payment_goes_to_the_bank():
    game, state = game_and(finite_bank=True, merchants=1)
    state = run(game, state, BuyRoads(2), PlaceRoad("A", "B"), PlaceRoad("B", "C"))
    assert state.used == ("R2",) and state.bank == 63 + 5
    state = run(game, state, BuyWagon(2), RevealWagon("Q5"))
    assert state.used == ("R2", "W") and state.bank == 63 + 5 + 2
    assert [pl.money for pl in state.players] == [3, 0, 0, 0]


@pytest.mark.parametrize(("merchants", "actions"), [(0, 1), (1, 2), (2, 3)])
def test_P_BUY_3_shop_token_plus_one_action_per_merchant(merchants, actions):
    game, state = game_and(phase="turn", merchants=merchants, money=20)
    assert state.actions_left == actions
    done = 0
    for action, place in (
        (BuyRoads(1), ["A-B"]),
        (BuyRoads(2), ["B-C", "C-D"]),
        (BuyWagon(1), None),
    ):
        if state.phase != "buy":
            break
        state = game.apply(state, action)
        for conn in place or []:
            state = game.apply(state, PlaceRoad(*conn.split("-")))
        if state.phase == "reveal":
            state = game.apply(state, RevealWagon("Q5"))
        done += 1
    assert done == actions and state.phase == "move"


def test_P_BUY_3_no_purchase_without_a_free_token():
    game, state = game_and()
    state = state._replace(actions_left=0, used=("R1",))
    illegal(game, state, BuyRoads(2), "P-BUY-3")
    illegal(game, state, BuyWagon(1), "P-BUY-3")
    assert game.legal_actions(state) == [EndPurchases()]


def test_P_BUY_4_each_space_once_per_turn_and_never_two_wagons():
    game, state = game_and(merchants=2, money=20)
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
    illegal(game, state, BuyRoads(1), "P-BUY-4")
    assert BuyRoads(1) not in game.legal_actions(state)
    state = run(game, state, BuyWagon(1), RevealWagon("Q5"))
    illegal(game, state, BuyWagon(1), "P-BUY-4")
    assert game.legal_actions(state) == [BuyRoads(2), EndPurchases()]
    state = run(game, state, BuyRoads(2), PlaceRoad("B", "C"), PlaceRoad("C", "D"))
    # the maximum: 3 roads and 1 wagon
    assert state.players[0].roads_left == 12 and len(state.players[0].wagons) == 2
    assert state.phase == "move"


def test_P_BUY_4_the_player_chooses_the_order():
    game, state = game_and(merchants=1, money=20)
    state = run(
        game, state, BuyWagon(4), RevealWagon("Q5"), BuyRoads(1), PlaceRoad("S", "A")
    )
    assert state.used == ("W", "R1") and state.players[0].money == 20 - 4 - 2


def test_P_BUY_5_purchases_are_optional():
    game, state = game_and(merchants=2)
    assert EndPurchases() in game.legal_actions(state)
    state = game.apply(state, EndPurchases())
    assert state.phase == "move" and state.players[0].money == 10 and state.used == ()
    game, state = game_and(merchants=1)
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"), EndPurchases())
    assert state.phase == "move"


def test_P_BUY_6_a_bought_road_goes_on_any_free_connection():
    game = fixture_game(["S-A", "A-B", "B-C", "C-D", "X-Y"], start="S")
    state = stage(
        game,
        phase="buy",
        coach="S",
        roads={"B-C": 2},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    state = game.apply(state, BuyRoads(1))
    assert game.legal_actions(state) == [
        PlaceRoad("A", "B"),
        PlaceRoad("A", "S"),
        PlaceRoad("C", "D"),
        PlaceRoad("X", "Y"),
    ]
    illegal(game, state, PlaceRoad("B", "C"), "P-BUY-6")  # taken by seat 2
    illegal(game, state, PlaceRoad("A", "C"), "P-BUY-6")  # no such connection
    illegal(game, state, PlaceRoad("A", "Z"), "P-BUY-6")  # no such city
    state = game.apply(
        state, PlaceRoad("X", "Y")
    )  # far from the coach and from any road
    assert state.roads[game.board.edge_of("X", "Y")] == (0,)


def test_P_BUY_7_a_new_wagon_gets_a_pioneer_on_every_seat():
    game, state = game_and(supply=10)
    state = run(game, state, BuyWagon(4), RevealWagon("Q5"))
    me = state.players[0]
    assert me.supply == 6
    new = me.wagons[-1]
    assert (
        new.id == "Q4" and new.occupied == (True,) * 4 and new.face_up and new.vp == 8
    )


def test_P_BUY_7_not_enough_pioneers_in_supply_for_the_seats():
    game, state = game_and(supply=3)
    assert game.legal_actions(state) == [
        BuyWagon(1),
        BuyWagon(2),
        BuyWagon(3),
        BuyRoads(1),
        BuyRoads(2),
        EndPurchases(),
    ]
    err = illegal(game, state, BuyWagon(4), "P-BUY-7")
    assert "4 seats" in err.message


def test_P_BUY_7_any_number_of_wagons():
    wagons = [wagon(f"X{i}", "FARMER") for i in range(6)]
    game, state = game_and(wagons=wagons)
    state = run(game, state, BuyWagon(1), RevealWagon("Q5"))
    assert len(state.players[0].wagons) == 7


def test_P_BUY_8_market_slides_left_and_slot_4_refills_from_the_deck():
    game, state = game_and()
    state = game.apply(state, BuyWagon(2))
    assert state.phase == "reveal" and game.to_move(state) == CHANCE
    assert state.market == ("Q1", "Q3", "Q4", None)
    outcomes = game.chance_outcomes(state)
    assert [a for a, _ in outcomes] == [RevealWagon("Q5"), RevealWagon("Q6")]
    assert [p for _, p in outcomes] == pytest.approx([0.5, 0.5])
    illegal(game, state, RevealWagon("Q1"), "P-BUY-8")
    state = game.apply(state, RevealWagon("Q6"))
    assert state.market == ("Q1", "Q3", "Q4", "Q6") and state.deck == 1
    assert not state.end_triggered


def test_P_BUY_8_empty_deck_leaves_slot_4_empty_and_it_cannot_be_bought():
    game, state = game_and(deck=DECK[:4], merchants=0)
    assert state.deck == 0
    state = game.apply(state, BuyWagon(1))
    assert state.phase == "move"  # no chance turn: nothing to reveal
    assert state.market == ("Q2", "Q3", "Q4", None)
    assert not state.end_triggered  # the deck was already empty before
    again = state._replace(phase="buy", actions_left=1, used=())
    illegal(game, again, BuyWagon(4), "P-BUY-8")
    assert BuyWagon(4) not in game.legal_actions(again)


def test_P_BUY_8_taking_the_last_deck_wagon_triggers_the_end():
    game, state = game_and(deck=DECK[:5])
    assert state.deck == 1
    state = run(game, state, BuyWagon(1), RevealWagon("Q5"))
    assert state.deck == 0 and state.end_triggered


def test_P_BUY_8_a_staged_deck_holds_only_unseen_wagons():
    """The builder refuses a deck bigger than the wagons still face down (they would
    run out at a refill) and market wagons the game does not know."""
    game = fixture_game(BOARD, start="S", wagons=DECK)
    with pytest.raises(ValueError, match="deck"):
        stage(game, phase="buy", market=MARKET, deck=3)
    with pytest.raises(ValueError, match="deck"):
        stage(game, phase="buy", market=MARKET, deck=-1)
    with pytest.raises(ValueError, match="Q9"):
        stage(game, phase="buy", market=["Q1", "Q9"])
    assert stage(game, phase="buy", market=MARKET, deck=1).deck == 1


def test_P_BUY_9_only_face_down_wagons_forces_a_wagon_first():
    game, state = game_and(
        phase="turn",
        money=0,
        merchants=1,
        wagons=[
            wagon("X", "FARMER", face_up=False),
            wagon("Y", "BANKER FARMER", face_up=False),
        ],
    )
    assert state.forced
    assert game.legal_actions(state) == [BuyWagon(1), BuyWagon(2), BuyWagon(3)]
    illegal(game, state, BuyRoads(1), "P-BUY-9")
    illegal(game, state, EndPurchases(), "P-BUY-9")
    state = run(game, state, BuyWagon(2), RevealWagon("Q5"))
    assert not state.forced
    assert game.legal_actions(state) == [EndPurchases()]  # $1 left: no road


def test_P_BUY_9_one_face_up_wagon_means_no_obligation():
    game, state = game_and(
        phase="turn",
        money=0,
        wagons=[wagon("X", "FARMER", face_up=False), wagon("Y", "FARMER")],
    )
    assert not state.forced
    assert BuyRoads(1) in game.legal_actions(state)


def test_P_BUY_9_is_checked_at_the_start_of_the_turn_only():
    """Emptying the last wagon during the turn does not force anything this turn."""
    game = fixture_game(["S-F", "S-A"], start="S", wagons=DECK)
    state = stage(
        game,
        tiles={"F": "FARMER"},
        market=MARKET,
        players={0: dict(money=1, wagons=[wagon("X", "FARMER")])},
    )
    state = run(game, state, MoveCoach(("S", "F"), 1), Settle("X", "FARMER"))
    assert not state.players[0].wagons[0].face_up
    for _ in range(3):
        state = _pass_turn(game, state)
    assert state.active == 0 and state.forced


# ----- P-TURNEND -------------------------------------------------------------------------


def test_P_TURNEND_1_tokens_return_and_the_next_player_starts():
    game, state = game_and(merchants=1, money=20)
    state = run(
        game, state, BuyRoads(1), PlaceRoad("A", "B"), BuyWagon(1), RevealWagon("Q5")
    )
    assert state.used == ("R1", "W") and state.actions_left == 0
    state = game.apply(state, Pass())
    assert state.active == 1 and state.used == () and state.actions_left == 1
    for _ in range(3):
        state = _pass_turn(game, state)
    assert state.active == 0 and state.used == () and state.actions_left == 2
    assert BuyRoads(1) in game.legal_actions(state) and BuyWagon(
        1
    ) in game.legal_actions(state)


# ----- assumptions -------------------------------------------------------------------------


def test_ASSUMPTION_8_money_is_public_and_never_negative():
    game, state = game_and(money=0)
    assert game.legal_actions(state) == [EndPurchases()]
    illegal(game, state, BuyWagon(1), "P-BUY-1")
    observed = game.observe(state, 1)
    assert observed.players[0].money == 0  # everybody sees everybody's money


def test_ASSUMPTION_12_forced_purchase_lapses_without_a_buyable_wagon():
    down = [wagon("X", "FARMER FARMER", face_up=False)]
    game, state = game_and(phase="turn", money=0, supply=1, wagons=down)
    assert not state.forced  # every market wagon has 2+ seats
    assert game.legal_actions(state) == [BuyRoads(1), EndPurchases()]
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
    assert state.phase == "move"
    game, state = game_and(phase="turn", money=0, market=[None] * 4, wagons=down)
    assert not state.forced
    assert game.apply(state, EndPurchases()).phase == "move"


def test_ASSUMPTION_13_R1_and_R2_need_roads_and_free_connections():
    game, state = game_and(roads_left=1)
    assert BuyRoads(2) not in game.legal_actions(state)
    err = illegal(game, state, BuyRoads(2), "ASSUMPTION-13")
    assert "1 road" in err.message
    assert BuyRoads(1) in game.legal_actions(state)
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
    assert state.players[0].roads_left == 0 and state.end_triggered  # P-END-1a

    game = fixture_game(["S-A", "A-B"], start="S", wagons=DECK)
    state = stage(
        game,
        phase="buy",
        market=MARKET,
        roads={"S-A": 1},
        players={0: dict(money=10, merchants=1, wagons=[wagon("X", "FARMER")])},
    )
    illegal(game, state, BuyRoads(2), "ASSUMPTION-13")  # only A-B is free
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"))
    illegal(game, state, BuyRoads(2), "ASSUMPTION-13")
    assert game.legal_actions(state) == [
        BuyWagon(1),
        BuyWagon(2),
        BuyWagon(3),
        BuyWagon(4),
        EndPurchases(),
    ]


def test_ASSUMPTION_22_refill_before_the_next_action_and_merchants_count_next_turn():
    game, state = game_and(merchants=1, money=20)
    state = game.apply(state, BuyWagon(1))
    assert state.phase == "reveal"  # the refill comes before anything else
    illegal(game, state, BuyRoads(1), "P-FLOW-2")
    state = game.apply(state, RevealWagon("Q6"))
    assert state.market == ("Q2", "Q3", "Q4", "Q6") and state.phase == "buy"

    game = fixture_game(["S-M", "S-A"], start="S", wagons=DECK)
    state = stage(
        game,
        phase="turn",
        tiles={"M": "MERCHANT"},
        market=MARKET,
        players={0: dict(money=0, wagons=[wagon("X", "MERCHANT FARMER")])},
    )
    assert state.actions_left == 1
    state = run(
        game, state, EndPurchases(), MoveCoach(("S", "M"), 1), Settle("X", "MERCHANT")
    )
    assert state.players[0].merchants == 1
    for _ in range(3):
        state = _pass_turn(game, state)
    assert state.active == 0 and state.actions_left == 2


def test_ASSUMPTION_22_nugget_is_not_a_purchase():
    """A gold digger's chance draw sits in phase 3; purchases are over by then."""
    game = fixture_game(["S-G"], start="S", wagons=DECK)
    state = stage(
        game,
        phase="turn",
        tiles={"G": "GOLD_DIGGER"},
        market=MARKET,
        players={0: dict(money=0, wagons=[wagon("X", "GOLD_DIGGER FARMER")])},
    )
    state = run(
        game,
        state,
        EndPurchases(),
        MoveCoach(("S", "G"), 1),
        Settle("X", "GOLD_DIGGER"),
    )
    illegal(game, state, BuyWagon(1), "P-FLOW-2")
    state = game.apply(state, DrawNugget(5))
    assert state.players[0].nuggets == (5,) and state.active == 1
    illegal(game, state, Join("X"), "P-BUY-1")
