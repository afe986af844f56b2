"""Every game has a rules table that its refusals, the apps and docs/rules use.

The ``rulebook`` part (:mod:`toolkit.core.rulebook`): every game of
:data:`toolkit.GAMES` has one; no sentence is empty; each OPTIONS entry names a
rule of the table and options the game has; every rule ID an
:class:`IllegalAction` carries in seeded random games (actions legal in one
state tried in others) and in the fuzz corpus of ``test_fuzz`` is in the table
(or the toolkit's own IDs); the committed pages ``docs/rules/<game>.md`` are what
``python -m toolkit rules`` writes today.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import toolkit
from toolkit.core import IllegalAction
from toolkit.core.record import game_class
from toolkit.core.rulebook import (
    RULE_ID,
    TOOLKIT_RULES,
    cited,
    rule_text,
    rules,
    rules_page,
)

from . import test_fuzz

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(toolkit.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_rules_table_without_empty_sentences(name):
    table = rules(game_class(name))
    assert len(table) >= 20, f"{name} has no real rules table"
    for rule in table.values():
        assert RULE_ID.fullmatch(rule.id), f"{rule.id!r} is not a rule ID"
        assert rule.text.strip(), f"{name} {rule.id}: empty sentence"
        assert rule.text.rstrip().endswith((".", ")")), f"{name} {rule.id}"
        assert len(rule.text) < 400, f"{name} {rule.id}: one or two sentences"
    texts = [r.text for r in table.values()]
    dupes = {t for t in texts if texts.count(t) > 1}
    assert not dupes, f"{name}: the same sentence for several IDs: {dupes}"


@pytest.mark.parametrize("name", GAMES)
def test_options_name_rules_of_the_table_and_options_of_the_game(name):
    cls = game_class(name)
    table = rules(cls)
    for rule in table.values():
        for option in rule.options:
            assert option in cls.defaults, f"{name} {rule.id}: no option {option!r}"


def _raised_rules(name):
    """Rule IDs refused in seeded random games and the fuzz corpus of test_fuzz."""
    game, states = test_fuzz._states(name)
    seen = set()
    rng = random.Random(f"rulebook:{name}")
    for state in states[::4]:
        for other in rng.sample(states, 4):
            for action in test_fuzz._choices(game, other)[:8]:
                try:
                    game.apply(state, action)
                except IllegalAction as err:
                    seen.add(err.rule)
    for outcome in test_fuzz._corpus_outcomes(name):
        kind, _, rule = outcome.partition(" ")
        if kind not in ("accepted", "crash", "parse"):
            seen.add(rule)
    try:  # the last state of a game that ended refuses everything
        game.apply(states[-1], test_fuzz._choices(game, states[0])[0])
    except IllegalAction as err:
        seen.add(err.rule)
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_an_illegal_action_cites_is_in_the_table(name):
    seen = _raised_rules(name)
    assert len(seen) >= 5, f"too few refusals seen to check: {seen}"
    missing = sorted(r for r in seen if rule_text(game_class(name), r) is None)
    assert missing == [], f"{name} refuses with rule IDs its table lacks: {missing}"


def test_the_check_fails_for_an_unknown_rule():
    assert rule_text(game_class(GAMES[0]), "X-NOPE-1") is None
    assert rule_text(game_class(GAMES[0]), "GAME-OVER") == TOOLKIT_RULES["GAME-OVER"]


@pytest.mark.parametrize("name", GAMES)
def test_the_committed_rules_page_is_up_to_date(name):
    page = ROOT / "docs" / "rules" / f"{name}.md"
    assert page.exists(), "run: python -m toolkit rules --write docs/rules"
    assert page.read_text(encoding="utf-8") == rules_page(game_class(name)), (
        "docs/rules is stale: run python -m toolkit rules --write docs/rules"
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_rules_page_lists_every_rule(name):
    cls = game_class(name)
    page = rules_page(cls)
    for rule in rules(cls).values():
        assert f"| `{rule.id}` | " in page


def test_cited_finds_rule_ids_in_text_for_one_game():
    cls = game_class(GAMES[0])
    some = list(rules(cls))[:2]
    text = f"refused: {some[1]}: because; see {some[0]} and {some[1]}, EX-999"
    assert [r.id for r in cited(cls, text)] == [some[1], some[0]]


def test_the_cli_prints_and_writes_rules_pages(tmp_path, capsys):
    from toolkit.cli import main

    assert main(["rules", GAMES[0]]) == 0
    assert capsys.readouterr().out == rules_page(game_class(GAMES[0]))
    assert main(["rules", "no-such-game"]) == 2
    assert main(["rules", "--write", str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.md")) == GAMES
