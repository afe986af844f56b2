"""Settling, tile effects, empty wagons and the offer to join.

Rules: P-SETTLE-1..4, P-TILE-1..8, P-WAGON-1..3, P-JOIN-1..5, P-NOTE-4 and the
defaults ASSUMPTION-9, -10, -11, -16, -18, -19 and -23. Seat 0 is active and
the stagecoach starts on S unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from toolkit.core import CHANCE
from toolkit.core.testing import assert_illegal as illegal
from toolkit.pioneers import (
    AddFarmer,
    Decline,
    DrawNugget,
    EndPurchases,
    Join,
    MoveCoach,
    Pass,
    ReturnPioneer,
    SergeantRoad,
    Settle,
    Skip,
    score_breakdown,
)
from toolkit.pioneers.builder import fixture_game, stage, wagon

# One tile type per spoke of a star around S.
SPOKES = {
    "B": "BANKER",
    "M": "MERCHANT",
    "Z": "SERGEANT",
    "K": "INNKEEPER",
    "G": "GOLD_DIGGER",
    "F": "FARMER",
    "H": "HOTEL",
}
STAR = [f"S-{c}" for c in SPOKES] + ["P-Q", "Q-R", "R-T"]
ALL_SIX = "BANKER MERCHANT SERGEANT INNKEEPER GOLD_DIGGER FARMER"


def run(game, state, *actions):
    for action in actions:
        state = game.apply(state, action)
    return state


def star(players, roads=None, finite_bank=False, **kw):
    game = fixture_game(STAR, start="S", finite_bank=finite_bank)
    state = stage(game, tiles=SPOKES, roads=roads or {}, players=players, **kw)
    return game, state


def arrive(game, state, city):
    """Move the coach from S to ``city`` (one step, $1 to the bank)."""
    return game.apply(state, MoveCoach(("S", city), 1))


def on(game, state, city):
    return list(state.settled[game.board.index[city]])


def wagon_of(state, seat, wid):
    return next(w for w in state.players[seat].wagons if w.id == wid)


def money(state):
    return [pl.money for pl in state.players]


# ----- P-SETTLE --------------------------------------------------------------------------


def test_P_SETTLE_1_a_pioneer_of_the_tile_profession_replaces_the_tile():
    game, state = star({0: dict(money=1, wagons=[wagon("X", "BANKER FARMER")])})
    state = arrive(game, state, "F")
    assert state.phase == "settle" and state.seat == 0
    assert game.legal_actions(state) == [Settle("X", "FARMER")]
    illegal(game, state, Settle("X", "BANKER"), "P-SETTLE-1")
    illegal(game, state, Settle("Q", "FARMER"), "P-SETTLE-1")  # no such wagon
    state = run(game, state, Settle("X", "FARMER"))
    assert on(game, state, "F") == [1, 0, 0, 0]
    assert wagon_of(state, 0, "X").occupied == (True, False)


def test_P_SETTLE_1_a_face_down_wagon_gives_no_pioneer():
    """P-WAGON-3: a face-down wagon is inert."""
    game, state = star(
        {
            0: dict(
                money=1,
                wagons=[
                    wagon("D", "FARMER", face_up=False),
                    wagon("X", "FARMER BANKER"),
                ],
            )
        }
    )
    state = arrive(game, state, "F")
    assert game.legal_actions(state) == [Settle("X", "FARMER")]
    illegal(game, state, Settle("D", "FARMER"), "P-WAGON-3")


def test_ASSUMPTION_19_the_owner_chooses_the_seat_and_so_which_wagon_empties():
    wagons = [wagon("X", "FARMER BANKER", vp=6), wagon("Y", "FARMER", vp=4)]
    game, state = star({0: dict(money=1, wagons=wagons)})
    state = arrive(game, state, "F")
    assert game.legal_actions(state) == [Settle("X", "FARMER"), Settle("Y", "FARMER")]
    from_x = run(game, state, Settle("X", "FARMER"), Skip())
    from_y = run(game, state, Settle("Y", "FARMER"), Skip())
    assert from_x.players[0].vp == 0 and all(
        w.face_up for w in from_x.players[0].wagons
    )
    assert from_y.players[0].vp == 4 and not wagon_of(from_y, 0, "Y").face_up


def test_P_SETTLE_2_any_pioneer_on_a_hotel_without_its_own_effect():
    for prof in ALL_SIX.split():
        game, state = star(
            {0: dict(money=1, wagons=[wagon("X", ALL_SIX)])}, finite_bank=True
        )
        state = arrive(game, state, "H")
        assert len(game.legal_actions(state)) == 6
        state = game.apply(state, Settle("X", prof))
        me = state.players[0]
        # only the hotel's $3: no banker, merchant, road, nugget, return or farmer extra
        assert me.money == 3 and me.bankers == 0 and me.merchants == 0
        assert me.roads_left == 15 and me.nuggets == () and me.supply == 20 - 6
        assert on(game, state, "H") == [1, 0, 0, 0]
        assert state.active == 1 and state.phase == "buy"


def test_P_SETTLE_2_the_hotel_pioneer_must_sit_on_an_own_wagon():
    game, state = star(
        {
            0: dict(
                money=1,
                wagons=[
                    wagon("X", "FARMER SERGEANT", empty=[1]),
                    wagon("D", "BANKER", face_up=False),
                ],
            )
        }
    )
    state = arrive(game, state, "H")
    assert game.legal_actions(state) == [Settle("X", "FARMER")]
    illegal(game, state, Settle("X", "SERGEANT"), "P-SETTLE-2")  # that seat is empty
    illegal(game, state, Settle("X", "BANKER"), "P-SETTLE-2")  # no such seat
    illegal(game, state, Settle("Q", "FARMER"), "P-SETTLE-2")  # no such wagon
    illegal(game, state, Settle("D", "BANKER"), "P-WAGON-3")  # face down


def test_P_SETTLE_3_the_city_is_untiled_afterwards_and_can_be_passed():
    game = fixture_game(["S-A", "A-T"], start="S")
    state = stage(
        game,
        tiles={"A": "FARMER", "T": "FARMER"},
        players={
            0: dict(money=1, wagons=[wagon("X", "FARMER FARMER FARMER")]),
            1: dict(money=5, wagons=[wagon("Y", "FARMER")]),
        },
    )
    state = run(game, state, MoveCoach(("S", "A"), 1), Settle("X", "FARMER"), Skip())
    assert state.tiles[game.board.index["A"]] is None
    # Ildi (no farmer... she has one) is offered to join; she declines, then moves on.
    assert state.phase == "join" and state.seat == 1
    state = run(game, state, Decline())
    assert state.active == 1
    state = run(game, state, EndPurchases())
    assert game.legal_actions(state) == [MoveCoach(("A", "T"), 1)]


def test_P_SETTLE_4_settled_pioneers_stay_for_the_network_score():
    game = fixture_game(["S-A", "A-T"], start="S")
    state = stage(
        game,
        tiles={"A": "FARMER", "T": "BANKER"},
        roads={"S-A": 0},
        players={0: dict(money=2, wagons=[wagon("X", "FARMER BANKER FARMER")])},
    )
    state = run(game, state, MoveCoach(("S", "A"), 0), Settle("X", "FARMER"), Skip())
    for _ in range(3):
        state = run(game, state, EndPurchases(), Pass())
    state = run(
        game, state, EndPurchases(), MoveCoach(("A", "T"), 1), Settle("X", "BANKER")
    )
    assert on(game, state, "A") == [1, 0, 0, 0] and on(game, state, "T") == [1, 0, 0, 0]
    assert score_breakdown(game, state)[0]["network"] == 2  # S-A: only the A pioneer


# ----- P-TILE ----------------------------------------------------------------------------


def test_P_TILE_1_banker_raises_income_from_the_next_turn():
    game, state = star(
        {0: dict(money=1, bankers=1, wagons=[wagon("X", "BANKER FARMER")])}
    )
    state = run(game, arrive(game, state, "B"), Settle("X", "BANKER"))
    assert state.players[0].bankers == 2
    for _ in range(3):
        state = run(game, state, EndPurchases(), Pass())
    assert state.active == 0 and state.players[0].money == 5


def test_P_TILE_2_merchant_gives_one_more_purchase_action_up_to_two():
    for before, after in ((0, 1), (1, 2), (2, 2)):
        game, state = star(
            {0: dict(money=1, merchants=before, wagons=[wagon("X", "MERCHANT FARMER")])}
        )
        state = run(game, arrive(game, state, "M"), Settle("X", "MERCHANT"))
        assert state.players[0].merchants == after
        assert on(game, state, "M") == [1, 0, 0, 0]  # settled either way
        for _ in range(3):
            state = run(game, state, EndPurchases(), Pass())
        assert state.active == 0 and state.actions_left == 1 + after


def test_P_TILE_3_immediate_effects_resolve_at_once():
    cases = {"Z": "sergeant", "K": "innkeeper", "G": "nugget", "F": "farmer"}
    for city, phase in cases.items():
        game, state = star({0: dict(money=1, wagons=[wagon("X", ALL_SIX + " FARMER")])})
        state = run(game, arrive(game, state, city), Settle("X", SPOKES[city]))
        assert state.phase == phase and state.active == 0
        assert state.tiles[game.board.index[city]] is None


def test_P_TILE_4_gold_digger_draws_a_hidden_nugget_that_scores_at_the_end():
    game, state = star(
        {
            0: dict(money=1, wagons=[wagon("X", "GOLD_DIGGER FARMER")]),
            1: dict(nuggets=(3,)),
        }
    )
    state = run(game, arrive(game, state, "G"), Settle("X", "GOLD_DIGGER"))
    assert game.to_move(state) == CHANCE
    probs = {a.value: p for a, p in game.chance_outcomes(state)}
    assert probs == pytest.approx({3: 5 / 9, 4: 3 / 9, 5: 1 / 9})
    illegal(game, state, DrawNugget(6), "P-TILE-4")
    state = game.apply(state, DrawNugget(5))
    me = state.players[0]
    assert me.nuggets == (5,) and me.vp == 0  # nothing during play
    assert score_breakdown(game, state)[0]["gold"] == 5
    # ASSUMPTION-10: the others see that she holds a nugget, not its value
    assert game.observe(state, 1).players[0].nuggets == (None,)
    assert game.observe(state, 0).players[0].nuggets == (5,)


def test_ASSUMPTION_10_nugget_values_are_hidden_from_the_other_players():
    game, state = star({0: dict(nuggets=(3, 5)), 1: dict(nuggets=(4,))})
    seen_by_1 = game.observe(state, 1)
    assert seen_by_1.players[0].nuggets == (None, None)
    assert seen_by_1.players[1].nuggets == (4,)
    assert seen_by_1.players[0].money == state.players[0].money  # money is public
    assert game.observe(state, 0).players[0].nuggets == (3, 5)
    # hidden nuggets count 0 in a score computed from an observation
    assert score_breakdown(game, seen_by_1)[0]["gold"] == 0
    assert score_breakdown(game, state)[0]["gold"] == 8


def test_ASSUMPTION_11_an_empty_nugget_pool_gives_nothing():
    game, state = star(
        {
            0: dict(money=1, wagons=[wagon("X", "GOLD_DIGGER FARMER")]),
            1: dict(nuggets=(3, 3, 3, 3, 3, 3, 4, 4, 4, 5)),
        }
    )
    state = run(game, arrive(game, state, "G"), Settle("X", "GOLD_DIGGER"))
    assert state.players[0].nuggets == ()
    assert state.active == 1 and state.phase == "buy"


def test_P_TILE_5_sergeant_road_on_a_free_or_foreign_single_road():
    game, state = star(
        {0: dict(money=1, wagons=[wagon("X", "SERGEANT FARMER")])},
        roads={"P-Q": 2, "Q-R": 0, "R-T": (1, 3)},
        finite_bank=True,
    )
    state = run(game, arrive(game, state, "Z"), Settle("X", "SERGEANT"))
    assert state.phase == "sergeant"
    legal = game.legal_actions(state)
    assert SergeantRoad("P", "Q") in legal and SergeantRoad("B", "S") in legal
    assert SergeantRoad("Q", "R") not in legal and SergeantRoad("R", "T") not in legal
    assert legal[-1] == Skip()
    err = illegal(game, state, SergeantRoad("Q", "R"), "P-TILE-5")
    assert "yours" in err.message
    illegal(game, state, SergeantRoad("R", "T"), "P-TILE-5")
    illegal(game, state, SergeantRoad("P", "T"), "P-TILE-5")  # no connection
    illegal(game, state, SergeantRoad("P", "X9"), "P-TILE-5")  # no such city
    state = game.apply(state, SergeantRoad("P", "Q"))
    assert state.roads[game.board.edge_of("P", "Q")] == (2, 0)
    assert state.players[0].roads_left == 13 and state.players[0].money == 0
    assert state.bank == 63 + 1 - 3  # only the move was paid; then Ildi's income


def test_P_TILE_5_no_road_in_supply_no_sergeant_effect():
    game, state = star(
        {0: dict(money=1, roads_left=0, wagons=[wagon("X", "SERGEANT FARMER")])}
    )
    state = run(game, arrive(game, state, "Z"), Settle("X", "SERGEANT"))
    assert state.active == 1 and state.phase == "buy"
    game, state = star({0: dict(money=1, wagons=[wagon("X", "SERGEANT FARMER")])})
    state = run(game, arrive(game, state, "Z"), Settle("X", "SERGEANT"))
    state = state._replace(
        players=(state.players[0]._replace(roads_left=0),) + state.players[1:]
    )
    illegal(game, state, SergeantRoad("S", "B"), "P-TILE-5")


def test_P_TILE_6_innkeeper_returns_any_pioneer_to_supply():
    game, state = star(
        {
            0: dict(
                money=1,
                wagons=[
                    wagon("X", "INNKEEPER FARMER"),
                    wagon("Y", "GOLD_DIGGER SERGEANT"),
                ],
            )
        }
    )
    supply = state.players[0].supply
    state = run(game, arrive(game, state, "K"), Settle("X", "INNKEEPER"))
    assert game.legal_actions(state) == [
        ReturnPioneer("X", "FARMER"),
        ReturnPioneer("Y", "SERGEANT"),
        ReturnPioneer("Y", "GOLD_DIGGER"),
        Skip(),
    ]
    illegal(game, state, ReturnPioneer("Y", "FARMER"), "P-TILE-6")
    illegal(game, state, ReturnPioneer("Q", "FARMER"), "P-TILE-6")
    state = game.apply(state, ReturnPioneer("Y", "SERGEANT"))
    assert state.players[0].supply == supply + 1
    assert wagon_of(state, 0, "Y").occupied == (True, False)


def test_P_TILE_6_effect_lost_without_a_pioneer_on_any_wagon():
    game, state = star({0: dict(money=1, wagons=[wagon("X", "INNKEEPER", vp=4)])})
    state = run(game, arrive(game, state, "K"), Settle("X", "INNKEEPER"))
    me = state.players[0]
    assert me.vp == 4 and me.money == 1  # emptied by settling: $1 back
    assert state.active == 1 and state.phase == "buy"


def test_ASSUMPTION_16_innkeeper_emptying_a_wagon_scores_it():
    game, state = star(
        {
            0: dict(
                money=1,
                wagons=[
                    wagon("X", "INNKEEPER FARMER"),
                    wagon("Y", "GOLD_DIGGER", vp=7),
                ],
            )
        }
    )
    state = run(
        game,
        arrive(game, state, "K"),
        Settle("X", "INNKEEPER"),
        ReturnPioneer("Y", "GOLD_DIGGER"),
    )
    me = state.players[0]
    assert me.vp == 7 and me.money == 1 and not wagon_of(state, 0, "Y").face_up


def test_P_TILE_7_hotel_pays_3_from_the_bank():
    game, state = star(
        {0: dict(money=1, wagons=[wagon("X", "FARMER")])}, finite_bank=True
    )
    state = run(game, arrive(game, state, "H"), Settle("X", "FARMER"))
    # the FARMER emptied the wagon: $3 hotel + $1 wagon, and no farmer extras
    assert state.players[0].money == 0 + 3 + 1
    assert state.bank == 63 + 1 - 3 - 1 - 3  # move in; hotel, wagon; Ildi's income


@pytest.mark.parametrize("extras", [0, 1, 2])
def test_P_TILE_8_farmer_moves_up_to_two_more_farmers(extras):
    wagons = [wagon("X", "FARMER FARMER"), wagon("Y", "FARMER FARMER BANKER")]
    game, state = star({0: dict(money=1, wagons=wagons)})
    state = run(game, arrive(game, state, "F"), Settle("X", "FARMER"))
    assert game.legal_actions(state) == [AddFarmer("X"), AddFarmer("Y"), Skip()]
    illegal(game, state, AddFarmer("Q"), "P-TILE-8")
    for _ in range(extras):
        state = game.apply(state, AddFarmer("Y"))
    if extras < 2:
        assert state.phase == "farmer"
        state = game.apply(state, Skip())
    assert on(game, state, "F") == [1 + extras, 0, 0, 0]
    assert state.active == 1  # after 2 extras the effect closes by itself


def test_P_TILE_8_extra_needs_a_farmer_seat():
    wagons = [wagon("X", "FARMER BANKER"), wagon("Y", "FARMER")]
    game, state = star({0: dict(money=1, wagons=wagons)})
    state = run(game, arrive(game, state, "F"), Settle("X", "FARMER"))
    illegal(game, state, AddFarmer("X"), "P-TILE-8")
    state = game.apply(state, AddFarmer("Y"))  # Y empties: no more farmers anywhere
    assert state.active == 1 and on(game, state, "F") == [2, 0, 0, 0]


def test_ASSUMPTION_18_optional_effects_can_be_skipped():
    for city in ("Z", "K", "F"):
        game, state = star({0: dict(money=1, wagons=[wagon("X", ALL_SIX + " FARMER")])})
        state = run(game, arrive(game, state, city), Settle("X", SPOKES[city]))
        before = state
        state = game.apply(state, Skip())
        me = state.players[0]
        assert me.roads_left == 15 and me.supply == before.players[0].supply
        assert state.active == 1
    # banker, merchant, gold digger and hotel effects happen without a decision
    for city, prof in (("B", "BANKER"), ("M", "MERCHANT"), ("H", "FARMER")):
        game, state = star({0: dict(money=1, wagons=[wagon("X", ALL_SIX)])})
        state = run(game, arrive(game, state, city), Settle("X", prof))
        assert state.active == 1
        me = state.players[0]
        assert (me.bankers, me.merchants, me.money) == {
            "B": (1, 0, 0),
            "M": (0, 1, 0),
            "H": (0, 0, 3),
        }[city]


# ----- P-WAGON ---------------------------------------------------------------------------


def test_P_WAGON_1_emptying_by_settling_scores_vp_turns_face_down_and_pays_1():
    game, state = star(
        {0: dict(money=1, vp=3, wagons=[wagon("X", "BANKER", vp=9)])}, finite_bank=True
    )
    state = run(game, arrive(game, state, "B"), Settle("X", "BANKER"))
    me = state.players[0]
    assert me.vp == 12 and me.money == 1 and me.bankers == 1
    x = wagon_of(state, 0, "X")
    assert not x.face_up and x.occupied == (False,)
    assert state.bank == 63 + 1 - 1 - 3  # move, wagon bonus, Ildi's income


def test_P_WAGON_2_each_emptied_wagon_scores_separately():
    wagons = [
        wagon("X", "FARMER", vp=5),
        wagon("Y", "FARMER", vp=6),
        wagon("Z", "FARMER BANKER", empty=[1], vp=7),
    ]
    game, state = star({0: dict(money=1, wagons=wagons)})
    state = run(
        game,
        arrive(game, state, "F"),
        Settle("X", "FARMER"),
        AddFarmer("Y"),
        AddFarmer("Z"),
    )
    me = state.players[0]
    assert me.vp == 18 and me.money == 3
    assert [w.face_up for w in me.wagons] == [False, False, False]


def test_P_WAGON_3_face_down_wagons_are_inert():
    wagons = [wagon("X", "FARMER BANKER SERGEANT", face_up=False), wagon("Y", "FARMER")]
    game, state = star({0: dict(money=1, wagons=wagons)})
    assert game.targets_matched(state.players[0]) == {"FARMER", "HOTEL"}
    assert score_breakdown(game, state)[0]["empty_seats"] == 0
    state = arrive(game, state, "F")
    illegal(game, state, Settle("X", "FARMER"), "P-WAGON-3")


# ----- P-JOIN ----------------------------------------------------------------------------


def _farmers(active, **money_by_seat):
    players = {
        s: dict(
            money=money_by_seat.get(f"m{s}", 5),
            wagons=[wagon(f"V{s}", "FARMER BANKER")],
        )
        for s in range(4)
    }
    return star(players, active=active)


def test_P_JOIN_1_offer_goes_clockwise_from_the_left_of_the_active_player():
    game, state = _farmers(active=2)
    state = run(game, arrive(game, state, "F"), Settle("V2", "FARMER"))
    asked = []
    while state.phase == "join":
        asked.append(state.seat)
        assert game.to_move(state) == state.seat and state.active == 2
        state = game.apply(state, Decline())
    assert asked == [3, 0, 1]
    assert on(game, state, "F") == [0, 0, 1, 0]
    assert state.active == 3 and state.phase == "buy"


def test_P_JOIN_1_no_offer_after_a_pass():
    game, state = _farmers(active=0)
    state = state._replace(tiles=(None,) * len(state.tiles))
    state = game.apply(state, Pass())
    assert state.phase == "buy" and state.active == 1


def test_P_JOIN_2_only_players_with_2_dollars_and_the_profession_are_asked():
    players = {
        0: dict(money=1, wagons=[wagon("V0", "FARMER")]),
        1: dict(money=9, wagons=[wagon("V1", "BANKER")]),  # wrong profession
        2: dict(money=1, wagons=[wagon("V2", "FARMER")]),  # too poor
        3: dict(money=2, wagons=[wagon("V3", "FARMER")]),
    }  # exactly $2: may join
    game, state = star(players)
    state = run(game, arrive(game, state, "F"), Settle("V0", "FARMER"))
    assert state.phase == "join" and state.seat == 3
    assert game.legal_actions(state) == [Join("V3"), Decline()]
    poor = state._replace(
        players=state.players[:3] + (state.players[3]._replace(money=1),)
    )
    err = illegal(game, poor, Join("V3"), "P-JOIN-2")
    assert "$2" in err.message


def test_P_JOIN_3_the_first_acceptor_pays_the_active_player_and_the_offer_closes():
    game, state = _farmers(active=0, m0=1)
    state = run(game, arrive(game, state, "F"), Settle("V0", "FARMER"))
    assert state.seat == 1
    state = game.apply(state, Decline())
    assert state.seat == 2
    state = game.apply(state, Join("V2"))
    assert money(state) == [
        2,
        5 + 3,
        3,
        5,
    ]  # Ildi's income came next: she was never asked
    assert on(game, state, "F") == [1, 0, 1, 0]
    assert wagon_of(state, 2, "V2").occupied == (False, True)
    assert state.active == 1 and state.phase == "buy"


def test_P_JOIN_4_the_required_profession_is_the_tile_type():
    players = {
        0: dict(money=1, wagons=[wagon("V0", "BANKER FARMER")]),
        1: dict(money=5, wagons=[wagon("A", "FARMER"), wagon("B", "BANKER FARMER")]),
    }
    game, state = star(players)
    state = run(game, arrive(game, state, "B"), Settle("V0", "BANKER"))
    assert game.legal_actions(state) == [Join("B"), Decline()]
    illegal(game, state, Join("A"), "P-JOIN-4")
    illegal(game, state, Join("Q"), "P-JOIN-4")


def test_P_JOIN_4_at_a_hotel_the_joiner_matches_the_placed_profession():
    players = {
        0: dict(money=1, wagons=[wagon("V0", "GOLD_DIGGER FARMER")]),
        1: dict(money=5, wagons=[wagon("A", "FARMER")]),
        2: dict(money=5, wagons=[wagon("C", "GOLD_DIGGER BANKER")]),
    }
    game, state = star(players)
    state = run(game, arrive(game, state, "H"), Settle("V0", "GOLD_DIGGER"))
    assert state.phase == "join" and state.seat == 2  # Ildi has no GOLD_DIGGER
    illegal(game, state, Join("Q"), "P-JOIN-4")
    state = game.apply(state, Join("C"))
    assert on(game, state, "H") == [1, 0, 1, 0]
    assert state.players[2].nuggets == () and state.players[2].money == 3
    assert state.players[0].money == 0 + 3 + 2


@pytest.mark.parametrize("city", ["B", "M", "Z", "G", "F", "H"])
def test_P_JOIN_5_the_joiner_gets_no_tile_effect(city):
    prof = SPOKES[city] if city != "H" else "FARMER"
    players = {
        0: dict(money=1, wagons=[wagon("V0", ALL_SIX)]),
        1: dict(money=5, wagons=[wagon("J", f"{prof} {prof} BANKER")]),
    }
    game, state = star(players, finite_bank=True)
    state = run(game, arrive(game, state, city), Settle("V0", prof))
    while state.phase != "join":  # the active player skips or draws their effect
        state = game.apply(state, DrawNugget(3) if state.phase == "nugget" else Skip())
    state = game.apply(state, Join("J"))
    joiner = state.players[1]
    assert (
        joiner.money == 5 - 2 + 3
    )  # no hotel money; +3 is her own income after the turn
    assert (joiner.bankers, joiner.merchants, joiner.nuggets) == (0, 0, ())
    assert joiner.roads_left == 15
    assert wagon_of(state, 1, "J").occupied == (False, True, True)  # one pioneer only
    assert on(game, state, city) == [1, 1, 0, 0]
    assert state.phase == "buy" and state.active == 1


def test_P_JOIN_5_a_joiner_emptying_a_wagon_scores_it():
    """P-NOTE-4 reading too: joining is a way to empty one's own wagon."""
    players = {
        0: dict(money=1, wagons=[wagon("V0", "FARMER BANKER")]),
        1: dict(money=2, vp=1, wagons=[wagon("J", "FARMER", vp=8)]),
    }
    game, state = star(players)
    state = run(game, arrive(game, state, "F"), Settle("V0", "FARMER"))
    state = game.apply(state, Join("J"))
    me = state.players[1]
    assert me.vp == 9 and me.money == 2 - 2 + 1 + 3  # ... and then her income
    assert not wagon_of(state, 1, "J").face_up
    assert state.players[0].money == 2


