"""Analyses of tournament tables: DataFrames with confidence intervals, plotly charts.

Every function takes the tidy tables of :func:`toolkit.analysis.tournament.tournament`
(``result.seats``, ``result.games``) and returns a
:class:`pandas.DataFrame`; every ``plot_*`` function returns a plotly figure
(plotly is imported only when a chart is drawn).

Intervals are normal approximations over games (a game is the independent
unit; the seats of one game are not independent): ``mean +- z * sd / sqrt(n)``,
Wilson score intervals for plain proportions. ``p_value`` columns are
two-sided tests of "no effect" by the same normal approximation.

A game's own analyses of its columns (which ones to compare, what they mean)
live in its ``facts`` part and build on :func:`column_values` and
:func:`column_vs_score`.

>>> from toolkit import GAMES
>>> from toolkit.analysis.tournament import tournament
>>> from toolkit.analysis import stats
>>> result = tournament(next(iter(GAMES)), ["greedy", "random"], games=8)
>>> list(stats.summary(result.seats)["agent"])
['greedy', 'random']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

__all__ = [
    "column_values",
    "column_vs_score",
    "mean_interval",
    "pairwise",
    "plot_column_values",
    "plot_column_vs_score",
    "plot_ratings",
    "plot_seat_advantage",
    "ratings",
    "seat_advantage",
    "summary",
    "wilson_interval",
]


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _p_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def wilson_interval(
    successes: float, n: int, confidence: float = 0.95
) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion.

    ``successes`` may be fractional (shared wins count a fraction).

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if n <= 0:
        return (math.nan, math.nan)
    z = _z(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Any, confidence: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the normal-approximation interval of a mean."""
    import numpy as np

    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if n == 1:
        return (m, math.nan, math.nan)
    half = _z(confidence) * float(x.std(ddof=1)) / math.sqrt(n)
    return (m, m - half, m + half)


# ----- who wins ----------------------------------------------------------------------


def summary(seats: Any, by: str = "entrant", confidence: float = 0.95) -> Any:
    """Per entrant (or ``by="agent"``): games, wins, win rate with its interval, scores.

    ``win`` counts shared victories as fractions, so the win rates
    of one game sum to 1; ``expected`` is the win rate of an equal player
    (1 / players) and ``p_value`` tests the difference from it. With
    ``by="agent"`` a bot filling several seats of a game counts each seat, and
    those seats are not independent: its intervals are then a little narrow.
    """
    import pandas as pd

    players = int(seats.groupby("game")["seat"].count().max())
    rows = []
    keys = ["entrant", "agent"] if by == "entrant" else [by]
    for key, g in seats.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        n = len(g)
        wins = float(g["win"].sum())
        low, high = wilson_interval(wins, n, confidence)
        rate = wins / n
        expected = 1 / players
        se = math.sqrt(expected * (1 - expected) / n)
        score, s_low, s_high = mean_interval(g["score"], confidence)
        rows.append(
            {
                **dict(zip(keys, key, strict=True)),
                "games": n,
                "wins": wins,
                "win_rate": rate,
                "win_low": low,
                "win_high": high,
                "expected": expected,
                "p_value": _p_two_sided((rate - expected) / se),
                "score": score,
                "score_low": s_low,
                "score_high": s_high,
            }
        )
    return pd.DataFrame(rows)


def seat_advantage(seats: Any, by: str | None = None, confidence: float = 0.95) -> Any:
    """Win rate and mean score by seat position, with intervals and tests.

    ``by`` defaults to ``"order"`` (0 = the start player, then clockwise) when
    the table has it, else ``"seat"``. Because entrants rotate through the
    seats, every position is played equally often by every bot, so the bots'
    strength cancels out. ``score_vs_mean`` is the position's mean score minus
    the mean of all positions, with its interval.
    """
    import pandas as pd

    by = by or ("order" if "order" in seats.columns else "seat")
    players = int(seats.groupby("game")["seat"].count().max())
    expected = 1 / players
    centred = seats["score"] - seats.groupby("game")["score"].transform("mean")
    rows = []
    for pos, g in seats.groupby(by, sort=True):
        n = len(g)
        wins = float(g["win"].sum())
        low, high = wilson_interval(wins, n, confidence)
        se = math.sqrt(expected * (1 - expected) / n)
        diff, d_low, d_high = mean_interval(centred.loc[g.index], confidence)
        rows.append(
            {
                by: pos,
                "games": n,
                "win_rate": wins / n,
                "win_low": low,
                "win_high": high,
                "expected": expected,
                "p_value": _p_two_sided((wins / n - expected) / se),
                "score": g["score"].mean(),
                "score_vs_mean": diff,
                "score_vs_mean_low": d_low,
                "score_vs_mean_high": d_high,
            }
        )
    return pd.DataFrame(rows)


