"""One test per rule: ships, Pioneers, upgrades, buildings, selling, buying, hand limit."""

from __future__ import annotations

import shutil

import pytest

from toolkit import anno1503
from toolkit.core.data import dataset_path

START = (2, 0)

DATA = dataset_path("anno1503", "sea.csv").parent


def at(game, **seat0):
    """Phase 2 of seat 0's turn with seat 0 set up as given."""
    return anno1503.position(game, seats={0: seat0})


def test_A_BUILD_1_ship_costs_cloth_wood_tools(game2, h):
    s = at(game2, hand="CLOTH WOOD TOOLS", ships=[None, None])
    s = h.run(game2, s, "build ship")
    assert s.players[0].ships == (START, None) and h.hand(s, 0) == {}
    h.illegal(game2, s, "build ship", "A-BUILD-1")  # no goods left
    s = at(game2, hand="CLOTH WOOD TOOLS", ships=[(1, 3), (2, 2)])
    h.illegal(game2, s, "build ship", "A-BUILD-1")  # both ships already on the board


def test_A_BUILD_2_a_new_ship_sails_the_same_turn(game2, h):
    s = at(game2, hand="CLOTH WOOD TOOLS")
    s = h.run(game2, s, "build ship", "sail 2 2,2")
    assert s.players[0].ships == (START, (2, 2)) and s.ap == (2, 0)


def test_A_PLACE_1_pioneer_costs_wood_and_tools_next_free_space(game2, h):
    s = at(game2, hand="WOOD TOOLS STONE")
    s = h.run(game2, s, "place pioneer")
    assert s.players[0].residents == ("PIONEER", "SETTLER", "PIONEER")
    assert h.hand(s, 0) == {"STONE": 1}
    h.illegal(game2, s, "place pioneer", "A-PLACE-1")


def test_A_PLACE_2_only_pioneers_enter_play(game2, h):
    s = at(game2, hand="CLOTH STONE STONE")
    h.illegal(game2, s, "upgrade 3", "A-PLACE-2")  # nobody on space 3 to upgrade
    with pytest.raises(ValueError, match="place"):
        game2.parse_action("place settler")


def test_A_PLACE_3_no_card_no_space_or_no_building_means_no_pioneer(game4, h, tmp_path):
    s = at(game4, hand="WOOD TOOLS", residents="P S S S")
    h.illegal(game4, s, "place pioneer", "A-UPG-5")
    # 7 spaces hold 4 Pioneers/Settlers when full, so A-UPG-5 speaks first; an
    # island of 6 spaces is full with 3 Pioneers/Settlers and 3 Citizens/Merchants.
    for f in anno1503.tables.FILES:
        shutil.copy(DATA / f, tmp_path / f)
    (tmp_path / "resident_spaces.csv").write_text(
        "space,safe,building_slot\n1,true,false\n2,true,false\n3,false,false\n"
        "4,false,true\n5,false,true\n6,false,true\n"
    )
    six = anno1503.Anno1503(players=4, data=str(tmp_path))
    full = at(six, hand="WOOD TOOLS", residents="P S C M+SCHOOL M+CHURCH P+SMITHY")
    h.illegal(six, full, "place pioneer", "A-PLACE-3")
    s = at(game4, hand="WOOD TOOLS", residents="P S C")
    s = s._replace(display=())
    h.illegal(game4, s, "place pioneer SCHOOL", "A-PB-3")


def test_A_PLACE_4_no_limit_on_placements_per_turn(game4, h):
    s = at(
        game4, hand="WOOD WOOD WOOD TOOLS TOOLS TOOLS CLOTH WOOD TOOLS", residents="P C"
    )
    s = h.run(
        game4,
        s,
        "place pioneer",
        "place pioneer SCHOOL",
        "build ship",
        "place pioneer CHURCH",
    )
    assert len(s.players[0].residents) == 5


def test_A_UPG_1_pioneer_to_settler_costs_cloth_and_two_stone(game2, h):
    s = at(game2, hand="CLOTH STONE")
    h.illegal(game2, s, "upgrade 1", "A-UPG-1")
    s = at(game2, hand="CLOTH STONE STONE")
    s = h.run(game2, s, "upgrade 1")
    assert s.players[0].residents == ("SETTLER", "SETTLER") and h.hand(s, 0) == {}


def test_A_UPG_2_settler_to_citizen_needs_a_free_citizen_card(game2, h):
    s = at(game2, hand="SPICE SPICE STONE")
    s = h.run(game2, s, "upgrade 2")
    assert s.players[0].residents == ("PIONEER", "CITIZEN")
    s = at(game2, hand="SPICE SPICE STONE", residents="P S C C C")
    h.illegal(game2, s, "upgrade 2", "A-UPG-2")
    s = at(game2, hand="SPICE STONE")
    h.illegal(game2, s, "upgrade 2", "A-UPG-2")


