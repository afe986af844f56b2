"""Importing the engine must not load the notebook stack.

Dependencies point one way: ``core <- game packages <- ... <- viz <- widgets``.
The engine is ``toolkit.core`` plus each game package (``toolkit.pioneers`` and
every game named in ``toolkit.GAMES``). It may use the standard library,
networkx and ``toolkit.core`` only; plotly, pandas and ipywidgets load lazily, when a
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

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("plotly", "pandas", "ipywidgets")


def _engine_packages() -> list[str]:
    """toolkit.core, toolkit.pioneers and every game in the toolkit.GAMES registry."""
    names = ["toolkit.core", "toolkit.pioneers"]
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

heavy, package = json.loads(sys.argv[1]), sys.argv[2]
found, errors = {}, {}


def check(name):
    for lib in heavy:
        if lib in sys.modules and lib not in found:
            found[lib] = name


importlib.import_module(package)
check(package)
path = sys.modules[package].__path__
for info in sorted(pkgutil.walk_packages(path, package + "."), key=lambda i: i.name):
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
        [sys.executable, "-c", PROBE, json.dumps(HEAVY), package],
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
        f"importing {package} loads {sorted(loaded)} ({loaded}). Import them "
        "inside the function that draws, tabulates or builds a widget, or move "
        "that code out of the engine (for example into toolkit.viz)."
    )
