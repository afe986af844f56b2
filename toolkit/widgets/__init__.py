"""ipywidgets apps for the lessons, for every game: play, replay, quizzes.

=====================  ==========================================================
:class:`PlayApp`       play any game against bots: legal actions as buttons, click
                       the board, undo/redo, a log citing rule IDs, "why not?"
:class:`ReplayApp`     a slider over a game record, with the board and VP chart
:class:`Quiz`          an exercise whose answer the lesson computes with the library
=====================  ==========================================================

A game's own apps (a route explorer, a position editor) live in its ``view``
part, built on the pieces here.

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
