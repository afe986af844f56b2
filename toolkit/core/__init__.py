"""The game core shared by every game: protocol, play loop, records, conformance."""

from .game import (
    CHANCE,
    Agent,
    Game,
    GameOver,
    IllegalAction,
    Progress,
    is_over,
    option_values,
    take_rule_parameters,
)
from .parts import PARTS, game_package, part
from .play import play, random_agent, sample_outcome, streams
from .record import Record, RecordError, make_game, replay, replay_states
from .testing import ConformanceError, check_game

__all__ = [
    "CHANCE",
    "PARTS",
    "Agent",
    "ConformanceError",
    "Game",
    "GameOver",
    "IllegalAction",
    "Progress",
    "Record",
    "RecordError",
    "check_game",
    "game_package",
    "is_over",
    "make_game",
    "option_values",
    "part",
    "play",
    "random_agent",
    "replay",
    "replay_states",
    "sample_outcome",
    "streams",
    "take_rule_parameters",
]
