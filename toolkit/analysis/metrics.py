"""Game-design metrics: how long, how many choices, how close, how fair, with intervals.

Every game in ``toolkit.GAMES`` is measured the same way, from the tables of a
``detail=True`` tournament (:func:`measure` plays one; a finished one, or the
Parquet files of ``python -m toolkit simulate --detail``, are read by
:func:`tables`):

``per_game(t)``
    one row per game, one column per metric (:data:`METRICS` says what each
    one measures), plus the game's own metrics from its ``facts`` part
    (``METRICS`` and ``game_metrics``, e.g. tolls paid to rivals or to the
    bank). A metric is a number per game, so a summary is a mean over games
    and a comparison of two rule sets a mean of paired differences
    (:mod:`toolkit.analysis.variants`).
``per_turn(t)``
    the turns table with every seat's score, who leads after the turn
    (``leader``, -1 on a tie for the lead), how far the eventual winner is
    behind (``deficit``) and how far through the game the turn is (``stage``).
``summary(t)``
    each metric's mean over games with its confidence interval.
``branching(t, by="stage" | "phase" | "round")``
    legal actions per decision over the game, by phase or by round.
``seat_advantage(t)``
    win rate by seat position with intervals (see :mod:`.stats`).

Definitions (a game is the unit: its seats are not independent):

* *lead*: the one seat with the highest score after a turn (none on a tie);
  *lead changes* count the turns after which the lead passes to another seat.
* *drama*: how far behind the eventual winner was, on average over the turns
  it was behind, as a share of its final score (0 when it was never behind);
  ``behind`` is the share of turns it was behind, ``max_deficit`` the most
  points it was behind.
* *decisiveness*: ``decided_at``, the share of the game played when the
  leader last changed to the one leading at the end (0: it led from the first
  turn on; 1: the lead changed on the last turn).
* *first-player advantage*: ``first_edge``, the win share of the start player
  (``order`` 0) minus the ``1 / players`` of an equal seat. Entrants rotate
  through the seats, so the bots' strength cancels out.

Intervals are normal approximations over *deals* (:func:`.stats.mean_interval`
of :func:`deal_means`): the games of a deal share their set-up and chance stream
while the entrants rotate, so they are not independent (two equal bots even play
the same game twice); a deal's mean is one independent value. A table without
deals counts every game as its own deal.

>>> from toolkit import GAMES
>>> from toolkit.analysis import metrics
>>> t = metrics.measure(next(iter(GAMES)), ["random", "random"], games=4, seed=1)
>>> {"turns", "branching", "lead_changes", "first_edge"} <= set(metrics.per_game(t))
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from toolkit.core import part

from .stats import mean_interval

__all__ = [
    "METRICS",
    "branching",
    "describe",
    "measure",
    "per_game",
    "per_turn",
    "plot_branching",
    "plot_lengths",
    "plot_seat_advantage",
    "seat_advantage",
    "summary",
    "tables",
]

#: The shared metrics of :func:`per_game`: column -> what it measures.
METRICS: dict[str, str] = {
    "turns": "turns in the game (a seat's consecutive decisions, with chance)",
    "decisions": "decisions taken by all seats",
    "rounds": "rounds played",
    "steps": "steps, decisions and chance turns",
    "chance_share": "share of the steps that were chance turns",
    "branching": "legal actions per decision, averaged over the game",
    "forced_share": "share of decisions with only one legal action",
    "lead_changes": "times the lead passed to another seat",
    "behind": "share of the turns the eventual winner was behind",
    "drama": "how far behind the eventual winner was (share of its final score)",
    "max_deficit": "the most points the eventual winner was behind",
    "decided_at": "share of the game played when the final leader took the lead",
    "margin": "winner's score minus the runner-up's",
    "shared_win": "share of games with a shared win",
    "first_win": "win share of the start player",
    "first_edge": "start player's win share minus an equal seat's (1/players)",
    "first_score_edge": "start player's score minus the game's mean score",
    "seat0_win": "win share of seat 0",
    "seat0_score_edge": "seat 0's score minus the game's mean score",
}

#: Metrics that are shares (shown as percentages in verdicts and summaries).
SHARES = frozenset(
    {
        "chance_share",
        "forced_share",
        "behind",
        "drama",
        "decided_at",
        "shared_win",
        "first_win",
        "first_edge",
        "seat0_win",
    }
)


def measure(
    game: Any,
    agents: Sequence[Any] | str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    *,
    scheduler: Any = None,
    players: int | None = None,
    progress: bool = False,
    **options: Any,
) -> Any:
    """Play a ``detail=True`` tournament (see :func:`.tournament.tournament`)."""
    from .tournament import tournament

    return tournament(
        game,
        agents,
        games,
        seed,
        workers,
        scheduler=scheduler,
        players=players,
        progress=progress,
        detail=True,
        **options,
    )


def tables(source: Any) -> dict[str, Any]:
    """The tables of a tournament as a dict of DataFrames.

    ``source`` is a :class:`~.tournament.Tournament`, a dict of tables, or the
    path of a tournament's seats Parquet file (its other tables are the
    ``<stem>.<table>.parquet`` files beside it, as ``simulate`` writes them;
    the game is made again from the files' metadata). The dict also carries
    the game, when known, as ``t["_game"]``.
    """
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, (str, Path)):
        return _read_parquet(Path(source))
    out = {"games": source.games, "seats": source.seats}
    if source.turns is not None:
        out["turns"] = source.turns
    out.update(source.tables)
    out["_game"] = source.spec.game
    return out


def _read_parquet(path: Path) -> dict[str, Any]:
    import pandas as pd

    if not path.is_file():
        raise FileNotFoundError(f"no tournament results at {path}")
    stem = (
        path.name[: -len(".parquet")] if path.name.endswith(".parquet") else path.name
    )
    out = {"seats": pd.read_parquet(path)}
    for sibling in sorted(path.parent.glob(f"{stem}.*.parquet")):
        name = sibling.name[len(stem) + 1 : -len(".parquet")]
        if name and "." not in name:
            out[name] = _read_table(sibling, name)
    if "games" not in out:
        raise FileNotFoundError(
            f"{path} has no games table beside it ({stem}.games.parquet)"
        )
    from .tournament.parquet import read_game

    game = read_game(path)
    if game is not None:
        out["_game"] = game
    return out


def _read_table(path: Path, name: str) -> Any:
    """One table; the turns without their notation (the largest column, unused)."""
    import pandas as pd
    import pyarrow.parquet as pq

    if name != "turns":
        return pd.read_parquet(path)
    columns = [c for c in pq.read_schema(path).names if c != "actions"]
    return pd.read_parquet(path, columns=columns)


def _game_of(t: Mapping[str, Any], game: Any = None) -> Any:
    return game if game is not None else t.get("_game")


# ----- per turn ------------------------------------------------------------------------


def _score_columns(turns: Any) -> list[str]:
    cols = [c for c in turns.columns if c.startswith("score_") and c[6:].isdigit()]
    return sorted(cols, key=lambda c: int(c[6:]))


def per_turn(t: Any) -> Any:
    """The turns table with ``leader``, ``deficit`` and ``stage`` (see the module doc).

    Needs a ``detail=True`` tournament (every seat's score after each turn).
    """
    import numpy as np

    t = tables(t)
    turns = t.get("turns")
    cols = [] if turns is None else _score_columns(turns)
    if not cols:
        raise ValueError(
            "these tables have no per-turn scores of every seat: play the "
            "tournament with detail=True (metrics.measure, or simulate --detail)"
        )
    turns = turns.sort_values(["game", "turn"]).reset_index(drop=True)
    scores = turns[cols].to_numpy(dtype=float)
    top = scores.max(axis=1)
    at_top = scores == top[:, None]
    unique = at_top.sum(axis=1) == 1
    leader = np.where(unique, scores.argmax(axis=1), -1)
    winners = _winner_sets(t["games"])
    deficit = np.zeros(len(turns))
    for i, (g, row) in enumerate(zip(turns["game"], scores, strict=True)):
        seats = winners.get(int(g), ())
        if seats:
            deficit[i] = top[i] - max(row[s] for s in seats)
    out = turns.copy()
    out["leader"] = leader
    out["deficit"] = deficit
    n = out.groupby("game")["turn"].transform("count")
    out["stage"] = (out.groupby("game").cumcount() + 1) / n
    return out


def _winner_sets(games: Any) -> dict[int, tuple[int, ...]]:
    out = {}
    for g, w in zip(games["game"], games["winners"], strict=True):
        text = "" if w is None else str(w)
        out[int(g)] = tuple(int(s) for s in text.split(";") if s != "")
    return out


def _lead_metrics(
    turns: Any, final_top: Mapping[int, float], winners_known: set[int]
) -> Any:
    """lead_changes, behind, drama, max_deficit, decided_at per game."""
    import pandas as pd

    rows = []
    for g, d in turns.groupby("game", sort=True):
        leaders = d["leader"].tolist()
        changes, last = 0, -1
        for who in leaders:
            if who >= 0:
                if last >= 0 and who != last:
                    changes += 1
                last = who
        final = leaders[-1]
        j = max((i for i, who in enumerate(leaders) if who != final), default=-1)
        behind = d["deficit"] > 0
        top = max(float(final_top.get(int(g), 0.0)), 1.0)
        row = {"game": int(g), "lead_changes": changes}
        if int(g) in winners_known:  # no winner, no eventual winner to follow
            row["behind"] = float(behind.mean())
            row["drama"] = (
                float((d["deficit"][behind] / top).mean()) if behind.any() else 0.0
            )
            row["max_deficit"] = float(d["deficit"].max())
        row["decided_at"] = (j + 1) / len(leaders)
        rows.append(row)
    return pd.DataFrame(rows)


# ----- per game -------------------------------------------------------------------------


def per_game(t: Any, game: Any = None) -> Any:
    """One row per game, one column per metric of :data:`METRICS` it can measure.

    Length, chance and seat metrics need only the ``games`` and ``seats``
    tables; ``turns`` needs the turns table, ``branching`` and
    ``forced_share`` the decisions table, the lead metrics every seat's
    score per turn (all three come with ``detail=True``). The game's own
    metrics (its facts part's ``game_metrics``) follow, when ``game`` (or the
    tournament) names it.
    """
    t = tables(t)
    games, seats = t["games"], t["seats"]
    cols = ["game", "deal"] if "deal" in games.columns else ["game"]
    out = games[[*cols, "decisions", "steps", "rounds"]].copy()
    if "deal" not in out.columns:
        out["deal"] = out["game"]
    out["chance_share"] = (games["steps"] - games["decisions"]) / games["steps"].clip(
        lower=1
    )
    out["shared_win"] = (games["n_winners"] > 1).astype(float)
    turns = t.get("turns")
    if turns is not None and len(turns):
        out = out.merge(
            turns.groupby("game").size().rename("turns").reset_index(),
            on="game",
            how="left",
        )
    decisions = t.get("decisions")
    if decisions is not None and len(decisions):
        by = decisions.groupby("game")["legal"]
        out = out.merge(
            by.mean().rename("branching").reset_index(), on="game", how="left"
        )
        forced = (decisions["legal"] == 1).groupby(decisions["game"]).mean()
        out = out.merge(
            forced.rename("forced_share").reset_index(), on="game", how="left"
        )
    out = out.merge(_seat_metrics(seats), on="game", how="left")
    if turns is not None and _score_columns(turns):
        top = seats.groupby("game")["score"].max()
        known = {g for g, w in _winner_sets(games).items() if w}
        lead = _lead_metrics(per_turn(t), top.to_dict(), known)
        out = out.merge(lead, on="game", how="left")
    game = _game_of(t, game)
    if game is not None:
        own = _own_metrics(game, t)
        if own is not None:
            out = out.merge(own, on="game", how="left")
    order = ["game", "deal", *[m for m in METRICS if m in out.columns]]
    rest = [c for c in out.columns if c not in order]
    return out[order + rest].reset_index(drop=True)


def _seat_metrics(seats: Any) -> Any:
    import pandas as pd

    rows = []
    for g, d in seats.groupby("game", sort=True):
        scores = d["score"].to_numpy(dtype=float)
        ranked = sorted(scores, reverse=True)
        mean = float(scores.mean())
        row = {
            "game": int(g),
            "margin": ranked[0] - ranked[1] if len(ranked) > 1 else math.nan,
        }
        # a game stopped without a winner says nothing about who wins
        won = bool(d["win"].sum() > 0)
        if "order" in d.columns and d["order"].notna().all():
            first = d[d["order"] == 0]
            row["first_win"] = float(first["win"].sum()) if won else math.nan
            row["first_edge"] = row["first_win"] - 1 / len(d)
            row["first_score_edge"] = float(first["score"].sum()) - mean
        zero = d[d["seat"] == 0]
        row["seat0_win"] = float(zero["win"].sum()) if won else math.nan
        row["seat0_score_edge"] = float(zero["score"].sum()) - mean
        rows.append(row)
    return pd.DataFrame(rows)


def _own_metrics(game: Any, t: Mapping[str, Any]) -> Any:
    facts = part(game, "facts")
    fn = getattr(facts, "game_metrics", None) if facts is not None else None
    if fn is None:
        return None
    return fn(t)


def deal_means(table: Any, column: str) -> Any:
    """The mean of ``column`` per deal (games with a value only), for intervals."""
    t = table[table[column].notna()]
    key = t["deal"] if "deal" in t.columns else t["game"]
    return t[column].groupby(key).mean()


def describe(game: Any = None) -> dict[str, str]:
    """Every metric :func:`per_game` gives for ``game``: name -> what it measures."""
    out = dict(METRICS)
    facts = part(game, "facts") if game is not None else None
    if facts is not None:
        out.update(getattr(facts, "METRICS", {}))
    return out


# ----- summaries ------------------------------------------------------------------------


def summary(t: Any, confidence: float = 0.95, game: Any = None) -> Any:
    """Each metric's mean over games with its interval: ``metric``, ``mean``, ...

    Columns: ``metric``, ``mean``, ``low``, ``high``, ``games`` (how many
    games measured it), ``deals`` (the independent units of the interval) and
    ``what`` (what it measures).
    """
    import pandas as pd

    t = tables(t)
    table = per_game(t, game)
    what = describe(_game_of(t, game))
    rows = []
    for col in table.columns:
        if col in ("game", "deal") or not pd.api.types.is_numeric_dtype(table[col]):
            continue
        values = deal_means(table, col)
        mean, low, high = mean_interval(values, confidence)
        rows.append(
            {
                "metric": col,
                "mean": mean,
                "low": low,
                "high": high,
                "games": int(table[col].notna().sum()),
                "deals": len(values),
                "what": what.get(col, ""),
            }
        )
    return pd.DataFrame(rows)


def branching(
    t: Any, by: str = "stage", bins: int = 10, confidence: float = 0.95
) -> Any:
    """Legal actions per decision over the game, with intervals over games.

    ``by="stage"`` cuts each game into ``bins`` equal parts by its decisions,
    ``"phase"`` groups by the phase of the decision, ``"round"`` by round.
    Each game's mean in a group is one value, so the interval is over games.
    Columns: ``by``, ``branching``, ``low``, ``high``, ``games``,
    ``decisions``.
    """
    import pandas as pd

    t = tables(t)
    d = t.get("decisions")
    if d is None or not len(d):
        raise ValueError(
            "these tables have no decisions table: play the tournament with "
            "detail=True (metrics.measure, or simulate --detail)"
        )
    if by == "stage":
        n = d.groupby("game")["decision"].transform("count")
        key = ((d["decision"] * bins) // n + 1) / bins
    elif by in ("phase", "round"):
        key = d[by]
    else:
        raise ValueError(f"by must be 'stage', 'phase' or 'round', not {by!r}")
    deal = (
        d["game"].map(t["games"].set_index("game")["deal"])
        if "deal" in t["games"]
        else d["game"]
    )
    per = (
        d.assign(_key=key, _deal=deal)
        .groupby(["_key", "_deal", "game"])["legal"]
        .agg(["mean", "size"])
    )
    rows = []
    for k, g in per.groupby(level=0, sort=True):
        by_deal = g["mean"].groupby(level=1).mean()
        mean, low, high = mean_interval(by_deal, confidence)
        rows.append(
            {
                by: k,
                "branching": mean,
                "low": low,
                "high": high,
                "games": len(g),
                "decisions": int(g["size"].sum()),
            }
        )
    return pd.DataFrame(rows)


def seat_advantage(t: Any, confidence: float = 0.95) -> Any:
    """Win rate and score edge by seat position, with intervals over deals.

    ``order`` (0 = the start player) when known, else ``seat``. Columns as
    :func:`.stats.seat_advantage`'s (``win_rate``, ``win_low``, ``win_high``,
    ``expected``, ``score_vs_mean`` with its interval), plus ``deals``; but
    the intervals are over deals, whose games are not independent (see the
    module doc), and games stopped without a winner count for the scores only.
    """
    import pandas as pd

    seats = tables(t)["seats"]
    by = (
        "order" if "order" in seats.columns and seats["order"].notna().all() else "seat"
    )
    players = int(seats.groupby("game")["seat"].count().max())
    won = seats.groupby("game")["win"].transform("sum") > 0
    data = seats.assign(
        edge=seats["score"] - seats.groupby("game")["score"].transform("mean"),
        win=seats["win"].where(won),
    )
    if "deal" not in data.columns:
        data = data.assign(deal=data["game"])
    rows = []
    for pos, g in data.groupby(by, sort=True):
        rate, low, high = mean_interval(deal_means(g, "win"), confidence)
        edge, e_low, e_high = mean_interval(deal_means(g, "edge"), confidence)
        rows.append(
            {
                by: pos,
                "games": len(g),
                "deals": int(g["deal"].nunique()),
                "win_rate": rate,
                "win_low": low,
                "win_high": high,
                "expected": 1 / players,
                "score_vs_mean": edge,
                "score_vs_mean_low": e_low,
                "score_vs_mean_high": e_high,
            }
        )
    return pd.DataFrame(rows)


# ----- charts ----------------------------------------------------------------------------


def _styled(fig: Any, title: str, width: int = 760, height: int = 420) -> Any:
    """The toolkit's look (:func:`toolkit.viz.theme.template`) and a bold title."""
    from toolkit.viz import theme

    fig.update_layout(
        template=theme.template(),
        title=f"<b>{title}</b>",
        width=width,
        height=height,
        margin=dict(l=60, r=20, t=70, b=50),
    )
    return fig


