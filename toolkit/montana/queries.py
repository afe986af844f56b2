"""Montana positions and questions for lessons and tests.

:func:`position` builds a position on a fixed landscape (tiles T1, T2, ... at
rotation 0, the set-up spins on segment 0) with the settlements and goods a
lesson asks for; :func:`wheel_counts` gives the exact distribution of the
workers of one colour from one or more spins; :func:`city_chain` plays a City
action's placements one at a time and lists the city after each.

>>> from fractions import Fraction
>>> wheel_counts(Montana(players=2), "copper")[0]
Fraction(5, 8)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .actions import Spin, Tile
from .rules import Montana
from .state import State
from .tables import ROWS


def position(
    game: Montana,
    owned: dict[int, list[tuple[int, int]]] | None = None,
    goods: dict[int, tuple[int, ...]] | None = None,
    **player: Any,
) -> State:
    """The first decision of a game on the fixed landscape, with ``owned[seat]``
    hexes ``(q, r)`` holding one settlement of ``seat`` each and ``goods[seat]``
    (in GOODS order); ``player`` sets fields of every player board (e.g.
    ``cattle=0``). ``game`` needs ``first`` and ``start_hex`` options.
    """
    s = game.setup()
    for k in range(1, len(game.centres) + 1):
        s = game.apply(s, Tile(k, 0))
    for _ in range(2 * game.players):
        s = game.apply(s, Spin(0))
    owner, stack, players = list(s.owner), list(s.stack), list(s.players)
    for seat, cells in (owned or {}).items():
        for q, r in cells:
            h = game.geometry.at[(q, r)]
            owner[h], stack[h] = seat, 1
        players[seat] = players[seat]._replace(left=players[seat].left - len(cells))
    for seat, held in (goods or {}).items():
        players[seat] = players[seat]._replace(goods=tuple(held))
    players = [p._replace(**player) for p in players]
    return s._replace(owner=tuple(owner), stack=tuple(stack), players=tuple(players))


def wheel_counts(
    game: Montana, colour: str, spins: int = 1, any_as: str | None = None
) -> dict[int, Fraction]:
    """Exact chances of getting k workers of ``colour`` in ``spins`` spins
    (each segment 1/8, ASSUMPTION-9); on ANY the player takes ``any_as`` twice.
    """
    per_spin: dict[int, Fraction] = {}
    for a, b in game.tables.wheel:
        if a == "ANY":
            k = 2 if any_as == colour else 0
        else:
            k = (a == colour) + (b == colour)
        per_spin[k] = per_spin.get(k, Fraction(0)) + Fraction(1, 8)
    dist = {0: Fraction(1)}
    for _ in range(spins):
        nxt: dict[int, Fraction] = {}
        for k, p in dist.items():
            for j, q in per_spin.items():
                nxt[k + j] = nxt.get(k + j, Fraction(0)) + p * q
        dist = nxt
    return dict(sorted(dist.items()))


def city_chain(game: Montana, state: State, moves: list[str]) -> list[dict]:
    """Play ``moves`` (a City action and the placements after it) one at a time;
    per step: who moved, the move, each row's contractor and the column sum
    (M-CITY-7). The last row is the state after the payouts, when they ran.
    """
    rows = []
    for text in moves:
        seat = game.to_move(state)
        state = game.apply(state, game.parse_action(text))
        row: dict[str, Any] = {"seat": seat, "move": text}
        for r, (who, col) in enumerate(state.city):
            row[f"row {ROWS[r]}"] = f"seat {who} col {col}" if who >= 0 else ""
        row["column sum"] = sum(c for w, c in state.city if w >= 0)
        row["city open"] = state.phase == "city"
        rows.append(row)
    return rows


__all__ = ["city_chain", "position", "wheel_counts"]
