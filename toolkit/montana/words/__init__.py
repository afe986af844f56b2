"""What the play apps say about Montana: log sentences, buttons, the players table.

The shared apps (:mod:`toolkit.widgets`) ask :data:`WORDS` for everything that
depends on the game. Montana's board takes no clicks: every decision is a
button (hexes to build on are many, so they go into a dropdown).

>>> from toolkit import montana
>>> WORDS.label(None, None, montana.Work("fields", 3, "grain"))
'grain fields 3 (grain)'
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from toolkit.core import CHANCE
from toolkit.widgets.words import GameWords, who

__all__ = ["WORDS", "MontanaWords"]

_AREA = {"mine": "mine", "quarry": "quarry", "fields": "grain fields", "farm": "farm"}
_CITY = {
    "A": "small copper -> large copper",
    "B": "small stone -> large stone",
    "C": "2 grain",
    "D": "small copper + small stone",
}


def _workers(text: str) -> str:
    return text.replace("+", " + ")


class MontanaWords(GameWords):
    """Montana's presentation in the play apps."""

    spec = "the Montana spec (rule IDs M-*)"
    typed_example = "or type e.g. 'recruit', 'bank copper+stone', 'build 0,1'"
    rules: ClassVar[dict[str, str]] = {
        "over": "M-END-3",
        "chance": "M-RECRUIT-1",
        "turn": "M-TURN-2",
        "route": "M-BUILD-1",
    }
    groups = (
        ("recruit", "A · Recruit"),
        ("work", "B · Work"),
        ("city", "City"),
        ("build", "C · Build"),
        ("trade", "Cattle trade"),
        ("choice", "This step"),
    )
    hints: ClassVar[dict[str, str]] = {
        "recruit": "Spin the hiring wheel for 2 workers.",
        "work": "Workers to the bank or a production space.",
        "city": "Take a pumpkin and bid in the city.",
        "build": "Pay a hex's goods and settle next to an occupied hex.",
        "trade": "A cattle for a good, 3 coins or a worker, at any offer point.",
    }

    def label(self, game: Any, state: Any, action: Any) -> str:
        """A short button label for a legal action."""
        kind = type(action).__name__
        if kind == "Bank":
            return f"bank: {_workers(action.workers)}"
        if kind == "Work":
            return f"{_AREA[action.area]} {action.space} ({_workers(action.workers)})"
        if kind == "Small":
            return f"small space ({_workers(action.workers)})"
        if kind in ("City", "Place"):
            return f"{action.row}{action.column}: {_CITY[action.row]}"
        if kind == "Move":
            return f"move {action.steps} (pay {action.steps} grain)"
        if kind == "Trade":
            return f"cattle -> {action.gain}"
        if kind == "Done":
            return "no, thanks"
        return str(action)

    def group(self, game: Any, state: Any, action: Any) -> str:
        """The button group: recruit, work, city, build, trade or this step."""
        kind = type(action).__name__
        if kind == "Recruit":
            return "recruit"
        if kind in ("Bank", "Work"):
            return "work"
        if kind in ("City", "Place", "Pass", "Collect"):
            return "city"
        if kind == "Build":
            return "build"
        if kind == "Trade":
            return "trade"
        return "choice"

    def pick_list(self, action: Any) -> bool:
        """Hexes, production spaces and bank fields go into a dropdown."""
        return type(action).__name__ in ("Build", "Work", "Bank")

    def lines(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> list[str]:
        """Log lines: wheel stops, builds with their free settlements, trades."""
        seat = game.to_move(before)
        kind = type(action).__name__
        if seat == CHANCE:
            if kind == "Spin":
                a, b = game.tables.wheel[action.segment]
                return [f"The wheel stops on segment {action.segment} ({a} + {b})."]
            if kind == "Cap":
                return ["The turn cap is reached: this round is the last (M-END-5)."]
            return [f"{action} (chance)"]
        name = who(seat, names)
        if kind == "Build":
            h = game.geometry.at[(action.q, action.r)]
            extra = after.stack[h] - 1
            bonus = f", +{extra} free" if extra > 0 else ""
            return [
                f"{name} builds on {before.kinds[h]} ({action.q},{action.r}){bonus}."
            ]
        if kind == "Trade":
            return [f"{name} trades a cattle for {action.gain}."]
        return [f"{name}: {self.label(game, before, action)}"]

    def setup_summary(self, game: Any, state: Any, names: dict | None = None) -> str:
        """One line for the set-up."""
        first = game.progress(state).first
        if first is None:
            return "The landscape is laid out."
        coins = game.tables.first_coins  # the game's start_coins (M-SETUP-10)
        return (
            f"The landscape is laid out; {who(first, names)} starts with {coins} coins."
        )

    def players_html(self, session: Any) -> str:
        """A table of the player boards."""
        state = session.state
        head = (
            "<tr><th>player</th><th>left</th><th>grain</th><th>pumpkin</th>"
            "<th>copper</th><th>stone</th><th>C/S</th><th>workers</th><th>coins</th>"
            "<th>cattle</th><th>canteens</th></tr>"
        )
        rows = []
        for i, p in enumerate(state.players):
            g = p.goods
            rows.append(
                f"<tr><td>{html.escape(session.names[i])}</td><td>{p.left}</td>"
                f"<td>{g[0]}</td><td>{g[1]}</td><td>{g[2]}</td><td>{g[3]}</td>"
                f"<td>{g[4]}/{g[5]}</td><td>{sum(p.workers)}</td><td>{p.coins}</td>"
                f"<td>{p.cattle}</td><td>{p.canteens}</td></tr>"
            )
        return f"<table class='frontier-players'>{head}{''.join(rows)}</table>"

    def status(self, session: Any) -> str:
        """The heading; a capped game says so."""
        text = super().status(session)
        if session.over and session.state.capped:
            text += " (ended by the turn cap)"
        return text


WORDS = MontanaWords()
