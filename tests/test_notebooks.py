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
