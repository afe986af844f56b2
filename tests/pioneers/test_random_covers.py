"""ASSUMPTION-E1: random 2-player covers (P-SETUP-2 variant) never shut in the start city.

Issue 15: 43 of 1,000 set-ups with ``cover="random"`` covered both neighbours of
the start city, so the stagecoach could never leave it.  The engine draws the 8
covers as if the whole set had been re-drawn until a start neighbour stays
uncovered: every 8-city set that leaves one open is equally likely, and no
chance outcome can shut the start.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict

import pytest

from toolkit.core import CHANCE, sample_outcome
from toolkit.core.testing import assert_illegal as illegal
from toolkit.pioneers import CoverCity, Pioneers, make_board
from toolkit.pioneers.builder import fixture_game


def covers_only(game, seed):
    """Play the 8 cover draws of a random 2-player set-up; return the covered flags."""
    rng = random.Random(f"covers:{seed}")
    state = game.setup()
    while state.phase == "cover":
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    return state


def shut_in(game, state):
    b = game.board
    return all(state.covered[v] for v, _ in b.adj[b.start])


def test_ASSUMPTION_E1_no_random_setup_of_1000_shuts_in_the_start_city():
    game = Pioneers(players=2, cover="random", start_player=0)
    blocked = sum(shut_in(game, covers_only(game, seed)) for seed in range(1000))
    assert blocked == 0  # 43 of 1,000 before the fix


def test_ASSUMPTION_E1_the_last_open_start_neighbour_is_never_an_outcome():
    game = Pioneers(players=2, cover="random", start_player=0)
    b = game.board
    nbrs = [b.ids[v] for v, _ in b.adj[b.start]]
    others = [c for c in b.ids if c != b.start_id and c not in nbrs]
    # every way to reach the 8th cover with all start neighbours but one covered
    for open_one in nbrs:
        shut = [c for c in nbrs if c != open_one]
        state = game.setup()
        for city in shut + others[: 7 - len(shut)]:
            state = game.apply(state, CoverCity(city))
        assert state.phase == "cover" and sum(state.covered) == 7
        outcomes = game.chance_outcomes(state)
        cities = {a.city for a, _ in outcomes}
        assert open_one not in cities and b.start_id not in cities
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        assert all(p > 0 for _, p in outcomes)
        err = illegal(game, state, CoverCity(open_one), "ASSUMPTION-E1")
        assert open_one in str(err)


def test_ASSUMPTION_E1_every_open_set_of_8_covers_is_equally_likely():
    """The whole chance tree of a small board: the re-drawn covers are uniform."""
    conns = ["S-A", "S-B", "A-B"] + [f"A-C{i}" for i in range(4)]
    conns += [f"B-C{i}" for i in range(4, 8)]
    game = fixture_game(conns, start="S", players=2, cover="random")
    ids = game.board.ids
    a, b = ids.index("A"), ids.index("B")
    reach = {game.setup(): 1.0}
    final: dict[frozenset, float] = defaultdict(float)
    while reach:
        nxt: dict = defaultdict(float)
        for state, p in reach.items():
            if state.phase != "cover":
                final[frozenset(i for i, c in enumerate(state.covered) if c)] += p
                continue
            for action, q in game.chance_outcomes(state):
                nxt[game.apply(state, action)] += p * q
        reach = nxt
    cities = [i for i in range(len(ids)) if i != game.board.start]
    open_sets = [
        frozenset(s)
        for s in itertools.combinations(cities, 8)
        if not (a in s and b in s)
    ]
    assert len(open_sets) == math.comb(10, 8) - math.comb(8, 6) == 17
    assert set(final) == set(open_sets)
    for s in open_sets:
        assert final[s] == pytest.approx(1 / 17)


def test_ASSUMPTION_E1_a_board_whose_covers_must_shut_the_start_is_refused():
    """8 spokes round the start: every set of 8 covers shuts it in."""
    conns = [f"S-C{i}" for i in range(8)]
    with pytest.raises(ValueError, match="ASSUMPTION-E1"):
        fixture_game(conns, start="S", players=2, cover="random")
    # designated covers on every start neighbour are refused too
    board = make_board(
        ["S", "A", "B", "C"], ["S-A", "S-B", "A-C"], start="S", covered_2p=["A", "B"]
    )
    with pytest.raises(ValueError, match="ASSUMPTION-E1"):
        Pioneers(players=2, board=board)
    Pioneers(players=3, board=board)  # no covers with 3 players


def test_ASSUMPTION_E1_random_covers_leave_the_coach_a_way_out():
    game = Pioneers(players=2, cover="random")
    rng = random.Random(5)
    for _ in range(20):
        state = game.setup()
        while game.to_move(state) == CHANCE:
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
        assert not shut_in(game, state)
