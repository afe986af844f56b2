"""``anno1503.position`` refuses positions the rules cannot reach, naming the rule.

Issue 15: the builder staged 5 Pioneers on one island, a building on a space
without a slot, 4 contracts, an unknown resident, negative gold and a ship on an
island without a word.  Each is now a :class:`~toolkit.anno1503.builder.PositionError`
(a ``ValueError``) whose message ends with the rule ID, as the Pioneers builder
names its rules.
"""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503.builder import PositionError

ISLAND = (0, 2)  # an island space of the designed sea board


@pytest.mark.parametrize(
    ("seat", "rule"),
    [
        ({"residents": "P P P P P"}, "A-UPG-5"),  # 5 Pioneers on one island
        ({"residents": "P S S S P+SCHOOL"}, "A-UPG-5"),
        (
            {"residents": "P S C M M+SCHOOL C+CHURCH"},
            "A-COMP-3",
        ),  # 4 Citizens/Merchants
        ({"residents": "P S X"}, "A-COMP-3"),  # unknown resident
        ({"residents": "P S KING"}, "A-COMP-3"),
        ({"residents": ["P", "S", 3]}, "A-COMP-3"),
        ({"residents": "P"}, "A-SETUP-5"),  # set-up's two residents never leave
        ({"residents": "P S C+SCHOOL"}, "A-PB-1"),  # space 3 has no building slot
        ({"residents": "P+SCHOOL S"}, "A-PB-1"),
        ({"residents": "P S C P+SCHOOL P+SCHOOL"}, "A-PB-2"),
        ({"residents": "P S C P+CASTLE"}, "A-PB-5"),
        ({"contracts": 4}, "A-ISL-2"),  # 3 wooden bridges
        ({"contracts": -1}, "A-ISL-2"),
        ({"contracts": "2"}, "A-ISL-2"),
        ({"gold": -1}, "ASSUMPTION-22"),
        ({"gold": 2.5}, "ASSUMPTION-22"),
        ({"gold": True}, "ASSUMPTION-22"),
        ({"hand": (1, 0, 0, 0, 0, -1)}, "A-COMP-2"),
        ({"hand": (1, 0)}, "A-COMP-2"),
        ({"hand": {"STONE": 1.5}}, "A-COMP-2"),
        ({"hand": "GOLD"}, "A-COMP-2"),
        ({"ships": [ISLAND]}, "A-SHIP-3"),  # a ship on an island
        ({"ships": [(9, 9)]}, "A-SHIP-3"),  # off the board
        ({"ships": ["2,0"]}, "A-SHIP-3"),
        ({"ships": [(2, 0), (2, 1), (2, 2)]}, "A-BUILD-1"),  # 2 ships per player
        ({"offices": {1: "SPICE"}}, "A-ISL-1"),  # island A has no stone bridge 1
        ({"offices": {2: "GOLD"}}, "A-ISL-1"),
    ],
)
def test_impossible_seats_are_refused_naming_the_rule(game3, seat, rule):
    with pytest.raises(PositionError) as err:
        anno1503.position(game3, seats={0: seat})
    assert err.value.rule == rule
    assert str(err.value).endswith(f"({rule})")
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize(
    ("kwargs", "rule"),
    [
        ({"seats": {3: {"gold": 1}}}, "A-COMP-1"),  # no seat 3 with 3 players
        ({"seats": {-1: {"gold": 1}}}, "A-COMP-1"),
        ({"active": 5}, "A-COMP-1"),
        ({"roll": 7}, "A-PROD-1"),
        ({"islands": {(2, 1): "TC/2"}}, "A-COMP-5"),  # a sea space, not an island
        ({"seats": {0: {"hand": "SPICE " * 16}}}, "A-COMP-2"),  # 15 cards per good
    ],
)
def test_impossible_tables_are_refused_naming_the_rule(game3, kwargs, rule):
    with pytest.raises(PositionError) as err:
        anno1503.position(game3, **kwargs)
    assert err.value.rule == rule


def test_an_unknown_phase_is_refused(game3):
    with pytest.raises(ValueError, match="phase"):
        anno1503.position(game3, phase="lunch")


def test_reachable_positions_still_stage(game3):
    s = anno1503.position(
        game3,
        seats={
            0: {
                "gold": 0,
                "residents": "P S C P+SCHOOL P+CHURCH M+SMITHY C+BATH_HOUSE",
                "contracts": 3,
                "ships": [(2, 5), None],
                "hand": {"SPICE": 2},
                "offices": {2: "SPICE", 3: "BO-TOBACCO/2"},
            },
            2: {"residents": "S C", "gold": 40},
        },
        active=2,
        roll=6,
        phase="event",
    )
    assert s.players[0].buildings.count("") == 3 and len(s.players[0].contracts) == 3
    assert s.active == 2 and s.roll == 6
