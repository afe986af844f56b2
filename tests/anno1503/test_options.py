"""CONFLICT-1..4 as options with the spec's defaults, and the documented ASSUMPTION defaults."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from toolkit import anno1503
from toolkit.anno1503 import IslandCard
from toolkit.core import make_game, play, random_agent, replay


def test_defaults_are_the_spec_defaults():
    game = anno1503.Anno1503(players=3)
    assert game.options == {
        "cost_pioneer_to_settler": {"CLOTH": 1, "STONE": 2},
        "sale_cards_per_resident": 1,
        "max_purchases_per_turn": 1,
        "victory_check": "immediate",
        "pirates_target": "farthest",
        "win_before_event": True,
        "max_turns": None,
    }
    json.dumps(game.options)  # records store them


@pytest.mark.parametrize(
    "bad",
    [
        {"max_purchases_per_turn": 3},
        {"sale_cards_per_resident": 0},
        {"victory_check": "never"},
        {"pirates_target": "nearest"},
        {"max_turns": 0},
        {"cost_pioneer_to_settler": {"GOLD": 1}},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused_with_a_clear_message(bad):
    (name,) = bad
    with pytest.raises(ValueError, match=name):
        anno1503.Anno1503(players=3, **bad)


def test_CONFLICT_1_pioneer_to_settler_cost(h):
    cheap = anno1503.Anno1503(
        players=2, cost_pioneer_to_settler={"CLOTH": 1, "STONE": 1}
    )
    s = anno1503.position(cheap, seats={0: {"hand": "CLOTH STONE"}})
    assert "upgrade 1" in h.legal(cheap, s)


def test_CONFLICT_2_cards_per_resident(h):
    two = anno1503.Anno1503(players=2, sale_cards_per_resident=2)
    s = anno1503.position(
        two, seats={0: {"residents": "P S C", "hand": "SPICE SPICE STONE WOOD"}}
    )
    s = h.run(two, s, "sell STONE+WOOD+SPICE+SPICE")
    assert s.players[0].gold == 7 + 1 + 1 + 3 + 3


def test_CONFLICT_3_two_purchases_each_at_the_reduced_price(h):
    game = anno1503.Anno1503(players=2, max_purchases_per_turn=2)
    s = anno1503.position(game, seats={0: {"gold": 7, "contracts": 3}})
    s = h.run(game, s, "buy SPICE", "buy TOBACCO")
    assert s.players[0].gold == 1
    h.illegal(
        game,
        s._replace(players=(s.players[0]._replace(gold=9), s.players[1])),
        "buy SPICE",
        "A-BUY-1",
    )


def test_CONFLICT_4_victory_at_end_of_turn(h):
    game = anno1503.Anno1503(players=2, victory_check="end_of_turn")
    s = anno1503.position(
        game,
        seats={
            0: {"gold": 29, "contracts": 3, "residents": "P S M M M", "hand": "CLOTH"}
        },
    )
    s = h.run(game, s, "sell CLOTH")
    assert s.winner is None and game.to_move(s) == 0  # not yet
    s = h.run(game, s, "end turn")
    assert s.winner == 0 and s.phase == "over"


def test_ASSUMPTION_6_pirates_variant_farthest_empty(h):
    game = anno1503.Anno1503(players=3, pirates_target="farthest_empty")
    s = anno1503.position(game, phase="roll", seats={0: {"gold": 0, "contracts": 1}})
    s = h.run(game, s, "roll 6", "event 1", "draw ?/2")
    # (0,11) and (3,11) hold cards with 3 players; the farthest empty one is a "4" island
    target = next(
        p for p in game.farthest if not game.setup().islands[game.island_index[p]]
    )
    assert s.islands[game.island_index[target]] == (IslandCard("?/2"),)


def test_ASSUMPTION_3_farthest_island_is_0_11(game2):
    assert game2.farthest[:2] == ((0, 11), (3, 11))


def test_ASSUMPTION_13_choice_only_from_piles_that_are_not_empty(game2, h):
    s = anno1503.position(game2, phase="roll", supply=(0, 13, 15, 15, 0, 15))
    s = h.run(game2, s, "roll 1")
    assert h.legal(game2, s) == [
        "take WOOD",
        "take TOOLS",
        "take CLOTH",
        "take TOBACCO",
        "take nothing",  # a "?" face may be declined (A-PROD-3, the seed's "may")
    ]


def test_ASSUMPTION_22_gold_never_negative_payment_all_or_nothing(game2, h):
    s = anno1503.position(
        game2, phase="roll", seats={0: {"gold": 1, "residents": "P S P P+SCHOOL"}}
    )
    s = h.run(game2, s, "roll 6", "event 3")
    assert s.players[0].gold == 1 and len(s.players[0].residents) == 3


def test_max_turns_stops_without_a_winner():
    game = anno1503.Anno1503(players=2, max_turns=5)
    final, record = play(game, [random_agent] * 2, seed=3)
    assert final.phase == "over" and final.turn == 5 and final.winner is None
    rebuilt = make_game("anno1503", 2, **record.options)
    assert rebuilt.options == game.options
    assert replay(record) == final


def test_every_assumption_has_a_documented_default():
    # the specification's 33, then the engine's own (E1: win before the event)
    assert list(anno1503.ASSUMPTIONS) == [
        *(f"ASSUMPTION-{i}" for i in range(1, 34)),
        "ASSUMPTION-E1",
    ]
    assert all(text for text in anno1503.ASSUMPTIONS.values())


def test_A_PROD_4_production_odds_count_a_branch_office(game3):
    s = anno1503.position(game3, seats={0: {"offices": {3: "SPICE"}}})
    odds = anno1503.production_odds(game3, s, 0)
    assert (
        odds["WOOD"] == odds["SPICE"] == odds["ANY"] == odds["EVENT"] == Fraction(1, 6)
    )
    assert odds["TOBACCO"] == 0


def test_summary_rows_read_the_state(game3):
    s = anno1503.position(
        game3, seats={1: {"gold": 12, "contracts": 2, "offices": {1: "TOBACCO"}}}
    )
    row = anno1503.summary(game3, s)[1]
    assert (row["island"], row["gold"], row["contracts"], row["offices"]) == (
        "B",
        12,
        2,
        {1: "TOBACCO"},
    )


@pytest.mark.parametrize(
    "text", ["", "sail 1 2", "sell GOLD", "fly 1 2,3", "place settler", 42]
)
def test_malformed_action_text_is_refused_with_a_clear_message(game2, text):
    with pytest.raises(ValueError, match=r"action|good|text"):
        game2.parse_action(text)


def test_games_states_and_actions_pickle_for_worker_processes(game3):
    import pickle

    s = anno1503.position(game3, seats={0: {"ships": [(2, 5)]}})
    game = pickle.loads(pickle.dumps(game3))
    assert pickle.loads(pickle.dumps(s)) == s
    assert game.legal_actions(s) == game3.legal_actions(s)
    assert pickle.loads(pickle.dumps(anno1503.Sail(1, (2, 6)))) == anno1503.Sail(
        1, (2, 6)
    )
