"""Fixtures for the figure tests: seeded games and staged positions."""

from __future__ import annotations

import pytest

from toolkit import pioneers
from toolkit.core import play, random_agent, replay_states
from toolkit.pioneers.builder import stage, wagon


@pytest.fixture(scope="session")
def game4():
    return pioneers.Pioneers(players=4)


@pytest.fixture(scope="session")
def game2():
    return pioneers.Pioneers(players=2)


@pytest.fixture(scope="session")
def played4(game4):
    """(final state, record, every state) of a seeded 4-player random game."""
    final, record = play(game4, [random_agent] * 4, seed=1)
    return final, record, list(replay_states(record, game4))


@pytest.fixture(scope="session")
def played2(game2):
    final, record = play(game2, [random_agent] * 2, seed=3)
    return final, record, list(replay_states(record, game2))


@pytest.fixture(scope="session")
def staged(game4):
    """A hand-made 4-player position: single and double roads, farmers stacked."""
    return stage(
        game4,
        coach="CHI",
        tiles={"DET": "FARMER", "MIL": "BANKER", "IND": "HOTEL", "STL": "GOLD_DIGGER"},
        roads={
            "CHI-DET": 0,
            "CHI-MIL": (1, 2),
            "CHI-IND": 2,
            "IND-STL": 3,
            "BUF-CLE": (0, 3),
        },
        settled={"BUF": {0: 1, 1: 1, 2: 1, 3: 1}, "CHI": {2: 3, 0: 1}},
        players={
            0: dict(money=6, wagons=[wagon("S1", "BANKER MERCHANT FARMER", empty=[1])]),
            1: dict(money=3, wagons=[wagon("S2", "FARMER GOLD_DIGGER")]),
            2: dict(money=4, wagons=[wagon("W05", "BANKER FARMER", face_up=False)]),
            3: dict(money=0),
        },
        market=("W01", "W02", None, "W04"),
        active=0,
        phase="move",
    )
