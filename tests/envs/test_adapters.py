"""The RL adapters (toolkit.envs), checked by PettingZoo's and OpenSpiel's own suites.

The peers come with the ``rl`` extra. Tests that need them are skipped, with the
reason, only when a peer is not installed; CI installs the extra. The encodings
are tested in test_encodings.py.
"""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from toolkit import GAMES
from toolkit.core import (
    CHANCE,
    PARTS,
    IllegalAction,
    make_game,
    play,
    random_agent,
    replay_states,
)
from toolkit.envs import (
    encoder,
    encoder_class,
    missing_encoding,
    pettingzoo_env,
    register_openspiel,
)
from toolkit.envs.common import game_class

ROOT = Path(__file__).resolve().parents[2]
EXTRA = (
    "is not installed: the rl extra is absent (pip install -e '.[rl]'; CI installs it)"
)


def _peer(module: str):
    return pytest.importorskip(module, reason=f"{module} {EXTRA}")


#: Every game of toolkit.GAMES with an encoding part (the others have no adapters;
#: test_games_without_an_encoding_are_named checks why).
ENCODED = sorted(name for name in GAMES if missing_encoding(game_class(name)) is None)


def _cases() -> list[tuple[str, int]]:
    """Every game with an encoder, at every player count 2, 3, 4 it supports."""
    out = []
    for name in ENCODED:
        cls = game_class(name)
        out += [(name, p) for p in (2, 3, 4) if cls.min_players <= p <= cls.max_players]
    return out


CASES = _cases()
#: Game options for the tests: random Anno 1503 play rarely reaches a win, so its
#: games are capped at a number of turns (a rule option of the engine).
OPTIONS = {"anno1503": {"max_turns": 12}}
IDS = [f"{name}-{players}p" for name, players in CASES]

