"""The board of a game without a view part: each seat's score, from the protocol.

:mod:`toolkit.viz` draws with a game's own ``view`` part when it has one; for
any other game it falls back to this module, which knows nothing but the
protocol. The board is a bar per seat (its ``game.scores``), the seat to move
outlined, and a title with ``game.progress`` (the round), who is to move and
how many legal actions it has (or, once the game is over, who won). The panel
is the same in a table. The module has the view contract (``draw_board``,
``update_board``, ``draw_panel``), so apps and replays work on any game.

>>> from toolkit.core import play, random_agent
>>> from toolkit.toy import Race
>>> from toolkit.viz import generic
>>> game = Race(players=2)
>>> final, record = play(game, [random_agent] * 2, seed=1)
>>> fig = generic.draw_board(game, game.setup())
>>> [t.name for t in fig.data]
['scores']
>>> generic.update_board(fig, game, final) is fig
True
>>> list(fig.data[0].y) == list(game.scores(final))
True
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from toolkit.core import CHANCE, is_over

from . import common as C
from . import theme as T

#: Stable trace names of the generic board.
TRACES = ("scores",)
#: Height of the generic board's plot in px.
PLOT_HEIGHT = 360
#: Outline width of the bar of the seat to move (others: 1).
TO_MOVE_LINE = 4


def _who(seat: int) -> str:
    return T.player_name(seat)


def status(game: Any, state: Any) -> str:
    """Where the game stands, in words.

    The round, who is to move and with how many choices; who won once it is over.
    """
    if is_over(game, state):
        won = game.winners(state)
        if not won:
            return "game over · no winner"
        return "game over · won: " + ", ".join(_who(s) for s in won)
    progress = game.progress(state)
    when = f"round {progress.round}" if progress.round else "set-up"
    seat = game.to_move(state)
    if seat == CHANCE:
        return f"{when} · chance to move"
    n = len(game.legal_actions(state))
    return f"{when} · {_who(seat)} to move · {n} legal action{'s' * (n != 1)}"


def _title(game: Any, state: Any) -> str:
    return f"<b>{game.name}</b> · {status(game, state)}"


def _scores(game: Any, state: Any, seat: int | None) -> tuple:
    return tuple(game.scores(state if seat is None else game.observe(state, seat)))


def board_data(
    game: Any, state: Any, route: Any = None, seat: int | None = None
) -> tuple[dict[str, dict], dict]:
    """What depends on the position: ``({trace name: properties}, layout updates)``.

    With ``seat=`` the scores are those of ``game.observe(state, seat)``, what
    that seat may know. ``route`` is accepted for the view contract; a generic
    board has no map to draw it on.
    """
    scores = _scores(game, state, seat)
    to_move = None if is_over(game, state) else game.to_move(state)
    won = set(game.winners(state)) if to_move is None else set()
    hover = []
    for s, v in enumerate(scores):
        note = " · to move" if s == to_move else " · won" if s in won else ""
        hover.append(f"{C.seat_label(s)}: {v}{note}")
    data = {
        "scores": {
            "x": [C.seat_label(s) for s in range(len(scores))],
            "y": list(scores),
            "text": [str(v) for v in scores],
            "hovertext": hover,
            "marker.line.width": [
                TO_MOVE_LINE if s == to_move else 1 for s in range(len(scores))
            ],
        }
    }
    return data, {"title.text": _title(game, state)}


def draw_board(
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    width: int | None = None,
    title: bool = True,
    widget: bool = False,
    **options: Any,
) -> go.Figure:
    """Each seat's score as a bar, the seat to move outlined (see the module).

    ``seat=`` draws what that seat may know; ``width=None`` lets the page decide;
    ``widget=True`` returns a ``go.FigureWidget``. Options meant for a game's
    own board (``labels=``, ``reach=``, ...) are accepted and have no effect.
    """
    n = game.players
    bars = go.Bar(
        name="scores",
        marker=dict(
            color=[T.player_colour(s) for s in range(n)],
            line=dict(color=T.INK),
        ),
        textposition="outside",
        hoverinfo="text",
        cliponaxis=False,
    )
    data, layout = board_data(game, state, route, seat)
    C.fill_traces([bars], data)
    from toolkit.viz.figurewidget import FigureWidget

    fig = (FigureWidget if widget else go.Figure)(data=[bars])
    fig.update_layout(
        template=T.template(),
        width=width,
        height=PLOT_HEIGHT + C.chrome(0),
        margin=C.MARGIN,
        showlegend=False,
        title=C.container_title(layout["title.text"] if title else None),
        xaxis=dict(fixedrange=True),
        yaxis=dict(title="score", fixedrange=True, rangemode="tozero"),
        meta={"game": game.name, "figure": "board", "view": "generic"},
    )
    return fig


def update_board(
    fig: Any,
    game: Any,
    state: Any,
    route: Any = None,
    *,
    seat: int | None = None,
    **options: Any,
) -> Any:
    """Show ``state`` in a figure from :func:`draw_board`, in place; returns it."""
    data, layout = board_data(game, state, route, seat)
    return C.apply_board_data(fig, data, layout)


def draw_panel(
    game: Any,
    state: Any,
    *,
    seat: int | None = None,
    width: int | None = None,
    title: bool = True,
    widget: bool = False,
    **options: Any,
) -> go.Figure:
    """A table of the seats: score, and who is to move or who won."""
    data, layout = board_data(game, state, None, seat)
    scores = data["scores"]["y"]
    to_move = None if is_over(game, state) else game.to_move(state)
    won = set(game.winners(state)) if to_move is None else set()
    notes = [
        "to move" if s == to_move else "won" if s in won else ""
        for s in range(len(scores))
    ]
    table = go.Table(
        name="scores table",
        header=dict(
            values=["<b>seat</b>", "<b>score</b>", ""],
            fill_color="#f1ede4",
            line_color=T.INK,
            align="left",
        ),
        cells=dict(
            values=[[C.seat_label(s) for s in range(len(scores))], scores, notes],
            fill_color=[[T.rgba(T.player_colour(s), 0.18) for s in range(len(scores))]],
            line_color=T.INK,
            align="left",
            height=28,
        ),
    )
    from toolkit.viz.figurewidget import FigureWidget

    fig = (FigureWidget if widget else go.Figure)(data=[table])
    fig.update_layout(
        template=T.template(),
        width=width,
        height=None if width is None else 40 * len(scores) + 60 + C.chrome(0),
        margin=C.MARGIN,
        title=C.container_title(layout["title.text"] if title else None),
        meta={"game": game.name, "figure": "panel", "view": "generic"},
    )
    return fig


__all__ = [
    "PLOT_HEIGHT",
    "TRACES",
    "board_data",
    "draw_board",
    "draw_panel",
    "status",
    "update_board",
]
