"""The generic board of a game without a view part: scores from the protocol."""

from __future__ import annotations

from typing import ClassVar

import plotly.graph_objects as go
import pytest

from toolkit import viz
from toolkit.core import CHANCE, Progress, part, play, random_agent, replay_states
from toolkit.toy import Race
from toolkit.viz import gallery, generic


@pytest.fixture(scope="module")
def race():
    game = Race(players=3)
    final, record = play(game, [random_agent] * 3, seed=4)
    return game, list(replay_states(record, game)), final


def _data(fig):
    return [
        {k: v for k, v in t.items() if k != "uid"} for t in fig.to_plotly_json()["data"]
    ]


def test_a_game_without_a_view_part_gets_the_generic_board(race):
    game, states, _ = race
    assert part(game, "view") is None
    assert viz.board_module(game) is generic
    fig = viz.draw(game, states[0])
    assert [t.name for t in fig.data] == list(generic.TRACES)
    assert fig.layout.meta["view"] == "generic"


def test_generic_board_shows_scores_progress_and_legal_actions(race):
    game, states, final = race
    decision = next(s for s in states if game.to_move(s) not in (None, CHANCE))
    fig = viz.draw(game, decision)
    bars = fig.data[0]
    assert list(bars.y) == list(game.scores(decision))
    assert len(bars.x) == game.players
    seat = game.to_move(decision)
    n = len(game.legal_actions(decision))
    title = fig.layout.title.text
    assert title.startswith("<b>race</b> · ")
    assert f"round {game.progress(decision).round}" in title
    assert f"{viz.theme.player_name(seat)} to move · {n} legal actions" in title
    # the seat to move is outlined, the others not
    widths = list(bars.marker.line.width)
    assert widths[seat] == generic.TO_MOVE_LINE
    assert all(w == 1 for s, w in enumerate(widths) if s != seat)
    over = viz.draw(game, final).layout.title.text
    assert "game over · won: " in over
    for s in game.winners(final):
        assert viz.theme.player_name(s) in over


def test_generic_board_at_a_chance_turn_and_in_the_set_up(race):
    game, states, _ = race
    title = viz.draw(game, states[0]).layout.title.text
    assert "set-up · chance to move" in title


def test_generic_update_equals_a_fresh_draw(race):
    game, states, final = race
    for widget in (False, True):
        fig = viz.draw(game, states[0], widget=widget)
        for state in (states[len(states) // 2], final):
            assert viz.update_board(fig, game, state) is fig
            fresh = viz.draw(game, state)
            assert _data(fig) == _data(fresh)
            assert fig.layout.title.text == fresh.layout.title.text
    assert isinstance(viz.draw(game, final, widget=True), go.FigureWidget)


def test_generic_board_accepts_the_options_apps_pass(race):
    game, states, _ = race
    fig = viz.draw(game, states[-1], None, seat=1, width=860, labels="id")
    assert fig.layout.width == 860
    untitled = viz.draw(game, states[0], title=False)
    viz.update(untitled, game, states[-1])
    assert untitled.layout.title.text is None


def test_generic_panel_is_a_table_of_scores(race):
    game, _, final = race
    fig = viz.panel(game, final)
    (table,) = fig.data
    seats, scores, notes = table.cells.values
    assert list(scores) == list(game.scores(final))
    assert len(seats) == game.players
    assert {i for i, note in enumerate(notes) if note == "won"} == set(
        game.winners(final)
    )


class Coin:
    """The least a protocol game can be: one seat calls a coin, then it is over."""

    name = "coin"
    min_players = max_players = players = 2
    defaults: ClassVar[dict] = {}
    options: ClassVar[dict] = {}

    def setup(self):
        return None

    def to_move(self, state):
        return 0 if state is None else None

    def legal_actions(self, state):
        return ["heads", "tails"] if state is None else []

    def chance_outcomes(self, state):
        return []

    def apply(self, state, action):
        return action

    def observe(self, state, seat):
        return state

    def scores(self, state):
        return (1, 0) if state == "heads" else (0, 0)

    def parse_action(self, text):
        return text

    def winners(self, state):
        return (0,) if state == "heads" else ()

    def progress(self, state):
        return Progress(0 if state is None else 1, 0 if state is None else None, 0)


def test_generic_board_of_a_minimal_protocol_game():
    game = Coin()
    start = viz.draw(game, game.setup())
    assert "blue to move · 2 legal actions" in start.layout.title.text
    viz.update(start, game, "heads")
    assert list(start.data[0].y) == [1, 0]
    assert start.layout.title.text.endswith("game over · won: blue")
    assert viz.draw(game, "tails").layout.title.text.endswith("game over · no winner")


def test_every_game_offers_gallery_pictures():
    """A view that declares GALLERY keeps its file names; others get board + panel."""
    from toolkit import GAMES
    from toolkit.core import part
    from toolkit.core.record import make_game

    names = gallery.images()
    for name in GAMES:
        cls = type(make_game(name, 2))
        offers = getattr(part(cls, "view"), "GALLERY", None)
        if offers is None:
            assert {f"{name}-board.png", f"{name}-panel.png"} <= set(names)
        else:
            assert set(offers) <= set(names)
    # the README's pictures
    for file in ("board-4p.png", "board-2p.png", "players.png", "money-flow.png"):
        assert file in names
