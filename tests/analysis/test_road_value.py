"""Road value from seeded random-agent games: deterministic, consistent with moves."""

from __future__ import annotations

import pytest

from toolkit.core import play, random_agent
from toolkit.pioneers import Pioneers, parse_action
from toolkit.pioneers.actions import MoveCoach
from toolkit.pioneers.road_value import road_value, route_log, simulate_moves


@pytest.fixture(scope="module")
def three():
    game = Pioneers(players=3)
    return game, road_value(game, games=25, seed=7), route_log(game, games=25, seed=7)


def test_one_row_per_connection_and_deterministic(three):
    game, value, _ = three
    assert len(value) == len(game.board.edges)
    assert value["connection"].is_unique
    assert set(value["connection"]) == {
        "-".join(game.board.edge_ids(e)) for e in range(len(game.board.edges))
    }
    again = road_value(game, games=25, seed=7)
    assert value.equals(again)
    assert value.attrs == again.attrs
    assert not value.equals(road_value(game, games=25, seed=8))
    keys = list(
        zip(-value["toll"], -value["crossings"], value["connection"], strict=True)
    )
    assert keys == sorted(keys)
    assert value.attrs["games"] == 25
    assert value.attrs["players"] == 3


def test_totals_match_the_route_log(three):
    _, value, log = three
    assert value.attrs["moves"] == len(log) > 100
    assert value["crossings"].sum() == log["steps"].sum()
    assert value["toll"].sum() == log["to_players"].sum()
    assert value["bank"].sum() == log["to_bank"].sum()
    assert (log["cost"] == log["to_bank"] + log["to_players"]).all()
    assert value["share"].sum() == pytest.approx(log["steps"].sum() / len(log))
    assert (value["crossings"] >= value["bank"] + value["free"]).all()
    per = log.explode("edges")["edges"].value_counts()
    got = value.set_index("connection")["crossings"]
    assert {k: v for k, v in got.items() if v} == per.to_dict()
    assert (value["games_crossed"] <= 25).all()
    assert (value["built"].between(0, 1)).all()


def test_logged_moves_are_the_games_moves():
    game = Pioneers(players=2)
    log = route_log(game, games=4, seed=100)
    for i in range(4):
        _, record = play(game, [random_agent] * 2, seed=100 + i)
        moves = [parse_action(a) for a in record.actions if a.startswith("move ")]
        assert [isinstance(m, MoveCoach) for m in moves] == [True] * len(moves)
        mine = log[log["game"] == i]
        assert list(mine["path"]) == [m.path for m in moves]
        assert list(mine["cost"]) == [m.cost for m in moves]
        assert set(mine["seed"]) <= {100 + i}


def test_toll_per_connection_from_owners():
    game = Pioneers(players=4)
    value = road_value(game, games=10, seed=0).set_index("connection")
    toll = {}
    bank = {}
    for _, _, moves in simulate_moves(game, games=10, seed=0):
        for m in moves:
            for e, owners in zip(m["edges"], m["owners"], strict=True):
                name = "-".join(game.board.edge_ids(e))
                if not owners:
                    bank[name] = bank.get(name, 0) + 1
                elif m["seat"] not in owners:
                    toll[name] = toll.get(name, 0) + len(owners)
    assert {k: v for k, v in value["toll"].items() if v} == toll
    assert {k: v for k, v in value["bank"].items() if v} == bank


def test_bad_arguments():
    with pytest.raises(ValueError, match="games"):
        road_value(games=-1)
    with pytest.raises(ValueError, match="seed"):
        road_value(games=1, seed="x")
    empty = road_value(Pioneers(players=2), games=0)
    assert (empty["crossings"] == 0).all()
    assert empty.attrs["moves"] == 0
