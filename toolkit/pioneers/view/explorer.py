"""RouteExplorer: every stagecoach route to a target, and Dijkstra step by step.

Pick a player and a target: the table lists every legal route there (cheapest
first) with its cost and who gets paid, and the board highlights the chosen
one. The slider replays Dijkstra's algorithm from the stagecoach: settled cities
with their final cost, the frontier with tentative costs, and the tree of best
routes found so far. The computations are :mod:`toolkit.pioneers.routes`.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from toolkit import viz
from toolkit.core import IllegalAction
from toolkit.pioneers import routes
from toolkit.viz.figurewidget import FigureWidget
from toolkit.widgets import figures
from toolkit.widgets.common import App, guarded
from toolkit.widgets.words import player

__all__ = ["RouteExplorer"]

OVERLAY = ("dijkstra tree", "dijkstra settled", "dijkstra frontier", "dijkstra current")
OVERLAY_STYLE = {
    "dijkstra tree": dict(
        mode="lines", line=dict(color="#1f6f8b", width=4, dash="dot")
    ),
    "dijkstra settled": dict(
        mode="markers+text",
        textposition="bottom center",
        marker=dict(symbol="circle-open", size=50, color="#1f6f8b", line=dict(width=3)),
        textfont=dict(size=13, color="#1f6f8b"),
    ),
    "dijkstra frontier": dict(
        mode="markers+text",
        textposition="bottom center",
        marker=dict(symbol="circle-open", size=50, color="#d58a00", line=dict(width=2)),
        textfont=dict(size=13, color="#d58a00"),
    ),
    "dijkstra current": dict(
        mode="markers",
        marker=dict(symbol="circle-open", size=62, color="#c0392b", line=dict(width=4)),
    ),
}


def _pay_text(pay: dict) -> str:
    parts = [
        f"${v} to the bank" if k == "bank" else f"${v} to {player(k)}"
        for k, v in sorted(pay.items(), key=lambda kv: (kv[0] != "bank", str(kv[0])))
    ]
    return ", ".join(parts) or "nothing (own roads)"


class RouteExplorer(App):
    """Routes and tolls for one position (see the module docstring).

    Parameters
    ----------
    game, state
        The position (e.g. from :class:`PositionEditor` or a replay).
    seat : int, optional
        Whose routes (default the active player).
    target : str, optional
        The target city shown first (default the cheapest).
    limit : int
        At most this many routes are listed per target.
    """

    def __init__(
        self,
        game: Any,
        state: Any,
        seat: int | None = None,
        target: str | None = None,
        limit: int = 20,
        step: int | None = None,
        width: int | None = figures.WIDTH,
    ) -> None:
        super().__init__(game, layout=W.Layout(width="100%"))
        self.state = state
        self.limit = limit
        self.seat = state.active if seat is None else seat
        self.targets = None  # DataFrame from routes.targets
        self.routes = None  # DataFrame from routes.all_routes
        self.route: tuple[str, ...] | None = None
        self.steps: list[routes.DijkstraStep] = []

        self.seat_pick = W.Dropdown(
            description="player",
            options=[
                (f"{player(s)} (${pl.money})", s) for s, pl in enumerate(state.players)
            ],
            value=self.seat,
            layout=W.Layout(width="220px"),
        )
        self.target_pick = W.Dropdown(
            description="target", layout=W.Layout(width="300px")
        )
        self.route_pick = W.Select(
            description="route", rows=6, layout=W.Layout(width="520px")
        )
        self.table = W.HTML()
        self.show_dijkstra = W.Checkbox(
            description="show Dijkstra", value=False, indent=False
        )
        # one value per release (a dragged slider sent every value on the way,
        # each redrawing the board, and landed on the last step); ◀ ▶ step by one
        self.step = W.IntSlider(
            description="step",
            min=0,
            max=0,
            value=0,
            continuous_update=False,
            layout=W.Layout(width="420px"),
        )
        self.step_back = W.Button(
            icon="step-backward", tooltip="one step back", layout=W.Layout(width="40px")
        )
        self.step_next = W.Button(
            icon="step-forward", tooltip="one step on", layout=W.Layout(width="40px")
        )
        self.step_back.on_click(lambda _: self.on_step(max(self.step.value - 1, 0)))
        self.step_next.on_click(
            lambda _: self.on_step(min(self.step.value + 1, self.step.max))
        )
        self.step_text = W.HTML()
        self._busy = False
        self._load_seat(self.seat, target)
        if step is not None:
            self._busy = True
            self.step.value, self.show_dijkstra.value = step, True
            self._busy = False
        # The board is built last, complete with the overlay (see figures.board).
        base = viz.draw(game, state, self.route, seat=self.seat, width=width)
        base.layout.title.text = self._title()
        self._xy = figures.city_xy(base)
        for name, props in self._overlay_data().items():
            base.add_scatter(
                name=name,
                hoverinfo="skip",
                showlegend=False,
                **OVERLAY_STYLE[name],
                **props,
            )
        self.fig = FigureWidget(base)

        self.seat_pick.observe(
            lambda ch: self._changed(self.on_seat, ch), names="value"
        )
        self.target_pick.observe(
            lambda ch: self._changed(self.on_target, ch), names="value"
        )
        self.route_pick.observe(
            lambda ch: self._changed(self.on_route, ch), names="value"
        )
        self.step.observe(lambda ch: self._changed(self.on_step, ch), names="value")
        self.show_dijkstra.observe(
            lambda ch: self._changed(self.on_show, ch), names="value"
        )
        self.children = [
            W.HBox([self.seat_pick, self.target_pick]),
            self.message,
            self.fig,
            W.HBox([self.route_pick]),
            self.table,
            W.HBox([self.show_dijkstra, self.step_back, self.step, self.step_next]),
            self.step_text,
        ]
        self.refresh()

    # ----- handlers -------------------------------------------------------------------

    def _changed(self, handler: Any, change: dict) -> None:
        if not self._busy and change["new"] is not None:
            handler(change["new"])

    @guarded
    def on_seat(self, seat: int) -> None:
        """Show another player's targets and routes."""
        self._load_seat(seat, None)

    @guarded
    def on_target(self, target: str) -> None:
        """List every route to ``target``."""
        self._load_target(target)

    @guarded
    def on_route(self, path: tuple[str, ...]) -> None:
        """Highlight ``path`` on the board with its tolls."""
        if self.routes is None or tuple(path) not in set(
            map(tuple, self.routes["path"])
        ):
            raise IllegalAction(
                "P-MOVE-1", f"{'-'.join(path)} is not one of the listed routes."
            )
        self.route = tuple(path)

    @guarded
    def on_step(self, k: int) -> None:
        """Show Dijkstra after step ``k``."""
        if not 0 <= k < len(self.steps):
            raise ValueError(f"step {k} is outside 0..{len(self.steps) - 1}")
        self._busy = True
        try:
            self.step.value = k
            self.show_dijkstra.value = True
        finally:
            self._busy = False

    @guarded
    def on_show(self, show: bool) -> None:
        """Switch the Dijkstra overlay on or off."""

    # ----- computing ------------------------------------------------------------------

    def _load_seat(self, seat: int, target: str | None) -> None:
        targets = routes.targets(self.game, self.state, seat, affordable_only=False)
        steps = list(routes.dijkstra_steps(self.game, self.state, seat))
        self.seat, self.targets, self.steps = seat, targets, steps
        self._busy = True
        try:
            self.seat_pick.value = seat
            self.target_pick.options = [
                (f"{t} ({tile}) ${c}" + ("" if ok else " – too dear"), t)
                for t, tile, c, ok in zip(
                    targets["target"],
                    targets["tile"],
                    targets["cost"],
                    targets["affordable"],
                    strict=True,
                )
            ]
            self.step.max = max(len(steps) - 1, 0)
            self.step.value = self.step.max
        finally:
            self._busy = False
        if len(targets) == 0:
            self.routes, self.route = None, None
            self.say(str(routes.verdict(self.game, self.state, seat)), "why")
            return
        first = target if target is not None else targets["target"].iloc[0]
        self._load_target(first)

    def _load_target(self, target: str) -> None:
        if self.targets is None or target not in set(self.targets["target"]):
            next(
                routes.iter_routes(self.game, self.state, target, self.seat), None
            )  # why not
            raise IllegalAction(
                "P-MOVE-3",
                f"{target} cannot be reached from "
                f"{self.state.coach} without passing a tiled city.",
            )
        row = self.targets[self.targets["target"] == target].iloc[0]
        money = self.state.players[self.seat].money
        budget = max(money, int(row["cost"]))
        df = routes.all_routes(
            self.game, self.state, target, self.seat, limit=self.limit, budget=budget
        )
        df["affordable"] = df["cost"] <= money
        self.routes = df
        self.route = tuple(df["path"].iloc[0])
        self._busy = True
        try:
            self.target_pick.value = target
            self.route_pick.options = [
                (
                    f"{'-'.join(p)}  ${c}: {_pay_text(pay)}"
                    + ("" if ok else " (too dear)"),
                    tuple(p),
                )
                for p, c, pay, ok in zip(
                    df["path"],
                    df["cost"],
                    df["payments"],
                    df["affordable"],
                    strict=True,
                )
            ]
            self.route_pick.value = self.route
        finally:
            self._busy = False
        more = df.attrs.get("more", 0)
        note = f" ({more} more not listed)" if more else ""
        if row["affordable"]:
            self.say(
                f"{len(df)} route(s) from {self.state.coach} to {target}{note}; the "
                "first is the cheapest (then fewest steps); the mover may take any "
                "of them and so chooses whom to pay (ASSUMPTION-4)."
            )
        else:
            self.say(
                f"P-MOVE-7: the cheapest route to {target} costs ${row['cost']} but "
                f"{player(self.seat)} has only ${money}.",
                "why",
            )

    # ----- drawing --------------------------------------------------------------------

    def _overlay_data(self) -> dict[str, dict]:
        empty = {name: {"x": [], "y": [], "text": []} for name in OVERLAY}
        if not self.show_dijkstra.value or not self.steps:
            return empty
        st = self.steps[min(self.step.value, len(self.steps) - 1)]
        xy = self._xy
        index = self.game.board.index

        def at(cities: Any, label: Any) -> dict:
            pts = [xy[index[c]] for c in cities]
            return {
                "x": [p[0] for p in pts],
                "y": [p[1] for p in pts],
                "text": [label(c) for c in cities],
            }

        tx, ty = [], []
        for v, u in st.pred.items():
            for c in (u, v):
                tx.append(xy[index[c]][0])
                ty.append(xy[index[c]][1])
            tx.append(None)
            ty.append(None)
        return {
            "dijkstra tree": {"x": tx, "y": ty, "text": []},
            "dijkstra settled": at(st.dist, lambda c: f"${st.dist[c]}"),
            "dijkstra frontier": at(st.frontier, lambda c: f"${st.frontier[c]}?"),
            "dijkstra current": at([st.settled], lambda c: ""),
        }

    def _step_words(self) -> str:
        if not self.steps:
            return ""
        st = self.steps[min(self.step.value, len(self.steps) - 1)]
        if st.step == 0:
            what = f"start: the stagecoach stands on {st.settled}, cost $0"
        else:
            what = f"settle {st.settled} at ${st.cost} (cheapest possible now)"
            if st.stops:
                what += (
                    " – a target: the coach would stop here, so no route goes on"
                    " (P-MOVE-3)"
                )
        relax = (
            ", ".join(f"{v} via {u}: ${c}" for u, v, c in st.relaxed) or "nothing new"
        )
        front = ", ".join(f"{c} ${v}" for c, v in st.frontier.items()) or "empty"
        return (
            f"<b>Dijkstra step {st.step} of {len(self.steps) - 1}</b>: "
            f"{html.escape(what)}."
            f"<br>Improved: {html.escape(relax)}.<br>Frontier (tentative): "
            f"{html.escape(front)}."
        )

    def refresh(self) -> None:
        """Redraw the board, the overlay and the tables."""
        figures.update_board(
            self.fig, self.game, self.state, self.route, seat=self.seat
        )
        data = self._overlay_data()
        with self.fig.batch_update():
            for name, props in data.items():
                figures.trace(self.fig, name).update(props)
            self.fig.layout.title.text = self._title()
        self.step.disabled = not self.steps
        self.step_text.value = (
            self._step_words()
            if self.show_dijkstra.value
            else (
                "<small>Tick 'show Dijkstra' to watch the algorithm settle one city "
                "per step."
                "</small>"
            )
        )
        self.table.value = self._table()

    def _title(self) -> str:
        """The board's title: whose routes are shown (not only who is to move)."""
        who = player(self.seat)
        money = self.state.players[self.seat].money
        return (
            f"<b>Routes for {who}</b> (${money}) from {self.state.coach}"
            f" · round {self.state.round}"
        )

    def _table(self) -> str:
        if self.routes is None or len(self.routes) == 0:
            return ""
        rows = "".join(
            f"<tr><td>{r}</td><td>{html.escape(' → '.join(p))}</td><td>${c}</td>"
            f"<td>{s}</td><td>{html.escape(_pay_text(pay))}</td>"
            f"<td><code>move {'-'.join(p)} ${c}</code></td>"
            f"</tr>"
            for r, p, c, s, pay in zip(
                self.routes["rank"],
                self.routes["path"],
                self.routes["cost"],
                self.routes["steps"],
                self.routes["payments"],
                strict=True,
            )
        )
        return (
            "<table class='frontier-routes' style='font-size:13px'><tr><th>#</th>"
            "<th>route</th><th>cost</th><th>steps</th><th>who is paid</th>"
            f"<th>action</th></tr>{rows}</table>"
        )
