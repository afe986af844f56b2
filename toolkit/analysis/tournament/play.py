"""Playing the games of a tournament and turning each into table rows."""

from __future__ import annotations

from typing import Any

from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome, streams

from .collect import Collector, collector_for, phase_namer
from .spec import TournamentSpec


def play_one(spec: TournamentSpec, index: int) -> dict[str, list[dict]]:
    """Play game ``index`` of the tournament and return its rows, table by table.

    The loop is :func:`toolkit.core.play`'s (same streams, same calls), with a
    statistics collector watching every step.
    """
    game = spec.game
    seed = spec.seed_of(index)
    agents = spec.lineup(index)
    chance_rng, agent_rngs = streams(seed, game.players)
    collector = collector_for(game, spec.turns)
    detail = spec.detail
    rows: list[dict] = []
    if detail:
        collector.detail = True
        phase = phase_namer(game)
    state = game.setup()
    collector.start(state)
    steps = decisions = 0
    for _ in range(spec.max_steps):
        seat = game.to_move(state)
        if seat is None:
            break
        row = None
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng)
        else:
            legal = game.legal_actions(state)
            if detail:
                row = {
                    "seat": seat,
                    "decision": decisions,
                    "step": steps,
                    "round": int(game.progress(state)[0] or 0),
                    "phase": phase(state, legal),
                    "legal": len(legal),
                }
            action = agents[seat](
                game, game.observe(state, seat), legal, agent_rngs[seat]
            )
            decisions += 1
        after = game.apply(state, action)
        collector.step(state, seat, action, after)
        if row is not None:
            row["turn"] = collector.current_turn()
            rows.append(row)
        state = after
        steps += 1
    else:
        raise RuntimeError(f"game {index} did not end within {spec.max_steps} steps")
    out = _rows(spec, index, seed, state, collector, steps, decisions)
    if detail:
        out["decisions"] = [_keyed(spec, index, row) for row in rows]
    return out


def _rows(
    spec: TournamentSpec,
    index: int,
    seed: int,
    state: Any,
    collector: Collector,
    steps: int,
    decisions: int,
) -> dict[str, list[dict]]:
    game = spec.game
    n = game.players
    scores = [int(s) for s in game.scores(state)]
    winners = tuple(game.winners(state))
    rounds, _, first = game.progress(state)
    base = {"game": index, "deal": index // n, "seed": seed, "rotation": index % n}
    games_row = {
        **base,
        "players": n,
        "decisions": decisions,
        "steps": steps,
        "rounds": int(rounds or 0),
        "winners": ";".join(map(str, winners)),
        "n_winners": len(winners),
        **collector.game_facts(state),
    }
    seat_facts = collector.seat_facts(state)
    seats = []
    for s in range(n):
        e = spec.entrant(index, s)
        order = {} if first is None else {"order": (s - first) % n}
        seats.append(
            {
                **base,
                "seat": s,
                **order,
                "entrant": e,
                "agent": spec.labels[e],
                "score": scores[s],
                "rank": 1 + sum(1 for t in scores if t > scores[s]),
                "win": 1.0 / len(winners) if s in winners else 0.0,
                "won": s in winners,
                "decisions": collector.decisions[s],
                **seat_facts[s],
            }
        )
    out = {"games": [games_row], "seats": seats}
    extra = dict(collector.extra_tables(state))
    if spec.turns:
        extra["turns"] = collector.turn_rows
    for name, rows in extra.items():
        out[name] = [_keyed(spec, index, row) for row in rows]
    return out


def _keyed(spec: TournamentSpec, index: int, row: dict) -> dict:
    """Return the row with ``game``, ``seat``, ``entrant`` and ``agent`` first."""
    e = spec.entrant(index, row["seat"])
    return {
        "game": index,
        "seat": row["seat"],
        "entrant": e,
        "agent": spec.labels[e],
        **row,
    }


def play_chunk(spec: TournamentSpec, start: int, stop: int) -> dict[str, list[dict]]:
    """Play games ``start`` to ``stop - 1``; rows of every table, in game order."""
    out: dict[str, list[dict]] = {}
    for index in range(start, stop):
        for name, rows in play_one(spec, index).items():
            out.setdefault(name, []).extend(rows)
    return out