def pairwise(seats: Any, by: str = "agent", confidence: float = 0.95) -> Any:
    """Head-to-head record: how often ``a`` finished above ``b`` in games both played.

    Every seat of ``a`` is compared with every seat of ``b`` in the same game
    (1 for a higher score, 1/2 for a tie, 0 below). One row per ordered pair:
    ``games`` (games with both), ``pairs`` (seat pairs compared), ``rate`` (the
    mean over games of each game's mean comparison) and its interval over
    games (seat pairs of one game are not independent, games are).
    """
    import pandas as pd

    per_game: dict[tuple, list[float]] = {}
    pairs: dict[tuple, int] = {}
    for _, g in seats.groupby("game", sort=False):
        labels = g[by].tolist()
        scores = g["score"].tolist()
        cells: dict[tuple, list[float]] = {}
        for i in range(len(labels)):
            for j in range(len(labels)):
                if i == j or labels[i] == labels[j]:
                    continue
                r = 0.5 if scores[i] == scores[j] else float(scores[i] > scores[j])
                cells.setdefault((labels[i], labels[j]), []).append(r)
        for key, values in cells.items():
            per_game.setdefault(key, []).append(sum(values) / len(values))
            pairs[key] = pairs.get(key, 0) + len(values)
    rows = []
    for (a, b), values in sorted(per_game.items()):
        m, low, high = mean_interval(values, confidence)
        rows.append(
            {
                "a": a,
                "b": b,
                "games": len(values),
                "pairs": pairs[(a, b)],
                "rate": m,
                "low": max(low, 0.0),
                "high": min(high, 1.0),
            }
        )
    return pd.DataFrame(
        rows, columns=["a", "b", "games", "pairs", "rate", "low", "high"]
    )


def ratings(
    seats: Any,
    by: str = "agent",
    boot: int = 200,
    seed: int = 0,
    confidence: float = 0.95,
) -> Any:
    """Rate the bots (Bradley-Terry, Elo scale, mean 1500) from every pair of seats.

    A pair counts as a win for the higher score (ties half each). The model
    says ``P(a beats b) = 1 / (1 + 10 ** ((r_b - r_a) / 400))``. Intervals
    come from a bootstrap over games (``boot`` resamples, seeded).
    """
    import numpy as np
    import pandas as pd

    labels = sorted(seats[by].unique())
    index = {a: i for i, a in enumerate(labels)}
    k = len(labels)
    per_game = []
    for _, g in seats.groupby("game", sort=True):
        w = np.zeros((k, k))
        idx = [index[a] for a in g[by]]
        sc = g["score"].to_numpy()
        for i in range(len(idx)):
            for j in range(len(idx)):
                if i != j and idx[i] != idx[j]:
                    w[idx[i], idx[j]] += (
                        1.0 if sc[i] > sc[j] else 0.5 if sc[i] == sc[j] else 0.0
                    )
        per_game.append(w)
    wins = np.stack(per_game) if per_game else np.zeros((0, k, k))
    point = _bradley_terry(wins.sum(axis=0))
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(boot if len(wins) > 1 else 0):
        pick = rng.integers(0, len(wins), len(wins))
        samples.append(_bradley_terry(wins[pick].sum(axis=0)))
    rows = []
    alpha = (1 - confidence) / 2
    games = seats.groupby(by)["game"].nunique()
    for a, i in index.items():
        col = [s[i] for s in samples]
        low, high = (
            (float(np.quantile(col, alpha)), float(np.quantile(col, 1 - alpha)))
            if col
            else (math.nan, math.nan)
        )
        rows.append(
            {
                by: a,
                "rating": float(point[i]),
                "low": low,
                "high": high,
                "games": int(games[a]),
            }
        )
    return pd.DataFrame(rows).sort_values("rating", ascending=False, ignore_index=True)


def _bradley_terry(w: Any, iterations: int = 200) -> Any:
    """Fit Bradley-Terry strengths (MM algorithm, Hunter 2004) as Elo-scale ratings."""
    import numpy as np

    k = len(w)
    if k == 0:
        return np.zeros(0)
    w = w + 0.5 * (1 - np.eye(k)) * (
        w + w.T > 0
    )  # a light prior keeps unbeaten bots finite
    n = w + w.T
    p = np.ones(k)
    for _ in range(iterations):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, w.sum(axis=1) / np.where(denom > 0, denom, 1), p)
        new = np.maximum(new, 1e-12)
        new /= np.exp(np.log(new).mean())
        if np.allclose(new, p, rtol=1e-10, atol=0):
            p = new
            break
        p = new
    r = 400 * np.log10(p)
    return r - r.mean() + 1500


# ----- what pays ----------------------------------------------------------------------


