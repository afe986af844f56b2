"""A board updated in place draws exactly what a fresh board draws (issue 18, defect 1).

For every game: a ``FigureWidget`` brought through a seeded game by
``viz.update_board`` (after every action, as the apps do) equals, trace by trace
and in its layout, a fresh ``viz.draw`` of the same position; and no trace that
shows text has an empty text at a point: plotly.js removes the text element of
such a point and never makes it again when a later restyle gives it a text, so
a city label dropped in the browser while the figure in Python was right
(``tests/browser/test_board_updates.py`` checks the same in Chromium).
"""

from __future__ import annotations

import json
import random

import plotly.graph_objects as go

from toolkit import viz
from toolkit.core import CHANCE, make_game
from toolkit.core.play import sample_outcome


def _game(name):
    game = make_game(name, 3)
    if "max_turns" in game.defaults:
        game = make_game(name, 3, max_turns=30)
    return game


def seeded_states(name, seed=1, limit=250):
    game, rng = _game(name), random.Random(f"updates:{seed}")
    state, states = game.setup(), []
    for _ in range(limit):
        states.append(state)
        seat = game.to_move(state)
        if seat is None:
            break
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(list(game.legal_actions(state)))
        state = game.apply(state, action)
    return game, states


def plain(fig):
    """The figure as JSON data, without the random trace uids."""
    data = json.loads(json.dumps(fig.to_plotly_json(), default=str))
    for tr in data["data"]:
        tr.pop("uid", None)
    return data


def empty_texts(fig):
    """(trace, point) of every empty text in a trace that draws text."""
    out = []
    for tr in fig.data:
        mode = getattr(tr, "mode", None) or ""
        texts = getattr(tr, "text", None)
        if "text" not in mode or not isinstance(texts, (list, tuple)):
            continue
        out += [(tr.name, i) for i, t in enumerate(texts) if t is None or t == ""]
    return out


def test_a_board_updated_after_every_action_equals_a_fresh_board(game_name):
    game, states = seeded_states(game_name)
    assert len(states) > 10
    fig = go.FigureWidget(viz.draw(game, states[0]))
    checks = 0
    for k, state in enumerate(states[1:], 1):
        viz.update_board(fig, game, state)
        assert not empty_texts(fig), f"step {k}: {empty_texts(fig)[:5]}"
        if k % 25 == 0 or k == len(states) - 1:
            fresh = go.FigureWidget(viz.draw(game, state))
            assert plain(fig) == plain(fresh), f"step {k} differs from a fresh board"
            checks += 1
    assert checks >= 1


def test_a_fresh_board_has_no_empty_texts(game_name):
    game, states = seeded_states(game_name, seed=2, limit=120)
    for state in states[::10]:
        assert not empty_texts(viz.draw(game, state))


def test_the_check_finds_an_empty_text():
    fig = go.Figure(go.Scatter(x=[1, 2], y=[1, 2], mode="markers+text", text=["A", ""]))
    assert empty_texts(fig) == [(None, 1)]
