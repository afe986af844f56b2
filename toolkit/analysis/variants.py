"""The rules lab: the same seeded tournament under two or more rule sets, compared.

A *variant* is a set of option values (``{"income": 4}``; any option of the
game's ``defaults``) or a game object (a subclass that changes a rule).
:func:`compare` plays the same ``detail=True`` tournament, same seed, same
bots, same number of games, under every variant. Game ``i`` of every variant
starts from the same deal and draws from the same chance stream (*paired
seeds*), so most of the luck is shared, and a metric's difference is measured
game by game: the interval is that of the mean of the paired differences,
usually much narrower than the two intervals side by side.

>>> from toolkit.toy import Race
>>> from toolkit.analysis import variants
>>> lab = variants.compare(
...     Race(players=2),
...     {"short": {"target": 10}, "long": {"target": 30}},
...     ["random", "random"],
...     games=40,
...     seed=1,
... )
>>> print(lab.verdict("rounds"))  # doctest: +ELLIPSIS
rounds played rose from 2.15 ± 0.41 (short) to 5.45 ± 0.81 (long): ... clear.

:func:`search` tries the values of one numeric option (a grid, or
successive halving: keep the better half, double the games) and returns the
value whose metric comes closest to a target, with the number of games spent.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import metrics as M
from .stats import _p_two_sided, _z, mean_interval

__all__ = [
    "LABELS",
    "Comparison",
    "SearchResult",
    "compare",
    "plot_differences",
    "search",
    "variant_game",
]

#: Short names of the shared metrics, for verdicts ("first-player advantage
#: fell from ..."); other metrics are named by what they measure.
LABELS = {
    "turns": "game length in turns",
    "decisions": "decisions per game",
    "rounds": "rounds played",
    "branching": "legal actions per decision",
    "chance_share": "share of chance turns",
    "forced_share": "share of forced decisions",
    "lead_changes": "lead changes per game",
    "drama": "drama",
    "decided_at": "the point the game is decided",
    "margin": "winning margin",
    "first_win": "start player's win rate",
    "first_edge": "first-player advantage",
    "first_score_edge": "start player's score edge",
    "seat0_win": "seat 0's win rate",
    "seat0_score_edge": "seat 0's score edge",
}


def variant_game(game: Any, variant: Any, players: int | None = None) -> Any:
    """The game of a variant: a game object as given, else ``game`` with its options.

    ``game`` is a registered name or a game object; ``variant`` a game object
    or a mapping of options (for a game object: its options, then these).
    """
    from toolkit.core import make_game

    if not isinstance(variant, Mapping):
        return variant
    if isinstance(game, str):
        if players is None:
            raise ValueError("give players= when the game is given by name")
        return make_game(game, players, **variant)
    options = {**getattr(game, "options", {}), **variant}
    return type(game)(players=game.players, **options)


@dataclass
class Comparison:
    """Paired tournaments of several variants: their tables, metrics and differences."""

    results: dict[str, Any]
    baseline: str
    confidence: float = 0.95
    per_game: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.per_game:
            self.per_game = {
                name: M.per_game(M.tables(r)) for name, r in self.results.items()
            }

    @property
    def names(self) -> list[str]:
        """The variants, the baseline first."""
        return [self.baseline, *(n for n in self.results if n != self.baseline)]

    def summary(self) -> Any:
        """Each variant's metric means with intervals, one row per variant x metric."""
        import pandas as pd

        frames = []
        for name in self.names:
            s = M.summary(M.tables(self.results[name]), self.confidence)
            frames.append(s.assign(variant=name))
        out = pd.concat(frames, ignore_index=True)
        return out[["variant", *(c for c in out.columns if c != "variant")]]

    def differences(self, metrics: Sequence[str] | None = None) -> Any:
        """Paired differences from the baseline, per variant and metric.

        Columns: ``variant``, ``metric``, ``baseline`` (its mean) with
        ``baseline_low``/``baseline_high``, ``mean`` with ``low``/``high``,
        ``diff`` with ``diff_low``/``diff_high`` (the interval of the mean of
        the game-by-game differences, over deals as in :mod:`.metrics`),
        ``games`` (pairs measured) and ``p_value`` (two-sided, no difference).
        """
        import pandas as pd

        base = self.per_game[self.baseline]
        z = _z(self.confidence)
        rows = []
        for name in self.names[1:]:
            other = self.per_game[name]
            both = base.merge(other, on="game", suffixes=("_a", "_b"))
            cols = [
                c
                for c in base.columns
                if c not in ("game", "deal")
                and c in other.columns
                and pd.api.types.is_numeric_dtype(base[c])
                and (metrics is None or c in metrics)
            ]
            for col in cols:
                a, b = both[f"{col}_a"], both[f"{col}_b"]
                ok = a.notna() & b.notna()
                paired = both[ok].assign(_d=(b - a)[ok], deal=both["deal_a"][ok])
                diff, lo, hi = mean_interval(
                    M.deal_means(paired, "_d"), self.confidence
                )
                ma, la, ha = mean_interval(M.deal_means(base, col), self.confidence)
                mb, lb, hb = mean_interval(M.deal_means(other, col), self.confidence)
                half = (hi - diff) if not math.isnan(hi) else math.nan
                se = half / z if half and not math.isnan(half) else 0.0
                p = _p_two_sided(diff / se) if se > 0 else (1.0 if diff == 0 else 0.0)
                rows.append(
                    {
                        "variant": name,
                        "metric": col,
                        "baseline": ma,
                        "baseline_low": la,
                        "baseline_high": ha,
                        "mean": mb,
                        "low": lb,
                        "high": hb,
                        "diff": diff,
                        "diff_low": lo,
                        "diff_high": hi,
                        "games": int(ok.sum()),
                        "p_value": p,
                    }
                )
        return pd.DataFrame(rows)

    def verdict(self, metric: str, variant: str | None = None) -> str:
        """One sentence on what the variant did to ``metric``, with intervals.

        "first-player advantage fell from 8 ± 3 % (rulebook) to 2 ± 3 %
        (income 4): a change of -6 ± 4 % (paired games, 95 %), clear."
        """
        variant = variant or self.names[1]
        table = self.differences([metric])
        row = table[table["variant"] == variant]
        if row.empty:
            raise KeyError(f"no metric {metric!r} measured for variant {variant!r}")
        r = row.iloc[0]
        share = metric in M.SHARES
        label = LABELS.get(metric) or M.describe(self._game()).get(metric, metric)
        diff, half = r["diff"], r["diff_high"] - r["diff"]
        if math.isnan(half) or half == 0:
            clear = diff != 0
        else:
            clear = r["diff_low"] > 0 or r["diff_high"] < 0
        direction = "rose" if diff > 0 else "fell" if diff < 0 else "stayed"
        a = _pm(r["baseline"], r["baseline_high"] - r["baseline"], share)
        b = _pm(r["mean"], r["high"] - r["mean"], share)
        change = _pm(diff, half, share, signed=True)
        level = f"{round(self.confidence * 100):d} %"
        judgement = "clear" if clear else "within the noise: no difference can be told"
        if direction == "stayed" and not half:
            return (
                f"{label} did not change: {a} ({self.baseline}) and {b} "
                f"({variant}) in every pair of games."
            )
        if direction == "stayed":
            return (
                f"{label} stayed at {a} ({self.baseline}) and {b} ({variant}): "
                f"a change of {change} (paired games, {level}), {judgement}."
            )
        return (
            f"{label} {direction} from {a} ({self.baseline}) to {b} ({variant}): "
            f"a change of {change} (paired games, {level}), {judgement}."
        )

    def verdicts(self, metrics: Sequence[str] | None = None) -> list[str]:
        """:meth:`verdict` for each variant and metric (default: a few key ones)."""
        metrics = metrics or [
            m
            for m in ("first_edge", "turns", "lead_changes", "margin", "branching")
            if m in self.per_game[self.baseline]
        ]
        return [
            self.verdict(m, v)
            for v in self.names[1:]
            for m in metrics
            if m in self.per_game[v]
        ]

    def _game(self) -> Any:
        r = self.results[self.baseline]
        spec = getattr(r, "spec", None)
        return getattr(spec, "game", None)

    def seat_advantage(self) -> dict[str, Any]:
        """:func:`metrics.seat_advantage` of every variant."""
        return {
            n: M.seat_advantage(self.results[n], self.confidence) for n in self.names
        }

    def plot_lengths(self, metric: str = "turns") -> Any:
        """Histogram of game length by variant (:func:`metrics.plot_lengths`)."""
        return M.plot_lengths({n: self.per_game[n] for n in self.names}, metric)

    def plot_seat_advantage(self) -> Any:
        """Win rate by seat position per variant with intervals."""
        return M.plot_seat_advantage(self.seat_advantage())

    def plot_differences(self, metrics: Sequence[str] | None = None) -> Any:
        """Paired differences from the baseline with intervals (:func:`plot_differences`)."""
        return plot_differences(self.differences(metrics))

    def __repr__(self) -> str:
        games = len(self.per_game[self.baseline])
        return f"Comparison({self.names}, games={games}, baseline={self.baseline!r})"


