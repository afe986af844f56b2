"""Illegal actions, malformed notation, wrong field types and bad options are
refused with a clear error and change nothing."""

from __future__ import annotations

import copy

import pytest

from toolkit.core import GameOver, IllegalAction
from toolkit.core.testing import assert_illegal
from toolkit.pioneer_days import (
    Act,
    ActionFieldError,
    Discard,
    Fulfil,
    Keep,
    PioneerDays,
    Take,
    parse_action,
)
from toolkit.pioneer_days.rules import PARAMETERS
from toolkit.pioneer_days.scenarios import first_take, use_state


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: Take("purple", "WOOD"), "colour"),
        (lambda: Take("red", 3), "face"),
        (lambda: Keep("3"), "nuggets"),
        (lambda: Keep(True), "nuggets"),
        (lambda: Act("WILD"), "kind"),
        (lambda: Act("MINE", "E5"), "tile"),
        (lambda: Discard("gold9"), "item"),
        (lambda: Discard("E٣"), "item"),
        (lambda: Fulfil("TC5", gold=1.0), "gold"),
        (lambda: Fulfil("TC5", spare="favor"), "spare"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_when_made(make, field):
    with pytest.raises(ActionFieldError) as err:
        make()
    assert isinstance(err.value, IllegalAction) and isinstance(err.value, TypeError)
    assert f".{field} must be" in err.value.message


@pytest.mark.parametrize(
    "text",
    [
        "",
        "take",
        "take red",
        "take red wood",
        "keep 4",
        "act WILD",
        "buy huge",
        "fulfil",
        "discard gold",
        "storm maybe",
        "disease A1 cure",
        42,
        None,
    ],
)
def test_malformed_notation_is_a_value_error(text):
    with pytest.raises(ValueError, match="action"):
        parse_action(text)


def test_every_notation_round_trips():
    for text in [
        "choose PB3",
        "take black WILD",
        "gain medicine",
        "change MEDICINE",
        "income",
        "act EQUIP",
        "act EQUIP E12",
        "recruit",
        "pick E3",
        "keep 2",
        "buy large",
        "end turn",
        "discard gold3",
        "discard E10",
        "storm spare",
        "disease B12 exempt",
        "fulfil TC7 tile E3 less medicine",
        "done",
        "first 3",
        "deal B12",
        "reveal TC9",
        "board PB8",
        "stock E11",
        "roll green MINE",
        "gold 1",
    ]:
        assert str(parse_action(text)) == text


def test_apply_of_text_says_to_parse_it(game2):
    s = first_take(game2)
    err = assert_illegal(game2, s, "income", "PD-TURN-4")
    assert "parse_action" in err.message


def test_objects_that_are_no_action_are_refused(game2):
    s = use_state(game2, "WOOD")
    for thing in (None, 3, object(), ("take", "red"), {"a": 1}):
        assert_illegal(game2, s, thing, "PD-TURN-4")


def test_a_chance_outcome_at_a_decision_and_a_decision_at_chance(game2):
    s = use_state(game2, "WOOD")
    assert_illegal(game2, s, parse_action("gold 2"), "PD-TURN-4")
    chance = game2.setup()
    err = assert_illegal(game2, chance, parse_action("income"), "PD-SETUP-1")
    assert "chance decides now" in err.message
    assert_illegal(game2, chance, parse_action("first 3"), "PD-SETUP-1")


def test_an_action_of_another_phase_names_the_phase(game2):
    s = first_take(game2)
    err = assert_illegal(game2, s, parse_action("income"), "PD-INCOME-1")
    assert "choice of a die" in err.message
    assert_illegal(game2, s, parse_action("storm wood"), "PD-DIS-3")
    assert_illegal(game2, s, parse_action("fulfil TC1"), "PD-TOWN-3")


def test_diplomat_discount_without_the_diplomat(game2):
    s = first_take(game2)._replace(town=("TC1",), start=0)
    from toolkit.pioneer_days.scenarios import run, with_player

    s = with_player(s, 0, wood=5, board="PIONEER")
    s = with_player(s, 1, wood=0)
    s = run(game2, s, "visit")
    assert_illegal(game2, s, parse_action("fulfil TC1 less wood"), "PD-DATA-4")


def test_apply_after_the_end_raises_game_over(game2):
    s = first_take(game2)._replace(phase="over", jobs=())
    before = copy.deepcopy(s)
    with pytest.raises(GameOver):
        game2.apply(s, parse_action("income"))
    assert s == before and game2.legal_actions(s) == []


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ({"players": 1}, "2-4 players"),
        ({"players": 5}, "2-4 players"),
        ({"players": "3"}, "2-4 players"),
        ({"players": 2, "colour": "red"}, "unknown option"),
        ({"players": 2, "track_length": 0}, "track_length"),
        ({"players": 2, "track_length": 10**9}, "track_length"),
        ({"players": 2, "raid_rounding": "sideways"}, "raid_rounding"),
    ],
)
def test_bad_options_are_refused(args, match):
    with pytest.raises(ValueError, match=match):
        PioneerDays(**args)


def test_defaults_name_every_option():
    """The rule parameters are options too, left out of ``options`` at default."""
    game = PioneerDays(players=3)
    engine = {"track_length": 4, "raid_rounding": "down"}
    assert game.options == engine
    assert PioneerDays.defaults == {
        **engine,
        **{k: v for k, (v, _, _) in PARAMETERS.items()},
    }
    assert repr(PioneerDays(players=2, track_length=3)) == (
        "PioneerDays(players=2, track_length=3)"
    )
