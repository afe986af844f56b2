"""Exact odds of Pioneer Days' dice and disasters, for lessons and bots.

Drafting at random has a neat consequence: the dice still in the pool when
your turn comes are a uniformly random sample of the bag, just a smaller one;
and the leftover dice of a week are a uniformly random sequence of distinct
dice from that week's bag (every die is equally likely to be the one nobody
takes).  So both questions below are hypergeometric and exact with
:class:`~fractions.Fraction`.

>>> colour_left(bag=(5, 5, 5, 5, 5), colour="red", pool=5, taken=3)
Fraction(11, 30)
>>> d = strike_days(players=2, disaster="RAID")
>>> float(sum(d.values()))  # the Raid strikes at least once (or only at the end)
1.0
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any

from . import effects as E
from .constants import COLOURS, DAYS, DISASTER_TRACK_LENGTH, DISASTERS, WEEKS
from .rules import tables
from .state import Player


def colour_left(bag: tuple[int, ...], colour: str, pool: int, taken: int) -> Fraction:
    """Chance that a die of ``colour`` is still in a pool of ``pool`` dice drawn
    from ``bag`` (dice per colour, in :data:`COLOURS` order) after ``taken``
    dice were taken at random (PD-DAY-1, PD-TURN-1).
    """
    total = sum(bag)
    mine = bag[COLOURS.index(colour)]
    left = pool - taken
    if not 0 <= left <= total:
        raise ValueError(f"{taken} dice cannot be taken from a pool of {pool}")
    return 1 - Fraction(comb(total - mine, left), comb(total, left))


def strike_days(
    players: int,
    disaster: str,
    track: int = 0,
    length: int = DISASTER_TRACK_LENGTH,
) -> dict[int | None, Fraction]:
    """Exact distribution of the day (1-20) the ``disaster`` first strikes from
    the start of the game with its marker on ``track``, when every player drafts
    at random; ``21`` is the final advance (PD-DIS-8), ``None`` never.
    """
    if disaster not in DISASTERS:
        raise ValueError(f"disaster must be one of {DISASTERS}, not {disaster!r}")
    per = players + 1  # dice of each colour in the bag each week (PD-SETUP-2)
    # state: (own colour left, black left, others left, position) -> probability
    out: dict[int | None, Fraction] = {}
    alive: dict[int, Fraction] = {track: Fraction(1)}
    day = 0
    for _week in range(WEEKS):
        states = {(per, per, 3 * per, pos): p for pos, p in alive.items()}
        for _ in range(DAYS):
            day += 1
            nxt: dict[tuple[int, int, int, int], Fraction] = {}
            for (c, k, o, pos), p in states.items():
                n = c + k + o
                for kind, count in (("c", c), ("k", k), ("o", o)):
                    if not count:
                        continue
                    q = p * Fraction(count, n)
                    key = (
                        c - (kind == "c"),
                        k - (kind == "k"),
                        o - (kind == "o"),
                        pos + (kind != "o"),
                    )
                    if key[3] >= length:
                        out[day] = out.get(day, Fraction(0)) + q
                        continue
                    nxt[key] = nxt.get(key, Fraction(0)) + q
            states = nxt
            # the rest of each day's pool leaves the bag too; by symmetry it
            # does not change which colour the next leftover has
        alive = {}
        for (_c, _k, _o, pos), p in states.items():
            alive[pos] = alive.get(pos, Fraction(0)) + p
    final = sum((p for pos, p in alive.items() if pos + 1 >= length), Fraction(0))
    if final:
        out[DAYS * WEEKS + 1] = final
    never = 1 - sum(out.values(), Fraction(0))
    if never:
        out[None] = never
    return out


def simulate_strike_day(
    players: int,
    disaster: str,
    draft: str,
    rng: random.Random,
    length: int = DISASTER_TRACK_LENGTH,
) -> int | None:
    """The day the ``disaster`` first strikes in one simulated game where every
    player drafts by ``draft``: ``"random"``, ``"avoid"`` (takes the
    disaster's colour and black only when nothing else is left) or ``"take"``
    (takes them first). ``21`` is the final advance, ``None`` never.
    """
    if draft not in ("random", "avoid", "take"):
        raise ValueError(f"draft must be 'random', 'avoid' or 'take', not {draft!r}")
    colour = tables().disaster_colour[disaster]
    hot = (colour, "black")
    pos = 0
    day = 0
    for _week in range(WEEKS):
        bag = [c for c in COLOURS for _ in range(players + 1)]
        rng.shuffle(bag)
        for _ in range(DAYS):
            day += 1
            pool = [bag.pop() for _ in range(players + 1)]
            for _turn in range(players):
                if draft == "random":
                    pick = rng.randrange(len(pool))
                else:
                    want = [
                        i for i, c in enumerate(pool) if (c in hot) == (draft == "take")
                    ]
                    pick = rng.choice(want) if want else rng.randrange(len(pool))
                pool.pop(pick)
            if pool[0] in hot:
                pos += 1
                if pos >= length:
                    return day
    return DAYS * WEEKS + 1 if pos + 1 >= length else None


def losses(game: Any, p: Player) -> dict[str, dict[str, int]]:
    """What each disaster would cost player ``p`` now, with the best choices:
    Storm (wood paid, damage tokens), Raid (silver), Famine (silver paid, cattle
    lost), Disease (medicine paid, townsfolk lost). PD-DIS-3..6.
    """
    t = tables()
    open_wagons = sum(1 for size, d in p.wagons if size - 2 * d > 0)
    hit = max(0, open_wagons - E.storm_spares(t, p))
    wood = min(p.wood, hit)
    paid, lost = E.famine(t, p)
    folk = [c for c in p.townsfolk if not E.self_exempt(t, c)]
    need = max(0, len(folk) - E.exemptions(t, p))
    med = min(p.medicine, need)
    return {
        "STORM": {"wood": wood, "damage": hit - wood},
        "RAID": {"silver": E.raid_loss(t, p, game.options["raid_rounding"])},
        "FAMINE": {"silver": paid, "cattle": lost},
        "DISEASE": {"medicine": med, "townsfolk": need - med},
    }


def sample_pool(
    game: Any, state: Any, rng: random.Random, taken: int = 0
) -> tuple[tuple[str, str], ...]:
    """Roll a day's pool with the engine's chance turns from ``state`` (a state
    whose phase is ``"roll"``), then let ``taken`` players take random dice:
    the dice left, as ``(colour, face)`` (PD-DAY-1, PD-TURN-1).
    """
    from toolkit.core.play import sample_outcome

    while state.phase == "roll":
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    pool = list(state.pool)
    for _ in range(taken):
        pool.pop(rng.randrange(len(pool)))
    return tuple(pool)


__all__ = [
    "DISASTERS",
    "colour_left",
    "losses",
    "sample_pool",
    "simulate_strike_day",
    "strike_days",
]
