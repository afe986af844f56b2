"""A game's parts: the modules of its package under fixed names.

Everything about one game lives in its package (``toolkit/<game>/``): the
engine, and beside it the *parts* the generic layers use, each under a fixed
module name:

==============  ==============================================================
``bots``        hooks for the shared bots (:mod:`toolkit.agents`):
                ``determinize``, ``evaluate``, ``policy``, ``candidates``,
                ``greedy``, ``resolve`` (any subset)
``words``       ``WORDS``: what the play apps say and which clicks mean something
                (a :class:`toolkit.widgets.words.GameWords`)
``facts``       per-game tournament columns, score parts and payments
                (:mod:`toolkit.analysis.tournament`, :mod:`toolkit.viz.charts`)
``encoding``    ``Encoder``: the PettingZoo/OpenSpiel tensors (:mod:`toolkit.envs`)
``view``        the plotly board and panel (``draw_board``, ``update_board``,
                ``draw_panel``) and the game's own apps (:mod:`toolkit.viz`)
``rulebook``    ``RULES`` (rule ID -> a sentence in our words) and optionally
                ``OPTIONS`` (ASSUMPTION ID -> its option): :mod:`toolkit.core.rulebook`
==============  ==============================================================

:func:`part` finds one. The package of a game is that of its class, or of
the first base class defined in a package (so a lesson's subclass of a game
keeps the game's parts). A game without a part gets the generic fallback of
the layer that asked; each layer documents its own (a bot treats the game as
one of perfect information scored by ``game.scores``; the apps say
``str(action)``; a tournament records only the shared columns; the board is a
generic score chart). Parts are imported only when first asked for, so the
engine never loads plotly, pandas or ipywidgets.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType
from typing import Any

#: The fixed names of a game's parts.
PARTS = ("bots", "words", "facts", "encoding", "view", "rulebook")

_found: dict[tuple[type, str], ModuleType | None] = {}


def _package_of(cls: type) -> str | None:
    """The package a class was defined in (``None`` for ``__main__`` and the like)."""
    module = sys.modules.get(cls.__module__)
    if module is None:
        return None
    if hasattr(module, "__path__"):  # defined in the package's __init__
        return module.__name__
    package = module.__name__.rpartition(".")[0]
    return package or None


def _find(package: str, kind: str) -> ModuleType | None:
    name = f"{package}.{kind}"
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return None if spec is None else importlib.import_module(name)


def part(game: Any, kind: str) -> ModuleType | None:
    """The ``kind`` part of ``game`` (a game object or class), or ``None``.

    >>> from toolkit.core.parts import part
    >>> part(object(), "bots") is None
    True
    """
    if kind not in PARTS:
        raise ValueError(f"unknown part {kind!r}; parts are {', '.join(PARTS)}")
    cls = game if isinstance(game, type) else type(game)
    key = (cls, kind)
    if key not in _found:
        found = None
        for base in cls.__mro__:
            if base is object:
                break
            package = _package_of(base)
            if package is not None and package.split(".")[0] not in ("builtins",):
                found = _find(package, kind)
                if found is not None:
                    break
        _found[key] = found
    return _found[key]


def game_package(game: Any) -> str | None:
    """The package that holds ``game``'s engine (where its parts are looked for)."""
    cls = game if isinstance(game, type) else type(game)
    for base in cls.__mro__:
        if base is object:
            break
        package = _package_of(base)
        if package is not None:
            return package
    return None


__all__ = ["PARTS", "game_package", "part"]
