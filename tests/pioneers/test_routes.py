"""The networkx routing layer agrees with the engine and with brute force.

* Thousands of seeded random positions (random-agent playouts at 2, 3 and 4
  players, every "move" decision): the engine's legal moves and
  ``nx.single_source_dijkstra`` over the passable graph with the toll weight
  give the same targets, costs and must-move verdict; ``cheapest_routes`` even
  gives the same routes (ASSUMPTION-4 tie-break).
* Small boards (600 seeded random boards, plus a hypothesis property) are
  checked against ``nx.all_simple_paths`` on the whole board, filtered by the
  rules written out again here.
* Every route ``all_routes`` lists is accepted by ``game.apply``.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core import CHANCE, IllegalAction, sample_outcome, streams
from toolkit.pioneers import PROFESSIONS, TILE_TYPES, MoveCoach, Pass, Pioneers
from toolkit.pioneers import routes as R
from toolkit.pioneers.builder import fixture_game, stage, wagon

# ----- helpers ------------------------------------------------------------------------


def toll(owners, seat):
    """P-MOVE-2 written out again: bank $1, $1 per other owner, own road free."""
    if not owners:
        return 1
    if seat in owners:
        return 0
    return len(owners)


def move_states(game, seed):
    """Every move-phase state of one random-agent game (``core.play``'s streams)."""
    chance, agents = streams(seed, game.players)
    state = game.setup()
    out = []
    while not game.is_over(state):
        seat = game.to_move(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance)
        else:
            legal = game.legal_actions(state)
            if state.phase == "move":
                out.append(state)
            action = legal[agents[seat].randrange(len(legal))]
        state = game.apply(state, action)
    return out


GAMES = {
    2: 110,
    3: 50,
    4: 40,
}  # seeds per player count: about 1,400-1,500 move decisions each


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda p: f"{p}p")
def positions(request):
    players = request.param
    game = Pioneers(players=players)
    states = [s for seed in range(GAMES[players]) for s in move_states(game, seed)]
    return game, states


def brute_force(game, state, seat):
    """Map target -> every legal simple route as sorted (cost, steps, path)."""
    b = game.board
    g = b.graph()
    matched = game.targets_matched(state.players[seat])
    out = {}
    for t in sorted(g):
        i = b.index[t]
        if t == state.coach or state.covered[i] or state.tiles[i] not in matched:
            continue
        found = []
        for path in nx.all_simple_paths(g, state.coach, t):
            inner = [b.index[c] for c in path[1:-1]]
            if any(state.covered[c] or state.tiles[c] is not None for c in inner):
                continue  # P-MOVE-3
            cost = sum(
                toll(state.roads[b.edge_of(x, y)], seat)
                for x, y in itertools.pairwise(path)
            )
            found.append((cost, len(path) - 1, tuple(path)))
        if found:
            out[t] = sorted(found)
    return out


def first_per_target(moves):
    """The first listed move to each target: its cheapest route (ASSUMPTION-4)."""
    seen, out = set(), []
    for a in moves:
        if isinstance(a, MoveCoach) and a.target in seen:
            continue
        seen.add(getattr(a, "target", None))
        out.append(a)
    return out


def outcome(pay):
    """A payment outcome as a sorted tuple: (("0", 1), ("bank", 2))."""
    return tuple(sorted((str(k), v) for k, v in pay.items()))


def pays_no_more(a, b):
    """Whether outcome ``a`` pays every payee at most what ``b`` pays."""
    da, db = dict(a), dict(b)
    return all(da[k] <= db.get(k, 0) for k in da)


def choices_from_routes(game, state, seat, routes, money, every):
    """ASSUMPTION-4 written out again from a list of (cost, steps, path) routes of
    one target: group the affordable routes by payment outcome, take each
    outcome's fewest-steps-then-lowest-ids route, drop the outcomes another one
    dominates (unless ``every``); cheapest first, then steps and ids."""
    best = {}
    for cost, steps, path in routes:
        if cost > money:
            continue
        k = outcome(game.payments(state, path, seat))
        if k not in best or (steps, path) < best[k][1:]:
            best[k] = (cost, steps, path)
    keys = list(best)
    if not every:
        keys = [k for k in keys if not any(j != k and pays_no_more(j, k) for j in keys)]
    return sorted(best[k] for k in keys)


