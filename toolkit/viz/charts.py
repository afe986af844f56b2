"""Charts of whole games and tournaments: VP over time, score parts, money, replays.

The inputs are what the toolkit produces: a :class:`toolkit.core.Record` (replayed
here, so the chart never needs the original objects), a ``(game, state)`` pair,
or a tournament table (a pandas DataFrame or a list of dicts). Every chart keeps
the players' colours *and* shapes or dashes from :mod:`toolkit.viz.theme`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import plotly.graph_objects as go

from toolkit.core import is_over, part

from . import theme as T

#: Colour and fill pattern of the score parts, bottom to top of the stacked bars.
PART_STYLES = (
    ("#4e79a7", ""),
    ("#a0cbe8", "/"),
    ("#f1ce63", "."),
    ("#8c6d31", "x"),
    ("#59a14f", "\\"),
    ("#e15759", "+"),
    ("#b07aa1", "-"),
    ("#9c755f", "|"),
)

#: The one part of a score a game without score parts has.
WHOLE_SCORE = (("score", "score"),)


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
    active)`` of ``game.progress`` differs from the previous turn's; while no
    seat is active (a set-up) every decision starts one.
    """
    out, last = [], None
    for i, s in enumerate(states):
        seat = game.to_move(s)
        if seat is None or seat < 0:
            continue
        rnd, active, _ = game.progress(s)
        key = (rnd, active) if active is not None else (rnd, -1, i)
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
    rounds = [game.progress(states[i])[0] for i in idx]
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


def score_parts(game: Any, state: Any) -> tuple[list[dict], tuple]:
    """Per seat the parts of its score, and the ``(key, label)`` parts.

    The parts come from the game's facts part (``SCORE_PARTS`` and
    ``score_parts(game, state)``); a game without them has one part, its
    whole score (``game.scores``).
    """
    facts = part(game, "facts")
    if facts is not None and hasattr(facts, "score_parts"):
        return list(facts.score_parts(game, state)), tuple(facts.SCORE_PARTS)
    scores = game.scores(state)
    return [{"seat": s, "score": v} for s, v in enumerate(scores)], WHOLE_SCORE


def _table_parts(table: list[dict], game: Any) -> tuple:
    """The score parts of a tournament table: its ``vp_*`` columns, else ``score``."""
    labels = {}
    if game is not None:
        facts = part(game, "facts")
        labels = dict(getattr(facts, "SCORE_PARTS", ()) if facts is not None else ())
    first = table[0] if table else {}
    keys = [k[3:] for k in first if k.startswith("vp_")]
    if not keys:
        return WHOLE_SCORE
    return tuple((k, labels.get(k, k.replace("_", " "))) for k in keys)


def _breakdown_rows(
    source: Any, state: Any = None, game: Any = None
) -> tuple[list[dict], tuple, str]:
    """Rows ``{"player", <part key>: VP, ...}``, the parts and a subtitle."""
    if state is not None:  # (game, state)
        rows, parts = score_parts(source, state)
        if is_over(source, state):
            when = "final position"
        else:
            rnd, _, _ = source.progress(state)
            when = f"round {rnd}"
        return [dict(r, player=r["seat"]) for r in rows], parts, when
    if hasattr(source, "actions") and hasattr(source, "game"):  # a Record
        game = _game_for(source, game)
        final = _states(source, game)[-1]
        rows, parts, _ = _breakdown_rows(game, final)
        return rows, parts, f"final position, seed {source.seed}"
    # a tournament table: rows of one game per player (or already averaged)
    if hasattr(source, "to_dict"):
        source = source.to_dict("records")
    table = list(source)
    parts = _table_parts(table, game)
    column = {k: k if parts is WHOLE_SCORE else f"vp_{k}" for k, _ in parts}
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
                    k: sum(float(r.get(column[k], 0)) for r in g) / len(g)
                    for k, _ in parts
                },
            }
        )
    games = max((len(g) for g in groups.values()), default=0)
    return rows, parts, f"mean over {games} game{'s' if games != 1 else ''}"


