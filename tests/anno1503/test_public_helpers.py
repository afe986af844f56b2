"""Anno 1503's public helpers refuse a seat or a position that does not exist (issue 15).

As Pioneers' helpers do: a ``ValueError`` naming the argument, instead of an
``IndexError``/``KeyError`` from deep inside, a ``negative shift count`` from
``observe(state, -1)``, or a silently wrong answer for seat ``-1`` (which indexed
the last seat).
"""

from __future__ import annotations

import pytest

from toolkit import anno1503
from toolkit.anno1503.reach import reach_from, reachable


@pytest.fixture(scope="module")
def spot():
    game = anno1503.Anno1503(players=2)
    return game, anno1503.position(game)


@pytest.mark.parametrize("seat", [2, 7, -1, "0", True, None, 1.0])
@pytest.mark.parametrize(
    "helper",
    [
        lambda g, s, seat: anno1503.production_odds(g, s, seat),
        lambda g, s, seat: reachable(g, s, seat),
        lambda g, s, seat: g.conditions(s, seat),
        lambda g, s, seat: g.observe(s, seat),
    ],
    ids=["production_odds", "reachable", "conditions", "observe"],
)
def test_a_seat_that_does_not_exist_is_named(spot, helper, seat, request):
    game, s = spot
    if seat is None and "reachable" in request.node.callspec.id:
        assert helper(game, s, seat) == reachable(game, s, s.active)  # the active seat
        return
    with pytest.raises(ValueError, match="seat must be a seat of this 2-player game"):
        helper(game, s, seat)


@pytest.mark.parametrize(
    ("at", "ap", "words"),
    [
        ((0, 2), 3, "island"),  # an island space
        ((9, 9), 3, "not on the sea"),
        ("2,0", 3, "not on the sea"),
        ((2, 0), -1, "ap"),
        ((2, 0), 2.5, "ap"),
    ],
)
def test_reach_from_refuses_a_position_off_the_sea_or_a_bad_budget(spot, at, ap, words):
    game, _ = spot
    with pytest.raises(ValueError, match=words):
        reach_from(game, at, ap)


def test_good_arguments_still_answer(spot):
    game, s = spot
    assert (
        anno1503.production_odds(game, s, 1)["EVENT"]
        == anno1503.production_odds(game, s, 0)["EVENT"]
    )
    assert game.observe(s, 1) is not None and game.conditions(s, 1) == ()
    assert reach_from(game, (2, 0), 0).spaces == {(2, 0): 0}
