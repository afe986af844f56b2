"""ASSUMPTION-4: the mover steers the stagecoach, so whom the trip pays is a choice.

The engine's move list, the ``route_choice`` option, the RL encoding's move
slots, the route picker and the bots' payee weighting. The search itself is
checked against brute force in ``test_routes.py``.
"""

from __future__ import annotations

import random

import pytest

from toolkit.agents import GreedyAgent
from toolkit.envs import encoder
from toolkit.pioneers import MoveCoach, Pass, Pioneers
from toolkit.pioneers import bots as B
from toolkit.pioneers.builder import fixture_game, stage, wagon, wagon_spec
from toolkit.pioneers.encoding import ROUTE_SLOTS
from toolkit.pioneers.fills import moves_map
from toolkit.widgets import Session

SQUARE = ["S-A", "A-T", "S-B", "B-T"]


#: Regular wagons for a deck, so that a staged game is not about to end (money
#: then still counts for the bots' evaluation).
DECK = [wagon_spec(f"W{i}", "FARMER BANKER", 5) for i in range(1, 11)]


def square(route_choice="undominated", roads=None, money=5, vp=None, players=3):
    """S-A-T and S-B-T, both $2: by default S-A-T pays seat 1, S-B-T the bank."""
    game = fixture_game(
        SQUARE, start="S", players=players, wagons=DECK, route_choice=route_choice
    )
    state = stage(
        game,
        deck=10,
        tiles={"T": "FARMER"},
        roads={"S-A": 1, "A-T": 1} if roads is None else roads,
        players={
            0: dict(money=money, wagons=[wagon("X", "FARMER")]),
            **{s: dict(vp=v) for s, v in (vp or {}).items()},
        },
    )
    return game, state


def test_ASSUMPTION_4_equal_cost_routes_paying_different_people_are_two_moves():
    """The issue's case: S-A-T pays $2 to seat 1, S-B-T $2 to the bank; both listed."""
    game, state = square()
    assert game.legal_actions(state) == [
        MoveCoach(("S", "A", "T"), 2),
        MoveCoach(("S", "B", "T"), 2),
    ]
    assert game.payments(state, ("S", "A", "T")) == {1: 2}
    assert game.payments(state, ("S", "B", "T")) == {"bank": 2}
    old, _ = square("cheapest")
    assert old.legal_actions(state) == [MoveCoach(("S", "A", "T"), 2)]
    after = game.apply(state, MoveCoach(("S", "B", "T"), 2))
    assert after.players[1].money == state.players[1].money  # seat 1 got nothing


def test_ASSUMPTION_4_same_payments_are_one_move_with_the_fewest_steps_route():
    """Two routes paying the same (the bank $2) are one move: fewest steps, then ids."""
    game = fixture_game(["S-A", "A-T", "S-B", "B-T", "S-C", "C-D", "D-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"C-D": 0},  # S-C-D-T: $2 to the bank too, but 3 steps
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    assert game.legal_actions(state) == [MoveCoach(("S", "A", "T"), 2)]
    every = Pioneers(
        players=4,
        board=game.board,
        wagons=list(game.wagon_specs.values()),
        route_choice="every",
    )
    assert every.legal_actions(state) == [MoveCoach(("S", "A", "T"), 2)]


def test_ASSUMPTION_4_a_dominated_outcome_is_only_offered_with_every():
    """S-A-T pays the bank $2; S-B-T the bank $1 and seat 1 $1 (B-T is seat 1's):
    neither dominates the other. S-C-T (C-T holds roads of seats 1 and 2) pays
    the bank $1, seat 1 $1 and seat 2 $1: everyone S-B-T pays and more, so it
    only throws $1 away and is offered only with ``every``."""
    game = fixture_game(SQUARE + ["S-C", "C-T"], start="S", players=3)
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"B-T": 1, "C-T": (1, 2)},
        players={0: dict(money=6, wagons=[wagon("X", "FARMER")])},
    )
    moves = game.legal_actions(state)
    assert [(m.path, m.cost) for m in moves] == [
        (("S", "A", "T"), 2),
        (("S", "B", "T"), 2),
    ]
    every = game.route_choices(state, every=True)
    ids = game.board.ids
    assert [(tuple(ids[i] for i in p), c) for _, c, p in every] == [
        (("S", "A", "T"), 2),
        (("S", "B", "T"), 2),
        (("S", "C", "T"), 3),
    ]


