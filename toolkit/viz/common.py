"""What every board draws the same way: frame, title, legend, pieces, board data.

The games' view parts (``toolkit/<game>/view/``) and :mod:`toolkit.viz.generic`
share the figure's frame, title, legend and route note, the legend-only entries
and each seat's pieces, and the path from ``board_data``
(``{trace name: {"marker.color": ...}}``) into traces and back into a figure.

A view fills its traces with :func:`fill_traces`, lays the figure out with
:func:`figure_layout` and updates it in place with :func:`apply_board_data`.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from . import theme as T

#: The width the boards are designed at: 1 board unit = 1 px.
DEFAULT_WIDTH = 1000
#: ``width=None`` (the default of every board): the figure fits its container
#: (a notebook's output area, a Voila page) and is as high as at this width,
#: which fits JupyterLab beside its file browser.
FIT_WIDTH = 880
MARGIN = {"l": 8, "r": 8, "t": 64, "b": 8}


def seat_label(seat: int) -> str:
    """A seat as the legend and the panels name it: "blue (seat 0)"."""
    return f"{T.player_name(seat)} (seat {seat})"


# ------------------------------------------------------------------------- trace data


#: What a board draws for "no text" at a point: plotly.js removes the <text>
#: element of a point whose text is empty and never makes it again when the
#: text returns in a later restyle (so a FigureWidget updated in place loses
#: labels a fresh figure shows). A space keeps the element.
NO_TEXT = " "


def no_tex(text: str) -> str:
    """``text`` with its dollar signs written as HTML entities (plotly shows "$").

    Where MathJax is on the page (JupyterLab, Voila), plotly.js typesets any
    text holding two "$" as LaTeX: "costs $1: $1 to the bank" came out as an
    empty box. The entity shows the same sign and is never typeset.
    """
    return text.replace("$", "&#36;")


def keep_texts(values: Any) -> Any:
    """``values`` with every empty text ("" or None) replaced by :data:`NO_TEXT`."""
    if isinstance(values, (list, tuple)):
        return [NO_TEXT if v is None or v == "" else v for v in values]
    return values


def nest(props: dict) -> dict:
    """``{"marker.color": c}`` -> ``{"marker": {"color": c}}``.

    Per-point ``text`` lists keep every point's text element (:func:`keep_texts`).
    """
    out: dict = {}
    for key, value in props.items():
        if key == "text":
            value = keep_texts(value)
        parts = key.split(".")
        d = out
        for p in parts[:-1]:
            d = d.setdefault(p, {})
        d[parts[-1]] = value
    return out


def trace_index(fig: Any) -> dict[str, int]:
    """Trace name -> position in ``fig.data`` (names are unique on a board)."""
    return {tr.name: i for i, tr in enumerate(fig.data)}


def fill_traces(traces: list, data: dict[str, dict]) -> None:
    """Write ``board_data``'s ``{trace name: properties}`` into new traces."""
    by_name = {tr.name: tr for tr in traces}
    for name, props in data.items():
        by_name[name].update(nest(props))


def apply_board_data(fig: Any, data: dict[str, dict], layout: dict[str, Any]) -> Any:
    """Write ``board_data``'s ``(data, layout updates)`` into an existing figure.

    One batch (a ``go.FigureWidget`` redraws once). The title is left off a
    figure drawn without one. Returns ``fig``.
    """
    index = trace_index(fig)
    with fig.batch_update():
        for name, props in data.items():
            fig.data[index[name]].update(nest(props))
        for key, value in layout.items():
            if key == "title.text" and fig.layout.title.text is None:
                continue
            fig.layout[key] = value
    return fig


# ---------------------------------------------------------------------------- traces


def seat_pieces(name: str, seat: int, size: float) -> go.Scatter:
    """A seat's pieces on the board: its marker, with a number on it."""
    return go.Scatter(
        name=name,
        mode="markers+text",
        hoverinfo="text",
        showlegend=False,
        marker=dict(
            symbol=T.player_symbol(seat),
            size=size,
            color=T.player_colour(seat),
            line=dict(color=T.INK, width=1.2),
        ),
        textposition="middle center",
        textfont=dict(
            size=9, color=T.PLAYER_TEXT[seat % 4], family=T.FONT, weight="bold"
        ),
    )


