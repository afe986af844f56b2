"""The RL adapters (toolkit.envs), checked by PettingZoo's and OpenSpiel's own suites.

The peers come with the ``rl`` extra. Tests that need them are skipped, with the
reason, only when a peer is not installed; CI installs the extra. The encoding
tests need numpy only and always run.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from toolkit import GAMES
from toolkit.core import (
    CHANCE,
    IllegalAction,
    make_game,
    play,
    random_agent,
    replay_states,
)
from toolkit.envs import ENCODERS, encoder, pettingzoo_env, register_openspiel

ROOT = Path(__file__).resolve().parent.parent
EXTRA = (
    "is not installed: the rl extra is absent (pip install -e '.[rl]'; CI installs it)"
)


def _peer(module: str):
    return pytest.importorskip(module, reason=f"{module} {EXTRA}")


def _cases() -> list[tuple[str, int]]:
    """Every game with an encoder, at every player count 2, 3, 4 it supports."""
    out = []
    for name in sorted(ENCODERS):
        module, _, cls = GAMES[name].partition(":")
        game_cls = getattr(importlib.import_module(module), cls)
        out += [
            (name, p)
            for p in (2, 3, 4)
            if game_cls.min_players <= p <= game_cls.max_players
        ]
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
        obs, reward, terminated, truncated, _ = env.last()
        assert not (terminated or truncated) and reward == 0
        index = enc.action_index(action)
        assert obs["action_mask"][index] == 1
        assert env.legal()[index] == action
        env.step(index)
    assert env.engine_state == final
    rewards = {}
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
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
    import pickle

    names = [f"frontier_{name}" for name in sorted(ENCODERS)]
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


# ----- the encodings --------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_action_and_chance_indices_cover_every_engine_action(name, players):
    game = make_game(name, players, **OPTIONS.get(name, {}))
    enc = encoder(game)
    assert len(set(enc.action_labels)) == enc.num_actions
    assert len(set(enc.chance_labels)) == enc.num_chance
    for state in _states(game, seeds=[0]):
        seat = game.to_move(state)
        if seat is None:
            continue
        if seat == CHANCE:
            outcomes = enc.chance(state)
            assert [enc.chance_labels[i] for i, _, _ in outcomes] == [
                str(a) for _, a, _ in outcomes
            ]
            assert abs(sum(p for _, _, p in outcomes) - 1) < 1e-9
            assert len({i for i, _, _ in outcomes}) == len(outcomes)
            continue
        legal = enc.legal(state)
        engine_legal = game.legal_actions(state)
        assert set(legal.values()) <= set(engine_legal)
        # Every engine action has an index; only moves to one target may share one.
        assert {enc.action_index(a) for a in engine_legal} == set(legal)
        for i, a in legal.items():
            label = enc.action_labels[i]
            assert label == str(a) or label == f"move to {a.target}"
        assert list(np.flatnonzero(enc.mask(state))) == list(legal)


def _encode(game, enc, state, seat):
    return enc.encode(game.observe(state, seat), seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pioneers_encoding_hides_exactly_other_players_nugget_values(players):
    game = make_game("pioneers", players)
    enc = encoder(game)
    state = next(s for s in _states(game) if s.phase == "buy" and s.round >= 2)
    other = (state.active + 1) % players

    def with_nuggets(s, seat, values):
        pl = s.players[seat]._replace(nuggets=values)
        return s._replace(players=s.players[:seat] + (pl,) + s.players[seat + 1 :])

    a = with_nuggets(state, other, (3, 4))
    b = with_nuggets(state, other, (5, 3))  # same count, other values: hidden
    c = with_nuggets(state, other, (3,))  # another count: public
    for seat in range(players):
        ea, eb, ec = (_encode(game, enc, s, seat) for s in (a, b, c))
        if seat == other:
            assert not np.array_equal(ea, eb), "a player sees their own nugget values"
        else:
            assert np.array_equal(ea, eb), "another player's nugget values leak"
        assert not np.array_equal(ea, ec), "how many nuggets a player holds is public"

    # The unused set-up tiles (the tile pool) are hidden too.
    setup = game.setup()
    assert setup.tile_pool is not None
    shuffled = setup._replace(tile_pool=tuple(reversed(setup.tile_pool)))
    for seat in range(players):
        assert np.array_equal(
            _encode(game, enc, setup, seat), _encode(game, enc, shuffled, seat)
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pioneers_encoding_shows_public_differences(players):
    game = make_game("pioneers", players)
    enc = encoder(game)
    state = next(s for s in _states(game) if s.phase == "buy" and s.round >= 2)
    other = (state.active + 1) % players
    pl = state.players[other]
    free = state.roads.index(())
    tiled = next(i for i, t in enumerate(state.tiles) if t is not None)
    changes = {
        "money": state._replace(
            players=tuple(
                p._replace(money=p.money + 1) if i == other else p
                for i, p in enumerate(state.players)
            )
        ),
        "road": state._replace(
            roads=state.roads[:free] + ((other,),) + state.roads[free + 1 :]
        ),
        "tile": state._replace(
            tiles=state.tiles[:tiled] + (None,) + state.tiles[tiled + 1 :]
        ),
        "coach": state._replace(coach=game.board.ids[tiled]),
        "market": state._replace(market=(None,) + state.market[1:]),
        "wagon seat": state._replace(
            players=tuple(
                p._replace(
                    wagons=(
                        p.wagons[0]._replace(
                            occupied=(not p.wagons[0].occupied[0],)
                            + p.wagons[0].occupied[1:]
                        ),
                    )
                    + p.wagons[1:]
                )
                if i == other
                else p
                for i, p in enumerate(state.players)
            )
        ),
        "round": state._replace(round=state.round + 1),
    }
    assert pl.wagons
    for seat in range(players):
        base = _encode(game, enc, state, seat)
        for what, changed in changes.items():
            assert not np.array_equal(base, _encode(game, enc, changed, seat)), what


@pytest.mark.parametrize("players", [2, 3, 4])
def test_anno1503_encoding_hides_exactly_the_faces_a_seat_did_not_see(players):
    if "anno1503" not in ENCODERS:
        pytest.skip("no Anno 1503 encoder")
    from toolkit.anno1503 import IslandCard

    game = make_game("anno1503", players, max_turns=40)
    enc = encoder(game)
    twins = None
    for state in _states(game, seeds=range(4)):
        for i, stack in enumerate(state.islands):
            card = stack[-1] if stack else None
            if card is None or card.code[0] == "?" or card.seen == (1 << players) - 1:
                continue
            other = [
                c
                for c, n in zip(game.card_codes, state.pool, strict=True)
                if n and c != card.code and c[-1] == card.code[-1]
            ]
            if not other:
                continue
            # The same position with another face on that card, the pool adjusted.
            pool = list(state.pool)
            pool[game.code_index[other[0]]] -= 1
            pool[game.code_index[card.code]] += 1
            islands = list(state.islands)
            islands[i] = stack[:-1] + (IslandCard(other[0], card.seen),)
            twin = state._replace(islands=tuple(islands), pool=tuple(pool))
            twins = state, twin, card.seen
            break
        if twins:
            break
    assert twins, "the test games should explore an island card"
    state, twin, seen = twins
    for seat in range(players):
        same = np.array_equal(
            _encode(game, enc, state, seat), _encode(game, enc, twin, seat)
        )
        assert same != bool(seen >> seat & 1), f"seat {seat}, seen mask {seen:b}"
    # Public differences show: gold, hands, ships.
    pl = state.players[0]
    for changed in (
        pl._replace(gold=pl.gold + 1),
        pl._replace(hand=(pl.hand[0] + 1, *pl.hand[1:])),
        pl._replace(ships=(None, None) if any(pl.ships) else (game.start, None)),
    ):
        other = state._replace(players=(changed, *state.players[1:]))
        for seat in range(players):
            assert not np.array_equal(
                _encode(game, enc, state, seat), _encode(game, enc, other, seat)
            )


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_encoding_is_a_function_of_observe_and_tells_observations_apart(name, players):
    """Equal observations give equal vectors (the vector is computed from
    observe alone), and no two different observations seen in play share one."""
    game = make_game(name, players, **OPTIONS.get(name, {}))
    enc = encoder(game)
    seen: dict[bytes, object] = {}
    for state in _states(game):
        for seat in range(players):
            obs = game.observe(state, seat)
            vector = enc.encode(obs, seat)
            assert vector.dtype == np.float32 and vector.shape == (enc.size,)
            assert (vector >= 0).all() and (vector <= enc.high).all()
            assert np.array_equal(vector, np.round(vector))
            key = vector.tobytes() + bytes([seat])
            if key in seen:
                assert seen[key] == obs, "two different observations encode alike"
            seen[key] = obs
    assert len(seen) > 100
    # The named segments tile the vector exactly.
    parts = enc.split(vector)
    assert list(parts) == [name for name, _, _ in enc.segments]
    assert sum(part.size for part in parts.values()) == enc.size
    assert np.array_equal(np.concatenate([p.ravel() for p in parts.values()]), vector)


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
            assert not pattern.search(path.read_text(encoding="utf-8")), (
                f"{path.relative_to(ROOT)} imports toolkit.envs: the engines must not"
            )
    probe = (
        "import json, sys, toolkit.envs; "
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
