"""PlayApp and Session for Anno 1503, driven by calling their handlers.

A human (seat 0, Blue) plays a bot; short games use the ``max_turns`` option.
Every handler either changes the game legally or shows a message naming the
rule and leaves the game as it was.
"""

from __future__ import annotations

import pytest

from toolkit.anno1503 import (
    Anno1503,
    EndTurn,
    Explore,
    Reveal,
    Sail,
    Upgrade,
)
from toolkit.core import IllegalAction
from toolkit.widgets import BotError, PlayApp, Session
from toolkit.widgets.words import words_for


def snapshot(session):
    return (list(session.states), list(session.steps), session.can_redo)


def choices(app):
    """Every action the app offers: buttons and dropdown entries."""
    offered = [b.action for b in app.action_buttons if b.action is not None]
    for pick in app.action_pickers:
        offered += [value for _, value in pick.options]
    return offered


@pytest.fixture
def app():
    return PlayApp(
        Anno1503(players=2, max_turns=12),
        seats=["human", "greedy"],
        seed=1,
        bot_delay=0,
    )


def test_buttons_are_the_legal_actions_grouped_by_turn_phase(app):
    s = app.session
    assert s.human_to_move and s.state.phase == "build"
    offered = choices(app)
    assert sorted(map(str, offered)) == sorted(map(str, s.legal()))
    assert len(offered) == len(set(offered))
    words = words_for(app.game)
    for b in app.action_buttons:
        if b.action is not None:
            key = words.group(app.game, s.state, b.action)
            assert b in app.groups[key].children
    assert app.groups["end"].layout.border.startswith("2px")  # End turn is there
    assert any(b.description == "End turn" for b in app.action_buttons)
    assert "Blue (you)" in app.title.value and "phase 2" in app.title.value
    assert "victory conditions" in app.players.value
    assert "Anno 1503 specification" in app.children[-4].value  # the log header


def test_clicking_a_button_plays_it_and_updates_board_and_log_in_place(app):
    fig, log_before = app.fig, list(app.session.log)
    title_before = fig.layout.title.text
    sail = next(b for b in app.action_buttons if isinstance(b.action, Sail))
    sail.click()
    s = app.session
    assert app.message_kind == "ok", app.message_text
    assert "sails ship 1" in app.message_text and "(A-SHIP-3)" in app.message_text
    assert s.state.phase == "sea" and s.human_to_move
    assert app.fig is fig  # updated in place, not rebuilt
    assert fig.layout.title.text != title_before
    assert len(s.log) > len(log_before)
    assert not any(b.action.__class__.__name__ == "Sell" for b in app.action_buttons)
    assert "Action points left" in app.groups["sea"].children[1].value
    # ending the turn lets the bot play its whole turn; Blue decides again
    next(b for b in app.action_buttons if b.action == EndTurn()).click()
    assert s.human_to_move or s.over
    assert any(line.startswith("Red ") for line in s.log[len(log_before) :])


def engine_refusal(game, state, action):
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    return err.value


def test_illegal_actions_change_nothing_and_cite_the_rule(app):
    s = app.session
    before = snapshot(s)
    for action in (Upgrade(7), Sail(1, (0, 11)), Explore(2, (1, 1))):
        refusal = engine_refusal(app.game, s.state, action)
        assert refusal.rule.startswith("A-")
        app.on_action(action)
        assert app.message_kind == "why"
        assert app.message_text == f"Why not? {refusal.rule}: {refusal.message}"
    app.on_typed("fly to the moon")
    assert app.message_kind == "why" and "NOTATION" in app.message_text
    app.on_typed("discard SPICE")  # not the end of the turn
    assert app.message_kind == "why" and "A-" in app.message_text
    with pytest.raises(IllegalAction, match="space 7"):
        s.play(Upgrade(7))
    assert snapshot(s) == before
    assert sorted(map(str, choices(app))) == sorted(map(str, s.legal()))


