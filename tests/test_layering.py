"""Importing the engine must not load the notebook stack.

Dependencies point one way: ``core <- game engines <- generic layers <- game
parts``. The engine is ``toolkit.core`` plus each game package (every game named
in ``toolkit.GAMES``, and the toy game) without its parts. It may use the
standard library, networkx and ``toolkit.core`` only (not the generic layers); plotly, pandas and ipywidgets load lazily, when a
figure, table or widget is asked for. Each package is checked, with every one
of its submodules, in a fresh interpreter, because this test process has
usually imported those libraries already.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit.core

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("plotly", "pandas", "ipywidgets")
#: A game package's parts (bots, words, facts, encoding, view) are not engine:
#: they may use the generic layers and the notebook stack.
PARTS = list(toolkit.core.PARTS)


def _engine_packages() -> list[str]:
    """toolkit.core, the toy game and every game in the toolkit.GAMES registry."""
    names = ["toolkit.core", "toolkit.toy", "toolkit.pioneers"]
    try:
        import toolkit
    except ImportError:  # nothing written yet: the test below skips
        return names
    for target in getattr(toolkit, "GAMES", {}).values():
        module = str(target).partition(":")[0]
        if module not in names:
            names.append(module)
    return names


ENGINE = _engine_packages()

# Runs in a fresh interpreter: import the package, then each submodule in turn,
# and name the first module after which a heavy library is in sys.modules.
PROBE = """
import importlib, json, pkgutil, sys

heavy, package, parts = json.loads(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
found, errors = {}, {}
layers = ("toolkit.agents", "toolkit.analysis", "toolkit.viz", "toolkit.widgets",
          "toolkit.envs", "toolkit.cli")


def check(name):
    for lib in (*heavy, *layers):
        if lib in sys.modules and lib not in found:
            found[lib] = name


importlib.import_module(package)
check(package)
path = sys.modules[package].__path__
def is_part(name):
    return name[len(package) + 1:].split(".")[0] in parts


def walk(path, prefix):
    # not pkgutil.walk_packages: it imports every subpackage it finds, parts
    # that are packages (words/, view/) included, before they can be skipped
    for info in pkgutil.iter_modules(path, prefix):
        if is_part(info.name):
            continue
        yield info
        if info.ispkg:
            try:
                sub = importlib.import_module(info.name)
            except Exception:
                continue  # reported below, where it is imported again
            yield from walk(sub.__path__, info.name + ".")


for info in sorted(walk(path, package + "."), key=lambda i: i.name):
    try:
        importlib.import_module(info.name)
    except Exception as exc:
        errors[info.name] = f"{type(exc).__name__}: {exc}"
    check(info.name)
print(json.dumps({"found": found, "errors": errors}))
"""


def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # the parent package is missing
        return False


@pytest.mark.parametrize("package", ENGINE)
def test_engine_does_not_import_notebook_stack(package: str) -> None:
    if not _exists(package):
        pytest.skip(f"{package} is not written yet")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(HEAVY), package, json.dumps(PARTS)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"importing {package} failed:\n{done.stderr}"
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert not report["errors"], f"submodules of {package} fail to import: {report}"
    loaded = report["found"]  # library -> first module after which it was loaded
    assert not loaded, (
        f"importing {package} loads {sorted(loaded)} ({loaded}). The engine uses "
        "the standard library, networkx and toolkit.core only: import the others "
        "inside the function that draws, tabulates or builds a widget, or move "
        "that code into one of the game's parts (view, facts, ...)."
    )
