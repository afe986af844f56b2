"""Pioneers' facts: its tournament columns, score parts and money flows.

The ``facts`` part of the game (see :mod:`toolkit.analysis.tournament.collect`
for the contract): :class:`Collector` adds per seat the money flows (fares,
tolls, joining), roads, wagons and tiles taken (``tile_*``) and the score
breakdown (``vp_*``), per game how it ended (``end``), per turn the money
after it, and the ``wagons`` table (one row per wagon bought).
:func:`money_flows` lists every payment of a recorded game for
:func:`toolkit.viz.charts.money_flow`. :func:`tile_values` and
:func:`wagon_choices` analyse the tables (pandas loads only then).

>>> from toolkit.analysis.tournament import tournament
>>> result = tournament("pioneers", ["greedy", "random", "random"], games=3, seed=1)
>>> sorted(result.tables)
['wagons']
>>> {"vp_network", "tile_HOTEL", "tolls_paid"} <= set(result.seats.columns)
True
"""

from __future__ import annotations

from typing import Any

from toolkit.analysis.tournament import Collector as _Base
from toolkit.analysis.tournament import vp_columns
from toolkit.core import option_values

from . import actions as A
from .board import TILE_TYPES
from .scoring import score_breakdown

#: The extra table :class:`Collector` fills.
TABLES = ("wagons",)

#: The parts of a Pioneers score, bottom to top of the breakdown chart.
SCORE_PARTS = (
    ("wagons", "emptied wagons"),
    ("empty_seats", "empty seats"),
    ("gold", "gold nuggets"),
    ("network", "best road network"),
)

#: Kinds of payment of :func:`money_flows`, in the order a chart lists them.
FLOW_KINDS = (
    "income",
    "start money",
    "hotels & bonuses",
    "tolls",
    "joining",
    "roads",
    "wagons",
    "other",
)

#: The counters :class:`Collector` keeps per seat, in column order.
COUNTS = (
    "roads_bought",
    "sergeant_roads",
    "fares_bank",
    "tolls_paid",
    "tolls_earned",
    "join_paid",
    "join_earned",
    "moves",
    "passes",
    "joins",
    "wagons_bought",
    *(f"tile_{t}" for t in TILE_TYPES),
)


def score_parts(game: Any, state: Any) -> list[dict]:
    """Per seat: ``seat`` and the VP of each of :data:`SCORE_PARTS` (P-SCORE)."""
    return [
        {"seat": r["seat"], **{key: r[key] for key, _ in SCORE_PARTS}}
        for r in score_breakdown(game, state)
    ]


class Collector(_Base):
    """Pioneers: money flows, roads, wagons and tiles per seat."""

    def __init__(self, game: Any, turns: bool) -> None:
        super().__init__(game, turns)
        self.count = {k: [0] * game.players for k in COUNTS}
        self.bought: list[dict] = []
        self.join_cost = option_values(game)["join_cost"]

    def step(self, state: Any, seat: int, action: Any, after: Any) -> None:
        """Count moves, payments, purchases, tiles and joins; note wagons bought."""
        super().step(state, seat, action, after)
        count = self.count
        me = state.active
        if isinstance(action, A.MoveCoach):
            count["moves"][me] += 1
            for who, amount in self.game.payments(state, action.path, me).items():
                if who == "bank":
                    count["fares_bank"][me] += amount
                else:
                    count["tolls_paid"][me] += amount
                    count["tolls_earned"][who] += amount
        elif isinstance(action, A.Pass):
            count["passes"][me] += 1
        elif isinstance(action, A.BuyRoads):
            count["roads_bought"][me] += action.count
        elif isinstance(action, A.SergeantRoad):
            count["sergeant_roads"][me] += 1
        elif isinstance(action, A.Settle):
            count[f"tile_{state.tile}"][me] += 1
        elif isinstance(action, A.Join):
            count["joins"][seat] += 1
            cost = self.join_cost
            count["join_paid"][seat] += cost
            count["join_earned"][me] += cost
        elif isinstance(action, A.BuyWagon):
            wid = state.market[action.slot - 1]
            spec = self.game.wagon_specs[wid]
            count["wagons_bought"][me] += 1
            self.bought.append(
                {
                    "seat": me,
                    "round": int(state.round),
                    "wagon": wid,
                    "slot": action.slot,
                    "seats": len(spec.seats),
                    "vp": spec.vp,
                    "professions": " ".join(spec.seats),
                }
            )

    def turn_facts(self, state: Any, seat: int) -> dict:
        """Return the money after the turn."""
        return {"money": int(state.players[seat].money)}

    def game_facts(self, state: Any) -> dict:
        """How the game ended (``end``): deck, roads, max_rounds or early."""
        if state.deck == 0:
            end = "deck"
        elif any(pl.roads_left == 0 for pl in state.players):
            end = "roads"
        elif state.round >= self.game.options["max_rounds"]:
            end = "max_rounds"
        else:
            end = "early"
        return {"end": end}

    def seat_facts(self, state: Any) -> list[dict]:
        """Score parts ``vp_*``, money, pieces and the counters of :data:`COUNTS`."""
        vp = vp_columns(score_parts(self.game, state), SCORE_PARTS)
        rows = []
        for s, pl in enumerate(state.players):
            row = {
                **vp[s],
                "money": pl.money,
                "bankers": pl.bankers,
                "merchants": pl.merchants,
                "nuggets": len(pl.nuggets),
                "wagons_emptied": sum(1 for w in pl.wagons if not w.face_up),
                "roads_built": sum(1 for r in state.roads if s in r),
                "pioneers_settled": sum(c[s] for c in state.settled),
            }
            row.update({k: v[s] for k, v in self.count.items()})
            rows.append(row)
        return rows

    def extra_tables(self, state: Any) -> dict[str, list[dict]]:
        """Return the ``wagons`` table, each wagon marked emptied or not."""
        emptied = {
            (s, w.id)
            for s, pl in enumerate(state.players)
            for w in pl.wagons
            if not w.face_up
        }
        for row in self.bought:
            row["emptied"] = (row["seat"], row["wagon"]) in emptied
        return {"wagons": self.bought}