def test_pioneers_board_clicks_are_answered_with_a_message(app):
    s = app.session
    before = snapshot(s)
    for click in (
        lambda: app.on_city_click("DET"),
        lambda: app.on_connection_click("DET", "CHI"),
        app.on_board_click,
    ):
        click()
        assert app.message_kind == "why"
        assert "BOARD" in app.message_text and "not clickable" in app.message_text
    with pytest.raises(IllegalAction, match="not clickable"):
        s.click_city("DET")
    assert snapshot(s) == before


def test_undo_and_redo_give_back_the_same_positions(app):
    s = app.session
    start = s.state
    next(b for b in app.action_buttons if b.action == EndTurn()).click()
    after, log = s.state, s.log
    assert after != start and s.can_undo
    app.on_undo()
    assert s.state == start and s.can_redo and app.message_text == "Undone."
    assert sorted(map(str, choices(app))) == sorted(map(str, s.legal()))
    app.on_redo()
    assert s.state == after and s.log == log  # same dice: undo never re-rolls


def test_a_failing_bot_becomes_a_message_and_the_human_takes_its_seat():
    def broken(game, view, legal, rng):
        raise RuntimeError("bot bug")

    game = Anno1503(players=2, max_turns=12)
    with pytest.raises(BotError, match="bot bug"):
        Session(game, ["human", broken], seed=1).advance()
    app = PlayApp(game, seats=["human", broken], seed=1, bot_delay=0)
    s = app.session
    if s.human_to_move and s.to_move == 0:  # Blue starts: end the turn first
        next(b for b in app.action_buttons if b.action == EndTurn()).click()
    assert app.message_kind == "error" and "bot bug" in app.message_text
    assert s.to_move == 1 and 1 in s.humans  # Red's move was not played
    game.legal_actions(s.state)  # a legal position


def test_bots_in_every_seat_play_to_a_winner_and_the_result_shows():
    app = PlayApp(
        Anno1503(players=2, max_turns=200),
        seats=["greedy", "greedy"],
        seed=3,
        bot_delay=0,
    )
    s = app.session
    assert s.bot_to_move and not s.over
    app.on_bots()
    assert s.over, app.message_text
    winner = s.state.winner
    assert winner is not None
    assert f"Game over: {s.names[winner]} wins (A-WIN-3)" in app.title.value
    assert len(app.game.conditions(s.state, winner)) >= 3
    result = app.final.children[0].value
    assert s.names[winner] in result and "V-" in result
    assert app.final.children[1].layout.title.text  # the home islands panel
    assert "wins (A-WIN-3)" in s.log[-1]
    # the log never names an explored card's face (A-EXPL-1: only the explorer sees it)
    for step in s.steps:
        if isinstance(step.action, Reveal):
            assert all(step.action.code not in line for line in step.lines)
    assert any(isinstance(st.action, Explore) for st in s.steps)


def test_max_turns_ends_without_a_winner_and_says_so():
    s = Session(Anno1503(players=2, max_turns=3), ["random", "random"], seed=5)
    s.advance()
    assert s.over and s.state.winner is None
    assert "without a winner" in s.log[-1] and "max_turns" in s.log[-1]
    assert words_for(s.game).status(s).startswith("Game over after 3 turns")
    assert s.record().game == "anno1503"


def test_replay_app_steps_through_a_record():
    from toolkit.core import play, random_agent
    from toolkit.widgets import ReplayApp

    game = Anno1503(players=2, max_turns=6)
    _, record = play(game, [random_agent] * 2, seed=4)
    app = ReplayApp(record)
    assert app.game.progress(app.states[0]).round > 0  # the set-up is step 0's line
    summary = words_for(app.game).setup_summary(app.game, app.states[0], {})
    assert app.words(0) == [summary]
    last = len(app.states) - 1
    app.on_step(last)
    assert app.state is app.states[last] and app.message_kind != "error"
    assert app.words(last) and app.text.value
