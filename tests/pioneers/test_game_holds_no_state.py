"""A Pioneers game object holds static facts only: nothing of any state it was shown.

An agent is handed the game; if the game kept states (or anything worked out
from one) an agent could read the true state, other players' nuggets included,
through it. Everything reachable from the game and its class is walked before
and after play: play must add nothing to it.
"""

from __future__ import annotations

import contextlib
import types

from toolkit.core import play, random_agent
from toolkit.pioneers import Pioneers
from toolkit.pioneers.state import PlayerState, State

_ATOMS = (
    str,
    int,
    float,
    bool,
    bytes,
    type(None),
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.ModuleType,
)


def _attributes(obj):
    """The attribute values of ``obj``: __dict__, __slots__ and compiled (native) fields."""
    out = (
        list(vars(obj).values())
        if hasattr(obj, "__dict__") and not isinstance(obj, type)
        else []
    )
    for klass in type(obj).__mro__:
        for name, member in vars(klass).items():
            slot = name in getattr(klass, "__slots__", ()) and name != "__dict__"
            native = isinstance(
                member, types.GetSetDescriptorType
            ) and not name.startswith("__")
            if slot or native:
                with contextlib.suppress(AttributeError):
                    out.append(getattr(obj, name))
    return out


def reachable(game) -> dict[int, object]:
    """Every object reachable from ``game`` and its class attributes, by id."""
    seen: dict[int, object] = {}
    todo = [game, *(v for k in type(game).__mro__ for v in vars(k).values())]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _ATOMS):
            if isinstance(obj, types.FunctionType) and obj.__closure__:
                todo.extend(c.cell_contents for c in obj.__closure__)
            continue
        seen[id(obj)] = obj
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo.extend(obj)
        elif isinstance(obj, types.MethodType):
            todo.append(obj.__func__)
        elif isinstance(obj, (classmethod, staticmethod, property)):
            continue
        else:
            todo.extend(_attributes(obj))
    return seen


def watcher(game, observation, actions, rng):
    """A random agent that first asks about its observation, as a bot would."""
    game.legal_actions(observation)
    game.cheapest_routes(observation)
    return random_agent(game, observation, actions, rng)


def test_playing_adds_nothing_reachable_to_the_game():
    for players, opts in [
        (2, {"cover": "random"}),
        (3, {"finite_bank": True}),
        (4, {}),
    ]:
        game = Pioneers(players=players, **opts)
        before = reachable(game)
        # (the game's Wagon objects are the cards as they enter play: shared templates)
        assert not [o for o in before.values() if isinstance(o, (State, PlayerState))]
        for seed in range(3):
            final, _ = play(game, [watcher] * players, seed=seed)
            for seat in range(players):
                view = game.observe(final, seat)
                game.legal_actions(view)
                game.moves(final, seat)
                game.cheapest_routes(final, seat)
        after = reachable(game)
        new = [o for k, o in after.items() if k not in before]
        assert new == [], f"{players}p: the game now holds {new[:3]!r}"


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