def score_breakdown_chart(
    source: Any,
    state: Any = None,
    *,
    game: Any = None,
    width: int = 760,
    height: int = 440,
) -> go.Figure:
    """Stacked bars of each player's score, part by part.

    ``source`` is a game (with ``state``), a Record (its final position), or a
    tournament table with columns ``player`` (or ``seat``) and ``vp_<part>``
    for each score part (averaged per player; :func:`records_table` makes
    one, and so does a tournament's seats table). The parts are the game's
    (its facts part's ``SCORE_PARTS``); ``game=`` names the labels of a
    table's parts. A game without score parts shows its whole score.
    """
    rows, parts, subtitle = _breakdown_rows(source, state, game)

    def label(p: Any) -> str:
        return f"{T.player_name(p)} (seat {p})" if isinstance(p, int) else str(p)

    names = [label(r["player"]) for r in rows]
    fig = go.Figure()
    for n, (key, text) in enumerate(parts):
        colour, pattern = PART_STYLES[n % len(PART_STYLES)]
        fig.add_trace(
            go.Bar(
                name=text,
                x=names,
                y=[r[key] for r in rows],
                marker=dict(
                    color=colour,
                    line=dict(color=T.INK, width=1),
                    pattern=dict(shape=pattern, fgcolor=T.INK, fgopacity=0.35, size=7),
                ),
                hovertemplate=f"{text}: %{{y:.3g}} VP<extra>%{{x}}</extra>",
            )
        )
    totals = [sum(r[k] for k, _ in parts) for r in rows]
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

    Left: payers (the bank and the players); middle: the kind of payment;
    right: receivers. The payments are the game's facts part's
    ``money_flows(record, game)`` (kinds listed in its ``FLOW_KINDS`` order);
    a game without them has no money flow to draw.
    """
    game = _game_for(record, game)
    facts = part(game, "facts")
    if facts is None or not hasattr(facts, "money_flows"):
        raise NotImplementedError(
            f"no money flows for game {game.name!r}: its facts part has no money_flows"
        )
    flows = facts.money_flows(record, game)
    order = tuple(getattr(facts, "FLOW_KINDS", ()))
    parties = ["bank", *range(game.players)]
    kinds = sorted(
        {f["kind"] for f in flows},
        key=lambda k: (order.index(k) if k in order else len(order), k),
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


def records_table(records: Iterable[Any], game: Any = None) -> list[dict]:
    """A tournament table for :func:`score_breakdown_chart`: one row per game and seat.

    Rows hold ``game``, ``seat``, ``player`` and ``vp_<part>`` for each score
    part of the game (``score`` for a game without score parts). ``game`` is
    the game the records were played with (else made from each record).
    """
    rows = []
    for n, record in enumerate(records):
        played = _game_for(record, game)
        parts_rows, parts = score_parts(played, _states(record, played)[-1])
        for r in parts_rows:
            vp = {(k if parts is WHOLE_SCORE else f"vp_{k}"): r[k] for k, _ in parts}
            rows.append({"game": n, "seat": r["seat"], "player": r["seat"], **vp})
    return rows


def _readable_cell(value: Any) -> Any:
    """A dict of amounts by seat or "bank" as words; a tuple of places as A-B-C."""
    from . import theme as T

    if isinstance(value, dict):
        parts = [
            f"${v} to {T.player_name(k) if isinstance(k, int) else 'the ' + str(k)}"
            for k, v in sorted(
                value.items(), key=lambda kv: (kv[0] != "bank", str(kv[0]))
            )
        ]
        return ", ".join(parts) or "nothing"
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return "-".join(value)
    return value


def readable(df: Any) -> Any:
    """A copy of a table with its dict and tuple cells written as words.

    ``{3: 1, "bank": 1}`` (who is paid how much) becomes ``"$1 to the bank, $1
    to yellow"``, a route ``("S", "A", "B")`` becomes ``"S-A-B"``; other cells
    are kept. For showing a table in a lesson; compute with the original.

    >>> import pandas as pd
    >>> readable(pd.DataFrame({"paid": [{3: 1, "bank": 1}], "path": [("S", "A")]}))
                               paid path
    0  $1 to the bank, $1 to yellow  S-A
    """
    out = df.copy()
    for col in out.columns:
        if out[col].dtype == object:
            out[col] = out[col].map(_readable_cell)
    return out
