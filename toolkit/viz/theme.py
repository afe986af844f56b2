"""One look for every figure: player colours with shapes, ink and paper, a template.

Player colours are the Okabe-Ito palette (safe for the common colour-vision
deficiencies), and every player colour is *paired* with a marker shape and a
line dash, so a reader who cannot tell two colours apart still tells the
players apart (tests/viz/test_theme.py checks the colours under simulated
protanopia, deuteranopia and tritanopia).

A game's own colours (its board, its pieces and tiles) live in its view part
(``toolkit/<game>/view/``), built on the names here.
"""

from __future__ import annotations

from typing import Any

#: Seat -> colour name (as the legends and the apps name the players).
PLAYER_NAMES = ("blue", "red", "green", "yellow")
#: Seat -> colour (Okabe-Ito blue, vermillion, bluish green; a deep yellow).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#E6B000")
#: Seat -> plotly marker symbol (pieces on boards, legends, chart markers).
PLAYER_SYMBOLS = ("circle", "square", "diamond", "triangle-up")
#: Seat -> plotly line dash (charts).
PLAYER_DASHES = ("solid", "dash", "dot", "dashdot")
#: Seat -> text colour readable on the player colour.
PLAYER_TEXT = ("#ffffff", "#ffffff", "#ffffff", "#1a1a1a")

INK = "#2b2118"  # text and outlines
PAPER = "#ffffff"
BANK = "#7f7f7f"  # the bank in money charts
HIGHLIGHT = "#111111"  # a highlighted route or move
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
                    automargin=True,  # long tick labels push the title aside
                    title=dict(standoff=12),
                ),
                yaxis=dict(
                    gridcolor="#e6e1d6",
                    zerolinecolor="#cfc8b8",
                    linecolor="#8c8578",
                    ticks="outside",
                    automargin=True,
                    title=dict(standoff=12),
                ),
                # a short toolbar (pan, zoom, reset, save), so it covers no title
                modebar=dict(
                    remove=[
                        "lasso2d",
                        "select2d",
                        "zoomIn2d",
                        "zoomOut2d",
                        "autoScale2d",
                    ]
                ),
                margin=dict(t=72),
            )
        )
        pio.templates[TEMPLATE_NAME] = _template
    return _template


def use() -> str:
    """Make the toolkit's look the default of every plotly figure, e.g. ``px.bar``.

    Sets ``plotly.io.templates.default`` to ``"plotly_white+frontier"`` and
    returns that name; the lessons call it once at the top.
    """
    import plotly.io as pio

    template()
    pio.templates.default = f"plotly_white+{TEMPLATE_NAME}"
    return pio.templates.default
