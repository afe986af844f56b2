"""What every bot shares: redaction, game-specific hooks and search rewards.

Bots are callables ``agent(game, observation, legal_actions, rng) -> action``
(:data:`toolkit.core.Agent`). They never trust that they were handed a
redacted view: :func:`view_of` re-applies ``game.observe`` for the seat to
move (``observe`` is idempotent), so a bot given a full state decides exactly
as it would on the observation. Search bots rebuild the hidden part with a
game's *determiniser*, which samples it consistently with the view.

Game-specific knowledge comes from the game's ``bots`` part
(:func:`toolkit.core.part`): :func:`hook` finds a module-level callable named
after each kind in :data:`HOOK_KINDS`. A game without a ``bots`` part (or
without some hook) still works: it is treated as a game of perfect
information, evaluated by ``game.scores`` and played out with uniformly random
moves; the greedy bot then maximises own score minus a quarter of the others'
mean.
"""

from __future__ import annotations

import contextlib
import gc
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from toolkit.core import CHANCE, part
from toolkit.core.play import sample_outcome

__all__ = [
    "HOOK_KINDS",
    "deciding",
    "determinize",
    "evaluate",
    "hook",
    "outcome_rewards",
    "paused_gc",
    "playout",
    "seat_of",
    "softmax_rewards",
    "view_of",
]

#: The hooks a game's ``bots`` part may define, each a module-level callable
#: named exactly as the kind: ``determinize(game, view, seat, rng) -> state``,
#: ``evaluate(game, state) -> tuple[float, ...]`` (estimated final score per
#: seat), ``policy(game, state, legal, rng) -> action`` (a fast playout policy),
#: ``candidates(game, state, legal) -> list`` (the actions worth searching when
#: there are many), ``greedy(game, state, seat) -> float`` (what the greedy bot
#: maximises), ``greedy_values(game, state, seat, legal) -> list[float]`` (the
#: greedy value after each legal action, all at once: a game may share work
#: between the actions), ``resolve(game, state, rng) -> state`` (finish the
#: mover's small follow-up decisions before a position is evaluated),
#: ``forget(game) -> None`` (empty whatever the hooks remember between calls;
#: every bot calls it when a decision ends, see :func:`deciding`) and
#: ``public_choices(game) -> bool`` (whether ``legal_actions``, the
#: ``candidates`` hook and the public part of ``apply`` read no hidden value:
#: then the states the same moves reach from determinisations of one
#: observation have the same choices, and the search shares them).
HOOK_KINDS = (
    "determinize",
    "evaluate",
    "policy",
    "candidates",
    "greedy",
    "greedy_values",
    "resolve",
    "forget",
    "public_choices",
)


def hook(game: Any, kind: str) -> Callable | None:
    """Return the game's ``kind`` hook, or None when the game has none.

    A method ``game.agent_<kind>`` wins (a lesson can override one hook on a
    subclass); otherwise the callable named ``kind`` in the game's ``bots``
    part (:func:`toolkit.core.part`). The part is looked up again on every
    call (memoised by :func:`toolkit.core.part`), so patching a hook in the
    part module takes effect at once.
    """
    if kind not in HOOK_KINDS:
        raise ValueError(f"unknown hook {kind!r}; hooks are {', '.join(HOOK_KINDS)}")
    method = getattr(game, f"agent_{kind}", None)
    if callable(method):
        return method
    bots = part(game, "bots")
    fn = getattr(bots, kind, None) if bots is not None else None
    return fn if callable(fn) else None


def seat_of(game: Any, observation: Any) -> int:
    """Return the seat the observation was made for: the seat to move."""
    seat = game.to_move(observation)
    if seat is None or seat == CHANCE:
        raise ValueError("an agent was asked to decide when no seat is to move")
    return seat


def view_of(game: Any, observation: Any) -> tuple[int, Any]:
    """``(seat, observe(observation, seat))``: redacted again, whatever was passed."""
    seat = seat_of(game, observation)
    return seat, game.observe(observation, seat)


def determinize(game: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """Sample a full state consistent with ``view`` (hidden parts from ``rng``)."""
    fn = hook(game, "determinize")
    return view if fn is None else fn(game, view, seat, rng)


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Estimated final score per seat (``game.scores`` without a game hook)."""
    fn = hook(game, "evaluate")
    return tuple(game.scores(state)) if fn is None else fn(game, state)


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one bot decision.

    A search builds tens of thousands of short-lived states and memo entries
    (a greedy decision thousands), which set off collections that walk every
    object alive (a sixth of an MCTS decision's time and a twelfth of a greedy
    one, measured with ``perf`` and ``gc.callbacks``). What a bot builds holds
    no reference cycles (states are tuples, a search tree only points down),
    so reference counting frees it all the same; the collector is switched
    back on afterwards (if it was on), and decisions do not depend on it.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextlib.contextmanager
def deciding(game: Any) -> Iterator[None]:
    """One bot decision: the cyclic GC paused, the game's memos emptied at the end.

    The game's ``forget`` hook (if any) runs when the decision ends, before the
    collector is switched back on (:func:`paused_gc`): what the game's hooks
    remembered during the decision (positions, determinisations: the bot's own
    view and samples) is then neither reachable by the next agent through the
    game's modules nor walked by the collector's next pass.
    """
    forget = hook(game, "forget")
    with paused_gc():
        try:
            yield
        finally:
            if forget is not None:
                forget(game)


def softmax_rewards(values: Sequence[float], temperature: float) -> list[float]:
    """Turn score estimates into win chances that sum to 1."""
    top = max(values)
    w = [math.exp((v - top) / temperature) for v in values]
    total = sum(w)
    return [x / total for x in w]


def outcome_rewards(game: Any, state: Any, temperature: float = 4.0) -> list[float]:
    """Rewards of a finished game: 0.8 x share of the win + 0.2 x soft margin.

    The win is shared among ``game.winners(state)``; a game that ended without
    a winner (stopped by a turn cap) leaves only the soft margin by score.
    """
    scores = list(game.scores(state))
    winners = game.winners(state)
    soft = softmax_rewards(scores, temperature)
    share = 1.0 / len(winners) if winners else 0.0
    return [
        0.8 * (share if i in winners else 0.0) + 0.2 * soft[i]
        for i in range(len(scores))
    ]


def playout(
    game: Any,
    state: Any,
    rng: random.Random,
    max_steps: int,
    policy: Callable | None = None,
    temperature: float = 4.0,
    *,
    value: Callable | None = None,
) -> list[float]:
    """Play on with ``policy`` for up to ``max_steps`` decisions; return rewards.

    A finished game is scored by :func:`outcome_rewards`; an unfinished one by
    the game's evaluation turned into win chances (:func:`softmax_rewards`).
    ``policy`` and ``value`` default to the game's ``policy`` and ``evaluate``
    hooks (a caller playing many playouts looks them up once and passes them).
    """
    if policy is None:
        policy = hook(game, "policy")
    if value is None:
        value = hook(game, "evaluate")
    to_move, apply, legal_actions = game.to_move, game.apply, game.legal_actions
    steps = 0
    while True:
        seat = to_move(state)
        if seat is None:
            return outcome_rewards(game, state, temperature)
        if seat == CHANCE:
            state = apply(state, sample_outcome(game.chance_outcomes(state), rng))
            continue
        if steps >= max_steps:
            values = tuple(game.scores(state)) if value is None else value(game, state)
            return softmax_rewards(values, temperature)
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        elif policy is None:
            action = legal[rng.randrange(len(legal))]
        else:
            action = policy(game, state, legal, rng)
        state = apply(state, action)
        steps += 1
