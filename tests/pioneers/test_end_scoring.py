"""End of game and final scoring: P-END-1..2, P-SCORE-1..5, P-FLOW-3, P-NOTE-1..3,
ASSUMPTION-17 and ASSUMPTION-20 (the opt-in early end and the round cap).

Decision recorded here: ASSUMPTION-20's extra endings (no tile left, an idle
round) are off by default and switched on with ``early_end=True``, because the
rulebook names only the two P-END-1 triggers; ``max_rounds`` is always a cap.
"""

from __future__ import annotations

import copy
import random

import pytest

from toolkit.core import CHANCE, IllegalAction, play, random_agent
from toolkit.core.play import sample_outcome
from toolkit.pioneers import (
    AddFarmer,
    BuyRoads,
    BuyWagon,
    EndPurchases,
    MoveCoach,
    Pass,
    Pioneers,
    PlaceRoad,
    RevealWagon,
    SergeantRoad,
    Settle,
    Skip,
    best_network,
    road_networks,
    score_breakdown,
)
from toolkit.pioneers.builder import fixture_game, stage, wagon, wagon_spec

BENEDEK, ILDI, DAVID, ESZTI = 0, 1, 2, 3
DECK = [wagon_spec(f"Q{i}", "FARMER BANKER", vp=4) for i in range(1, 6)]


def run(game, state, *actions):
    for action in actions:
        state = game.apply(state, action)
    return state


def quiet_turn(game, state):
    return run(game, state, EndPurchases(), Pass())


def everyone(money=0, **extra):
    players = {
        s: dict(money=money, wagons=[wagon(f"V{s}", "FARMER")]) for s in range(4)
    }
    for seat, fields in extra.items():
        players[int(seat[1:])].update(fields)
    return players


# ----- P-END -----------------------------------------------------------------------------


def test_P_END_1_a_the_15th_bought_road_triggers_the_end():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        phase="buy",
        active=DAVID,
        players=everyone(s2=dict(money=2, roads_left=1)),
    )
    state = run(game, state, BuyRoads(1))
    assert not state.end_triggered
    state = game.apply(state, PlaceRoad("A", "B"))
    assert state.players[DAVID].roads_left == 0 and state.end_triggered


def test_P_END_1_a_sergeant_roads_count():
    game = fixture_game(["S-A", "B-C"], start="S")
    state = stage(
        game,
        tiles={"A": "SERGEANT"},
        players=everyone(
            s0=dict(money=1, roads_left=1, wagons=[wagon("G", "SERGEANT FARMER")])
        ),
    )
    state = run(
        game,
        state,
        MoveCoach(("S", "A"), 1),
        Settle("G", "SERGEANT"),
        SergeantRoad("B", "C"),
    )
    assert state.end_triggered and state.active == ILDI


def test_P_END_1_b_the_last_deck_wagon_into_the_market_triggers_the_end():
    game = fixture_game(["S-A"], start="S", wagons=DECK)
    state = stage(
        game,
        phase="buy",
        market=["Q1", "Q2", "Q3", "Q4"],
        players=everyone(s0=dict(money=3)),
    )
    assert state.deck == 1
    state = game.apply(state, BuyWagon(1))
    assert not state.end_triggered  # only once the refill happens
    state = game.apply(state, RevealWagon("Q5"))
    assert state.end_triggered and state.deck == 0


@pytest.mark.parametrize("trigger", [BENEDEK, ILDI, DAVID, ESZTI])
def test_P_END_2_the_round_is_completed_then_the_game_ends(trigger):
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        phase="buy",
        active=trigger,
        players=everyone(**{f"s{trigger}": dict(money=2, roads_left=1)}),
    )
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"), Pass())
    turns = []
    while not game.is_over(state):
        turns.append(state.active)
        state = quiet_turn(game, state)
    assert turns == list(range(trigger + 1, 4))
    assert game.to_move(state) is None and game.legal_actions(state) == []
    with pytest.raises(IllegalAction) as info:
        game.apply(state, Pass())
    assert info.value.rule == "GAME-OVER"


