"""ReplayApp: step through a recorded game with a slider.

The board shows the position after the chosen step, the chart each player's
score turn by turn (as if the game ended then) with a line at the current
turn, and a sentence says what the step did, citing its rule. The set-up's
chance turns are skipped: step 0 is the first decision of the game.

>>> from toolkit import GAMES
>>> from toolkit.core import make_game, play, random_agent
>>> game = make_game(next(iter(GAMES)), players=2)
>>> state, record = play(game, [random_agent] * 2, seed=3)
>>> app = ReplayApp(record)  # doctest: +SKIP
"""

from __future__ import annotations

import html
from bisect import bisect_right
from pathlib import Path
from typing import Any

import ipywidgets as W

from toolkit import viz
from toolkit.core import Record, make_game, replay_states
from toolkit.viz import theme as T
from toolkit.viz.charts import turn_starts
from toolkit.viz.figurewidget import FigureWidget

from . import figures
from .common import App, guarded
from .words import player, words_for

__all__ = ["ReplayApp"]


class ReplayApp(App):
    """A slider over a game record with the board and the VP chart.

    Parameters
    ----------
    record : Record, or a path to a record's JSON file
        The game to replay (``toolkit.core.play`` returns one).
    game : a game on the shared protocol, optional
        The game it was played with; default rebuilt from the record's options.

    The steps start at the first decision of round 1 (the set-up is summed up
    in one line); what each step did is said in the game's words
    (:func:`toolkit.widgets.words.words_for`).
    """

    def __init__(
        self, record: Any, game: Any = None, width: int | None = figures.WIDTH
    ) -> None:
        if isinstance(record, (str, Path)):
            record = Record.load(record)
        if game is None:
            game = make_game(record.game, record.players, **record.options)
        super().__init__(game, layout=W.Layout(width="100%"))
        self.record = record
        states = list(replay_states(record, game))
        self.game_words = words_for(game)
        first = next(
            (i for i, s in enumerate(states) if game.progress(s).round > 0),
            len(states) - 1,
        )
        self.first = first
        self.states = states[first:]  # step k shows self.states[k]
        self.actions = list(record.actions[first:])  # action k leads to state k + 1
        self.fig = figures.board(game, self.states[0], width=width)
        # the chart has one point per turn; the line marks the turn of the step shown
        starts = turn_starts(game, states)
        self._turn = [
            max(bisect_right(starts, first + k) - 1, 0) for k in range(len(self.states))
        ]
        chart = viz.vp_over_game(record, game, height=360)
        chart.add_vline(x=0, line=dict(color=T.INK, width=1.5), name="now")
        self.chart = FigureWidget(chart)
        n = len(self.states) - 1
        self.slider = W.IntSlider(
            description="step",
            min=0,
            max=n,
            value=0,
            continuous_update=False,
            layout=W.Layout(width="520px"),
        )
        self.player = W.Play(min=0, max=n, value=0, interval=500, description="play")
        W.jslink((self.player, "value"), (self.slider, "value"))
        self.text = W.HTML()
        self.slider.observe(lambda ch: self.on_step(ch["new"]), names="value")
        who = ", ".join(f"{player(s)}: {a}" for s, a in enumerate(record.agents))
        head = W.HTML(
            f"<b>Replay</b> of a {record.players}-player game, seed "
            f"{record.seed}" + (f" ({html.escape(who)})" if who else "")
        )
        self.children = [
            head,
            W.HBox([self.player, self.slider]),
            self.text,
            self.message,
            self.fig,
            self.chart,
        ]
        self.refresh()

    @property
    def step(self) -> int:
        """The step shown."""
        return self.slider.value

    @property
    def state(self) -> Any:
        """The position shown."""
        return self.states[self.slider.value]

    @guarded
    def on_step(self, k: int) -> None:
        """Show the position after step ``k`` (0 = the first decision)."""
        if not 0 <= k < len(self.states):
            raise ValueError(f"step {k} is outside 0..{len(self.states) - 1}")
        if self.slider.value != k:
            self.slider.value = k  # observing the slider calls on_step again: harmless

    def words(self, k: int) -> list[str]:
        """What step ``k`` did, in plain words."""
        words, game = self.game_words, self.game
        if k == 0:
            return [words.setup_summary(game, self.states[0], {})]
        before, after = self.states[k - 1], self.states[k]
        action = game.parse_action(self.actions[k - 1])
        return words.lines(game, before, action, after, {})

    def refresh(self) -> None:
        """Draw the board and move the chart's marker to the current step."""
        k = self.slider.value
        figures.update_board(self.fig, self.game, self.states[k])
        with self.chart.batch_update():
            self.chart.layout.shapes[0].x0 = self._turn[k]
            self.chart.layout.shapes[0].x1 = self._turn[k]
        self.text.value = "<br>".join(html.escape(line) for line in self.words(k))
