"""Hatch build hook: the wheel carries the compiled engine (see toolkit/compiled.py).

``pip install .``, ``pip wheel .`` and ``python -m build`` compile the same
modules ``make venv`` compiles (``python -m toolkit compiled build``: mypyc, the
modules of ``toolkit.compiled.modules()``) and put the extension modules and
their manifest ``toolkit/compiled.json`` into the wheel, which is then tagged
for this Python and platform. Where they cannot be compiled (no C compiler, a
Python mypyc does not support), the wheel holds the plain Python source only,
says why on stderr, and the engine runs as plain Python: same behaviour, about
half the speed.

An editable install (``pip install -e .``, Binder's ``-e .[lab]``) compiles in
place, next to the sources, exactly as ``make venv`` does (nothing happens when
the build in place is already current).

``FRONTIER_NO_COMPILE=1`` builds a plain Python wheel without trying.

When the checkout's own build in place (``make venv``) is current for this
Python (every module compiled from its present source, as ``python -m toolkit
compiled status`` says), the wheel takes those extension modules instead of
compiling them again: the same sources give the same modules, in seconds.
``FRONTIER_WHEEL_REBUILD=1`` compiles anew all the same.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _compile(root: Path, optional: bool) -> subprocess.CompletedProcess:
    """Run ``python -m toolkit compiled build`` on the ``toolkit`` under ``root``."""
    # keep the build environment's own path (pip's isolated build sets one)
    path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    env = dict(os.environ, PYTHONPATH=path)
    env.pop("FRONTIER_PURE", None)
    command = [sys.executable, "-m", "toolkit", "compiled", "build"]
    return subprocess.run(
        command + (["--optional"] if optional else []),
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )


#: Run on a checkout: whether its build in place is current, and its files.
_IN_PLACE = r"""
import json
from toolkit import compiled
files = [compiled._extension(name) for name in compiled.modules()]
files += [compiled._extension(f"{group}__mypyc") for group, _ in compiled.groups()]
current = set(compiled.status().values()) == {"compiled"}
print(json.dumps({
    "current": current and all(f.is_file() for f in files),
    "files": [str(f) for f in files] + [str(compiled._MANIFEST)],
}))
"""


def _built_in_place(root: Path) -> list[Path]:
    """The extension modules and manifest of a current build in place, or ``[]``."""
    if os.environ.get("FRONTIER_WHEEL_REBUILD", "0") not in ("", "0"):
        return []
    path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    env = dict(os.environ, PYTHONPATH=path)
    env.pop("FRONTIER_PURE", None)
    done = subprocess.run(
        [sys.executable, "-c", _IN_PLACE],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        return []
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    files = [Path(f) for f in answer["files"]]
    if not answer["current"] or not all(
        f.resolve().is_relative_to((root / "toolkit").resolve()) for f in files
    ):
        return []
    return files


class CompiledEngineHook(BuildHookInterface):
    """Compile the engine into the wheel, or fall back to the plain source."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Before the wheel is built: compile, then add the extensions to it."""
        if self.target_name != "wheel":
            return
        if os.environ.get("FRONTIER_NO_COMPILE", "0") not in ("", "0"):
            self.app.display_info("FRONTIER_NO_COMPILE is set: a plain Python wheel")
            return
        root = Path(self.root)
        if version == "editable":
            done = _compile(root, optional=True)
            self.app.display_info(done.stdout + done.stderr)
            return
        self._tmp = tempfile.mkdtemp(prefix="frontier-compile-")
        work = Path(self._tmp)
        shutil.copytree(
            root / "toolkit",
            work / "toolkit",
            ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"),
        )
        (work / "toolkit" / "compiled.json").unlink(missing_ok=True)
        reused = _built_in_place(root)
        for path in reused:  # the checkout's current build: copied, not compiled
            shutil.copy2(path, work / path.resolve().relative_to(root.resolve()))
        done = _compile(work, optional=False)  # nothing to do when reused
        if done.returncode != 0:
            self.app.display_warning(
                "frontier-toolkit: the engine was not compiled, so the wheel holds "
                f"the plain Python engine (same rules, slower):\n{done.stderr}"
            )
            return
        built = sorted(work.glob("toolkit/**/*.so")) + sorted(
            work.glob("toolkit/**/*.pyd")
        )
        built.append(work / "toolkit" / "compiled.json")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(
            f"frontier-toolkit: compiled engine in the wheel ({len(built) - 1} files"
            + (", the checkout's current build)" if reused else ")")
        )

    def finalize(
        self, version: str, build_data: dict[str, Any], artifact_path: str
    ) -> None:
        """After the wheel is written: remove the compilation directory."""
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
