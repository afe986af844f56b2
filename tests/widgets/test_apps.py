"""The generic apps, driven by calling their handlers (no browser, no kernel).

Every handler must either change the game legally or show a message and leave
the game as it was: illegal clicks, failing bots and exceptions inside a
callback included.
"""

from __future__ import annotations

from types import SimpleNamespace

import plotly.graph_objects as go
import pytest

from toolkit.core import IllegalAction, Record, play, random_agent
from toolkit.pioneers import EndPurchases, MoveCoach, Pioneers
from toolkit.pioneers.builder import fixture_game, stage, wagon
from toolkit.widgets import PlayApp, ReplayApp
from toolkit.widgets.figures import trace


def snapshot(app):
    s = app.session
    return (list(s.states), list(s.steps), s.can_redo)


def board_data(fig):
    """What the board shows, comparable between two moments."""
    return [
        (tr.name, tuple(tr.x or ()), tuple(tr.y or ()), str(tr.marker.color))
        for tr in fig.data
    ]


@pytest.fixture
def app():
    return PlayApp(
        Pioneers(players=4, start_player=0),
        seats=["human", "greedy", "random", "greedy"],
        seed=3,
        bot_delay=0,
    )


def buttons(app):
    return {b.description: b for b in app.action_buttons}


# ----- PlayApp ------------------------------------------------------------------------


def test_legal_actions_are_buttons_in_the_current_phase_group(app):
    assert "End purchases" in buttons(app)
    assert {b.action for b in app.action_buttons} == set(app.session.legal())
    purchase = app.groups["purchase"]
    assert purchase.layout.border.startswith("2px")
    assert any(
        getattr(w, "description", "") == "End purchases" for w in purchase.children
    )
    assert "receives $3 this turn (P-INC-1)" in app.groups["income"].children[1].value


def test_players_table_hides_the_bots_gold():
    game = fixture_game(["S-A"], start="S")
    state = stage(game, phase="buy", players={0: dict(money=2), 1: dict(nuggets=[5])})
    app = PlayApp(
        game, seats=["human", "random", "random", "random"], state=state, bot_delay=0
    )
    red = next(row for row in app.players.value.split("<tr>") if "Red" in row)
    assert "<td>0</td>" in red and "<td>5</td>" not in red  # ASSUMPTION-10


def test_button_click_plays_and_updates_board_log_and_buttons(app):
    log_before, fig_before = app.log_html.value, board_data(app.fig)
    buttons(app)["End purchases"].click()
    assert app.session.state.phase == "move"
    assert "ends the purchase phase (P-BUY-5)" in app.message_text
    assert app.log_html.value != log_before
    assert all(isinstance(b.action, MoveCoach) for b in app.action_buttons)
    target = app.action_buttons[0].action.target
    app.on_city_click(target)
    assert app.session.state.coach == target
    assert board_data(app.fig) != fig_before


def test_illegal_city_click_explains_why_not_and_changes_nothing(app):
    buttons(app)["End purchases"].click()
    before, fig = snapshot(app), board_data(app.fig)
    app.on_city_click("CHI")
    assert app.message_kind == "why"
    assert app.message_text.startswith(
        "Why not? P-MOVE-3: the stagecoach cannot pass through"
    )
    assert snapshot(app) == before and board_data(app.fig) == fig


def test_clicking_the_plotly_cities_trace_moves_the_coach(app):
    buttons(app)["End purchases"].click()
    target = app.session.legal()[0].target
    i = app.game.board.index[target]
    cities = trace(app.fig, "cities")
    app._board_points(
        cities, SimpleNamespace(point_inds=[i], xs=[cities.x[i]], ys=[cities.y[i]])
    )
    assert app.session.state.coach == target
    assert trace(app.fig, "coach").hovertext[0].endswith(app.game.board.names[i])


def test_clicking_a_pioneer_means_its_city(app):
    buttons(app)["End purchases"].click()
    target = app.session.legal()[0].target
    xy = trace(app.fig, "cities")
    i = app.game.board.index[target]
    pioneers = trace(app.fig, "pioneers seat 0")
    app._board_points(
        pioneers, SimpleNamespace(point_inds=[0], xs=[xy.x[i] + 8], ys=[xy.y[i] + 7])
    )
    assert app.session.state.coach == target


