"""The listed-moves memo lives on the state, never on the game object.

(That nothing reachable from a game object grows during play, or shows what an
observation hides, is checked for every game in ``tests/games``.)
"""

from __future__ import annotations

from toolkit.core import play, random_agent
from toolkit.pioneers import Pioneers


def test_a_listed_move_is_remembered_only_on_its_state():
    game = Pioneers(players=3)
    _final, record = play(game, [random_agent] * 3, seed=1)
    state = game.setup()
    for text in record.actions:
        if state.phase == "move" and game.moves(state):
            break
        state = game.apply(state, game.parse_action(text))
    moves = game.moves(state)
    assert moves and game.moves(state) == moves
    copy = type(state)(*state)
    assert copy == state and not hasattr(copy, "_memo") and game.moves(copy) == moves
