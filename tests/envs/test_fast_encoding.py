"""Encodings that update (toolkit.envs.encoding.Part/Tracker) and the batched VectorEnv.

Trackers must give exactly the vector a fresh ``encode`` gives, on every step of
random games of every game with an encoding (the toy game too), for every seat;
the batched environment must play the same games as the engine with the same
seed and expose exactly the encoded ``observe`` of the seat to move.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from operator import attrgetter

import numpy as np
import pytest

import toolkit
from toolkit import GAMES
from toolkit.core import (
    CHANCE,
    IllegalAction,
    make_game,
    play,
    random_agent,
    replay_states,
)
from toolkit.envs import encoder, missing_encoding
from toolkit.envs.common import game_class
from toolkit.envs.encoding import ActionTable, EncoderBase, Part
from toolkit.envs.vector import VectorEnv

TOY = {"race": "toolkit.toy:Race"}
OPTIONS = {"anno1503": {"max_turns": 25}}


@pytest.fixture(params=sorted(GAMES) + sorted(TOY))
def name(request, monkeypatch):
    if request.param in TOY:
        monkeypatch.setitem(toolkit.GAMES, request.param, TOY[request.param])
    if missing_encoding(game_class(request.param)) is not None:
        pytest.skip(f"{request.param} has no encoding part")
    return request.param


@pytest.mark.parametrize("push", [False, True], ids=["take", "push"])
@pytest.mark.parametrize("shared", [False, True], ids=["own", "shared"])
@pytest.mark.parametrize("players", [2, 4])
def test_trackers_give_the_fresh_encoding_on_every_step(
    name, players, shared, push, monkeypatch
):
    """Trackers made alone, and one game's trackers that share the public parts
    (both ways: gathered in each seat's order, or pushed into every seat's vector)."""
    game = make_game(name, players, **OPTIONS.get(name, {}))
    enc = encoder(game)
    monkeypatch.setattr(type(enc), "push_public", push)
    if shared:
        trackers = enc.trackers()
        assert len(trackers) == players
    else:
        trackers = [enc.tracker(s) for s in range(players)]
    checked = 0
    for seed in range(2):
        _, record = play(game, [random_agent] * players, seed=seed)
        for state in replay_states(record, game):
            for seat in range(players):
                view = game.observe(state, seat)
                fresh = enc.encode(view, seat)
                assert fresh.dtype == np.float32 and fresh.shape == (enc.size,)
                assert np.array_equal(trackers[seat].update(view), fresh)
                checked += 1
    assert checked > 50
    # a tracker survives pickling (environments pickle) and keeps updating
    again = pickle.loads(pickle.dumps(trackers[0]))
    assert np.array_equal(again.vector, trackers[0].vector)
    view = game.observe(game.setup(), 0)
    assert np.array_equal(again.update(view), enc.encode(view, 0))


def test_action_table_keys_by_type_and_fields():
    @dataclass(frozen=True)
    class Go:
        to: int

    @dataclass(frozen=True)
    class Stay:
        pass

    @dataclass(frozen=True)
    class Pair:
        a: int
        b: str

    table = ActionTable([Go(1), Stay(), Pair(1, "x"), Go(2)])
    assert [table[a] for a in (Go(1), Stay(), Pair(1, "x"), Go(2))] == [0, 1, 2, 3]
    assert table.get(Go(3)) is None and table.get(Pair(1, "y"), -1) == -1
    with pytest.raises(KeyError):
        table[Pair(2, "x")]
    with pytest.raises(KeyError):
        table["Go(1)"]


def test_vector_env_plays_the_engines_games(name):
    game = make_game(name, 3, **OPTIONS.get(name, {}))
    venv = VectorEnv(game, 4, seed=7)
    enc = venv.encoder
    obs, mask, seat = venv.reset()
    rng = np.random.default_rng(1)
    # replay each slot's decisions and chance outcomes on the engine alongside
    mirror = list(venv.states)
    finished = 0
    for _ in range(300):
        for i, state in enumerate(venv.states):
            assert state is mirror[i] or state == mirror[i]
            assert game.to_move(state) == seat[i]
            view = game.observe(state, int(seat[i]))
            assert np.array_equal(obs[i], enc.encode(view, int(seat[i])))
            legal = {enc.index_in(state, a) for a in game.legal_actions(state)}
            assert set(np.flatnonzero(mask[i])) == legal
        actions = venv.sample_actions(rng)
        obs, mask, seat, rewards, done = venv.step(actions)
        finished += int(done.sum())
        assert not rewards[~done].any()
        mirror = list(venv.states)
    assert venv.episodes.sum() == finished


def test_vector_env_is_seeded_and_refuses_masked_actions():
    def run():
        venv = VectorEnv("pioneers", 3, players=2, seed=5)
        venv.reset()
        rng = np.random.default_rng(2)
        for _ in range(120):
            venv.step(venv.sample_actions(rng))
        return [repr(s) for s in venv.states]

    assert run() == run()
    venv = VectorEnv("pioneers", 2, players=2, seed=5)
    (
        _,
        mask,
        _,
    ) = venv.reset()
    before = venv.states
    bad = np.array(
        [int(np.flatnonzero(mask[0])[0]), int(np.flatnonzero(mask[1] == 0)[0])]
    )
    with pytest.raises(IllegalAction) as err:
        venv.step(bad)
    assert err.value.rule == "ACTION-MASK" and "game 1" in str(err.value)
    assert venv.states == before  # nothing moved
    with pytest.raises(ValueError, match="whole action indices"):
        venv.step([0.5, 1.5])
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv("pioneers", 0)


def test_vector_env_ends_restarts_and_truncates_games():
    venv = VectorEnv("pioneers", 2, players=2, seed=1, max_steps=5, reward="relative")
    venv.reset()
    rng = np.random.default_rng(0)
    for _ in range(5):
        _, _, _, rewards, done = venv.step(venv.sample_actions(rng))
    assert done.all() and venv.truncated.all()
    assert np.allclose(rewards.sum(axis=1), 0.0)  # relative rewards sum to zero
    assert (venv.episodes == 1).all()
    # the restarted games are at their first decision again
    game = venv.game
    for state in venv.states:
        assert game.to_move(state) not in (None, CHANCE)


class _Hands(EncoderBase):
    """A toy encoder: cards in hands (rows), an unhashable list part, a dense slice."""

    def __init__(self) -> None:
        self.players, self.size = 2, 10
        self.set_parts(
            [
                Part(attrgetter("hands"), self._fill_hand, rows=True),
                Part(attrgetter("log"), self._fill_log),  # a list: never remembered
                Part(attrgetter("counts"), self._fill_counts, memo=False),
            ]
        )

    def _fill_hand(self, obs, seat, j, cards):
        return list(cards), float(j + 1)  # entry = card, value = owner + 1

    def _fill_log(self, obs, seat):
        return [6 + (len(obs.log) % 2)], 1.0

    def _fill_counts(self, obs, seat):
        return range(8, 10), obs.counts


@dataclass(frozen=True)
class _Obs:
    hands: tuple
    log: list
    counts: tuple


def test_tracker_rows_pass_entries_and_unhashable_keys_and_slices_stay_exact():
    """A card that changed hands between two updates (row 1 -> row 0) ends where it
    went; unhashable keys are encoded without being remembered; dense slices
    (range indices) write their zeros too."""
    enc = _Hands()
    views = [
        _Obs(((0, 1), (2,)), [1], (3, 0)),
        _Obs(((0, 1, 2), ()), [1, 2], (0, 4)),  # card 2 passes from row 1 to row 0
        _Obs(((), (0, 1, 2)), [1, 2], (0, 0)),  # and all of them back to row 1
        _Obs(((0, 1), (2,)), [1], (3, 0)),  # a position seen before: remembered fills
        _Obs(((0,), (2,), (1,)), [], (1, 1)),  # a row more
        _Obs(((2,),), [], (1, 1)),  # two rows fewer
    ]
    for seat in (0, 1):
        tracker = enc.tracker(seat)
        for view in views:
            assert np.array_equal(tracker.update(view), enc.encode(view, seat)), view
    assert enc._memo_of(0)[1] is None  # the list key was refused, once
    again = pickle.loads(pickle.dumps(tracker))
    assert np.array_equal(again.update(views[0]), enc.encode(views[0], 1))


@pytest.mark.parametrize("push", [False, True], ids=["take", "push"])
def test_shared_trackers_updated_in_irregular_orders_stay_exact(
    name, push, monkeypatch
):
    """The trackers of one game share the public board: seats updated in a
    shuffled order, some every step, some a few steps apart, one rarely, with
    the set pickled and restored half-way, each still gives the fresh encoding
    (both ways of sharing it: see ``EncoderBase.push_public``)."""
    game = make_game(name, 4, **OPTIONS.get(name, {}))
    enc = encoder(game)
    if not any(p.public for p in enc._parts):
        pytest.skip(f"{name} has no public parts")
    monkeypatch.setattr(type(enc), "push_public", push)
    trackers = enc.trackers()
    rng = random.Random(name)
    every = [1, 2, 5, 97]  # each seat's usual gap between updates
    updates = 0
    for seed in range(2):
        _, record = play(game, [random_agent] * 4, seed=seed)
        states = list(replay_states(record, game))
        for t, state in enumerate(states):
            if t == len(states) // 2:
                trackers = pickle.loads(pickle.dumps(trackers))
            for seat in rng.sample(range(4), 4):
                if rng.randrange(every[seat]) == 0:
                    view = game.observe(state, seat)
                    got = trackers[seat].update(view)
                    assert np.array_equal(got, enc.encode(view, seat)), (t, seat)
                    updates += 1
    assert updates > 100
