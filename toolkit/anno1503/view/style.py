"""How Anno 1503 looks: sizes, colours, codes of goods and buildings, trace names."""

from __future__ import annotations

from toolkit.viz import theme as T

GAME = "anno1503"

PLOT_W = 984  # DEFAULT_WIDTH minus the side margins: 1 board unit = 1 px
LEGEND_HEIGHT = 44

# sea grid
CELL = 74
SEA_TOP = 30
ISLAND = 58  # island marker (px)
CARD = 26  # island card marker (px)
CARD_STEP = 4  # px between the cards of a stack
SHIP = 15
SHIP_DX = 16  # px between seats' ships in a cell
SHIP_DY = 13  # px from the cell centre to ship 1 (above) and ship 2 (below)

# supply strip
SUPPLY_H = 58
SUPPLY_CHIPS = 39  # y of the chips below the strip's top
CHIP = 24  # goods chip (px)

# victory track
TRACK_HEAD = 30
TRACK_ROW = 30
TRACK_FOOT = 40  # the cost and sale lines under the track
NAME_W = 206
BAR = 92
BAR_WIDTH = 11

# home islands
HOME_W = 486
HOME_H = 206
HOME_GAP = 12
FACE_X = 98  # x of die face 1 in a home panel
FACE_STEP = 36
SPACE_X = 98  # x of resident space 1
SPACE_STEP = 40
HAND_X = 324
HAND_STEP = 28
WOOD_X = HAND_X + 50  # x of wooden bridge 1
RESIDENT = 27
SLOT = 25

SEA_COLOUR = "#cfe5f2"
SEA_LINE = "#a9cde3"
DEEP = "#1f5a7a"
SAND = "#ead9a6"
SAND_LINE = "#b89b57"
UNUSED_SAND = "#dedbd2"
CARD_BACK = "#2e4a6b"
START_COLOUR = "#7b4a1e"
START_CELL = "#e6d2b3"
STONE_BRIDGE = "#8f8f8f"
WOOD_BRIDGE = "#9c6b3c"
SLOT_COLOUR = "#efe2cf"
BUILDING_COLOUR = "#a8754a"
SAFE_BORDER = "#c0392b"
ROLLED = "#ffe27a"
MUTED = "#8a857c"

#: Good -> (fill colour, 2-letter code, readable name). ``ANY`` is the "?" face.
GOODS_STYLE = {
    "STONE": ("#c6c6c6", "ST", "stone"),
    "WOOD": ("#caa27a", "WO", "wood"),
    "TOOLS": ("#9fc2da", "TL", "tools"),
    "CLOTH": ("#e8bedb", "CL", "cloth"),
    "SPICE": ("#f2a65a", "SP", "spice"),
    "TOBACCO": ("#b4cf80", "TB", "tobacco"),
    "ANY": ("#ffffff", "?", "any good"),
}
GOODS = ("STONE", "WOOD", "TOOLS", "CLOTH", "SPICE", "TOBACCO")

#: Resident level -> (fill colour, letter).
LEVEL_STYLE = {
    "PIONEER": ("#efe9d8", "P"),
    "SETTLER": ("#cfe2b3", "S"),
    "CITIZEN": ("#b9d6ee", "C"),
    "MERCHANT": ("#f3cf78", "M"),
}

#: Public building -> (short code, name, effect) (A-PB-5).
BUILDING_STYLE = {
    "BIG_BRANCH_OFFICE": (
        "BBO",
        "Big Branch Office",
        "once per turn take a random card from another player, pay them 2 gold",
    ),
    "FIRE_BRIGADE": ("FB", "Fire Brigade", "Fire does not affect this player"),
    "SMITHY": ("SM", "Smithy", "Pirates do not affect this player"),
    "CHURCH": ("CH", "Church", "2 goods in a Golden Age"),
    "SCHOOL": ("SC", "School", "stone, wood and tools sell for 2 to Pioneers"),
    "BATH_HOUSE": ("BH", "Bath House", "tobacco sells for 6 to Merchants"),
    "RESTAURANT": ("RE", "Restaurant", "cloth sells for 4, spice for 4"),
    "SHIPYARD": ("SY", "Shipyard", "ships have double action points"),
}

#: Victory condition -> (column heading, short text for hover).
CONDITIONS = {
    "V-GOLD": ("30 gold", "gold"),
    "V-BRANCH": ("4 branch offices", "branch offices"),
    "V-CONTRACT": ("3 trade contracts", "trade contracts"),
    "V-BUILDING": ("4 public buildings", "public buildings"),
    "V-MERCHANT": ("3 Merchants", "Merchants"),
}

#: Resident level -> what it buys in a sale (A-SELL-2, base prices).
SALE_TEXT = {
    "PIONEER": "1 stone, wood or tools for 1 gold (2 with a School)",
    "SETTLER": "1 cloth for 2 gold (4 with a Restaurant)",
    "CITIZEN": "1 spice for 3 gold (4 with a Restaurant)",
    "MERCHANT": "1 tobacco for 4 gold (6 with a Bath House)",
}

EVENT_TEXT = {"PIRATES": "Pirates", "FIRE": "Fire", "GOLDEN_AGE": "Golden Age"}

#: Stable trace names, bottom to top. ``{seat}`` stands for each seat number.
TRACES = (
    "sea",
    "reach",
    "route",
    "reach costs",
    "islands",
    "island numbers",
    "reach islands",
    "island cards",
    "stack sizes",
    "start",
    "ships seat {seat}",
    "supply",
    "reserve",
    "display",
    "track",
    "track seat {seat}",
    "track text",
    "coats of arms",
    "active home",
    "home text",
    "dice",
    "production",
    "stone bridges",
    "hands",
    "wooden bridges",
    "residents",
    "building slots",
)
#: The traces :func:`draw_panel` draws (no sea, no supply).
PANEL_TRACES = TRACES[TRACES.index("track") :]

HALO = T.HALO