def _decimals(half: float) -> int:
    if not half or math.isnan(half):
        return 2
    return max(0, 1 - math.floor(math.log10(abs(half))))


def _pm(value: float, half: float, share: bool, signed: bool = False) -> str:
    """``8 ± 3 %`` for shares, ``2.4 ± 0.3`` for numbers, to the interval's precision."""
    if share:
        value, half = value * 100, half * 100
    places = min(_decimals(half), 3)
    if share:
        places = min(places, 1)
    sign = "+" if signed else ""
    v = f"{value:{sign}.{places}f}".replace("-", "−")
    h = "?" if math.isnan(half) else f"{half:.{places}f}"
    return f"{v} ± {h}{' %' if share else ''}"


def compare(
    game: Any,
    variants: Mapping[str, Any],
    agents: Sequence[Any] | str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    *,
    scheduler: Any = None,
    players: int | None = None,
    baseline: str | None = None,
    confidence: float = 0.95,
    progress: bool = False,
    on_variant: Callable[[str, Any], None] | None = None,
) -> Comparison:
    """Play the same seeded tournament under every variant and compare them.

    ``game`` is a registered name or a game object; ``variants`` maps a name
    to a dict of options (``{}`` is the game as it is) or to a game object (a
    subclass that changes a rule). ``baseline`` (default: the first variant)
    is what the others are compared with. ``on_variant(name, result)`` is
    called as each variant's tournament finishes.
    """
    if len(variants) < 2:
        raise ValueError("compare needs at least two variants (one is the baseline)")
    if isinstance(agents, str):
        agents = agents.split(",")
    n = players if players is not None else len(agents)
    results = {}
    for name, variant in variants.items():
        g = variant_game(game, variant, n)
        results[name] = M.measure(
            g, agents, games, seed, workers, scheduler=scheduler, progress=progress
        )
        if on_variant is not None:
            on_variant(name, results[name])
    base = baseline if baseline is not None else next(iter(variants))
    if base not in results:
        raise ValueError(f"baseline {base!r} is not one of the variants")
    return Comparison(results=results, baseline=base, confidence=confidence)


