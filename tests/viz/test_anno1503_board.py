"""Structural tests of the Anno 1503 board figure (no browser needed)."""

from __future__ import annotations

import itertools
import json

import plotly.graph_objects as go
import pytest

from toolkit import anno1503, viz
from toolkit.anno1503 import IslandCard, Sail
from toolkit.anno1503 import view as V
from toolkit.anno1503.view import style as VS
from toolkit.anno1503.view.geometry import _track_x, good_code
from toolkit.core import play, random_agent, replay_states
from toolkit.viz import theme as T
from toolkit.viz.common import FIT_WIDTH, MARGIN


@pytest.fixture(scope="module")
def anno2():
    return anno1503.Anno1503(players=2)


@pytest.fixture(scope="module")
def anno4():
    return anno1503.Anno1503(players=4, max_turns=120)


@pytest.fixture(scope="module")
def played4(anno4):
    """Every state of a seeded 4-player random game stopped after 120 turns."""
    _, record = play(anno4, [random_agent] * 4, seed=5)
    return list(replay_states(record, anno4))


@pytest.fixture(scope="module")
def staged(anno2):
    """Blue in phase 3 with two ships; explored, stacked and empty islands."""
    return anno1503.position(
        anno2,
        seats={
            0: {
                "gold": 22,
                "hand": "SPICE SPICE STONE TOBACCO",
                "residents": "S C M S+SCHOOL P+CHURCH",
                "offices": {2: "SPICE", 4: "TOBACCO"},
                "contracts": 1,
                "ships": [(2, 5), (1, 8)],
            },
            1: {
                "gold": 9,
                "hand": "CLOTH WOOD",
                "residents": "P S P",
                "contracts": 2,
                "ships": [(2, 5)],
            },
        },
        islands={
            (1, 6): [IslandCard("TC/2", 1), IslandCard("?/2")],
            (1, 7): IslandCard("BO-SPICE/2", 2),
            (3, 5): IslandCard("TG/2", 3),
            (4, 1): [],
        },
        active=0,
        phase="sea",
        ap=(2, 1),
        roll=4,
    )


def trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"expected one trace named {name!r}, found {len(found)}"
    return found[0]


def expected_names(names, players):
    out = []
    for name in names:
        if "{seat}" in name:
            out += [name.format(seat=s) for s in range(players)]
        else:
            out.append(name)
    return out