def column_values(
    seats: Any,
    columns: Sequence[str],
    target: str = "score",
    confidence: float = 0.95,
    control: str | None = "agent",
) -> Any:
    """Value of each of a group of count columns: least squares of ``target`` on them.

    The coefficient of a column is the extra final ``target`` (score, or win
    share with ``target="win"``) that goes with one more of it, the other
    columns and (``control``) the bot being equal. It is an association, not a
    causal effect: good players also do more of everything. One row per
    column: ``column``, ``mean`` (per seat), ``value``, ``se``, ``low``,
    ``high``, ``p_value``, sorted by value, best first.
    """
    import numpy as np
    import pandas as pd

    cols = [c for c in columns if c in seats.columns]
    if not cols:
        raise ValueError(f"the seats table has none of the columns {list(columns)}")
    x = seats[cols].to_numpy(float)
    parts = [np.ones((len(seats), 1)), x]
    if control and control in seats.columns and seats[control].nunique() > 1:
        parts.append(pd.get_dummies(seats[control], drop_first=True).to_numpy(float))
    design = np.hstack(parts)
    y = seats[target].to_numpy(float)
    coef, se = _ols(design, y)
    z = _z(confidence)
    rows = []
    for j, c in enumerate(cols, start=1):
        rows.append(
            {
                "column": c,
                "mean": float(seats[c].mean()),
                "value": coef[j],
                "se": se[j],
                "low": coef[j] - z * se[j],
                "high": coef[j] + z * se[j],
                "p_value": _p_two_sided(coef[j] / se[j]) if se[j] > 0 else math.nan,
            }
        )
    return pd.DataFrame(rows).sort_values("value", ascending=False, ignore_index=True)


def _ols(x: Any, y: Any) -> tuple[Any, Any]:
    import numpy as np

    xtx_inv = np.linalg.pinv(x.T @ x)
    coef = xtx_inv @ x.T @ y
    resid = y - x @ coef
    dof = max(len(y) - np.linalg.matrix_rank(x), 1)
    sigma2 = float(resid @ resid) / dof
    return coef, np.sqrt(np.maximum(np.diag(xtx_inv) * sigma2, 0))


def column_vs_score(seats: Any, column: str, confidence: float = 0.95) -> Any:
    """Mean final score (with interval) per value of a count column, and the slope.

    The returned frame has one row per value of ``column``; ``attrs["slope"]``
    holds the least-squares score per extra unit with its interval and
    ``attrs["correlation"]``.
    """
    import numpy as np
    import pandas as pd

    rows = []
    for value, g in seats.groupby(column, sort=True):
        m, low, high = mean_interval(g["score"], confidence)
        rows.append(
            {
                column: int(value),
                "seats": len(g),
                "score": m,
                "low": low,
                "high": high,
                "win_rate": float(g["win"].mean()),
            }
        )
    out = pd.DataFrame(rows)
    x = seats[column].to_numpy(float)
    y = seats["score"].to_numpy(float)
    if len(x) > 2 and x.std() > 0:
        coef, se = _ols(np.column_stack([np.ones_like(x), x]), y)
        z = _z(confidence)
        out.attrs["slope"] = {
            "value": float(coef[1]),
            "low": float(coef[1] - z * se[1]),
            "high": float(coef[1] + z * se[1]),
        }
        out.attrs["correlation"] = float(np.corrcoef(x, y)[0, 1])
    return out


# ----- charts ------------------------------------------------------------------


def _error_bars(df: Any, y: str, low: str, high: str) -> dict:
    return {"error_y": df[high] - df[y], "error_y_minus": df[y] - df[low]}


def plot_seat_advantage(table: Any) -> Any:
    """Bar chart of :func:`seat_advantage`: win rate per position with intervals."""
    import plotly.express as px

    from toolkit.viz import theme

    pos = "order" if "order" in table.columns else "seat"
    fig = px.bar(
        table,
        template=theme.template(),
        x=table[pos].astype(str),
        y="win_rate",
        **_error_bars(table, "win_rate", "win_low", "win_high"),
        labels={
            "x": "position (0 = start player)" if pos == "order" else "seat",
            "win_rate": "win rate",
        },
        title="Win rate by seat position",
    )
    fig.add_hline(
        y=float(table["expected"].iloc[0]),
        line_dash="dot",
        annotation_text="equal chances",
    )
    return fig


def plot_column_values(table: Any, label: str = "column") -> Any:
    """Horizontal bars of :func:`column_values` with intervals."""
    import plotly.express as px

    from toolkit.viz import theme

    t = table.sort_values("value")
    return px.bar(
        t,
        template=theme.template(),
        x="value",
        y="column",
        orientation="h",
        error_x=t["high"] - t["value"],
        error_x_minus=t["value"] - t["low"],
        labels={"value": f"final score per {label}", "column": ""},
        title=f"What each {label} is worth",
    )


def plot_column_vs_score(seats: Any, column: str, label: str | None = None) -> Any:
    """Box plot of final score against a count column, by bot."""
    import plotly.express as px

    from toolkit.viz import theme

    label = label or column.replace("_", " ")
    return px.box(
        seats,
        template=theme.template(),
        x=column,
        y="score",
        color="agent" if "agent" in seats else None,
        labels={column: label, "score": "final score"},
        title=f"{label.capitalize()} and final score",
    )


def plot_ratings(table: Any) -> Any:
    """Bar chart of :func:`ratings` with bootstrap intervals."""
    import plotly.express as px

    from toolkit.viz import theme

    key = table.columns[0]
    return px.bar(
        table,
        template=theme.template(),
        x=key,
        y="rating",
        **_error_bars(table, "rating", "low", "high"),
        labels={"rating": "rating (Elo scale)", key: "bot"},
        title="Bot ratings (Bradley-Terry)",
    )
