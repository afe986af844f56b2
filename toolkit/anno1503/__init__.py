"""Anno 1503 (Kosmos 2003, Klaus Teuber): dice, a grid sea and private island cards.

Each turn the active player rolls for production (every player takes the good
their home island shows for the number; a 6 triggers Pirates, Fire or a Golden
Age), then places Pioneers, upgrades residents, builds ships, buys and sells
(phase 2), then sails and explores islands (phase 3), and ends with a hand
limit of 5 goods.  Island cards are branch offices, trade contracts and
treasures.  The first player to meet 3 of the 5 victory conditions in their own
turn wins: 30 gold, 4 branch offices, 3 trade contracts, 4 public buildings,
3 Merchants.  The rules follow the project spec (rule IDs ``A-*``); every
illegal action raises :class:`~toolkit.core.IllegalAction` with its rule ID.

>>> from toolkit import anno1503
>>> game = anno1503.Anno1503(players=3)
>>> s = game.apply(
...     game.apply(game.setup(), game.parse_action("first 0")), anno1503.Roll(4)
... )
>>> s.players[0].hand  # island A turns a 4 into CLOTH (EX-1)
(1, 1, 0, 1, 0, 0)

Glossary (engine term / Hungarian rulebook / German original):

=====================  ==========================  ===========================
good, goods card       cikk (kártya)               Ware (Warenkarte)
home island            kiinduló sziget             Heimatinsel
Pioneer / Settler      Árkász / Telepes            Pionier / Siedler
Citizen / Merchant     Polgár / Kereskedő          Bürger / Kaufmann
island card            Sziget kártya               Inselkarte
branch office          Kirendeltség                Kontor
trade contract         Kereskedelmi Szerződés      Handelsvertrag
treasure               Kincs                       Schatz
public building        Középület                   öffentliches Gebäude
action point (AP)      tevékenységpont             Aktionspunkt
Pirates / Fire         Kalózok / Tűzvész           Piraten / Feuer
Golden Age             Aranykor                    Goldenes Zeitalter
=====================  ==========================  ===========================
"""

from .actions import (
    Action,
    BuildShip,
    Buy,
    Discard,
    Draw,
    EndTurn,
    EventRoll,
    Explore,
    First,
    PlacePioneer,
    Raid,
    Remove,
    ReturnCard,
    Reveal,
    Roll,
    Sail,
    Sell,
    Steal,
    Take,
    TakeNothing,
    Upgrade,
    UseCard,
    parse_action,
)
from .builder import position
from .constants import ASSUMPTIONS, HAND_LIMIT, VICTORY
from .moves import sale_value
from .queries import production_odds, summary
from .reach import Reach, reachable, sea_graph
from .rules import AP_PER_SHIP, DEFAULTS, Anno1503
from .state import IslandCard, Player, State
from .tables import BUILDINGS, GOODS, RESIDENTS, Tables, load_tables

__all__ = [
    "AP_PER_SHIP",
    "ASSUMPTIONS",
    "BUILDINGS",
    "DEFAULTS",
    "GOODS",
    "HAND_LIMIT",
    "RESIDENTS",
    "VICTORY",
    "Action",
    "Anno1503",
    "BuildShip",
    "Buy",
    "Discard",
    "Draw",
    "EndTurn",
    "EventRoll",
    "Explore",
    "First",
    "IslandCard",
    "PlacePioneer",
    "Player",
    "Raid",
    "Reach",
    "Remove",
    "ReturnCard",
    "Reveal",
    "Roll",
    "Sail",
    "Sell",
    "State",
    "Steal",
    "Tables",
    "Take",
    "TakeNothing",
    "Upgrade",
    "UseCard",
    "load_tables",
    "parse_action",
    "position",
    "production_odds",
    "reachable",
    "sale_value",
    "sea_graph",
    "summary",
]
