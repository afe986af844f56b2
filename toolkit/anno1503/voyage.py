"""Phase 3 handlers.

Sailing, exploring, and using island cards (A-SHIP, A-EXPL, A-ISL).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.core import IllegalAction

from . import actions as A
from .common import (
    new_player,
    new_state,
    raise_level,
    set_player,
    with_player,
    wrong_phase,
)
from .constants import WOODEN_BRIDGES
from .state import IslandCard, Player, State

if TYPE_CHECKING:
    from .base import Anno1503Base


def _ship(
    game: Anno1503Base, s: State, a: A.Sail | A.Explore
) -> tuple[int, tuple[int, int]]:
    if s.phase == "look":
        raise wrong_phase(s, a, "A-EXPL-2")
    if s.phase not in ("build", "sea"):
        raise wrong_phase(s, a)
    p = s.players[s.active]
    if a.ship not in (1, 2) or p.ships[a.ship - 1] is None:
        raise IllegalAction(
            "A-SHIP-2",
            f"ship {a.ship} is not on the board; only ships on the board act.",
        )
    return a.ship - 1, p.ships[a.ship - 1]  # type: ignore[return-value]


def _enter_sea(game: Anno1503Base, s: State) -> State:
    """Phase 3 begins.

    Every ship on the board gets its full AP (A-SHIP-1/2, ASSUMPTION-17).
    """
    if s.phase != "build":
        return s
    full = game.full_ap(s, s.active)
    ap = tuple(full if at is not None else 0 for at in s.players[s.active].ships)
    return new_state(s, phase="sea", ap=ap)


def _sail(game: Anno1503Base, s: State, a: A.Sail) -> State:
    i, at = _ship(game, s, a)
    if a.to not in game.sea:
        raise IllegalAction(
            "A-SHIP-3", f"{a.to} is not a sea space; ships never enter islands."
        )
    d = game._dist[at][a.to]
    ap = game.ship_ap(s, s.active, i)
    if d == 0:
        raise IllegalAction("A-SHIP-3", f"ship {a.ship} is already at {a.to}.")
    if d > ap:
        raise IllegalAction(
            "A-SHIP-3",
            f"{a.to} is {d} steps away at 1 AP each; ship {a.ship} has {ap} AP left.",
        )
    s = _enter_sea(game, s)
    p = s.players[s.active]
    ships = list(p.ships)
    ships[i] = a.to
    aps = list(s.ap)
    aps[i] -= d
    players = with_player(s, s.active, new_player(p, ships=tuple(ships)))
    return new_state(s, players=players, ap=tuple(aps))


def _explore(game: Anno1503Base, s: State, a: A.Explore) -> State:
    i, at = _ship(game, s, a)
    idx = game.island_index.get(a.island)
    if idx is None:
        raise IllegalAction("A-EXPL-1", f"{a.island} is not an island space.")
    if a.island not in game.coast[at]:
        raise IllegalAction(
            "A-EXPL-1",
            f"ship {a.ship} at {at} is not orthogonally next to island {a.island} "
            "(ASSUMPTION-2).",
        )
    if game.ship_ap(s, s.active, i) < 1:
        raise IllegalAction(
            "A-EXPL-1", f"exploring costs 1 AP and ship {a.ship} has none left."
        )
    if not s.islands[idx]:
        raise IllegalAction(
            "A-EXPL-3", f"island {a.island} holds no card (ASSUMPTION-25)."
        )
    if idx in s.explored[i]:
        raise IllegalAction(
            "A-EXPL-2",
            f"ship {a.ship} already explored {a.island} this turn; it may explore "
            "another island.",
        )
    s = _enter_sea(game, s)
    aps = list(s.ap)
    aps[i] -= 1
    explored = list(s.explored)
    explored[i] = (*explored[i], idx)
    s = new_state(s, ap=tuple(aps), explored=tuple(explored), looking=(i, idx))  # type: ignore[arg-type]
    top = s.islands[idx][-1]
    if (
        top.code[0] == "?"
    ):  # an undecided face: a chance turn decides it (deferred reveal)
        return new_state(s, phase="reveal")
    return new_state(
        _set_top(s, idx, top._replace(seen=top.seen | (1 << s.active))), phase="look"
    )


def _set_top(s: State, idx: int, card: IslandCard | None) -> State:
    islands = list(s.islands)
    islands[idx] = islands[idx][:-1] + ((card,) if card is not None else ())
    return new_state(s, islands=tuple(islands))


def _reveal(game: Anno1503Base, s: State, a: A.Reveal) -> State:
    if s.phase != "reveal":
        raise wrong_phase(s, a, "A-EXPL-1")
    idx = s.looking[1]  # type: ignore[index]
    back = s.islands[idx][-1].back
    j = game.code_index.get(a.code)
    if j is None or not s.pool[j] or int(a.code[-1]) != back:
        raise IllegalAction(
            "A-EXPL-1", f"{a.code} cannot be the face of this card (back {back})."
        )
    pool = (*s.pool[:j], s.pool[j] - 1, *s.pool[j + 1 :])
    s = _set_top(new_state(s, pool=pool), idx, IslandCard(a.code, 1 << s.active))
    return new_state(s, phase="look")


def _return(game: Anno1503Base, s: State, a: A.ReturnCard) -> State:
    if s.phase != "look":
        raise wrong_phase(s, a, "A-EXPL-2")
    return new_state(s, phase="sea", looking=None)


def _use(game: Anno1503Base, s: State, a: A.UseCard) -> State:
    if s.phase != "look":
        raise wrong_phase(s, a, "A-EXPL-2")
    seat = s.active
    i, idx = s.looking  # type: ignore[misc]
    code = s.islands[idx][-1].code
    p = s.players[seat]
    if code.startswith("BO-"):
        p = _use_office(game, p, seat, a, code)
    elif code.startswith("TC"):
        if a.bridge or a.space:
            raise IllegalAction(
                "A-ISL-2",
                "a trade contract goes on the next free wooden bridge: 'use card'.",
            )
        if len(p.contracts) >= WOODEN_BRIDGES:
            raise IllegalAction(
                "A-ISL-2", "all 3 wooden bridges hold contracts; a 4th cannot be used."
            )
        p = new_player(p, contracts=(*p.contracts, code))
    elif code.startswith("TG"):
        if a.bridge or a.space:
            raise IllegalAction("A-ISL-3", "a gold treasure is used as 'use card'.")
        p = new_player(p, gold=p.gold + game.treasure_gold)
        s = new_state(s, gone=tuple(sorted((*s.gone, code))))
    else:
        _check_treasure_upgrade(game, p, a)
        s = new_state(s, gone=tuple(sorted((*s.gone, code))))
    ships = list(p.ships)
    ships[i] = None  # A-ISL-4: the ship goes back to the supply
    s = set_player(s, seat, new_player(p, ships=tuple(ships)))
    if code.startswith("TU"):
        s = raise_level(s, seat, a.space)
    aps = list(s.ap)
    aps[i] = 0  # A-EXPL-2: its remaining AP are lost
    return new_state(_set_top(s, idx, None), ap=tuple(aps), phase="sea", looking=None)


def _use_office(
    game: Anno1503Base, p: Player, seat: int, a: A.UseCard, code: str
) -> Player:
    bridges = game.bridges[seat]
    if "" not in p.offices:
        raise IllegalAction(
            "A-ISL-1",
            "all 4 stone bridges hold branch offices; a 5th cannot be used or swapped.",
        )
    if a.bridge not in bridges:
        free = ", ".join(str(b) for b, o in zip(bridges, p.offices) if not o)
        raise IllegalAction(
            "A-ISL-1", f"a branch office goes on a free stone bridge: {free}."
        )
    j = bridges.index(a.bridge)
    if p.offices[j]:
        raise IllegalAction(
            "A-ISL-1", f"stone bridge {a.bridge} already holds a branch office."
        )
    return new_player(p, offices=(*p.offices[:j], code, *p.offices[j + 1 :]))


def _check_treasure_upgrade(game: Anno1503Base, p: Player, a: A.UseCard) -> None:
    if a.bridge or not 1 <= a.space <= len(p.residents):
        raise IllegalAction(
            "A-ISL-3",
            "an upgrade treasure names the resident space to upgrade: 'use card space "
            "2'.",
        )
    problem = game._upgrade_problem(p, p.residents[a.space - 1], paid=False)
    if problem:
        raise IllegalAction("A-ISL-3", f"{problem[1]} (ASSUMPTION-19).")


#: Phase 3 action classes and their handlers, merged into :func:`.moves.dispatch`.
HANDLERS = {
    A.Sail: _sail,
    A.Explore: _explore,
    A.Reveal: _reveal,
    A.ReturnCard: _return,
    A.UseCard: _use,
}

__all__ = ["HANDLERS"]