def brute_choices(game, state, seat, every=False, brute=None):
    """Every move the engine should offer, from brute force: (target, cost, path)."""
    money = state.players[seat].money
    brute = brute_force(game, state, seat) if brute is None else brute
    out = []
    for t in sorted(brute):
        for cost, _, path in choices_from_routes(
            game, state, seat, brute[t], money, every
        ):
            out.append((t, cost, path))
    return out


def engine_choices(game, state, seat, every=False):
    ids = game.board.ids
    return [
        (ids[t], c, tuple(ids[i] for i in p))
        for t, c, p in game.route_choices(state, seat, every=every)
    ]


def expect_rule(rule, fn, *args, **kw):
    with pytest.raises(IllegalAction) as info:
        fn(*args, **kw)
    assert info.value.rule == rule, str(info.value)
    msg = info.value.message
    assert msg.endswith("."), msg
    assert len(msg.split()) >= 5, msg
    return info.value


# ----- exactness on random positions --------------------------------------------------


def test_engine_and_networkx_agree_on_seeded_random_positions(positions):
    game, states = positions
    assert len(states) >= 1000
    must_move = 0
    for state in states:
        seat = state.active
        money = state.players[seat].money
        engine = game.legal_actions(state)
        engine_targets: dict = {}
        for a in engine:  # the cheapest move to each target comes first
            if isinstance(a, MoveCoach):
                engine_targets.setdefault(a.target, a.cost)
        # the networkx formulation: Dijkstra with the toll weight on the passable graph
        g = R.passable_graph(game, state, seat)
        dist, _ = nx.single_source_dijkstra(g, state.coach, weight=R.step_weight(seat))
        nx_targets = {
            v: c for v, c in dist.items() if g.nodes[v]["target"] and c <= money
        }
        assert nx_targets == engine_targets
        verdict = R.verdict(game, state, seat)
        assert verdict.must_move == (engine != [Pass()])
        assert verdict.rule == ("P-MOVE-4" if verdict.must_move else "P-MOVE-5")
        must_move += verdict.must_move
        # same routes too, tie-break included (ASSUMPTION-4)
        mine = [MoveCoach(r.path, r.cost) for r in R.cheapest_routes(game, state, seat)]
        assert (mine or [Pass()]) == first_per_target(engine)
    assert 0.2 < must_move / len(states) < 1  # both verdicts occur


def test_ASSUMPTION_4_route_choices_match_brute_force_on_the_real_boards(positions):
    """The label-setting search gives the moves that every affordable simple route
    (``iter_routes``, best-first on networkx) gives when grouped by payment
    outcome: same outcomes, same routes, same order; with and without ``every``."""
    game, states = positions
    checked = several = 0
    for state in states[::5]:
        seat = state.active
        money = state.players[seat].money
        by_target, total = {}, 0
        for r in R.cheapest_routes(game, state, seat):
            routes = itertools.islice(
                R.iter_routes(game, state, r.target, seat, budget=money), 5001
            )
            by_target[r.target] = [(x.cost, x.steps, x.path) for x in routes]
            total += len(by_target[r.target])
        if total > 5000:
            continue  # too many routes for brute force (few positions)
        for every in (False, True):
            want = brute_choices(game, state, seat, every, by_target)
            assert engine_choices(game, state, seat, every) == want
        moves = game.legal_actions(state)
        assert [(a.target, a.cost, a.path) for a in moves if a != Pass()] == (
            brute_choices(game, state, seat, False, by_target)
        )
        checked += 1
        several += len(moves) > len(first_per_target(moves))
    assert checked >= 0.9 * len(states[::5]) and several >= 20, (checked, several)


