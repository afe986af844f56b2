"""Pioneer Days (Dunstan & Marling, Tasty Minstrel Games): dice drafting and disasters.

Over 4 weeks of 5 days, each player takes one die a day from a shared pool of
N+1 dice and uses its face for income, an action or a townsfolk; the die left
over moves the disaster track of its colour (black moves all four), and a
track that runs out strikes everyone: Storm, Raid, Famine or Disease.  Each
week ends in a town whose cards trade goods for favors.  The rules follow the
project spec (rule IDs ``PD-*``); the card set is the spec's designed data
(``datasets/pioneer_days``).  Every illegal action raises
:class:`~toolkit.core.IllegalAction` with its rule ID and changes nothing.

>>> from toolkit import pioneer_days
>>> from toolkit.core import play, random_agent
>>> game = pioneer_days.PioneerDays(players=3)
>>> final, record = play(game, [random_agent] * 3, seed=1)
>>> [p.turns for p in final.players]  # PD-INV-2: 20 turns each
[20, 20, 20]

Glossary (engine term / Spanish seed):

=====================  ===========================
die, pool              dado, reserva de dados
townsfolk              gente del pueblo / habitante
town card              carta de pueblo / ciudad
equipment tile         ficha de equipo
wagon                  vagón / carro
silver, favor          plata, favor
Storm, Raid            Tormenta, Redada
Famine, Disease        Hambruna, Enfermedad
=====================  ===========================
"""

from .actions import (
    Act,
    Action,
    ActionFieldError,
    Buy,
    Change,
    Choose,
    Deal,
    DealBoard,
    Discard,
    Disease,
    Done,
    EndTurn,
    First,
    Fulfil,
    Gain,
    Gold,
    Income,
    Keep,
    Pick,
    Recruit,
    Reveal,
    Roll,
    Stock,
    Storm,
    Take,
    parse_action,
)
from .constants import (
    ASSUMPTIONS,
    COLOURS,
    DISASTER_TRACK_LENGTH,
    DISASTERS,
    FACES,
    PIONEER,
)
from .rules import DEFAULTS, PioneerDays, tables
from .state import Player, State
from .tables import Tables, load_tables

__all__ = [
    "ASSUMPTIONS",
    "COLOURS",
    "DEFAULTS",
    "DISASTERS",
    "DISASTER_TRACK_LENGTH",
    "FACES",
    "PIONEER",
    "Act",
    "Action",
    "ActionFieldError",
    "Buy",
    "Change",
    "Choose",
    "Deal",
    "DealBoard",
    "Discard",
    "Disease",
    "Done",
    "EndTurn",
    "First",
    "Fulfil",
    "Gain",
    "Gold",
    "Income",
    "Keep",
    "Pick",
    "PioneerDays",
    "Player",
    "Recruit",
    "Reveal",
    "Roll",
    "State",
    "Stock",
    "Storm",
    "Tables",
    "Take",
    "load_tables",
    "parse_action",
    "tables",
]
