"""How Pioneers looks: tile colours and codes, board colours, sizes, trace names."""

from __future__ import annotations

from toolkit.pioneers.board import SHORT

#: Tile type -> (fill colour, full name). The 2-letter codes come from the engine.
TILE_STYLE = {
    "BANKER": ("#9fd6c3", "Banker"),
    "MERCHANT": ("#c9b8e8", "Merchant"),
    "SERGEANT": ("#f4a59c", "Sergeant"),
    "INNKEEPER": ("#f6c083", "Innkeeper"),
    "GOLD_DIGGER": ("#f3df6f", "Gold digger"),
    "FARMER": ("#b8dc86", "Farmer"),
    "HOTEL": ("#f1b9d9", "Hotel"),
}
#: Short tile codes, as printed on cities (the engine's own).
TILE_SHORT = SHORT

BOARD = "#f2ead3"  # the map's parchment
CONNECTION = "#9a8563"  # printed connections
CASING = "#2b2118"  # dark edge under roads
EMPTY_CITY = "#fffdf6"  # a city without a tile
COVERED = "#b9b5ad"  # a covered city (2 players)
COVERED_INK = "#8a857c"


def tile_colour(tile: str | None) -> str:
    """Fill colour of a city showing ``tile`` (None: no tile)."""
    return TILE_STYLE[tile][0] if tile in TILE_STYLE else EMPTY_CITY


def tile_name(tile: str | None) -> str:
    """Readable tile name ("Gold digger"), "no tile" for None."""
    if tile is None:
        return "no tile"
    return TILE_STYLE[tile][1] if tile in TILE_STYLE else str(tile)


GAME = "pioneers"

LEGEND_HEIGHT = 58  # px below the map for the legend
PAD = 34  # px between the outermost city and the plot edge
HEX = 40  # city marker size (px)
HEX_R = HEX / 2
START_RING = HEX + 14
MIN_GAP = 70  # px between city centres
CLEARANCE = 30  # px between a city and a connection it is not on
STRETCH = 1.3  # vertical exaggeration of the map (a game board is a stylised map)
PIONEER = 14
SLOTS = (
    (-8.0, 7.5),
    (8.0, 7.5),
    (-8.0, -7.5),
    (8.0, -7.5),
)  # seat -> offset in the hexagon
COACH_OFFSET = (
    HEX_R + 10,
    HEX_R + 1,
)  # stagecoach beside the city's upper-right corner
START_COACH_OFFSET = (START_RING / 2 + 8, START_RING / 2)  # ... beyond the start ring
COACH_SIZE = 22
COACH_COLOUR = "#4a2c12"
LABEL_FONT = 12
ROAD_WIDTH = 6
CASING_WIDTH = 9.5
DOUBLE_OFFSET = 4.0  # px either side of the centre line for a double road

#: Stable trace names, bottom to top. ``{seat}`` stands for each seat number.
TRACES = (
    "covered connections",
    "connections",
    "road casing",
    "roads seat {seat}",
    "route",
    "connection info",
    "start marker",
    "cities",
    "city labels",
    "pioneers seat {seat}",
    "coach",
    "route costs",
)

#: Outline of a city (px), and of a city the active player may move to now.
CITY_LINE = 1.6
TARGET_WIDTH = 4.5
TARGET_RING = "#111111"
