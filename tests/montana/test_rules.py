"""Montana rules, one test (or more) per rule ID of the spec (``M-*``)."""

from __future__ import annotations

import pytest

from toolkit import montana
from toolkit.core import CHANCE, IllegalAction
from toolkit.montana.state import spot

# -- components and set-up ----------------------------------------------------------


def test_M_COMP_1_ASSUMPTION_1_M_SETUP_5_M_SETUP_7_supply_and_starting_goods(
    g2, g3, g4, h
):
    for game, basic, large in ((g2, 10, 6), (g3, 15, 9), (g4, 20, 12)):
        s = h.landscape(game)
        assert s.supply == (basic,) * 4 + (large,) * 2
        for p in s.players:
            assert p.goods == (1, 1, 1, 1, 0, 0)  # from the box, not the supply
    # ASSUMPTION-1: a large piece is its own good: a CC hex is not paid with C.
    s = h.player(h.landscape(g2), 0, goods=h.goods(large_copper=2))
    h.illegal(g2, s, "build -1,-1", "M-BUILD-1")


def test_M_COMP_2_M_SETUP_4_workers_72_in_four_colours(g2, h):
    s = g2.setup()
    assert s.pool == (18, 18, 18, 18)
    s = h.landscape(g2)
    assert sum(s.pool) + sum(sum(p.workers) for p in s.players) == 72


def test_M_COMP_3_M_RECRUIT_4_never_more_than_8_workers(g2, h):
    s = h.player(h.landscape(g2), 0, workers=h.workers(copper=7))
    s = h.run(g2, s, "recruit", "spin 6")  # stone+stone
    assert s.phase == "dismiss" and sum(s.players[0].workers) == 7
    assert s.incoming == (0, 0, 0, 2)
    h.illegal(g2, s, "recruit", "M-RECRUIT-4")
    s = h.run(g2, s, "dismiss copper")
    assert s.phase != "dismiss"
    assert s.players[0].workers == h.workers(copper=6, stone=2)
    assert s.pool[2] == 10 + 1 and s.pool[3] == 16  # the dismissed copper returns


def test_M_COMP_4_M_SETUP_10_coins_3_4_5_6(g4, h):
    game = montana.Montana(players=4, start_hex="0,-1")
    s = game.setup()
    for k in range(1, 11):
        s = game.apply(s, montana.Tile(k, 0))
    for _ in range(8):
        s = game.apply(s, montana.Spin(1))
    assert s.phase == "first" and game.to_move(s) == CHANCE  # after the spins
    s = game.apply(s, montana.First(2))
    assert [p.coins for p in s.players] == [5, 6, 3, 4]
    assert s.active == 2 and game.progress(s).first == 2


def test_M_COMP_5_M_COMP_6_components(g2):
    t = g2.tables
    assert len(t.tiles) == 12 and all(len(tile) == 7 for tile in t.tiles)
    assert len(t.bank) == 3 and len(t.production) == 4 and len(t.city) == 4
    assert montana.AREAS == ("mine", "quarry", "fields", "farm")


def test_M_SETUP_1_tiles_per_player_count(g2, g3, g4):
    for game, n, hexes in ((g2, 7, 49), (g3, 9, 63), (g4, 10, 70)):
        assert len(game.centres) == n and len(game.hexes) == hexes


def test_M_SETUP_2_ASSUMPTION_2_start_hex_by_caller_or_chance(h):
    game = montana.Montana(players=2)
    s = game.setup()
    for k in range(1, 8):
        s = game.apply(s, montana.Tile(k, 0))
    assert s.phase == "start"
    outcomes = game.chance_outcomes(s)
    assert len(outcomes) == 49 and all(p == pytest.approx(1 / 49) for _, p in outcomes)
    lake = next(i for i, k in enumerate(s.kinds) if k == "LAKE")
    s = game.apply(s, montana.Start(*game.hexes[lake]))  # a lake is allowed
    assert s.start == lake and s.canteen[lake] == 0
    with pytest.raises(ValueError, match="start_hex"):
        montana.Montana(players=2, start_hex="9,9")


def test_M_SETUP_3_ASSUMPTION_23_cattle_and_canteens(g2, h):
    s = h.landscape(g2)
    types = g2.tables.hex_types
    assert sum(s.canteen) == sum(types[k].canteen for k in s.kinds)
    assert s.herd + sum(s.cattle) + sum(p.cattle for p in s.players) == 24


