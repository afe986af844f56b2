"""One test per rule: ships (A-SHIP), exploring (A-EXPL), island cards (A-ISL), victory (A-WIN)."""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503 import IslandCard
from toolkit.core import CHANCE


def ship_at(game, pos, islands=None, **seat0):
    return anno1503.position(
        game, seats={0: {"ships": [pos], **seat0}}, islands=islands or {}
    )


@pytest.mark.parametrize(("players", "ap"), [(2, 2), (3, 3), (4, 4)])
def test_A_SHIP_1_action_points_by_player_count_doubled_by_shipyard(players, ap, h):
    game = anno1503.Anno1503(players=players)
    s = ship_at(game, (2, 0))
    assert game.full_ap(s, 0) == ap
    yard = ship_at(game, (2, 0), residents="P S C P+SHIPYARD") if players > 2 else None
    if yard is not None:
        assert game.full_ap(yard, 0) == 2 * ap
    s = h.run(game, s, "sail 1 2,1")
    assert s.ap == (ap - 1, 0)


def test_A_SHIP_2_each_ship_its_own_full_ap(game3, h):
    s = anno1503.position(game3, seats={0: {"ships": [(2, 0), (2, 5)]}})
    s = h.run(game3, s, "sail 1 2,3")
    assert s.ap == (0, 3)
    assert not any(a.startswith("sail 1") for a in h.legal(game3, s))
    h.illegal(game3, s, "sail 1 2,4", "A-SHIP-3")
    s = h.run(game3, s, "sail 2 2,6", "end turn")
    assert s.ap == (0, 0)
    # unused AP are lost, and a ship in the supply does not act
    s = anno1503.position(game3, seats={0: {"ships": [None, (2, 5)]}})
    h.illegal(game3, s, "sail 1 2,1", "A-SHIP-2")


def test_A_SHIP_3_orthogonal_sea_steps_one_ap_each(game2, h):
    s = ship_at(game2, (2, 0))
    sails = sorted(a for a in h.legal(game2, s) if a.startswith("sail"))
    assert sails == sorted(
        [
            "sail 1 0,0",
            "sail 1 1,0",
            "sail 1 3,0",
            "sail 1 4,0",
            "sail 1 2,1",
            "sail 1 2,2",
            "sail 1 3,1",
        ]
    )
    h.illegal(game2, s, "sail 1 1,1", "A-SHIP-3")  # an island
    h.illegal(game2, s, "sail 1 2,3", "A-SHIP-3")  # 3 steps with 2 AP
    h.illegal(game2, s, "sail 1 2,0", "A-SHIP-3")  # already there


def test_A_SHIP_4_ships_share_spaces(game2, h):
    s = anno1503.position(game2, seats={0: {"ships": [(2, 1)]}, 1: {"ships": [(2, 2)]}})
    s = h.run(game2, s, "sail 1 2,2")
    assert s.players[0].ships[0] == s.players[1].ships[0] == (2, 2)


def test_A_EXPL_1_explore_a_neighbouring_island_for_one_ap(game3, h):
    s = ship_at(game3, (2, 7))
    explores = [a for a in h.legal(game3, s) if a.startswith("explore")]
    assert explores == ["explore 1 1,7", "explore 1 2,8", "explore 1 3,7"]
    h.illegal(game3, s, "explore 1 1,6", "A-EXPL-1")  # diagonal (ASSUMPTION-2)
    s = h.run(game3, s, "explore 1 1,7")
    assert game3.to_move(s) == CHANCE and s.ap == (
        2,
        0,
    )  # the undecided face is drawn now
    faces = game3.chance_outcomes(s)
    assert all(str(a).endswith("/2") for a, _ in faces)
    assert sum(p for _, p in faces) == pytest.approx(1)
    s = h.run(game3, s, "reveal TG/2")
    top = s.islands[game3.island_index[(1, 7)]][-1]
    assert top == IslandCard("TG/2", seen=0b001)
    assert game3.observe(s, 1).islands[game3.island_index[(1, 7)]][-1] == IslandCard(
        "?/2", 0b001
    )


