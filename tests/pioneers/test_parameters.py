"""Rule constants as options (``Pioneers.rule_parameters``): P-INC-1, P-PC-7,
P-BUY-1 and P-JOIN-2/3 with other values than the rulebook's.

At the rulebook's value an option is left out of ``game.options`` and of
records (so the golden records are unchanged); another value is carried in
records like any option and replays.
"""

from __future__ import annotations

import random

import pytest

from toolkit.core import CHANCE, Record, make_game, option_values, play, replay
from toolkit.core.play import random_agent
from toolkit.core.testing import assert_illegal
from toolkit.pioneers import BuyRoads, Join, Pioneers
from toolkit.pioneers.fields import PARAMETERS


def first_decision(game, seed=0):
    """Play the set-up's chance turns: the state of the first decision."""
    rng = random.Random(seed)
    state = game.setup()
    while game.to_move(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        state = game.apply(state, rng.choices(*zip(*outcomes, strict=True))[0])
    return state


def test_defaults_are_the_rulebook_values_and_stay_out_of_records():
    game = Pioneers(players=3)
    assert {k: Pioneers.defaults[k] for k in PARAMETERS} == {
        "income": 3,
        "start_money": 2,
        "road_price_1": 2,
        "road_price_2": 5,
        "join_cost": 2,
    }
    assert set(Pioneers.rule_parameters) == set(PARAMETERS)
    assert not set(PARAMETERS) & set(game.options)
    assert option_values(game)["income"] == 3
    explicit = Pioneers(players=3, income=3)
    assert explicit.options == game.options


@pytest.mark.parametrize("name", sorted(PARAMETERS))
@pytest.mark.parametrize(
    ("value", "error"),
    [
        (-1, ValueError),
        (1000, ValueError),
        (True, TypeError),
        ("3", TypeError),
        (2.0, TypeError),
        (None, TypeError),
    ],
)
def test_bad_values_are_refused_naming_the_option_and_rule(name, value, error):
    with pytest.raises(error, match=rf"{name} .*\({PARAMETERS[name][1]}\)"):
        Pioneers(players=2, **{name: value})


def test_P_INC_1_and_P_PC_7_income_and_start_money_are_options():
    """The first player starts with start_money and takes income before buying."""
    plain = first_decision(Pioneers(players=3))
    me = plain.players[plain.active]
    assert me.money == 2 + 3
    rich = first_decision(Pioneers(players=3, income=5, start_money=7))
    assert rich.players[rich.active].money == 7 + 5
    others = [p.money for i, p in enumerate(rich.players) if i != rich.active]
    assert others == [7, 7]


def test_P_BUY_1_road_prices_are_options():
    game = Pioneers(players=3, road_price_1=6, road_price_2=9)
    state = first_decision(game)  # $5 in hand: R1 at $6 is out of reach
    assert BuyRoads(1) not in game.legal_actions(state)
    err = assert_illegal(game, state, BuyRoads(1), "P-BUY-1")
    assert "$6" in err.message
    cheap = Pioneers(players=3, road_price_1=1, road_price_2=1)
    state = first_decision(cheap)
    legal = cheap.legal_actions(state)
    assert BuyRoads(1) in legal and BuyRoads(2) in legal
    after = cheap.apply(state, BuyRoads(2))
    assert after.players[state.active].money == state.players[state.active].money - 1


def test_P_JOIN_3_join_cost_is_an_option():
    """Every join moves join_cost from the joiner to the active player."""
    from toolkit.analysis.tournament import tournament

    r = tournament("pioneers", ["random"] * 4, games=4, seed=2, join_cost=1)
    seats = r.seats
    assert seats["joins"].sum() > 0
    assert (seats["join_paid"] == seats["joins"]).all()
    assert seats["join_paid"].sum() == seats["join_earned"].sum()


def test_P_JOIN_2_joining_needs_the_join_cost():
    game = Pioneers(players=3, join_cost=50)
    _, record = play(game, [random_agent] * 3, seed=4)
    assert not any(a.startswith("join") for a in record.actions)
    state = first_decision(game)
    assert not game._can_join(state.players, (state.active + 1) % 3, None)
    _ = Join  # the action exists: its refusal is tested with staged positions


def test_changed_values_are_carried_by_records_and_replay():
    game = make_game("pioneers", 2, income=4, road_price_2=3)
    final, record = play(game, [random_agent] * 2, seed=5)
    assert record.options["income"] == 4 and record.options["road_price_2"] == 3
    again = Record.from_json(record.to_json())
    assert replay(again) == final
    _, plain = play(make_game("pioneers", 2), [random_agent] * 2, seed=5)
    assert "income" not in plain.options


def test_bots_and_words_follow_the_road_price_and_join_cost():
    """The playout policy buys two roads only with their price and $1 to spare,
    and the labels show the game's prices (not the rulebook's $2 / $5)."""
    from toolkit.pioneers import EndPurchases, bots
    from toolkit.pioneers.words import log

    def buys(game):
        state = first_decision(game)
        pl = state.players[state.active]._replace(money=7)
        legal = [BuyRoads(1), EndPurchases()]
        rng = random.Random(1)
        picks = [bots._playout_buy(game, state, legal, pl, rng) for _ in range(60)]
        return sum(isinstance(a, BuyRoads) for a in picks)

    assert buys(Pioneers(players=3)) > 0  # $7 >= $5 + $1
    assert buys(Pioneers(players=3, road_price_2=7)) == 0  # $7 < $7 + $1
    game = Pioneers(players=3, road_price_1=4, road_price_2=9)
    state = first_decision(game)
    assert log.label(game, state, BuyRoads(1)) == "Buy 1 road ($4)"
    assert log.label(game, state, BuyRoads(2)) == "Buy 2 roads ($9)"