def money_flows(record: Any, game: Any = None) -> list[dict]:
    """Every payment of a recorded game: ``{"payer", "kind", "receiver", "amount"}``.

    ``payer``/``receiver`` are seats or ``"bank"``; ``kind`` is one of "tolls"
    (stagecoach steps, P-MOVE-2), "joining" ($2 to the active player, P-JOIN-3),
    "roads" and "wagons" (purchases, P-BUY), "income" (P-INC), "start money",
    and "hotels & bonuses" (hotel $3, $ for an emptied wagon). Amounts add up to
    each player's change of money, action by action.
    """
    from toolkit.core import make_game, replay_states

    if game is None:
        game = make_game(record.game, record.players, **record.options)
    rules = option_values(game)
    base_income, join = rules["income"], rules["join_cost"]
    road_price = {1: rules["road_price_1"], 2: rules["road_price_2"]}
    states = list(replay_states(record, game))
    flows: dict[tuple, int] = {}

    def add(payer: Any, kind: str, receiver: Any, amount: int) -> None:
        if amount > 0:
            key = (payer, kind, receiver)
            flows[key] = flows.get(key, 0) + amount

    for text, before, after in zip(record.actions, states, states[1:], strict=False):
        action = game.parse_action(text)
        n = len(before.players)
        residual = [after.players[s].money - before.players[s].money for s in range(n)]
        if isinstance(action, A.MoveCoach):
            payer = before.active
            for who, amount in game.payments(before, action.path, payer).items():
                add(payer, "tolls", who, amount)
                residual[payer] += amount
                if who != "bank":
                    residual[who] -= amount
        elif isinstance(action, A.Join):
            add(before.seat, "joining", before.active, join)
            residual[before.seat] += join
            residual[before.active] -= join
        elif isinstance(action, (A.BuyRoads, A.BuyWagon)):
            price = (
                road_price[action.count]
                if isinstance(action, A.BuyRoads)
                else action.slot
            )
            add(
                before.active,
                "roads" if isinstance(action, A.BuyRoads) else "wagons",
                "bank",
                price,
            )
            residual[before.active] += price
        new_turn = (
            after.phase == "buy"
            and not after.used
            and (after.round, after.active) != (before.round, before.active)
        )
        if new_turn and residual[after.active] > 0:
            pl = after.players[after.active]
            income = min(residual[after.active], base_income + min(pl.bankers, 2))
            add("bank", "income", after.active, income)
            residual[after.active] -= income
        kind = "start money" if isinstance(action, A.DealStart) else "hotels & bonuses"
        for s in range(n):
            if residual[s] > 0:
                add("bank", kind, s, residual[s])
            elif residual[s] < 0:
                add(s, "other", "bank", -residual[s])
    return [
        {"payer": p, "kind": k, "receiver": r, "amount": v}
        for (p, k, r), v in sorted(flows.items(), key=lambda kv: str(kv[0]))
    ]


# ----- analyses of the tournament tables (pandas and plotly load only here) -----


def tile_values(
    seats: Any,
    target: str = "score",
    confidence: float = 0.95,
    control: str | None = "agent",
) -> Any:
    """Value of each tile type: least squares of ``target`` on tiles taken (``tile_*``).

    The coefficient of ``tile_X`` is the extra final ``target`` (VP, or win
    share with ``target="win"``) that goes with one more X tile taken, other
    tiles and (``control``) the bot being equal. It is an association, not a
    causal effect: good players also take more tiles.
    """
    from toolkit.analysis.stats import column_values

    cols = [f"tile_{t}" for t in TILE_TYPES if f"tile_{t}" in seats.columns]
    if not cols:
        raise ValueError(
            "the seats table has no tile_* columns (a Pioneers tournament has)"
        )
    table = column_values(seats, cols, target, confidence, control)
    table["column"] = table["column"].str[len("tile_") :]
    return table.rename(columns={"column": "tile", "mean": "taken"})