def test_A_EXPL_2_return_the_card_or_use_it(game3, h):
    s = anno1503.position(
        game3,
        seats={0: {"ships": [(2, 7), (2, 0)]}},
        islands={(1, 7): "TC/2", (3, 7): "TG/2"},
    )
    s = h.run(game3, s, "explore 1 1,7")
    assert h.legal(game3, s) == ["return card", "use card"]
    h.illegal(game3, s, "end turn", "A-EXPL-2")
    s = h.run(game3, s, "return card")
    h.illegal(game3, s, "explore 1 1,7", "A-EXPL-2")  # another island, not the same one
    s = h.run(game3, s, "explore 1 3,7", "use card")
    assert s.players[0].ships == (None, (2, 0)) and s.ap == (0, 3)  # ASSUMPTION-18
    assert s.players[0].gold == 19


def test_A_EXPL_3_a_used_island_stays_empty(game3, h):
    s = ship_at(game3, (2, 7), islands={(1, 7): "TC/2"})
    s = h.run(game3, s, "explore 1 1,7", "use card")
    assert s.islands[game3.island_index[(1, 7)]] == ()
    s = anno1503.position(game3, seats={0: {"ships": [(2, 7)]}}, islands={(1, 7): []})
    h.illegal(game3, s, "explore 1 1,7", "A-EXPL-3")


def test_A_ISL_1_branch_office_on_a_free_stone_bridge_at_most_four(game3, h):
    s = ship_at(game3, (2, 7), islands={(1, 7): "BO-SPICE/2"}, offices={2: "TOBACCO"})
    s = h.run(game3, s, "explore 1 1,7")
    assert h.legal(game3, s) == [
        "return card",
        "use card bridge 3",
        "use card bridge 4",
        "use card bridge 5",
    ]
    h.illegal(game3, s, "use card bridge 2", "A-ISL-1")  # taken: no swapping
    h.illegal(game3, s, "use card bridge 1", "A-ISL-1")  # island A has no bridge 1
    s = h.run(game3, s, "use card bridge 4")
    assert s.players[0].offices == ("BO-TOBACCO/2", "", "BO-SPICE/2", "")


def test_A_ISL_2_trade_contract_on_a_wooden_bridge_at_most_three(game3, h):
    s = ship_at(game3, (2, 7), islands={(1, 7): "TC/2"}, contracts=3)
    s = h.run(game3, s, "explore 1 1,7")
    assert h.legal(game3, s) == ["return card"]
    h.illegal(game3, s, "use card", "A-ISL-2")


def test_A_ISL_3_treasures_upgrade_or_twelve_gold_then_leave(game3, h):
    s = ship_at(game3, (2, 7), islands={(1, 7): "TU/2"}, residents="P S C M M")
    s = h.run(game3, s, "explore 1 1,7")
    assert h.legal(game3, s) == ["return card", "use card space 1", "use card space 3"]
    h.illegal(game3, s, "use card space 2", "A-ISL-3")  # Settler: no free Citizen card
    h.illegal(game3, s, "use card space 4", "A-ISL-3")  # a Merchant cannot rise
    s = h.run(game3, s, "use card space 3")
    assert s.players[0].residents[2] == "MERCHANT" and s.gone == ("TU/2",)
    s = ship_at(game3, (2, 7), islands={(1, 7): "TG/2"})
    s = h.run(game3, s, "explore 1 1,7", "use card")
    assert s.players[0].gold == 19 and s.gone == ("TG/2",)


def test_A_ISL_4_using_a_card_sends_the_ship_home(game3, h):
    s = ship_at(game3, (2, 7), islands={(1, 7): "TG/2"}, hand="CLOTH WOOD TOOLS")
    s = h.run(game3, s, "explore 1 1,7", "use card")
    assert s.players[0].ships == (None, None)
    assert h.legal(game3, s) == ["end turn"]  # phase 3 has begun: no rebuilding now
    s = anno1503.position(
        game3, seats={0: {"ships": [None], "hand": "CLOTH WOOD TOOLS"}}
    )
    assert h.run(game3, s, "build ship").players[0].ships[0] == (2, 0)