def test_P_MOVE_4_P_MOVE_5_forced_move_unchanged_by_route_choice():
    """Whether the player must move is decided on the cheapest route alone."""
    for choice in ("undominated", "every", "cheapest"):
        game, state = square(choice, money=1)
        assert game.legal_actions(state) == [Pass()]  # both routes cost $2
        game, state = square(choice, money=2)
        assert Pass() not in game.legal_actions(state)


def test_route_choice_option_is_checked():
    with pytest.raises(ValueError, match="route_choice"):
        Pioneers(players=2, route_choice="all")
    with pytest.raises(TypeError, match="route_choice"):
        Pioneers(players=2, route_choice=True)
    assert Pioneers(players=2).options["route_choice"] == "undominated"
    with pytest.raises(ValueError, match="every"):
        Pioneers(players=2).route_choices(Pioneers(players=2).setup(), every=1)


def test_encoding_gives_each_way_to_pay_its_own_slot():
    """RL: ``move to T`` is the cheapest way, ``move to T, way 2`` the next."""
    game, state = square(players=4)
    enc = encoder(game)
    legal = enc.legal(state)
    labels = {enc.action_labels[i]: a for i, a in legal.items()}
    assert labels == {
        "move to T": MoveCoach(("S", "A", "T"), 2),
        "move to T, way 2": MoveCoach(("S", "B", "T"), 2),
    }
    for i, a in legal.items():
        assert enc.index_in(state, a) == i
    with pytest.raises(ValueError, match="index_in"):
        enc.action_index(MoveCoach(("S", "A", "T"), 2))
    assert enc.num_actions == len(set(enc.action_labels))
    assert sum(lab.startswith("move to ") for lab in enc.action_labels) == (
        ROUTE_SLOTS * len(game.board.ids)
    )


def test_encoding_maps_move_lists_in_any_order_as_the_engine_lists_them():
    """RL: a move list in the engine's order is mapped in one pass
    (``fills.moves_map``); one in another order, or past the last slot, the
    general way: both give the k-th listed move to a city its slot k (the first
    past the cap keeps the last slot), index by index."""
    game = Pioneers(players=3)
    enc = encoder(game)

    def one_pass(actions: list) -> dict | None:
        return moves_map(actions, MoveCoach, enc._move0, enc._city, ROUTE_SLOTS)

    ids = game.board.ids
    # ten ways to one city (past ROUTE_SLOTS), then two to a later one
    moves = [MoveCoach((ids[0], ids[1]), c) for c in range(10)]
    moves += [MoveCoach((ids[0], ids[2]), c) for c in range(2)]
    slot0 = enc.action_labels.index(f"move to {ids[1]}")
    other = enc.action_labels.index(f"move to {ids[2]}")
    expected = {slot0 + k: moves[k] for k in range(ROUTE_SLOTS)}
    expected |= {other: moves[10], other + 1: moves[11]}
    got = enc.legal_from(moves)
    assert list(got.items()) == sorted(expected.items())
    assert one_pass(moves) == got  # the one-pass way took it
    shuffled = moves[10:] + moves[:10]  # another order: the general way
    assert one_pass(shuffled) is None
    assert list(enc.legal_from(shuffled).items()) == sorted(expected.items())
    assert one_pass([Pass(), *moves]) is None


def test_route_picker_lists_each_way_to_pay_with_who_is_paid():
    game, state = square()
    s = Session(game, ["human", "random", "random"], state=state)
    choices = s.route_choices("T")
    assert choices == [MoveCoach(("S", "A", "T"), 2), MoveCoach(("S", "B", "T"), 2)]
    texts = [s.words.choice_text(s, m) for m in choices]
    assert "$2 bank" in texts[1] and "bank" not in texts[0]
    assert "who gets your money" in s.words.choices_prompt("T", 2)


def test_leader_money_counts_only_the_rival_who_leads():
    game, state = square(vp={1: 20}, money=4)
    state = state._replace(
        players=tuple(
            pl._replace(money=m) for pl, m in zip(state.players, (4, 7, 9), strict=True)
        )
    )
    mv = B.money_value(B.turns_left(game, state))
    assert mv > 0.1
    assert B.leader_money(game, state, [10.0, 20.0, 5.0], 0) == pytest.approx(
        B.LEADER_WEIGHT * mv * 7
    )
    assert B.leader_money(game, state, [30.0, 20.0, 5.0], 0) == 0  # seat 0 leads
    assert B.leader_money(game, state, [10.0, 20.0, 5.0], 0, weight=0) == 0
    assert B.relative_value([10.0, 20.0, 5.0], 0) == 10 - 0.25 * 12.5