def plot_tile_values(table: Any) -> Any:
    """Horizontal bars of :func:`tile_values` with intervals."""
    import plotly.express as px

    from toolkit.viz import theme

    t = table.sort_values("value")
    return px.bar(
        t,
        template=theme.template(),
        x="value",
        y="tile",
        orientation="h",
        error_x=t["high"] - t["value"],
        error_x_minus=t["value"] - t["low"],
        labels={"value": "final VP per tile taken", "tile": ""},
        title="What each tile type is worth",
    )


def roads_vs_score(
    seats: Any, confidence: float = 0.95, column: str = "roads_built"
) -> Any:
    """Mean final score (with interval) for each number of roads built, plus the slope.

    See :func:`toolkit.analysis.stats.column_vs_score`.
    """
    from toolkit.analysis.stats import column_vs_score

    return column_vs_score(seats, column, confidence)


def plot_roads_vs_score(seats: Any, column: str = "roads_built") -> Any:
    """Box plot of final score against roads built, by bot."""
    from toolkit.analysis.stats import plot_column_vs_score

    fig = plot_column_vs_score(seats, column, "roads built")
    fig.update_layout(yaxis_title="final VP", title="Roads built and final score")
    return fig


def wagon_choices(
    wagons: Any, seats: Any | None = None, confidence: float = 0.95
) -> Any:
    """Tabulate each wagon bought: how often, slot, how often emptied, buyer's result.

    ``wagons`` is ``result.tables["wagons"]``; with ``seats`` the buyer's final
    score and win rate are added (an association: strong bots buy differently).
    """
    import pandas as pd

    from toolkit.analysis.stats import wilson_interval

    w = wagons
    if seats is not None:
        w = w.merge(
            seats[["game", "seat", "score", "win"]], on=["game", "seat"], how="left"
        )
    rows = []
    for wid, g in w.groupby("wagon", sort=True):
        n = len(g)
        low, high = wilson_interval(float(g["emptied"].sum()), n, confidence)
        row = {
            "wagon": wid,
            "professions": g["professions"].iloc[0],
            "seats": int(g["seats"].iloc[0]),
            "vp": int(g["vp"].iloc[0]),
            "bought": n,
            "mean_slot": float(g["slot"].mean()),
            "mean_round": float(g["round"].mean()),
            "emptied_rate": float(g["emptied"].mean()),
            "emptied_low": low,
            "emptied_high": high,
        }
        if seats is not None:
            row["buyer_score"] = float(g["score"].mean())
            row["buyer_win_rate"] = float(g["win"].mean())
        rows.append(row)
    return pd.DataFrame(rows)


def plot_wagon_choices(table: Any) -> Any:
    """Bubble chart of :func:`wagon_choices`: VP vs seats, size = times bought."""
    import plotly.express as px

    from toolkit.viz import theme

    return px.scatter(
        table,
        template=theme.template(),
        x="seats",
        y="vp",
        size="bought",
        color="emptied_rate",
        hover_name="wagon",
        hover_data=["professions", "mean_slot"],
        labels={"vp": "printed VP", "seats": "seats", "emptied_rate": "emptied"},
        title="Wagons bought: size, VP and how often they were emptied",
    )


# ----- design metrics (toolkit.analysis.metrics) ---------------------------------

#: The game's own metrics of :func:`game_metrics`: column -> what it measures.
METRICS = {
    "tolls_to_rivals": "money paid to rivals for stagecoach steps on their roads",
    "fares_to_bank": "money paid to the bank for stagecoach steps",
    "rival_share": "share of stagecoach money that went to rivals, not the bank",
    "joins": "times a player joined another's settling ($ to the active player)",
    "roads_built": "roads on the board at the end",
    "wagons_bought": "wagons bought from the market",
    "deck_end": "share of games ended by the wagon deck running out (P-END-1)",
}


def game_metrics(tables: Any) -> Any:
    """One row per game: the money of the stagecoach, joins, roads, how it ended."""
    seats = tables["seats"]
    out = (
        seats.groupby("game")[
            ["tolls_paid", "fares_bank", "joins", "roads_built", "wagons_bought"]
        ]
        .sum()
        .rename(
            columns={"tolls_paid": "tolls_to_rivals", "fares_bank": "fares_to_bank"}
        )
    )
    paid = out["tolls_to_rivals"] + out["fares_to_bank"]
    out["rival_share"] = out["tolls_to_rivals"] / paid.where(paid > 0)
    games = tables["games"].set_index("game")
    out["deck_end"] = (games["end"] == "deck").astype(float).reindex(out.index)
    return out.reset_index()
