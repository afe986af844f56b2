"""Every rule ID and worked example of the Pioneers specification has a test.

The IDs below are a frozen copy of the specification's list (the project never
reads the specification itself). A rule is covered when at least one test
function under ``tests/pioneers/`` has the ID in its name, written with
underscores: ``P-MOVE-4`` -> ``test_P_MOVE_4_...``. Worked examples are named
``test_EX_<n>_...``. The test functions are found by parsing the test files
with :mod:`ast`, so nothing is imported or run to find them.

If the specification gains or renumbers a rule, update RULE_IDS here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

# fmt: off
RULE_IDS = (
    "P-COMP-1", "P-COMP-2", "P-COMP-3", "P-COMP-4", "P-COMP-5", "P-COMP-6", "P-COMP-7",
    "P-COMP-8", "P-COMP-9", "P-COMP-10",
    "P-PC-1", "P-PC-2", "P-PC-3", "P-PC-4", "P-PC-5", "P-PC-6", "P-PC-7", "P-PC-8",
    "P-SETUP-1", "P-SETUP-2", "P-SETUP-3", "P-SETUP-4", "P-SETUP-5", "P-SETUP-6",
    "P-SETUP-7", "P-SETUP-8", "P-SETUP-9", "P-SETUP-10", "P-SETUP-11", "P-SETUP-12",
    "P-SETUP-13",
    "P-FLOW-1", "P-FLOW-2", "P-FLOW-3",
    "P-INC-1", "P-INC-2",
    "P-BUY-1", "P-BUY-2", "P-BUY-3", "P-BUY-4", "P-BUY-5", "P-BUY-6", "P-BUY-7",
    "P-BUY-8", "P-BUY-9",
    "P-MOVE-1", "P-MOVE-2", "P-MOVE-3", "P-MOVE-4", "P-MOVE-5", "P-MOVE-6", "P-MOVE-7",
    "P-SETTLE-1", "P-SETTLE-2", "P-SETTLE-3", "P-SETTLE-4",
    "P-TILE-1", "P-TILE-2", "P-TILE-3", "P-TILE-4", "P-TILE-5", "P-TILE-6", "P-TILE-7",
    "P-TILE-8",
    "P-WAGON-1", "P-WAGON-2", "P-WAGON-3",
    "P-JOIN-1", "P-JOIN-2", "P-JOIN-3", "P-JOIN-4", "P-JOIN-5",
    "P-TURNEND-1",
    "P-END-1", "P-END-2",
    "P-SCORE-1", "P-SCORE-2", "P-SCORE-3", "P-SCORE-4", "P-SCORE-5",
    "P-NOTE-1", "P-NOTE-2", "P-NOTE-3", "P-NOTE-4",
    # The specification's defaults. The engine implements all 24 (ASSUMPTION-23 as
    # the clockwise join decisions; the notebook prompt and policy are agents').
    "ASSUMPTION-1", "ASSUMPTION-2", "ASSUMPTION-3", "ASSUMPTION-4", "ASSUMPTION-5",
    "ASSUMPTION-6", "ASSUMPTION-7", "ASSUMPTION-8", "ASSUMPTION-9", "ASSUMPTION-10",
    "ASSUMPTION-11", "ASSUMPTION-12", "ASSUMPTION-13", "ASSUMPTION-14", "ASSUMPTION-15",
    "ASSUMPTION-16", "ASSUMPTION-17", "ASSUMPTION-18", "ASSUMPTION-19", "ASSUMPTION-20",
    "ASSUMPTION-21", "ASSUMPTION-22", "ASSUMPTION-23", "ASSUMPTION-24",
    # The engine's own defaults (not in the specification; ``E`` keeps their numbers
    # apart from the specification's): E1 random covers never shut in the start.
    "ASSUMPTION-E1",
)
# fmt: on

EXAMPLE_IDS = tuple(f"EX-{n}" for n in range(1, 25))


def collect_test_names(directory: Path = HERE) -> list[str]:
    """Names of every ``test*`` function (module level or in a class) in ``test_*.py``."""
    names = []
    for path in sorted(directory.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef)
            ) and node.name.startswith("test"):
                names.append(node.name)
    return names


def name_pattern(rule_id: str) -> re.Pattern:
    """``P-COMP-1`` -> a pattern for ``P_COMP_1`` not followed by another digit."""
    return re.compile(re.escape(rule_id.replace("-", "_")) + r"(?!\d)")


def missing(ids, names) -> list[str]:
    return [i for i in ids if not any(name_pattern(i).search(n) for n in names)]


def test_the_frozen_lists_are_complete_and_unique():
    assert (
        len(RULE_IDS)
        == 10 + 8 + 13 + 3 + 2 + 9 + 7 + 4 + 8 + 3 + 5 + 1 + 2 + 5 + 4 + 24 + 1
    )
    assert len(set(RULE_IDS)) == len(RULE_IDS)
    assert len(EXAMPLE_IDS) == 24


def test_every_rule_id_has_a_named_test():
    names = collect_test_names()
    assert names, "no test functions found"
    assert missing(RULE_IDS, names) == []


def test_every_worked_example_has_a_named_test():
    names = collect_test_names()
    examples = [n for n in names if n.startswith("test_EX_")]
    assert missing(EXAMPLE_IDS, examples) == []


@pytest.mark.parametrize(
    ("rule_id", "names", "found"),
    [
        ("P-MOVE-4", ["test_P_MOVE_4_must_move"], True),
        ("P-MOVE-4", ["test_P_MOVE_40_other"], False),
        ("P-COMP-1", ["test_P_COMP_10_board"], False),
        ("P-COMP-1", ["test_P_COMP_1_board"], True),
        ("EX-1", ["test_EX_12_join"], False),
        ("EX-8", ["test_EX_8b_innkeeper"], True),
        ("ASSUMPTION-2", ["test_ASSUMPTION_20_early_end"], False),
        ("P-MOVE-4", ["test_P-MOVE-4_written_with_dashes"], False),
    ],
)
def test_the_check_fails_when_an_id_is_missing(rule_id, names, found):
    assert (missing([rule_id], names) == []) is found


def test_the_check_reads_test_files_with_ast(tmp_path):
    (tmp_path / "test_a.py").write_text(
        "def test_P_INC_1_x():\n    pass\n\n"
        "class TestGroup:\n    def test_P_INC_2_y(self):\n        pass\n\n"
        "def helper_P_FLOW_1():\n    pass\n",
        encoding="utf-8",
    )
    (tmp_path / "notatest.py").write_text(
        "def test_P_FLOW_2():\n    pass\n", encoding="utf-8"
    )
    names = collect_test_names(tmp_path)
    assert names == ["test_P_INC_1_x", "test_P_INC_2_y"]
    assert missing(["P-INC-1", "P-INC-2", "P-FLOW-1", "P-FLOW-2"], names) == [
        "P-FLOW-1",
        "P-FLOW-2",
    ]


def test_the_rules_table_has_every_rule_id_and_example_in_order():
    """toolkit/pioneers/rulebook.py: one sentence per ID of the frozen lists, nothing else."""
    from toolkit.pioneers.rulebook import RULES

    assert set(RULES) == set(RULE_IDS) | set(EXAMPLE_IDS)
    in_spec_order = [r for r in RULES if not r.startswith(("ASSUMPTION", "EX"))]
    assert in_spec_order == [r for r in RULE_IDS if not r.startswith("ASSUMPTION")]
    assert all(text.strip() for text in RULES.values())
