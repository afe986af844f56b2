"""A game's rules table: every rule ID with a sentence in the toolkit's own words.

The ``rulebook`` part of a game (``toolkit/<game>/rulebook.py``) defines

``RULES``
    ``dict[str, str]``: rule ID (``"P-MOVE-4"``, ``"ASSUMPTION-3"``, ``"EX-2"``)
    -> one or two sentences in our words (never the rulebook's text), in the
    order of the game's specification.
``TITLE`` (optional)
    the game's name as the rules page shows it.
``OPTIONS`` (optional)
    ``dict[str, str]``: the ID of an ASSUMPTION or [ENGINE] default -> the name
    of the option (in the game's ``defaults``) that changes it (several names
    separated by ``", "``).

A few IDs belong to the toolkit rather than to a game (``GAME-OVER``,
``NOTATION``, ``BOARD``, ``REDO``, ``ACTION-MASK``); they are in
:data:`TOOLKIT_RULES` and every game's lookup falls back to them.

Errors, the apps (a rule ID in a log opens its text) and the generated rules
pages in ``docs/`` read the same table, and each game's rule-coverage tests
check it. IDs are unique within a game; two games may use the same ID for
different rules, so a rule is always looked up *for a game*.

>>> from toolkit.core.rulebook import rules, rule_text
>>> rules(object())
{}
>>> rule_text(object(), "GAME-OVER")
'The game has ended: no more actions can be played.'
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .parts import part

#: Rule IDs the toolkit itself raises, for every game (a game's table wins).
TOOLKIT_RULES: dict[str, str] = {
    "GAME-OVER": "The game has ended: no more actions can be played.",
    "NOTATION": "The text could not be read as an action of this game; the "
    "buttons show the notation it understands.",
    "BOARD": "That click on the board means nothing in this phase of the game.",
    "REDO": "Redo plays again only what undo took back.",
    "ACTION-MASK": "An agent of PettingZoo or OpenSpiel picked an action number "
    "its action mask marks as illegal.",
    "END": "The game has ended: nobody can move any more.",
    "CHANCE": "The dice or the deck decide next, not a player.",
    "TURN": "Another player is to move now; wait for your turn.",
}

#: A rule ID in a text: ``P-MOVE-4``, ``A-PB-6``, ``EX-12``, ``EX-12a``,
#: ``ASSUMPTION-3``, and an engine's own ``ASSUMPTION-E1`` ("E": not the spec's).
RULE_ID = re.compile(
    r"\b(?:[A-Z]+-)+E?\d+[a-z]?\b|\b(?:GAME-OVER|NOTATION|BOARD|REDO|ACTION-MASK)\b"
)


class Rule(NamedTuple):
    """One row of a game's rules table."""

    id: str
    text: str
    option: str | None = None

    @property
    def options(self) -> tuple[str, ...]:
        """The option names that change this rule (none for most)."""
        return tuple(self.option.split(", ")) if self.option else ()


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
    """The sentence for ``rule_id`` in ``game``'s table (or the toolkit's), else ``None``."""
    rule = rules(game).get(rule_id)
    return TOOLKIT_RULES.get(rule_id) if rule is None else rule.text


def cited(game: Any, text: str) -> list[Rule]:
    """The rules a text cites, in order, once each (IDs the table lacks are left out).

    >>> [r.id for r in cited(object(), "GAME-OVER: over; REDO; GAME-OVER")]
    ['GAME-OVER', 'REDO']
    """
    table = rules(game)
    out: dict[str, Rule] = {}
    for rule_id in RULE_ID.findall(text):
        if rule_id in out:
            continue
        if rule_id in table:
            out[rule_id] = table[rule_id]
        elif rule_id in TOOLKIT_RULES:
            out[rule_id] = Rule(rule_id, TOOLKIT_RULES[rule_id])
    return list(out.values())


def rules_page(game: Any) -> str:
    """The Markdown rules page of ``game`` (``docs/rules/<game>.md``), from its table."""
    name = getattr(game, "name", type(game).__name__)
    title = getattr(part(game, "rulebook"), "TITLE", name)
    lines = [
        f"# Rules of {title}: every rule ID in the toolkit's words",
        "",
        "<!-- Generated from the game's rules table "
        f"(toolkit/{name}/rulebook.py) by `python -m toolkit rules {name}`; "
        "do not edit by hand. -->",
        "",
        "Error messages, the play apps' logs and the lessons cite these IDs. "
        "`ASSUMPTION-n` are the defaults the engine chose where the rulebook is "
        "silent, `EX-n` the worked examples (each is a test). "
        "The option column names the game option that changes a rule.",
        "",
        "| ID | Rule | Option |",
        "| --- | --- | --- |",
    ]
    for rule in rules(game).values():
        text = rule.text.replace("|", "\\|")
        option = ", ".join(f"`{o}`" for o in rule.options)
        lines.append(f"| `{rule.id}` | {text} | {option} |")
    lines += [
        "",
        "IDs the toolkit itself uses, for every game:",
        "",
        "| ID | Meaning |",
        "| --- | --- |",
    ]
    lines += [f"| `{k}` | {v} |" for k, v in TOOLKIT_RULES.items()]
    return "\n".join(lines) + "\n"


__all__ = [
    "RULE_ID",
    "TOOLKIT_RULES",
    "Rule",
    "cited",
    "rule_text",
    "rules",
    "rules_page",
]
