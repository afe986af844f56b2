"""Montana (Rüdiger Dorn, White Goblin Games): hire on a wheel, work, build a race.

Players spin a hiring wheel for workers, send them to the bank, the mine, the
quarry, the grain fields, the farm or the city for coins and goods, and build
settlements on a hex landscape; the first to place all their settlements
triggers the end of the game, and fewest settlements left wins (then most
cattle, then most coins).  Cattle can be traded at any time, at the decision
points the spec lists (M-TURN-3).  The rules follow the project spec (rule IDs
``M-*``); every illegal action raises :class:`~toolkit.core.IllegalAction`
with its rule ID.

>>> from toolkit import montana
>>> from toolkit.core import play, random_agent
>>> game = montana.Montana(players=2, max_turns=60)
>>> final, record = play(game, [random_agent] * 2, seed=1)
>>> game.to_move(final) is None
True

Glossary (engine term / Polish rulebook):

=====================  ==========================
worker                 robotnik
hiring wheel           koło zatrudnienia
settlement             osada
cattle                 bydło
canteen                manierka
contractor (pawn)      pionek gracza
general store          sklep
general supply         zasoby ogólne
=====================  ==========================
"""

from .actions import (
    ACTION_TYPES,
    TRADES,
    Action,
    ActionFieldError,
    Bank,
    Build,
    Canteen,
    Cap,
    City,
    Collect,
    Dismiss,
    Done,
    First,
    Hire,
    Move,
    Pass,
    Place,
    Recruit,
    Small,
    Spin,
    Start,
    Tile,
    Trade,
    Work,
    parse_action,
)
from .board import board_graph, geometry_graph, line_bonus, run_lengths, tile_cells
from .queries import city_chain, position, wheel_counts
from .rules import DEFAULTS, WORKER_LIMIT, Montana
from .state import Player, State, spot
from .tables import AREAS, COLOURS, GOODS, ROWS, Tables, load_tables

__all__ = [
    "ACTION_TYPES",
    "AREAS",
    "COLOURS",
    "DEFAULTS",
    "GOODS",
    "ROWS",
    "TRADES",
    "WORKER_LIMIT",
    "Action",
    "ActionFieldError",
    "Bank",
    "Build",
    "Canteen",
    "Cap",
    "City",
    "Collect",
    "Dismiss",
    "Done",
    "First",
    "Hire",
    "Montana",
    "Move",
    "Pass",
    "Place",
    "Player",
    "Recruit",
    "Small",
    "Spin",
    "Start",
    "State",
    "Tables",
    "Tile",
    "Trade",
    "Work",
    "board_graph",
    "city_chain",
    "geometry_graph",
    "line_bonus",
    "load_tables",
    "parse_action",
    "position",
    "run_lengths",
    "spot",
    "tile_cells",
    "wheel_counts",
]
