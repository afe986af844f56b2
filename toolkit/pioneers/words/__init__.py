"""What the play apps say about Pioneers, and what clicks on its board play.

``WORDS`` (a :class:`PioneersWords`) is this game's ``words`` part for
:func:`toolkit.widgets.words.words_for`: the log sentences of :mod:`.log`
(each citing its rule), the button groups in the order of a turn, clickable
cities and connections (:mod:`.board`) and the players table.

>>> from toolkit.pioneers import Pioneers
>>> from toolkit.widgets.words import words_for
>>> words_for(Pioneers(players=2)) is WORDS
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from toolkit.core import CHANCE
from toolkit.widgets.words import GameWords

from . import board
from . import log as PW
from .log import describe, explain, final_words, label, setup_summary

__all__ = [
    "PHASE_WORDS",
    "WORDS",
    "PioneersWords",
    "describe",
    "explain",
    "final_words",
    "label",
    "setup_summary",
]

#: Decision phase -> what the player to move does in it (the status line).
PHASE_WORDS = {
    "buy": "buy (or end purchases)",
    "road": "place the road just bought",
    "move": "move the stagecoach",
    "settle": "settle a pioneer",
    "sergeant": "place a free sergeant road (or skip)",
    "innkeeper": "return a pioneer with the innkeeper (or skip)",
    "farmer": "add farmers (or skip)",
    "join": "join or decline",
}


class PioneersWords(GameWords):
    """Pioneers: the sentences of :mod:`.log`, clickable cities and connections."""

    spec = "the Pioneers specification"
    typed_example = "or type an action, e.g. move BUF-CLE $1"
    board_clicks = True
    rules: ClassVar[dict[str, str]] = {
        "over": "P-END-2",
        "chance": "P-FLOW-2",
        "turn": "P-FLOW-1",
        "route": "P-MOVE-1",
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

    def explain(self, game: Any, error: Any) -> str:
        """City ids in the message are followed by their names."""
        return PW.explain(game, error)

    def setup_summary(self, game: Any, state: Any, names: dict | None = None) -> str:
        """Tiles, market, start wagons and the start player in one line."""
        return PW.setup_summary(game, state, names)

    def lines(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> list[str]:
        """The sentences of :func:`.log.describe`; the set-up gets one summary line."""
        if before.round > 0:
            return PW.describe(game, before, action, after, names)
        if after.round > 0:  # the set-up's chance turns get one summary line
            return [
                PW.setup_summary(game, after, names),
                *PW.describe(game, before, action, after, names)[1:],
            ]
        return []

    def label(self, game: Any, state: Any, action: Any) -> str:
        """Short labels such as ``Move to DET ($2)`` (:func:`.log.label`)."""
        return PW.label(game, state, action)

    def group(self, game: Any, state: Any, action: Any) -> str:
        """The step of the turn the phase belongs to (income ... join)."""
        return PW.GROUPS.get(state.phase, state.phase)

    def current_group(self, game: Any, state: Any) -> str | None:
        """The step of the turn being decided."""
        return PW.GROUPS.get(state.phase)

    def group_note(self, session: Any, key: str) -> str | None:
        """The income of the turn, in the income group."""
        state = session.state
        if key == "income" and state.round > 0 and not session.over:
            pl = state.players[state.active]
            income = session.game._income + min(pl.bankers, 2)  # the game's income
            return (
                f"{session.names[state.active]} receives ${income} this turn (P-INC-1)."
            )
        return None

    # ----- clicks on the board ------------------------------------------------------

    def click_target(
        self, game: Any, fig: Any, trace: str, index: int, xy: tuple
    ) -> tuple:
        """Cities, connections, and pieces standing on a city."""
        if trace == "cities":
            return ("city", game.board.ids[index])
        if trace == "connection info":
            return ("connection", *game.board.edge_ids(index))
        if trace.startswith("pioneers seat") or trace == "coach":
            # a pioneer or the coach stands on a city: the nearest one is meant
            x, y = xy
            cities = next(tr for tr in fig.data if tr.name == "cities")
            pos = list(zip(cities.x, cities.y, strict=True))
            nearest = min(
                range(len(pos)),
                key=lambda c: (pos[c][0] - x) ** 2 + (pos[c][1] - y) ** 2,
            )
            return ("city", game.board.ids[nearest])
        return ()

    def click_city(self, session: Any, city: str) -> Any:
        """Move the stagecoach to ``city`` (:func:`.board.click_city`)."""
        return board.click_city(session, city)

    def route_choices(self, session: Any, city: str, limit: int = 12) -> list:
        """One route per payment outcome to ``city`` (:func:`.board.route_choices`)."""
        return board.route_choices(session, city, limit)

    def click_connection(self, session: Any, a: str, b: str) -> tuple:
        """Buy and place a road, or place one (:func:`.board.click_connection`)."""
        return board.click_connection(session, a, b)

    def choice_text(self, session: Any, action: Any) -> str:
        """The route with its cost and who is paid."""
        pay = session.game.payments(session.state, action.path)
        split = ", ".join(
            (f"${v} bank" if k == "bank" else f"${v} {PW.player(k)}")
            for k, v in sorted(pay.items(), key=str)
        )
        route = f"{'-'.join(action.path)}  ${action.cost}"
        return route + (f" ({split})" if split else "")

    def choices_prompt(self, city: str, count: int) -> str:
        """How many ways to pay lead to ``city`` and how to pick one."""
        return (
            f"{count} way(s) to pay for the trip to {city}: you steer the "
            "stagecoach, so the route decides who gets your money (the bank or a "
            "road's owner). Pick one below and press 'Move along this route' "
            "(ASSUMPTION-4)."
        )

    def pick_list(self, action: Any) -> bool:
        """Roads go into a dropdown (there are many connections)."""
        from toolkit.pioneers import actions as A

        return isinstance(action, (A.PlaceRoad, A.SergeantRoad))

    def picker_text(self) -> tuple[str, str]:
        """The road dropdown's prompt and button."""
        return "Click a connection on the board, or:", "Place road"

    def status(self, session: Any) -> str:
        """Round, seat and what to do in the phase; or the result."""
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
        """Money, VP now, roads, pioneers and wagons (:func:`.board.players_html`)."""
        return board.players_html(session)

    def final(self, session: Any) -> list:
        """The final score breakdown chart."""
        import ipywidgets as W

        from toolkit import viz
        from toolkit.viz.figurewidget import FigureWidget

        fig = viz.score_breakdown_chart(session.game, session.state)
        return [W.HTML("<b>Final score breakdown</b>"), FigureWidget(fig)]


WORDS = PioneersWords()