def test_M_SETUP_6_settlements(g2, g3, g4, h):
    for game, n in ((g2, 12), (g3, 10), (g4, 8)):
        assert all(p.left == n for p in h.landscape(game).players)


def test_M_SETUP_8_contractors_on_the_store(g2, h):
    assert h.landscape(g2).city == ((-1, 0),) * 4


def test_M_SETUP_9_ASSUMPTION_3_ASSUMPTION_4_setup_spins_seat_by_seat(g2, h):
    s = g2.setup()
    for k in range(1, 8):
        s = g2.apply(s, montana.Tile(k, 0))
    assert s.phase == "spin" and s.decider == 0
    s = h.run(g2, s, "spin 3")  # ANY: seat 0 chooses
    assert g2.to_move(s) == 0 and s.phase == "hire"
    assert not any(isinstance(a, montana.Trade) for a in g2.legal_actions(s))
    s = h.run(g2, s, "hire pumpkin+pumpkin", "spin 2")
    assert s.decider == 1 and s.players[0].workers == h.workers(pumpkin=2, grain=2)
    s = h.run(g2, s, "spin 4", "spin 5")
    assert s.players[1].workers == h.workers(copper=1, stone=1, pumpkin=1, grain=1)
    assert s.phase == "action"  # first=0 given: no chance turn, no extra hire


# -- turns --------------------------------------------------------------------------


def test_M_TURN_1_ASSUMPTION_25_rounds_and_order(g3, h):
    s = h.landscape(g3)
    assert (s.round, s.active) == (1, 0)
    s = h.run(g3, s, "bank copper")
    assert (s.round, s.active) == (1, 1)
    s = h.run(g3, s, "bank copper+copper", "bank copper+copper+copper")
    assert (s.round, s.active) == (2, 0)
    assert g3.progress(s) == (2, 0, 0)


def test_M_TURN_2_exactly_one_action(g2, h):
    s = h.landscape(g2)
    s2 = h.run(g2, s, "bank copper")
    assert s2.active == 1  # the turn ended after one action
    h.illegal(g2, s, montana.Done(), "M-TURN-2")
    with pytest.raises(IllegalAction, match="parse_action"):
        g2.apply(s, "recruit")


def test_M_TURN_3_ASSUMPTION_5_trade_points(g2, g3, h):
    s = h.landscape(g2)
    assert montana.Trade("coins") in g2.legal_actions(s)  # start of own turn
    s2 = h.run(g2, s, "trade coins")
    assert s2.phase == "action" and s2.players[0].coins == 6  # decision not used up
    assert s2.players[0].cattle == 0
    h.illegal(g2, s2, "trade coins", "M-CATTLE-1")
    # no trade while another player builds: only the builder decides then
    s3 = h.player(
        h.landscape(g3), 0, goods=h.goods(grain=2, pumpkin=2, copper=2, stone=2)
    )
    s3 = h.run(g3, s3, "build 1,-1")
    assert s3.phase == "build" and g3.to_move(s3) == 0
    # at the setup spins no trades are offered
    s4 = g2.setup()
    for k in range(1, 8):
        s4 = g2.apply(s4, montana.Tile(k, 0))
    s4 = h.run(g2, s4, "spin 3")
    h.illegal(g2, s4, "trade coins", "M-TURN-3")


def test_M_TURN_4_M_CANTEEN_1_ASSUMPTION_19_extra_turn(g2, h):
    s = h.player(h.landscape(g2), 0, canteens=1)
    s = h.run(g2, s, "bank copper")
    assert s.phase == "canteen" and s.active == 0
    t = h.run(g2, s, "canteen")
    assert t.phase == "action" and t.active == 0 and t.players[0].canteens == 0
    assert t.turns == s.turns + 1 and t.round == s.round
    t = h.run(g2, t, "bank copper+copper")  # at most one canteen per turn: none left
    assert t.active == 1
    d = h.run(g2, s, "done")
    assert d.active == 1 and d.players[0].canteens == 1


def test_M_TURN_5_ASSUMPTION_26_end_of_turn_order(g2, h):
    # The bank is full after this turn: it is emptied before the next player moves.
    s = h.landscape(g2)
    s = s._replace(spots=((0, 0, 1, 0), (0, 0, 2, 0)) + s.spots[2:])
    s = h.run(g2, s, "bank copper+copper+copper")
    assert all(not any(s.spots[k]) for k in range(3)) and s.pool[2] == 18 - 8 + 6