def test_clicking_a_connection_buys_and_places_a_road(app):
    e = next(e for e, r in enumerate(app.session.state.roads) if not r)
    info = trace(app.fig, "connection info")
    app._board_points(info, SimpleNamespace(point_inds=[e], xs=[0], ys=[0]))
    state = app.session.state
    assert state.roads[e] == (0,) and state.players[0].money == 3 + 2 - 2
    assert "buys 1 road for $2" in app.message_text
    assert len(trace(app.fig, "roads seat 0").x) > 0


def test_choose_route_lists_routes_and_moves_along_the_picked_one():
    game = fixture_game(["S-A", "A-B", "S-C", "C-B"], start="S")
    state = stage(
        game,
        tiles={"B": "FARMER"},
        roads={"S-C": 1},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    app = PlayApp(game, seats=["human"] * 4, state=state, bot_delay=0)
    app.choose_route.value = True
    app.on_city_click("B")
    paths = [m.path for _, m in app.route_pick.options]
    assert paths == [("S", "A", "B"), ("S", "C", "B")]  # both $2: fewer steps, then ids
    assert trace(app.fig, "route").customdata[0] == "S"
    app.route_pick.value = app.route_pick.options[1][1]
    assert app.route.path == ("S", "C", "B")
    assert "Route for" in app.fig.layout.annotations[0].text
    app.on_route_go()
    assert app.session.state.coach == "B"
    assert app.session.state.players[1].money == 1  # $1 toll to Red's road
    assert app.route is None and not app.route_pick.options


def test_route_go_without_a_route_explains(app):
    app.on_route_go()
    assert app.message_kind == "why" and "click a target city" in app.message_text


def test_undo_and_redo_buttons(app):
    start = snapshot(app)
    assert app.undo_button.disabled
    buttons(app)["End purchases"].click()
    after = snapshot(app)
    app.undo_button.click()
    assert snapshot(app)[:2] == start[:2] and not app.redo_button.disabled
    app.redo_button.click()
    assert snapshot(app)[:2] == after[:2]
    app.redo_button.click()
    assert app.message_kind == "why" and "nothing to redo" in app.message_text


def test_typed_actions_play_or_explain(app):
    app.on_typed("end purchases")
    assert app.session.state.phase == "move"
    before = snapshot(app)
    app.on_typed("fly to the moon")
    assert app.message_kind == "why" and "NOTATION" in app.message_text
    app.on_typed("buy R1")
    assert app.message_text.startswith("Why not? P-")
    assert "buy R1 cannot be played now" in app.message_text
    assert snapshot(app) == before


def test_an_exception_inside_a_callback_leaves_the_game_as_it_was(app, monkeypatch):
    before, fig = snapshot(app), board_data(app.fig)

    def boom(*actions):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(app.session, "play", boom)
    buttons(app)["End purchases"].click()
    assert app.message_kind == "error"
    assert "RuntimeError: disk on fire" in app.message_text
    assert "Nothing was changed" in app.message_text
    assert snapshot(app) == before and board_data(app.fig) == fig


def test_a_failing_bot_hands_its_seat_to_the_human(monkeypatch):
    def broken(game, view, legal, rng):
        raise KeyError("no idea")

    app = PlayApp(
        Pioneers(players=2, start_player=0), seats=["human", broken], bot_delay=0
    )
    buttons(app)["End purchases"].click()
    app.on_action(app.session.legal()[0])
    while app.session.to_move == 0:
        app.on_action(app.session.legal()[-1])
    assert app.message_kind == "error" and "bot of Red failed" in app.message_text
    assert app.session.to_move == 1 and 1 in app.session.humans
    assert app.action_buttons  # the human may now decide for Red
    app.on_action(app.action_buttons[-1].action)
    assert app.message_kind == "ok"


def test_bots_pause_between_moves_when_asked(monkeypatch):
    pauses = []
    monkeypatch.setattr("toolkit.widgets.play.time.sleep", pauses.append)
    app = PlayApp(
        Pioneers(players=2, start_player=0),
        seats=["human", "random"],
        seed=1,
        bot_delay=0.25,
    )
    assert not pauses  # no waiting before the app is shown
    app.on_action(EndPurchases())
    app.on_action(app.session.legal()[0])
    while not pauses:  # Blue finishes the turn; then Red, a bot, plays
        app.on_action(app.session.legal()[-1])
    assert set(pauses) == {0.25}
    assert app.session.to_move == 0
    assert "Then the bots made" in app.message_text
    assert "Now Blue decides" in app.message_text


def test_a_whole_game_ends_with_the_score_chart():
    app = PlayApp(
        Pioneers(players=2, start_player=0),
        seats=["human", "random"],
        seed=4,
        bot_delay=0,
    )
    for _ in range(2000):
        if app.session.over:
            break
        app.on_action(app.session.legal()[0])
    assert app.session.over
    assert app.title.value.count("Game over")
    assert "P-SCORE-5" in app.session.log[-1]
    chart = app.final.children[1]
    assert isinstance(chart, go.FigureWidget)
    totals = [sum(tr.y[s] for tr in chart.data if tr.type == "bar") for s in range(2)]
    assert totals == list(app.game.scores(app.session.state))
    app.on_city_click("CLE")
    assert "the game is over" in app.message_text


def test_all_bot_seats_wait_for_the_play_button():
    app = PlayApp(
        Pioneers(players=2, start_player=0), seats=["random", "random"], bot_delay=0
    )
    assert app.session.bot_to_move and not app.bots_button.disabled
    app.bots_button.click()
    assert app.session.over and app.bots_button.disabled


# ----- ReplayApp ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def record():
    return play(Pioneers(players=2), [random_agent] * 2, seed=8)[1]


def test_replay_slider_moves_the_board_and_the_chart(record, tmp_path):
    path = tmp_path / "game.json"
    record.save(path)
    app = ReplayApp(str(path))
    assert app.states[0].round == 1 and app.chart.layout.shapes[0].x0 == 0
    board0 = board_data(app.fig)
    app.slider.value = 30
    assert app.state is app.states[30]
    assert board_data(app.fig) != board0
    assert 0 < app.chart.layout.shapes[0].x0 < 30  # the turn of step 30
    assert "(P-" in app.text.value or "(ASSUMPTION-" in app.text.value
    app.slider.value = app.slider.max
    assert "The game is over" in app.text.value
    assert [tr.y[-1] for tr in app.chart.data] == list(record.scores)


def test_replay_bad_step_is_refused(record):
    app = ReplayApp(record)
    app.on_step(10_000)
    assert app.message_kind == "error" and app.step == 0


def test_replay_of_a_broken_record_names_the_action(record):
    bad = Record.from_json(
        record.to_json().replace('"actions":["', '"actions":["bogus", "')
    )
    with pytest.raises(Exception, match="action 0"):
        ReplayApp(bad)


def test_illegal_action_is_a_value_error_students_can_catch():
    assert issubclass(IllegalAction, ValueError)


def _pioneers_app():
    from toolkit import pioneers
    from toolkit.widgets import PlayApp

    game = pioneers.Pioneers(players=2, start_player=0)
    return PlayApp(game, seats=["human", "greedy"], seed=5, bot_delay=0)


def test_why_not_opens_the_rule_and_shows_where_the_eye_is():
    """Issue 18: a typed illegal action is answered under the typing box, and the
    answer's rule ID opens its sentence from the game's rules table."""
    from toolkit.core.rulebook import rule_text

    app = _pioneers_app()
    app.on_typed("buy R9")
    assert app.message.value == ""  # not above the board, out of sight
    assert "Why not?" in app.near_message.value
    assert "<details class='frontier-rule'>" in app.near_message.value
    assert rule_text(app.game, "NOTATION") in app.near_message.value
    app.on_action(app.session.legal()[0])  # a button: the answer goes back up
    assert app.near_message.value == "" and app.message.value


def test_log_lines_open_their_rules():
    from toolkit.core.rulebook import rule_text

    app = _pioneers_app()
    app.on_action(app.session.legal()[0])
    assert "<details class='frontier-rule'>" in app.log_html.value
    assert rule_text(app.game, "P-INC-1") in app.log_html.value


def test_button_labels_wrap_and_the_game_can_be_replayed_in_the_app():
    app = _pioneers_app()
    assert "frontier-play" in app._dom_classes
    assert "white-space: normal" in app.children[0].value
    app.on_bots()  # the human's seat is played by nobody: give it to a bot
    app.session.take_over(0)
    while not app.session.over:
        app.on_action(app.session.legal()[0])
    assert app.replay_button in app.final.children
    app.replay_button.click()
    assert type(app.replay_box.children[0]).__name__ == "ReplayApp"