def test_greedy_bot_pays_the_trailing_rival_rather_than_the_leader():
    """Seat 1 leads (20 VP), seat 2 trails: S-A-T pays seat 1 $2, S-B-T seat 2 $2.
    Only the new value tells them apart (the others' mean is the same)."""
    game, state = square(
        roads={"S-A": 1, "A-T": 1, "S-B": 2, "B-T": 2}, vp={1: 20}, money=4
    )
    legal = game.legal_actions(state)
    assert len(legal) == 2
    agent = GreedyAgent()
    for seed in range(5):
        choice = agent(game, game.observe(state, 0), legal, random.Random(seed))
        assert choice == MoveCoach(("S", "B", "T"), 2)
    # by what $2 in the leader's hands costs beyond $2 in a trailer's
    values = B.greedy_values(game, state, 0, legal)
    per_dollar = B.money_weights(game, state, 0, thrift=0.0)
    assert per_dollar[1] > 3 * per_dollar[2] > 0
    assert values[1] - values[0] == pytest.approx(2 * (per_dollar[1] - per_dollar[2]))
    earlier = [B.greedy(game, game.apply(state, m), 0, leader=0) for m in legal]
    assert abs(earlier[1] - earlier[0]) < 1e-9  # the earlier value cannot tell


def test_playout_policy_avoids_paying_the_leader():
    game, state = square(roads={"S-A": 1, "A-T": 1}, vp={1: 20}, money=4)
    legal = game.legal_actions(state)
    picks = [B.policy(game, state, legal, random.Random(s)).path for s in range(40)]
    assert picks.count(("S", "B", "T")) > 30


@pytest.mark.parametrize("bot", ["mcts", "mc"])
def test_search_bots_pay_the_trailing_rival_rather_than_the_leader(bot):
    """The search bots score positions as win chances (a softmax of every seat's
    estimate): $2 more for the leader lowers the mover's chance more than $2 for a
    trailing rival, and the playouts' policy charges a dollar paid to the leader."""
    from toolkit.agents import make_agent

    game, state = square(
        roads={"S-A": 1, "A-T": 1, "S-B": 2, "B-T": 2}, vp={1: 20}, money=4
    )
    legal = game.legal_actions(state)
    agent = make_agent(bot)
    picks = [
        agent(game, game.observe(state, 0), legal, random.Random(seed))
        for seed in range(3)
    ]
    assert picks == [MoveCoach(("S", "B", "T"), 2)] * 3, picks


def _move_positions(game, seed):
    """The move decisions with more than one move of a seeded random 4-player game."""
    from toolkit.core import play, random_agent

    moves = []

    def agent(g, observation, legal, rng):
        if observation.phase == "move" and len(legal) > 1:
            moves.append(observation)
        return random_agent(g, observation, legal, rng)

    play(game, [agent] * 4, seed=seed)
    return moves


def test_route_choices_remembered_by_value_answer_as_the_search():
    """The engine remembers route choices by value (coach._CHOICES): a position met
    again, or an equal copy of it, lists the moves a fresh search lists, and an
    entry made by another game object is not used."""
    from toolkit.pioneers import coach

    game = Pioneers(players=4)
    moves = _move_positions(game, seed=5)
    assert len(moves) > 10
    other = Pioneers(players=4, route_choice="every")
    remembered = 0
    for state in moves:
        coach._CHOICES.clear()
        fresh = [str(a) for a in game.legal_actions(state)]
        remembered += len(coach._CHOICES)
        copy = type(state)(*state)
        assert [str(a) for a in game.legal_actions(copy)] == fresh
        # equal tuples that are other objects: found by value too (their hashes
        # are made afresh), not searched again
        kept = len(coach._CHOICES)
        equal = state._replace(
            roads=tuple((*r,) for r in state.roads),
            tiles=(*state.tiles,),
            covered=(*state.covered,),
        )
        assert equal.roads is not state.roads and equal == state
        assert [str(a) for a in game.legal_actions(equal)] == fresh
        assert len(coach._CHOICES) == kept
        assert [str(a) for a in game.legal_actions(state)] == fresh
        every = [str(a) for a in other.legal_actions(state)]
        assert set(fresh) <= set(every)
        coach._CHOICES.clear()
        assert [str(a) for a in other.legal_actions(state)] == every
    assert remembered  # some positions went through the label search
    # The memo serves one game at a time: another game's search empties it, so it
    # never keeps more than one game alive.
    searched = []
    for state in moves:
        coach._CHOICES.clear()
        game.legal_actions(state)
        if coach._CHOICES:
            searched.append(state)
    assert searched and coach._CHOICES_OF[0] is game
    before = len(coach._CHOICES)
    other.legal_actions(searched[-1])
    assert coach._CHOICES_OF[0] is other and len(coach._CHOICES) <= before


