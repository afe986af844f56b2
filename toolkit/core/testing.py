"""``check_game``: the conformance checker every game's tests run."""

from __future__ import annotations

import copy
import math
import random
from typing import Any

from .game import CHANCE, IllegalAction, Progress
from .play import play, random_agent, sample_outcome
from .record import Record, replay_states


class ConformanceError(AssertionError):
    """A game broke the shared protocol; the message says where."""


def _fail(step: int, message: str) -> None:
    raise ConformanceError(f"step {step}: {message}")


def check_game(
    game: Any,
    players: int | None = None,
    seed: int = 0,
    games: int = 2,
    max_steps: int = 20_000,
    apply_all_every: int = 7,
) -> dict[str, int]:
    """Check that ``game`` follows the protocol over seeded random playouts.

    ``game`` is a game instance, or a class/factory called as ``game(players=players)``.
    Asserts, at every step of ``games`` random playouts:

    - ``to_move`` is a seat, ``CHANCE`` or ``None``; a live game always has a
      decision (legal actions, or chance outcomes with positive probabilities
      summing to 1), listed in a stable order;
    - every listed action (checked fully every ``apply_all_every`` steps) applies,
      and its text notation round-trips through ``parse_action``;
    - ``apply`` never mutates its input, and an illegal action raises
      :class:`IllegalAction` with a rule ID and leaves the state as it was;
    - ``observe`` is idempotent and keeps the decision structure;
    - the game ends within ``max_steps``, then ``apply`` raises;
    - ``play`` is deterministic, its record round-trips through JSON, and
      replaying the record reproduces every state;
    - ``defaults`` names every option and a game made without options has them;
      ``progress`` gives a :class:`~toolkit.core.Progress` at every step and
      ``winners`` seats of the game at the end.

    Returns counts of what was checked.
    """
    if isinstance(game, type) or not hasattr(game, "setup"):
        game = game(players=players)
    if players is not None and game.players != players:
        raise ConformanceError(f"game has {game.players} players, expected {players}")
    _check_statics(game)
    stats = {"games": 0, "steps": 0, "decisions": 0, "chance": 0, "actions_applied": 0}
    for g in range(games):
        rng = random.Random(f"check:{seed}:{g}")
        state = game.setup()
        step = 0
        while True:
            seat = game.to_move(state)
            if seat is None:
                break
            if step >= max_steps:
                _fail(step, f"the game did not end within {max_steps} steps")
            if not (
                seat == CHANCE or (isinstance(seat, int) and 0 <= seat < game.players)
            ):
                _fail(step, f"to_move returned {seat!r}")
            progress = game.progress(state)
            if not isinstance(progress, Progress):
                _fail(step, f"progress returned {progress!r}, not a Progress")
            snapshot = copy.deepcopy(state)
            if seat == CHANCE:
                outcomes = list(game.chance_outcomes(state))
                if not outcomes:
                    _fail(step, "a chance turn has no outcomes")
                probs = [p for _, p in outcomes]
                if any(p <= 0 for p in probs) or not math.isclose(
                    sum(probs), 1.0, rel_tol=1e-9
                ):
                    _fail(step, f"chance probabilities {probs[:5]}... do not sum to 1")
                if list(game.chance_outcomes(state)) != outcomes:
                    _fail(step, "chance_outcomes is not stable")
                candidates = [a for a, _ in outcomes]
                action = sample_outcome(outcomes, rng)
                stats["chance"] += 1
            else:
                candidates = list(game.legal_actions(state))
                if not candidates:
                    _fail(step, f"seat {seat} to move but no legal actions")
                if list(game.legal_actions(state)) != candidates:
                    _fail(step, "legal_actions is not stable")
                if len(set(map(str, candidates))) != len(candidates):
                    _fail(step, "two legal actions share one notation")
                obs = game.observe(state, seat)
                if game.observe(obs, seat) != obs:
                    _fail(step, "observe is not idempotent")
                if game.to_move(obs) != seat:
                    _fail(step, "the observation has another player to move")
                action = candidates[rng.randrange(len(candidates))]
                stats["decisions"] += 1
            for a in candidates:
                text = str(a)
                if game.parse_action(text) != a:
                    _fail(step, f"notation {text!r} does not round-trip")
            if step % apply_all_every == 0:
                for a in candidates:
                    game.apply(state, a)
                    stats["actions_applied"] += 1
            nxt = game.apply(state, action)
            if state != snapshot:
                _fail(step, f"apply({action}) mutated its input state")
            state = nxt
            step += 1
        stats["steps"] += step
        stats["games"] += 1
        try:
            game.apply(state, None)
        except IllegalAction:
            pass
        else:
            _fail(step, "apply after the end of the game did not raise IllegalAction")
        if game.legal_actions(state):
            _fail(step, "a finished game still lists legal actions")
        won = game.winners(state)
        if not isinstance(won, tuple) or not all(w in range(game.players) for w in won):
            _fail(step, f"winners returned {won!r}, not a tuple of seats")

    # Determinism, records and replay.
    agents = [random_agent] * game.players
    final, record = play(game, agents, seed=seed, max_steps=max_steps)
    final2, record2 = play(game, agents, seed=seed, max_steps=max_steps)
    if record != record2 or final != final2:
        raise ConformanceError("play with the same seed gave two different games")
    again = Record.from_json(record.to_json())
    if again != record:
        raise ConformanceError("the record does not round-trip through JSON")
    states = list(replay_states(again, game))
    if states[-1] != final:
        raise ConformanceError(
            "replaying the record does not reproduce the final state"
        )
    if tuple(game.scores(final)) != record.scores:
        raise ConformanceError("scores of the replayed game differ from the record")
    return stats


def _check_statics(game: Any) -> None:
    defaults = getattr(type(game), "defaults", None)
    if not isinstance(defaults, dict):
        raise ConformanceError("the game class has no `defaults` dict of its options")
    quiet = set(getattr(type(game), "rule_parameters", ()))
    if not quiet <= set(defaults):
        raise ConformanceError(
            f"rule parameters {sorted(quiet - set(defaults))} are not in `defaults`"
        )
    missing = sorted(set(defaults) - set(game.options) - quiet)
    if missing:
        raise ConformanceError(
            f"options {missing} are in `defaults` but not in `options`"
        )
    plain = type(game)(players=game.players)
    differ = sorted(
        k for k in defaults if plain.options.get(k, defaults[k]) != defaults[k]
    )
    if differ:
        raise ConformanceError(f"a game made without options has non-default {differ}")


def assert_illegal(game: Any, state: Any, action: Any, rule: str) -> IllegalAction:
    """Assert that ``action`` is refused citing ``rule``, with a readable sentence,
    and that ``state`` is left exactly as it was. Returns the error.
    """
    before = copy.deepcopy(state)
    try:
        game.apply(state, action)
    except IllegalAction as err:
        msg = err.message
        if err.rule != rule:
            raise AssertionError(f"expected {rule}, got {err.rule}: {msg}") from None
        if len(msg.split()) < 4 or not msg.endswith(".") or "object at 0x" in msg:
            raise AssertionError(
                f"not a sentence a student understands: {msg!r}"
            ) from None
        if str(err) != f"{rule}: {msg}":
            raise AssertionError(f"str(error) should read '{rule}: {msg}'") from None
        if state != before:
            raise AssertionError(f"refusing {action} changed the state") from None
        return err
    raise AssertionError(f"{action} was accepted; expected {rule} to refuse it")