def test_M_SUPPLY_1_M_SUPPLY_2_ASSUMPTION_6_ASSUMPTION_7_shortage(g3, h):
    s = h.landscape(g3)
    s = s._replace(supply=(15, 15, 15, 0, 9, 9))
    s = h.player(s, 0, goods=h.goods(stone=0))
    s = h.player(s, 1, goods=h.goods(stone=0))
    s = h.player(s, 2, goods=h.goods(stone=0), workers=h.workers(stone=1))
    # nobody holds stone: the receiver takes what there is (nothing)
    s = h.player(s, 0, coins=3)
    t = h.run(g3, s, "work quarry 2 copper+copper")
    assert t.players[0].goods[3] == 0 and t.supply[3] == 0


def test_M_SUPPLY_3_ASSUMPTION_8_payments_to_the_supply(g2, h):
    s = h.player(h.landscape(g2), 0, goods=h.goods(grain=3))
    s = h.run(g2, s, "recruit", "spin 0", "move 2")
    assert s.supply[0] == 12
    s = h.player(h.landscape(g2), 0, goods=h.goods(grain=1, pumpkin=1))
    s = h.run(g2, s, "build 0,-2")
    assert s.supply[:2] == (11, 11)


def test_M_SUPPLY_4_cattle_supply_never_drawn_after_setup(g2, h):
    s = h.landscape(g2)
    herd = s.herd
    s = h.player(s, 0, goods=h.goods(grain=1, pumpkin=1))
    s = h.run(g2, s, "build 1,-1")  # a cattle hex: from the hex, not the supply
    assert s.herd == herd and s.players[0].cattle == 2


# -- recruit ------------------------------------------------------------------------


def test_M_RECRUIT_1_ASSUMPTION_9_uniform_wheel(g2, h):
    s = h.run(g2, h.landscape(g2), "recruit")
    outcomes = g2.chance_outcomes(s)
    assert [str(a) for a, _ in outcomes] == [f"spin {k}" for k in range(8)]
    assert all(p == 1 / 8 for _, p in outcomes)


def test_M_RECRUIT_2_M_RECRUIT_6_M_DATA_1_two_workers_of_the_segment(g2, h):
    assert g2.tables.wheel == (
        ("copper", "copper"), ("stone", "pumpkin"), ("grain", "grain"), ("ANY", "ANY"),
        ("copper", "stone"), ("pumpkin", "grain"), ("stone", "stone"),
        ("copper", "pumpkin"),
    )  # fmt: skip
    s = h.player(h.landscape(g2), 0, goods=h.goods())
    s = h.run(g2, s, "recruit", "spin 7")
    assert s.players[0].workers == h.workers(copper=5, pumpkin=1)


def test_M_RECRUIT_3_paid_extra_hire_once_per_round(g2, h):
    s = h.player(h.landscape(g2), 0, goods=h.goods(grain=3))
    s = h.run(g2, s, "recruit", "spin 6")
    assert s.phase == "extra"
    h.illegal(g2, s, "move 4", "M-RECRUIT-3")
    s = h.run(g2, s, "move 3")  # 6 -> 1
    assert s.wheel == 1 and s.players[0].hired == 1
    assert s.players[0].workers == h.workers(copper=4, stone=3, pumpkin=1)


def test_M_RECRUIT_5_any_segment(g2, h):
    s = h.run(g2, h.landscape(g2), "recruit", "spin 3")
    assert s.phase == "hire" and len(g2.legal_actions(s)) >= 10
    h.illegal(g2, s, "recruit", "M-RECRUIT-5")
    s = h.run(g2, s, "hire grain+stone")
    assert s.players[0].workers == h.workers(copper=4, grain=1, stone=1)


# -- work ---------------------------------------------------------------------------


def test_M_WORK_1_one_place_per_work_action(g2, h):
    s = h.run(g2, h.landscape(g2), "bank copper")
    assert s.active == 1  # a bank field ends the action


def test_M_WORK_2_workers_stay_on_the_board(g2, h):
    s = h.run(g2, h.landscape(g2), "bank copper+copper")
    assert s.spots[1] == (0, 0, 2, 0) and s.players[0].workers == h.workers(copper=2)


def test_M_BANK_1_M_BANK_2_M_DATA_2_bank_fields(g2, h):
    assert g2.tables.bank == ((1, 3), (2, 8), (3, 12))
    s = h.landscape(g2)
    t = h.run(g2, s, "bank copper+copper+copper")
    assert t.players[0].coins == 3 + 12
    s = s._replace(spots=((0, 0, 1, 0),) + s.spots[1:])
    h.illegal(g2, s, "bank copper", "M-BANK-1")
    h.illegal(g2, s, "bank stone+stone", "M-BANK-1")