# The observations are {"observation", "action_mask"} dicts, the layout of
# PettingZoo's own classic games; api_test exempts those by name only and warns
# for any other environment that uses it.
DICT_OBS_WARNINGS = (
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def _states(game, seeds=range(2)):
    """Every state of seeded random games."""
    for seed in seeds:
        _, record = play(game, [random_agent] * game.players, seed=seed)
        yield from replay_states(record, game)


# ----- the peers' own suites -------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@pytest.mark.filterwarnings(*DICT_OBS_WARNINGS)
def test_pettingzoo_api_test(name, players):
    pz_test = _peer("pettingzoo.test")
    env = pettingzoo_env(name, players=players, seed=players, **OPTIONS.get(name, {}))
    pz_test.api_test(env, num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test(name, players):
    pz_test = _peer("pettingzoo.test")
    options = OPTIONS.get(name, {})
    pz_test.seed_test(
        lambda: pettingzoo_env(name, players=players, **options), num_cycles=500
    )


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_openspiel_random_sim_test(name, players):
    pyspiel = _peer("pyspiel")
    register_openspiel()
    game = pyspiel.load_game(
        f"frontier_{name}", {"players": players, **OPTIONS.get(name, {})}
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# ----- PettingZoo environment ---------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_env_replays_play_with_the_same_seed(name, players):
    """reset(seed=s) draws chance like core.play(seed=s): the same decisions give
    the same game, and the final rewards are the final scores."""
    _peer("pettingzoo")
    game = make_game(name, players, **OPTIONS.get(name, {}))
    final, record = play(game, [random_agent] * players, seed=7)
    decisions = [
        game.parse_action(text)
        for state, text in zip(
            replay_states(record, game), record.actions, strict=False
        )
        if game.to_move(state) != CHANCE
    ]
    env = pettingzoo_env(name, players=players, **OPTIONS.get(name, {}))
    env.reset(seed=7)
    enc = env.encoder
    for action in decisions:
        obs, reward, terminated, truncated, info = env.last()
        assert not (terminated or truncated) and reward == 0
        index = enc.index_in(env.engine_state, action)
        assert obs["action_mask"][index] == 1
        assert env.legal()[index] == action
        # the mover's info lists the indices its mask marks; others' are empty
        assert info["legal_actions"] == np.flatnonzero(obs["action_mask"]).tolist()
        mover = env.agent_selection
        assert all(env.infos[a] == {} for a in env.agents if a != mover)
        env.step(index)
    assert env.engine_state == final
    rewards = {}
    for agent in env.agent_iter():
        _, reward, terminated, _, info = env.last()
        assert terminated and info == {}
        rewards[agent] = reward
        env.step(None)
    assert env.agents == []
    assert rewards == {f"player_{i}": float(s) for i, s in enumerate(record.scores)}


def test_pettingzoo_env_rejects_masked_actions_and_relative_rewards_sum_to_zero():
    _peer("pettingzoo")
    env = pettingzoo_env("pioneers", players=3, seed=1, reward="relative")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset()
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="not legal") as info:
        env.step(illegal)
    assert info.value.rule == "ACTION-MASK"
    rng = np.random.default_rng(0)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(final) == 3 and abs(sum(final.values())) < 1e-9
    with pytest.raises(ValueError, match="reward"):
        pettingzoo_env("pioneers", players=2, reward="win")


# ----- OpenSpiel game ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_openspiel_observations_are_the_encoded_observe(name, players):
    pyspiel = _peer("pyspiel")
    register_openspiel()
    game = pyspiel.load_game(
        f"frontier_{name}", {"players": players, **OPTIONS.get(name, {})}
    )
    engine, enc = game.engine, game.encoder
    assert game.num_distinct_actions() == enc.num_actions
    assert game.max_chance_outcomes() == enc.num_chance
    assert game.observation_tensor_shape() == [enc.size]
    rng = np.random.default_rng(players)
    state = game.new_initial_state()
    chance_nodes = 0
    while not state.is_terminal():
        if len(state.history()) % 5 == 0:
            for p in range(players):
                expected = enc.encode(engine.observe(state.engine_state, p), p)
                assert np.array_equal(np.asarray(state.observation_tensor(p)), expected)
                assert state.observation_string(p) == repr(
                    engine.observe(state.engine_state, p)
                )
        if state.is_chance_node():
            chance_nodes += 1
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(
                int(rng.choice(actions, p=np.asarray(probs) / sum(probs)))
            )
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert chance_nodes > 0
    assert state.returns() == [float(s) for s in engine.scores(state.engine_state)]


def test_openspiel_relative_reward_is_zero_sum_and_games_and_states_pickle():
    pyspiel = _peer("pyspiel")
    names = [f"frontier_{name}" for name in ENCODED]
    assert register_openspiel() == register_openspiel() == names
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game(
        "frontier_pioneers(players=3,max_rounds=4,reward=relative)"
    )
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (
        game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        if len(state.history()) == 60:
            again = pickle.loads(pickle.dumps(state))
            assert str(again) == str(state) and again.history() == state.history()
    assert abs(sum(state.returns())) < 1e-9
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_pettingzoo_env_pickles_mid_game():
    _peer("pettingzoo")
    for name in ENCODED:
        env = pettingzoo_env(name, players=2, seed=3, **OPTIONS.get(name, {}))
        env.reset()
        rng = np.random.default_rng(3)
        for _ in range(40):
            obs, *_ = env.last()
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        again = pickle.loads(pickle.dumps(env))
        assert again.engine_state == env.engine_state
        assert again.agent_selection == env.agent_selection
        for agent in env.possible_agents:
            mine, theirs = env.observe(agent), again.observe(agent)
            assert all(np.array_equal(mine[k], theirs[k]) for k in mine)
        # Both draw the same chance from here on.
        for copy in (env, again):
            copy.step(int(np.flatnonzero(copy.last()[0]["action_mask"])[0]))
        assert again.engine_state == env.engine_state


def test_openspiel_parameters_are_the_game_defaults_it_can_carry():
    pyspiel = _peer("pyspiel")
    from toolkit.envs.openspiel import parameters

    register_openspiel()
    for name in ENCODED:
        cls = game_class(name)
        spec = pyspiel.load_game(f"frontier_{name}").get_type().parameter_specification
        assert spec == parameters(cls)
        options = {**cls.defaults, **encoder_class(cls).openspiel_defaults}
        assert set(spec) == {"players", "reward"} | {
            k for k, v in options.items() if isinstance(v, bool | int | float | str)
        }
        assert cls.min_players <= spec["players"] <= cls.max_players
        # An OpenSpiel game must end: every encoded game's is bounded by default.
        options = {k: v for k, v in spec.items() if k not in ("players", "reward")}
        assert encoder(name, spec["players"], **options).max_game_length < 10**6

    # Options OpenSpiel cannot carry are left out; the others follow the class.
    cls = game_class(ENCODED[0])
    variant = type(
        "Variant",
        (cls,),
        {"defaults": {**cls.defaults, "unset": None, "table": {"a": 1}, "seven": 7}},
    )
    spec = parameters(variant)
    assert "unset" not in spec
    assert "table" not in spec
    assert spec["seven"] == 7


class PartLess:
    """A game class with no parts at all (its module is no game package)."""

    name = "partless"
    min_players = max_players = players = 2
    defaults: ClassVar[dict] = {}

    def __init__(self, players: int = 2) -> None:
        self.options: dict = {}


def test_games_without_an_encoding_are_named(monkeypatch):
    reason = missing_encoding(PartLess)
    assert "'partless' has no RL encoding" in reason
    assert "Encoder" in reason
    assert "encoding part" in reason
    for make in (encoder, pettingzoo_env):
        with pytest.raises(ValueError, match="has no RL encoding"):
            make(PartLess())
    with pytest.raises(TypeError, match="game name"):
        encoder(make_game(ENCODED[0], 2), some_option=3)
    assert sys.modules[__name__].PartLess is PartLess
    _peer("pyspiel")
    from toolkit.envs import openspiel

    monkeypatch.setitem(GAMES, "partless", f"{__name__}:PartLess")
    monkeypatch.setattr(openspiel, "SKIPPED", {})
    assert register_openspiel() == [f"frontier_{name}" for name in ENCODED]
    assert {"partless": reason} == openspiel.SKIPPED
    with pytest.raises(ValueError, match="has no RL encoding"):
        register_openspiel(["partless"])
    with pytest.raises(ValueError, match="unknown game"):
        register_openspiel(["nonesuch"])


def test_a_missing_peer_names_the_extra():
    """Without the peers the adapters raise an ImportError naming the rl extra."""
    probe = (
        "import sys\n"
        "for m in ('pettingzoo', 'gymnasium', 'pyspiel'): sys.modules[m] = None\n"
        "from toolkit.envs import pettingzoo_env, register_openspiel\n"
        f"env = lambda: pettingzoo_env({ENCODED[0]!r}, 2)\n"
        "for call in (env, register_openspiel):\n"
        "    try:\n"
        "        call()\n"
        "    except ImportError as exc:\n"
        "        print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 2
    for line, peer in zip(lines, ("pettingzoo", "pyspiel"), strict=True):
        assert f"needs {peer}" in line
        assert "pip install -e '.[rl]'" in line


# ----- layering ---------------------------------------------------------------------


def test_engines_never_import_envs_and_envs_loads_no_peer():
    pattern = re.compile(
        r"^\s*(from\s+toolkit(\.envs|\s+import\s+[^#\n]*\benvs\b)"
        r"|import\s+toolkit\.envs|from\s+\.+\s*import\s+[^#\n]*\benvs\b"
        r"|from\s+\.+envs\b)",
        re.M,
    )
    packages = ["core"] + sorted({GAMES[n].split(":")[0].split(".")[1] for n in GAMES})
    for package in packages:
        for path in sorted((ROOT / "toolkit" / package).rglob("*.py")):
            inside = path.relative_to(ROOT / "toolkit" / package)
            if package != "core" and inside.parts[0].removesuffix(".py") in PARTS:
                continue  # a part (e.g. the encoding) may build on toolkit.envs
            assert not pattern.search(path.read_text(encoding="utf-8")), (
                f"{path.relative_to(ROOT)} imports toolkit.envs: the engines must not"
            )
    probe = (
        "import json, sys, toolkit.envs; "
        f"[toolkit.envs.encoder(name, 2) for name in {ENCODED!r}]; "
        "print(json.dumps(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel') "
        "if m in sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
