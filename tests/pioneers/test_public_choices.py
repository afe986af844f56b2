"""The ``public_choices`` hook says yes for Pioneers: check that it is true.

The MCTS search shares legal actions and candidates between determinisations
reached by the same moves when a game answers yes (``toolkit.agents.search``).
That is only sound if no hidden value (other seats' nugget values, the pool the
engine draws from) changes what a seat may do: so here two determinisations of
one view, which differ in those values, are walked along the same moves and
must offer the same choices at every decision.
"""

from __future__ import annotations

import random

from toolkit.agents.base import determinize, hook, view_of
from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome
from toolkit.pioneers import Pioneers
from toolkit.pioneers import bots as B


def _names(actions) -> list[str]:
    return [str(a) for a in actions]


def test_pioneers_says_its_choices_are_public():
    assert hook(Pioneers(players=3), "public_choices")(Pioneers(players=3)) is True


def test_determinisations_of_one_view_offer_the_same_choices_along_the_same_moves():
    game = Pioneers(players=3)
    walked = differing = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.setup()
        while game.to_move(state) is not None:
            seat = game.to_move(state)
            if seat == CHANCE:
                outcomes = game.chance_outcomes(state)
                state = game.apply(state, sample_outcome(outcomes, rng))
                continue
            legal = game.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.3:
                _, view = view_of(game, state)
                a = determinize(game, view, seat, random.Random(1))
                b = determinize(game, view, seat, random.Random(2))
                differing += a != b
                walk = random.Random(seed * 1000 + walked)
                for _ in range(8):
                    if game.to_move(a) is None:
                        assert game.to_move(b) is None
                        break
                    if game.to_move(a) == CHANCE:
                        # the same outcome by name, if both can draw it
                        names_b = {str(o): o for o, _ in game.chance_outcomes(b)}
                        common = [
                            (o, names_b[str(o)])
                            for o, _ in game.chance_outcomes(a)
                            if str(o) in names_b
                        ]
                        if not common:
                            break
                        oa, ob = common[walk.randrange(len(common))]
                        a, b = game.apply(a, oa), game.apply(b, ob)
                        continue
                    assert game.to_move(a) == game.to_move(b)
                    la, lb = game.legal_actions(a), game.legal_actions(b)
                    assert _names(la) == _names(lb)
                    mover = game.to_move(a)
                    assert _names(B.candidates(game, a, la)) == _names(
                        B.candidates(game, b, lb)
                    ), mover
                    k = walk.randrange(len(la))
                    a, b = game.apply(a, la[k]), game.apply(b, lb[k])
                walked += 1
            state = game.apply(state, legal[rng.randrange(len(legal))])
    assert walked > 20
    # many pairs really differed in hidden values (others are equal: nothing
    # hidden yet, or one way to deal it)
    assert differing >= 20