def test_M_BANK_3_full_bank_refreshes(g2, h):
    s = h.landscape(g2)
    s = h.run(g2, s, "bank copper", "bank copper+copper")
    assert any(s.spots[0]) and any(s.spots[1])
    s = h.run(g2, s, "bank copper+copper+copper")
    assert not any(map(any, s.spots[:3]))


def test_M_PROD_1_M_PROD_2_large_space(g2, h):
    s = h.landscape(g2)
    h.illegal(g2, s, "work fields 1 copper", "M-PROD-2")  # 1 non-matching worker
    t = h.run(g2, s, "work fields 1 copper+copper", "done")
    assert t.players[0].goods[0] == 1 + 2 and t.players[0].coins == 2
    t2 = h.run(g2, t, "bank copper")  # seat 1
    h.illegal(g2, t2, "work fields 1 copper+copper", "M-PROD-1")


def test_M_PROD_2_ASSUMPTION_10_coins_before_placing(g2, h):
    s = h.player(h.landscape(g2), 0, coins=2)
    h.illegal(g2, s, "work mine 2 copper", "M-PROD-2")


def test_M_PROD_3_small_space(g2, h):
    s = h.run(g2, h.landscape(g2), "work mine 1 copper")
    assert s.phase == "small"
    h.illegal(g2, s, "small stone", "M-PROD-3")
    t = h.run(g2, s, "small copper")
    assert t.players[0].goods[2] == 1 + 1 + 1 and t.spots[spot(0, 1, True)] == (
        0,
        0,
        1,
        0,
    )
    u = h.run(g2, s, "done")
    assert u.players[0].goods[2] == 2 and u.active == 1


def test_M_PROD_4_full_area_refreshes(g2, h):
    s = h.player(h.landscape(g2), 0, coins=20)
    occupied = list(s.spots)
    occupied[spot(2, 1)] = (1, 0, 0, 0)
    occupied[spot(2, 2)] = (1, 0, 0, 0)
    occupied[spot(2, 2, True)] = (1, 0, 0, 0)
    s = s._replace(spots=tuple(occupied), pool=(15, 18, 10, 18))
    s = h.run(g2, s, "work fields 3 copper+copper", "done")
    assert not any(map(any, s.spots[spot(2, 1) : spot(2, 1) + 6]))
    assert s.pool == (18, 18, 12, 18)


def test_M_PROD_5_M_DATA_3_ASSUMPTION_11_values(g2):
    t = g2.tables
    assert t.production[0] == ((1, 1), (3, 2), (6, 3))
    assert t.production[2] == ((1, 2), (3, 3), (6, 4))


# -- city -----------------------------------------------------------------------------


def test_M_CITY_1_free_pumpkin_and_affordable_space(g2, h):
    s = h.landscape(g2)
    assert montana.City("D", 2) in g2.legal_actions(s)  # 1 held + 1 taken
    h.illegal(g2, s, "city D3", "M-CITY-1")
    t = h.run(g2, s, "city D2")
    assert t.players[0].goods[1] == 2 and t.city[3] == (0, 2)
    dry = h.player(s._replace(supply=(10, 0, 10, 10, 6, 6)), 0, goods=h.goods())
    dry = h.player(dry, 1, goods=h.goods())
    h.illegal(g2, dry, "city C1", "M-CITY-1")


def test_M_CITY_2_M_CITY_4_others_place_or_pass(g3, h):
    s = h.run(g3, h.landscape(g3), "city C1")
    assert s.phase == "city" and s.decider == 1
    s = h.run(g3, s, "pass")
    assert s.decider == 2
    s = h.run(g3, s, "place D1")
    assert s.phase == "payout" and s.decider == 0  # it holds a cattle: may trade
    s = h.run(g3, s, "collect")
    assert s.decider == 2
    s = h.run(g3, s, "collect")
    assert s.active == 1 and s.city == ((-1, 0),) * 4  # payouts done, back to store
    assert s.players[2].goods[2:4] == (2, 2)


def test_M_CITY_3_outbid_only_to_the_right(g3, h):
    s = h.player(h.landscape(g3), 1, goods=h.goods(pumpkin=3))
    s = h.run(g3, s, "city A2")
    h.illegal(g3, s, "place A1", "M-CITY-3")
    h.illegal(g3, s, "place A2", "M-CITY-3")
    s = h.run(g3, s, "place A3")
    assert s.decider == 0 and s.phase == "city"  # displaced: re-places at once