def test_A_UPG_3_citizen_to_merchant_and_no_higher(game2, h):
    s = at(game2, hand="TOBACCO TOBACCO SPICE TOBACCO TOBACCO SPICE", residents="P C M")
    s = h.run(game2, s, "upgrade 2")
    assert s.players[0].residents == ("PIONEER", "MERCHANT", "MERCHANT")
    h.illegal(game2, s, "upgrade 3", "A-UPG-3")


def test_A_UPG_4_an_upgrade_keeps_the_residents_place(game2, h):
    s = at(game2, hand="SPICE SPICE STONE", residents="P S P")
    s = h.run(game2, s, "upgrade 2")
    assert s.players[0].residents == ("PIONEER", "CITIZEN", "PIONEER")
    # Fire still removes the highest space, not the one upgraded last
    s = h.run(game2, s._replace(phase="roll"), "roll 6", "event 3")
    assert s.players[0].residents == ("PIONEER", "CITIZEN", "PIONEER")  # paid 1 gold
    s = anno1503.position(
        game2, phase="roll", seats={0: {"gold": 0, "residents": "P C P"}}
    )
    s = h.run(game2, s, "roll 6", "event 4")
    assert s.players[0].residents == ("PIONEER", "CITIZEN")


def test_A_UPG_5_four_pioneers_settlers_block_placing(game2, h):
    s = at(game2, hand="WOOD TOOLS SPICE SPICE STONE", residents="P S S S")
    h.illegal(game2, s, "place pioneer", "A-UPG-5")
    s = h.run(game2, s, "upgrade 2", "place pioneer SCHOOL")
    assert s.players[0].residents == (
        "PIONEER",
        "CITIZEN",
        "SETTLER",
        "SETTLER",
        "PIONEER",
    )


def test_A_PB_1_free_building_under_pioneers_on_spaces_4_to_7(game2, h):
    s = at(game2, hand="WOOD TOOLS", residents="P S P")
    assert h.legal(game2, s)[:6] == [
        f"place pioneer {b}" for b in sorted(game2.display)
    ]
    h.illegal(game2, s, "place pioneer", "A-PB-1")  # must choose a building
    s = h.run(game2, s, "place pioneer SMITHY")
    assert (
        s.players[0].buildings == ("", "", "", "SMITHY") and "SMITHY" not in s.display
    )
    assert h.hand(s, 0) == {}  # the building is free
    s = at(game2, hand="WOOD TOOLS")
    h.illegal(game2, s, "place pioneer SCHOOL", "A-PB-1")  # space 3 has no slot


def test_A_PB_2_buildings_of_one_player_differ(game4, h):
    s = at(game4, hand="WOOD TOOLS", residents="P S C P+SCHOOL")
    assert "SCHOOL" in s.display  # the 4-player game has a second School
    h.illegal(game4, s, "place pioneer SCHOOL", "A-PB-2")


def test_A_PB_3_no_building_left_no_pioneer(game2, h):
    s = at(game2, hand="WOOD TOOLS", residents="P S C P+SCHOOL")
    s = s._replace(display=("SCHOOL",))
    h.illegal(game2, s, "place pioneer SCHOOL", "A-PB-3")
    assert not any(a.startswith("place") for a in h.legal(game2, s))


def test_A_PB_4_buildings_stay_until_fire_takes_their_resident(game2, h):
    s = anno1503.position(
        game2, phase="roll", seats={0: {"gold": 0, "residents": "P S P P+BATH_HOUSE"}}
    )
    s = h.run(game2, s, "roll 6", "event 6")
    assert s.players[0].buildings[-1] == "BATH_HOUSE"  # Golden Age leaves it
    s = h.run(game2, s, "take WOOD", "take WOOD")
    s = h.run(game2, s._replace(phase="roll"), "roll 6", "event 3")
    assert "BATH_HOUSE" in s.display and s.players[0].buildings == ("", "", "")


def test_A_PB_5_building_effects_on_sale_prices(game4):
    p = anno1503.position(game4, seats={0: {"residents": "P S C M"}}).players[0]
    goods = (0, 1, 0, 1, 1, 1)  # WOOD, CLOTH, SPICE, TOBACCO
    assert anno1503.sale_value(game4, p, goods) == 10
    rich = p._replace(buildings=("", "", "", "SCHOOL"))
    assert anno1503.sale_value(game4, rich, goods) == 11
    rich = p._replace(buildings=("", "", "RESTAURANT", "BATH_HOUSE"))
    assert anno1503.sale_value(game4, rich, goods) == 1 + 4 + 4 + 6


