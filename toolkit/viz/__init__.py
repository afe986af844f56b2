"""Pictures of games: boards, player panels and charts as plotly figures.

Presentation only: the rules engines never import this package, and nothing
here changes a state. Importing ``toolkit.viz`` is cheap; plotly loads when a
figure is first asked for.

>>> from toolkit import pioneers, viz
>>> from toolkit.core import play, random_agent
>>> game = pioneers.Pioneers(players=4)
>>> state, record = play(game, [random_agent] * 4, seed=1)
>>> fig = viz.draw(game, state)  # the board
>>> [t.name for t in fig.data][:3]
['covered connections', 'connections', 'road casing']

Each game has a module ``toolkit.viz.<game name>`` with ``draw_board``,
``update_board`` and ``draw_panel``; :func:`draw`, :func:`update` and
:func:`panel` pick it from ``game.name``. Charts (:mod:`toolkit.viz.charts`)
work from records and tournament tables.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Game name -> module with ``draw_board``/``update_board``/``draw_panel``.
BOARDS = {"pioneers": "toolkit.viz.pioneers", "anno1503": "toolkit.viz.anno1503"}

_CHARTS = (
    "vp_over_game",
    "score_breakdown_chart",
    "money_flow",
    "replay_animation",
    "records_table",
)


def board_module(game: Any) -> Any:
    """The drawing module for ``game`` (dispatch on ``game.name``)."""
    name = getattr(game, "name", None)
    if name not in BOARDS:
        known = ", ".join(sorted(BOARDS))
        raise NotImplementedError(
            f"no board drawing for game {name!r} yet; implemented: {known}"
        )
    return importlib.import_module(BOARDS[name])


def draw(game: Any, state: Any, route: Any = None, **options: Any) -> Any:
    """The board of ``state`` as a ``plotly.graph_objects.Figure``.

    ``route`` highlights a stagecoach route (a ``MoveCoach``, a tuple of city ids
    or ``"A-B-C"``) with the cost of each step and who gets paid. Other options go
    to the game's ``draw_board`` (e.g. ``labels=``, ``width=``, ``widget=True``).
    """
    return board_module(game).draw_board(game, state, route, **options)


def update(fig: Any, game: Any, state: Any, route: Any = None, **options: Any) -> Any:
    """Redraw ``fig`` (from :func:`draw`) in place for another position; returns it."""
    return board_module(game).update_board(fig, game, state, route, **options)


#: The name the issue uses: ``update_board(fig_widget, game, state)``.
update_board = update


def panel(game: Any, state: Any, **options: Any) -> Any:
    """The players' boards and the market as a figure."""
    return board_module(game).draw_panel(game, state, **options)


def __getattr__(name: str) -> Any:
    if name in _CHARTS:
        from . import charts

        return getattr(charts, name)
    if name in ("theme", "charts", "pioneers", "anno1503", "gallery", "layout", "render"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BOARDS",
    "board_module",
    "draw",
    "panel",
    "update",
    "update_board",
    *_CHARTS,
]