def test_P_NOTE_4_joining_empties_the_joiners_wagon_for_vp_and_money():
    players = {
        0: dict(money=1, wagons=[wagon("V0", "BANKER FARMER")]),
        3: dict(money=4, wagons=[wagon("E", "BANKER", vp=6)]),
    }
    game, state = star(players, active=0)
    state = run(game, arrive(game, state, "B"), Settle("V0", "BANKER"))
    assert state.seat == 3
    state = game.apply(state, Join("E"))
    eszti = state.players[3]
    assert eszti.vp == 6 and eszti.money == 3 and eszti.bankers == 0
    assert score_breakdown(game, state)[3]["wagons"] == 6


def test_ASSUMPTION_23_each_eligible_seat_decides_in_turn():
    game, state = _farmers(active=3)
    state = run(game, arrive(game, state, "F"), Settle("V3", "FARMER"))
    assert (state.phase, game.to_move(state)) == ("join", 0)
    state = game.apply(state, Decline())
    assert game.to_move(state) == 1
    assert game.legal_actions(state) == [Join("V1"), Decline()]


# ----- finite bank -----------------------------------------------------------------------


def test_ASSUMPTION_9_a_short_bank_pays_what_it_has_and_logs_the_shortfall():
    game, state = star(
        {0: dict(money=1, wagons=[wagon("X", "FARMER")])}, finite_bank=True
    )
    state = arrive(game, state, "H")
    state = state._replace(bank=2)
    state = game.apply(state, Settle("X", "FARMER"))  # hotel $3 and wagon $1, from $2
    assert state.players[0].money == 2
    # $1 short on the hotel, $1 on the wagon bonus, then all $3 of Ildi's income
    assert state.bank == 0 and state.shortfall == 1 + 1 + 3
    assert state.players[1].money == 0
