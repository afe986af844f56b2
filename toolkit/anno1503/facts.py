"""Anno 1503's facts: its tournament columns, score parts and gold flows.

The ``facts`` part of the game (see :mod:`toolkit.analysis.tournament.collect`
for the contract). A score is the number of victory conditions met (A-WIN-1),
so the score parts are the five conditions, each worth 1 when met.
:class:`Collector` adds per seat the conditions met (``vp_*``), gold, goods in
hand, residents, buildings, branch offices, trade contracts and ships at the
end, and how often the seat sold, bought, built, placed, upgraded, raided,
sailed and explored; per game how it ended (``end``: won or max_turns); per
turn the gold after it. :func:`money_flows` lists every change of gold of a
recorded game for :func:`toolkit.viz.charts.money_flow`.

>>> from toolkit.analysis.tournament import tournament
>>> result = tournament("anno1503", ["random", "random"], games=2, max_turns=20)
>>> {"vp_gold", "gold", "ships", "sales"} <= set(result.seats.columns)
True
"""

from __future__ import annotations

from typing import Any

from toolkit.analysis.tournament import Collector as _Base
from toolkit.analysis.tournament import vp_columns

from . import actions as A
from .constants import VICTORY

#: No extra tables.
TABLES: tuple[str, ...] = ()

#: The victory conditions (A-WIN-1), in the order of ``VICTORY``; 1 VP each.
SCORE_PARTS = (
    ("gold", f"{VICTORY['V-GOLD']} gold"),
    ("branch", f"{VICTORY['V-BRANCH']} branch offices"),
    ("contract", f"{VICTORY['V-CONTRACT']} trade contracts"),
    ("building", f"{VICTORY['V-BUILDING']} public buildings"),
    ("merchant", f"{VICTORY['V-MERCHANT']} merchants"),
)
_CONDITION = {key: f"V-{key.upper()}" for key, _ in SCORE_PARTS}

#: What gold changes hands for, in the order a chart lists them.
FLOW_KINDS = (
    "start gold",
    "sales",
    "islands",
    "purchases",
    "ships",
    "buildings",
    "other",
)

#: Kind of gold flow by action (anything else is "other").
_FLOW_OF = {
    A.Sell: "sales",
    A.Buy: "purchases",
    A.BuildShip: "ships",
    A.PlacePioneer: "buildings",
    A.Explore: "islands",
    A.Reveal: "islands",
    A.UseCard: "islands",
}

#: The counters :class:`Collector` keeps per seat, by action, in column order.
COUNTS = {
    "sales": A.Sell,
    "purchases": A.Buy,
    "ships_built": A.BuildShip,
    "pioneers_placed": A.PlacePioneer,
    "upgrades": A.Upgrade,
    "raids": A.Raid,
    "sails": A.Sail,
    "explorations": A.Explore,
    "cards_used": A.UseCard,
}


def score_parts(game: Any, state: Any) -> list[dict]:
    """Per seat: ``seat`` and 1 or 0 for each victory condition met (A-WIN-1)."""
    rows = []
    for seat in range(game.players):
        met = set(game.conditions(state, seat))
        rows.append({"seat": seat, **{k: int(c in met) for k, c in _CONDITION.items()}})
    return rows


class Collector(_Base):
    """Anno 1503: victory conditions, purse, island and actions per seat."""

    def __init__(self, game: Any, turns: bool) -> None:
        super().__init__(game, turns)
        self.count = {k: [0] * game.players for k in COUNTS}

    def step(self, state: Any, seat: int, action: Any, after: Any) -> None:
        """Count the seat's sales, purchases, builds, raids, sails and the like."""
        super().step(state, seat, action, after)
        if seat < 0:
            return
        for name, kind in COUNTS.items():
            if isinstance(action, kind):
                self.count[name][seat] += 1
                break

    def turn_facts(self, state: Any, seat: int) -> dict:
        """Return the gold after the turn."""
        return {"gold": int(state.players[seat].gold)}

    def game_facts(self, state: Any) -> dict:
        """How the game ended (``end``): ``won`` or ``max_turns``."""
        return {"end": "won" if state.winner is not None else "max_turns"}

    def seat_facts(self, state: Any) -> list[dict]:
        """Conditions met ``vp_*``, purse, island and the counters of :data:`COUNTS`."""
        vp = vp_columns(score_parts(self.game, state), SCORE_PARTS)
        rows = []
        for s, pl in enumerate(state.players):
            row = {
                **vp[s],
                "gold": pl.gold,
                "goods": sum(pl.hand),
                "residents": len(pl.residents) - pl.residents.count(""),
                "merchants": pl.residents.count("MERCHANT"),
                "buildings": len(pl.buildings) - pl.buildings.count(""),
                "offices": len(pl.offices) - pl.offices.count(""),
                "contracts": len(pl.contracts),
                "ships": sum(1 for p in pl.ships if p is not None),
            }
            row.update({k: v[s] for k, v in self.count.items()})
            rows.append(row)
        return rows


def money_flows(record: Any, game: Any = None) -> list[dict]:
    """Every change of gold of a recorded game: payer, kind, receiver and amount.

    Gold comes from and goes to the bank; ``kind`` is what the action was
    (:data:`FLOW_KINDS`: sales, purchases, ships, buildings, islands for
    treasures found, start gold). Amounts add up to each seat's gold.
    """
    from toolkit.core import make_game, replay_states

    if game is None:
        game = make_game(record.game, record.players, **record.options)
    states = list(replay_states(record, game))
    flows: dict[tuple, int] = {}

    def add(payer: Any, kind: str, receiver: Any, amount: int) -> None:
        key = (payer, kind, receiver)
        flows[key] = flows.get(key, 0) + amount

    for seat, pl in enumerate(states[0].players):
        if pl.gold > 0:
            add("bank", "start gold", seat, pl.gold)
    for text, before, after in zip(record.actions, states, states[1:], strict=False):
        kind = _FLOW_OF.get(type(game.parse_action(text)), "other")
        for seat, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
            change = b.gold - a.gold
            if change > 0:
                add("bank", kind, seat, change)
            elif change < 0:
                add(seat, kind, "bank", -change)
    return [
        {"payer": p, "kind": k, "receiver": r, "amount": v}
        for (p, k, r), v in sorted(flows.items(), key=lambda kv: str(kv[0]))
    ]


# ----- design metrics (toolkit.analysis.metrics) ---------------------------------

#: The game's own metrics of :func:`game_metrics`: column -> what it measures.
METRICS = {
    "won": "share of games that ended with a winner (not stopped at max_turns)",
    **{
        f"win_by_{key}": f"share of winners that met the condition {label}"
        for key, label in SCORE_PARTS
    },
    "raids": "raids by all seats",
    "explorations": "islands explored by all seats",
    "purchases": "goods bought from the supply by all seats",
}


def game_metrics(tables: Any) -> Any:
    """One row per game: whether it had a winner, which conditions won, activity."""
    seats = tables["seats"]
    games = tables["games"].set_index("game")
    out = seats.groupby("game")[["raids", "explorations", "purchases"]].sum()
    out["won"] = (games["end"] == "won").astype(float).reindex(out.index)
    winners = seats[seats["won"]]
    for key, _ in SCORE_PARTS:
        met = winners.groupby("game")[f"vp_{key}"].mean()
        out[f"win_by_{key}"] = met.reindex(out.index).astype(float)
    return out.reset_index()
