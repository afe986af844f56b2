"""The engine's speed-ups change nothing: ``_replace`` and ``observe``'s redaction.

``State._replace`` and ``Player._replace`` are quicker than the standard named
tuple method (toolkit/pioneer_days/state.py) and must return the same tuples and
refuse the same input; ``observe`` keeps a player's tuple when there is nothing
of it to hide and must give exactly the redaction of PD-STORE-5 / ASSUMPTION-25
written the plain way (below) for every seat of seeded games.
"""

from __future__ import annotations

import pytest

from toolkit.core import make_game, play, random_agent, replay_states
from toolkit.pioneer_days.state import Player, State


def _plain_observe(state: State, seat: int) -> State:
    """The redaction as the rules state it, field by field (the old code)."""
    if state.phase == "over":
        return state
    hide_boards = any(p.dealt for p in state.players)
    players = tuple(
        p
        if i == seat
        else Player(
            **{
                **p._asdict(),
                "gold": (0,) * len(p.gold),
                "dealt": ("?",) * len(p.dealt),
                "board": "?" if hide_boards and p.board else p.board,
            }
        )
        for i, p in enumerate(state.players)
    )
    drawn = state.drawn if state.active == seat else (0,) * len(state.drawn)
    return State(
        **{
            **state._asdict(),
            "players": players,
            "gold_bag": (),
            "boards_left": (),
            "drawn": drawn,
        }
    )


def test_quick_replace_gives_the_standard_tuples_and_refuses_unknown_fields():
    state = make_game("pioneer_days", 3).setup()
    got = state._replace(week=2, phase="deal")
    assert type(got) is State
    assert got == State(**{**state._asdict(), "week": 2, "phase": "deal"})
    assert state.week == 1  # the original is untouched
    assert state._replace() == state
    with pytest.raises(ValueError, match="unexpected field names"):
        state._replace(weeks=2)
    p = Player(silver=3)
    assert p._replace(silver=5, wood=1) == Player(silver=5, wood=1)
    assert type(p._replace(silver=5)) is Player
    with pytest.raises(ValueError, match="unexpected field names"):
        p._replace(gold_coins=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observe_hides_exactly_what_the_plain_redaction_hides(players):
    game = make_game("pioneer_days", players)
    checked = 0
    for seed in range(2):
        _, record = play(game, [random_agent] * players, seed=seed)
        for state in replay_states(record, game):
            for seat in range(players):
                got = game.observe(state, seat)
                assert got == _plain_observe(state, seat)
                assert type(got) is State
                assert all(type(p) is Player for p in got.players)
                checked += 1
    assert checked > 500
