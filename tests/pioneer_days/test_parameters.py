"""Rule constants as options (``PioneerDays.rule_parameters``): PD-INCOME-1,
PD-WAGON-1, PD-TURN-3, PD-WEEK-2 and PD-WEEK-3 with other values.

At the rulebook's value an option is left out of ``game.options`` and of
records (so the golden records are unchanged); another value is carried in
records and replays, and changes the game as its rule says.
"""

from __future__ import annotations

import pytest

from toolkit.core import Record, option_values, play, random_agent, replay
from toolkit.pioneer_days import PioneerDays
from toolkit.pioneer_days.constants import FACES
from toolkit.pioneer_days.rules import PARAMETER_RANGE, PARAMETERS, tables
from toolkit.pioneer_days.scenarios import use_state


def test_defaults_are_the_rulebook_values_and_the_data_agrees():
    game = PioneerDays(players=2)
    assert {k: option_values(game)[k] for k in PARAMETERS} == {
        "income_wild": 1,
        "income_mine": 2,
        "income_equip": 3,
        "income_cattle": 4,
        "income_wood": 5,
        "income_medicine": 6,
        "small_wagon_price": 5,
        "large_wagon_price": 8,
        "change_cost": 3,
        "days": 5,
        "weeks": 4,
    }
    assert not set(PARAMETERS) & set(game.options)
    assert set(PioneerDays.rule_parameters) == set(PARAMETERS) == set(PARAMETER_RANGE)
    t = tables()  # the shipped data says the same (PD-DATA-1, PD-WAGON-1)
    assert {f: PARAMETERS[f"income_{f.lower()}"][0] for f in FACES} == t.income
    assert t.wagon_cost == {"small": 5, "large": 8} and t.change_cost == 3
    assert game.tables() is t  # no copy of the tables when nothing changes
    assert repr(PioneerDays(players=2, days=3)) == "PioneerDays(players=2, days=3)"


@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_bad_values_are_refused_naming_the_option_and_rule(name):
    low, high = PARAMETER_RANGE[name]
    rule = PARAMETERS[name][1]
    for value in (low - 1, high + 1):
        with pytest.raises(ValueError, match=rf"{name} .*\({rule}\)"):
            PioneerDays(players=2, **{name: value})
    for value in (True, "3", 2.0, None):
        with pytest.raises(TypeError, match=rf"{name} .*\({rule}\)"):
            PioneerDays(players=2, **{name: value})


@pytest.mark.parametrize("face", FACES)
def test_PD_INCOME_1_income_by_face(face):
    game = PioneerDays(players=2, **{f"income_{face.lower()}": 20})
    s = use_state(game, face, silver=0)
    after = game.apply(s, game.parse_action("income"))
    assert after.players[s.active].silver == 20
    plain = PioneerDays(players=2)
    s = use_state(plain, face, silver=0)
    after = plain.apply(s, plain.parse_action("income"))
    assert after.players[s.active].silver == tables().income[face]


@pytest.mark.parametrize("size", ["small", "large"])
def test_PD_WAGON_1_wagon_prices(size):
    game = PioneerDays(players=2, **{f"{size}_wagon_price": 11})
    s = use_state(game, "WOOD", silver=12)
    after = game.apply(s, game.parse_action(f"buy {size}"))
    assert after.players[s.active].silver == 1
    poor = use_state(game, "WOOD", silver=10)
    assert f"buy {size}" not in [str(a) for a in game.legal_actions(poor)]


def test_PD_TURN_3_change_cost():
    game = PioneerDays(players=2, change_cost=7)
    s = use_state(game, "WOOD", silver=10)
    after = game.apply(s, game.parse_action("change MINE"))
    assert after.players[s.active].silver == 3
    poor = use_state(game, "WOOD", silver=6)
    assert not any(str(a).startswith("change") for a in game.legal_actions(poor))
    plain = PioneerDays(players=2)
    after = plain.apply(
        use_state(plain, "WOOD", silver=10), plain.parse_action("change MINE")
    )
    assert after.players[s.active].silver == 7


@pytest.mark.parametrize(("days", "weeks"), [(5, 4), (2, 4), (5, 2), (3, 1), (5, 5)])
def test_PD_WEEK_2_and_3_days_and_weeks(days, weeks):
    """Every player takes days x weeks dice; the last week turns up 3 town cards."""
    game = PioneerDays(players=3, days=days, weeks=weeks)
    final, record = play(game, [random_agent] * 3, seed=2)
    takes = [a for a in record.actions if a.startswith("take ")]
    assert len(takes) == 3 * days * weeks
    reveals = [a for a in record.actions if a.startswith("reveal ")]
    assert len(reveals) == min(9, 2 * (weeks - 1) + 3)  # 9 town cards (PD-SETUP-5)
    assert final.week == weeks
    assert game.progress(final).round == days * weeks


def test_changed_values_are_carried_by_records_and_replay():
    game = PioneerDays(players=2, income_wood=9, weeks=2)
    final, record = play(game, [random_agent] * 2, seed=5)
    assert record.options["income_wood"] == 9 and record.options["weeks"] == 2
    again = Record.from_json(record.to_json())
    assert replay(again) == final
    _, plain = play(PioneerDays(players=2), [random_agent] * 2, seed=5)
    assert "income_wood" not in plain.options


def test_bots_and_encoder_follow_days_and_weeks():
    """The evaluation counts the game's days left; the encoder scales week and day."""
    from toolkit.pioneer_days import bots
    from toolkit.pioneer_days.encoding import Encoder

    plain, short = PioneerDays(players=2), PioneerDays(players=2, weeks=2, days=3)
    s = use_state(plain, "WOOD")
    assert bots._days_left(plain, s) == 19 and bots._days_left(short, s) == 5
    assert bots.evaluate(short, s)[0] < bots.evaluate(plain, s)[0]
    long = PioneerDays(players=2, weeks=6)
    final, _ = play(long, [random_agent] * 2, seed=1)
    enc = Encoder(long)
    v = enc.encode(long.observe(final, 0), 0)
    # the encoder clips at its bounds: week 6 and 30 turns must fit in them
    assert v[enc._offset["time"]] == 6 and final.players[0].turns == 30
    row = (enc.size - enc._offset["players"]) // 2  # the last segment, per seat
    assert v[enc._offset["players"] + row - 1] == 30  # seat 0's turns, last of its row
