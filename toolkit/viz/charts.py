"""Charts of whole games and tournaments: VP over time, score breakdowns, money, replays.

The inputs are what the toolkit produces: a :class:`toolkit.core.Record` (replayed
here, so the chart never needs the original objects), a ``(game, state)`` pair,
or a tournament table (a pandas DataFrame or a list of dicts). Every chart keeps
the players' colours *and* shapes or dashes from :mod:`toolkit.viz.theme`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import Any

import plotly.graph_objects as go

from . import common as C
from . import theme as T

#: Score parts of a Pioneers breakdown, bottom to top of the stacked bars.
SCORE_PARTS = (
    ("wagons", "emptied wagons", "#4e79a7", ""),
    ("empty_seats", "empty seats", "#a0cbe8", "/"),
    ("gold", "gold nuggets", "#f1ce63", "."),
    ("network", "best road network", "#8c6d31", "x"),
)

#: Kinds of payment in :func:`money_flow`, in the order the chart lists them.
FLOW_KINDS = (
    "income",
    "start money",
    "hotels & bonuses",
    "tolls",
    "joining",
    "roads",
    "wagons",
    "other",
)


def _game_for(record: Any, game: Any = None) -> Any:
    if game is not None:
        return game
    from toolkit.core import make_game

    return make_game(record.game, record.players, **record.options)


def _states(record: Any, game: Any) -> list:
    from toolkit.core import replay_states

    return list(replay_states(record, game))


def turn_starts(game: Any, states: Sequence[Any]) -> list[int]:
    """Indices of the states where a player's turn begins, then the last state.

    A turn begins when a seat (not chance) is to move and the pair ``(round,
    active)`` differs from the previous turn's; games without those fields get
    every decision.
    """
    out, last = [], None
    for i, s in enumerate(states):
        seat = game.to_move(s)
        if seat is None or seat < 0:
            continue
        key = (getattr(s, "round", None), getattr(s, "active", i))
        if key != last:
            out.append(i)
            last = key
    if states and (not out or out[-1] != len(states) - 1):
        out.append(len(states) - 1)
    return out


def vp_over_game(
    record: Any, game: Any = None, *, width: int = 900, height: int = 460
) -> go.Figure:
    """Each player's VP (``game.scores``: as if the game ended then) turn by turn.

    One line per player in the player's colour, dash and marker shape; hover
    shows the round. The last point is the final score.
    """
    game = _game_for(record, game)
    states = _states(record, game)
    idx = turn_starts(game, states)
    fig = go.Figure()
    scores = [game.scores(states[i]) for i in idx]
    rounds = [getattr(states[i], "round", None) for i in idx]
    x = list(range(len(idx)))
    for seat in range(game.players):
        fig.add_trace(
            go.Scatter(
                name=f"{T.player_name(seat)} (seat {seat})",
                x=x,
                y=[s[seat] for s in scores],
                mode="lines+markers",
                customdata=rounds,
                line=dict(
                    color=T.player_colour(seat), dash=T.player_dash(seat), width=2.5
                ),
                marker=dict(
                    symbol=T.player_symbol(seat),
                    size=7,
                    color=T.player_colour(seat),
                    line=dict(color=T.INK, width=0.8),
                ),
                hovertemplate=(
                    f"{T.player_name(seat)}: %{{y}} VP<br>turn %{{x}}, "
                    "round %{customdata}<extra></extra>"
                ),
            )
        )
    final = scores[-1] if scores else ()
    title = (
        f"<b>VP over the game</b> · seed {record.seed}"
        if record.seed is not None
        else ("<b>VP over the game</b>")
    )
    fig.update_layout(
        template=T.template(),
        width=width,
        height=height,
        title=title,
        xaxis_title="turn",
        yaxis_title="VP if the game ended now",
        hovermode="x unified",
        legend=dict(orientation="h", x=0, y=1.0, yanchor="bottom"),
        margin=dict(l=60, r=20, t=80, b=50),
        meta={"figure": "vp_over_game", "final": list(final)},
    )
    return fig


def _breakdown_rows(source: Any, state: Any = None) -> tuple[list[dict], str]:
    """Rows ``{"player", "wagons", "empty_seats", "gold", "network"}`` and a subtitle."""
    if state is not None:  # (game, state)
        engine = importlib.import_module(f"toolkit.{source.name}")
        rows = engine.score_breakdown(source, state)
        when = "final position" if source.is_over(state) else f"round {state.round}"
        return [dict(r, player=r["seat"]) for r in rows], when
    if hasattr(source, "actions") and hasattr(source, "game"):  # a Record
        game = _game_for(source)
        final = _states(source, game)[-1]
        rows, _ = _breakdown_rows(game, final)
        return rows, f"final position, seed {source.seed}"
    # a tournament table: rows of one game per player (or already averaged)
    if hasattr(source, "to_dict"):
        source = source.to_dict("records")
    table = list(source)
    key = "player" if table and "player" in table[0] else "seat"
    groups: dict[Any, list[dict]] = {}
    for row in table:
        groups.setdefault(row[key], []).append(row)
    rows = []
    for player in sorted(groups, key=str):
        g = groups[player]
        rows.append(
            {
                "player": player,
                **{
                    part: sum(float(r.get(part, 0)) for r in g) / len(g)
                    for part, *_ in SCORE_PARTS
                },
            }
        )
    games = max((len(g) for g in groups.values()), default=0)
    return rows, f"mean over {games} game{'s' if games != 1 else ''}"


def score_breakdown_chart(
    source: Any, state: Any = None, *, width: int = 760, height: int = 440
) -> go.Figure:
    """Stacked bars of each player's score: wagons, empty seats, gold, network.

    ``source`` is a game (with ``state``), a Record (its final position), or a
    tournament table with columns ``player`` (or ``seat``) and the four parts
    (averaged per player).
    """
    rows, subtitle = _breakdown_rows(source, state)

    def label(p: Any) -> str:
        return f"{T.player_name(p)} (seat {p})" if isinstance(p, int) else str(p)

    names = [label(r["player"]) for r in rows]
    fig = go.Figure()
    for part, text, colour, pattern in SCORE_PARTS:
        fig.add_trace(
            go.Bar(
                name=text,
                x=names,
                y=[r[part] for r in rows],
                marker=dict(
                    color=colour,
                    line=dict(color=T.INK, width=1),
                    pattern=dict(shape=pattern, fgcolor=T.INK, fgopacity=0.35, size=7),
                ),
                hovertemplate=f"{text}: %{{y:.3g}} VP<extra>%{{x}}</extra>",
            )
        )
    totals = [sum(r[p] for p, *_ in SCORE_PARTS) for r in rows]
    fig.add_trace(
        go.Scatter(
            name="total",
            x=names,
            y=totals,
            mode="text",
            text=[f"<b>{t:.3g}</b>" for t in totals],
            textposition="top center",
            showlegend=False,
            hoverinfo="skip",
            textfont=dict(size=14),
        )
    )
    fig.update_layout(
        template=T.template(),
        width=width,
        height=height,
        barmode="stack",
        title=f"<b>Score breakdown</b> · {subtitle}",
        yaxis_title="VP",
        yaxis_range=[0, max(totals + [1]) * 1.15],
        bargap=0.35,
        legend=dict(orientation="h", x=0, y=1.0, yanchor="bottom", traceorder="normal"),
        margin=dict(l=60, r=20, t=90, b=50),
        meta={"figure": "score_breakdown"},
    )
    # colour-blind help: each player's tick label carries its marker shape
    if all(isinstance(r["player"], int) for r in rows):
        glyph = {"circle": "●", "square": "■", "diamond": "◆", "triangle-up": "▲"}
        fig.update_xaxes(
            tickvals=names,
            ticktext=[
                f'<span style="color:{T.player_colour(r["player"])}">'
                f"{glyph.get(T.player_symbol(r['player']), '●')}</span> {n}"
                for r, n in zip(rows, names)
            ],
        )
    return fig


def money_flow(
    record: Any, game: Any = None, *, width: int = 900, height: int = 520
) -> go.Figure:
    """A Sankey of all money in a recorded game: who paid, for what, to whom.

    Left: payers (the bank and the players); middle: the kind of payment
    (tolls, joining, roads, wagons, income, ...); right: receivers.
    """
    game = _game_for(record, game)
    module = importlib.import_module(f"toolkit.viz.{game.name}")
    flows = module.money_flows(record, game)
    parties = ["bank", *range(game.players)]
    kinds = sorted(
        {f["kind"] for f in flows},
        key=lambda k: FLOW_KINDS.index(k) if k in FLOW_KINDS else 99,
    )

    def party_label(p: Any) -> str:
        return "bank" if p == "bank" else T.player_name(p)

    def party_colour(p: Any) -> str:
        return T.BANK if p == "bank" else T.player_colour(p)

    labels = (
        [party_label(p) + " pays" for p in parties]
        + kinds
        + [party_label(p) + " gets" for p in parties]
    )
    colours = (
        [party_colour(p) for p in parties]
        + ["#d8cfbd"] * len(kinds)
        + [party_colour(p) for p in parties]
    )
    src_i = {p: i for i, p in enumerate(parties)}
    kind_i = {k: len(parties) + i for i, k in enumerate(kinds)}
    dst_i = {p: len(parties) + len(kinds) + i for i, p in enumerate(parties)}
    into: dict[tuple, int] = {}
    out_of: dict[tuple, int] = {}
    for f in flows:
        a = (f["payer"], f["kind"])
        b = (f["kind"], f["receiver"])
        into[a] = into.get(a, 0) + f["amount"]
        out_of[b] = out_of.get(b, 0) + f["amount"]
    source, target, value, link_colour, hover = [], [], [], [], []
    for (payer, kind), v in sorted(into.items(), key=lambda kv: str(kv[0])):
        source.append(src_i[payer])
        target.append(kind_i[kind])
        value.append(v)
        link_colour.append(T.rgba(party_colour(payer), 0.45))
        hover.append(f"{party_label(payer)} paid ${v} for {kind}")
    for (kind, receiver), v in sorted(out_of.items(), key=lambda kv: str(kv[0])):
        source.append(kind_i[kind])
        target.append(dst_i[receiver])
        value.append(v)
        link_colour.append(T.rgba(party_colour(receiver), 0.45))
        hover.append(f"{party_label(receiver)} received ${v} from {kind}")
    fig = go.Figure(
        go.Sankey(
            name="money flow",
            arrangement="snap",
            valueformat="$d",
            node=dict(
                label=labels,
                color=colours,
                pad=14,
                thickness=18,
                line=dict(color=T.INK, width=0.6),
            ),
            link=dict(
                source=source,
                target=target,
                value=value,
                color=link_colour,
                customdata=hover,
                hovertemplate="%{customdata}<extra></extra>",
            ),
        )
    )
    total = sum(f["amount"] for f in flows)
    fig.update_layout(
        template=T.template(),
        width=width,
        height=height,
        title=(f"<b>Money flow</b> · ${total} changed hands · seed {record.seed}"),
        margin=dict(l=20, r=20, t=60, b=20),
        font=dict(size=12),
        meta={"figure": "money_flow", "flows": flows},
    )
    return fig


def _pioneers_frames(
    module: Any, game: Any, states: Sequence[Any], idx: Sequence[int], fig: go.Figure
) -> tuple[list, list[str]]:
    """Pioneers frames (all traces but the hover points) and slider labels."""
    index = C.trace_index(fig)
    frames = []
    for n, i in enumerate(idx):
        data, lay = module.board_data(
            game, states[i], None, None, (fig.layout.meta or {}).get("labels", "id")
        )
        names = [k for k in data if k not in ("connection info",)]
        frames.append(
            go.Frame(
                name=str(n),
                data=[go.Scatter(C.nest(data[k]), name=k) for k in names],
                traces=[index[k] for k in names],
                layout=dict(
                    title_text=lay["title.text"],
                    shapes=[
                        dict(
                            fig.layout.shapes[0].to_plotly_json(),
                            path=lay["shapes[0].path"],
                        )
                    ],
                ),
            )
        )
    labels = []
    for i in idx:
        s = states[i]
        labels.append(
            f"r{getattr(s, 'round', '')} {T.player_name(s.active)}"
            if getattr(s, "active", -1) >= 0
            else str(i)
        )
    return frames, labels


def _anno1503_frames(
    module: Any,
    game: Any,
    states: Sequence[Any],
    idx: Sequence[int],
    fig: go.Figure,
    options: dict,
) -> tuple[list, list[str]]:
    """Anno 1503 frames: only the traces that change somewhere in the replay.

    A trace that is the same in every frame (the empty route, the reach shading
    when not asked for, ...) is left out: the figure already shows it, and
    jumping to any frame cannot leave it stale. ``seat=`` and ``reach=`` of the
    board carry over to every frame.
    """
    view = {k: options[k] for k in ("seat", "reach") if k in options}
    drawn = [module.board_data(game, states[i], **view) for i in idx]
    first = drawn[0][0]
    names = [k for k in first if any(data[k] != first[k] for data, _ in drawn[1:])]
    index = C.trace_index(fig)
    titled = fig.layout.title.text is not None
    frames = [
        go.Frame(
            name=str(n),
            data=[go.Scatter(C.nest(data[k]), name=k) for k in names],
            traces=[index[k] for k in names],
            layout=dict(title_text=lay["title.text"]) if titled else {},
        )
        for n, (data, lay) in enumerate(drawn)
    ]
    labels = []
    for i in idx:
        s = states[i]
        if s.phase == "over":
            labels.append("end")
        elif s.active >= 0:
            labels.append(f"t{s.turn} {T.player_name(s.active)}")
        else:
            labels.append(str(i))
    return frames, labels


def replay_animation(
    record: Any,
    game: Any = None,
    *,
    max_frames: int = 120,
    frame_ms: int = 600,
    **options: Any,
) -> go.Figure:
    """The board turn by turn: animation frames, a slider and play/pause buttons.

    Works for Pioneers and Anno 1503. Frames are the positions at the start of
    every turn (and the final one), sampled evenly over the whole game to at
    most ``max_frames`` (default 120), the first and the last always kept: a
    random Anno 1503 game can run to thousands of turns, and a 120-frame replay
    of it shows roughly every n-th turn. Each frame is built by the game's
    ``board_data`` (the same data ``update_board`` writes) and carries only the
    traces that can change (Pioneers: all but the connection hover points; Anno
    1503: those that differ somewhere in the replay), so frames stay small.
    Slider labels are ``r<round> <player>`` (Pioneers), ``t<turn> <player>``
    (Anno 1503) and ``end`` for a finished Anno game. Other options go to the
    game's ``draw_board`` (Pioneers ``labels=``; Anno 1503 ``seat=`` and
    ``reach=``, which then apply to every frame; ``width=``, ...).
    """
    if max_frames < 2:
        raise ValueError(
            f"max_frames must be at least 2 (the first and the last position are "
            f"always shown), not {max_frames!r}"
        )
    game = _game_for(record, game)
    module = importlib.import_module(f"toolkit.viz.{game.name}")
    if game.name != "pioneers" and options.get("route") is not None:
        raise TypeError(
            "replay_animation draws no route: a route belongs to one position"
        )
    states = _states(record, game)
    idx = turn_starts(game, states)
    if len(idx) > max_frames:
        step = (len(idx) - 1) / (max_frames - 1)
        idx = sorted({idx[round(k * step)] for k in range(max_frames)})
    fig = module.draw_board(game, states[idx[0]], **options)
    if game.name == "pioneers":
        frames, labels = _pioneers_frames(module, game, states, idx, fig)
    else:
        frames, labels = _anno1503_frames(module, game, states, idx, fig, options)
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
    plot_h = (fig.layout.meta or {}).get("plot_height", 500)
    below = -(module.LEGEND_HEIGHT + 4) / plot_h  # under the legend, in plot fractions
    fig.update_layout(
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


def records_table(records: Iterable[Any]) -> list[dict]:
    """A tournament table for :func:`score_breakdown_chart`: one row per game and seat."""
    rows = []
    for n, record in enumerate(records):
        game = _game_for(record)
        final = _states(record, game)[-1]
        rows += [
            dict(r, player=r["seat"], game=n) for r in _breakdown_rows(game, final)[0]
        ]
    return rows
