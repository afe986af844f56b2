"""The apps on a game they know nothing about: Race has no parts at all, so
everything comes from the generic words (:class:`toolkit.widgets.words.GameWords`)."""

from __future__ import annotations

import pytest

from toolkit.core import IllegalAction, part
from toolkit.toy import Race
from toolkit.widgets import Session
from toolkit.widgets.words import GameWords, words_for


@pytest.fixture
def session():
    return Session(Race(players=2), ["human", "human"], seed=1)


def test_a_game_without_a_words_part_gets_the_generic_words(session):
    game = session.game
    assert part(game, "words") is None
    words = words_for(game)
    assert type(words) is GameWords and not words.board_clicks
    for action in session.legal():
        assert words.label(game, session.state, action) == str(action)
        assert words.group(game, session.state, action) == "actions"  # plain text
    assert words.current_group(game, session.state) is None

    class Move:  # an action class of its own gets a group named after it
        pass

    assert words.group(game, session.state, Move()) == "Move"


def test_the_generic_status_log_and_result_use_the_protocol(session):
    game, words = session.game, session.words
    progress = game.progress(session.state)
    seat = session.to_move
    assert words.status(session) == (
        f"Round {progress.round} · {session.names[seat]} to move"
    )
    action = session.legal()[0]
    session.play(action)
    assert f"{session.names[seat]}: {action}" in session.log
    assert words.setup_summary(game, session.states[0]) == "The set-up is done."

    bots = Session(game, ["random", "random"], seed=2)
    bots.advance()
    assert bots.over
    win = game.winners(bots.state)
    status = words.status(bots)
    assert status.startswith("Game over: ")
    assert all(bots.names[w] in status for w in win)
    assert (" wins" if len(win) == 1 else " share the victory") in status


def test_clicks_on_a_board_without_clicks_explain_and_change_nothing(session):
    before = list(session.states)
    for click in (
        lambda: session.click_city("A"),
        lambda: session.click_connection("A", "B"),
        lambda: session.route_choices("A"),
    ):
        with pytest.raises(IllegalAction) as info:
            click()
        assert info.value.rule == "BOARD" and "race" in info.value.message
    assert session.states == before
