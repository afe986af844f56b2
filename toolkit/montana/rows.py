"""The Montana encoder's hottest keys and fills, compiled with the engine.

Plain functions over plain values: :mod:`toolkit.montana.encoding` makes
parts of them (``functools.partial`` binds the encoder's slices), so the
encoder stays a plain Python class that pickles, while an environment's
trackers, which read these on every step, call compiled code rather than
interpreted frames.
"""

from __future__ import annotations

from typing import Any, Final

from .state import Player, State

#: Counts are clipped at this value in the Montana vector.
CAP: Final = 99


def hired_key(s: State) -> tuple[Any, ...]:
    """The round and each seat's round of its last paid extra hire (the key of
    the part for the paid-extra-hire flags).
    """
    return s.round, tuple([p.hired for p in s.players])


def capped(row: list[Any]) -> list[Any]:
    """``row`` with every count over :data:`CAP` set to it (most rows have none)."""
    return row if max(row) <= CAP else [x if x < CAP else CAP for x in row]


def supply_row(span: range, s: State, seat: int) -> tuple[range, list[Any]]:
    """Goods (clipped), workers and cattle in the general supply (one slice)."""
    row: list[Any] = list(s.supply)
    row.extend(s.pool)
    row.append(s.herd)
    return span, capped(row)


def board_row(
    spans: tuple, s: State, seat: int, i: int, p: Player
) -> tuple[range, list[Any]]:
    """Seat ``i``'s board as one slice: goods, workers, coins, cattle, canteens,
    settlements left (the paid-extra-hire flag is its own part).
    """
    row: list[Any] = list(p.goods)
    row.extend(p.workers)
    row.append(p.coins)
    row.append(p.cattle)
    row.append(p.canteens)
    row.append(p.left)
    return spans[i], capped(row)