def test_M_CITY_5_ASSUMPTION_12_payout_rules(g2, h):
    # cannot fulfil row A (no small copper): nothing happens, nothing paid
    s = h.player(h.landscape(g2), 0, goods=h.goods(pumpkin=1))
    s = h.player(s, 0, cattle=0)
    t = h.run(g2, s, "city A1", "pass")
    assert t.players[0].goods == h.goods(pumpkin=2)


def test_M_CITY_6_M_DATA_4_rows(g2):
    t = g2.tables
    assert t.columns == (1, 2, 3)
    assert t.city[0] == (2, (0, 0, 0, 0, 1, 0)) and t.city[3][1] == (0, 0, 1, 1, 0, 0)


def test_M_CITY_7_ASSUMPTION_13_chain_ends(g4, h):
    s = h.landscape(g4)
    for seat in range(4):
        s = h.player(s, seat, goods=h.goods(pumpkin=3), cattle=0)
    s = h.run(g4, s, "city A1")
    placements = 1
    while s.phase == "city":
        legal = [a for a in g4.legal_actions(s) if isinstance(a, montana.Place)]
        s = g4.apply(s, legal[-1] if legal else montana.Pass())
        placements += 1
    assert placements <= 12 + 4


# -- build --------------------------------------------------------------------------


def test_M_BUILD_1_pay_and_place_up_to_three(g2, h):
    s = h.player(
        h.landscape(g2), 0, goods=h.goods(grain=9, pumpkin=9, copper=9, stone=9)
    )
    s = h.run(g2, s, "build 0,-2", "build -1,-2", "build -2,-2")
    assert s.phase == "canteen" and s.players[0].left == 9  # next to a lake
    assert s.players[0].coins == 3  # three hexes: no compensation
    h.illegal(g2, h.landscape(g2), "build 9,9", "M-BUILD-1")
    h.illegal(g2, h.landscape(g2), "build 0,-1", "M-BUILD-1")  # the starting tile
    h.illegal(g2, h.player(h.landscape(g2), 0, left=0), "build 0,-2", "M-BUILD-1")


def test_M_BUILD_2_ASSUMPTION_14_adjacency(g2, h):
    s = h.player(
        h.landscape(g2), 0, goods=h.goods(grain=9, pumpkin=9, copper=9, stone=9)
    )
    h.illegal(g2, s, "build -2,-2", "M-BUILD-2")  # not next to anything
    h.illegal(g2, s, "build 0,0", "M-BUILD-2")  # a lake
    h.illegal(g2, s, "build -1,-2", "M-BUILD-2")
    t = h.run(g2, s, "build 0,-2")
    assert montana.Build(-1, -2) in g2.legal_actions(t)  # this action's hex counts


def test_M_BUILD_3_M_BUILD_4_cattle_and_canteens(g2, h):
    s = h.player(
        h.landscape(g2), 0, goods=h.goods(grain=9, pumpkin=9, copper=9, stone=9)
    )
    t = h.run(g2, s, "build 1,-1")  # GP* next to the lake at (0,0)
    assert t.players[0].cattle == 2 and t.players[0].canteens == 1
    lake = h.hexi(g2, 0, 0)
    assert t.canteen[lake] == 0


def test_M_BUILD_5_M_BUILD_7_double_hex(g2, h):
    s = h.own(g2, h.landscape(g2), 0, (1, -2))
    s = h.player(s, 0, goods=h.goods(grain=1, large_copper=1, large_stone=1))
    t = h.run(g2, s, "build 2,-2")
    assert t.stack[h.hexi(g2, 2, -2)] == 2 and t.players[0].left == 10
    last = h.player(s, 0, left=1)
    u = h.run(g2, last, "build 2,-2")  # a bonus without settlements is lost
    assert u.stack[h.hexi(g2, 2, -2)] == 1 and u.players[0].left == 0


