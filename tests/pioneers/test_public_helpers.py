"""The public route helpers of the engine refuse bad arguments clearly (issue 15).

``moves``, ``cheapest_routes``, ``payments``, ``check_route`` and ``step_cost``
(toolkit/pioneers/coach.py) are called by lessons with seats and routes typed by
hand. What is checked: a seat that does not exist (7, 4, -1, -2 — a negative one
used to index from the end and answer for another seat —, "1", True, 1.5), a city
id not on the board, two cities in a row with no connection between them, a path
that is a string or no sequence at all, a bad budget and a bad connection index
each raise a plain ValueError (not an IllegalAction: no rule is broken, the
argument is wrong) whose message names the argument and the value; ``None`` is
the documented default seat, the active player, and gives the same answers as
that seat; the answers of good calls are unchanged. Runs compiled and with
FRONTIER_PURE=1 alike (mypyc checks no argument typed ``object``).
"""

from __future__ import annotations

import re

import pytest

from toolkit import compiled
from toolkit.core import IllegalAction, play, random_agent, replay_states
from toolkit.pioneers import Pioneers
from toolkit.pioneers import coach as coach_module

BAD_SEATS = [7, 4, -1, -2, "1", True, 1.5]


@pytest.fixture(scope="module")
def game():
    return Pioneers(players=4)


@pytest.fixture(scope="module")
def moving(game):
    """Move decisions of a seeded random 4-player game, each with a legal move."""
    _, record = play(game, [random_agent] * 4, seed=3)
    states = [
        s for s in replay_states(record, game) if s.phase == "move" and game.moves(s)
    ]
    assert len(states) >= 5
    return states


def _refused(call, argument, value):
    """Assert ``call()`` raises a plain ValueError naming ``argument`` and ``value``."""
    with pytest.raises(ValueError, match=rf"^{argument}\b") as info:
        call()
    assert not isinstance(info.value, IllegalAction)
    assert repr(value) in str(info.value)
    return str(info.value)


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_seat_that_does_not_exist_is_refused_by_every_helper(game, moving, seat):
    state = moving[0]
    path = game.moves(state)[0].path
    calls = {
        "moves": lambda: game.moves(state, seat),
        "cheapest_routes": lambda: game.cheapest_routes(state, seat),
        "payments": lambda: game.payments(state, path, seat),
        "check_route": lambda: game.check_route(state, path, seat),
        "step_cost": lambda: game.step_cost(state, 0, seat),
    }
    for name, call in calls.items():
        message = _refused(call, "seat", seat)
        assert "0 to 3" in message, (name, message)


def test_none_is_the_active_player(game, moving):
    for state in moving:
        me = state.active
        assert game.moves(state) == game.moves(state, None) == game.moves(state, me)
        assert game.cheapest_routes(state) == game.cheapest_routes(state, me)
        for move in game.moves(state):
            assert game.payments(state, move.path) == game.payments(
                state, move.path, me
            )
            assert game.check_route(state, move.path) == move.cost


def test_payments_of_every_listed_move_add_up_to_its_cost(game, moving):
    for state in moving:
        for seat in range(4):
            for move in game.moves(state, seat):
                paid = game.payments(state, move.path, seat)
                assert sum(paid.values()) == move.cost
                assert set(paid) <= {"bank", 0, 1, 2, 3} - {seat}


def test_payments_refuses_a_city_not_on_the_board(game, moving):
    state = moving[0]
    coach = state.coach
    message = _refused(lambda: game.payments(state, (coach, "XYZ")), "path", "XYZ")
    assert message == "path: there is no city 'XYZ' on this board."
    _refused(lambda: game.payments(state, (coach, None)), "path", None)
    _refused(lambda: game.payments(state, (coach, 3)), "path", 3)


def test_payments_refuses_cities_with_no_connection_between_them(game, moving):
    state = moving[0]
    board = game.board
    a = board.index[state.coach]
    far = next(
        b for b in range(len(board.ids)) if b != a and (a, b) not in board.edge_index
    )
    path = (state.coach, board.ids[far])
    with pytest.raises(ValueError, match=r"^path: ") as info:
        game.payments(state, path)
    assert not isinstance(info.value, IllegalAction)
    assert str(info.value) == (
        f"path: there is no connection between {path[0]} and {path[1]}, "
        "so it is no route."
    )
    with pytest.raises(ValueError, match=f"between {path[0]} and {path[0]}"):
        game.payments(state, (path[0], path[0]))


def test_payments_refuses_a_path_that_is_no_sequence_of_city_ids(game, moving):
    state = moving[0]
    text = f"{state.coach}-CLE"
    assert "not the string" in _refused(
        lambda: game.payments(state, text), "path", text
    )
    _refused(lambda: game.payments(state, None), "path", None)
    _refused(lambda: game.payments(state, 42), "path", 42)


@pytest.mark.parametrize("budget", [-1, "5", True, 2.5], ids=repr)
def test_cheapest_routes_refuses_a_bad_budget(game, moving, budget):
    state = moving[0]
    _refused(lambda: game.cheapest_routes(state, None, budget), "budget", budget)


def test_cheapest_routes_with_a_budget_is_unchanged(game, moving):
    for state in moving:
        money = state.players[state.active].money
        assert game.cheapest_routes(state, None, money) == game.cheapest_routes(state)
        free = game.cheapest_routes(state, None, 0)  # over own roads only
        assert all(cost == 0 for _, cost, _ in free)
        assert free == [r for r in game.cheapest_routes(state, None, 99) if r[1] == 0]


@pytest.mark.parametrize("e", [-1, 10_000, "0", None], ids=repr)
def test_step_cost_refuses_a_connection_that_does_not_exist(game, moving, e):
    state = moving[0]
    message = _refused(lambda: game.step_cost(state, e, 0), "e", e)
    assert re.search(r"0 to \d+", message)


def test_legal_actions_does_not_check_the_seat(game, moving, monkeypatch):
    """The engine's own calls (legal_actions) pass no seat: no check on the hot path.

    Pure Python only: a compiled engine calls the check natively, past a patch.
    """
    if compiled.is_compiled("toolkit.pioneers.coach"):
        pytest.skip("compiled: the module's functions cannot be patched")

    def no_check(state, seat):
        raise AssertionError("the engine checked a seat")

    monkeypatch.setattr(coach_module, "_seat_arg", no_check)
    for state in moving:
        assert game.legal_actions(state) == game.moves(state)
