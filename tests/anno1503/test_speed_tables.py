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