def test_every_seat_agrees_with_the_engine_helper(positions):
    game, states = positions
    for state in states[::3]:
        for seat in range(game.players):
            for budget in (None, 99):
                engine = game.cheapest_routes(state, seat, budget=budget)
                engine = [
                    (game.board.ids[t], c, tuple(game.board.ids[i] for i in p))
                    for t, c, p in engine
                ]
                mine = R.cheapest_routes(game, state, seat, budget=budget)
                assert [(r.target, r.cost, r.path) for r in mine] == engine


def test_all_routes_are_accepted_by_the_engine(positions):
    game, states = positions
    checked = 0
    for state in states[::15]:
        seat = state.active
        for move in first_per_target(game.legal_actions(state)):
            if not isinstance(move, MoveCoach):
                continue
            df = R.all_routes(game, state, move.target, limit=6)
            assert df.loc[0, "path"] == move.path
            assert df.loc[0, "cost"] == move.cost
            keys = list(zip(df["cost"], df["steps"], df["path"], strict=True))
            assert keys == sorted(keys)
            assert df.attrs["more"] == df.attrs["total"] - len(df) >= 0
            for path, cost, pay in zip(
                df["path"], df["cost"], df["payments"], strict=True
            ):
                after = game.apply(state, MoveCoach(path, cost))
                assert after.coach == move.target
                assert after.phase == "settle"
                gained = {
                    s: after.players[s].money - state.players[s].money
                    for s in range(game.players)
                }
                assert gained[seat] == -cost
                assert {s: v for s, v in gained.items() if v and s != seat} == {
                    k: v for k, v in pay.items() if k != "bank"
                }
                checked += 1
    assert checked > 50


def test_dijkstra_steps_end_where_networkx_ends(positions):
    game, states = positions
    for state in states[::40]:
        seat = state.active
        steps = list(R.dijkstra_steps(game, state, seat))
        g = R.passable_graph(game, state, seat)
        dist = nx.single_source_dijkstra_path_length(
            g, state.coach, weight=R.step_weight(seat)
        )
        last = steps[-1]
        assert last.dist == dist
        assert last.frontier == {}
        assert [s.cost for s in steps] == sorted(s.cost for s in steps)
        for r in R.cheapest_routes(game, state, seat, affordable_only=False):
            assert last.path(r.target) == r.path


# ----- brute force on small boards ----------------------------------------------------

CITIES = "SABCDEF"


def small_position(rng):
    """A connected board of 3-7 cities (a random tree plus extra connections), tiles,
    covered cities, roads of one or two owners, and a seat with a wagon and money."""
    n = rng.randint(3, len(CITIES))
    names = CITIES[:n]
    pairs = {tuple(sorted((names[i], names[rng.randrange(i)]))) for i in range(1, n)}
    rest = sorted(set(itertools.combinations(names, 2)) - pairs)
    pairs |= set(rng.sample(rest, rng.randint(0, min(6, len(rest)))))
    players = rng.choice([2, 3, 4])
    game = fixture_game(
        sorted(f"{a}-{b}" for a, b in pairs), start="S", players=players
    )
    seat = rng.randrange(players)
    seats = [rng.choice(PROFESSIONS) for _ in range(rng.randint(1, 5))]
    empty = set(rng.sample(range(len(seats)), rng.randint(0, len(seats) - 1)))
    face_up = rng.random() < 0.9
    money = rng.randint(0, 6)
    cities = [c for c in game.board.ids if c != "S"]
    covered = sorted(rng.sample(cities, rng.choice([0, 0, 0, 1, 2])))
    tiles = {}
    for c in cities:  # a fair share of the tiles match the wagon
        t = rng.choice((None,) * 6 + ("HOTEL", *seats, *TILE_TYPES))
        if t is not None and c not in covered:
            tiles[c] = t
    coach = rng.choice(
        [c for c in game.board.ids if c not in tiles and c not in covered]
    )
    owners = (
        [()] * 3
        + [(s,) for s in range(players)]
        + list(itertools.permutations(range(players), 2))
    )
    roads = {}
    for e in range(len(game.board.edges)):
        r = rng.choice(owners)
        if r:
            roads["-".join(game.board.edge_ids(e))] = r
    state = stage(
        game,
        coach=coach,
        tiles=tiles,
        roads=roads,
        covered=covered,
        active=seat,
        players={
            seat: {"money": money, "wagons": [wagon("X", seats, empty, 5, face_up)]}
        },
    )
    return game, state, seat


