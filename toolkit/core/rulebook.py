"""A game's rules table: every rule ID with a sentence in the toolkit's own words.

The ``rulebook`` part of a game (``toolkit/<game>/rulebook.py``) defines

``RULES``
    ``dict[str, str]``: rule ID (``"P-MOVE-4"``, ``"ASSUMPTION-3"``, ``"EX-2"``)
    -> one or two sentences in our words (never the rulebook's text), in the
    order of the game's specification.
``OPTIONS`` (optional)
    ``dict[str, str]``: the ID of an ASSUMPTION or [ENGINE] default -> the name
    of the option (in the game's ``defaults``) that changes it.

Errors, the apps (a rule ID in a log opens its text) and the generated rules
pages in ``docs/`` read the same table, and each game's rule-coverage tests
check it. IDs are unique within a game; two games may use the same ID for
different rules, so a rule is always looked up *for a game*.

>>> from toolkit.core.rulebook import rules
>>> rules(object())
{}
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .parts import part


class Rule(NamedTuple):
    """One row of a game's rules table."""

    id: str
    text: str
    option: str | None = None


def rules(game: Any) -> dict[str, Rule]:
    """The rules table of ``game`` (a game object or class), ``{}`` without one."""
    book = part(game, "rulebook")
    if book is None:
        return {}
    options: dict[str, str] = getattr(book, "OPTIONS", {})
    return {
        rule_id: Rule(rule_id, text, options.get(rule_id))
        for rule_id, text in book.RULES.items()
    }


def rule_text(game: Any, rule_id: str) -> str | None:
    """The sentence for ``rule_id`` in ``game``'s table, or ``None`` if it has none."""
    rule = rules(game).get(rule_id)
    return None if rule is None else rule.text


__all__ = ["Rule", "rule_text", "rules"]
