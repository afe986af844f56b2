"""One look for every figure: player colours with shapes, tile colours, a template.

Player colours are the Okabe-Ito palette (safe for the common colour-vision
deficiencies), and every player colour is *paired* with a marker shape and a
line dash, so a reader who cannot tell two colours apart still tells the
players apart (tests/viz/test_theme.py checks the colours under simulated
protanopia, deuteranopia and tritanopia).

Tiles get a light fill colour and their 2-letter code from the rules engine
(``BK`` banker, ``MC`` merchant, ...), which is always printed on the city, so
the tile type never depends on colour alone.
"""

from __future__ import annotations

from typing import Any

#: Seat -> colour name (the game's wooden pieces are blue, red, green, yellow).
PLAYER_NAMES = ("blue", "red", "green", "yellow")
#: Seat -> colour (Okabe-Ito blue, vermillion, bluish green; a deep yellow).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#E6B000")
#: Seat -> plotly marker symbol (pioneers, legend, chart markers).
PLAYER_SYMBOLS = ("circle", "square", "diamond", "triangle-up")
#: Seat -> plotly line dash (charts).
PLAYER_DASHES = ("solid", "dash", "dot", "dashdot")
#: Seat -> text colour readable on the player colour.
PLAYER_TEXT = ("#ffffff", "#ffffff", "#ffffff", "#1a1a1a")

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
#: Short tile codes, as printed on cities (same as ``toolkit.pioneers.board.SHORT``).
TILE_SHORT = {
    "BANKER": "BK",
    "MERCHANT": "MC",
    "SERGEANT": "SG",
    "INNKEEPER": "IK",
    "GOLD_DIGGER": "GD",
    "FARMER": "FA",
    "HOTEL": "HT",
}

INK = "#2b2118"  # text and outlines
PAPER = "#ffffff"
BOARD = "#f2ead3"  # the map's parchment
CONNECTION = "#9a8563"  # printed connections
CASING = "#2b2118"  # dark edge under roads
EMPTY_CITY = "#fffdf6"  # a city without a tile
COVERED = "#b9b5ad"  # a covered city (2 players)
COVERED_INK = "#8a857c"
BANK = "#7f7f7f"  # the bank in money charts
HIGHLIGHT = "#111111"  # the highlighted route
FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
#: A white text shadow that keeps labels readable over lines and markers.
HALO = "1px 1px 1px #fff, -1px -1px 1px #fff, 1px -1px 1px #fff, -1px 1px 1px #fff"

#: Name of the plotly template registered by :func:`template`.
TEMPLATE_NAME = "frontier"

_template = None


def player_name(seat: int) -> str:
    """The colour name of ``seat`` ("blue", ...), or "seat N" beyond 4 players."""
    return PLAYER_NAMES[seat] if seat < len(PLAYER_NAMES) else f"seat {seat}"


def player_colour(seat: int) -> str:
    """The colour of ``seat`` (cycled beyond 4 players)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_symbol(seat: int) -> str:
    """The marker symbol paired with ``seat``'s colour."""
    return PLAYER_SYMBOLS[seat % len(PLAYER_SYMBOLS)]


def player_dash(seat: int) -> str:
    """The line dash paired with ``seat``'s colour."""
    return PLAYER_DASHES[seat % len(PLAYER_DASHES)]


def tile_colour(tile: str | None) -> str:
    """Fill colour of a city showing ``tile`` (None: no tile)."""
    return TILE_STYLE[tile][0] if tile in TILE_STYLE else EMPTY_CITY


def tile_name(tile: str | None) -> str:
    """Readable tile name ("Gold digger"), "no tile" for None."""
    if tile is None:
        return "no tile"
    return TILE_STYLE[tile][1] if tile in TILE_STYLE else str(tile)


def rgba(colour: str, alpha: float) -> str:
    """``#rrggbb`` as an ``rgba(...)`` string with opacity ``alpha``."""
    c = colour.lstrip("#")
    r, g, b = (int(c[i : i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha:g})"


def template() -> Any:
    """The toolkit's plotly template (built once, also registered as "frontier")."""
    global _template
    if _template is None:
        import plotly.graph_objects as go
        import plotly.io as pio

        _template = go.layout.Template(
            layout=dict(
                font=dict(family=FONT, size=13, color=INK),
                paper_bgcolor=PAPER,
                plot_bgcolor=PAPER,
                colorway=list(PLAYER_COLOURS),
                title=dict(x=0.01, xanchor="left", font=dict(size=18)),
                hoverlabel=dict(font=dict(family=FONT, size=12), align="left"),
                legend=dict(
                    bgcolor="rgba(255,255,255,0.85)",
                    bordercolor="#d0c7b3",
                    borderwidth=1,
                    font=dict(size=12),
                ),
                xaxis=dict(
                    gridcolor="#e6e1d6",
                    zerolinecolor="#cfc8b8",
                    linecolor="#8c8578",
                    ticks="outside",
                ),
                yaxis=dict(
                    gridcolor="#e6e1d6",
                    zerolinecolor="#cfc8b8",
                    linecolor="#8c8578",
                    ticks="outside",
                ),
            )
        )
        pio.templates[TEMPLATE_NAME] = _template
    return _template
