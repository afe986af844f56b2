"""The names notebooks, bots and outside checks rely on (issue 2's contract)."""

from __future__ import annotations

import networkx as nx
import pytest

from toolkit import pioneers
from toolkit.core import CHANCE, IllegalAction, play, random_agent, replay_states
from toolkit.pioneers.builder import fixture_game, stage, wagon

TILES = {
    "BANKER",
    "MERCHANT",
    "SERGEANT",
    "INNKEEPER",
    "GOLD_DIGGER",
    "FARMER",
    "HOTEL",
}


def first_move_state(players=4, seed=0):
    game = pioneers.Pioneers(players=players)
    _, record = play(game, [random_agent] * players, seed=seed)
    for state in replay_states(record, game):
        if state.phase == "move" and len(game.legal_actions(state)) > 1:
            return game, state
    raise AssertionError("no move decision with a choice")


@pytest.mark.parametrize(
    ("players", "cities", "covered"), [(2, 39, 8), (3, 39, 0), (4, 45, 0)]
)
def test_board_graph_attributes(players, cities, covered):
    game = pioneers.Pioneers(players=players)
    _, record = play(game, [random_agent] * players, seed=1)
    states = list(replay_states(record, game))
    mid = states[len(states) // 2]
    g = pioneers.board_graph(game, mid)
    assert isinstance(g, nx.Graph) and g.number_of_nodes() == cities
    assert sum(d["covered"] for _, d in g.nodes(data=True)) == covered
    starts = [n for n, d in g.nodes(data=True) if d["start"]]
    assert starts == ["BUF"]
    for n, d in g.nodes(data=True):
        assert set(d) >= {"name", "lat", "lon", "start", "covered", "tile", "pioneers"}
        assert d["tile"] is None or d["tile"] in TILES
        assert all(isinstance(s, int) and c > 0 for s, c in d["pioneers"].items())
        i = game.board.index[n]
        assert d["pioneers"] == {s: c for s, c in enumerate(mid.settled[i]) if c}
    for _a, _b, d in g.edges(data=True):
        assert isinstance(d["roads"], tuple) and len(d["roads"]) <= 2
    built = sum(len(d["roads"]) for _, _, d in g.edges(data=True))
    assert built == sum(15 - p.roads_left for p in mid.players)


def test_state_and_player_fields():
    game, state = first_move_state()
    assert state.phase == "move"
    assert state.coach in game.board.index
    for pl in state.players:
        for field in ("money", "vp", "roads_left", "supply", "nuggets", "wagons"):
            assert hasattr(pl, field)
        for w in pl.wagons:
            assert len(w.seats) == len(w.occupied) and isinstance(w.vp, int)
            assert isinstance(w.face_up, bool)


def test_P_MOVE_4_one_move_per_target_along_its_cheapest_route():
    game, state = first_move_state()
    moves = game.legal_actions(state)
    targets = [m.target for m in moves]
    assert len(targets) == len(set(targets))
    for m in moves:
        assert m.path[0] == state.coach and m.cost == game.check_route(state, m.path)


def test_ASSUMPTION_5_apply_accepts_another_legal_simple_route_and_rejects_bad_ones():
    # Diamond S-A-T and S-B-T: two routes to T; the B route crosses another player's road.
    game = fixture_game(["S-A", "A-T", "S-B", "B-T", "T-U"], start="S")
    state = stage(
        game,
        tiles={"T": "FARMER", "U": "BANKER"},
        roads={"S-B": 1},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    move, other = game.legal_actions(state)
    assert move.path == ("S", "A", "T") and move.cost == 2  # tie -> lexicographic ids
    # the B route pays seat 1 instead of the bank: another way to pay (ASSUMPTION-4)
    assert other == pioneers.MoveCoach(("S", "B", "T"), 2)
    after = game.apply(state, other)
    assert (
        after.coach == "T"
        and after.players[1].money == 1
        and after.players[0].money == 3
    )
    for bad, rule in [
        (pioneers.MoveCoach(("S", "B", "T"), 1), "P-MOVE-2"),
        (pioneers.MoveCoach(("S", "T"), 1), "P-MOVE-1"),
        (pioneers.MoveCoach(("S", "A", "S", "B", "T"), 4), "ASSUMPTION-5"),
        (pioneers.MoveCoach(("S", "A", "T", "U"), 3), "P-MOVE-3"),
        (pioneers.MoveCoach(("A", "T"), 1), "P-MOVE-1"),
    ]:
        with pytest.raises(IllegalAction) as err:
            game.apply(state, bad)
        assert err.value.rule == rule, (bad, err.value)
    assert game.legal_actions(state) == [move, other]  # bad input changed nothing


def test_score_breakdown_keys_and_totals():
    game = pioneers.Pioneers(players=3)
    final, record = play(game, [random_agent] * 3, seed=2)
    rows = pioneers.score_breakdown(game, final)
    assert len(rows) == 3
    for row in rows:
        assert {"wagons", "empty_seats", "gold", "network", "total", "money"} <= set(
            row
        )
        assert (
            row["total"]
            == row["wagons"] + row["empty_seats"] + row["gold"] + row["network"]
        )
    assert tuple(r["total"] for r in rows) == game.scores(final) == record.scores


def test_options_are_validated_with_clear_messages():
    for kwargs, words in [
        (dict(players=5), "2, 3 or 4 players"),
        (dict(players=2, cover="everything"), "cover"),
        (dict(players=3, start_player=3), "start_player"),
        (dict(players=4, max_rounds=0), "max_rounds"),
    ]:
        with pytest.raises(ValueError, match=words):
            pioneers.Pioneers(**kwargs)


def test_setup_is_chance_first_then_the_start_players_purchase():
    game = pioneers.Pioneers(players=4)
    state = game.setup()
    assert game.to_move(state) == CHANCE and state.phase == "tile"
    _, record = play(game, [random_agent] * 4, seed=0)
    first_decision = next(
        s for s in replay_states(record, game) if game.to_move(s) != CHANCE
    )
    assert first_decision.phase == "buy"
    assert first_decision.seat == first_decision.start_player
    assert (
        first_decision.players[first_decision.seat].money == 2 + 3
    )  # P-PC-7 + P-INC-1
