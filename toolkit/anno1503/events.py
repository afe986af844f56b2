"""Production and events, resolved seat by seat from the active one (A-PROD, A-EVENT).

A roll of 1-5 or an event puts one ``(kind, seat)`` entry per seat on the
state's queue, in turn order from the active player (A-EVENT-6, ASSUMPTION-16;
we use the same order for production choices).  :func:`advance` resolves every
entry that needs no choice and stops at the first one that does: a seat
choosing a good or, on a "?" face and in the Golden Age, to take nothing
(``"produce"``, ``"golden"``), a seat choosing which island
card the Pirates take (``"pirates"``), or the chance draw from the reserve
(``"reserve"``).  Kinds: ``produce``, ``golden``, ``pirates``, ``fire``, ``reserve``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import GOOD_INDEX, new_player, new_state
from .state import Player, State
from .tables import ANY, GOODS

if TYPE_CHECKING:
    from .base import Anno1503Base

#: Event die faces 1-6 -> event (A-EVENT-1).
EVENTS = ("", "PIRATES", "PIRATES", "FIRE", "FIRE", "GOLDEN_AGE", "GOLDEN_AGE")


def give(
    state: State,
    seat: int,
    g: int,
    n: int = 1,
    queue: tuple[tuple[str, int], ...] | None = None,
    phase: str | None = None,
) -> State:
    """Move ``n`` cards of good index ``g`` from the supply to ``seat``'s hand
    (a negative ``n``: from the hand back to the supply).

    ``queue`` and ``phase``: the queue and phase of the new state as well, in
    the same copy (``None``: the state's).
    """
    p = state.players[seat]
    hand = list(p.hand)
    hand[g] += n
    supply = list(state.supply)
    supply[g] -= n
    players = list(state.players)
    players[seat] = new_player(p, hand=tuple(hand))
    return new_state(
        state,
        players=tuple(players),
        supply=tuple(supply),
        queue=state.queue if queue is None else queue,
        phase=state.phase if phase is None else phase,
    )


def _set_player(state: State, seat: int, p: Player) -> State:
    players = list(state.players)
    players[seat] = p
    return new_state(state, players=tuple(players))


def production_options(game: Anno1503Base, state: State, seat: int) -> tuple[int, ...]:
    """Good indices ``seat`` may take for this turn's roll (A-PROD-2..4, ASSUMPTION-13.

    -30).
    """
    face = state.roll
    good = game.production[seat][face - 1]
    supply = state.supply
    if good == ANY:  # A-PROD-3: any good from a pile that is not empty
        return golden_options(state)
    g = GOOD_INDEX[good]
    opts = [g] if supply[g] > 0 else []
    bridges = game.bridges[seat]
    if face in bridges:  # A-PROD-4: a branch office on the bridge with this number
        office = state.players[seat].offices[bridges.index(face)]
        if office:
            other = GOOD_INDEX[office[3:-2]]
            if other != g and supply[other] > 0:
                opts.append(other)
                opts.sort()
    return tuple(opts)


def golden_options(state: State) -> tuple[int, ...]:
    """A-EVENT-4: any good whose pile is not empty."""
    supply = state.supply
    return tuple([g for g in range(len(GOODS)) if supply[g] > 0])


def choice_options(game: Anno1503Base, state: State) -> tuple[int, ...]:
    """Return the goods the seat at the head of the queue may take."""
    kind, seat = state.queue[0]
    if kind == "produce":
        return production_options(game, state, seat)
    return golden_options(state)


def may_decline(game: Anno1503Base, state: State) -> bool:
    """Whether the seat at the head of the queue may take nothing.

    The rulebook's "may take" of a "?" face (A-PROD-3) and of the Golden Age
    (A-EVENT-4); a fixed face and a branch-office choice (A-PROD-4) give a good.
    """
    kind, seat = state.queue[0]
    if kind == "golden":
        return True
    return kind == "produce" and game.production[seat][state.roll - 1] == ANY


def removal_options(p: Player, bridges: tuple[int, ...]) -> list[tuple[int, int]]:
    """Pirates.

    ``(bridge, 0)`` for each branch office and ``(0, n)`` for each contract n.
    """
    out = [(bridges[i], 0) for i, o in enumerate(p.offices) if o]
    out += [(0, n) for n in range(1, len(p.contracts) + 1)]
    return out


def remove_card(
    game: Anno1503Base, state: State, seat: int, bridge: int, contract: int
) -> State:
    """A-EVENT-2: the Pirates take a card.

    It is shuffled into the reserve, then one is drawn.
    """
    p = state.players[seat]
    if bridge:
        i = game.bridges[seat].index(bridge)
        code = p.offices[i]
        offices = (*p.offices[:i], "", *p.offices[i + 1 :])
        p = new_player(p, offices=offices)
    else:
        code = p.contracts[contract - 1]
        p = new_player(
            p, contracts=p.contracts[: contract - 1] + p.contracts[contract:]
        )
    state = _set_player(state, seat, p)
    known = tuple(sorted((*state.reserve_known, code)))
    return new_state(state, reserve_known=known, queue=(("reserve", -1), *state.queue))


def _pirates(game: Anno1503Base, state: State, seat: int) -> State | None:
    """Resolve Pirates for ``seat`` if no choice is needed.

    ``None`` if the seat must choose.
    """
    p = state.players[seat]
    if "SMITHY" in p.buildings:  # A-EVENT-5
        return state
    owed = sum(1 for o in p.offices if o) + len(p.contracts)
    if owed == 0:
        return state
    if p.gold >= owed:  # A-EVENT-2: who can pay must pay
        return _set_player(state, seat, new_player(p, gold=p.gold - owed))
    opts = removal_options(p, game.bridges[seat])
    if len(opts) == 1:
        return remove_card(game, state, seat, *opts[0])
    return None


def fire(state: State, seat: int, safe: int) -> State:
    """A-EVENT-3.

    Pay 1 gold per resident outside the red border, or lose the newest one.
    """
    p = state.players[seat]
    if "FIRE_BRIGADE" in p.buildings:  # A-EVENT-5
        return state
    owed = max(0, len(p.residents) - safe)
    if owed == 0:
        return state
    if p.gold >= owed:
        return _set_player(state, seat, new_player(p, gold=p.gold - owed))
    building = p.buildings[-1]
    p = new_player(p, residents=p.residents[:-1], buildings=p.buildings[:-1])
    state = _set_player(state, seat, p)
    if building:  # A-PB-4, ASSUMPTION-32: back to the common display
        state = new_state(state, display=tuple(sorted((*state.display, building))))
    return state


def advance(game: Anno1503Base, state: State) -> State:
    """Resolve queued effects until one needs a decision or a chance draw.

    Then phase 2.
    """
    while state.queue:
        kind, seat = state.queue[0]
        if kind == "reserve":
            return new_state(state, phase="resolve")
        rest = state.queue[1:]
        if kind in ("produce", "golden"):
            opts = choice_options(game, state)
            # a choice: two goods, or one good that the seat may decline
            if len(opts) >= 2 or (opts and may_decline(game, state)):
                return new_state(state, phase="resolve")
            if opts:  # (after the last entry phase 2 follows: in the same copy)
                state = give(
                    state, seat, opts[0], queue=rest, phase=None if rest else "build"
                )
            else:
                state = new_state(state, queue=rest)
        elif kind == "pirates":
            after = _pirates(game, new_state(state, queue=rest), seat)
            if after is None:
                return new_state(state, phase="resolve")
            state = after
        elif kind == "fire":
            state = fire(new_state(state, queue=rest), seat, game.tables.safe_spaces)
        else:  # pragma: no cover - the queue only holds the kinds above
            raise AssertionError(kind)
    # (a state the last gift took to phase 2 already is not copied again)
    return state if state.phase == "build" else new_state(state, phase="build")


def event_queue(
    game: Anno1503Base, state: State, event: str
) -> tuple[tuple[str, int], ...]:
    """Return one queue entry per seat in turn order from the active (two: a Church)."""
    n = game.players
    order = [(state.active + i) % n for i in range(n)]
    if event == "PIRATES":
        return tuple(("pirates", s) for s in order)
    if event == "FIRE":
        return tuple(("fire", s) for s in order)
    out = []
    for s in order:  # A-EVENT-4: two goods with a Church
        out += [("golden", s)] * (2 if "CHURCH" in state.players[s].buildings else 1)
    return tuple(out)


def production_queue(game: Anno1503Base, state: State) -> tuple[tuple[str, int], ...]:
    """A-PROD-2: every player produces, in turn order from the active player."""
    n = game.players
    return tuple(("produce", (state.active + i) % n) for i in range(n))


__all__ = [
    "EVENTS",
    "advance",
    "event_queue",
    "may_decline",
    "production_queue",
    "remove_card",
]
