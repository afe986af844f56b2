"""Every rule ID and worked example of the Montana spec has a named test, and the
rulebook part has a sentence for each.

The IDs below are a frozen copy of the spec's list (the project never reads the
spec itself). A rule is covered when a test function under ``tests/montana/``
has the ID in its name, written with underscores: ``M-CITY-3`` ->
``test_M_CITY_3_...``. Test functions are found with :mod:`ast`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from toolkit.core import make_game
from toolkit.core.rulebook import rules
from toolkit.montana.rulebook import OPTIONS, RULES

HERE = Path(__file__).resolve().parent


def _ids(prefix, n):
    return tuple(f"{prefix}-{k}" for k in range(1, n + 1))


RULE_IDS = (
    _ids("M-COMP", 6) + _ids("M-SETUP", 10) + _ids("M-TURN", 5) + _ids("M-SUPPLY", 4)
    + _ids("M-RECRUIT", 6) + _ids("M-WORK", 2) + _ids("M-BANK", 3) + _ids("M-PROD", 5)
    + _ids("M-CITY", 7) + _ids("M-BUILD", 9) + _ids("M-CATTLE", 2) + _ids("M-CANTEEN", 1)
    + _ids("M-END", 6) + _ids("M-DATA", 7) + _ids("ASSUMPTION", 26)
)  # fmt: skip
EXAMPLE_IDS = _ids("EX", 17)


def collect_test_names(directory: Path = HERE) -> list[str]:
    names = []
    for path in sorted(directory.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                names.append(node.name)
    return names


def name_pattern(rule_id: str) -> re.Pattern:
    return re.compile(re.escape(rule_id.replace("-", "_")) + r"(?!\d)")


def missing(ids, names) -> list[str]:
    return [i for i in ids if not any(name_pattern(i).search(n) for n in names)]


def test_the_frozen_lists_are_complete_and_unique():
    assert len(RULE_IDS) == 73 + 26 and len(set(RULE_IDS)) == len(RULE_IDS)


def test_every_rule_id_has_a_named_test():
    assert missing(RULE_IDS, collect_test_names()) == []


def test_every_worked_example_has_a_named_test():
    examples = [n for n in collect_test_names() if n.startswith("test_EX_")]
    assert missing(EXAMPLE_IDS, examples) == []


def test_the_check_fails_when_an_id_is_missing():
    assert missing(["M-CITY-1"], ["test_M_CITY_10_x"]) == ["M-CITY-1"]
    assert missing(["EX-1"], ["test_EX_1_x"]) == []


def test_the_rulebook_names_every_id_in_our_words():
    assert list(RULES) == [*RULE_IDS, *EXAMPLE_IDS]
    for rule_id, text in RULES.items():
        assert text.endswith(".") and len(text.split()) >= 4, rule_id
    game = make_game("montana", 2)
    table = rules(game)
    assert set(table) == set(RULES)
    for rule_id, option in OPTIONS.items():
        assert table[rule_id].option == option
        assert set(table[rule_id].options) <= set(game.defaults), rule_id
