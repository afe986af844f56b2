"""The generic layers name no game (one game, one package).

``toolkit.core``, ``agents``, ``analysis``, ``viz``, ``widgets``, ``envs`` and
``cli`` serve every game alike: whatever they need from a game comes through
the protocol or one of the game's parts (:func:`toolkit.core.part`). So their
source, docstrings and comments included, contains no game name (as a key of
``toolkit.GAMES``, in any case, with or without a space before its digits) and
no class name of a game's engine (its game class and its compound-named
actions).
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import toolkit

ROOT = Path(toolkit.__file__).resolve().parent
GENERIC = ("core", "agents", "analysis", "viz", "widgets", "envs", "envs.py", "cli.py")


#: Action classes named by one plain word (``Draw``, ``Pass``) are words too;
#: compound names (``MoveCoach``) are a game's own.
COMPOUND = re.compile(r"[A-Z][a-z0-9]+[A-Z]\w*")


def _forbidden() -> list[str]:
    words = []
    for name, target in sorted(toolkit.GAMES.items()):
        spaced = re.sub(r"(?<=[a-z])(?=\d)", "[ _]?", re.escape(name)).replace(
            "_", "[ _]?"
        )
        words.append(f"(?i:{spaced})")
        module, _, cls = target.partition(":")
        words.append(re.escape(cls))
        package = importlib.import_module(module)
        actions = getattr(package, "actions", None)
        if actions is not None:
            words += sorted(
                re.escape(n)
                for n, obj in vars(actions).items()
                if inspect.isclass(obj)
                and obj.__module__ == actions.__name__
                and COMPOUND.fullmatch(n)
            )
    return words


PATTERN = re.compile(r"\b(" + "|".join(_forbidden()) + r")\b")


#: Layers whose game code is being moved into the game packages (issue 12).
MOVING: set[str] = set()


def _sources() -> list[Path]:
    files = []
    for entry in GENERIC:
        path = ROOT / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path] * path.exists()
    return files


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_module_names_no_game(path, request):
    if str(path.relative_to(ROOT)).split("/")[0] in MOVING:
        request.applymarker(pytest.mark.xfail(reason="issue 12: being moved"))
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PATTERN.search(line)
    ]
    assert not hits, "a generic layer names a game:\n" + "\n".join(hits[:20])


def test_the_pattern_finds_game_names():
    for name in toolkit.GAMES:
        assert PATTERN.search(f"see {name.title()} here")
