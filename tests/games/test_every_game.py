"""The suite every game passes: each test runs for every game in ``toolkit.GAMES``
and for the toy game (see ``conftest.py``), through the generic layers only.

A game whose random games can run long takes the engine option ``max_turns``
when its ``defaults`` offer one (a turn cap, not a rule).
"""

from __future__ import annotations

import random

import pytest

from toolkit.agents import GreedyAgent
from toolkit.core import CHANCE, check_game, is_over, make_game, play, random_agent
from toolkit.core.play import sample_outcome
from toolkit.core.record import replay_states
from toolkit.core.spy import leaks, reachable

CAP = 40


def _game(name, players, **options):
    defaults = make_game(name, players).defaults
    if "max_turns" in defaults and "max_turns" not in options:
        options["max_turns"] = CAP
    return make_game(name, players, **options)


def _players(name):
    game = make_game(name, 2)
    return range(game.min_players, game.max_players + 1)


@pytest.mark.parametrize("seed", [0, 1])
def test_check_game_at_every_player_count(game_name, seed):
    for players in _players(game_name):
        check_game(_game(game_name, players), seed=seed, games=1)


def test_spy_finds_nothing_hidden_reachable_from_the_game(game_name):
    """At decisions, after the engine and a bot have worked on the true state,
    nothing reachable from the game object shows what the observation hides."""
    for players in _players(game_name):
        game = _game(game_name, players)
        bot, rng = GreedyAgent(), random.Random(f"spy:{players}")
        state, decisions = game.setup(), 0
        for _ in range(3000):
            seat = game.to_move(state)
            if seat is None:
                break
            if seat == CHANCE:
                state = game.apply(
                    state, sample_outcome(game.chance_outcomes(state), rng)
                )
                continue
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            action = (
                bot(game, view, legal, rng) if decisions % 5 == 0 else rng.choice(legal)
            )
            if decisions % 3 == 0:
                found = leaks(game, state, seat)
                assert not found, "\n".join(found[:10])
            state = game.apply(state, action)
            decisions += 1
        assert decisions > 5


def test_board_and_panel_drawn_and_updated(game_name):
    from toolkit import viz

    game = _game(game_name, 2)
    states = list(replay_states(play(game, [random_agent] * 2, seed=3)[1], game))
    fig = viz.draw(game, states[0], widget=True)
    assert len(fig.data) > 0
    for state in (states[len(states) // 2], states[-1]):
        viz.update_board(fig, game, state)
        fresh = viz.draw(game, state)
        assert [t.name for t in fig.data] == [t.name for t in fresh.data]
    assert len(viz.panel(game, states[-1]).data) > 0


def test_session_and_play_app(game_name):
    from toolkit.widgets import PlayApp, Session

    players = 2
    game = _game(game_name, players)
    session = Session(game, ["random"] * players, seed=2)
    session.advance()
    assert session.over and is_over(game, session.state)
    app = PlayApp(
        game, seats=["human"] + ["random"] * (players - 1), seed=2, bot_delay=0
    )
    for _ in range(5):
        if app.session.over or not app.session.human_to_move:
            break
        app.on_action(app.session.legal()[0])
    app.refresh()
    assert len(app.session.steps) > 0


def test_replay_app_steps_through_a_record(game_name):
    from toolkit.widgets import ReplayApp

    game = _game(game_name, 2)
    _, record = play(game, [random_agent] * 2, seed=4)
    app = ReplayApp(record)
    last = len(app.states) - 1
    assert last > 0
    for k in (0, last // 2, last):
        app.on_step(k)
        assert app.step == k
        assert app.words(k) is not None


def test_tournament_same_tables_at_one_and_two_workers(game_name):
    from toolkit.analysis.tournament import tournament

    game = _game(game_name, 3)
    agents = ["random", "greedy", "mcts:8"]
    one = tournament(game, agents, games=3, seed=5, workers=1)
    two = tournament(game, agents, games=3, seed=5, workers=2)
    assert len(one.games) == 3 and len(one.seats) == 9
    assert one.games.equals(two.games) and one.seats.equals(two.seats)


@pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)
def test_pettingzoo_api_test(game_name):
    pz_test = pytest.importorskip("pettingzoo.test")
    from toolkit.envs import pettingzoo_env

    options = (
        {"max_turns": CAP} if "max_turns" in make_game(game_name, 2).defaults else {}
    )
    env = pettingzoo_env(game_name, players=2, seed=1, **options)
    pz_test.api_test(env, num_cycles=300)


def test_openspiel_random_sim_test(game_name):
    pyspiel = pytest.importorskip("pyspiel")
    from toolkit.envs import register_openspiel

    register_openspiel()
    params = {"players": 2}
    if "max_turns" in make_game(game_name, 2).defaults:
        params["max_turns"] = CAP
    game = pyspiel.load_game(f"frontier_{game_name}", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_playing_adds_nothing_reachable_to_the_game(game_name):
    """A game object's facts are built when it is made: playing (and a bot's
    search) leaves no new object reachable from it, such as a cache of states."""
    for players in _players(game_name):
        game = _game(game_name, players)
        before = {id(obj) for _, obj in reachable(game)}
        for seed in range(2):
            final, _ = play(
                game, [GreedyAgent(), *[random_agent] * (players - 1)], seed=seed
            )
            for seat in range(players):
                game.legal_actions(game.observe(final, seat))
        grown = [path for path, obj in reachable(game) if id(obj) not in before]
        assert not grown, f"{players}p: play added {grown[:5]}"
