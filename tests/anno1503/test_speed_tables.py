"""The engine's speed-ups keep the behaviour they replace.

The sail actions come from a static table on the game and ``State``/``Player``
have a quicker ``_replace``; both must give exactly what the plain code gave.
"""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503 import Player, State
from toolkit.anno1503 import actions as A


@pytest.mark.parametrize("players", [2, 4])
def test_sail_table_lists_every_sea_space_within_the_ap(players):
    game = anno1503.Anno1503(players=players)
    for ship in (1, 2):
        for at, row in game.distances.items():
            for ap in range(0, 2 * game.ap_base + 3):
                want = tuple(A.Sail(ship, pos) for pos, d in row if 0 < d <= ap)
                assert game._sails(ship, at, ap) == want


def test_quick_replace_matches_the_named_tuple_one():
    game = anno1503.Anno1503(players=3)
    s = game.setup()
    changed = s._replace(phase="sea", turn=4, ap=(2, 0))
    assert type(changed) is State
    assert changed == tuple.__new__(
        State,
        [
            {"phase": "sea", "turn": 4, "ap": (2, 0)}.get(name, value)
            for name, value in zip(State._fields, s)
        ],
    )
    assert s.phase == "first"  # the original is untouched
    p = s.players[0]
    assert p._replace(gold=9) == Player(9, *p[1:])
    assert type(p._replace(gold=9)) is Player
    with pytest.raises(ValueError, match="unexpected field names: \\['colour'\\]"):
        s._replace(phase="sea", colour="red")


def test_new_state_and_new_player_match_replace():
    """The rules' compiled replacers give what the named tuples' _replace gives."""
    from toolkit.anno1503.common import new_player, new_state

    game = anno1503.Anno1503(players=3)
    s = game.setup()
    for changes in (
        {},
        {"phase": "sea", "turn": 4, "ap": (2, 0)},
        {"winner": None, "looking": None, "target": 2},
        dict(zip(State._fields, reversed(s))),
    ):
        got = new_state(s, **changes)
        assert type(got) is State and got == s._replace(**changes)
        # the same objects, but for a fixed-length tuple field (explored), which
        # the compiled function unboxes and boxes again: an equal new tuple
        same = [a is b for a, b in zip(got, s._replace(**changes))]
        assert [f for f, ok in zip(State._fields, same) if not ok] in ([], ["explored"])
    p = s.players[0]
    for changes in ({}, {"gold": 9}, {"hand": (0,) * 6, "ships": (None, None)}):
        got = new_player(p, **changes)
        assert type(got) is Player and got == p._replace(**changes)
    with pytest.raises(TypeError):
        new_state(s, colour="red")
