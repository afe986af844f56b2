"""``stage`` refuses positions the components cannot make, naming the rule (issue 15).

The same kinds of refusal as ``anno1503.position``: a seat that does not exist,
negative money or VP, more pioneers or roads than a player owns.
"""

from __future__ import annotations

import pytest

from toolkit.pioneers.builder import fixture_game, stage, wagon


@pytest.fixture
def game():
    return fixture_game(["S-A", "A-B", "B-C"], start="S", players=2)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": {2: {"money": 1}}}, "P-PC-1"),  # no seat 2 with 2 players
        ({"settled": {"A": {5: 1}}}, "P-PC-1"),
        ({"roads": {"S-A": 3}}, "P-PC-1"),
        ({"players": {0: {"money": -1}}}, "ASSUMPTION-8"),
        ({"players": {0: {"money": 1.5}}}, "ASSUMPTION-8"),
        ({"players": {0: {"vp": -2}}}, "P-SCORE-1"),
        ({"settled": {"A": {0: 21}}}, "P-COMP-3"),  # 20 pioneers per player
        ({"settled": {"A": {0: -1}}}, ">= 0"),
        (
            {
                "players": {
                    0: {"wagons": [wagon(f"X{i}", "FARMER " * 5) for i in range(5)]}
                }
            },
            "P-COMP-3",
        ),
    ],
)
def test_impossible_positions_are_refused_naming_the_rule(game, kwargs, words):
    with pytest.raises(ValueError, match=words):
        stage(game, **kwargs)


def test_too_many_roads_are_refused():
    conns = [f"C{i}-C{i + 1}" for i in range(17)]
    game = fixture_game(["S-C0", *conns], start="S", players=2)
    with pytest.raises(ValueError, match="P-COMP-3"):
        stage(game, roads=dict.fromkeys(conns[:16], 0))
    stage(game, roads=dict.fromkeys(conns[:15], 0))  # all 15 roads is reachable
