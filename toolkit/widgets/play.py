"""PlayApp: play Pioneers or Anno 1503 in a notebook against bots (or friends).

>>> from toolkit.anno1503 import Anno1503
>>> app = PlayApp(Anno1503(players=2), seats=["human", "greedy"], bot_delay=0)
>>> app.session.human_to_move
True

>>> from toolkit.widgets import PlayApp
>>> app = PlayApp(
...     seats=["human", "greedy", "greedy", "greedy"], seed=7
... )  # doctest: +SKIP
>>> app  # doctest: +SKIP

What the player can do:

* press one of the legal actions, shown as buttons grouped by the phases of a
  turn (income, purchase, move, settle, join);
* click a city on the board: the stagecoach goes there along the cheapest
  route (tick "let me choose the route" to pick another route first);
* click a connection: in the purchase phase this buys a road and places it
  there; after buying roads, or with a sergeant, it places the road;
* undo and redo (undo takes back the last own action and the bots' replies);
* type an action in the game's notation (``move BUF-CLE $1``).

An illegal click is answered with a "Why not?" message citing the rule, and the
game stays as it was. Bots move one decision at a time with a short pause
(``bot_delay`` seconds; 0 in tests) so their moves can be followed on the board.
When the game ends, the final score breakdown chart appears.

Anno 1503 (and any other game) gets the same app: buttons grouped by the phases
of its turn, its log sentences, its board from :mod:`toolkit.viz` updated in
place, undo/redo and bots. Everything game-specific comes from
:func:`toolkit.widgets.games.words_for`; for Anno 1503 the board takes no clicks
(a click is answered with a message) and the result shows the winner, the
victory conditions met and the home islands.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from toolkit.core import IllegalAction
from toolkit.pioneers import actions as A
from toolkit.pioneers.board import SHORT

from . import figures
from .common import App, guarded
from .games import PIONEERS
from .session import HUMAN, BotError, Session
from .words import player

__all__ = ["PlayApp", "players_html"]

#: The Pioneers button groups, in the order of a turn (P-FLOW-2).
GROUP_TITLES = PIONEERS.groups
HINTS = PIONEERS.hints
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
#: More options than this in one phase: a dropdown instead of buttons.
MAX_BUTTONS = 12


def players_html(session: Session) -> str:
    """A small table of the players: money, VP now, roads, pioneers, wagons.

    "VP now" is scored from what the human sees: other players' gold nuggets
    stay hidden until the end (ASSUMPTION-10).
    """
    game, state = session.game, session.state
    humans = sorted(session.humans)
    viewer = (
        humans[0]
        if len(humans) == 1
        else (session.to_move if session.human_to_move else None)
    )
    seen = state if viewer is None or session.over else game.observe(state, viewer)
    scores = game.scores(seen)
    rows = []
    for seat, pl in enumerate(state.players):
        kind = (
            "you"
            if seat in session.humans and len(session.humans) == 1
            else ("human" if seat in session.humans else f"{session.bots[seat][1]} bot")
        )
        wagons = " ".join(
            f"{w.id}["
            + " ".join(
                SHORT[p] if occ else "··"
                for p, occ in zip(w.seats, w.occupied, strict=True)
            )
            + "]"
            if w.face_up
            else f"<s>{w.id}</s>"
            for w in pl.wagons
        )
        turn = "▶ " if seat == session.to_move else ""
        colour = figures.T.player_colour(seat)
        rows.append(
            f"<tr><td>{turn}<span style='color:{colour}'>■</span> "
            f"{html.escape(session.names[seat])} <small>({kind})</small></td>"
            f"<td>${pl.money}</td><td>{scores[seat]}</td><td>{pl.roads_left}</td>"
            f"<td>{pl.supply}</td><td>{pl.bankers}/{pl.merchants}</td>"
            f"<td style='font-family:monospace'>{wagons}</td></tr>"
        )
    head = (
        "<tr><th>player</th><th>money</th><th>VP now</th><th>roads left</th>"
        "<th>supply</th><th>bankers/merchants</th>"
        "<th>wagons (seats, ·· empty)</th></tr>"
    )
    market = " · ".join(
        f"${i + 1}: {w}" if w else f"${i + 1}: empty"
        for i, w in enumerate(state.market)
    )
    return (
        "<table class='frontier-players' "
        "style='border-collapse:collapse;font-size:13px'>"
        f"{head}{''.join(rows)}</table>"
        f"<div style='font-size:12px'>Market: {market} · deck {state.deck}</div>"
    )


class PlayApp(App):
    """Play Pioneers or Anno 1503 with humans and bots in any seats (see the module).

    Parameters
    ----------
    game : Pioneers or Anno1503, optional
        Default ``Pioneers(players=len(seats))``.
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
            from toolkit.pioneers import Pioneers

            game = Pioneers(players=len(seats))
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
        self.log_html = W.HTML(layout=W.Layout(width="100%"))
        self.final = W.VBox()

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
        self.children = [
            self.title,
            self.fig,
            self.message,
            self.group_row,
            route_row,
            controls,
            self.players,
            W.HTML(
                "<b>Log</b> <small>(newest first; rule IDs from "
                f"{html.escape(self.words.spec)})</small>"
            ),
            self.log_html,
            self.final,
        ]
        self.refresh()

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
        if not self.words.board_clicks:  # every click gets a message saying why not
            for tr in self.fig.data:
                tr.on_click(self._board_points)
            return
        figures.trace(self.fig, "cities").on_click(self._city_points)
        figures.trace(self.fig, "connection info").on_click(self._connection_points)
        for tr in self.fig.data:  # a click on a pioneer or the coach means its city
            if tr.name.startswith("pioneers seat") or tr.name == "coach":
                tr.on_click(self._near_city_points)

    def _board_points(self, trace: Any, points: Any, state: Any = None) -> None:
        if points.point_inds:
            self.on_board_click()

    def _city_points(self, trace: Any, points: Any, state: Any = None) -> None:
        if points.point_inds:
            self.on_city_click(self.game.board.ids[points.point_inds[0]])

    def _near_city_points(self, trace: Any, points: Any, state: Any = None) -> None:
        if points.point_inds:
            x, y = points.xs[0], points.ys[0]
            xy = figures.city_xy(self.fig)
            i = min(xy, key=lambda c: (xy[c][0] - x) ** 2 + (xy[c][1] - y) ** 2)
            self.on_city_click(self.game.board.ids[i])

    def _connection_points(self, trace: Any, points: Any, state: Any = None) -> None:
        if points.point_inds:
            self.on_connection_click(*self.game.board.edge_ids(points.point_inds[0]))

    # ----- handlers (each one guarded: it explains, never raises) ---------------------

    @guarded
    def on_action(self, action: Any) -> None:
        """A legal-action button (or any action object) was pressed."""
        self._play(action)

    @guarded
    def on_board_click(self) -> None:
        """A click on a board that takes no clicks: say what to do instead."""
        raise IllegalAction("BOARD", self.words.board_click_message(self.game))

    @guarded
    def on_city_click(self, city: str) -> None:
        """A city was clicked: move there, or list the routes to pick from."""
        if self.choose_route.value:
            choices = self.session.route_choices(city)
            self.route = choices[0]
            options = [(self._route_text(m), m) for m in choices]
            self.route_pick.options = options
            self.route_pick.value = choices[0]
            self.say(
                f"{len(choices)} route(s) to {city}: pick one below and press "
                "'Move along this route' (ASSUMPTION-4).",
                "info",
            )
            return
        self._play(self.session.click_city(city))

    @guarded
    def on_connection_click(self, a: str, b: str) -> None:
        """A connection was clicked: buy and place a road, or place one."""
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
                "P-MOVE-1", "first click a target city to list its routes."
            )
        self._play(self.route_pick.value)

    @guarded
    def on_typed(self, text: str) -> None:
        """Play an action typed in the game's notation."""
        try:
            action = self.game.parse_action(text)
        except ValueError as exc:
            raise IllegalAction("NOTATION", str(exc)) from None
        self._play(action)

    @guarded
    def on_undo(self) -> None:
        """Take back the last human action (and what the bots did after it)."""
        self.session.undo()
        self.route = None
        self.say("Undone.", "info")

    @guarded
    def on_redo(self) -> None:
        """Play the undone actions again."""
        self.session.redo()
        self.say("Redone.", "info")

    @guarded
    def on_bots(self) -> None:
        """Let the bots decide until a human is to move (or the game ends)."""
        if not self.session.bot_to_move:
            raise IllegalAction("P-FLOW-1", "no bot is to move now.")
        self._advance()

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

    def _route_text(self, move: A.MoveCoach) -> str:
        pay = self.game.payments(self.session.state, move.path)
        split = ", ".join(
            (f"${v} bank" if k == "bank" else f"${v} {player(k)}")
            for k, v in sorted(pay.items(), key=str)
        )
        return f"{'-'.join(move.path)}  ${move.cost}" + (f" ({split})" if split else "")

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
            + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
            + "</ol>"
        )
        if s.over and not self.final.children:
            self.final.children = self.words.final(s)
        elif not s.over and self.final.children:
            self.final.children = []

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
