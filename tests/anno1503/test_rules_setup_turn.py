"""One test per rule: components (A-COMP), setup (A-SETUP), turn structure (A-TURN)."""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503 import GOODS, IslandCard
from toolkit.core import CHANCE

SEA_START = (2, 0)


def test_A_COMP_1_components_and_player_count(game4):
    with pytest.raises(ValueError, match="2-4 players"):
        anno1503.Anno1503(players=1)
    with pytest.raises(ValueError, match="2-4 players"):
        anno1503.Anno1503(players=5)
    s = game4.setup()
    assert all(len(p.ships) == 2 for p in s.players)  # 2 ships per colour
    assert len(game4.display) == 14  # 14 public buildings with 4 players
    assert sum(n for _, n in game4.tables.deck) == 32  # 32 island cards
    assert sum(s.supply) + sum(sum(p.hand) for p in s.players) == 90  # 90 goods cards
    s = game4.apply(s, anno1503.First(0))
    assert [str(a) for a, _ in game4.chance_outcomes(s)] == [
        f"roll {f}" for f in range(1, 7)
    ]


def test_A_COMP_2_six_goods_fifteen_each(game2, h):
    assert GOODS == ("STONE", "WOOD", "TOOLS", "CLOTH", "SPICE", "TOBACCO")
    s = game2.setup()
    for g in range(6):
        assert s.supply[g] + sum(p.hand[g] for p in s.players) == 15
    # an empty pile gives nothing: seat 0 (island A) rolls 4 = CLOTH with no CLOTH left
    s = anno1503.position(game2, phase="roll", supply=(13, 13, 15, 0, 15, 15))
    s = h.run(game2, s, "roll 4")
    assert s.players[0].hand == h.cards("STONE WOOD")
    assert h.illegal(game2, s, "buy CLOTH", "A-BUY-1")


def test_A_COMP_3_four_pioneer_settler_and_three_citizen_merchant_cards(game3, h):
    s = anno1503.position(
        game3, seats={0: {"residents": "P S C M M S", "hand": "SPICE SPICE STONE"}}
    )
    h.illegal(game3, s, "upgrade 6", "A-UPG-2")  # no free Citizen/Merchant card left
    s = anno1503.position(
        game3, seats={0: {"residents": "P S S S", "hand": "WOOD TOOLS"}}
    )
    h.illegal(game3, s, "place pioneer", "A-UPG-5")  # all 4 Pioneer/Settler cards out


def test_A_COMP_4_home_island_tables_and_bridges(game4):
    for seat in range(4):
        faces = game4.production[seat]
        assert len(faces) == 5 and faces.count("ANY") == 1
        assert len(game4.bridges[seat]) == 4  # 4 grey stone bridges
        assert faces[faces.index("ANY")] == "ANY"
        assert faces.index("ANY") + 1 not in game4.bridges[seat]
    assert game4.tables.safe_spaces == 2  # two spaces inside the red border
    assert anno1503.constants.WOODEN_BRIDGES == 3  # 3 brown wooden bridges


def test_A_COMP_5_island_backs_match_island_numbers(game4):
    s = game4.setup()
    for number, stack in zip(game4.island_numbers, s.islands):
        assert [c.back for c in stack] == [number]
    assert {n for _, n in game4.tables.islands} == {2, 3, 4}


@pytest.mark.parametrize(("players", "count"), [(2, 6), (3, 10), (4, 14)])
def test_A_COMP_6_public_buildings_removed_by_back(players, count):
    game = anno1503.Anno1503(players=players)
    assert len(game.display) == count
    assert len({b for _, b in game.tables.buildings}) == 8  # 8 types


def test_A_COMP_7_three_condition_markers_five_conditions():
    assert len(anno1503.VICTORY) == 5
    assert anno1503.constants.CONDITIONS_TO_WIN == 3


@pytest.mark.parametrize(
    ("players", "numbers"), [(2, {2}), (3, {2, 3}), (4, {2, 3, 4})]
)
def test_A_SETUP_1_piles_in_use_by_player_count(players, numbers):
    game = anno1503.Anno1503(players=players)
    s = game.setup()
    filled = {n for n, st in zip(game.island_numbers, s.islands) if st}
    assert filled == numbers
    assert all(int(code[-1]) in numbers for code in game.card_codes)  # ASSUMPTION-5


def test_A_SETUP_2_one_face_down_card_per_island_of_that_number(game3):
    s = game3.setup()
    for number, stack in zip(game3.island_numbers, s.islands):
        assert stack == ((IslandCard(f"?/{number}"),) if number in (2, 3) else ())