def test_P_FLOW_3_no_end_without_a_trigger():
    game = fixture_game(["S-A"], start="S")
    state = stage(game, phase="turn", players=everyone())
    for _ in range(8):
        state = quiet_turn(game, state)
    assert not game.is_over(state) and state.round == 3


def test_P_NOTE_2_the_round_is_completed_not_cut_short():
    """The review says the game stops at once; the rulebook's full round is followed."""
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game, phase="buy", active=ILDI, players=everyone(s1=dict(money=2, roads_left=1))
    )
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"), Pass())
    assert state.end_triggered and not game.is_over(state) and state.active == DAVID


# ----- P-SCORE ---------------------------------------------------------------------------


def test_P_SCORE_1_vp_during_play_come_only_from_emptied_wagons():
    game = fixture_game(["S-B", "S-H", "S-F"], start="S")
    state = stage(
        game,
        tiles={"B": "BANKER", "H": "HOTEL", "F": "FARMER"},
        roads={"S-F": 0},
        players={0: dict(money=1, wagons=[wagon("X", "BANKER FARMER FARMER", vp=9)])},
    )
    state = run(
        game, state, MoveCoach(("S", "F"), 0), Settle("X", "FARMER"), AddFarmer("X")
    )
    assert (
        state.players[0].vp == 0
    )  # settling, roads and pioneers score only at the end
    state = state._replace(active=0, seat=0, phase="move")
    state = run(game, state, MoveCoach(("F", "S", "B"), 1), Settle("X", "BANKER"))
    assert state.players[0].vp == 9


def test_P_SCORE_2_one_vp_per_empty_seat_on_face_up_wagons():
    game = fixture_game(["S-A"], start="S")
    state = stage(
        game,
        players={
            DAVID: dict(
                wagons=[
                    wagon("A", "FARMER BANKER SERGEANT", empty=[0, 2]),
                    wagon("B", "FARMER FARMER", empty=[1]),
                    wagon("C", "FARMER FARMER FARMER FARMER", face_up=False),
                ]
            )
        },
    )
    row = score_breakdown(game, state)[DAVID]
    assert row["empty_seats"] == 3 and row["total"] == 3


def test_P_SCORE_3_nuggets_are_added():
    game = fixture_game(["S-A"], start="S")
    state = stage(game, players={ESZTI: dict(nuggets=(3, 5, 4, 3), vp=2)})
    row = score_breakdown(game, state)[ESZTI]
    assert (row["gold"], row["wagons"], row["total"]) == (15, 2, 17)


NET = ["S-A", "A-B", "B-C", "B-D", "X-Y", "Y-Z", "D-E"]


def test_P_SCORE_4_two_vp_per_own_pioneer_in_the_best_branching_network():
    game = fixture_game(NET, start="S")
    state = stage(
        game,
        roads={"S-A": 1, "A-B": 1, "B-C": 1, "B-D": 1, "X-Y": 1, "Y-Z": 1},
        settled={
            "S": {0: 1, 1: 1, 2: 1},
            "A": {1: 1, 0: 1},
            "C": {1: 3},
            "E": {1: 1},
            "X": {1: 1},
            "Z": {1: 1},
        },
    )
    nets = road_networks(game, state, ILDI)
    assert nets[0]["cities"] == ("A", "B", "C", "D", "S") and nets[0]["pioneers"] == 5
    assert nets[1]["cities"] == ("X", "Y", "Z") and nets[1]["pioneers"] == 2
    # the start-city pioneer counts, other colours do not, E (no red road) is outside
    assert best_network(game, state, ILDI) == 5
    assert score_breakdown(game, state)[ILDI]["network"] == 10


def test_P_SCORE_4_a_double_road_counts_for_both_owners():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(game, roads={"A-B": (0, 3)}, settled={"A": {0: 1}, "B": {3: 2}})
    rows = score_breakdown(game, state)
    assert rows[0]["network"] == 2 and rows[3]["network"] == 4


