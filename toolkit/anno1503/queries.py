"""Read-only views of an Anno 1503 state for lessons, boards and bots.

:func:`summary` lists each seat's home island in plain Python values (a table
row per seat), and :func:`production_odds` gives the exact chance of each good
on one production roll (A-PROD-2..5), to compare with simulated games.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .common import seat_arg
from .tables import ANY, GOODS

if TYPE_CHECKING:
    from .rules import Anno1503
    from .state import State


def summary(game: Anno1503, state: State) -> list[dict[str, Any]]:
    """Return one row per seat: island, gold, goods, residents, buildings, cards, ships.

    The row ends with the victory conditions met.

    Examples
    --------
    >>> from toolkit import anno1503
    >>> game = anno1503.Anno1503(players=2)
    >>> row = anno1503.summary(game, game.setup())[0]
    >>> row["island"], row["gold"], row["hand"], row["residents"]
    ('A', 7, {'STONE': 1, 'WOOD': 1}, ('PIONEER', 'SETTLER'))
    """
    rows = []
    for seat, p in enumerate(state.players):
        rows.append(
            {
                "seat": seat,
                "island": "ABCD"[seat],
                "gold": p.gold,
                "hand": {g: n for g, n in zip(GOODS, p.hand, strict=True) if n},
                "residents": p.residents,
                "buildings": tuple(b for b in p.buildings if b),
                "offices": {
                    b: o[3:-2]
                    for b, o in zip(game.bridges[seat], p.offices, strict=True)
                    if o
                },
                "contracts": len(p.contracts),
                "ships": p.ships,
                "conditions": game.conditions(state, seat),
                "active": seat == state.active,
            }
        )
    return rows


def production_odds(game: Anno1503, state: State, seat: int) -> dict[str, Fraction]:
    """Exact chance that one production roll offers ``seat`` each good (A-PROD-2..5).

    ``"ANY"`` is the "?" face (a free choice); a branch office counts its good
    as offered too (the player then picks one, A-PROD-4); ``"EVENT"`` is the 6.

    Examples
    --------
    >>> from toolkit import anno1503
    >>> game = anno1503.Anno1503(players=2)
    >>> odds = anno1503.production_odds(game, game.setup(), 0)
    >>> odds["CLOTH"], odds["ANY"], odds["EVENT"]
    (Fraction(1, 6), Fraction(1, 6), Fraction(1, 6))
    """
    seat = seat_arg(game, seat)
    odds: dict[str, Fraction] = {g: Fraction(0) for g in (*GOODS, ANY)}
    sixth = Fraction(1, 6)
    p = state.players[seat]
    for face, good in enumerate(game.production[seat], start=1):
        offered = {good}
        if face in game.bridges[seat]:
            office = p.offices[game.bridges[seat].index(face)]
            if office:
                offered.add(office[3:-2])
        for g in sorted(offered):
            odds[g] += sixth
    odds["EVENT"] = sixth
    return odds


__all__ = ["production_odds", "summary"]
