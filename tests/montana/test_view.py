"""The Montana view: the board shows the position, and an update equals a fresh draw."""

from __future__ import annotations

from toolkit import montana, viz
from toolkit.core import play, random_agent
from toolkit.core.record import replay_states
from toolkit.montana.view import TRACES


def test_M_BUILD_3_M_BUILD_4_the_board_shows_settlements_cattle_and_canteens():
    game = montana.Montana(players=3, max_turns=60)
    _, record = play(game, [random_agent] * 3, seed=5)
    states = list(replay_states(record, game))
    fig = viz.draw(game, states[0], widget=True)
    names = [t.name for t in fig.data]
    assert all(name in names for name in TRACES)
    for state in (states[len(states) // 2], states[-1]):
        viz.update_board(fig, game, state)
        fresh = viz.draw(game, state)
        for a, b in zip(fig.data, fresh.data, strict=True):
            a, b = a.to_plotly_json(), b.to_plotly_json()
            a.pop("uid", None)  # a widget numbers its traces
            b.pop("uid", None)
            assert a == b
        assert fig.layout.title.text == fresh.layout.title.text
        by = {t.name: t for t in fresh.data}
        for seat in range(3):
            placed = sum(int(t) for t in by[f"settlements {seat}"].text)
            assert placed == game.settlements - state.players[seat].left
        assert len(by["on cattle"].x) == sum(state.cattle)
        assert len(by["on canteens"].x) == sum(state.canteen)
