"""Moving the stagecoach (P-MOVE-1..7) and the route defaults (ASSUMPTION-3..7, -14).

Every position is staged on a small fixture board in the move phase of seat 0
unless a test says otherwise. ``finite_bank=True`` makes the bank's share of a
payment visible.
"""

from __future__ import annotations

import itertools

import pytest

from toolkit.core import IllegalAction
from toolkit.core.testing import assert_illegal as illegal
from toolkit.pioneers import BuyRoads, MoveCoach, Pass, PlaceRoad, SergeantRoad, Settle
from toolkit.pioneers.builder import fixture_game, stage, wagon


def moves(game, state):
    return {str(a) for a in game.legal_actions(state)}


def money(state):
    return [pl.money for pl in state.players]


STAR = ["S-A", "S-B", "S-C", "S-D", "S-H"]


# ----- P-MOVE-1 -----------------------------------------------------------------------------


def test_P_MOVE_1_targets_match_occupied_seats_on_face_up_wagons():
    game = fixture_game(STAR, start="S")
    tiles = {
        "A": "BANKER",
        "B": "FARMER",
        "C": "SERGEANT",
        "D": "MERCHANT",
        "H": "HOTEL",
    }
    wagons = [
        wagon("X", "BANKER FARMER", empty=[1]),  # the FARMER seat is empty
        wagon("Y", "SERGEANT", face_up=False),
    ]  # a face-down wagon holds nobody
    state = stage(game, tiles=tiles, players={0: dict(money=5, wagons=wagons)})
    assert moves(game, state) == {"move S-A $1", "move S-H $1"}
    assert game.targets_matched(state.players[0]) == {"BANKER", "HOTEL"}
    for target in ("B", "C", "D"):
        err = illegal(game, state, MoveCoach(("S", target), 1), "P-MOVE-1")
        assert tiles[target] in err.message


def test_P_MOVE_1_hotel_matches_any_pioneer_but_not_an_empty_player():
    """ASSUMPTION-3: no wagon has a HOTEL seat; any pioneer matches a hotel."""
    game = fixture_game(STAR, start="S")
    state = stage(
        game,
        tiles={"H": "HOTEL"},
        players={0: dict(money=5, wagons=[wagon("X", "INNKEEPER")])},
    )
    assert moves(game, state) == {"move S-H $1"}
    nobody = stage(
        game,
        tiles={"H": "HOTEL"},
        players={0: dict(money=5, wagons=[wagon("X", "INNKEEPER", face_up=False)])},
    )
    assert game.legal_actions(nobody) == [Pass()]
    illegal(game, nobody, MoveCoach(("S", "H"), 1), "P-MOVE-1")


def test_P_MOVE_1_route_must_start_at_the_coach_and_follow_connections():
    game = fixture_game(["S-A", "A-B", "B-T", "S-Q"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    illegal(game, state, MoveCoach(("A", "B", "T"), 2), "P-MOVE-1")
    illegal(game, state, MoveCoach(("S", "B", "T"), 2), "P-MOVE-1")
    illegal(game, state, MoveCoach(("S", "Z", "T"), 2), "P-MOVE-1")


# ----- P-MOVE-2 -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("owners", "cost", "after", "bank"),
    [
        ((), 1, [1, 2, 2, 2], 64),  # no road: $1 to the bank
        ((2,), 1, [1, 2, 3, 2], 63),  # another player's road: $1 to that player
        ((0,), 0, [2, 2, 2, 2], 63),  # own road: free
        ((1, 2), 2, [0, 3, 3, 2], 63),  # two roads of others: $1 to each
        ((0, 3), 0, [2, 2, 2, 2], 63),  # two roads, one of them mine: free
        ((3, 0), 0, [2, 2, 2, 2], 63),
    ],
)
def test_P_MOVE_2_step_costs(owners, cost, after, bank):
    game = fixture_game(["S-T"], start="S", finite_bank=True)
    roads = {"S-T": owners} if owners else {}
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads=roads,
        players={s: dict(money=2, wagons=[wagon(f"W{s}", "FARMER")]) for s in range(4)},
    )
    assert game.legal_actions(state) == [MoveCoach(("S", "T"), cost)]
    state = game.apply(state, MoveCoach(("S", "T"), cost))
    assert money(state) == after and state.bank == bank


def test_P_MOVE_2_declared_cost_must_be_the_real_cost():
    game = fixture_game(["S-A", "A-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"A-T": 1},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    err = illegal(game, state, MoveCoach(("S", "A", "T"), 1), "P-MOVE-2")
    assert "$2" in err.message
    illegal(game, state, MoveCoach(("S", "A", "T"), 3), "P-MOVE-2")


def test_P_MOVE_2_a_long_route_pays_every_owner_step_by_step():
    game = fixture_game(["S-A", "A-B", "B-C", "C-T"], start="S", finite_bank=True)
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"S-A": 1, "A-B": (1, 2), "B-C": 0, "C-T": (0, 3)},
        players={0: dict(money=3, wagons=[wagon("X", "FARMER")])},
    )
    move = MoveCoach(("S", "A", "B", "C", "T"), 3)
    assert game.payments(state, move.path) == {1: 2, 2: 1}
    state = game.apply(state, move)
    assert money(state) == [0, 2, 1, 0] and state.bank == 63


