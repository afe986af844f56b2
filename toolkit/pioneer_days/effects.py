"""Card effects: the data of :mod:`.tables` read by small handlers.

Every handler cites the cards (IDs of the spec's PD-DATA tables) whose effect
it applies.  The disaster modifiers are applied in the order the spec fixes:
a Raid halves, then caps, then reduces (PD-DIS-4, EX-15).
"""

from __future__ import annotations

from .constants import PIONEER
from .state import Player
from .tables import Tables


def holds(p: Player, card: str) -> bool:
    """Whether ``p`` has townsfolk ``card``."""
    return card in p.townsfolk


def folk_effect(t: Tables, p: Player, effect: str) -> int:
    """Sum of ``amount`` over ``p``'s townsfolk with ``effect``."""
    return sum(t.folk[c].amount for c in p.townsfolk if t.folk[c].effect == effect)


def equip_effect(t: Tables, p: Player, effect: str) -> int:
    """Sum of ``amount`` over ``p``'s equipment tiles with ``effect``."""
    return sum(
        t.equipment[e].amount for e in p.equipment if t.equipment[e].effect == effect
    )


def ability(t: Tables, p: Player) -> str:
    """The ability of ``p``'s board side ("" before choosing or when hidden)."""
    board = t.boards.get(p.board)
    return "" if board is None else board.ability


def triggers(t: Tables, p: Player, face: str) -> list[tuple[str, str, int]]:
    """PD-TURN-2: ``(card, effect, amount)`` of ``p``'s cards firing on ``face``.

    Townsfolk of type T (A1 Prospector, A3 Lumberjack, A6 Blacksmith,
    A12 Trapper, B2 Rancher, B3 Herbalist) in the order held, then each
    equipment tile (E1 Gold Pan .. E7 Lucky Horseshoe; two copies fire twice).
    """
    out = [
        (c, t.folk[c].effect, t.folk[c].amount)
        for c in p.townsfolk
        if t.folk[c].kind == "T" and t.folk[c].face == face
    ]
    out += [
        (e, t.equipment[e].effect, t.equipment[e].amount)
        for e in p.equipment
        if t.equipment[e].face == face
    ]
    return out


def gain(p: Player, effect: str, amount: int) -> Player:
    """Add ``amount`` of a plain good: cattle, wood, medicine or silver."""
    if effect == "cattle":
        return p._replace(cattle=p.cattle + amount)
    if effect == "wood":
        return p._replace(wood=p.wood + amount)
    if effect == "medicine":
        return p._replace(medicine=p.medicine + amount)
    if effect == "silver":
        return p._replace(silver=p.silver + amount)
    raise ValueError(f"no plain good {effect!r}")


def change_cost(t: Tables, p: Player) -> int:
    """PD-TURN-3: $3, or $2 for PB5 Trader; -$1 for B5 Merchant and each
    E12 Compass; never below $1 (ASSUMPTION-6). With another base cost
    (``t.change_cost``, the game's ``change_cost`` option) the Trader pays $1 less.
    """
    base = t.change_cost - 1 if ability(t, p) == "change_cost_two" else t.change_cost
    off = folk_effect(t, p, "change_discount") + equip_effect(t, p, "change_discount")
    return max(1, base - off)


def wagon_cost(t: Tables, p: Player, size: str) -> int:
    """PD-WAGON-1: $5 / $8; PB4 Sawyer pays $1 less; never below $0 (ASSUMPTION-19)."""
    off = 1 if ability(t, p) == "wagon_discount" else 0
    return max(0, t.wagon_cost[size] - off)


def capacity(p: Player) -> int:
    """Usable wagon spaces: a damage token covers 2 (PD-STORE-4)."""
    return sum(size - 2 * damage for size, damage in p.wagons)


def used(p: Player) -> int:
    """Spaces the items need: 1 per token or tile, 2 wood or medicine per space
    (PD-STORE-1); items may be rearranged freely (PD-STORE-3).
    """
    return len(p.gold) + len(p.equipment) + (p.wood + 1) // 2 + (p.medicine + 1) // 2


def overflow(p: Player) -> bool:
    """Whether ``p`` holds more than their wagons store (PD-STORE-3)."""
    return used(p) > capacity(p)


def raid_loss(t: Tables, p: Player, rounding: str = "down") -> int:
    """PD-DIS-4 (EX-6, EX-15): 0 with A7 Sheriff; else halve (ASSUMPTION-12),
    cap at $3 with B7 Deputy, then $2 less per E9 Rifle, never below 0.
    """
    if any(t.folk[c].effect == "raid_immune" for c in p.townsfolk):
        return 0
    half = p.silver // 2 if rounding == "down" else (p.silver + 1) // 2
    caps = [t.folk[c].amount for c in p.townsfolk if t.folk[c].effect == "raid_cap"]
    if caps:
        half = min(half, min(caps))
    return max(0, half - equip_effect(t, p, "raid_reduce"))


