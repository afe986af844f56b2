"""Montana's facts: its tournament columns, score parts and coin flows.

The ``facts`` part of the game (see :mod:`toolkit.analysis.tournament.collect`
for the contract). A score is the number of settlements placed (M-END-3: the
fewest left wins), so the score parts are how they were placed: paid hexes,
free settlements of double hexes and of line bonuses. :class:`Collector` adds
per seat the settlements left, goods, workers, coins, cattle and canteens at
the end, and how often the seat recruited, worked at the bank, in production
and in the city, built, traded and spent a canteen; per game how it ended
(``end``: ``race`` or ``capped``, M-END-5); per turn the coins after it.
:func:`money_flows` lists every change of coins of a recorded game.

>>> from toolkit.analysis.tournament import tournament
>>> result = tournament("montana", ["random", "random"], games=2, max_turns=40)
>>> {"vp_paid", "left", "cattle", "builds"} <= set(result.seats.columns)
True
"""

from __future__ import annotations

from typing import Any

from toolkit.analysis.tournament import Collector as _Base
from toolkit.analysis.tournament import vp_columns

from . import actions as A

#: No extra tables.
TABLES: tuple[str, ...] = ()

#: How settlements were placed (M-BUILD-1, -5, -6); they add up to the score.
SCORE_PARTS = (
    ("paid", "paid hexes"),
    ("double", "double hexes (free)"),
    ("line", "line bonuses (free)"),
)

#: What coins change hands for, in the order a chart lists them.
FLOW_KINDS = ("start coins", "bank", "production", "trades", "compensation", "other")

_FLOW_OF = {
    A.Bank: "bank",
    A.Work: "production",
    A.Trade: "trades",
    A.Build: "compensation",
    A.Done: "compensation",
}

COUNTS = {
    "recruits": A.Recruit,
    "bank": A.Bank,
    "production": A.Work,
    "city": A.City,
    "builds": A.Build,
    "trades": A.Trade,
    "canteens": A.Canteen,
}


def _placements(game: Any, state: Any) -> list[dict[str, int]]:
    rows = [{"paid": 0, "double": 0, "line": 0} for _ in range(game.players)]
    types = game.tables.hex_types
    for h, (seat, n) in enumerate(zip(state.owner, state.stack, strict=True)):
        if seat < 0 or n == 0:
            continue
        rows[seat]["paid"] += 1
        double = int(types[state.kinds[h]].double and n >= 2)
        rows[seat]["double"] += double
        rows[seat]["line"] += n - 1 - double
    return rows


def score_parts(game: Any, state: Any) -> list[dict]:
    """Per seat: ``seat`` and its settlements by how they were placed."""
    return [{"seat": s, **row} for s, row in enumerate(_placements(game, state))]


class Collector(_Base):
    """Montana: the race, the player board and the actions taken per seat."""

    def __init__(self, game: Any, turns: bool) -> None:
        super().__init__(game, turns)
        self.count = {k: [0] * game.players for k in COUNTS}

    def step(self, state: Any, seat: int, action: Any, after: Any) -> None:
        """Count the seat's recruits, works, builds, trades and canteens."""
        super().step(state, seat, action, after)
        if seat < 0:
            return
        for name, kind in COUNTS.items():
            if isinstance(action, kind):
                self.count[name][seat] += 1
                break

    def turn_facts(self, state: Any, seat: int) -> dict:
        """Return the coins after the turn."""
        return {"coins": int(state.players[seat].coins)}

    def game_facts(self, state: Any) -> dict:
        """How the game ended (``end``): ``race`` or ``capped`` (M-END-5)."""
        return {"end": "capped" if state.capped else "race", "rounds": state.round}

    def seat_facts(self, state: Any) -> list[dict]:
        """Score parts ``vp_*``, the player board at the end and the counters."""
        vp = vp_columns(score_parts(self.game, state), SCORE_PARTS)
        rows = []
        for s, p in enumerate(state.players):
            row = {
                **vp[s],
                "left": p.left,
                "goods": sum(p.goods),
                "workers": sum(p.workers),
                "coins": p.coins,
                "cattle": p.cattle,
                "canteens_held": p.canteens,
            }
            row.update({k: v[s] for k, v in self.count.items()})
            rows.append(row)
        return rows


def money_flows(record: Any, game: Any = None) -> list[dict]:
    """Every change of coins of a recorded game: payer, kind, receiver and amount.

    Coins come from and go to the bank (the supply); ``kind`` is what the
    action was (:data:`FLOW_KINDS`). Amounts add up to each seat's coins.
    """
    from toolkit.core import make_game, replay_states

    if game is None:
        game = make_game(record.game, record.players, **record.options)
    states = list(replay_states(record, game))
    flows: dict[tuple, int] = {}

    def add(payer: Any, kind: str, receiver: Any, amount: int) -> None:
        key = (payer, kind, receiver)
        flows[key] = flows.get(key, 0) + amount

    for text, before, after in zip(record.actions, states, states[1:], strict=False):
        action = game.parse_action(text)
        kind = (
            "start coins"
            if type(action) is A.First
            else _FLOW_OF.get(type(action), "other")
        )
        for seat, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
            change = b.coins - a.coins
            if change > 0:
                add("bank", kind, seat, change)
            elif change < 0:
                add(seat, kind, "bank", -change)
    return [
        {"payer": p, "kind": k, "receiver": r, "amount": v}
        for (p, k, r), v in sorted(flows.items(), key=lambda kv: str(kv[0]))
    ]
