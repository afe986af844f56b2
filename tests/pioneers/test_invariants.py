"""Seeded random playouts and hypothesis properties over whole Pioneers games."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit import pioneers
from toolkit.core import (
    CHANCE,
    IllegalAction,
    Record,
    check_game,
    play,
    random_agent,
    replay,
)
from toolkit.core.play import sample_outcome
from toolkit.pioneers.rules import BANK_TOTAL, PIONEERS, ROADS


def playout(game, seed):
    """Yield (state, action, next_state) through one random game."""
    rng = random.Random(seed)
    state = game.setup()
    while game.to_move(state) is not None:
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        nxt = game.apply(state, action)
        yield state, action, nxt
        state = nxt


def check_invariants(game, state):
    dealt = all(pl.wagons for pl in state.players)
    for seat, pl in enumerate(state.players):
        on_board = sum(row[seat] for row in state.settled)
        on_wagons = sum(w.pioneers for w in pl.wagons)
        if dealt:  # P-COMP-3: 20 pioneers per player, always somewhere
            assert pl.supply + on_board + on_wagons == PIONEERS
        built = sum(1 for r in state.roads if seat in r)
        assert pl.roads_left + built == ROADS  # P-COMP-3: 15 roads
        assert pl.money >= 0  # ASSUMPTION-8
        assert 0 <= pl.bankers <= 2 and 0 <= pl.merchants <= 2  # P-INC-2, P-BUY-3
        for w in pl.wagons:
            assert w.face_up == any(w.occupied)  # P-WAGON-1/3
    for e, r in enumerate(state.roads):
        assert len(r) <= 2 and len(set(r)) == len(r)  # P-TILE-5
        a, b = game.board.edges[e]
        if r:
            assert not state.covered[a] and not state.covered[b]  # ASSUMPTION-14
    i = game.board.index[state.coach]
    assert state.tiles[i] is None or state.phase == "settle"  # P-MOVE-6
    if state.bank is not None:  # ASSUMPTION-9: money only moves, never appears
        assert state.bank + sum(pl.money for pl in state.players) == BANK_TOTAL


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_P_COMP_3_pioneers_roads_and_money_conserved_in_random_games(players, seed):
    game = pioneers.Pioneers(players=players, finite_bank=True)
    steps = 0
    for _state, _action, nxt in playout(game, seed):
        check_invariants(game, nxt)
        steps += 1
    assert steps > 50
    assert nxt.phase == "over"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_MOVE_2_money_moves_only_as_the_rules_say(players):
    """Every change of money is explained by the action taken (unlimited bank)."""
    game = pioneers.Pioneers(players=players)
    for seed in range(3):
        for state, action, nxt in playout(game, 100 + seed):
            before = [pl.money for pl in state.players]
            after = [pl.money for pl in nxt.players]
            delta = [a - b for a, b in zip(after, before)]
            me = state.active
            if isinstance(action, pioneers.MoveCoach):
                expect = [0] * players
                expect[me] -= action.cost
                for who, amount in game.payments(state, action.path).items():
                    if who != "bank":
                        expect[who] += amount
                assert delta == expect
            elif isinstance(action, pioneers.Join):
                expect = [0] * players
                expect[state.seat] -= 2
                expect[me] += 2
                emptied = sum(
                    not w.face_up for w in nxt.players[state.seat].wagons
                ) - sum(not w.face_up for w in state.players[state.seat].wagons)
                expect[state.seat] += emptied  # P-WAGON-1 pays $1
                if nxt.phase in ("buy",) and nxt.active != me:
                    nxt_pl = nxt.active
                    expect[nxt_pl] += (
                        3 + state.players[nxt_pl].bankers
                    )  # next player's income
                assert delta == expect
            elif isinstance(action, pioneers.BuyRoads):
                assert delta[me] == -{1: 2, 2: 5}[action.count]
                assert sum(d != 0 for d in delta) == 1
            elif isinstance(action, pioneers.BuyWagon):
                assert delta[me] == -action.slot
                assert sum(d != 0 for d in delta) == 1


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.sampled_from([2, 3, 4]),
    cover=st.sampled_from(["designated", "random"]),
    finite=st.booleans(),
)
def test_P_END_1_every_game_ends_and_invariants_hold(seed, players, cover, finite):
    game = pioneers.Pioneers(players=players, cover=cover, finite_bank=finite)
    final, record = play(game, [random_agent] * players, seed=seed)
    assert game.is_over(final)
    assert final.round <= game.options["max_rounds"]
    check_invariants(game, final)
    assert replay(Record.from_json(record.to_json())) == final


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), data=st.data())
def test_apply_never_mutates_and_illegal_actions_change_nothing(seed, players, data):
    game = pioneers.Pioneers(players=players)
    states = [s for s, _, _ in playout(game, seed)]
    state = data.draw(st.sampled_from(states))
    snapshot = copy.deepcopy(state)
    if game.to_move(state) == CHANCE:
        candidates = [a for a, _ in game.chance_outcomes(state)]
    else:
        candidates = game.legal_actions(state)
    for a in candidates:
        game.apply(state, a)
    assert state == snapshot
    # An action from another phase is rejected with a rule ID and changes nothing.
    foreign = [
        pioneers.Pass(),
        pioneers.EndPurchases(),
        pioneers.Decline(),
        pioneers.PlaceRoad("BUF", "CLE"),
        pioneers.Settle("S1", "FARMER"),
    ]
    for a in foreign:
        if a in candidates:
            continue
        with pytest.raises(IllegalAction) as err:
            game.apply(state, a)
        assert err.value.rule and err.value.message.endswith(".")
    assert state == snapshot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_conformance(players):
    stats = check_game(pioneers.Pioneers, players=players, seed=11)
    assert stats["games"] == 2 and stats["decisions"] > 100


def test_check_game_conformance_with_options():
    check_game(
        pioneers.Pioneers(players=2, cover="random", finite_bank=True, early_end=True),
        seed=4,
    )
    check_game(pioneers.Pioneers(players=3, start_player=2, max_rounds=5), seed=4)
