"""Rule constants as options (``Anno1503.rule_parameters``): A-SETUP-7,
A-HAND-1, A-BUY-1, A-ISL-3, A-WIN-1 and A-WIN-3 with other values.

At the rulebook's value an option is left out of ``game.options`` and of
records; another value is carried in records and replays.
"""

from __future__ import annotations

import pytest

from toolkit.anno1503 import Anno1503
from toolkit.anno1503.constants import PARAMETER_RANGE, PARAMETERS
from toolkit.core import Record, option_values, play, random_agent, replay


def test_defaults_are_the_rulebook_values_and_stay_out_of_options():
    game = Anno1503(players=2)
    assert {k: option_values(game)[k] for k in PARAMETERS} == {
        "start_gold": 7,
        "hand_limit": 5,
        "buy_price": 6,
        "treasure_gold": 12,
        "gold_to_win": 30,
        "conditions_to_win": 3,
    }
    assert not set(PARAMETERS) & set(game.options)
    assert set(Anno1503.rule_parameters) == set(PARAMETERS)


@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_bad_values_are_refused_naming_the_option_and_rule(name):
    low, high = PARAMETER_RANGE[name]
    rule = PARAMETERS[name][1]
    for value in (low - 1, high + 1):
        with pytest.raises(ValueError, match=rf"{name} .*\({rule}\)"):
            Anno1503(players=2, **{name: value})
    for value in (True, "3", 2.0):
        with pytest.raises(TypeError, match=rf"{name} .*\({rule}\)"):
            Anno1503(players=2, **{name: value})


def test_A_SETUP_7_A_WIN_1_start_gold_and_gold_to_win():
    game = Anno1503(players=2, start_gold=20, gold_to_win=20)
    s = game.setup()
    assert [p.gold for p in s.players] == [20, 20]
    assert game.conditions(s, 0) == ("V-GOLD",)
    assert Anno1503(players=2).conditions(Anno1503(players=2).setup(), 0) == ()


def test_A_BUY_1_buy_price():
    game = Anno1503(players=2, buy_price=4)
    assert game.buy_price(game.setup(), 0) == 4


def test_A_WIN_3_conditions_to_win():
    """With one condition needed and 30 gold to start, the first turn wins."""
    game = Anno1503(players=2, start_gold=30, conditions_to_win=1)
    final, record = play(game, [random_agent] * 2, seed=1)
    assert final.winner is not None
    assert record.options["conditions_to_win"] == 1
    plain = Anno1503(players=2, start_gold=30, max_turns=4)
    final, _ = play(plain, [random_agent] * 2, seed=1)
    assert final.winner is None


def test_A_HAND_1_hand_limit():
    """With a hand limit of 0 every turn ends by discarding every card."""
    game = Anno1503(players=2, hand_limit=0, max_turns=6)
    _, record = play(game, [random_agent] * 2, seed=3)
    assert any(a.startswith("discard") for a in record.actions)
    assert Record.from_json(record.to_json()).options["hand_limit"] == 0
    assert replay(Record.from_json(record.to_json())) is not None


@pytest.mark.parametrize("treasure", [12, 3])
def test_A_ISL_3_treasure_gold(treasure, h):
    """EX-22 with another treasure: 7 gold + the treasure."""
    from toolkit import anno1503

    game = Anno1503(players=3, treasure_gold=treasure)
    s = anno1503.position(
        game, seats={0: {"ships": [(2, 6)]}}, islands={(1, 7): "TG/2"}
    )
    s = h.run(game, s, "sail 1 2,7", "explore 1 1,7", "use card")
    assert s.players[0].gold == 7 + treasure


def test_bots_follow_gold_to_win_hand_limit_and_conditions():
    """The bots' evaluation counts progress to the game's gold_to_win, the
    game's hand limit and the number of conditions that win."""
    from toolkit.anno1503 import bots

    plain = Anno1503(players=2)
    s = plain.setup()
    me = s.players[0]._replace(gold=20, residents=(*s.players[0].residents, "MERCHANT"))
    rich = s._replace(players=(me, *s.players[1:]))
    low = Anno1503(players=2, gold_to_win=20)
    assert (
        bots.evaluate_terms(low, rich, 0)["conditions"]
        > bots.evaluate_terms(plain, rich, 0)["conditions"]
    )
    one = Anno1503(players=2, conditions_to_win=1)
    assert (
        bots.evaluate_terms(one, rich, 0)["conditions"]
        < bots.evaluate_terms(plain, rich, 0)["conditions"]
    )
    full = s._replace(
        players=(s.players[0]._replace(hand=(2, 2, 2, 0, 0, 0)), s.players[1])
    )
    roomy = Anno1503(players=2, hand_limit=9)
    assert bots.hand_value(roomy, full.players[0], 0.0) > bots.hand_value(
        plain, full.players[0], 0.0
    )
