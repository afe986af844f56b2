"""PlayApp: play any toolkit game in a notebook against bots (or friends).

>>> from toolkit import GAMES
>>> from toolkit.core import make_game
>>> game = make_game(next(iter(GAMES)), players=2)
>>> app = PlayApp(game, seats=["human", "greedy"], bot_delay=0)
>>> app.session.human_to_move
True

What the player can do:

* press one of the legal actions, shown as buttons grouped as the game's words
  say (for most games by the phases of a turn);
* click the board, when the game's words give clicks a meaning (a place: the
  action that goes there, with "let me choose the route" to pick among several;
  a connection: the actions that build on it);
* undo and redo (undo takes back the last own action and the bots' replies);
* type an action in the game's notation.

An illegal click is answered with a "Why not?" message citing the rule, and the
game stays as it was. Bots move one decision at a time with a short pause
(``bot_delay`` seconds; 0 in tests) so their moves can be followed on the board.
When the game ends, the game's result appears.

Everything game-specific comes from the game's words
(:func:`toolkit.widgets.words.words_for`): log sentences, button labels and
groups, the status line, the players table, the result and what board clicks
mean. A game without a words part gets the generic ones (``str(action)``,
groups by action class, scores and winners, a board that takes no clicks), and
its board is whatever :func:`toolkit.viz.draw` draws for it.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from toolkit.core import IllegalAction, make_game

from . import figures
from .common import App, guarded
from .session import HUMAN, BotError, Session
from .words import rules_html

__all__ = ["PlayApp"]

#: More options than this in one phase: a dropdown instead of buttons.
MAX_BUTTONS = 12

#: Button labels wrap instead of being cut off ("Buy wagon W05 ($2: FA BK SG,
#: 6 VP)"); a rule ID in a message or the log opens its sentence when clicked.
CSS = """<style>
.frontier-play .widget-button { white-space: normal; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.25;
  text-align: left; padding-top: 3px; padding-bottom: 3px; }