def check_against_brute_force(game, state, seat):
    money = state.players[seat].money
    brute = brute_force(game, state, seat)
    cheapest = {t: rs[0] for t, rs in brute.items()}
    affordable = {t: r for t, r in cheapest.items() if r[0] <= money}
    expected = [R.Route(t, *r) for t, r in sorted(affordable.items())]
    assert R.cheapest_routes(game, state, seat) == expected
    cheapest_moves = [MoveCoach(r.path, r.cost) for r in expected] or [Pass()]
    assert first_per_target(game.legal_actions(state)) == cheapest_moves
    # ASSUMPTION-4: one move per target and undominated payment outcome, and with
    # route_choice="every" one per distinct outcome; "cheapest" is the old list
    for every in (False, True):
        want = brute_choices(game, state, seat, every, brute)
        assert engine_choices(game, state, seat, every) == want
    want = brute_choices(game, state, seat, False, brute)
    engine = [MoveCoach(p, c) for _, c, p in want] or [Pass()]
    assert game.legal_actions(state) == engine
    if seat == state.active:
        for choice in ("every", "cheapest"):
            other = with_route_choice(game, choice)
            want = (
                [MoveCoach(p, c) for _, c, p in brute_choices(game, state, seat, True)]
                if choice == "every"
                else cheapest_moves
            )
            assert other.legal_actions(state) == (want or [Pass()])
    assert R.verdict(game, state, seat).must_move == bool(affordable)
    unaffordable = R.cheapest_routes(game, state, seat, affordable_only=False)
    assert unaffordable == [R.Route(t, *r) for t, r in sorted(cheapest.items())]
    df = R.targets(game, state, seat, affordable_only=False)
    assert dict(zip(df["target"], df["cost"], strict=True)) == {
        t: r[0] for t, r in cheapest.items()
    }
    assert list(df["affordable"]) == [c <= money for c in df["cost"]]
    for t in sorted(brute):
        every = R.all_routes(game, state, t, seat, limit=None, affordable_only=False)
        assert (
            list(zip(every["cost"], every["steps"], every["path"], strict=True))
            == brute[t]
        )
        legal = [r for r in brute[t] if r[0] <= money]
        capped = R.all_routes(game, state, t, seat, limit=2)
        assert list(capped["path"]) == [r[2] for r in legal[:2]]
        assert capped.attrs["total"] == len(legal)
        assert capped.attrs["exact"]
        assert capped.attrs["more"] == max(len(legal) - 2, 0)
        for cost, _, path in legal:
            after = game.apply(state, MoveCoach(path, cost))
            assert after.players[seat].money == money - cost
    last = list(R.dijkstra_steps(game, state, seat))[-1]
    g = R.passable_graph(game, state, seat)
    assert last.dist == nx.single_source_dijkstra_path_length(
        g, state.coach, weight=R.step_weight(seat)
    )
    return brute


def with_route_choice(game, route_choice):
    """The same game (board, wagons) with another route_choice option."""
    return Pioneers(
        players=game.players,
        board=game.board,
        wagons=list(game.wagon_specs.values()),
        route_choice=route_choice,
    )


