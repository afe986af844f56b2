"""Search bots' budgets per decision: iterations (playouts), a time budget, or both."""

from __future__ import annotations

import math
import random

import pytest

from toolkit.agents import AgentSpecError, MCTSAgent, MonteCarloAgent, make_agent
from toolkit.agents.search import _candidates
from toolkit.core import CHANCE, play, random_agent
from toolkit.pioneers import Pioneers


def _decision():
    """A Pioneers position with several legal actions for the seat to move."""
    game = Pioneers(players=3)
    _, record = play(game, [random_agent] * 3, seed=4)
    state = game.setup()
    for text in record.actions:
        seat = game.to_move(state)
        if seat not in (None, CHANCE) and len(game.legal_actions(state)) > 3:
            return game, state
        state = game.apply(state, game.parse_action(text))
    raise AssertionError("no decision with several actions")


def _count(monkeypatch, cls, method):
    calls = []
    original = getattr(cls, method)

    def counted(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, method, counted)
    return calls


def test_mcts_stops_at_its_time_budget_after_at_least_one_iteration(monkeypatch):
    game, state = _decision()
    legal = game.legal_actions(state)
    calls = _count(monkeypatch, MCTSAgent, "_iterate")
    bot = MCTSAgent(iterations=10**9, seconds=1e-9)  # spent before the 2nd iteration
    assert bot(game, state, legal, random.Random(1)) in legal
    assert len(calls) == 1
    calls.clear()
    bot = MCTSAgent(iterations=3, seconds=60.0)  # the iteration cap ends first
    assert bot(game, state, legal, random.Random(1)) in legal
    assert 1 <= len(calls) <= 3  # fewer once the choice cannot change


def test_mcts_with_a_generous_time_budget_decides_as_without_one():
    game, state = _decision()
    legal = game.legal_actions(state)
    plain = MCTSAgent(iterations=12)(game, state, legal, random.Random(2))
    timed = MCTSAgent(iterations=12, seconds=600.0)(
        game, state, legal, random.Random(2)
    )
    assert plain == timed


def test_mc_time_budget_still_tries_every_candidate_once(monkeypatch):
    game, state = _decision()
    legal = game.legal_actions(state)
    cands = _candidates(game, game.observe(state, game.to_move(state)), legal)
    import toolkit.agents.search as search

    calls = []
    original = search.playout

    def counted(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "playout", counted)
    bot = MonteCarloAgent(simulations=10**6, seconds=1e-9)
    assert bot(game, state, legal, random.Random(3)) in legal
    assert len(calls) == len(cands)


@pytest.mark.parametrize("bad", [0, -1.0, math.inf, math.nan, True, "1"])
def test_a_time_budget_is_a_positive_number_of_seconds(bad):
    with pytest.raises(ValueError, match="positive number of seconds"):
        MCTSAgent(seconds=bad)
    with pytest.raises(ValueError, match="positive number of seconds"):
        MonteCarloAgent(seconds=bad)


def test_make_agent_reads_time_budgets():
    bot = make_agent("mcts:50ms")
    assert bot.seconds == pytest.approx(0.05) and bot.iterations >= 10**6
    bot = make_agent("mcts:200/0.5s")
    assert (bot.iterations, bot.seconds) == (200, 0.5)
    bot = make_agent("mc:2s/30")
    assert (bot.simulations, bot.seconds) == (30, 2.0)
    assert make_agent("mcts:40").seconds is None
    assert "seconds=0.05" in repr(make_agent("mcts:50ms"))


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:0ms",
        "mcts:ms",
        "mcts:5h",
        "mcts:200/300",
        "mcts:1s/2s",
        "mcts:7200s",
        "mc:-1s",
        "greedy:5ms",
    ],
)
def test_make_agent_refuses_bad_time_budgets(spec):
    with pytest.raises(AgentSpecError):
        make_agent(spec)


@pytest.mark.parametrize(
    "spec", ["mcts:99999999999999", "mc:1000001", "mcts:" + "9" * 5000 + "/1s"]
)
def test_a_budget_that_would_never_end_is_refused_with_a_way_out(spec):
    """No argument may make a bot run for ever or grow its tree without end."""
    from toolkit.agents import AgentSpecError, make_agent

    with pytest.raises(AgentSpecError, match="time budget instead"):
        make_agent(spec)


def test_the_largest_iteration_budget_is_accepted():
    from toolkit.agents import MAX_ITERATIONS, make_agent

    assert make_agent(f"mcts:{MAX_ITERATIONS}").iterations == MAX_ITERATIONS


def test_mcts_stopping_once_the_choice_is_fixed_decides_as_running_on(monkeypatch):
    """Stopping when no other action can catch up gives the same decision."""
    import toolkit.agents.search as search

    game = Pioneers(players=3)
    _, record = play(game, [random_agent] * 3, seed=7)
    state, positions = game.setup(), []
    for text in record.actions:
        seat = game.to_move(state)
        if seat not in (None, CHANCE) and len(game.legal_actions(state)) > 1:
            positions.append(state)
        state = game.apply(state, game.parse_action(text))
    positions = positions[:: max(1, len(positions) // 8)]
    bot = MCTSAgent(iterations=16)
    calls = _count(monkeypatch, MCTSAgent, "_iterate")
    early = [
        bot(game, s, game.legal_actions(s), random.Random(i))
        for i, s in enumerate(positions)
    ]
    early_calls = len(calls)
    calls.clear()
    monkeypatch.setattr(search, "_decided", lambda *args: False)
    full = [
        bot(game, s, game.legal_actions(s), random.Random(i))
        for i, s in enumerate(positions)
    ]
    assert early == full
    assert len(calls) == 16 * len(positions) > early_calls  # it did stop early