@pytest.mark.parametrize(
    ("players", "reserve"), [(2, (6, 0, 0)), (3, (6, 3, 0)), (4, (6, 3, 3))]
)
def test_A_SETUP_3_leftover_cards_form_the_reserve(players, reserve):
    game = anno1503.Anno1503(players=players)
    s = game.setup()
    assert s.reserve == reserve
    assert sum(s.reserve) == {2: 6, 3: 9, 4: 12}[players]


def test_A_SETUP_4_each_colour_has_ships_and_residents(game4):
    s = game4.setup()
    assert len(s.players) == 4
    assert (
        anno1503.constants.PIONEER_SETTLER_CARDS
        + anno1503.constants.CITIZEN_MERCHANT_CARDS
        == 7
    )


def test_A_SETUP_5_pioneer_and_settler_inside_the_red_border(game2):
    p = game2.setup().players[0]
    assert p.residents == ("PIONEER", "SETTLER")  # spaces 1 and 2 (ASSUMPTION-10)
    assert len(p.residents) <= game2.tables.safe_spaces


def test_A_SETUP_6_one_ship_on_the_start_space(game3):
    for p in game3.setup().players:
        assert p.ships == (SEA_START, None)


def test_A_SETUP_7_seven_gold(game3):
    assert [p.gold for p in game3.setup().players] == [7, 7, 7]


def test_A_SETUP_8_face_up_display_of_buildings(game2):
    assert game2.setup().display == tuple(
        sorted(
            ["SCHOOL", "RESTAURANT", "BATH_HOUSE", "FIRE_BRIGADE", "SMITHY", "CHURCH"]
        )
    )


def test_A_SETUP_9_one_wood_and_one_stone_each(game4, h):
    s = game4.setup()
    assert all(h.hand(s, i) == {"STONE": 1, "WOOD": 1} for i in range(4))
    assert s.supply == (11, 11, 15, 15, 15, 15)


def test_A_SETUP_10_starting_roll_then_clockwise(game3, h):
    s = game3.setup()
    assert game3.to_move(s) == CHANCE
    outcomes = game3.chance_outcomes(s)
    assert [str(a) for a, _ in outcomes] == ["first 0", "first 1", "first 2"]
    assert all(
        p == pytest.approx(1 / 3) for _, p in outcomes
    )  # ties re-rolled (ASSUMPTION-15)
    s = h.run(game3, s, "first 2")
    assert (s.active, s.phase) == (2, "roll")
    s = h.run(game3, s, "roll 5", "end turn")
    assert s.active == 0  # play passes to the left: 2 -> 0
    h.illegal(game3, s, "first 1", "A-SETUP-10")


def test_A_TURN_1_phases_in_order(game2, h):
    s = h.run(game2, game2.setup(), "first 0")
    assert s.phase == "roll" and game2.to_move(s) == CHANCE
    h.illegal(
        game2, s, "end turn", "A-TURN-1"
    )  # no decisions before the production roll
    s = h.run(
        game2, s, "roll 2"
    )  # island A: 2 = STONE; island B: 2 = "?" (seat 1 chooses)
    assert game2.to_move(s) == 1 and s.phase == "resolve"
    h.illegal(game2, s, "build ship", "A-TURN-1")
    s = h.run(game2, s, "take SPICE")
    assert s.phase == "build" and game2.to_move(s) == 0
    # 2a and 2b mix freely: buy, then place, then sell
    s = anno1503.position(game2, seats={0: {"gold": 8, "hand": "WOOD TOOLS"}})
    s = h.run(
        game2, s, "buy STONE", "place pioneer", "sell STONE", "sail 1 2,1", "end turn"
    )
    assert s.active == 1 and s.phase == "roll"


def test_A_TURN_2_no_phase_2_after_phase_3_began(game2, h):
    s = anno1503.position(game2, seats={0: {"gold": 9, "hand": "WOOD TOOLS CLOTH"}})
    s = h.run(game2, s, "sail 1 2,1")
    h.illegal(game2, s, "build ship", "A-TURN-2")
    h.illegal(game2, s, "buy SPICE", "A-TURN-2")
    h.illegal(game2, s, "place pioneer", "A-TURN-2")
    assert all(
        type(a).__name__ in ("Sail", "Explore", "EndTurn")
        for a in game2.legal_actions(s)
    )


def test_A_TURN_3_no_trading_between_players(game2):
    for text in ("give SPICE 1", "trade SPICE WOOD", "sell SPICE 1"):
        with pytest.raises(ValueError, match="not an Anno 1503 action"):
            game2.parse_action(text)


def test_A_TURN_4_paid_goods_return_to_the_supply(game2, h):
    s = anno1503.position(game2, seats={0: {"hand": "WOOD TOOLS"}})
    total = s.supply
    s = h.run(game2, s, "place pioneer")
    assert s.supply[1] == total[1] + 1 and s.supply[2] == total[2] + 1
