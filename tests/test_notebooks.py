"""The lessons are committed clean; ``pytest --nbmake notebooks`` executes them.

Executing a notebook with a plotly FigureWidget stores megabytes of widget
state, and outputs make diffs unreadable, so the committed lessons carry no
outputs, no execution counts and no widget state. Each opens with a title and
names the kernel, so JupyterLab and Voila start without asking.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("0[0-9]-*.ipynb"))


def test_the_lessons_exist_in_order():
    prefixes = [name[:3] for name in LESSONS]
    assert prefixes == [f"{i:02d}-" for i in range(len(LESSONS))], LESSONS
    assert len(LESSONS) >= 7, LESSONS
    assert "00-start-here.ipynb" in LESSONS and "04-play-pioneers.ipynb" in LESSONS


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_is_committed_clean(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, f"{name} has no code cells"
    dirty = [
        i for i, c in enumerate(code) if c.get("outputs") or c.get("execution_count")
    ]
    assert not dirty, f"{name}: code cells {dirty} have outputs; run nbstripout"
    assert "widgets" not in nb["metadata"], (
        f"{name} stores widget state; run nbstripout"
    )
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_reads_top_to_bottom(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    cells = nb["cells"]
    first = "".join(cells[0]["source"])
    assert cells[0]["cell_type"] == "markdown" and first.startswith("# "), name
    prose = sum(c["cell_type"] == "markdown" for c in cells)
    assert prose * 3 >= len(cells), f"{name}: too little prose between the code"
    longest = max(
        len("".join(c["source"]).splitlines())
        for c in cells
        if c["cell_type"] == "code"
    )
    assert longest <= 12, f"{name}: a code cell has {longest} lines; keep cells short"


# ----- issue 18: a room of students, Binder, Voila ----------------------------------

ROOT = NOTEBOOKS.parent


def _cells(name):
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _text(cell):
    return "".join(cell["source"])


@pytest.mark.parametrize("name", LESSONS)
def test_quiz_cells_hide_the_code_that_computes_the_answer(name):
    """Lab collapses a cell with ``jupyter.source_hidden``; Voila shows no code;
    the ``hide-input`` tag does the same for nbconvert and Jupyter Book."""
    for i, cell in enumerate(_cells(name)):
        if cell["cell_type"] == "code" and "Quiz(" in _text(cell):
            meta = cell["metadata"]
            assert meta.get("jupyter", {}).get("source_hidden") is True, (name, i)
            assert "hide-input" in meta.get("tags", []), (name, i)


def test_lesson_00_and_the_teachers_guide_list_every_lesson():
    """Add a row to both when a lesson is added (this test names the missing ones)."""
    what_next = next(
        _text(c) for c in _cells("00-start-here.ipynb") if "## What next" in _text(c)
    )
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    for name in LESSONS:
        if name != "00-start-here.ipynb":
            assert f"`{name}`" in what_next, f"lesson 00 does not list {name}"
        assert name in guide, f"docs/teaching.md does not cover {name}"


@pytest.mark.parametrize("name", LESSONS)
def test_no_lesson_asks_for_a_new_cell(name):
    """In Voila there are no cells to add: the apps do what a new cell would."""
    for cell in _cells(name):
        assert "new cell" not in _text(cell).lower(), name


def _binder_modules():
    """Top-level modules Binder's ``.[lab]`` install provides (with the stdlib)."""
    import sys

    return set(sys.stdlib_module_names) | {
        "toolkit",
        "networkx",
        "numpy",
        "pandas",
        "plotly",
        "anywidget",
        "ipywidgets",
        "IPython",
        "mypy_extensions",
    }


@pytest.mark.parametrize("name", LESSONS)
def test_lessons_import_only_what_binder_installs(name):
    """Binder installs ``-e .[lab]``: no rl or scale extra. A cell that uses
    one (``toolkit.envs``) must check ``find_spec`` first and say how to install it."""
    import ast

    allowed = _binder_modules()
    for i, cell in enumerate(_cells(name)):
        if cell["cell_type"] != "code":
            continue
        code = _text(cell)
        tree = ast.parse(code)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            else:
                continue
            for mod in mods:
                top = mod.split(".")[0]
                assert top in allowed, f"{name} cell {i} imports {mod}"
                if mod.startswith("toolkit.envs"):
                    assert "find_spec(" in code and "pip install" in code, (name, i)


def test_binder_links_use_the_one_repository_setting():
    """``[tool.frontier-toolkit] repository`` in pyproject.toml is the one setting
    a publisher changes; every Binder link (README, pyproject, docs) follows it."""
    import re
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    repo = conf["tool"]["frontier-toolkit"]["repository"]
    assert re.fullmatch(r"[\w.-]+/[\w.-]+", repo)
    files = [
        ROOT / "README.md",
        ROOT / "pyproject.toml",
        *sorted(ROOT.glob("docs/*.md")),
    ]
    found = 0
    for path in files:
        for link in re.findall(
            r"mybinder\.org/v2/gh/([^/\s)]+/[^/\s)]+)/", path.read_text()
        ):
            assert link == repo, (
                f"{path.name}: a Binder link to {link}, setting is {repo}"
            )
            found += 1
    assert found >= 2
