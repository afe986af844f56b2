"""The Pioneers apps of its view part, driven by calling their handlers (no browser).

RouteExplorer and PositionEditor live in :mod:`toolkit.pioneers.view`; every
handler must either change the position legally or show a message and leave it
as it was.
"""

from __future__ import annotations

import sys

import pytest

from toolkit.pioneers.builder import fixture_game, stage, wagon
from toolkit.pioneers.view import PositionEditor, RouteExplorer
from toolkit.widgets.figures import trace


def test_the_apps_are_loaded_only_when_asked_for():
    import subprocess

    code = (
        "import sys; import toolkit.pioneers.view as v; "
        "assert 'ipywidgets' not in sys.modules; v.RouteExplorer; "
        "assert 'ipywidgets' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ----- RouteExplorer ------------------------------------------------------------------


@pytest.fixture
def explorer():
    game = fixture_game(["S-A", "A-B", "S-C", "C-B", "B-D"], start="S")
    state = stage(
        game,
        tiles={"B": "FARMER", "A": "HOTEL", "D": "FARMER"},
        roads={"S-C": 1},
        players={
            0: dict(money=5, wagons=[wagon("X", "FARMER")]),
            1: dict(money=0, wagons=[wagon("Y", "FARMER")]),
        },
    )
    return RouteExplorer(game, state)


def test_explorer_lists_targets_and_routes_with_their_tolls(explorer):
    assert [v for _, v in explorer.target_pick.options] == ["A", "B"]
    explorer.target_pick.value = "B"
    assert [tuple(p) for p in explorer.routes["path"]] == [("S", "C", "B")]
    assert "$1 to the bank, $1 to Red" in explorer.table.value
    assert "Route for blue" in explorer.fig.layout.annotations[0].text


def test_explorer_other_player_and_too_dear(explorer):
    explorer.seat_pick.value = 1
    assert explorer.seat == 1
    labels = [label for label, _ in explorer.target_pick.options]
    assert any("too dear" in label for label in labels)
    explorer.target_pick.value = "B"
    assert explorer.message_kind == "why" and "P-MOVE-7" in explorer.message_text


def test_explorer_steps_through_dijkstra(explorer):
    assert len(explorer.steps) >= 3
    explorer.on_step(0)
    assert explorer.show_dijkstra.value
    assert list(trace(explorer.fig, "dijkstra settled").text) == ["$0"]
    assert "start: the stagecoach stands on S" in explorer.step_text.value
    explorer.step.value = explorer.step.max
    last = explorer.steps[-1]
    assert len(trace(explorer.fig, "dijkstra settled").x) == len(last.dist)
    explorer.on_step(99)
    assert explorer.message_kind == "error" and explorer.step.value == explorer.step.max


def test_explorer_title_names_the_player_whose_routes_it_shows(explorer):
    """Issue 18, defect 7: the title said "blue to move" after choosing Red."""
    assert "Routes for Blue" in explorer.fig.layout.title.text
    explorer.seat_pick.value = 1
    assert "Routes for Red" in explorer.fig.layout.title.text
    assert "Blue" not in explorer.fig.layout.title.text


def test_explorer_steps_one_at_a_time(explorer):
    """Issue 18, defect 7: the slider sends one value per release, and ◀ ▶ step by one."""
    assert explorer.step.continuous_update is False
    explorer.on_step(1)
    explorer.step_next.click()
    assert explorer.step.value == 2 and "step 2 of" in explorer.step_text.value
    explorer.step_back.click()
    explorer.step_back.click()
    assert explorer.step.value == 0
    explorer.step_back.click()
    assert explorer.step.value == 0


def test_explorer_without_targets_says_why():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(
        game,
        tiles={"A": "BANKER", "B": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    ex = RouteExplorer(game, state)
    assert ex.message_text.startswith("P-MOVE-5") and ex.routes is None


# ----- PositionEditor -----------------------------------------------------------------


def test_editor_builds_a_position_and_hands_it_on():
    ed = PositionEditor.fixture(
        ["S-A", "A-B", "S-C", "C-B"],
        start="S",
        tiles={"A": "BANKER", "B": "FARMER"},
        roads={"S-C": 1},
        money=[5, 0, 0, 0],
        wagons={0: "X=FA,(BK)"},
    )
    pl = ed.state.players[0]
    assert pl.money == 5 and pl.wagons[0].seats == ("FARMER", "BANKER")
    assert pl.wagons[0].occupied == (True, False)
    ex = ed.explore()
    assert [tuple(p) for p in ex.routes["path"]] == [("S", "C", "B")]
    app = ed.play(bot_delay=0)
    app.on_city_click("B")
    assert app.session.state.coach == "B" and app.session.state.players[1].money == 1


def test_editor_rebuilds_from_the_fields():
    ed = PositionEditor.fixture(["S-A", "A-B"], start="S", money=[1, 2, 3, 4])
    ed.fields["tiles"].value = "A=gd B=HOTEL"
    ed.fields["roads"].value = "A-B=1+2"
    ed.fields["settled"].value = "A=3 A=3"
    ed.fields["wagons"].value = "2: W@9=FARMER,FARMER"
    ed.coach.value = "A"
    ed.build_button.click()
    st = ed.state
    assert ed.message_kind == "ok"
    assert st.tiles[ed.game.board.index["A"]] == "GOLD_DIGGER"
    assert st.roads[ed.game.board.edge_of("A", "B")] == (1, 2)
    assert st.settled[ed.game.board.index["A"]][3] == 2 and st.coach == "A"
    assert st.players[2].wagons[0].vp == 9


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("tiles", "A=BANKR", "tiles: 'BANKR' is not one of"),
        ("roads", "A-Q=1", "no connection 'A-Q'"),
        ("roads", "A-B=7", "roads: '7' is not a seat 0..3"),
        ("money", "1 x", "money: give up to 4 whole numbers"),
        ("wagons", "X=FA", "should start with a seat"),
        ("settled", "A", "should look like KEY=VALUE"),
    ],
)
def test_editor_bad_field_keeps_the_last_position(field, value, words):
    ed = PositionEditor.fixture(["S-A", "A-B"], start="S", tiles={"A": "FARMER"})
    good = ed.state
    ed.fields[field].value = value
    ed.on_build()
    assert ed.message_kind == "why" and words in ed.message_text
    assert "The last position is kept" in ed.message_text
    assert ed.state is good


def test_editor_bad_initial_spec_raises_like_stage():
    with pytest.raises(ValueError, match="no city 'Q'"):
        PositionEditor.fixture(["S-A"], start="S", tiles={"Q": "FARMER"})