def test_A_PB_6_big_branch_office_takes_a_random_card_for_two_gold(game3, h):
    s = anno1503.position(
        game3,
        seats={
            0: {"gold": 2, "residents": "P S P P+BIG_BRANCH_OFFICE"},
            1: {"hand": "SPICE SPICE WOOD"},
            2: {"hand": ""},
        },
    )
    assert [a for a in h.legal(game3, s) if a.startswith("raid")] == ["raid 1"]
    h.illegal(game3, s, "raid 2", "A-PB-6")  # seat 2 holds nothing
    s = h.run(game3, s, "raid 1")
    assert {str(a): p for a, p in game3.chance_outcomes(s)} == pytest.approx(
        {"steal WOOD": 1 / 3, "steal SPICE": 2 / 3}
    )
    s = h.run(game3, s, "steal SPICE")
    assert (s.players[0].gold, s.players[1].gold) == (0, 9)
    assert h.hand(s, 1) == {"SPICE": 1, "WOOD": 1}
    assert s.phase == "build"
    h.illegal(
        game3,
        s._replace(players=(s.players[0]._replace(gold=5), *s.players[1:])),
        "raid 1",
        "A-PB-6",
    )
    s = anno1503.position(game3, seats={0: {"gold": 9}, 1: {"hand": "SPICE"}})
    h.illegal(game3, s, "raid 1", "A-PB-6")  # no Big Branch Office
    s = anno1503.position(
        game3,
        seats={
            0: {"gold": 1, "residents": "P S P P+BIG_BRANCH_OFFICE"},
            1: {"hand": "SPICE"},
        },
    )
    h.illegal(game3, s, "raid 1", "A-PB-6")  # 1 gold is not enough


def test_A_SELL_1_one_sale_action_one_card_per_resident(game2, h):
    s = at(game2, hand="STONE WOOD CLOTH", residents="P S")
    h.illegal(game2, s, "sell STONE+WOOD", "A-SELL-2")  # one Pioneer takes one card
    s = h.run(game2, s, "sell STONE+CLOTH")
    assert s.players[0].gold == 7 + 1 + 2
    h.illegal(game2, s, "sell WOOD", "A-SELL-1")


def test_A_SELL_2_what_each_resident_buys(game2, h):
    s = at(game2, hand="STONE TOBACCO SPICE CLOTH", residents="P C")
    sales = [a for a in h.legal(game2, s) if a.startswith("sell")]
    assert sorted(sales) == sorted(["sell STONE", "sell SPICE", "sell STONE+SPICE"])
    h.illegal(game2, s, "sell TOBACCO", "A-SELL-2")  # no Merchant
    h.illegal(game2, s, "sell CLOTH", "A-SELL-2")  # no Settler


def test_A_SELL_3_sold_cards_go_back_and_gold_rises(game2, h):
    s = at(game2, hand="CLOTH", residents="P S")
    after = h.run(game2, s, "sell CLOTH")
    assert after.supply[3] == s.supply[3] + 1 and after.players[0].gold == 9


def test_A_BUY_1_price_six_minus_contracts_once_per_turn(game2, h):
    s = at(game2, gold=10, contracts=2)
    s = h.run(game2, s, "buy TOBACCO")
    assert s.players[0].gold == 6 and h.hand(s, 0)["TOBACCO"] == 1
    h.illegal(game2, s, "buy TOBACCO", "A-BUY-1")


def test_A_BUY_2_must_pay_in_full(game2, h):
    s = at(game2, gold=5)
    h.illegal(game2, s, "buy SPICE", "A-BUY-2")
    assert not any(a.startswith("buy") for a in h.legal(game2, s))


def test_A_HAND_1_at_most_five_cards_at_the_end_of_own_turn(game2, h):
    s = at(game2, hand="SPICE SPICE SPICE WOOD WOOD STONE STONE")
    h.illegal(game2, s, "discard SPICE", "A-HAND-1")  # only at the end of the turn
    s = h.run(game2, s, "end turn")
    assert s.phase == "discard" and h.legal(game2, s) == [
        "discard STONE",
        "discard WOOD",
        "discard SPICE",
    ]
    s = h.run(game2, s, "discard SPICE")
    assert s.phase == "discard"
    s = h.run(game2, s, "discard STONE")
    assert s.active == 1 and sum(s.players[0].hand) == 5