def test_P_SCORE_4_most_pioneers_not_most_roads():
    game = fixture_game(["S-A", "A-B", "B-C", "C-D", "P-Q"], start="S")
    state = stage(
        game,
        roads={"A-B": 2, "B-C": 2, "C-D": 2, "P-Q": 2},
        settled={"A": {2: 1}, "P": {2: 1}, "Q": {2: 1}},
    )
    assert best_network(game, state, DAVID) == 2


def test_P_SCORE_5_most_vp_wins_then_most_money_then_shared():
    game = fixture_game(["S-A"], start="S")
    state = stage(
        game,
        players={
            0: dict(vp=10, money=1),
            1: dict(vp=12, money=0),
            2: dict(vp=12, money=4),
            3: dict(vp=12, money=4),
        },
    )
    assert game.winners(state) == (2, 3)
    state = stage(game, players={0: dict(vp=13), 1: dict(vp=12, money=9)})
    assert game.winners(state) == (0,)


def test_P_SCORE_5_final_scores_of_a_whole_game():
    game = Pioneers(players=3)
    final, record = play(game, [random_agent] * 3, seed=11)
    assert game.is_over(final)
    assert final.end_triggered or final.round == 60
    rows = score_breakdown(game, final)
    assert record.scores == tuple(r["total"] for r in rows) == game.scores(final)
    for r in rows:
        assert r["total"] == r["wagons"] + r["empty_seats"] + r["gold"] + r["network"]
    best = max((r["total"], r["money"]) for r in rows)
    assert game.winners(final) == tuple(
        r["seat"] for r in rows if (r["total"], r["money"]) == best
    )


def test_P_NOTE_1_every_player_scores_their_own_best_network():
    game = fixture_game(["S-A", "A-B", "B-C", "C-D"], start="S")
    state = stage(
        game,
        roads={"S-A": 0, "A-B": 0, "B-C": 0, "C-D": 1},
        settled={"S": {0: 1, 1: 1}, "A": {0: 1}, "B": {0: 1}, "D": {1: 1}},
    )
    rows = score_breakdown(game, state)
    assert [r["network"] for r in rows] == [6, 2, 0, 0]  # not only the largest network


def test_P_NOTE_3_ildi_is_red_seat_1_in_the_empty_wagon_example():
    """The caption's 'yellow' is a slip: EX-11 is Ildi's (seat 1) turn over her own roads."""
    game = fixture_game(["S-F"], start="S")
    state = stage(
        game,
        active=ILDI,
        tiles={"F": "FARMER"},
        roads={"S-F": ILDI},
        players={ILDI: dict(wagons=[wagon("X", "FARMER", vp=7)])},
    )
    state = run(game, state, MoveCoach(("S", "F"), 0), Settle("X", "FARMER"))
    assert state.players[ILDI].vp == 7 and state.players[ESZTI].vp == 0


def test_ASSUMPTION_17_network_edge_cases():
    game = fixture_game(["S-A", "A-B", "C-D"], start="S")
    # no roads at all: 0, even with pioneers on the board
    state = stage(game, settled={"A": {0: 2}})
    assert best_network(game, state, 0) == 0 and road_networks(game, state, 0) == []
    # a pioneer in a city without an own road is in no network
    state = stage(game, roads={"C-D": 0}, settled={"A": {0: 2}})
    assert best_network(game, state, 0) == 0
    assert road_networks(game, state, 0) == [
        {"cities": ("C", "D"), "roads": 1, "pioneers": 0}
    ]
    # equal networks: the count is what matters
    state = stage(game, roads={"A-B": 0, "C-D": 0}, settled={"A": {0: 1}, "D": {0: 1}})
    assert best_network(game, state, 0) == 1


# ----- ASSUMPTION-20 ------------------------------------------------------------------------


def test_ASSUMPTION_20_early_end_is_off_by_default():
    game = fixture_game(["S-A"], start="S")
    assert game.options["early_end"] is False
    state = stage(game, phase="turn", players=everyone())
    for _ in range(8):  # no tiles and nobody acts: play goes on
        state = quiet_turn(game, state)
    assert not game.is_over(state)


