"""The game core shared by every game: protocol, play loop, records, conformance."""

from .game import CHANCE, Agent, Game, GameOver, IllegalAction
from .play import play, random_agent, sample_outcome, streams
from .record import Record, RecordError, make_game, replay, replay_states
from .testing import ConformanceError, check_game

__all__ = [
    "CHANCE",
    "Agent",
    "ConformanceError",
    "Game",
    "GameOver",
    "IllegalAction",
    "Record",
    "RecordError",
    "check_game",
    "make_game",
    "play",
    "random_agent",
    "replay",
    "replay_states",
    "sample_outcome",
    "streams",
]
