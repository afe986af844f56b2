"""ipywidgets apps for the lessons: play, explore routes, replay, stage positions.

=====================  ==========================================================
:class:`PlayApp`       play any game against bots: legal actions as buttons, click
                       the board, undo/redo, a log citing rule IDs, "why not?"
:class:`RouteExplorer`  every stagecoach route to a target with its tolls, and
                       Dijkstra step by step on a slider
:class:`ReplayApp`     a slider over a game record, with the board and VP chart
:class:`PositionEditor` stage a position (tiles, roads, coach, money, wagons) with
                       the builder the tests use, then open it in the other apps
:class:`Quiz`          an exercise whose answer the lesson computes with the library
=====================  ==========================================================

All of them are ``ipywidgets.VBox`` subclasses showing a plotly ``FigureWidget``
from :mod:`toolkit.viz`; they work in JupyterLab and in Voila. Every callback
explains an illegal action in a message line and leaves the game unchanged.
The game logic behind PlayApp is :class:`~toolkit.widgets.session.Session`,
which has no widget code and can be driven from tests or scripts. What the apps
say about a game comes from its ``words`` part (:mod:`toolkit.widgets.words`).
"""

from __future__ import annotations

from .play import PlayApp
from .quiz import Quiz
from .replay import ReplayApp
from .session import BotError, Session

__all__ = [
    "BotError",
    "PlayApp",
    "Quiz",
    "ReplayApp",
    "Session",
]
