"""Every rule ID, ASSUMPTION and worked example of the Pioneer Days spec has a test,
and a sentence in the rulebook part.

The IDs below are a frozen copy of the spec's list (the project never reads the
spec itself). A rule is covered when a test function under
``tests/pioneer_days/`` has the ID in its name with underscores
(``PD-DIS-4`` -> ``test_PD_DIS_4_...``); examples are ``test_EX_<n>_...``.
Test functions are found by parsing the files with :mod:`ast`. ASSUMPTION-8,
-13 and -16 are withdrawn in the spec (the seed decides them); their tests
check the seed's rule.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from toolkit.core.rulebook import rules
from toolkit.pioneer_days import PioneerDays
from toolkit.pioneer_days.rulebook import RULES

HERE = Path(__file__).resolve().parent

# fmt: off
RULE_IDS = (
    "PD-COMP-1", "PD-COMP-2", "PD-COMP-3", "PD-COMP-4", "PD-COMP-5", "PD-COMP-6",
    "PD-SETUP-1", "PD-SETUP-2", "PD-SETUP-3", "PD-SETUP-4", "PD-SETUP-5", "PD-SETUP-6",
    "PD-SETUP-7", "PD-SETUP-8", "PD-STORE-1", "PD-STORE-2", "PD-STORE-3", "PD-STORE-4",
    "PD-STORE-5", "PD-STORE-6", "PD-WAGON-1", "PD-WAGON-2", "PD-WAGON-3", "PD-WAGON-4",
    "PD-WEEK-1", "PD-WEEK-2", "PD-WEEK-3", "PD-WEEK-4", "PD-DAY-1", "PD-DAY-2",
    "PD-DAY-3", "PD-DAY-4", "PD-DAY-5", "PD-TURN-1", "PD-TURN-2", "PD-TURN-3",
    "PD-TURN-4", "PD-TURN-5", "PD-TURN-6", "PD-TURN-7", "PD-INCOME-1", "PD-ACT-1",
    "PD-ACT-2", "PD-ACT-3", "PD-ACT-4", "PD-ACT-5", "PD-ACT-6", "PD-RECRUIT-1",
    "PD-RECRUIT-2", "PD-DIS-1", "PD-DIS-2", "PD-DIS-3", "PD-DIS-4", "PD-DIS-5",
    "PD-DIS-6", "PD-DIS-7", "PD-DIS-8", "PD-DIS-9", "PD-TOWN-1", "PD-TOWN-2",
    "PD-TOWN-3", "PD-TOWN-4", "PD-END-1", "PD-END-2", "PD-END-3", "PD-END-4",
    "PD-END-5", "PD-INV-1", "PD-INV-2", "PD-INV-3", "PD-DATA-1", "PD-DATA-2",
    "PD-DATA-3", "PD-DATA-4", "PD-DATA-5", "PD-DATA-6", "PD-DATA-7",
)
ASSUMPTION_IDS = (
    "ASSUMPTION-1", "ASSUMPTION-2", "ASSUMPTION-3", "ASSUMPTION-4", "ASSUMPTION-5",
    "ASSUMPTION-6", "ASSUMPTION-7", "ASSUMPTION-8", "ASSUMPTION-9", "ASSUMPTION-10",
    "ASSUMPTION-11", "ASSUMPTION-12", "ASSUMPTION-13", "ASSUMPTION-14",
    "ASSUMPTION-15", "ASSUMPTION-16", "ASSUMPTION-17", "ASSUMPTION-18",
    "ASSUMPTION-19", "ASSUMPTION-20", "ASSUMPTION-21", "ASSUMPTION-22",
    "ASSUMPTION-23", "ASSUMPTION-24", "ASSUMPTION-25",
)
# fmt: on
EXAMPLE_IDS = tuple(f"EX-{n}" for n in range(1, 22))


def collect_test_names(directory: Path = HERE) -> list[str]:
    """Names of every ``test*`` function in ``test_*.py`` under ``directory``."""
    names = []
    for path in sorted(directory.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                names.append(node.name)
    return names


def missing(ids, names) -> list[str]:
    pats = [(i, re.compile(re.escape(i.replace("-", "_")) + r"(?!\d)")) for i in ids]
    return [i for i, p in pats if not any(p.search(n) for n in names)]


def test_the_frozen_lists_are_complete_and_unique():
    assert len(RULE_IDS) == 6 + 8 + 6 + 4 + 4 + 5 + 7 + 1 + 6 + 2 + 9 + 4 + 5 + 3 + 7
    assert len(set(RULE_IDS)) == len(RULE_IDS) and len(ASSUMPTION_IDS) == 25


def test_every_rule_id_has_a_named_test():
    assert missing(RULE_IDS, collect_test_names()) == []


def test_every_assumption_has_a_named_test():
    assert missing(ASSUMPTION_IDS, collect_test_names()) == []


def test_every_worked_example_has_a_named_test():
    names = [n for n in collect_test_names() if n.startswith("test_EX_")]
    assert missing(EXAMPLE_IDS, names) == []


def test_the_rulebook_part_has_every_id_in_our_words():
    ids = (*RULE_IDS, *ASSUMPTION_IDS, *EXAMPLE_IDS)
    assert list(RULES) == list(ids)
    assert all(text.endswith(".") and len(text.split()) >= 4 for text in RULES.values())
    table = rules(PioneerDays)
    assert table["ASSUMPTION-10"].option == "track_length"
    assert {o for rule in table.values() for o in rule.options} <= set(
        PioneerDays.defaults
    )


def test_the_check_fails_when_an_id_is_missing():
    assert missing(["PD-DIS-1"], ["test_PD_DIS_10_x"]) == ["PD-DIS-1"]
    assert missing(["EX-1"], ["test_EX_12_x"]) == ["EX-1"]
    assert missing(["PD-DIS-1"], ["test_PD_DIS_1_x"]) == []
