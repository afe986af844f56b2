"""Seeded playouts with invariants, the end of the game, determinism and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from toolkit import montana
from toolkit.agents import GreedyAgent
from toolkit.core import CHANCE, IllegalAction, play, random_agent
from toolkit.core.play import sample_outcome
from toolkit.core.record import Record, RecordError, replay_states


def _check_invariants(game, state):
    n = game.players
    box = game.tables.supply[n]
    start = game.tables.start_goods
    for g in range(6):  # goods conserved: supply + boards = supply at set-up + boards
        held = sum(p.goods[g] for p in state.players)
        assert state.supply[g] + held == box[g] + n * start[g]
    on_board = [sum(s[c] for s in state.spots) for c in range(4)]
    for c in range(4):  # workers conserved: 18 a colour
        held = sum(p.workers[c] for p in state.players)
        assert state.pool[c] + held + on_board[c] + state.incoming[c] == 18
    for seat, p in enumerate(state.players):
        assert sum(p.workers) <= 8  # M-COMP-3
        assert p.coins >= 0 and p.cattle >= 0 and p.canteens >= 0
        placed = sum(
            k for o, k in zip(state.owner, state.stack, strict=True) if o == seat
        )
        assert placed + p.left == game.settlements
        assert min(p.goods) >= 0
    if state.start >= 0:
        assert (
            state.herd + sum(state.cattle) + sum(p.cattle for p in state.players) == 24
        )
    assert all(k <= 3 for k in state.stack)  # M-BUILD-7


def _walk(game, seed, agent=None):
    import random

    rng = random.Random(seed)
    state = game.setup()
    steps = 0
    while game.to_move(state) is not None:
        seat = game.to_move(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = agent(game, state, legal, rng) if agent else rng.choice(legal)
        state = game.apply(state, action)
        _check_invariants(game, state)
        steps += 1
    return state, steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_M_SUPPLY_1_M_COMP_3_random_playouts_keep_the_invariants(players):
    game = montana.Montana(players=players, max_turns=60 * players)
    for seed in range(3):
        final, _ = _walk(game, f"inv:{players}:{seed}")
        assert game.winners(final)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_M_END_1_greedy_bots_always_finish_the_race(players):
    game = montana.Montana(players=players)  # no cap
    bots = [GreedyAgent() for _ in range(players)]
    for seed in range(2):
        final, _ = play(game, bots, seed=seed, max_steps=20_000)
        assert not final.capped and final.ended
        assert min(p.left for p in final.players) == 0


def test_M_END_5_random_games_end_within_the_cap():
    game = montana.Montana(players=3, max_turns=90)
    for seed in range(5):
        final, record = play(game, [random_agent] * 3, seed=seed)
        assert final.turns <= 90 + 3 + 6  # the round is finished, canteens allowed
        if final.capped:
            assert "cap" in record.actions


def test_M_SETUP_1_ASSUMPTION_22_tiles_drawn_without_replacement(g2, h):
    s = g2.setup()
    outcomes = g2.chance_outcomes(s)
    assert len(outcomes) == 72 and all(p == pytest.approx(1 / 72) for _, p in outcomes)
    s = h.run(g2, s, "tile 5 r3")
    outcomes = g2.chance_outcomes(s)
    assert len(outcomes) == 66 and montana.Tile(5, 0) not in [a for a, _ in outcomes]
    h.illegal(g2, s, "tile 5 r1", "M-SETUP-1")


def test_determinism_across_processes():
    code = (
        "from toolkit import montana; from toolkit.core import play, random_agent;"
        "g = montana.Montana(players=3, max_turns=60);"
        "print(play(g, [random_agent]*3, seed=7)[1].to_json())"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(k), "PYTHONPATH": ":".join(sys.path)},
        ).stdout
        for k in (1, 2)
    }
    assert len(outs) == 1 and json.loads(outs.pop())["game"] == "montana"


def test_M_TURN_2_bad_input_is_refused_and_changes_nothing(g2, h):
    s = h.landscape(g2)
    for thing in (None, 3, "recruit", b"x", montana.Pass(), montana.Collect()):
        with pytest.raises(IllegalAction):
            g2.apply(s, thing)
    for text in (
        "build 1",
        "hire copper",
        "work mine 4 copper",
        "bank gold",
        "trade cows",
        "",
    ):
        with pytest.raises(ValueError, match=r"Montana action|must be"):
            g2.parse_action(text)
    with pytest.raises(montana.ActionFieldError) as err:
        montana.Build("1", 0)
    assert err.value.rule == "M-BUILD-1" and isinstance(err.value, TypeError)
    for bad in (
        lambda: montana.Bank("stone+copper"),
        lambda: montana.Move(0),
        lambda: montana.Work("mine", 1, "copper+copper+copper"),
    ):
        with pytest.raises(montana.ActionFieldError):
            bad()
    with pytest.raises(ValueError, match="2-4 players"):
        montana.Montana(players=5)
    with pytest.raises(ValueError, match="max_turns"):
        montana.Montana(players=2, max_turns=0)
    with pytest.raises(ValueError, match="unknown option"):
        montana.Montana(players=2, colour="red")


def test_M_CITY_2_wrong_seat_trades_and_moves(g3, h):
    s = h.run(g3, h.landscape(g3), "city C1")  # seat 1 decides now
    assert g3.to_move(s) == 1
    h.illegal(g3, s, "build 0,-2", "M-CITY-2")
    t = h.run(g3, s, "trade coins")  # the trade is the decider's (seat 1)
    assert t.players[1].coins == 4 + 3 and t.players[0].coins == 3


def test_corrupt_records_are_refused():
    game = montana.Montana(players=2, max_turns=40)
    _, record = play(game, [random_agent] * 2, seed=3)
    text = record.to_json().replace('"recruit"', '"recruit please"', 1)
    bad = Record.from_json(text)
    with pytest.raises(ValueError, match="not a Montana action"):
        list(replay_states(bad, game))
    with pytest.raises(RecordError):
        Record.from_json(record.to_json()[:-5])


def test_observe_shows_everything(g2, h):
    s = h.landscape(g2)
    assert g2.observe(s, 0) == s == g2.observe(s, 1)


@pytest.mark.parametrize("players", [2, 4])
def test_M_TURN_2_fast_move_list_equals_the_reference(players):
    """``legal_actions`` generates the choice of action directly; it lists exactly
    the candidates that ``apply`` accepts (``reference_legal``), in the same order."""
    game = montana.Montana(players=players, max_turns=60)
    checked = 0
    for seed in range(3):
        _, record = play(game, [random_agent] * players, seed=seed)
        for state in replay_states(record, game):
            seat = game.to_move(state)
            if seat is not None and seat >= 0:
                assert game.legal_actions(state) == game.reference_legal(state)
                checked += 1
    assert checked > 100


def test_M_BUILD_5_M_BUILD_6_score_parts_and_coin_flows_add_up():
    """The facts part: paid + double + line settlements are the score, and the
    coin flows of a record add up to every seat's coins."""
    from toolkit.montana import facts

    game = montana.Montana(players=3, max_turns=60)
    for seed in (4, 5):
        final, record = play(game, [random_agent] * 3, seed=seed)
        parts = facts.score_parts(game, final)
        assert [p["paid"] + p["double"] + p["line"] for p in parts] == list(
            game.scores(final)
        )
        flows = facts.money_flows(record, game)
        for seat, p in enumerate(final.players):
            got = sum(f["amount"] for f in flows if f["receiver"] == seat)
            paid = sum(f["amount"] for f in flows if f["payer"] == seat)
            assert got - paid == p.coins
            assert {f["kind"] for f in flows} <= set(facts.FLOW_KINDS)