def test_small_boards_match_brute_force_enumeration():
    seen = {"targets": 0, "must move": 0, "several routes": 0}
    for seed in range(600):
        game, state, seat = small_position(random.Random(seed))
        try:
            brute = check_against_brute_force(game, state, seat)
        except AssertionError as exc:
            raise AssertionError(
                f"small_position(random.Random({seed})): {exc}"
            ) from exc
        seen["targets"] += bool(brute)
        seen["must move"] += R.verdict(game, state, seat).must_move
        seen["several routes"] += any(len(v) > 1 for v in brute.values())
    assert min(seen.values()) > 100, seen  # the boards exercise every case


def test_small_boards_route_choices_with_pruning_from_the_first_label(monkeypatch):
    """The search's extra pruning (distances to targets, outcomes found) starts
    after _PRUNE_AFTER labels, which few small boards reach: from the first label
    on, the choices still equal brute force (in plain Python; a compiled engine
    may keep its constant, and then this repeats the test above)."""
    import toolkit.pioneers.coach as C

    monkeypatch.setattr(C, "_PRUNE_AFTER", 0)
    for seed in range(600):
        game, state, seat = small_position(random.Random(seed))
        brute = brute_force(game, state, seat)
        for every in (False, True):
            assert engine_choices(game, state, seat, every) == brute_choices(
                game, state, seat, every, brute
            ), seed


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_small_boards_property(rng):
    check_against_brute_force(*small_position(rng))


# ----- the rule's cases on fixtures ---------------------------------------------------


def test_EX_5_payments_of_a_three_step_route():
    game = fixture_game(["A-B", "B-C", "C-D"], start="A")
    state = stage(
        game,
        coach="A",
        tiles={"D": "GOLD_DIGGER"},
        roads={"B-C": 1, "C-D": 0},
        players={0: {"money": 4, "wagons": [wagon("X", "GOLD_DIGGER")]}},
    )
    df = R.targets(game, state)
    assert list(df["target"]) == ["D"]
    assert df.loc[0, "cost"] == 2
    assert df.loc[0, "path"] == ("A", "B", "C", "D")
    assert df.loc[0, "payments"] == {"bank": 1, 1: 1}
    assert (df.loc[0, "to_bank"], df.loc[0, "to_players"]) == (1, 1)


def test_P_MOVE_2_step_weight_on_every_kind_of_connection():
    assert [R.step_cost(r, 0) for r in [(), (2,), (0,), (1, 2), (3, 0)]] == [
        1,
        1,
        0,
        2,
        0,
    ]
    w = R.step_weight(1)
    assert w("A", "B", {"roads": (0, 2)}) == 2
    assert w("A", "B", {"roads": (1,)}) == 0


def test_P_MOVE_3_EX_18_tiled_city_blocks_and_verdict_explains():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        tiles={"A": "BANKER", "B": "FARMER"},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER")]}},
    )
    v = R.verdict(game, state)
    assert not v.must_move
    assert v.must_pass
    assert v.rule == "P-MOVE-5"
    assert "P-MOVE-3" in v.reason
    assert "B" in v.reason
    assert str(v).startswith("P-MOVE-5: you must pass")
    assert R.targets(game, state).empty
    blocked = R.all_routes(game, state, "B")
    assert blocked.empty
    assert blocked.attrs["reason"].startswith("P-MOVE-3: B cannot be reached")
    g = R.passable_graph(game, state, 0)
    assert set(g) == {"S", "B"}
    assert g.number_of_edges() == 0
    err = expect_rule("P-MOVE-3", R.check_route, game, state, "S-A-B")
    assert "A" in err.message
    with_banker = stage(
        game,
        tiles={"A": "BANKER", "B": "FARMER"},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER BANKER")]}},
    )
    v = R.verdict(game, with_banker)
    assert v.must_move
    assert v.cheapest == R.Route("A", 1, 1, ("S", "A"))
    assert "A can be reached for $1" in v.reason


