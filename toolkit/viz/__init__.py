"""Pictures of games: boards, player panels and charts as plotly figures.

Presentation only: the rules engines never import this package, and nothing
here changes a state. Importing ``toolkit.viz`` is cheap; plotly loads when a
figure is first asked for.

>>> from toolkit import viz
>>> from toolkit.core import play, random_agent
>>> from toolkit.toy import Race
>>> game = Race(players=2)
>>> state, record = play(game, [random_agent] * 2, seed=1)
>>> fig = viz.draw(game, state)  # the board
>>> fig.layout.title.text.startswith("<b>race</b> · game over")
True

A game draws itself with its ``view`` part (``toolkit/<game>/view/``, found by
``toolkit.core.part(game, "view")``), which has ``draw_board``,
``update_board`` and ``draw_panel``; :func:`draw`, :func:`update` and
:func:`panel` call them. A game without a view part gets the generic board of
:mod:`toolkit.viz.generic` (each seat's score, who is to move). Charts
(:mod:`toolkit.viz.charts`) work from records and tournament tables.
"""

from __future__ import annotations

import importlib
from typing import Any

_CHARTS = (
    "vp_over_game",
    "score_breakdown_chart",
    "money_flow",
    "replay_animation",
    "records_table",
    "readable",
)

_MODULES = (
    "theme",
    "charts",
    "animation",
    "common",
    "generic",
    "gallery",
    "layout",
    "render",
)


def board_module(game: Any) -> Any:
    """The module that draws ``game``: its ``view`` part, else :mod:`.generic`."""
    from toolkit.core import part

    view = part(game, "view")
    if view is None:
        from . import generic as view
    return view


def draw(game: Any, state: Any, route: Any = None, **options: Any) -> Any:
    """The board of ``state`` as a ``plotly.graph_objects.Figure``.

    ``route`` highlights a move on the board where the game's view can draw one
    (a path through the board, with what it costs). Other options go to the
    view's ``draw_board`` (e.g. ``seat=``, ``width=``, ``widget=True``).
    """
    return board_module(game).draw_board(game, state, route, **options)


def update(fig: Any, game: Any, state: Any, route: Any = None, **options: Any) -> Any:
    """Redraw ``fig`` (from :func:`draw`) in place for another position; returns it."""
    return board_module(game).update_board(fig, game, state, route, **options)


#: The same, under the name the lessons use: ``update_board(fig_widget, game, state)``.
update_board = update


def panel(game: Any, state: Any, **options: Any) -> Any:
    """The players' side of the game (their boards, the market) as a figure."""
    return board_module(game).draw_panel(game, state, **options)


def __getattr__(name: str) -> Any:
    if name == "replay_animation":
        from .animation import replay_animation

        return replay_animation
    if name in _CHARTS:
        from . import charts

        return getattr(charts, name)
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "board_module",
    "draw",
    "panel",
    "update",
    "update_board",
    *_CHARTS,
]