def test_M_BUILD_6_ASSUMPTION_24_ASSUMPTION_15_line_bonus(g2, h):
    # row r = 1: (-3,1) (-2,1) (-1,1) are seat 0's; (0,1) makes a run of 4
    s = h.own(g2, h.landscape(g2), 0, (-3, 1), (-2, 1), (-1, 1))
    s = h.player(s, 0, goods=h.goods(grain=2, stone=2, pumpkin=2))
    t = h.run(g2, s, "build 0,1")
    assert t.stack[h.hexi(g2, 0, 1)] == 2 and t.players[0].left == 10
    # lengthening a run that already had 4 gives nothing (ASSUMPTION-24)
    s4 = h.own(g2, s, 0, (0, 1))
    s4 = h.player(s4, 0, goods=h.goods(grain=1, pumpkin=1))
    u = h.run(g2, s4, "build 1,1")
    assert u.stack[h.hexi(g2, 1, 1)] == 1


def test_M_BUILD_8_ASSUMPTION_16_compensation(g2, h):
    s = h.player(
        h.landscape(g2), 0, goods=h.goods(grain=9, pumpkin=9, copper=9, stone=9)
    )
    assert h.run(g2, s, "build 0,-2", "done").players[0].coins == 5
    assert h.run(g2, s, "build 0,-2", "build -1,-2", "done").players[0].coins == 4


def test_M_BUILD_9_ASSUMPTION_17_build_places_something(g2, h):
    s = h.player(h.landscape(g2), 0, goods=h.goods())
    assert not any(isinstance(a, montana.Build) for a in g2.legal_actions(s))
    h.illegal(g2, s, "build 0,-2", "M-BUILD-1")


# -- cattle and the end ------------------------------------------------------------------


def test_M_CATTLE_1_ASSUMPTION_18_trade_options(g2, h):
    s = h.player(h.landscape(g2), 0, cattle=4)
    s = h.run(g2, s, "trade grain", "trade coins", "trade worker stone")
    p = s.players[0]
    assert p.goods[0] == 2 and p.coins == 6 and p.workers[3] == 1 and p.cattle == 1
    full = h.player(s, 0, workers=h.workers(copper=8))
    h.illegal(g2, full, "trade worker stone", "M-CATTLE-1")


def test_M_CATTLE_2_M_END_4_ASSUMPTION_21_tie_breaks(g2, h):
    s = h.landscape(g2)._replace(phase="over")
    s = h.player(
        h.player(s, 0, left=0, cattle=2, coins=1), 1, left=0, cattle=2, coins=5
    )
    assert g2.winners(s) == (1,)
    s = h.player(s, 0, cattle=3)
    assert g2.winners(s) == (0,)
    s = h.player(s, 0, cattle=2, coins=5)
    assert g2.winners(s) == (0, 1)


def test_M_END_1_M_END_2_M_END_3_trigger_and_last_round(g2, h):
    s = h.player(h.landscape(g2), 0, left=1, goods=h.goods(grain=1, pumpkin=1))
    s = h.run(g2, s, "build 0,-2")
    assert s.ended and s.active == 1 and s.phase == "action"
    s = h.run(g2, s, "bank copper")
    assert s.phase == "over" and g2.winners(s) == (0,) and g2.to_move(s) is None
    assert g2.scores(s) == (12, 0)


def test_M_END_5_turn_cap_marks_the_result(h):
    game = montana.Montana(players=2, first=0, start_hex="0,-1", max_turns=3)
    s = h.landscape(game)
    s = h.run(game, s, "bank copper", "bank copper+copper", "bank copper+copper+copper")
    assert s.phase == "cap" and game.chance_outcomes(s) == [(montana.Cap(), 1.0)]
    s = h.run(game, s, "cap")
    assert s.ended and s.capped and s.phase == "action" and s.active == 1
    s = h.run(game, s, "recruit", "spin 0", "done")
    assert s.phase == "over" and s.capped


def test_M_END_6_termination_facts(g2, g3, g4, h):
    for game, need in ((g2, 42), (g3, 56), (g4, 63)):
        s = h.landscape(game)
        build = sum(game.tables.hex_types[k].buildable for k in s.kinds)
        assert build - 1 >= need > game.players * game.settlements
        assert montana.Recruit() in game.legal_actions(s)


def test_M_DATA_5_M_DATA_6_M_DATA_7_layout_and_types(g2):
    t = g2.tables
    assert g2.centres == ((0, 0), (2, 1), (-1, 3), (-3, 2), (-2, -1), (1, -3), (3, -2))
    assert t.hex_types["DBL"].double and t.hex_types["LC"].cost == (1, 0, 0, 0, 1, 0)
    assert sum(c for tile in t.tiles for _, c in tile) == 12
    assert sum(k == "LAKE" for tile in t.tiles for k, _ in tile) == 6
