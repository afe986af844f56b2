"""An Anno 1503 game object holds static facts only: nothing of any state it was shown.

An agent is handed the game; if the game kept states (or anything worked out
from one, such as the island stacks before they are hidden) an agent could read
unexplored islands through it. Everything reachable from the game and its class
is walked before and after play: play must add nothing to it.
"""

from __future__ import annotations

import contextlib
import types

from toolkit.anno1503 import Anno1503, IslandCard, Player, State
from toolkit.core import play, random_agent

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
    return random_agent(game, observation, actions, rng)


def test_playing_adds_nothing_reachable_to_the_game():
    for players in (2, 3, 4):
        game = Anno1503(players=players, max_turns=120)
        before = reachable(game)
        assert not [
            o for o in before.values() if isinstance(o, (State, Player, IslandCard))
        ]
        for seed in range(3):
            final, _ = play(game, [watcher] * players, seed=seed)
            for seat in range(players):
                game.legal_actions(game.observe(final, seat))
        after = reachable(game)
        new = [o for k, o in after.items() if k not in before]
        assert new == [], f"{players}p: the game now holds {new[:3]!r}"
