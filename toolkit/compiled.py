"""The optional compiled engine: the same Python source, compiled with mypyc.

``make venv`` (and so ``make lab`` and ``make test``) runs ``python -m
toolkit compiled build``, which compiles the modules of :func:`modules` with
`mypyc <https://mypyc.readthedocs.io>`_ into extension modules next to their
sources. Python then imports the extension instead of the ``.py`` file; the
behaviour is the same (the tests run both ways and compare game records byte
for byte), only about twice as fast (see the speed scripts in ``benchmarks``).

Which modules: :data:`CORE` (the shared play loop and the encoders' hot loops,
:mod:`toolkit.envs.tracking`) and, for each game of
:data:`toolkit.GAMES`, the modules its package lists in a text file
``compiled.txt`` (one module name, relative to the package, per line; ``#``
starts a comment). The file is read, not imported, so ``import toolkit`` (which
runs :func:`install_guard`) imports no game. Each package is compiled as one
mypyc group, so calls and subclassing between its modules stay native.

A compiled module is only used while it matches its source: the build records
each source's SHA-256 in ``compiled.json``; if a source has changed since, or
if the environment variable ``FRONTIER_PURE`` is set (to anything but ``0``),
the ``.py`` source is imported instead. So an edited engine never runs stale
compiled code, and ``FRONTIER_PURE=1`` gives the plain Python engine for
debugging and stepping through the rules.

Commands: ``python -m toolkit compiled [build | clean | status]``; ``build``
does nothing when every module is compiled and current (``--force`` rebuilds).

The wheel carries the same build: ``hatch_build.py`` (a hatch build hook) runs
``build`` on a copy of the package when ``pip install .`` or ``pip wheel .``
builds the wheel, and in place for an editable install; where nothing can be
compiled the wheel holds the plain Python source.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import warnings
from pathlib import Path

#: The generic modules compiled (each game package lists its own in ``compiled.txt``):
#: the play loop and the encoders' hot loops (plain functions: the encoders pickle).
CORE = ("toolkit.core.play", "toolkit.envs.tracking")
#: The file in a game package naming the package's modules to compile.
LISTING = "compiled.txt"

_ROOT = Path(__file__).resolve().parent  # the toolkit package directory
_MANIFEST = _ROOT / "compiled.json"
_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def _packages() -> list[str]:
    """Return the packages of the registered games.

    From :data:`toolkit.GAMES` (not imported).
    """
    from toolkit import GAMES  # set before toolkit/__init__ runs install_guard

    return list(dict.fromkeys(target.split(":")[0] for target in GAMES.values()))


def groups() -> list[tuple[str, tuple[str, ...]]]:
    """Return the compilation groups.

    ``(group name, dotted module names)``, core first.
    """
    out = [(name, (name,)) for name in CORE]
    for package in _packages():
        listing = _ROOT.parent.joinpath(*package.split("."), LISTING)
        try:
            lines = listing.read_text().splitlines()
        except OSError:
            continue  # a game without compiled modules
        names = tuple(
            f"{package}.{line.split('#')[0].strip()}"
            for line in lines
            if line.split("#")[0].strip()
        )
        if names:
            out.append((f"{package}.engine", names))
    return out


def modules() -> tuple[str, ...]:
    """Every compiled module, as dotted names."""
    return tuple(name for _, names in groups() for name in names)


def _source(name: str) -> Path:
    return _ROOT.parent.joinpath(*name.split(".")).with_suffix(".py")


def _extension(name: str) -> Path:
    return _source(name).with_suffix(_SUFFIX)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _manifest() -> dict:
    try:
        return json.loads(_MANIFEST.read_text())
    except (OSError, ValueError):
        return {}


def pure_requested() -> bool:
    """Whether ``FRONTIER_PURE`` asks for the plain Python engine."""
    return os.environ.get("FRONTIER_PURE", "0") not in ("", "0")


def status() -> dict[str, str]:
    """Per module of :func:`modules`: ``"compiled"`` or why the source is used.

    The modules of one group are compiled together, so a group is used whole
    or not at all: one stale source makes its whole group use the sources.
    """
    recorded = _manifest().get("modules", {})
    out = {}
    for _, names in groups():
        current = {name: recorded.get(name) == _sha256(_source(name)) for name in names}
        for name in names:
            if not _extension(name).exists():
                out[name] = "python (not compiled)"
            elif pure_requested():
                out[name] = "python (FRONTIER_PURE is set)"
            elif not current[name]:
                out[name] = "python (the compiled module is older than its source)"
            elif not all(current.values()):
                out[name] = (
                    "python (a module compiled with it is older than its source)"
                )
            else:
                out[name] = "compiled"
    return out


def is_compiled(name: str = CORE[0]) -> bool:
    """Whether the imported module ``name`` is the compiled extension."""
    module = sys.modules.get(name)
    return module is not None and str(getattr(module, "__file__", "")).endswith(_SUFFIX)


class _PreferSource(importlib.abc.MetaPathFinder):
    """Import the ``.py`` source of the named modules, not their extension."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname, path=None, target=None):
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install_guard() -> None:
    """Before the engine is imported: use the source where the build is stale or off."""
    if any(isinstance(f, _PreferSource) for f in sys.meta_path):
        return
    stale = {}
    for name, state in status().items():
        if state != "compiled" and _extension(name).exists():
            stale[name] = _source(name)
            if not pure_requested():
                warnings.warn(
                    f"{name}: the compiled module is older than its source, so the "
                    "source is used; run `python -m toolkit compiled build` (or "
                    "`make venv`) to rebuild it.",
                    RuntimeWarning,
                    stacklevel=2,
                )
    if stale:
        sys.meta_path.insert(0, _PreferSource(stale))


