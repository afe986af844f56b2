"""The encodings of the games' encoding parts (numpy only: these always run).

Each game's encoder must index every engine action and chance outcome, and
its vectors must be a function of ``observe`` that tells observations apart
and hides exactly what ``observe`` hides.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolkit import GAMES
from toolkit.core import (
    CHANCE,
    game_package,
    make_game,
    part,
    play,
    random_agent,
    replay_states,
)
from toolkit.envs import EncoderBase, encoder, encoder_class, missing_encoding
from toolkit.envs.common import game_class

ENCODED = sorted(name for name in GAMES if missing_encoding(game_class(name)) is None)
CASES = [
    (name, p)
    for name in ENCODED
    for p in (2, 3, 4)
    if game_class(name).min_players <= p <= game_class(name).max_players
]
IDS = [f"{name}-{players}p" for name, players in CASES]
#: Random Anno 1503 play rarely reaches a win: cap its games (an engine option).
OPTIONS = {"anno1503": {"max_turns": 12}}


def _states(game, seeds=range(2)):
    """Every state of seeded random games."""
    for seed in seeds:
        _, record = play(game, [random_agent] * game.players, seed=seed)
        yield from replay_states(record, game)


def test_the_encoder_is_the_encoding_part_of_the_game_package():
    assert ENCODED, "no game has an encoding part"
    for name in ENCODED:
        cls = game_class(name)
        module = part(cls, "encoding")
        assert module.__name__ == f"{game_package(cls)}.encoding"
        assert encoder_class(cls) is module.Encoder
        assert issubclass(module.Encoder, EncoderBase)
        assert type(encoder(name, cls.min_players)) is module.Encoder


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
        assert {enc.index_in(state, a) for a in engine_legal} == set(legal)
        for i, a in legal.items():
            label = enc.action_labels[i]
            assert label == str(a) or label.startswith(f"move to {a.target}")
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