@dataclass
class SearchResult:
    """What :func:`search` found: the best value, every value's estimate, games spent."""

    option: str
    metric: str
    target: float
    best: Any
    table: Any
    games: int
    rounds: list = field(default_factory=list)

    def __repr__(self) -> str:
        return (
            f"SearchResult({self.option}={self.best!r}: {self.metric} closest to "
            f"{self.target:g}, {self.games} games)"
        )


def search(
    game: Any,
    option: str,
    values: Sequence[Any],
    agents: Sequence[Any] | str,
    *,
    metric: str = "first_edge",
    target: float = 0.0,
    games: int = 40,
    method: str = "halving",
    seed: int = 0,
    workers: int = 1,
    scheduler: Any = None,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    confidence: float = 0.95,
    progress: bool = False,
) -> SearchResult:
    """Find the value of ``option`` whose ``metric`` comes closest to ``target``.

    ``method="grid"`` plays ``games`` games at every value. ``"halving"``
    (successive halving) plays ``games`` at every value, keeps the better
    half (closest to the target), doubles the games and repeats until one
    value is left; every round replays the same seeded games from the start,
    so its estimates are paired across values. ``options`` are fixed options
    of every run. The result's ``table`` has one row per value and round
    (``round``, ``value``, ``games``, ``mean``, ``low``, ``high``,
    ``distance``); ``games`` is every game played.
    """
    import pandas as pd

    if method not in ("grid", "halving"):
        raise ValueError(f"method must be 'grid' or 'halving', not {method!r}")
    values = list(values)
    if not values:
        raise ValueError("search needs at least one value to try")
    if isinstance(agents, str):
        agents = agents.split(",")
    n = players if players is not None else len(agents)
    fixed = dict(options or {})
    spent = 0
    rows: list[dict] = []
    alive, budget, rnd = values, games, 0
    while True:
        scored = []
        for value in alive:
            g = variant_game(game, {**fixed, option: value}, n)
            result = M.measure(
                g, agents, budget, seed, workers, scheduler=scheduler, progress=progress
            )
            spent += budget
            table = M.per_game(M.tables(result))
            if metric not in table:
                raise ValueError(
                    f"metric {metric!r} is not measured; one of: "
                    + ", ".join(c for c in table.columns if c != "game")
                )
            mean, low, high = mean_interval(M.deal_means(table, metric), confidence)
            distance = abs(mean - target)
            rows.append(
                {
                    "round": rnd,
                    "value": value,
                    "games": budget,
                    "mean": mean,
                    "low": low,
                    "high": high,
                    "distance": distance,
                }
            )
            scored.append((distance, alive.index(value), value))
        scored.sort(key=lambda x: (x[0], x[1]))
        if method == "grid" or len(alive) <= 1:
            break
        keep = max(1, len(alive) // 2)
        alive = [v for _, _, v in sorted(scored[:keep], key=lambda x: x[1])]
        budget *= 2  # the last one left is measured once more, with the most games
        rnd += 1
    best = scored[0][2]
    return SearchResult(
        option=option,
        metric=metric,
        target=float(target),
        best=best,
        table=pd.DataFrame(rows),
        games=spent,
        rounds=sorted({r["round"] for r in rows}),
    )


def plot_differences(table: Any) -> Any:
    """Dot-and-whisker chart of :meth:`Comparison.differences` (one row per metric)."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for name, t in table.groupby("variant", sort=False):
        fig.add_trace(
            go.Scatter(
                x=t["diff"],
                y=t["metric"],
                mode="markers",
                name=str(name),
                error_x={
                    "type": "data",
                    "array": t["diff_high"] - t["diff"],
                    "arrayminus": t["diff"] - t["diff_low"],
                },
            )
        )
    fig.add_vline(x=0, line_dash="dot")
    fig.update_layout(xaxis_title="change from the baseline (paired games)")
    return M._styled(
        fig, title="What the rule change did", height=max(300, 28 * len(table) + 120)
    )
