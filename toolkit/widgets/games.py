"""Per-game presentation for :class:`Session` and :class:`PlayApp`: one object per game.

Everything the play widget says or shows that depends on the game (log
sentences, button labels and groups, the status line, the players table, the
final result, which board clicks mean something, which rule a refusal cites)
lives in a :class:`GameWords` object picked by ``game.name`` from
:data:`WORDS` (``"module:attribute"`` strings, imported lazily). A game
without an entry gets the generic :class:`GameWords`: ``str(action)`` with the
seat's name in the log, buttons grouped by ``state.phase``, scores as the result.

>>> from toolkit.anno1503 import Anno1503
>>> words_for(Anno1503(players=2)).spec
'the Anno 1503 specification'
"""

from __future__ import annotations

import html
import importlib
from typing import Any, ClassVar

from . import words as PW
from .words import explain, who

__all__ = ["WORDS", "GameWords", "words_for"]

#: Game name -> its presentation (``"module:attribute"``).
WORDS = {
    "pioneers": "toolkit.widgets.games:PIONEERS",
    "anno1503": "toolkit.widgets.anno_words:ANNO1503",
}


class GameWords:
    """The generic presentation: works for any game on the shared protocol."""

    #: Shown in the log header ("rule IDs from ...").
    spec = "the game's rules"
    #: Placeholder of the "type an action" box.
    typed_example = "or type an action in the game's notation"
    #: Whether a click on a city or connection of the board means an action.
    board_clicks = False
    #: Rule IDs cited when nobody may click: the game is over, chance is next,
    #: another seat is to move.
    rules: ClassVar[dict[str, str]] = {
        "over": "END",
        "chance": "CHANCE",
        "turn": "TURN",
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
        """The button group of a legal action: the phase, else the action's class."""
        return str(getattr(state, "phase", None) or type(action).__name__)

    def current_group(self, game: Any, state: Any) -> str | None:
        """The group highlighted while a bot decides (None: no highlight)."""
        phase = getattr(state, "phase", None)
        return None if phase is None else str(phase)

    def group_note(self, session: Any, key: str) -> str | None:
        """A fixed note shown in a group whatever its state (None: none)."""
        return None

    def pick_list(self, action: Any) -> bool:
        """Whether many actions of this kind go into a dropdown instead of buttons."""
        return False

    def picker_text(self) -> tuple[str, str]:
        """The dropdown's prompt and its button's label."""
        return "Too many to show as buttons; choose one:", "Play"

    # ----- bots and the board ---------------------------------------------------------

    def bot(self, game: Any, spec: str) -> Any:
        """A game-specific bot for ``spec``, or None for ``make_agent(spec)``."""
        return None

    def board_seat(self, session: Any) -> int | None:
        """Draw the board as this seat sees it (None: everything)."""
        return None

    def board_click_message(self, game: Any) -> str:
        """What a click on a board that takes no clicks answers."""
        title = getattr(game, "title", None) or getattr(game, "name", "this game")
        return (
            f"clicking the board plays nothing in {title}: press one of the "
            "action buttons, or type an action."
        )

    # ----- status and result ----------------------------------------------------------

    def winners(self, game: Any, state: Any) -> tuple[int, ...]:
        """The winning seats (empty when nobody won)."""
        if hasattr(game, "winners"):
            return tuple(game.winners(state))
        if hasattr(game, "winner"):
            w = game.winner(state)
            return () if w is None else (w,)
        scores = list(game.scores(state))
        top = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == top)

    def status(self, session: Any) -> str:
        """The heading: whose turn and what to do, or the result."""
        s = session
        if s.over:
            win = self.winners(s.game, s.state)
            if not win:
                return "Game over: no winner"
            return (
                "Game over: "
                + " and ".join(s.names[w] for w in win)
                + (" wins" if len(win) == 1 else " share the victory")
            )
        seat = s.to_move
        if not isinstance(seat, int) or seat < 0:
            return "Chance turn"
        me = s.names[seat] + (
            " (you)" if seat in s.humans and len(s.humans) == 1 else ""
        )
        phase = getattr(s.state, "phase", "")
        return f"{me} to move" + (f" · {phase}" if phase else "")

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