.frontier-play details.frontier-rule summary { cursor: pointer; }
.frontier-play details.frontier-rule summary::marker { color: #9a8563; }
</style>"""


class PlayApp(App):
    """Play a game with humans and bots in any seats (see the module).

    Parameters
    ----------
    game : a game on the shared protocol, optional
        Default: the first game of :data:`toolkit.GAMES` for ``len(seats)`` players.
    seats : sequence
        ``"human"``, a bot name (``"random"``, ``"greedy"``, ``"mcts:100"``) or an
        agent callable per seat.
    seed : int
        Seeds the dice and the bots (the same seed and clicks give the same game).
    state : State, optional
        Start from a staged position (see :class:`PositionEditor`).
    bot_delay : float
        Seconds to wait after each bot decision so it can be seen (0: none).
    names : dict, optional
        Seat -> display name.
    """

    def __init__(
        self,
        game: Any = None,
        seats: Sequence[Any] = (HUMAN, "greedy", "greedy", "greedy"),
        seed: int = 0,
        state: Any = None,
        bot_delay: float = 0.4,
        names: dict | None = None,
        width: int | None = figures.WIDTH,
    ) -> None:
        if game is None:
            from toolkit import GAMES

            game = make_game(next(iter(GAMES)), players=len(seats))
        super().__init__(game, layout=W.Layout(width="100%"))
        self.session = Session(game, seats, seed=seed, state=state, names=names)
        self.words = self.session.words
        self.bot_delay = bot_delay
        self.route: Any = None  # a route shown on the board while choosing
        self.action_buttons: list[W.Button] = []
        self.action_pickers: list[W.Dropdown] = []  # many actions of one kind
        if self.session.humans:  # bots before the first human decision play at once
            self._advance(delay=False)
        self.fig = figures.board(
            game,
            self.session.state,
            width=width,
            seat=self.words.board_seat(self.session),
        )
        self._hook_clicks()

        self.title = W.HTML()
        self.players = W.HTML()
        self.group_titles = dict(self.words.groups)
        self.groups: dict[str, W.VBox] = {}
        self.group_row = W.HBox(layout=W.Layout(width="100%", flex_flow="row wrap"))
        self.group_row.add_class("frontier-actions")
        for key, _ in self.words.groups:
            self._group_box(key)
        self.undo_button = W.Button(
            description="Undo",
            icon="undo",
            tooltip="take back your last action and the bots' replies",
        )
        self.redo_button = W.Button(description="Redo", icon="repeat")
        self.bots_button = W.Button(
            description="Let the bots play",
            icon="play",
            tooltip="bots decide until a human is to move",
        )
        self.choose_route = W.Checkbox(
            description="let me choose the route",
            indent=False,
            value=False,
            layout=W.Layout(width="auto"),
        )
        self.route_pick = W.Dropdown(options=[], layout=W.Layout(width="340px"))
        self.route_go = W.Button(description="Move along this route", icon="truck")
        self.typed = W.Text(
            placeholder=self.words.typed_example,
            layout=W.Layout(width="300px"),
        )
        self.typed_go = W.Button(description="Play typed action")
        #: where answers to the controls below the board appear (undo, typed...)
        self.near_message = W.HTML(layout=W.Layout(width="100%"))
        self._at_controls = False
        self.log_html = W.HTML(layout=W.Layout(width="100%"))
        self.final = W.VBox()
        self.replay_button = W.Button(
            description="Replay this game",
            icon="film",
            tooltip="step through the game just played, with a slider",
        )
        self.replay_button.on_click(lambda _: self.on_replay())
        self.replay_box = W.VBox()

        self.undo_button.on_click(lambda _: self.on_undo())
        self.redo_button.on_click(lambda _: self.on_redo())
        self.bots_button.on_click(lambda _: self.on_bots())
        self.route_go.on_click(lambda _: self.on_route_go())
        self.route_pick.observe(self._route_picked, names="value")
        self.typed_go.on_click(lambda _: self.on_typed(self.typed.value))
        self.typed.continuous_update = False

        route_row = W.HBox([self.choose_route, self.route_pick, self.route_go])
        if not self.words.board_clicks:  # routes are chosen by clicking cities
            route_row.layout.display = "none"
        controls = W.HBox(
            [
                self.undo_button,
                self.redo_button,
                self.bots_button,
                self.typed,
                self.typed_go,
            ],
            layout=W.Layout(flex_flow="row wrap"),
        )
        self.add_class("frontier-play")
        self.children = [
            W.HTML(CSS),
            self.title,
            self.fig,
            self.message,
            self.group_row,
            route_row,
            controls,
            self.near_message,
            self.players,
            W.HTML(
                "<b>Log</b> <small>(newest first; rule IDs from "
                f"{html.escape(self.words.spec)})</small>"
            ),
            self.log_html,
            self.final,
            self.replay_box,
        ]
        self.refresh()

    def say(self, text: str, kind: str = "info", rule: str | None = None) -> None:
        """Show a message under the board, or under the controls after using them."""
        super().say(text, kind, rule)
        near = getattr(self, "near_message", None)
        if near is None:
            return
        if self._at_controls:
            near.value, self.message.value = self.message.value, ""
        else:
            near.value = ""

    # ----- clicks on the board --------------------------------------------------------

    def _group_box(self, key: str) -> W.VBox:
        """The box of button group ``key`` (made, and shown, on first use)."""
        if key not in self.groups:
            self.groups[key] = W.VBox(
                layout=W.Layout(
                    min_width="150px", flex="1 1 0", padding="4px", margin="2px"
                )
            )
            self.group_row.children = (*self.group_row.children, self.groups[key])
        return self.groups[key]

    def _hook_clicks(self) -> None:
        for tr in self.fig.data:
            tr.on_click(self._board_points)

    def _board_points(self, trace: Any, points: Any, state: Any = None) -> None:
        if not points.point_inds:
            return
        if not self.words.board_clicks:  # every click gets a message saying why not
            self.on_board_click()
            return
        xy = (points.xs[0], points.ys[0]) if points.xs else (None, None)
        target = self.words.click_target(
            self.game, self.fig, trace.name or "", points.point_inds[0], xy
        )
        if target[:1] == ("city",):
            self.on_city_click(target[1])
        elif target[:1] == ("connection",):
            self.on_connection_click(*target[1:])

    # ----- handlers (each one guarded: it explains, never raises) ---------------------

    @guarded
    def on_action(self, action: Any) -> None:
        """A legal-action button (or any action object) was pressed."""
        self._at_controls = False
        self._play(action)

    @guarded
    def on_board_click(self) -> None:
        """A click on a board that takes no clicks: say what to do instead."""
        self._at_controls = False
        raise IllegalAction("BOARD", self.words.board_click_message(self.game))

    @guarded
    def on_city_click(self, city: str) -> None:
        """A city was clicked: move there, or list the routes to pick from."""
        self._at_controls = False
        if self.choose_route.value:
            s = self.session
            choices = s.route_choices(city)
            self.route = choices[0]
            options = [(self.words.choice_text(s, m), m) for m in choices]
            self.route_pick.options = options
            self.route_pick.value = choices[0]
            self.say(self.words.choices_prompt(city, len(choices)), "info")
            return
        self._play(self.session.click_city(city))

    @guarded
    def on_connection_click(self, a: str, b: str) -> None:
        """A connection was clicked: buy and place a road, or place one."""
        self._at_controls = False
        self._play(*self.session.click_connection(a, b))

    def _route_picked(self, change: dict) -> None:
        if change["new"] is not None and change["new"] != self.route:
            self.on_route_pick(change["new"])

    @guarded
    def on_route_pick(self, move: Any) -> None:
        """Show the chosen route (with its tolls) on the board."""
        self.route = move

    @guarded
    def on_route_go(self) -> None:
        """Move along the route chosen in the dropdown."""
        if self.route_pick.value is None:
            raise IllegalAction(
                self.words.rules["route"],
                "first click a target city to list its routes.",
            )
        self._play(self.route_pick.value)

    @guarded
    def on_typed(self, text: str) -> None:
        """Play an action typed in the game's notation."""
        self._at_controls = True
        try:
            action = self.game.parse_action(text)
        except ValueError as exc:
            raise IllegalAction("NOTATION", str(exc)) from None
        self._play(action)

    @guarded
    def on_undo(self) -> None:
        """Take back the last human action (and what the bots did after it)."""
        self._at_controls = True
        self.session.undo()
        self.route = None
        self.say("Undone.", "info")

    @guarded
    def on_redo(self) -> None:
        """Play the undone actions again."""
        self._at_controls = True
        self.session.redo()
        self.say("Redone.", "info")

    @guarded
    def on_bots(self) -> None:
        """Let the bots decide until a human is to move (or the game ends)."""
        self._at_controls = True
        if not self.session.bot_to_move:
            raise IllegalAction(self.words.rules["turn"], "no bot is to move now.")
        self._advance()

    @guarded
    def on_replay(self) -> None:
        """Show the finished game in a :class:`ReplayApp` under the result."""
        from .replay import ReplayApp

        self.replay_box.children = [ReplayApp(self.session.record(), game=self.game)]

    # ----- internals ------------------------------------------------------------------

    def _play(self, *actions: Any) -> None:
        steps = self.session.play(*actions)
        self.route = None
        self.route_pick.options = []
        self.say(" ".join(line for st in steps for line in st.lines[:1]), "ok")
        self._advance()

    def _advance(self, delay: bool = True) -> None:
        """Let chance and the bots play; a failing bot hands its seat to the humans."""
        pause = self.bot_delay if delay else 0

        def shown(step: Any) -> None:
            if pause > 0:
                self.refresh()
                time.sleep(pause)

        try:
            done = self.session.advance(on_step=shown)
            bots = sum(step.seat in self.session.bots for step in done)
            if bots and self.session.human_to_move and self.message_kind == "ok":
                who = self.session.names[self.session.to_move]
                self.say(
                    f"{self.message_text} Then the bots made {bots} move(s), "
                    f"listed in the log. Now {who} decides.",
                    "ok",
                )
        except BotError as exc:
            self.session.take_over(exc.seat)
            self.say(
                f"The {exc.name} bot of {self.session.names[exc.seat]} failed "
                f"({self.words.explain(self.game, exc.error)}). Its move was not "
                "played; you now "
                f"decide for {self.session.names[exc.seat]}.",
                "error",
            )

    # ----- drawing --------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session (board, buttons, players, log)."""
        s = self.session
        state = s.state
        figures.update_board(
            self.fig, self.game, state, self.route, seat=self.words.board_seat(s)
        )
        self.title.value = (
            f"<h3 style='margin:4px 0'>{html.escape(self._status())}</h3>"
        )
        self.players.value = self.words.players_html(s)
        self.undo_button.disabled = not s.can_undo
        self.redo_button.disabled = not s.can_redo
        self.bots_button.disabled = not s.bot_to_move
        self.route_go.disabled = self.route_pick.value is None
        self._fill_groups()
        lines = s.log[::-1][:300]
        self.log_html.value = (
            "<ol class='frontier-log' reversed style='max-height:220px;overflow-y:auto;"
            "font-size:13px;margin:0'>"
            + "".join(f"<li>{rules_html(self.game, line)}</li>" for line in lines)
            + "</ol>"
        )
        if s.over and not self.final.children:
            self.final.children = [*self.words.final(s), self.replay_button]
        elif not s.over and self.final.children:
            self.final.children = []
            self.replay_box.children = []

    def _status(self) -> str:
        return self.words.status(self.session)

    def _fill_groups(self) -> None:
        s = self.session
        state = s.state
        words = self.words
        current = words.current_group(self.game, state)
        legal = s.legal() if s.human_to_move else []
        by_group: dict[str, list] = {}
        for action in legal:
            by_group.setdefault(words.group(self.game, state, action), []).append(
                action
            )
        self.action_buttons = []
        self.action_pickers = []
        keys = [k for k, _ in words.groups] + [
            k for k in by_group if k not in self.group_titles
        ]
        for key in keys:
            box = self._group_box(key)
            actions = by_group.get(key, [])
            deciding = key == current and s.bot_to_move
            active = not s.over and (bool(actions) or deciding)
            head = W.HTML(f"<b>{html.escape(self.group_titles.get(key, key))}</b>")
            note = words.group_note(s, key)
            if note is not None:
                body: list = [W.HTML(f"<small>{html.escape(note)}</small>")]
            elif actions:
                body = self._action_widgets(actions)
            elif deciding:
                body = [
                    W.HTML(
                        f"<small>{html.escape(s.names[s.to_move])} "
                        f"({s.bots[s.to_move][1]} bot) decides…</small>"
                    )
                ]
            else:
                hint = words.hints.get(key, "")
                body = [
                    W.HTML(f"<small style='color:#777'>{html.escape(hint)}</small>")
                ]
            if note is not None and actions:
                body += self._action_widgets(actions)
            box.children = [head, *body]
            box.layout.border = "2px solid #d58a00" if active else "1px solid #ddd"

    def _action_widgets(self, legal: list) -> list:
        """Buttons for ``legal``; many actions of a pick-list kind share a dropdown."""
        state = self.session.state
        words = self.words
        many = [a for a in legal if words.pick_list(a)]
        others = [a for a in legal if a not in many]
        out: list = []
        if len(many) > MAX_BUTTONS:
            prompt, text = words.picker_text()
            pick = W.Dropdown(
                options=[(words.label(self.game, state, a), a) for a in many],
                layout=W.Layout(width="170px"),
            )
            go = W.Button(description=text, tooltip="or click the board")
            go.action = None  # the dropdown decides
            go.on_click(lambda _: self.on_action(pick.value))
            out += [W.HTML(f"<small>{html.escape(prompt)}</small>"), pick, go]
            self.action_buttons.append(go)
            self.action_pickers.append(pick)
        else:
            others = many + others
        for action in others:
            b = W.Button(
                description=words.label(self.game, state, action),
                tooltip=str(action),
                layout=W.Layout(width="auto", max_width="240px"),
            )
            b.action = action
            b.on_click(lambda btn: self.on_action(btn.action))
            out.append(b)
            self.action_buttons.append(b)
        return out
