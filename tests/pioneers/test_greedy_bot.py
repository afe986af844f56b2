"""The Pioneers greedy bot: its shared-work value is exact, whom it pays is weighed.

``bots.greedy_values`` (the ``greedy_values`` hook the shared ``GreedyAgent``
uses) must give exactly :func:`bots.greedy` of the position after each action,
which is what the bot did action by action before the work was shared; so the
bot's decisions do not change with the speed-up.
"""

from __future__ import annotations

import random

import pytest

from toolkit.agents import GreedyAgent, RandomAgent
from toolkit.agents.base import determinize, view_of
from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome
from toolkit.pioneers import Pioneers
from toolkit.pioneers import bots as B
from toolkit.pioneers import evaluation as E


def positions(game, seeds, agent):
    """Determinised decisions (state, seat, legal) along seeded games."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup()
        while game.to_move(state) is not None:
            seat = game.to_move(state)
            if seat == CHANCE:
                state = game.apply(
                    state, sample_outcome(game.chance_outcomes(state), rng)
                )
                continue
            legal = game.legal_actions(state)
            if len(legal) > 1:
                _, view = view_of(game, state)
                yield determinize(game, view, seat, rng), seat, legal
            state = game.apply(state, agent(game, state, legal, rng))


@pytest.mark.parametrize(
    ("leader", "thrift"), [(0.0, 0.0), (B.LEADER_WEIGHT, B.THRIFT), (0.5, 0.1)]
)
def test_greedy_values_equal_the_value_after_each_action(leader, thrift):
    """Exact (==, not approx) over every decision of a seeded game, roads included:
    the value after the action, minus what it pays each rival, weighed (without
    the road potential, which ``test_road_potential_is_added_to_each_road``
    checks).

    ``leader=0, thrift=0`` is the greedy bot before issue 17 (the route ladder's
    ``old``), which thus decides exactly as before.
    """
    game = Pioneers(players=4)
    phases = set()
    checked = 0
    for state, seat, legal in positions(game, [7], GreedyAgent()):
        own = [0.0] * 4
        own[seat] = -thrift
        weights = B.money_weights(game, state, seat, None, leader, thrift=0.0)
        one_by_one = []
        for a in legal:
            v = B.greedy(game, game.apply(state, a), seat, 3, 0.0, own)
            for t, amount in B.rival_payments(game, state, a, seat).items():
                v -= weights[t] * amount
            one_by_one.append(v)
        shared = B.greedy_values(
            game, state, seat, legal, leader, thrift=thrift, potential=0.0
        )
        assert shared == one_by_one
        if leader == 0:
            assert shared == [
                B.greedy(game, game.apply(state, a), seat, 3, 0.0) for a in legal
            ]
        phases.add(state.phase)
        checked += 1
    assert {"road", "move", "buy", "settle", "join"} <= phases
    assert checked > 100


def test_evaluate_roads_equals_evaluating_each_road():
    game = Pioneers(players=3)
    checked = 0
    for state, seat, legal in positions(game, range(3), RandomAgent()):
        roads = [a for a in legal if hasattr(a, "a")]
        if state.phase not in ("road", "sergeant") or len(roads) < 2:
            continue
        edges = [game.board.edge_of(a.a, a.b) for a in roads]
        after = [game.apply(state, a) for a in roads]
        if any(s.phase == "over" for s in after):
            continue
        shared = E.evaluate_roads(game, state, after[0], seat, edges)
        assert shared == [E.evaluate(game, s) for s in after]
        checked += 1
    assert checked > 20


def test_rival_weights_go_to_the_rivals_closest_to_winning():
    w = B.rival_weights([20.0, 30.0, 10.0, 20.0], 0)
    assert w[0] == 0.0
    assert sum(w) == pytest.approx(B.LEADER_WEIGHT)
    assert w[1] > w[3] > w[2] > 0
    assert w[3] == pytest.approx(B.rival_weights([20.0, 30.0, 10.0, 20.0], 0)[3])
    # smooth: a rival overtaking another moves the weights a little, not all at once
    a = B.rival_weights([20.0, 25.0, 24.9, 0.0], 0)
    b = B.rival_weights([20.0, 24.9, 25.0, 0.0], 0)
    assert abs(a[1] - b[1]) < 0.05
    assert B.rival_weights([20.0, 30.0, 10.0], 0, weight=0) == (0.0, 0.0, 0.0)


def _after_moves(game, seed, moves):
    """Positions after the first ``moves`` legal actions of each decision of a
    random game, with their seat values summed afresh from the terms."""
    for state, _, legal in positions(game, [seed], RandomAgent()):
        for a in legal[:moves]:
            after = game.apply(state, a)
            if after.phase != "over":
                fresh = tuple(
                    sum(E.evaluate_terms(game, after, s).values()) for s in range(4)
                )
                yield after, fresh


def test_seat_values_remembered_in_a_search_equal_a_fresh_evaluation(monkeypatch):
    """In an MCTS decision, positions of many determinisations, after roads
    and settlements, are valued in turn, and a seat's value is reused when
    only what it does not read changed (tiles of a type still on the board,
    others' roads away from its best network, an equal or the same record met
    before): every value the search gets equals the terms summed afresh."""
    from toolkit.agents import MCTSAgent

    game = Pioneers(players=4)
    real = B.evaluate
    checked = []

    def checking(game, state):
        out = real(game, state)
        if state.phase != "over":
            fresh = tuple(
                sum(E.evaluate_terms(game, state, s).values())
                for s in range(game.players)
            )
            assert out == fresh, state.phase
            checked.append(state.phase)
        return out

    monkeypatch.setattr(B, "evaluate", checking)  # the search's evaluate hook
    bot = MCTSAgent(iterations=30)
    found = list(positions(game, [11], RandomAgent()))
    for k, (state, _, legal) in enumerate(found[::5]):
        bot(game, state, legal, random.Random(k))
    assert len(checked) > 500 and {"road", "buy", "move"} <= set(checked)


def _remembered_then_fresh(game, state, after, seat) -> bool:
    """Evaluate ``state`` then ``after`` (the memo warm from ``state``): ``seat``'s
    value must equal a fresh one. Whether the change moved that value."""
    E.forget()
    E.evaluate(game, state)
    fresh = sum(E.evaluate_terms(game, after, seat).values())
    assert E.evaluate(game, after)[seat] == fresh
    return fresh != sum(E.evaluate_terms(game, state, seat).values())


def test_a_seats_other_fields_are_not_remembered_away():
    """A seat's costly terms are remembered by its wagons (with the roads, its
    pioneers, the tile types and the turns left); everything else of its record
    is read afresh: the same position with other money, VP, nuggets, bankers,
    merchants or roads left (a toll paid, another determinisation), valued
    right after it, equals the terms summed afresh, and so does a record with
    equal but rebuilt wagons."""
    game = Pioneers(players=4)
    checked = 0
    for state, _, _ in positions(game, [4], RandomAgent()):
        if state.phase == "over":
            continue
        for seat in range(4):
            pl = state.players[seat]
            for other in (
                pl._replace(money=pl.money + 3),
                pl._replace(vp=pl.vp + 2, nuggets=(*pl.nuggets, 5)),
                pl._replace(bankers=pl.bankers + 1, merchants=pl.merchants + 1),
                pl._replace(roads_left=max(pl.roads_left - 2, 0)),
                pl._replace(wagons=tuple(w._replace() for w in pl.wagons)),
            ):
                players = list(state.players)
                players[seat] = other
                after = state._replace(players=tuple(players))
                checked += _remembered_then_fresh(game, state, after, seat)
    assert checked > 100


def test_a_rivals_road_next_to_the_best_network_is_not_remembered_away():
    """A seat's value is reused across other seats' roads only when none of
    them takes a free connection next to its best network: a rival's road
    there (the ``network`` term's pioneers one free connection away) is
    valued afresh even right after the same position without it."""
    game = Pioneers(players=4)
    adj, checked = game.board.adj, 0  # positions where the road changes the value
    for state, _, _ in positions(game, [4, 9], RandomAgent()):
        if state.phase == "over":
            continue
        for seat in range(4):
            t = E._terms(game, state, seat, E._Context(game, state))
            net = t[2]
            for c in sorted(net):
                for v, e in adj[c]:
                    if v in net or state.roads[e] or not state.settled[v][seat]:
                        continue
                    roads = list(state.roads)
                    roads[e] = ((seat + 1) % 4,)
                    after = state._replace(roads=tuple(roads))
                    # (the city may stay one free connection away by another)
                    checked += _remembered_then_fresh(game, state, after, seat)
    assert checked > 10


def test_the_last_tile_of_a_type_taken_is_not_remembered_away():
    """A seat's value is reused across tiles taken only while the same tile
    types stay on the board: taking the last tile of a profession that waits
    on its wagon (the pioneer is then stuck, with no hotel) is valued afresh."""
    game = Pioneers(players=4)
    checked = 0  # positions where taking the tile changes the value
    for full, _, _ in positions(game, [4, 9], RandomAgent()):
        if full.phase == "over":
            continue
        # without hotels on the board (a hotel takes any profession)
        tiles = tuple(None if t == "HOTEL" else t for t in full.tiles)
        state = full._replace(tiles=tiles)
        for seat in range(4):
            waiting = {
                p
                for w in state.players[seat].wagons
                if w.face_up
                for p, occ in zip(w.seats, w.occupied, strict=True)
                if occ
            }
            for c, t in enumerate(tiles):
                if t not in waiting or tiles.count(t) != 1:
                    continue
                after = state._replace(tiles=tiles[:c] + (None,) + tiles[c + 1 :])
                checked += _remembered_then_fresh(game, state, after, seat)
    assert checked >= 3


def test_remembered_seat_values_equal_a_fresh_evaluation():
    """``evaluate`` remembers seat values by the objects they read; along a game
    (positions sharing most objects) it equals the terms summed afresh."""
    game = Pioneers(players=4)
    checked = 0
    for after, fresh in _after_moves(game, 3, 6):
        assert E.evaluate(game, after) == fresh
        checked += 1
    assert checked > 300


def test_road_potential_is_added_to_each_road():
    """Where the bot chooses among two or more roads, each road's value is the
    value without the potential plus :func:`bots.road_potential` (exact)."""
    game = Pioneers(players=4)
    checked = 0
    for state, seat, legal in positions(game, [5], GreedyAgent()):
        roads = [a for a in legal if hasattr(a, "a")]
        if state.phase not in ("road", "sergeant") or len(roads) < 2:
            continue
        edges = [game.board.edge_of(a.a, a.b) for a in roads]
        bonus = dict(
            zip(roads, B.road_potential(game, state, seat, edges), strict=True)
        )
        plain = B.greedy_values(game, state, seat, legal, potential=0.0)
        full = B.greedy_values(game, state, seat, legal)
        assert full == [
            v + bonus.get(a, 0.0) for a, v in zip(legal, plain, strict=True)
        ]
        checked += 1 if any(bonus.values()) else 0
    assert checked > 5


def _far_value(game, state, seat, net, weight):
    """The nearness of ``seat``'s pioneers to ``net`` from scratch (no shortcut)."""
    dist = B._distances(game, state, seat, net, 4)
    worth = {2: 2 * weight, 3: 2 * weight * weight}
    return sum(
        k[seat] * worth.get(dist.get(c, 9), 0.0)
        for c, k in enumerate(state.settled)
        if k[seat]
    )


def test_road_potential_equals_the_distances_after_each_road():
    """Each free road's potential is the nearness after it minus before, the
    distances measured again on the board with the road (the network it is
    measured from stays the one before the road)."""
    game = Pioneers(players=4)
    checked = 0
    for state, seat, legal in positions(game, [2, 4], RandomAgent()):
        if state.phase != "road":
            continue
        _, net = E._networks(game, state, seat)
        edges = [game.board.edge_of(a.a, a.b) for a in legal]
        got = B.road_potential(game, state, seat, edges, 0.3)
        if not net:
            assert got == [0.0] * len(edges)
            continue
        before = _far_value(game, state, seat, net, 0.3)
        for e, value in zip(edges, got, strict=True):
            roads = list(state.roads)
            roads[e] = (*roads[e], seat)
            after = state._replace(roads=tuple(roads))
            assert value == pytest.approx(
                _far_value(game, after, seat, net, 0.3) - before
            )
            checked += 1 if value else 0
    assert checked > 20


def test_near_adds_the_settle_potential_to_moves_and_joins():
    game = Pioneers(players=4)
    checked = 0
    for state, seat, legal in positions(game, [6], GreedyAgent()):
        if state.phase not in ("move", "join"):
            continue
        bonus = B.settle_potential(game, state, seat, legal, B.POTENTIAL)
        plain = B.greedy_values(game, state, seat, legal)
        near = B.greedy_values(game, state, seat, legal, near=1.0)
        assert near == [v + b for v, b in zip(plain, bonus, strict=True)]
        checked += 1 if any(bonus) else 0
    assert checked > 3


def test_hoard_takes_value_off_the_dollars_beyond_the_reserve():
    game = Pioneers(players=4)
    state = game.setup()
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    pl = state.players[0]
    rich = state._replace(players=(pl._replace(money=10), *state.players[1:]))
    per_dollar = E.money_value(E.turns_left(game, rich))
    assert B.hoard(game, rich, 0, 0.5, 6.0) == pytest.approx(0.5 * per_dollar * 4)
    assert B.hoard(game, rich, 0, 0.5, 12.0) == 0.0
    assert B.hoard(game, rich, 0, 0.0, 6.0) == 0.0


def _rebuilt(state):
    """An equal state in new objects (the records, the pioneers, the tiles)."""
    return state._replace(
        players=tuple(pl._replace(nuggets=(*pl.nuggets,)) for pl in state.players),
        settled=tuple((*row,) for row in state.settled),
        tiles=(*state.tiles,),
    )


def test_equal_positions_in_other_objects_evaluate_alike():
    """``evaluate`` remembers by object; an equal position built of other
    objects (another determinisation, another order of the same moves) gets
    the terms summed afresh, not a value remembered for other facts."""
    game = Pioneers(players=4)
    checked = 0
    for after, fresh in _after_moves(game, 5, 4):
        assert E.evaluate(game, after) == fresh
        twin = _rebuilt(after)
        assert twin is not after and twin == after
        assert E.evaluate(game, twin) == fresh
        checked += 1
    assert checked > 200


def _plain_resolve(game, state, rng, depth=3):
    """``bots.resolve`` as it was: every option valued by ``bots.greedy`` afresh."""
    seat = state.active
    for _ in range(depth):
        to_move = game.to_move(state)
        if to_move == seat and state.phase in B._LOOKAHEAD:
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = game.apply(state, legal[0])
                continue
            best, top = legal[0], -float("inf")
            for a in legal:
                v = B.greedy(game, game.apply(state, a), seat, 1)
                if v > top:
                    best, top = a, v
            state = game.apply(state, best)
        elif to_move == CHANCE and state.phase == "nugget":
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
        else:
            break
    return state


def test_resolve_decides_as_valuing_every_option_afresh():
    """``resolve`` computes each position it meets once (``_Follow``); it ends
    in the same position, with the same use of ``rng``, as the plain loop."""
    game = Pioneers(players=4)
    checked = 0
    for state, _, legal in positions(game, [2, 7], RandomAgent()):
        for a in legal[:8]:
            after = game.apply(state, a)
            if game.to_move(after) is None:
                continue
            r1, r2 = random.Random(checked), random.Random(checked)
            assert B.resolve(game, after, r1) == _plain_resolve(game, after, r2)
            assert r1.random() == r2.random()
            checked += 1
    assert checked > 300


def test_determinize_gives_one_object_per_sample(nugget_deal):
    """The same nugget values for the same view give the same state object,
    equal to the state built afresh; the random stream is used as before."""
    game = Pioneers(players=4)
    seen = 0
    for state, seat, _ in positions(game, [4], GreedyAgent()):
        view = game.observe(state, seat)
        if not any(v is None for pl in view.players for v in pl.nuggets):
            continue
        first = B.determinize(game, view, seat, random.Random(9))
        again = B.determinize(game, view, seat, random.Random(9))
        assert again is first
        assert first == nugget_deal(view, seat, random.Random(9))
        seen += 1
    assert seen > 5