def test_A_ISL_5_cards_on_the_home_island_stay_until_pirates(game3, h):
    s = anno1503.position(
        game3,
        phase="roll",
        seats={0: {"gold": 20, "offices": {3: "SPICE"}, "contracts": 2}},
    )
    after = h.run(game3, s, "roll 6", "event 1")
    assert (
        after.players[0].offices == s.players[0].offices and after.players[0].gold == 17
    )
    with pytest.raises(ValueError, match="move office"):
        game3.parse_action("move office 3 4")


def test_A_WIN_1_five_conditions_recomputed_from_the_state(game3):
    s = anno1503.position(
        game3,
        seats={
            0: {
                "gold": 30,
                "offices": {2: "SPICE", 3: "TOBACCO", 4: "SPICE", 5: "CLOTH"},
            },
            1: {"contracts": 3, "residents": "P S M M M P+SCHOOL"},
            2: {
                "residents": "P S C P+SCHOOL P+CHURCH M+SMITHY C+BATH_HOUSE",
                "gold": 29,
            },
        },
    )
    assert game3.conditions(s, 0) == ("V-GOLD", "V-BRANCH")
    assert game3.conditions(s, 1) == ("V-CONTRACT", "V-MERCHANT")
    assert game3.conditions(s, 2) == ("V-BUILDING",)
    assert game3.scores(s) == (2, 2, 1)


def test_A_WIN_2_conditions_can_be_lost(game3, h):
    s = anno1503.position(game3, phase="roll", seats={1: {"gold": 31, "contracts": 3}})
    assert game3.conditions(s, 1) == ("V-GOLD", "V-CONTRACT")
    s = h.run(game3, s, "roll 6", "event 2")
    assert s.players[1].gold == 28 and game3.conditions(s, 1) == ("V-CONTRACT",)


def test_A_WIN_3_third_condition_in_own_turn_wins_at_once(game3, h):
    s = anno1503.position(
        game3,
        seats={
            0: {
                "gold": 26,
                "contracts": 3,
                "residents": "P S M M M",
                "hand": "CLOTH SPICE",
            }
        },
    )
    h.illegal(game3, s, "sell CLOTH+SPICE", "A-SELL-2")  # no Citizen: sell CLOTH only
    s = h.run(game3, s, "sell CLOTH")
    assert s.players[0].gold == 28 and game3.to_move(s) == 0
    s2 = h.run(
        game3,
        anno1503.position(
            game3,
            seats={
                0: {
                    "gold": 29,
                    "contracts": 3,
                    "residents": "P S M M M",
                    "hand": "CLOTH",
                }
            },
        ),
        "sell CLOTH",
    )
    assert s2.phase == "over" and s2.winner == 0 and game3.to_move(s2) is None
    assert game3.legal_actions(s2) == []
    # a non-active player with 3 conditions does not win in someone else's turn ...
    s = anno1503.position(
        game3,
        seats={1: {"gold": 30, "contracts": 3, "residents": "P S M M M"}},
        phase="roll",
    )
    s = h.run(game3, s, "roll 4", "end turn")
    assert s.phase == "roll" and s.active == 1 and s.winner is None
    # ... but wins at the start of their own turn, right after the production roll
    s = h.run(game3, s, "roll 4")
    assert s.winner == 1


def test_A_WIN_4_not_enough_cards_for_everyone(game2, game3, game4):
    for game in (game2, game3, game4):
        n = game.players
        offices = sum(
            k for c, k in zip(game.card_codes, game.deck) if c.startswith("BO-")
        )
        contracts = sum(
            k for c, k in zip(game.card_codes, game.deck) if c.startswith("TC")
        )
        assert offices < 4 * n and contracts < 3 * n and len(game.display) < 4 * n