def test_ASSUMPTION_20_early_end_after_an_idle_round_or_with_no_tile_left():
    game = fixture_game(["S-A", "A-B"], start="S", early_end=True)
    state = stage(game, phase="turn", tiles={"A": "BANKER"}, players=everyone())
    for _ in range(3):
        state = quiet_turn(game, state)
    assert not game.is_over(state)
    state = quiet_turn(game, state)
    assert game.is_over(state)  # a full round without a move or a purchase

    state = stage(game, phase="turn", tiles={"A": "BANKER"}, players=everyone(money=5))
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"), Pass())  # a purchase
    for _ in range(3):
        state = quiet_turn(game, state)
    assert not game.is_over(state) and state.round == 2

    state = stage(game, phase="turn", players=everyone(money=5))  # no tile on the board
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"), Pass())
    for _ in range(3):
        state = quiet_turn(game, state)
    assert game.is_over(state) and state.round == 1


def test_ASSUMPTION_20_max_rounds_is_a_hard_cap():
    game = fixture_game(["S-A"], start="S", max_rounds=2)
    state = stage(game, phase="turn", players=everyone())
    for _ in range(7):
        state = quiet_turn(game, state)
    assert not game.is_over(state)
    assert game.is_over(quiet_turn(game, state))
    with pytest.raises(ValueError, match="max_rounds"):
        Pioneers(players=2, max_rounds=0)


def test_P_END_2_state_after_the_end_is_frozen():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        phase="buy",
        active=ESZTI,
        players=everyone(s3=dict(money=2, roads_left=1)),
    )
    state = run(game, state, BuyRoads(1), PlaceRoad("A", "B"), Pass())
    assert game.is_over(state)
    before = copy.deepcopy(state)
    for action in (EndPurchases(), Skip(), Pass()):
        with pytest.raises(IllegalAction):
            game.apply(state, action)
    assert state == before


def test_P_SCORE_4_best_network_agrees_with_networkx_components():
    """Random road layouts: the best network is the max over the connected components
    of the player's roads (double roads count for both owners)."""
    import random

    import networkx as nx

    rng = random.Random("pioneers-networks")
    for _ in range(300):
        cities = [f"C{i}" for i in range(rng.randint(2, 8))]
        edges = sorted(
            {
                tuple(sorted(rng.sample(cities, 2)))
                for _ in range(rng.randint(1, 2 * len(cities)))
            }
        )
        conns = [f"{a}-{b}" for a, b in edges]
        game = fixture_game(conns, start=cities[0])
        roads = {}
        for conn in conns:
            r = rng.random()
            if r < 0.5:
                roads[conn] = (rng.randrange(4),)
            elif r < 0.6:
                roads[conn] = tuple(rng.sample(range(4), 2))
        settled = {
            c: {s: rng.randint(0, 2) for s in range(4)}
            for c in cities
            if c in game.board.index
        }
        state = stage(game, roads=roads, settled=settled)
        rows = score_breakdown(game, state)
        for seat in range(4):
            g = nx.Graph(c.split("-") for c, owners in roads.items() if seat in owners)
            expected = max(
                (
                    sum(settled[c][seat] for c in comp)
                    for comp in nx.connected_components(g)
                ),
                default=0,
            )
            assert best_network(game, state, seat) == expected
            assert rows[seat]["network"] == 2 * expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_SCORE_4_scores_equal_the_breakdown_totals_along_whole_games(players):
    # scores() adds up without the breakdown rows (score_totals, best_network's
    # union-find): at every position of whole games it must equal the rows' totals
    # and road_networks' best network
    game = Pioneers(players=players)
    checked = with_roads = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.setup()
        while not game.is_over(state):
            if game.to_move(state) == CHANCE:
                state = game.apply(
                    state, sample_outcome(game.chance_outcomes(state), rng)
                )
                continue
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            rows = score_breakdown(game, state)
            assert game.scores(state) == tuple(r["total"] for r in rows)
            for seat in range(players):
                nets = road_networks(game, state, seat)
                assert best_network(game, state, seat) == (
                    nets[0]["pioneers"] if nets else 0
                )
                with_roads += bool(nets)
            checked += 1
    assert checked > 100 and with_roads > 100