def cell_of(geo, x, y):
    """The (row, col) of the sea-board cell that contains the point (x, y)."""
    return (int((y - geo.sea_top) // VS.CELL), int((x - geo.sea_x0) // VS.CELL))


# ----------------------------------------------------------------- traces


@pytest.mark.parametrize("players", [2, 3, 4])
def test_trace_names_are_stable_and_unique(players):
    game = anno1503.Anno1503(players=players)
    fig = viz.draw(game, game.setup())  # found through the game's view part
    assert isinstance(fig, go.Figure)
    names = [t.name for t in fig.data]
    assert len(names) == len(set(names))
    board = expected_names(V.TRACES, players)
    assert names[: len(board)] == board
    legend = names[len(board) :]
    # players, the face-down card, the four resident levels: legend only, no data
    assert len(legend) == players + 1 + 4
    assert all(all(v is None for v in trace(fig, n).x) for n in legend)
    assert fig.layout.meta["game"] == "anno1503"


def test_trace_count_depends_on_players_only(anno4, played4):
    a = viz.draw(anno4, played4[10])
    b = viz.draw(anno4, played4[-1])
    assert [t.name for t in a.data] == [t.name for t in b.data]


def test_panel_has_no_sea(anno4, played4):
    fig = viz.panel(anno4, played4[-1])
    names = [t.name for t in fig.data]
    assert names[: len(expected_names(V.PANEL_TRACES, 4))] == expected_names(
        V.PANEL_TRACES, 4
    )
    assert "sea" not in names and "island cards" not in names
    assert fig.layout.height < viz.draw(anno4, played4[-1]).layout.height


# ----------------------------------------------------------------- the sea


def test_sea_and_islands_cover_the_grid(anno2):
    fig = viz.draw(anno2, anno2.setup())
    geo = V.geometry(2, 5, 12)
    sea = {cell_of(geo, x, y) for x, y in zip(trace(fig, "sea").x, trace(fig, "sea").y)}
    isl = trace(fig, "islands")
    islands = {cell_of(geo, x, y) for x, y in zip(isl.x, isl.y)}
    assert sea == set(anno1503.sea_graph(anno2))
    assert islands == set(anno2.island_spaces)
    assert len(sea) + len(islands) == 5 * 12
    assert list(trace(fig, "island numbers").text) == [
        str(n) for n in anno2.island_numbers
    ]
    start = trace(fig, "start")
    assert cell_of(geo, start.x[0], start.y[0]) == anno2.start


def test_setup_stacks_show_only_back_numbers(anno4):
    s = anno4.setup()
    fig = viz.draw(anno4, s)
    cards = trace(fig, "island cards")
    assert len(cards.x) == sum(len(st) for st in s.islands) == 20
    assert sorted(cards.text) == sorted(str(n) for n in anno4.island_numbers)
    assert set(cards.marker.color) == {VS.CARD_BACK}
    assert all("face down, back" in h for h in cards.hovertext)
    assert list(trace(fig, "stack sizes").text) == []


def test_ships_stand_on_their_cells(anno2, staged):
    fig = viz.draw(anno2, staged)
    geo = V.geometry(2, 5, 12)
    for seat in range(2):
        tr = trace(fig, f"ships seat {seat}")
        ships = [at for at in staged.players[seat].ships if at is not None]
        assert [cell_of(geo, x, y) for x, y in zip(tr.x, tr.y)] == ships
        assert tr.marker.symbol == T.player_symbol(seat)
        assert tr.marker.color == T.player_colour(seat)
    blue = trace(fig, "ships seat 0")
    assert list(blue.text) == ["1", "2"]
    assert blue.hovertext[0] == "blue ship 1 at (2,5) · 2 AP left"
    assert blue.hovertext[1] == "blue ship 2 at (1,8) · 1 AP left"
    red = trace(fig, "ships seat 1")
    assert red.hovertext[0] == "red ship 1 at (2,5) · 2 AP"
    # two ships on one cell do not cover each other
    assert (blue.x[0], blue.y[0]) != (red.x[0], red.y[0])


def test_stacks_explored_cards_and_hover(anno2, staged):
    fig = viz.draw(anno2, staged)
    isl = trace(fig, "islands")
    hover = dict(zip(isl.customdata, isl.hovertext))
    assert "2 island cards, top first" in hover["(1,6)"]
    assert "trade contract" in hover["(1,6)"] and "explored by blue" in hover["(1,6)"]
    assert "branch office: spice" in hover["(1,7)"]
    assert "explored by red" in hover["(1,7)"]
    assert "no island card (empty)" in hover["(4,1)"]
    assert "not in use with 2 players" in hover["(0,4)"]  # a "3" island
    cards = trace(fig, "island cards")
    texts = [t for t in cards.text if t]
    assert "SP" in texts and "12" in texts  # face-up office and gold treasure
    assert list(trace(fig, "stack sizes").text) == ["×2"]


def test_a_seat_sees_only_what_it_explored(anno2, staged):
    mine = json.dumps(viz.draw(anno2, staged, seat=1).to_plotly_json()["data"])
    assert "explored by blue" in mine  # who looked is public ...
    assert "trade contract: buy" not in mine  # ... but not what blue saw
    assert "branch office: spice" in mine  # red saw this one itself
    assert "treasure: 12 gold" in mine  # both saw it
    blue = json.dumps(viz.draw(anno2, staged, seat=0).to_plotly_json()["data"])
    assert "trade contract: buy" in blue and "branch office: spice" not in blue
    assert "as red sees it" in viz.draw(anno2, staged, seat=1).layout.title.text


def test_reach_matches_the_breadth_first_search(anno2, staged):
    fig = viz.draw(anno2, staged, reach=True)
    geo = V.geometry(2, 5, 12)
    reach = trace(fig, "reach")
    costs = trace(fig, "reach costs")
    cost: dict = {}
    for r in anno1503.reachable(anno2, staged, 0):
        for p, d in r.spaces.items():
            cost[p] = min(cost.get(p, 99), d)
    drawn = {
        cell_of(geo, x, y): int(t) for x, y, t in zip(costs.x, costs.y, costs.text)
    }
    assert {cell_of(geo, x, y) for x, y in zip(reach.x, reach.y)} == set(cost)
    assert drawn == cost
    assert drawn[(2, 5)] == 0 and drawn[(2, 7)] == 2
    assert any("ship 1: 2 AP" in h for h in reach.hovertext)
    rings = trace(fig, "reach islands")
    assert {cell_of(geo, x, y) for x, y in zip(rings.x, rings.y)} >= {(1, 6), (3, 5)}
    assert list(trace(viz.draw(anno2, staged), "reach").x) == []


def test_route_follows_a_shortest_sea_path(anno2, staged):
    fig = viz.draw(anno2, staged, Sail(1, (3, 8)))
    geo = V.geometry(2, 5, 12)
    route = trace(fig, "route")
    cells = [cell_of(geo, x, y) for x, y in zip(route.x, route.y)]
    assert cells[0] == (2, 5) and cells[-1] == (3, 8)
    assert len(cells) - 1 == dict(anno2.distances[(2, 5)])[(3, 8)]
    assert all(
        abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(cells)
    )
    assert all(c in anno1503.sea_graph(anno2) for c in cells)
    note = fig.layout.annotations[0]
    assert note.visible and "6 steps = 6 AP" in note.text and "2 AP left" in note.text
    with pytest.raises(ValueError, match="not a sea space"):
        viz.draw(anno2, staged, [(2, 5), (1, 6)])
    assert not viz.draw(anno2, staged).layout.annotations[0].visible


# ----------------------------------------------------------------- homes and track


def test_home_islands_show_residents_buildings_bridges(anno2, staged):
    fig = viz.draw(anno2, staged)
    res = trace(fig, "residents")
    assert len(res.x) == 2 * 7
    assert list(res.text[:7]) == ["S", "C", "M", "S", "P", "6", "7"]
    assert list(res.text[7:10]) == ["P", "S", "P"]
    assert res.marker.line.color[0] == T.player_colour(0)
    assert "Merchant on space 3" in res.hovertext[2]
    assert "buys 1 tobacco for 4 gold" in res.hovertext[2]
    slots = trace(fig, "building slots")
    assert list(slots.text[:4]) == ["SC", "CH", " ", " "]  # NO_TEXT keeps the element
    assert "School" in slots.hovertext[0]
    bridges = trace(fig, "stone bridges")
    assert len(bridges.x) == 2 * 4
    assert list(bridges.text[:4]) == ["SP", " ", "TB", " "]  # island A: bridges 2-5
    assert "a roll of 2 gives stone or spice" in bridges.hovertext[0]
    wooden = trace(fig, "wooden bridges")
    assert list(wooden.text) == ["−1", " ", " ", "−1", "−1", " "]
    hands = trace(fig, "hands")
    assert list(hands.text[:6]) == ["1", "0", "0", "0", "2", "1"]
    assert "blue holds 2 spice" in hands.hovertext[4]
    text = " ".join(trace(fig, "home text").text)
    assert "22 gold" in text and "ships: 2 at sea, 0 in supply" in text
    assert trace(fig, "home text").text[0].startswith("<b>▶ </b>")  # before the name
    assert len(trace(fig, "active home").x) == 5
    dice = trace(fig, "dice")
    assert dice.marker.color[3] == VS.ROLLED  # the 4 just rolled


def test_production_table_matches_the_home_islands(anno4):
    fig = viz.draw(anno4, anno4.setup())
    prod = trace(fig, "production")
    assert len(prod.x) == 4 * 6
    for seat in range(4):
        row = list(prod.text[6 * seat : 6 * seat + 6])
        assert row[:5] == [good_code(g) for g in anno4.production[seat]]
        assert row[5] == "EV"


def test_victory_track_counts_conditions(anno2):
    s = anno1503.position(
        anno2,
        seats={0: {"gold": 31, "residents": "M M M P P"}, 1: {"gold": 12}},
    )
    assert anno2.conditions(s, 0) == ("V-GOLD", "V-MERCHANT")
    fig = viz.draw(anno2, s)
    coats = list(trace(fig, "coats of arms").marker.color)
    assert coats[:3] == [T.player_colour(0)] * 2 + ["#ffffff"]
    assert coats[3:] == ["#ffffff"] * 3
    text = list(trace(fig, "track text").text)
    assert "<b>✓ 31/30</b>" in text and "<b>✓ 3/3</b>" in text and "12/30" in text
    bar = trace(fig, "track seat 0")
    x0 = _track_x(0)
    assert bar.x[:2] == (x0, x0 + VS.BAR)  # gold bar full (capped at 30)
    assert any(
        "12 of 30 gold (V-GOLD) · 18 to go" in h
        for h in trace(fig, "track text").hovertext
    )


def test_supply_reserve_and_display(anno2, staged):
    fig = viz.draw(anno2, staged)
    assert [int(t) for t in trace(fig, "supply").text] == list(staged.supply)
    assert trace(fig, "reserve").text[0] == str(sum(staged.reserve))
    display = trace(fig, "display")
    assert len(display.x) == len(staged.display)
    assert all("on display" in h for h in display.hovertext)


def test_titles_name_the_phase_and_the_winner(anno4, played4, anno2):
    assert "production roll" in viz.draw(anno4, played4[1]).layout.title.text
    end = played4[-1]
    assert "stopped after 120 turns" in viz.draw(anno4, end).layout.title.text
    s = anno1503.position(anno2, phase="over", winner=1)
    assert "game over: red wins" in viz.draw(anno2, s).layout.title.text


# ----------------------------------------------------------------- update_board


def test_update_board_equals_a_fresh_draw(anno4, played4):
    picks = [played4[i] for i in (0, 3, 50, 200, len(played4) // 2)] + [played4[-1]]
    picks += [s for s in played4 if s.phase in ("sea", "look", "resolve")][:3]
    fig = viz.draw(anno4, picks[0])
    for s in picks[1:]:
        viz.update(fig, anno4, s)
        assert fig.to_dict() == viz.draw(anno4, s).to_dict()
    # back again, with reach and a route, and from a player's view
    sea = next(s for s in played4 if s.phase == "sea")
    ship = next(i for i, at in enumerate(sea.players[sea.active].ships) if at)
    route = Sail(ship + 1, anno4.start)
    V.update_board(fig, anno4, sea, route, reach=True, seat=sea.active)
    fresh = V.draw_board(anno4, sea, route, reach=True, seat=sea.active)
    assert fig.to_dict() == fresh.to_dict()


def test_update_works_on_a_figure_widget_and_a_panel(anno4, played4):
    pytest.importorskip("ipywidgets")
    w = viz.draw(anno4, played4[0], widget=True)
    assert isinstance(w, go.FigureWidget)
    viz.update(w, anno4, played4[-1])
    widget = go.Figure(w).to_dict()
    for tr in widget["data"]:
        tr.pop("uid", None)  # a widget names its traces for the browser
    assert widget == viz.draw(anno4, played4[-1]).to_dict()
    panel = viz.panel(anno4, played4[0])
    viz.update(panel, anno4, played4[-1])
    assert panel.to_dict() == viz.panel(anno4, played4[-1]).to_dict()


def test_width_scales_the_height(anno4):
    s = anno4.setup()
    big = viz.draw(anno4, s, width=1000)
    small = viz.draw(anno4, s, width=500)
    assert big.layout.width == 1000 and small.layout.width == 500
    chrome = MARGIN["t"] + MARGIN["b"] + VS.LEGEND_HEIGHT
    assert abs((small.layout.height - chrome) * 2 - (big.layout.height - chrome)) <= 2
    fit = viz.draw(anno4, s)  # the default fits the page, as high as at FIT_WIDTH
    assert fit.layout.width is None
    assert fit.layout.height == viz.draw(anno4, s, width=FIT_WIDTH).layout.height


def test_the_engine_state_is_not_changed(anno2, staged):
    before = repr(staged)
    viz.draw(anno2, staged, Sail(1, (3, 8)), reach=True, seat=1)
    assert repr(staged) == before


@pytest.mark.slow
@pytest.mark.browser
def test_board_renders_to_a_png(anno2, staged, tmp_path):
    from toolkit.viz import render

    if render.engine() is None:
        pytest.skip("no browser for static images")
    fig = viz.draw(anno2, staged, Sail(1, (3, 8)), reach=True, width=1000)
    path = tmp_path / "anno1503.png"
    render.write_pngs([fig], [path])
    info = render.png_info(path)
    assert (info["width"], info["height"]) == (fig.layout.width, fig.layout.height)
    assert info["colours"] > 200  # a drawn board, not a blank page