def test_P_MOVE_4_EX_19_cannot_afford_then_can_with_a_road():
    game = fixture_game(["S-X", "X-T"], start="S")
    broke = stage(
        game,
        tiles={"T": "FARMER"},
        players={0: {"money": 1, "wagons": [wagon("W", "FARMER")]}},
    )
    v = R.verdict(game, broke)
    assert not v.must_move
    assert "$2" in v.reason
    assert "$1" in v.reason
    assert "P-MOVE-7" in v.reason
    assert v.cheapest == R.Route("T", 2, 2, ("S", "X", "T"))
    assert R.targets(game, broke).empty
    dear = R.targets(game, broke, affordable_only=False)
    assert list(dear["target"]) == ["T"]
    assert not dear.loc[0, "affordable"]
    too_dear = R.all_routes(game, broke, "T")
    assert too_dear.empty
    assert too_dear.attrs["reason"].startswith("P-MOVE-7")
    assert "$2" in too_dear.attrs["reason"]
    assert len(R.all_routes(game, broke, "T", affordable_only=False)) == 1
    assert len(R.all_routes(game, broke, "T", budget=2)) == 1
    expect_rule("P-MOVE-7", R.check_route, game, broke, ("S", "X", "T"))
    road = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"T-X": 0},
        players={0: {"money": 1, "wagons": [wagon("W", "FARMER")]}},
    )
    assert R.verdict(game, road).must_move
    assert R.check_route(game, road, "S-X-T")["cost"] == 1


def test_P_MOVE_5_reasons_for_passing():
    game = fixture_game(["S-A", "S-B"], start="S")
    nobody = stage(
        game,
        tiles={"A": "HOTEL"},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER", face_up=False)]}},
    )
    v = R.verdict(game, nobody)
    assert not v.must_move
    assert "no pioneer" in v.reason
    no_tile = stage(
        game,
        tiles={"A": "BANKER"},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER")]}},
    )
    assert "no city shows a tile" in R.verdict(game, no_tile).reason


def test_P_MOVE_1_hotel_and_covered_cities():
    game = fixture_game(["S-A", "S-B", "B-C"], start="S", players=2)
    state = stage(
        game,
        tiles={"A": "HOTEL", "C": "FARMER"},
        covered=["B"],
        players={1: {"money": 5, "wagons": [wagon("X", "INNKEEPER")]}},
        active=1,
    )
    assert [r.target for r in R.cheapest_routes(game, state)] == ["A"]
    g = R.passable_graph(game, state)  # every tile may stop the coach; B is covered
    assert set(g) == {"S", "A", "C"}
    assert set(g.edges) == {("S", "A")}
    expect_rule("P-MOVE-3", R.all_routes, game, state, "B")


