"""The engine's fast paths give exactly what the plain rules give.

``apply`` builds successors from a draft list indexed by field constants, and a
move object listed by ``legal_actions`` is checked on the city and connection
indices of its route instead of its city names (any rule it breaks is then
named by the full check). These tests pin both down.
"""

from __future__ import annotations

import random

import pytest

from toolkit.core import CHANCE, IllegalAction, play, random_agent
from toolkit.pioneers import Pioneers, fields, rules
from toolkit.pioneers.state import PlayerState, State, Wagon


def test_field_constants_name_the_fields_they_index():
    names = {
        State: [
            "PHASE",
            "SEAT",
            "ACTIVE",
            "ROUND",
            "START_PLAYER",
            "COACH",
            "TILES",
            "COVERED",
            "ROAD_OWNERS",
            "SETTLED",
            "PLAYERS",
            "MARKET",
            "DECK",
            "UNSEEN",
            "TILE_POOL",
            "ACTIONS_LEFT",
            "USED",
            "FORCED",
            "ROADS_TO_PLACE",
            "CITY",
            "TILE",
            "JOIN_NEED",
            "EXTRAS_LEFT",
            "OFFER",
            "END_TRIGGERED",
            "ROUND_ACTIVE",
            "BANK",
            "SHORTFALL",
        ],
        PlayerState: [
            "P_MONEY",
            "P_VP",
            "P_ROADS_LEFT",
            "P_SUPPLY",
            "P_NUGGETS",
            "P_WAGONS",
            "P_BANKERS",
            "P_MERCHANTS",
        ],
        Wagon: ["W_ID", "W_SEATS", "W_OCCUPIED", "W_VP", "W_FACE_UP"],
    }
    for cls, consts in names.items():
        assert len(consts) == len(cls._fields), cls
        for const in consts:
            field = cls._fields[getattr(fields, const)]
            expected = const.split("_", 1)[1] if const[:2] in ("P_", "W_") else const
            expected = {"ROAD_OWNERS": "ROADS"}.get(expected, expected)
            assert field == expected.lower(), (const, field)
    # The rule constants were not shadowed by a field index.
    assert rules.ROADS == 15 and rules.NUGGETS == (3, 4, 5) and rules.PIONEERS == 20


def _move_states(players: int, games: int):
    game = Pioneers(players=players)
    for seed in range(games):
        _, record = play(game, [random_agent] * players, seed=seed)
        state = game.setup()
        for text in record.actions:
            if state.phase == "move" and game.to_move(state) != CHANCE:
                yield game, state
            state = game.apply(state, game.parse_action(text))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_MOVE_2_listed_moves_apply_exactly_like_named_routes(players):
    """A listed move (index check) and the same move read from text (full check) agree."""
    checked = 0
    for game, state in _move_states(players, 6):
        for move in game.legal_actions(state):
            if str(move) == "pass":
                continue
            fast = game.apply(state, move)  # listed for this very state
            named = game.apply(type(state)(*state), game.parse_action(str(move)))
            assert fast == named
            checked += 1
    assert checked > 100


def test_P_MOVE_7_a_listed_move_is_checked_again_on_another_state():
    """A listed move is checked again on any other state (the index check)."""
    rng = random.Random(3)
    hits = 0
    states = list(_move_states(4, 8))
    for game, state in states:
        moves = [m for m in game.legal_actions(state) if str(m) != "pass"]
        if not moves:
            continue
        other_game, other = rng.choice(states)
        assert other_game is game
        move = rng.choice(moves)
        legal_there = {str(m) for m in game.legal_actions(other)}
        game.legal_actions(state)  # listed last for `state`, not for `other`
        if str(move) in legal_there:
            continue
        with pytest.raises(IllegalAction) as fast:
            game.apply(other, move)
        with pytest.raises(IllegalAction) as named:  # the same rule and message
            game.apply(other, game.parse_action(str(move)))
        assert (fast.value.rule, str(fast.value)) == (
            named.value.rule,
            str(named.value),
        )
        hits += 1
    assert hits > 20


@pytest.mark.parametrize("players", [2, 4])
def test_P_MOVE_5_a_pass_is_checked_by_a_search_on_costs_alone(players):
    """The pass check (_can_move) says a move exists exactly when a route does."""
    seen = {True: 0, False: 0}
    for game, state in _move_states(players, 10):
        for seat in range(players):
            view = state._replace(active=seat)
            can = game._can_move(view)
            assert can == bool(game.cheapest_routes(view)), (seat, state)
            seen[can] += 1
    assert seen[True] > 50 and seen[False] > 50