def legend_entry(
    name: str,
    symbol: str,
    size: float,
    colour: str,
    edge: str | None = T.INK,
    edge_width: float = 1,
    mode: str = "markers",
    **kw: Any,
) -> go.Scatter:
    """A legend-only entry (no data): a marker, outlined in ``edge`` unless None."""
    marker = dict(symbol=symbol, size=size, color=colour)
    if edge is not None:
        marker["line"] = dict(color=edge, width=edge_width)
    return go.Scatter(name=name, x=[None], y=[None], mode=mode, marker=marker, **kw)


# ---------------------------------------------------------------------------- layout


def chrome(legend_height: int) -> int:
    """Height in px of everything around the plot: margins and the legend below."""
    return MARGIN["t"] + MARGIN["b"] + legend_height


def figure_height(
    plot_h: int, width: int | None, legend_height: int, natural: int = DEFAULT_WIDTH
) -> int:
    """Figure height for a plot ``plot_h`` px high at its ``natural`` width.

    The plot scales with ``width``, the chrome does not. ``width=None`` (fit the
    container) gives the height at :data:`FIT_WIDTH` (or the natural width of a
    smaller board): in a wider container the board is centred, in a narrower
    one it shrinks, and it is never cut off.
    """
    if width is None:
        width = min(FIT_WIDTH, natural)
    if width == natural:
        return plot_h + chrome(legend_height)
    return round(plot_h * width / natural) + chrome(legend_height)


def container_title(text: str | None, pad: int = 10) -> dict:
    """A title at the top left of the figure, above the margin."""
    return dict(text=text, y=1, yanchor="top", yref="container", pad=dict(t=pad))


def route_note(text: str, visible: bool) -> dict:
    """The boxed note above the plot that explains a highlighted route."""
    return dict(
        text=text,
        visible=visible,
        xref="paper",
        yref="paper",
        x=0,
        y=1,
        xanchor="left",
        yanchor="bottom",
        yshift=4,
        showarrow=False,
        align="left",
        font=dict(size=13),
        bgcolor="rgba(255,255,255,0.9)",
        bordercolor=T.HIGHLIGHT,
        borderwidth=1,
        borderpad=3,
        name="route note",
    )


def figure_layout(
    *,
    width: int | None,
    height: int | None,
    legend_height: int,
    plot_bgcolor: str,
    legend: bool,
    xaxis: dict,
    yaxis: dict,
    title: str | None,
    shapes: list,
    annotations: list,
    meta: dict,
) -> dict:
    """``update_layout`` arguments of a board: a pannable plot with 1 unit = 1 px at
    the default width, the title on top and a horizontal legend under the plot.
    """
    return dict(
        template=T.template(),
        width=width,
        autosize=width is None,
        height=height,
        margin=dict(MARGIN, b=MARGIN["b"] + legend_height),
        plot_bgcolor=plot_bgcolor,
        showlegend=legend,
        legend=dict(
            orientation="h",
            x=0,
            xanchor="left",
            y=-0.004,
            yanchor="top",
            traceorder="normal",
            bgcolor="rgba(255,255,255,0)",
            borderwidth=0,
            font=dict(size=12),
            itemclick=False,
            itemdoubleclick=False,
        ),
        xaxis=xaxis,
        yaxis=yaxis,
        hovermode="closest",
        dragmode="pan",
        title=container_title(title),
        shapes=shapes,
        annotations=annotations,
        meta=meta,
    )


__all__ = [
    "DEFAULT_WIDTH",
    "FIT_WIDTH",
    "MARGIN",
    "NO_TEXT",
    "apply_board_data",
    "chrome",
    "container_title",
    "figure_height",
    "figure_layout",
    "fill_traces",
    "keep_texts",
    "legend_entry",
    "nest",
    "no_tex",
    "route_note",
    "seat_label",
    "seat_pieces",
    "trace_index",
]
