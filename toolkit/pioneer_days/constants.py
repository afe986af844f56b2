"""Fixed names and numbers of Pioneer Days (rule IDs ``PD-*`` of the project spec).

The card, board and table data are in ``datasets/pioneer_days`` (see
:mod:`.tables`); what is here is the vocabulary the rules are written in.
"""

from __future__ import annotations

#: The six faces of every die, in the slot order of the board (PD-COMP-2,
#: PD-SETUP-4 / ASSUMPTION-1: slots are filled in this order).
FACES = ("WILD", "MINE", "EQUIP", "CATTLE", "WOOD", "MEDICINE")
#: The five faces an action can be (WILD performs one of them, PD-ACT-1).
ACTION_FACES = FACES[1:]
#: The five dice colours (PD-COMP-1).
COLOURS = ("blue", "red", "yellow", "green", "black")
#: Dice per colour in the box (PD-COMP-1).
DICE_PER_COLOUR = 5
#: The disasters in board order, top to bottom (PD-DIS-1, ASSUMPTION-4).
DISASTERS = ("STORM", "RAID", "FAMINE", "DISEASE")
#: A disaster strikes when its marker has made this many advances (PD-DIS-2,
#: ASSUMPTION-10); the option ``track_length`` changes it.
DISASTER_TRACK_LENGTH = 4
WEEKS = 4  # PD-WEEK-3
DAYS = 5  # PD-WEEK-2
SLOTS = 6  # PD-COMP-3: one townsfolk slot per face
#: Town cards face up per week (PD-SETUP-5, PD-WEEK-1, PD-TOWN-4).
TOWN_CARDS_PER_WEEK = (2, 2, 2, 3)
#: The standard board side, the same on every board (PD-DATA-4).
PIONEER = "PIONEER"
#: Wagon sizes (PD-WAGON-2, ASSUMPTION-3).
SMALL, LARGE = "small", "large"
#: Damage tokens cover this many spaces (PD-DIS-3).
DAMAGE_SPACES = 2
#: Items that need a wagon space, and how many fit in one space (PD-STORE-1).
PER_SPACE = {"wood": 2, "medicine": 2, "gold": 1, "equipment": 1}

#: Every ASSUMPTION-n of the spec and what the engine does (the default).
ASSUMPTIONS = {
    1: "townsfolk slots are filled WILD, MINE, EQUIP, CATTLE, WOOD, MEDICINE",
    2: "different item types never share a wagon space",
    3: "a small wagon has 2 spaces, a large one 4",
    4: "simultaneous disasters resolve Storm, Raid, Famine, Disease",
    5: "triggered effects resolve in card order (the order never matters)",
    6: "a die change costs at least $1",
    7: "drawing from an empty gold bag gives nothing",
    9: "blue Storm, red Raid, yellow Famine, green Disease",
    10: "a disaster strikes after 4 advances (option track_length)",
    11: "a fully covered wagon is not hit by a Storm",
    12: "a Raid takes half the silver rounded down (option raid_rounding)",
    14: "end-of-week effects resolve in turn order from the start player",
    15: "town cards are fulfilled in turn order from the start player",
    17: "income: WILD 1, MINE 2, EQUIP 3, CATTLE 4, WOOD 5, MEDICINE 6",
    18: "gold tokens: 15 of 1 nugget, 13 of 2, 8 of 3",
    19: "a wagon never costs less than $0",
    20: "discarded gold returns to the bag; equipment and townsfolk to the box",
    21: "10 small and 10 large wagon cards, starting wagons included",
    22: "card effects are mandatory; the owner makes their choices",
    23: "disaster decisions are taken in turn order from the start player",
    24: "the start-player token passes after day 5 as well",
    25: "player boards are chosen in turn, hidden until everyone has chosen",
}

__all__ = [
    "ACTION_FACES",
    "ASSUMPTIONS",
    "COLOURS",
    "DAMAGE_SPACES",
    "DAYS",
    "DICE_PER_COLOUR",
    "DISASTERS",
    "DISASTER_TRACK_LENGTH",
    "FACES",
    "LARGE",
    "PER_SPACE",
    "PIONEER",
    "SLOTS",
    "SMALL",
    "TOWN_CARDS_PER_WEEK",
    "WEEKS",
]