def plot_branching(t: Any, by: str = "stage", bins: int = 10) -> Any:
    """Legal actions per decision over the game (or by phase) with intervals."""
    import plotly.graph_objects as go

    table = branching(t, by=by, bins=bins)
    err = {
        "type": "data",
        "array": table["high"] - table["branching"],
        "arrayminus": table["branching"] - table["low"],
    }
    if by == "phase":
        table = table.sort_values("branching")
        trace = go.Bar(
            x=table["branching"],
            y=table["phase"],
            orientation="h",
            error_x=err,
            name="legal actions",
        )
        fig = go.Figure(trace)
        fig.update_layout(xaxis_title="legal actions per decision", yaxis_title="")
    else:
        fig = go.Figure(
            go.Scatter(
                x=table[by],
                y=table["branching"],
                mode="lines+markers",
                error_y=err,
                name="legal actions",
            )
        )
        fig.update_layout(
            xaxis_title="share of the game played" if by == "stage" else by,
            yaxis_title="legal actions per decision",
        )
    return _styled(fig, title=f"Branching factor by {by}")


def plot_lengths(per_games: Mapping[str, Any] | Any, metric: str = "turns") -> Any:
    """Histogram of a length metric, one colour per variant.

    ``per_games`` is a :func:`per_game` table or a dict ``variant -> table``.
    """
    import plotly.graph_objects as go

    if not isinstance(per_games, Mapping):
        per_games = {"games": per_games}
    fig = go.Figure()
    for name, table in per_games.items():
        fig.add_trace(go.Histogram(x=table[metric], name=str(name), opacity=0.6))
    fig.update_layout(
        barmode="overlay", xaxis_title=metric.replace("_", " "), yaxis_title="games"
    )
    return _styled(fig, title=f"Game length ({metric.replace('_', ' ')})")


def plot_seat_advantage(seat_tables: Mapping[str, Any] | Any) -> Any:
    """Win rate by seat position with intervals, side by side per variant.

    ``seat_tables`` is a :func:`seat_advantage` table or a dict
    ``variant -> table``.
    """
    import plotly.graph_objects as go

    if not isinstance(seat_tables, Mapping):
        seat_tables = {"win rate": seat_tables}
    fig = go.Figure()
    expected = None
    pos = "seat"
    for name, table in seat_tables.items():
        pos = "order" if "order" in table.columns else "seat"
        expected = float(table["expected"].iloc[0])
        fig.add_trace(
            go.Bar(
                x=table[pos].astype(str),
                y=table["win_rate"],
                name=str(name),
                error_y={
                    "type": "data",
                    "array": table["win_high"] - table["win_rate"],
                    "arrayminus": table["win_rate"] - table["win_low"],
                },
            )
        )
    if expected is not None:
        fig.add_hline(y=expected, line_dash="dot", annotation_text="equal chances")
    fig.update_layout(
        barmode="group",
        xaxis_title="position (0 = start player)" if pos == "order" else "seat",
        yaxis_title="win rate",
    )
    return _styled(fig, title="Win rate by seat position")
