"""A Pioneers state holds its fields only; listed moves are shared objects.

(That nothing reachable from a game object grows during play, or shows what an
observation hides, is checked for every game in ``tests/games``.)
"""

from __future__ import annotations

from toolkit.core import play, random_agent
from toolkit.pioneers import Pioneers


def test_a_state_holds_its_fields_only():
    """Nothing is remembered on a state either: listing its moves leaves it as it was.

    (A plain NamedTuple: no instance attributes, which also keeps the compiled
    engine reading its fields as tuple items.)
    """
    game = Pioneers(players=3)
    _final, record = play(game, [random_agent] * 3, seed=1)
    state = game.setup()
    for text in record.actions:
        if state.phase == "move" and game.moves(state):
            break
        state = game.apply(state, game.parse_action(text))
    moves = game.moves(state)
    assert moves and game.moves(state) == moves
    assert not hasattr(state, "__dict__") and type(state).__bases__ == (tuple,)
    copy = type(state)(*state)
    assert copy == state and game.moves(copy) == moves
    # The shared move objects: the same route at the same cost is the same object.
    assert all(a is b for a, b in zip(game.moves(copy), moves))