def test_two_owner_roads_and_route_order():
    game = fixture_game(["S-A", "A-T", "S-B", "B-T", "S-T", "S-C", "C-T"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        roads={"S-T": (1, 2), "A-S": 0, "B-S": 3},
        players={0: {"money": 9, "wagons": [wagon("X", "FARMER")]}},
    )
    df = R.all_routes(game, state, "T")
    assert list(df["path"]) == [
        ("S", "A", "T"),
        ("S", "T"),
        ("S", "B", "T"),
        ("S", "C", "T"),
    ]
    assert list(df["cost"]) == [1, 2, 2, 2]  # cost, then steps, then city ids
    assert df.loc[1, "payments"] == {1: 1, 2: 1}
    assert df.loc[2, "payments"] == {3: 1, "bank": 1}
    assert list(df["rank"]) == [1, 2, 3, 4]
    assert df.attrs["total"] == 4
    assert df.attrs["more"] == 0


def test_all_routes_cap_and_count_limit():
    # a 3 x 4 grid of untiled cities: many routes from the corner S to T
    rows = ["SABC", "DEFG", "HIJT"]
    conns = [f"{r[i]}-{r[i + 1]}" for r in rows for i in range(3)]
    conns += [f"{rows[j][i]}-{rows[j + 1][i]}" for j in range(2) for i in range(4)]
    game = fixture_game(conns, start="S")
    state = stage(
        game,
        tiles={"T": "FARMER"},
        players={0: {"money": 99, "wagons": [wagon("X", "FARMER")]}},
    )
    every = R.all_routes(game, state, "T", limit=None)
    g = nx.Graph(c.split("-") for c in conns)
    assert (
        len(every)
        == every.attrs["total"]
        == sum(1 for _ in nx.all_simple_paths(g, "S", "T"))
    )
    top = R.all_routes(game, state, "T", limit=3)
    assert list(top["path"]) == list(every["path"][:3])
    assert top.attrs["more"] == len(every) - 3
    assert top.attrs["exact"]
    assert R.all_routes(game, state, "T", limit=0).attrs["more"] == len(every)
    short = R.all_routes(game, state, "T", limit=3, count_limit=10)
    assert short.attrs["total"] == 10
    assert not short.attrs["exact"]
    assert short.attrs["more"] == 7  # a lower bound
    lazy = list(itertools.islice(R.iter_routes(game, state, "T"), 5))
    assert [r.path for r in lazy] == list(every["path"][:5])
    assert [r.cost for r in lazy] == [5] * 5  # a cheapest route takes 5 steps


def test_dijkstra_steps_on_a_fixture():
    game = fixture_game(["S-A", "A-B", "S-C", "C-B", "C-D", "B-D"], start="S")
    state = stage(
        game,
        tiles={"A": "BANKER", "B": "FARMER"},
        roads={"S-C": 1, "C-D": (2, 3)},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER")]}},
    )
    steps = list(R.dijkstra_steps(game, state))
    assert [(s.settled, s.cost, s.stops) for s in steps] == [
        ("S", 0, False),
        ("C", 1, False),
        ("B", 2, True),
        ("D", 3, False),
    ]
    assert steps[0].relaxed == (("S", "C", 1),)
    assert steps[0].frontier == {"C": 1}
    assert steps[1].frontier == {"B": 2, "D": 3}
    assert steps[-1].path("B") == ("S", "C", "B")
    assert steps[-1].pred == {"C": "S", "B": "C", "D": "C"}


# ----- bad input ----------------------------------------------------------------------


def test_bad_input_names_the_rule():
    game = fixture_game(["S-A", "A-B", "S-C"], start="S")
    state = stage(
        game,
        tiles={"A": "BANKER", "C": "FARMER"},
        players={0: {"money": 5, "wagons": [wagon("X", "FARMER")]}},
    )
    for bad in (7, -1, "0", True):
        with pytest.raises(ValueError, match="not a player"):
            R.targets(game, state, bad)
        with pytest.raises(ValueError, match="not a player"):
            R.verdict(game, state, bad)
    expect_rule("P-MOVE-1", R.all_routes, game, state, "Z")
    expect_rule(
        "P-MOVE-1", R.all_routes, game, state, "A"
    )  # BANKER tile, FARMER pioneer
    expect_rule("P-MOVE-6", R.all_routes, game, state, "B")  # no tile
    expect_rule("P-MOVE-6", R.all_routes, game, state, "S")  # the coach's own city
    expect_rule("P-MOVE-1", R.check_route, game, state, "S-Z")
    expect_rule("P-MOVE-1", R.check_route, game, state, "S-B")  # no connection
    expect_rule("P-MOVE-6", R.check_route, game, state, "S")
    expect_rule("ASSUMPTION-5", R.check_route, game, state, "S-C-S-C")
    with pytest.raises(ValueError, match="limit"):
        R.all_routes(game, state, "C", limit=-1)
    ok = R.check_route(game, state, ["S", "C"])
    assert ok["cost"] == 1
    assert ok["action"] == MoveCoach(("S", "C"), 1)


def test_results_are_deterministic():
    game = Pioneers(players=4)
    states = move_states(game, 3)
    state = random.Random(1).choice(
        [s for s in states if game.legal_actions(s) != [Pass()]]
    )
    a, b = R.targets(game, state), R.targets(game, state)
    assert a.equals(b)
    assert len(a) >= 1
    t = a.loc[0, "target"]
    assert R.all_routes(game, state, t).equals(R.all_routes(game, state, t))
