"""What an agent could learn from the game object it is handed.

Every agent is handed the game, so a game object may hold static facts only:
nothing reachable from it may be a state or a part of one that the mover's
observation hides. :func:`leaks` walks everything reachable from a game (its
attributes, containers, class attributes and closures, compiled attributes
too) and reports each object that is a state, or that *is* (or equals, for a
container) a part of the true state that ``observe`` redacted.

>>> from toolkit.toy import Race
>>> from toolkit.core import play, random_agent
>>> game = Race(players=2)
>>> state = game.apply(game.setup(), "card 2")
>>> leaks(game, state, seat=1)
[]
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Iterator
from typing import Any

__all__ = ["hidden_parts", "leaks", "reachable"]

_SCALARS = (int, float, complex, str, bytes, bool, type(None))
_OPAQUE = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type)


def _fields(obj: Any) -> list[tuple[str, Any]]:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]
    return []


def hidden_parts(state: Any, view: Any, path: str = "state") -> list[tuple[str, Any]]:
    """The parts of ``state`` that ``view`` shows differently: ``(path, true value)``.

    The smallest differing containers are reported (and differing scalars, which
    :func:`leaks` cannot look for by identity).
    """
    if state == view:
        return []
    if type(state) is not type(view):
        return [(path, state)]
    if isinstance(state, (tuple, list)) and len(state) == len(view):
        out = []
        for i, (a, b) in enumerate(zip(state, view, strict=True)):
            out += hidden_parts(a, b, f"{path}[{i}]")
        return out + ([(path, state)] if not isinstance(state, _SCALARS) else [])
    if isinstance(state, dict) and state.keys() == view.keys():
        out = []
        for key in state:
            out += hidden_parts(state[key], view[key], f"{path}[{key!r}]")
        return out + [(path, state)]
    fields = _fields(state)
    if fields:
        out = []
        for name, value in fields:
            out += hidden_parts(value, getattr(view, name), f"{path}.{name}")
        return out
    return [(path, state)]


def _filled(cell: Any) -> bool:
    # Reading an empty closure cell raises ValueError.
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def _children(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, dict):
        for key, value in list(obj.items()):
            yield f"[{key!r}]", value
            if not isinstance(key, _SCALARS):
                yield f".keys()<{key!r}>", key
        return
    if isinstance(obj, (tuple, list, set, frozenset)):
        items = obj if isinstance(obj, (tuple, list)) else sorted(obj, key=repr)
        for i, value in enumerate(items):
            yield f"[{i}]", value
        return
    if isinstance(obj, types.MethodType):
        yield ".__self__", obj.__self__
        return
    if isinstance(obj, types.FunctionType):
        for i, cell in enumerate(obj.__closure__ or ()):
            if _filled(cell):
                yield f".<closure {i}>", cell.cell_contents
        return
    if isinstance(obj, _OPAQUE):
        return
    names = set(getattr(obj, "__dict__", {}) or {})
    for cls in type(obj).__mro__:
        if cls is object:
            continue
        names.update(n for n in getattr(cls, "__slots__", ()) if isinstance(n, str))
        names.update(
            n
            for n, v in vars(cls).items()
            if not callable(v) and not n.startswith("__")
        )
    # Compiled (mypyc) classes keep attributes outside __dict__: dir() lists them.
    names.update(n for n in dir(obj) if not n.startswith("__"))
    for name in sorted(names):
        try:
            value = getattr(obj, name)
        except Exception:
            continue
        if isinstance(value, (types.MethodType, types.BuiltinMethodType)):
            continue
        yield f".{name}", value


def reachable(root: Any, limit: int = 500_000) -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``root`` (breadth first, each once), with a path."""
    seen = {id(root)}
    queue = [("game", root)]
    keep = [root]  # ids stay unique while the objects are alive
    while queue:
        path, obj = queue.pop(0) if len(queue) < 64 else queue.pop()
        yield path, obj
        if isinstance(obj, _SCALARS):
            continue
        for step, child in _children(obj):
            if id(child) in seen or isinstance(child, _SCALARS):
                continue
            seen.add(id(child))
            keep.append(child)
            if len(seen) > limit:
                raise RuntimeError(f"more than {limit} objects reachable from the game")
            queue.append((path + step, child))


def leaks(game: Any, state: Any, seat: int) -> list[str]:
    """What is reachable from ``game`` that ``seat``'s observation of ``state`` hides.

    Each finding is a sentence naming the path from the game object. Any object of
    the state's type is a finding (a game holds no states); so is the very object
    of a redacted part of ``state``, or a container equal to one.
    """
    view = game.observe(state, seat)
    hidden = [] if view == state else hidden_parts(state, view)
    by_id = {id(value): where for where, value in hidden}
    by_value = [
        (where, value)
        for where, value in hidden
        if isinstance(value, (tuple, frozenset)) and len(value) >= 2
    ]
    found = []
    for path, obj in reachable(game):
        if isinstance(obj, type(state)):
            found.append(
                f"{path} is a {type(state).__name__} (a game object holds no states)"
            )
        elif id(obj) in by_id:
            found.append(f"{path} is {by_id[id(obj)]}, hidden from seat {seat}")
        elif isinstance(obj, (tuple, frozenset)):
            for where, value in by_value:
                if type(obj) is type(value) and obj == value:
                    found.append(f"{path} equals {where}, hidden from seat {seat}")
    return found