# ----- P-MOVE-3 -----------------------------------------------------------------------------


def test_P_MOVE_3_a_tiled_city_stops_the_coach():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        tiles={"A": "FARMER", "B": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    assert moves(game, state) == {"move S-A $1"}
    err = illegal(game, state, MoveCoach(("S", "A", "B"), 2), "P-MOVE-3")
    assert "A" in err.message


def test_P_MOVE_3_taken_cities_and_the_start_city_can_be_passed():
    """ASSUMPTION-7: the start city holds no tile and is passed freely."""
    game = fixture_game(["A-S", "S-B", "B-C", "C-T"], start="S")
    # The coach stands on A; the route passes the start city S and the emptied city B.
    state = stage(
        game,
        coach="A",
        tiles={"T": "FARMER"},
        settled={"B": {2: 1}},
        players={0: dict(money=4, wagons=[wagon("X", "FARMER")])},
    )
    assert game.legal_actions(state) == [MoveCoach(("A", "S", "B", "C", "T"), 4)]
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.coach == "T" and state.players[0].money == 0


def test_P_MOVE_3_covered_cities_can_be_neither_entered_nor_passed():
    """P-SETUP-2 with 2 players: a covered city is out of the game."""
    game = fixture_game(["S-K", "K-T", "S-U"], start="S", players=2)
    state = stage(
        game,
        tiles={"T": "FARMER", "U": "BANKER"},
        covered=["K", "U"],
        players={0: dict(money=5, wagons=[wagon("X", "FARMER BANKER")])},
    )
    assert game.legal_actions(state) == [Pass()]
    illegal(game, state, MoveCoach(("S", "K", "T"), 2), "P-MOVE-3")
    illegal(game, state, MoveCoach(("S", "U"), 1), "P-MOVE-3")


def test_ASSUMPTION_14_no_road_touches_a_covered_city():
    game = fixture_game(["S-K", "K-T", "S-T"], start="S", players=2)
    state = stage(
        game,
        phase="buy",
        tiles={"T": "SERGEANT"},
        covered=["K"],
        players={0: dict(money=5, wagons=[wagon("X", "SERGEANT FARMER")])},
    )
    state = game.apply(state, BuyRoads(1))
    assert game.legal_actions(state) == [PlaceRoad("S", "T")]
    illegal(game, state, PlaceRoad("K", "T"), "ASSUMPTION-14")
    # the sergeant's free road obeys the same limit
    state = stage(
        game,
        tiles={"T": "SERGEANT"},
        covered=["K"],
        players={0: dict(money=5, wagons=[wagon("X", "SERGEANT FARMER")])},
    )
    state = game.apply(
        game.apply(state, MoveCoach(("S", "T"), 1)), Settle("X", "SERGEANT")
    )
    assert state.phase == "sergeant"
    illegal(game, state, SergeantRoad("K", "S"), "ASSUMPTION-14")
    assert SergeantRoad("K", "S") not in game.legal_actions(state)


# ----- P-MOVE-4 / P-MOVE-5 ----------------------------------------------------------------


def test_P_MOVE_4_must_move_when_a_target_is_affordable():
    game = fixture_game(["S-A", "A-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        players={0: dict(money=2, wagons=[wagon("X", "FARMER")])},
    )
    assert game.legal_actions(state) == [
        MoveCoach(("S", "A", "T"), 2)
    ]  # exactly affordable
    err = illegal(game, state, Pass(), "P-MOVE-4")
    assert "T" in err.message and "$2" in err.message


def test_P_MOVE_4_affordability_is_judged_after_purchases():
    game = fixture_game(["S-A", "A-T", "X-Y"], start="S")
    state = stage(
        game,
        phase="buy",
        tiles={"T": "FARMER"},
        players={0: dict(money=3, wagons=[wagon("X", "FARMER")])},
    )
    state = game.apply(game.apply(state, BuyRoads(1)), PlaceRoad("X", "Y"))
    assert state.players[0].money == 1
    assert game.legal_actions(state) == [Pass()]


def test_P_MOVE_5_pass_when_nothing_can_be_reached():
    game = fixture_game(["S-A", "A-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        players={0: dict(money=1, wagons=[wagon("X", "FARMER")])},
    )
    assert game.legal_actions(state) == [Pass()]
    after = game.apply(state, Pass())
    assert after.coach == "S" and after.players[0].money == 1
    assert after.tiles == state.tiles and after.settled == state.settled
    assert after.active == 1 and after.phase == "buy"  # no settling, no offer to join


def test_P_MOVE_5_pass_with_no_tiles_left_at_all():
    game = fixture_game(["S-A"], start="S")
    state = stage(game, players={0: dict(money=9, wagons=[wagon("X", "FARMER")])})
    assert game.legal_actions(state) == [Pass()]
    assert game.apply(state, Pass()).active == 1


# ----- P-MOVE-6 / P-MOVE-7 ----------------------------------------------------------------


def test_P_MOVE_6_a_move_always_ends_on_a_target():
    game = fixture_game(["S-A", "A-T", "S-N"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER", "N": "BANKER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    illegal(game, state, MoveCoach(("S", "A"), 1), "P-MOVE-6")  # untiled city
    illegal(game, state, MoveCoach(("S",), 0), "P-MOVE-6")  # length 0
    illegal(
        game, state, MoveCoach(("S", "N"), 1), "P-MOVE-1"
    )  # a tile that does not match
    state = game.apply(state, MoveCoach(("S", "A", "T"), 2))
    assert state.coach == "T" and state.phase == "settle"


def test_P_MOVE_7_the_whole_route_is_paid_in_advance_no_partial_moves():
    game = fixture_game(["S-A", "A-B", "B-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"B-T": 1},
        players={0: dict(money=2, wagons=[wagon("X", "FARMER")])},
    )
    err = illegal(game, state, MoveCoach(("S", "A", "B", "T"), 3), "P-MOVE-7")
    assert "$3" in err.message and "$2" in err.message
    assert game.legal_actions(state) == [Pass()]


# ----- route choice -------------------------------------------------------------------------

DIAMOND = ["S-A", "A-T", "S-B", "B-T", "S-C", "C-D", "D-T"]


def test_ASSUMPTION_4_any_legal_affordable_route_may_be_chosen():
    game = fixture_game(DIAMOND, start="S", finite_bank=True)
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"S-A": 0, "A-T": 0, "B-T": 2},
        players={0: dict(money=3, wagons=[wagon("X", "FARMER")])},
    )
    assert game.legal_actions(state) == [
        MoveCoach(("S", "A", "T"), 0)
    ]  # cheapest listed
    state = game.apply(
        state, MoveCoach(("S", "B", "T"), 2)
    )  # the player prefers paying
    assert money(state) == [1, 0, 1, 0] and state.bank == 64
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"S-A": 0, "A-T": 0},
        players={0: dict(money=2, wagons=[wagon("X", "FARMER")])},
    )
    illegal(game, state, MoveCoach(("S", "C", "D", "T"), 3), "P-MOVE-7")


def test_ASSUMPTION_4_cheapest_route_ties_fewest_steps_then_city_ids():
    game = fixture_game(DIAMOND, start="S")
    me = {0: dict(money=5, wagons=[wagon("X", "FARMER")])}

    def listed(roads):
        return game.legal_actions(
            stage(game, tiles={"T": "FARMER"}, roads=roads, players=me)
        )

    # $2 via A or via B, 2 steps each: city ids decide
    assert listed({}) == [MoveCoach(("S", "A", "T"), 2)]
    # cheaper beats shorter: $1 over 3 steps
    assert listed({"S-C": 0, "C-D": 0}) == [MoveCoach(("S", "C", "D", "T"), 1)]
    # equally cheap: fewer steps wins
    assert listed({"S-C": 0, "C-D": 0, "S-A": 0}) == [MoveCoach(("S", "A", "T"), 1)]
    assert listed({"S-B": 0}) == [MoveCoach(("S", "B", "T"), 1)]


def test_ASSUMPTION_5_a_route_never_visits_a_city_twice():
    game = fixture_game(["S-A", "A-B", "B-S", "S-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        players={0: dict(money=9, wagons=[wagon("X", "FARMER")])},
    )
    illegal(game, state, MoveCoach(("S", "A", "B", "S", "T"), 4), "ASSUMPTION-5")


def test_ASSUMPTION_5_forced_move_is_decided_by_the_cheapest_route():
    game = fixture_game(["S-A", "A-T", "S-B", "B-C", "C-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"A-T": (1, 2), "S-B": 0, "B-C": 0},
        players={0: dict(money=1, wagons=[wagon("X", "FARMER")])},
    )
    # S-A-T costs $3; S-B-C-T costs $1: affordable, so the move is forced
    assert game.legal_actions(state) == [MoveCoach(("S", "B", "C", "T"), 1)]
    illegal(game, state, Pass(), "P-MOVE-4")


def test_ASSUMPTION_6_the_player_chooses_among_reachable_targets():
    game = fixture_game(["S-N", "S-A", "A-F"], start="S")
    state = stage(
        game,
        tiles={"N": "BANKER", "F": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER BANKER")])},
    )
    assert game.legal_actions(state) == [
        MoveCoach(("S", "A", "F"), 2),
        MoveCoach(("S", "N"), 1),
    ]
    far = game.apply(state, MoveCoach(("S", "A", "F"), 2))
    assert far.coach == "F" and far.players[0].money == 3


def test_ASSUMPTION_7_start_city_is_untiled_and_never_a_target():
    game = fixture_game(["S-A"], start="S")
    state = stage(
        game, coach="A", players={0: dict(money=5, wagons=[wagon("X", "FARMER")])}
    )
    assert state.tiles[game.board.start] is None
    illegal(game, state, MoveCoach(("A", "S"), 1), "P-MOVE-6")


# ----- a brute-force referee ------------------------------------------------------------------


def _simple_paths(adj, src):
    out = []

    def extend(path):
        for v in adj[path[-1]]:
            if v not in path:
                out.append(path + [v])
                extend(path + [v])

    extend([src])
    return out


def _random_position(rng):
    from toolkit.pioneers import TILE_TYPES

    n = rng.randint(3, 7)
    cities = [chr(ord("A") + i) for i in range(n)]
    edges = {tuple(sorted((cities[i], cities[rng.randrange(i)]))) for i in range(1, n)}
    for _ in range(rng.randint(0, n)):
        edges.add(tuple(sorted(rng.sample(cities, 2))))
    conns = [f"{a}-{b}" for a, b in sorted(edges)]
    tiles = {c: rng.choice(TILE_TYPES) for c in cities[1:] if rng.random() < 0.6}
    roads = {}
    for conn in conns:
        r = rng.random()
        if r < 0.3:
            roads[conn] = (rng.randrange(4),)
        elif r < 0.4:
            roads[conn] = tuple(rng.sample(range(4), 2))
    coach = rng.choice([c for c in cities if c not in tiles])
    covered = [c for c in cities if c != coach and rng.random() < 0.15]
    tiles = {c: t for c, t in tiles.items() if c not in covered}
    profs = rng.sample(TILE_TYPES[:6], rng.randint(1, 3))
    return cities, conns, tiles, roads, coach, covered, profs, rng.randint(0, 4)


def test_P_MOVE_4_legal_moves_agree_with_a_brute_force_referee():
    """Over random small positions, every simple path is judged by the rules directly
    (P-MOVE-1..3, -6, -7, ASSUMPTION-5) and compared with ``apply``; the first listed
    move to each affordable target is its cheapest route (ASSUMPTION-4 tie-break), the
    others pay for the trip differently; with no such target, Pass."""
    import random

    rng = random.Random("pioneers-routes")
    for _ in range(250):
        cities, conns, tiles, roads, coach, covered, profs, cash = _random_position(rng)
        game = fixture_game(conns, start=cities[0])
        state = stage(
            game,
            coach=coach,
            tiles=tiles,
            roads=roads,
            covered=covered,
            players={0: dict(money=cash, wagons=[wagon("X", " ".join(profs))])},
        )
        adj = {c: [] for c in cities}
        for conn in conns:
            a, b = conn.split("-")
            adj[a].append(b)
            adj[b].append(a)
        matched = set(profs) | {"HOTEL"}
        best = {}
        for path in _simple_paths(adj, coach):
            cost = 0
            for a, b in itertools.pairwise(path):
                owners = roads.get(f"{min(a, b)}-{max(a, b)}", ())
                cost += 1 if not owners else (0 if 0 in owners else len(owners))
            legal = (
                not any(c in covered for c in path)
                and not any(c in tiles for c in path[1:-1])
                and tiles.get(path[-1]) in matched
                and cost <= cash
            )
            try:
                game.apply(state, MoveCoach(tuple(path), cost))
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == legal, (conns, tiles, roads, coach, covered, path)
            if legal:
                key = (cost, len(path), tuple(path))
                best[path[-1]] = min(best.get(path[-1], key), key)
        expected = [MoveCoach(best[t][2], best[t][0]) for t in sorted(best)] or [Pass()]
        listed = game.legal_actions(state)
        firsts, seen = [], set()
        for m in listed:  # the first move to each target is its cheapest route
            if getattr(m, "target", None) not in seen:
                seen.add(getattr(m, "target", None))
                firsts.append(m)
        assert firsts == expected
        # the others are further ways to pay for a trip to the same target
        # (ASSUMPTION-4; their exact list is checked in test_routes.py)
        pays = [
            (m.target, tuple(sorted(game.payments(state, m.path).items(), key=str)))
            for m in listed
            if m != Pass()
        ]
        assert len(set(pays)) == len(pays)
        for m in listed:
            assert m == Pass() or game.apply(state, m).coach == m.target