def _undominated(game, state, routes):
    """The routes of ``routes`` whose payments no other route to its target beats."""

    def pays(path):
        ids = game.board.ids
        got = game.payments(state, [ids[i] for i in path])
        return [got.get("bank", 0)] + [got.get(s, 0) for s in range(game.players)]

    vectors = [(t, c, p, pays(p)) for t, c, p in routes]
    return [
        (t, c, p)
        for t, c, p, v in vectors
        if not any(
            t2 == t and v2 != v and all(a <= b for a, b in zip(v2, v))
            for t2, _, _, v2 in vectors
        )
    ]


def test_route_memo_answers_only_equal_facts():
    """A route memo entry (coach._CHOICES, keyed by the facts' hash) answers only a
    search whose facts equal its own: an entry under the same hash with other
    facts is searched past (and replaced), never returned."""
    from toolkit.pioneers import coach

    game = Pioneers(players=4)
    moves = _move_positions(game, seed=5)
    checked = 0
    for state in moves:
        coach._CHOICES.clear()
        fresh = [str(a) for a in game.legal_actions(state)]
        if len(coach._CHOICES) != 1:
            continue  # no label search for this position
        ((hashed, entry),) = coach._CHOICES.items()
        # the same hash, other facts (a budget of -1) and a made-up route
        coach._CHOICES[hashed] = entry[:6] + (-1,) + entry[7:8] + (0, 0, 2, 0, 1)
        assert [str(a) for a in game.legal_actions(state)] == fresh
        assert coach._CHOICES[hashed] == entry
        checked += 1
    assert checked


def test_listed_moves_apply_alike_first_listed_shared_or_made_by_hand():
    """A route's move object is shared from its second listing on (coach._MOVES);
    the first listing's own object, the shared one and an equal MoveCoach made by
    hand are equal and apply alike."""
    from toolkit.pioneers import coach

    game = Pioneers(players=4)
    moves = _move_positions(game, seed=7)
    assert moves
    for state in moves:
        for store in (coach._MOVES, coach._ROUTES, coach._MET, coach._FRESH):
            store.clear()
        first = game.legal_actions(state)
        second = game.legal_actions(state)
        third = game.legal_actions(state)
        assert first == second == third
        assert all(a is not b for a, b in zip(first, second, strict=True))
        assert all(a is b for a, b in zip(second, third, strict=True))
        for k, a in enumerate(first):
            by_hand = MoveCoach(a.path, a.cost)
            after = game.apply(state, a)
            assert game.apply(state, second[k]) == after
            assert game.apply(state, by_hand) == after


@pytest.mark.parametrize("players", [3, 4])
def test_ASSUMPTION_4_undominated_moves_are_every_moves_filtered(players):
    """The label search prunes two ways (coach._choices): without ``every`` a label
    goes for any earlier label at its city paying no payee more; with ``every`` only
    for one with the same payments over a subset of its cities. On every move of
    seeded random games, the undominated routes are exactly the ``every`` routes
    with the dominated ones left out, each with the same route (fewest steps, then
    lowest city ids), at the mover's money and at a random budget."""
    from toolkit.core import CHANCE, sample_outcome
    from toolkit.pioneers import coach

    game = Pioneers(players=players)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.setup()
        while (seat := game.to_move(state)) is not None:
            if seat == CHANCE:
                outcome = sample_outcome(game.chance_outcomes(state), rng)
                state = game.apply(state, outcome)
                continue
            if state.phase == "move":
                for budget in (state.players[seat].money, rng.randrange(0, 20)):
                    coach._CHOICES.clear()
                    every = game.route_choices(state, seat, budget, every=True)
                    best = game.route_choices(state, seat, budget)
                    assert best == _undominated(game, state, every)
                    checked += 1
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 50
