"""What the play apps say about a game, and which clicks on its board mean something.

Everything :class:`~toolkit.widgets.Session`, :class:`~toolkit.widgets.PlayApp`
and :class:`~toolkit.widgets.ReplayApp` say or show that depends on the game (log
sentences, button labels and groups, the status line, the players table, the
final result, which board clicks mean an action, which rule a refusal cites) is
asked of a :class:`GameWords` object: the ``WORDS`` of the game's ``words`` part
(:func:`toolkit.core.part`), found by :func:`words_for`. A game without a words
part gets the generic :class:`GameWords` itself: ``str(action)`` with the seat's
name in the log, buttons grouped by the action's class, a status line from
``game.progress``, ``game.scores`` in the players table and ``game.winners`` as
the result, and a board that takes no clicks.

>>> from toolkit.toy import Race
>>> words = words_for(Race(players=2))
>>> type(words).__name__, words.board_clicks
('GameWords', False)
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from toolkit.core import CHANCE, IllegalAction, part
from toolkit.core.rulebook import Rule, cited, rule_text

__all__ = [
    "COLOURS",
    "GameWords",
    "explain",
    "player",
    "rules_html",
    "who",
    "words_for",
]

#: Seat colour names, as the boards' legends show them (``toolkit.viz.theme``).
COLOURS = ("blue", "red", "green", "yellow")


def player(seat: int) -> str:
    """``"Blue"`` for seat 0, ... (the colour of the seat's pieces)."""
    return COLOURS[seat].capitalize() if 0 <= seat < len(COLOURS) else f"Seat {seat}"


def who(seat: int, names: dict | None = None) -> str:
    """The seat's display name: ``names[seat]`` if given, else its colour."""
    return (names or {}).get(seat) or player(seat)


def explain(game: Any, error: Any) -> str:
    """``"RULE: message"`` for an IllegalAction (just the message without a rule)."""
    rule = getattr(error, "rule", None)
    text = getattr(error, "message", None) or str(error)
    return f"{rule}: {text}" if rule else text


def rules_html(game: Any, text: str, first: str | None = None) -> str:
    """``text`` as HTML; if it cites rule IDs, a ``<details>`` that opens their text.

    The summary is the text itself; a click opens one line per rule it cites
    (``first``, e.g. a refusal's rule, comes first), from the game's rules table
    (:mod:`toolkit.core.rulebook`).

    >>> from toolkit.toy import Race
    >>> rules_html(Race(players=2), "no rule here")
    'no rule here'
    >>> "<details" in rules_html(Race(players=2), "REDO: nothing to redo")
    True
    """
    found = cited(game, text)
    if first is not None and all(r.id != first for r in found):
        sentence = rule_text(game, first)
        if sentence is not None:
            found.insert(0, Rule(first, sentence))
    if not found:
        return html.escape(text)
    items = "".join(
        f"<div><b>{html.escape(r.id)}</b> {html.escape(r.text)}</div>" for r in found
    )
    return (
        "<details class='frontier-rule'><summary style='cursor:pointer'>"
        f"{html.escape(text)}</summary>"
        "<div style='margin:2px 0 4px 16px;color:#5a4a30;font-size:92%'>"
        f"{items}</div></details>"
    )


class GameWords:
    """The generic presentation: works for any game on the shared protocol."""

    #: Shown in the log header ("rule IDs from ...").
    spec = "the game's rules"
    #: Placeholder of the "type an action" box.
    typed_example = "or type an action in the game's notation"
    #: Whether a click on a city or connection of the board means an action.
    board_clicks = False
    #: Rule IDs cited when nobody may click: the game is over, chance is next,
    #: another seat is to move; and when a route is played before one was listed.
    rules: ClassVar[dict[str, str]] = {
        "over": "END",
        "chance": "CHANCE",
        "turn": "TURN",
        "route": "BOARD",
    }
    #: ``(key, title)`` of the button groups in turn order; groups not listed
    #: here get a box of their own, titled by their key, when they first appear.
    groups: tuple[tuple[str, str], ...] = ()
    #: Help shown in an idle group.
    hints: ClassVar[dict[str, str]] = {}

    # ----- the log --------------------------------------------------------------------

    def lines(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> list[str]:
        """Log lines for ``action`` played in ``before`` giving ``after``."""
        seat = game.to_move(before)
        if isinstance(seat, int) and seat >= 0:
            return [f"{who(seat, names)}: {action}"]
        return [f"{action} (chance)"]

    def explain(self, game: Any, error: Any) -> str:
        """``"RULE: message"`` for an IllegalAction."""
        return explain(game, error)

    # ----- buttons --------------------------------------------------------------------

    def label(self, game: Any, state: Any, action: Any) -> str:
        """A short button label for a legal action."""
        return str(action)

    def group(self, game: Any, state: Any, action: Any) -> str:
        """The button group of a legal action (generic: the action's class name).

        Actions that are plain values (text, numbers) share one group, ``actions``.
        """
        kind = type(action)
        return "actions" if kind.__module__ == "builtins" else kind.__name__

    def current_group(self, game: Any, state: Any) -> str | None:
        """The group highlighted while a bot decides (None: no highlight)."""
        return None

    def group_note(self, session: Any, key: str) -> str | None:
        """A fixed note shown in a group whatever its state (None: none)."""
        return None

    def pick_list(self, action: Any) -> bool:
        """Whether many actions of this kind go into a dropdown instead of buttons."""
        return False

    def picker_text(self) -> tuple[str, str]:
        """The dropdown's prompt and its button's label."""
        return "Too many to show as buttons; choose one:", "Play"

    # ----- the board ---------------------------------------------------------

    def board_seat(self, session: Any) -> int | None:
        """Draw the board as this seat sees it (None: everything)."""
        return None

    def board_click_message(self, game: Any) -> str:
        """What a click on a board that takes no clicks answers."""
        return (
            f"clicking the board plays nothing in {game.name}: press one of the "
            "action buttons, or type an action."
        )

    def click_target(
        self, game: Any, fig: Any, trace: str, index: int, xy: tuple
    ) -> tuple:
        """What a click on point ``index`` of the ``fig`` trace named ``trace`` means.

        ``("city", id)``, ``("connection", a, b)`` or ``()`` for nothing
        (``xy`` is the clicked point, for pieces drawn over a place). Only asked
        when :attr:`board_clicks` is true.
        """
        return ()

    def click_city(self, session: Any, city: str) -> Any:
        """The action for a click on the board place ``city`` (or IllegalAction)."""
        raise IllegalAction("BOARD", self.board_click_message(session.game))

    def route_choices(self, session: Any, city: str, limit: int = 12) -> list:
        """The actions to choose from for a click on ``city`` (a route picker)."""
        raise IllegalAction("BOARD", self.board_click_message(session.game))

    def click_connection(self, session: Any, a: str, b: str) -> tuple:
        """The actions for a click on the connection ``a``-``b`` (or IllegalAction)."""
        raise IllegalAction("BOARD", self.board_click_message(session.game))

    def choice_text(self, session: Any, action: Any) -> str:
        """An entry of the route picker (see :meth:`route_choices`)."""
        return self.label(session.game, session.state, action)

    def choices_prompt(self, city: str, count: int) -> str:
        """What the message line says when the route picker lists ``count`` choices."""
        return f"{count} choices for {city}: pick one below and press the button."

    # ----- status and result ----------------------------------------------------------

    def setup_summary(self, game: Any, state: Any, names: dict | None = None) -> str:
        """One line for the set-up (every step before the first round)."""
        first = game.progress(state).first
        if first is None:
            return "The set-up is done."
        return f"The set-up is done; {who(first, names)} starts."

    def status(self, session: Any) -> str:
        """The heading: whose turn it is in which round, or the result."""
        s = session
        if s.over:
            win = tuple(s.game.winners(s.state))
            if not win:
                return "Game over: no winner"
            return (
                "Game over: "
                + " and ".join(s.names[w] for w in win)
                + (" wins" if len(win) == 1 else " share the victory")
            )
        progress = s.game.progress(s.state)
        where = f"Round {progress.round} · " if progress.round > 0 else ""
        seat = s.to_move
        if not isinstance(seat, int) or seat == CHANCE:
            return f"{where}chance turn"
        me = s.names[seat] + (
            " (you)" if seat in s.humans and len(s.humans) == 1 else ""
        )
        return f"{where}{me} to move"

    def players_html(self, session: Any) -> str:
        """A table of the players (generic: the scores)."""
        scores = session.game.scores(session.state)
        rows = "".join(
            f"<tr><td>{html.escape(session.names[i])}</td><td>{v}</td></tr>"
            for i, v in enumerate(scores)
        )
        return (
            "<table class='frontier-players'><tr><th>player</th><th>score</th></tr>"
            f"{rows}</table>"
        )

    def final(self, session: Any) -> list:
        """Widgets shown when the game is over."""
        import ipywidgets as W

        return [W.HTML(f"<b>{html.escape(self.status(session))}</b>")]


def words_for(game: Any) -> GameWords:
    """What the apps say about ``game``: its words part's ``WORDS``, else generic."""
    words = part(game, "words")
    return GameWords() if words is None else words.WORDS