def _relative(name: str) -> str:
    return str(_source(name).relative_to(_ROOT.parent))


def build() -> None:
    """Compile :func:`modules` with mypyc into extension modules next to the sources."""
    from mypyc.build import mypycify  # the `fast` extra: mypy and setuptools
    from setuptools import setup

    parts = groups()
    sources = [_relative(name) for _, names in parts for name in names]
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(_ROOT.parent)
        try:
            setup(
                name="frontier-toolkit-compiled",
                packages=[],
                py_modules=[],
                ext_modules=mypycify(
                    [*sources, "--follow-imports=silent", "--ignore-missing-imports"],
                    # the C compiler's optimisation level; tests build at 0 (faster)
                    opt_level=os.environ.get("FRONTIER_MYPYC_OPT", "3"),
                    # per group one shared library, and per module a small extension
                    separate=[
                        ([_relative(n) for n in names], group) for group, names in parts
                    ],
                    target_dir=str(Path(tmp) / "c"),
                ),
                script_args=["-q", "build_ext", "--inplace", "--build-temp", tmp],
            )
        finally:
            os.chdir(cwd)
    manifest = {
        "python": sys.version.split()[0],
        "modules": {name: _sha256(_source(name)) for name in modules()},
    }
    _MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n")


def clean() -> None:
    """Delete the compiled modules and the manifest (the sources are used again)."""
    for group, names in groups():
        for name in names:
            _extension(name).unlink(missing_ok=True)
        _extension(f"{group}__mypyc").unlink(
            missing_ok=True
        )  # the group's shared library
    _MANIFEST.unlink(missing_ok=True)
    shutil.rmtree(_ROOT.parent / "build", ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """``build``, ``clean`` or ``status`` (the default)."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "build":
        current = set(status().values()) == {"compiled"}
        if current and "--force" not in args:
            print("toolkit.compiled: up to date (--force rebuilds)", file=sys.stderr)
            return 0
        try:
            build()
        except (Exception, SystemExit) as exc:  # any failure: the Python engine runs
            print(
                f"toolkit.compiled: not compiled ({type(exc).__name__}: {exc}); "
                "the pure Python engine is used.",
                file=sys.stderr,
            )
            return 0 if "--optional" in args else 1
    elif command == "clean":
        clean()
    elif command != "status":
        print(
            "usage: python -m toolkit compiled "
            "[build [--optional] [--force] | clean | status]",
            file=sys.stderr,
        )
        return 2
    for name, state in status().items():
        print(f"{name}: {state}")
    return 0