def famine_free(t: Tables, p: Player) -> int:
    """PD-DIS-5: free cattle F = 2 for PB1 Cattle Baron + 3 for A10 Cook +
    2 per E10 Feed Sack.
    """
    board = 2 if ability(t, p) == "famine_free" else 0
    return board + folk_effect(t, p, "famine_free") + equip_effect(t, p, "famine_free")


def famine(t: Tables, p: Player) -> tuple[int, int]:
    """PD-DIS-5 (EX-8, EX-16): ``(silver paid, cattle returned)``."""
    due = max(0, p.cattle - famine_free(t, p))
    paid = min(p.silver, due)
    return paid, due - paid


def exemptions(t: Tables, p: Player) -> int:
    """PD-DIS-6 (EX-9, EX-17): X = 1 for the Pioneer side + 1 for PB3 Frontier
    Doctor + 1 for B4 Nurse + 1 per E11 Remedy Kit + 1 for A4 Doctor (who is
    also always exempt himself).
    """
    x = 1 if p.board == PIONEER else 0
    if p.board == "PB3":
        x += 1
    x += folk_effect(t, p, "disease_exempt") + equip_effect(t, p, "disease_exempt")
    x += folk_effect(t, p, "disease_doctor")
    return x


def self_exempt(t: Tables, card: str) -> bool:
    """A4 Doctor is always exempt from Disease himself (PD-DIS-6)."""
    return t.folk[card].effect == "disease_doctor"


def storm_spares(t: Tables, p: Player) -> int:
    """PD-DIS-3: wagons spared: 1 for B8 Carpenter + 1 per E8 Canvas Cover
    (each cover in its own wagon).
    """
    return folk_effect(t, p, "storm_spare") + equip_effect(t, p, "storm_spare")


def folk_points(t: Tables, p: Player, card: str) -> int:
    """End-game VP of townsfolk ``card`` for ``p`` (PD-DATA-5, PD-END-2)."""
    f = t.folk[card]
    kind = f.score
    if kind == "flat":
        n = 1
    elif kind == "undamaged":  # A11 Preacher
        n = int(not any(d for _, d in p.wagons))
    elif kind == "gold_tokens":  # A1 Prospector, B1 Miner
        n = len(p.gold)
    elif kind == "cattle":  # A2 Drover, A10 Cook, B2 Rancher
        n = p.cattle
    elif kind == "wood":  # A3 Lumberjack, B8 Carpenter
        n = p.wood
    elif kind == "medicine":  # A4 Doctor, B3 Herbalist
        n = p.medicine
    elif kind == "silver":  # A5 Banker, B5 Merchant
        n = p.silver
    elif kind == "equipment":  # A6 Blacksmith, B6 Quartermaster
        n = len(p.equipment)
    elif kind == "wagons":  # A8 Wainwright, B10 Teamster
        n = len(p.wagons)
    elif kind == "favors":  # A9 Scout
        n = p.favors
    elif kind == "other_townsfolk":  # A12 Trapper
        n = len(p.townsfolk) - 1
    else:  # "townsfolk": B12 Schoolteacher
        n = len(p.townsfolk)
    n //= f.per
    if f.cap:
        n = min(n, f.cap)
    return f.points * n


def damage(p: Player) -> int:
    """Damage tokens on ``p``'s wagons."""
    return sum(d for _, d in p.wagons)


def score_parts(t: Tables, players: tuple[Player, ...]) -> list[dict[str, int]]:
    """PD-END-2 by part for every player: the score as it would be now."""
    top = max(p.favors for p in players)
    out = []
    for p in players:
        out.append(
            {
                "cattle": p.vp,
                "gold": sum(p.gold),
                "favors": 2 * p.favors,
                "most_favors": 5 if p.favors == top else 0,
                "townsfolk": sum(folk_points(t, p, c) for c in p.townsfolk),
                "damage": -2 * damage(p),
            }
        )
    return out


__all__ = [
    "ability",
    "capacity",
    "change_cost",
    "damage",
    "equip_effect",
    "exemptions",
    "famine",
    "famine_free",
    "folk_effect",
    "folk_points",
    "gain",
    "holds",
    "overflow",
    "raid_loss",
    "score_parts",
    "self_exempt",
    "storm_spares",
    "triggers",
    "used",
    "wagon_cost",
]
