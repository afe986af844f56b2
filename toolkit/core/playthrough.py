"""Golden playthroughs: a game written out step by step, for diffs.

As OpenSpiel keeps them: at every step of a seeded random game, who is to move,
what each seat observes (a short digest of ``repr(observe(state, seat))``; the
full observations are written at the first and last step), the legal actions or
the chance outcomes with their odds, and the action taken. A test regenerates
the text and compares it with a committed file, so a change of legal-move
order, chance outcomes or hidden information shows up as a diff.

>>> from toolkit.toy import Race
>>> text = playthrough(Race(players=2), seed=1)
>>> text.splitlines()[0]
'game: race  players: 2  seed: 1  options: {"max_rounds": 15, "target": 20}'
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .game import CHANCE
from .play import sample_outcome, streams

__all__ = ["playthrough"]


def _digest(obj: Any) -> str:
    return hashlib.sha256(repr(obj).encode()).hexdigest()[:12]


def _observations(game: Any, state: Any, full: bool) -> list[str]:
    out = []
    for seat in range(game.players):
        view = game.observe(state, seat)
        out.append(f"  obs {seat}: {repr(view) if full else _digest(view)}")
    return out


def playthrough(game: Any, seed: int, max_steps: int = 100_000) -> str:
    """The text of a seeded random game of ``game`` (uniform choices, seeded chance).

    A game still running after ``max_steps`` steps is written up to there.
    """
    chance, seats = streams(seed, game.players)
    options = json.dumps(game.options, sort_keys=True, default=repr)
    lines = [
        f"game: {game.name}  players: {game.players}  seed: {seed}  options: {options}"
    ]
    state = game.setup()
    for step in range(max_steps):
        seat = game.to_move(state)
        lines.append(f"step {step}  to move: {'chance' if seat == CHANCE else seat}")
        lines += _observations(game, state, full=step == 0)
        if seat is None:
            break
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            lines.append(
                "  outcomes: " + " | ".join(f"{a} {p:.6g}" for a, p in outcomes)
            )
            action = sample_outcome(outcomes, chance)
        else:
            legal = game.legal_actions(state)
            lines.append("  legal: " + " | ".join(map(str, legal)))
            rng = seats[seat]
            action = legal[int(rng.random() * len(legal))]
        lines.append(f"  action: {action}")
        state = game.apply(state, action)
    else:
        lines.append(f"stopped after {max_steps} steps")
    lines.append("final observations:")
    lines += _observations(game, state, full=True)
    lines.append(f"scores: {tuple(game.scores(state))}  winners: {game.winners(state)}")
    return "\n".join(lines) + "\n"
