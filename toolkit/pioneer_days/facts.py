"""Pioneer Days' facts: tournament columns, score parts and the townsfolk table.

The ``facts`` part (contract in :mod:`toolkit.analysis.tournament.collect`).
Score parts are the lines of the final scoring (PD-END-2): cattle VP from the
towns, nuggets, favors, the most-favors bonus, townsfolk VP and damage.
:class:`Collector` adds per seat the board side, holdings at the end and how
often the seat took income, actions, recruits, changes and wagons; per game the
disasters that struck; per turn the silver after it; and a ``townsfolk`` table
with one row per recruit (card, week, kept to the end, VP it scored).

>>> from toolkit.analysis.tournament import tournament
>>> result = tournament("pioneer_days", ["random", "random"], games=2)
>>> {"vp_favors", "board", "recruits"} <= set(result.seats.columns)
True
>>> {"card", "kept", "vp"} <= set(result.tables["townsfolk"].columns)
True
"""

from __future__ import annotations

from typing import Any

from toolkit.analysis.tournament import Collector as _Base
from toolkit.analysis.tournament import vp_columns

from . import actions as A
from . import effects as E
from .constants import DISASTERS, FACES
from .rules import tables

TABLES: tuple[str, ...] = ("townsfolk",)

SCORE_PARTS = (
    ("cattle", "cattle at the towns"),
    ("gold", "gold nuggets"),
    ("favors", "favors (2 each)"),
    ("most_favors", "most favors (+5)"),
    ("townsfolk", "townsfolk"),
    ("damage", "damage (-2 each)"),
)

COUNTS = {
    "incomes": A.Income,
    "actions": A.Act,
    "recruits": A.Recruit,
    "changes": A.Change,
    "wagons_bought": A.Buy,
    "discards": A.Discard,
    "fulfilled": A.Fulfil,
}


def score_parts(game: Any, state: Any) -> list[dict]:
    """Per seat: ``seat`` and each line of the final scoring (PD-END-2)."""
    return [
        {"seat": seat, **parts}
        for seat, parts in enumerate(E.score_parts(tables(), state.players))
    ]


class Collector(_Base):
    """Pioneer Days: score lines, holdings, counters and the recruits."""

    def __init__(self, game: Any, turns: bool) -> None:
        super().__init__(game, turns)
        self.count = {k: [0] * game.players for k in COUNTS}
        self.recruited: list[tuple[int, str, int]] = []

    def step(self, state: Any, seat: int, action: Any, after: Any) -> None:
        """Count the seat's kinds of decision and note each recruit."""
        super().step(state, seat, action, after)
        if seat < 0:
            return
        for name, kind in COUNTS.items():
            if isinstance(action, kind):
                self.count[name][seat] += 1
                break
        if isinstance(action, A.Recruit):
            card = state.slots[FACES.index(state.face)]
            self.recruited.append((seat, card, state.week))

    def turn_facts(self, state: Any, seat: int) -> dict:
        """Silver after the turn."""
        return {"silver": int(state.players[seat].silver)}

    def game_facts(self, state: Any) -> dict:
        """How often each disaster struck."""
        return {
            d.lower(): int(n) for d, n in zip(DISASTERS, state.strikes, strict=True)
        }

    def seat_facts(self, state: Any) -> list[dict]:
        """Score lines ``vp_*``, board side, holdings and the counters."""
        vp = vp_columns(score_parts(self.game, state), SCORE_PARTS)
        rows = []
        for s, p in enumerate(state.players):
            row = {
                **vp[s],
                "board": p.board,
                "silver": p.silver,
                "cattle": p.cattle,
                "wood": p.wood,
                "medicine": p.medicine,
                "gold_tokens": len(p.gold),
                "equipment": len(p.equipment),
                "townsfolk": len(p.townsfolk),
                "favors": p.favors,
                "damage": E.damage(p),
                "wagons": len(p.wagons),
            }
            row.update({k: v[s] for k, v in self.count.items()})
            rows.append(row)
        return rows

    def extra_tables(self, state: Any) -> dict[str, list[dict]]:
        """``townsfolk``: every recruit, whether it was kept and the VP it scored."""
        t = tables()
        rows = []
        for seat, card, week in self.recruited:
            p = state.players[seat]
            kept = card in p.townsfolk
            rows.append(
                {
                    "seat": seat,
                    "card": card,
                    "name": t.folk[card].name,
                    "week": week,
                    "kept": kept,
                    "vp": E.folk_points(t, p, card) if kept else 0,
                }
            )
        return {"townsfolk": rows}


def townsfolk_payoff(recruits: Any, confidence: float = 0.95) -> Any:
    """Per townsfolk card, from a tournament's ``townsfolk`` table: recruits, the
    mean VP it scored at the end with its interval, and the share kept to the
    end (Wilson interval); best first.
    """
    import pandas as pd

    from toolkit.analysis.stats import mean_interval, wilson_interval

    rows = []
    for (card, name), group in recruits.groupby(["card", "name"]):
        vp = [float(v) for v in group["vp"]]
        mean, low, high = (
            mean_interval(vp, confidence) if len(vp) > 1 else (vp[0], vp[0], vp[0])
        )
        kept = int(group["kept"].sum())
        k_low, k_high = wilson_interval(kept, len(group), confidence)
        rows.append(
            {
                "card": card,
                "name": name,
                "recruits": len(group),
                "mean VP": mean,
                "low": low,
                "high": high,
                "kept": kept / len(group),
                "kept low": k_low,
                "kept high": k_high,
            }
        )
    frame = pd.DataFrame(rows)
    return frame.sort_values("mean VP", ascending=False).reset_index(drop=True)


__all__ = ["SCORE_PARTS", "TABLES", "Collector", "score_parts", "townsfolk_payoff"]