class PioneersWords(GameWords):
    """Pioneers: the sentences of :mod:`.words`, clickable cities and connections."""

    spec = "the Pioneers specification"
    typed_example = "or type an action, e.g. move BUF-CLE $1"
    board_clicks = True
    rules: ClassVar[dict[str, str]] = {
        "over": "P-END-2",
        "chance": "P-FLOW-2",
        "turn": "P-FLOW-1",
    }
    groups = (
        ("income", "1 · Income"),
        ("purchase", "2 · Purchase"),
        ("move", "3 · Move"),
        ("settle", "4 · Settle"),
        ("join", "5 · Join"),
    )
    hints: ClassVar[dict[str, str]] = {
        "income": "Each turn starts with $3 + $1 per banker (P-INC-1).",
        "purchase": (
            "Buy roads ($2 / $5) or a market wagon ($1-$4), or end purchases (P-BUY-1)."
        ),
        "move": "Click a target city on the board, or a button here (P-MOVE-1).",
        "settle": (
            "After the move: settle a pioneer and use the tile (P-SETTLE-1, P-TILE)."
        ),
        "join": "When someone settles, the others may join for $2 (P-JOIN-1).",
    }

    def lines(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> list[str]:
        if before.round > 0:
            return PW.describe(game, before, action, after, names)
        if after.round > 0:  # the set-up's chance turns get one summary line
            return [
                PW.setup_summary(game, after, names),
                *PW.describe(game, before, action, after, names)[1:],
            ]
        return []

    def label(self, game: Any, state: Any, action: Any) -> str:
        return PW.label(game, state, action)

    def group(self, game: Any, state: Any, action: Any) -> str:
        return PW.GROUPS.get(state.phase, state.phase)

    def current_group(self, game: Any, state: Any) -> str | None:
        return PW.GROUPS.get(state.phase)

    def group_note(self, session: Any, key: str) -> str | None:
        state = session.state
        if key == "income" and state.round > 0 and not session.over:
            from toolkit.pioneers.rules import INCOME

            pl = state.players[state.active]
            return (
                f"{session.names[state.active]} receives "
                f"${INCOME + min(pl.bankers, 2)} this turn (P-INC-1)."
            )
        return None

    def pick_list(self, action: Any) -> bool:
        from toolkit.pioneers import actions as A

        return isinstance(action, (A.PlaceRoad, A.SergeantRoad))

    def picker_text(self) -> tuple[str, str]:
        return "Click a connection on the board, or:", "Place road"

    def winners(self, game: Any, state: Any) -> tuple[int, ...]:
        return tuple(game.winners(state))

    def status(self, session: Any) -> str:
        from toolkit.core import CHANCE

        from .play import PHASE_WORDS

        s = session
        state = s.state
        if s.over:
            return super().status(session)
        seat = s.to_move
        if seat == CHANCE:
            return f"Round {state.round}: chance turn"
        me = s.names[seat] + (
            " (you)" if seat in s.humans and len(s.humans) == 1 else ""
        )
        doing = PHASE_WORDS.get(state.phase, state.phase)
        return f"Round {state.round} · {me} to {doing}"

    def players_html(self, session: Any) -> str:
        from .play import players_html

        return players_html(session)

    def final(self, session: Any) -> list:
        import ipywidgets as W
        import plotly.graph_objects as go

        from toolkit import viz

        fig = viz.score_breakdown_chart(session.game, session.state)
        return [W.HTML("<b>Final score breakdown</b>"), go.FigureWidget(fig)]


PIONEERS = PioneersWords()

_cache: dict[str, GameWords] = {}


def words_for(game: Any) -> GameWords:
    """The presentation of ``game`` (dispatch on ``game.name``; generic fallback)."""
    name = getattr(game, "name", "")
    if name not in _cache:
        target = WORDS.get(name)
        if target is None:
            _cache[name] = GameWords()
        else:
            module, _, attr = target.partition(":")
            _cache[name] = getattr(importlib.import_module(module), attr)
    return _cache[name]
