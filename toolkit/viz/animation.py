"""Replays as plotly animations: a board per step, with a slider and play button.

Generic: the frames are the game's own board (its ``view`` part, or the generic
board) brought to each position with the view's ``update_board``.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit.core import is_over

from . import common as C
from . import theme as T
from .charts import _game_for, _states, turn_starts


def _trace_json(trace: Any) -> dict:
    """A trace as a frame carries it: shown, with every property it sets."""
    data = trace.to_plotly_json()
    data.setdefault("visible", True)
    return data


def _layout_json(value: Any) -> Any:
    """A layout property as plain data (a tuple of shapes becomes a list of dicts)."""
    if isinstance(value, tuple):
        return [v.to_plotly_json() for v in value]
    return value.to_plotly_json() if hasattr(value, "to_plotly_json") else value


#: Layout properties a frame carries when they change over the replay.
_FRAME_LAYOUT = ("title", "shapes", "annotations")


def _update_options(view: Any, options: dict) -> dict:
    """The board options the view's ``update_board`` takes (drawing-only ones go)."""
    params = inspect.signature(view.update_board).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return dict(options)
    return {k: v for k, v in options.items() if k in params}


def _frames(
    game: Any, states: Sequence[Any], idx: Sequence[int], fig: go.Figure, options: dict
) -> list:
    """One frame per sampled position, each redrawn by the game's view.

    A copy of the first figure is brought to each position by the view's
    ``update_board`` (what a live board widget does), so every frame has the
    first figure's traces, in its order: a plotly frame can only restyle the
    traces a figure has. Traces that are the same in every position are left
    out of the frames (the figure shows them already, and jumping to any frame
    cannot leave them stale); so are layout properties (title, shapes,
    annotations) that never change, and the title of a board drawn without one.
    """
    from toolkit import viz

    view = viz.board_module(game)
    redraw = _update_options(view, options)
    work = go.Figure(fig)
    keys = [
        k for k in _FRAME_LAYOUT if k != "title" or fig.layout.title.text is not None
    ]
    drawn = []
    for n, i in enumerate(idx):
        if n:
            view.update_board(work, game, states[i], None, **redraw)
        data = [_trace_json(t) for t in work.data]
        layout = {
            k: work.layout.title.text if k == "title" else _layout_json(work.layout[k])
            for k in keys
        }
        drawn.append((data, layout))
    first, first_layout = drawn[0]
    changing = [j for j in range(len(first)) if any(d[j] != first[j] for d, _ in drawn)]
    moving = [k for k in keys if any(lay[k] != first_layout[k] for _, lay in drawn)]
    frames = []
    for n, (data, layout) in enumerate(drawn):
        lay = {("title_text" if k == "title" else k): layout[k] for k in moving}
        frames.append(
            go.Frame(
                name=str(n),
                data=[data[j] for j in changing],
                traces=changing,
                layout=lay,
            )
        )
    return frames


def _frame_label(game: Any, state: Any, i: int) -> str:
    """``r<round> <player>`` of a position, ``end`` once the game is over."""
    if is_over(game, state):
        return "end"
    rnd, active, _ = game.progress(state)
    if active is None:
        return str(i)
    return f"r{rnd} {T.player_name(active)}"


def replay_animation(
    record: Any,
    game: Any = None,
    *,
    max_frames: int = 120,
    frame_ms: int = 600,
    **options: Any,
) -> go.Figure:
    """The board turn by turn: animation frames, a slider and play/pause buttons.

    Works for every game with a board view. Frames are the positions at the
    start of every turn (and the final one), sampled evenly over the whole
    game to at most ``max_frames`` (default 120), the first and the last
    always kept: a random game can run to thousands of turns, and a 120-frame
    replay of it shows roughly every n-th turn. The first frame is the board
    ``toolkit.viz.draw`` draws, each next one that board brought to its
    position by the view's ``update_board``; a frame carries only the traces
    that change somewhere in the replay, so frames stay small. Slider labels
    are ``r<round> <player>`` (from ``game.progress``) and ``end`` for the
    final position of a finished game; ``layout.meta["frames"]`` lists the
    index of each frame's position in ``replay_states``. Other options go to
    the game's board (``width=``, ``title=``, ...) and apply to every frame;
    a route belongs to one position, so none is drawn.
    """
    if max_frames < 2:
        raise ValueError(
            f"max_frames must be at least 2 (the first and the last position are "
            f"always shown), not {max_frames!r}"
        )
    if options.get("route") is not None:
        raise TypeError(
            "replay_animation draws no route: a route belongs to one position"
        )
    options.pop("route", None)
    from toolkit import viz

    game = _game_for(record, game)
    states = _states(record, game)
    idx = turn_starts(game, states)
    if len(idx) > max_frames:
        step = (len(idx) - 1) / (max_frames - 1)
        idx = sorted({idx[round(k * step)] for k in range(max_frames)})
    fig = viz.draw(game, states[idx[0]], **options)
    frames = _frames(game, states, idx, fig, options)
    labels = [_frame_label(game, states[i], i) for i in idx]
    fig.frames = frames
    steps = [
        dict(
            method="animate",
            label=labels[n],
            args=[
                [str(n)],
                dict(
                    mode="immediate",
                    frame=dict(duration=0, redraw=True),
                    transition=dict(duration=0),
                ),
            ],
        )
        for n in range(len(frames))
    ]
    height = (fig.layout.height or 700) + 90
    meta = dict(fig.layout.meta or {})
    plot_h = meta.get("plot_height", 500)
    # the board's legend sits in its bottom margin, beyond the shared margin
    legend_h = max((fig.layout.margin.b or 0) - C.MARGIN["b"], 0)
    below = -(legend_h + 4) / plot_h  # under the legend, in plot fractions
    fig.update_layout(
        meta={**meta, "frames": list(idx)},
        height=height,
        margin=dict(fig.layout.margin.to_plotly_json(), b=fig.layout.margin.b + 90),
        sliders=[
            dict(
                active=0,
                steps=steps,
                x=0.1,
                len=0.9,
                y=below,
                yanchor="top",
                pad=dict(t=0, b=0),
                currentvalue=dict(prefix="turn: ", font=dict(size=13)),
                font=dict(size=9),
            )
        ],
        updatemenus=[
            dict(
                type="buttons",
                direction="left",
                x=0.0,
                y=below,
                yanchor="top",
                xanchor="left",
                pad=dict(t=6, r=6),
                showactive=False,
                buttons=[
                    dict(
                        label="▶",
                        method="animate",
                        args=[
                            None,
                            dict(
                                frame=dict(duration=frame_ms, redraw=True),
                                transition=dict(duration=0),
                                fromcurrent=True,
                            ),
                        ],
                    ),
                    dict(
                        label="❚❚",
                        method="animate",
                        args=[
                            [None],
                            dict(
                                mode="immediate",
                                frame=dict(duration=0, redraw=False),
                                transition=dict(duration=0),
                            ),
                        ],
                    ),
                ],
            )
        ],
    )
    return fig
