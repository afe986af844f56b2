"""Structural tests of the Pioneers board figure (no browser needed)."""

from __future__ import annotations

import html
import math
import time

import plotly.graph_objects as go
import pytest

from toolkit import viz
from toolkit.pioneers import MoveCoach
from toolkit.pioneers.builder import fixture_game, stage
from toolkit.pioneers.view import style as P
from toolkit.pioneers.view.geometry import _coach_box
from toolkit.viz import layout as L


def trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"expected one trace named {name!r}, found {len(found)}"
    return found[0]


def segments(tr):
    """Polyline pieces of a lines trace, split at the None gaps: lists of (x, y)."""
    out, cur = [], []
    for x, y in zip(tr.x, tr.y):
        if x is None:
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append((x, y))
    if cur:
        out.append(cur)
    return out


def city_xy(fig, game):
    cities = trace(fig, "cities")
    return {cid: (x, y) for cid, x, y in zip(cities.customdata, cities.x, cities.y)}


def to_px(fig):
    """Board units -> screen px at the figure's size (x right, y up)."""
    lay = fig.layout
    plot_w = lay.width - lay.margin.l - lay.margin.r
    x0, x1 = lay.xaxis.range
    return plot_w / (x1 - x0)


# ----------------------------------------------------------------- traces


def test_trace_names_are_stable_and_unique(game4, staged):
    fig = viz.draw(game4, staged)
    assert isinstance(fig, go.Figure)
    names = [t.name for t in fig.data]
    assert len(names) == len(set(names))
    expected = []
    for name in P.TRACES:
        if "{seat}" in name:
            expected += [name.format(seat=s) for s in range(4)]
        else:
            expected.append(name)
    board_traces = names[: len(expected)]
    assert board_traces == expected
    # the rest are legend entries: 4 players, 7 tiles, start city, stagecoach,
    # target to move to
    legend = names[len(expected) :]
    assert len(legend) == 4 + 7 + 3
    assert all(all(v is None for v in fig.data[names.index(n)].x) for n in legend)
    assert fig.layout.meta["game"] == "pioneers"


def test_trace_count_depends_on_players_only(game2, played2):
    final, _, states = played2
    a = viz.draw(game2, states[40])
    b = viz.draw(game2, final)
    assert [t.name for t in a.data] == [t.name for t in b.data]
    assert "roads seat 1" in [t.name for t in a.data]
    assert "roads seat 2" not in [t.name for t in a.data]
    assert "covered city" in [
        t.name for t in a.data
    ]  # legend entry on the 2-player board


def test_one_road_trace_per_owner_with_exactly_its_connections(game4, staged):
    fig = viz.draw(game4, staged)
    expected = {
        0: {"CHI-DET", "BUF-CLE"},
        1: {"CHI-MIL"},
        2: {"CHI-MIL", "CHI-IND"},
        3: {"IND-STL", "BUF-CLE"},
    }
    xy = city_xy(fig, game4)
    for seat in range(4):
        tr = trace(fig, f"roads seat {seat}")
        conns = {c for c in tr.customdata if c is not None}
        assert conns == expected[seat]
        assert tr.line.color == viz.theme.player_colour(seat)
        assert tr.marker.symbol == viz.theme.player_symbol(seat)
        pieces = segments(tr)
        assert len(pieces) == len(expected[seat])
        for piece, conn in zip(
            pieces, [c for c in tr.customdata if c is not None][::3]
        ):
            a, b = conn.split("-")
            (x0, y0), _, (x1, y1) = piece
            # a single road lies on the connection; a double road 4 px beside it
            offset = (
                0
                if len(staged.roads[game4.board.edge_of(a, b)]) == 1
                else P.DOUBLE_OFFSET
            )
            assert math.dist((x0, y0), xy[a]) == pytest.approx(offset, abs=1e-6)
            assert math.dist((x1, y1), xy[b]) == pytest.approx(offset, abs=1e-6)
    casing = trace(fig, "road casing")
    assert len(segments(casing)) == 7  # 5 connections, 2 of them double


def test_double_road_is_drawn_side_by_side(game4, staged):
    fig = viz.draw(game4, staged)
    red, green = trace(fig, "roads seat 1"), trace(fig, "roads seat 2")
    r = segments(red)[0]
    green_conns = [c for c in green.customdata if c is not None][::3]
    g = segments(green)[green_conns.index("CHI-MIL")]
    # parallel, opposite sides, 2 * DOUBLE_OFFSET apart
    assert math.dist(r[0], g[0]) == pytest.approx(2 * P.DOUBLE_OFFSET)
    assert math.dist(r[2], g[2]) == pytest.approx(2 * P.DOUBLE_OFFSET)


def test_hover_text_names_tile_pioneers_roads_and_toll(game4, staged):
    fig = viz.draw(game4, staged)
    cities = trace(fig, "cities")
    hover = dict(zip(cities.customdata, cities.hovertext))
    assert "Detroit" in hover["DET"] and "tile: Farmer (FA)" in hover["DET"]
    assert "pioneers: blue 1, green 3" in hover["CHI"]
    assert "stagecoach is here" in hover["CHI"]
    assert "start city" in hover["BUF"]
    assert "pioneers: blue 1, red 1, green 1, yellow 1" in hover["BUF"]
    assert "MIL (red+green)" in hover["CHI"]
    assert len(cities.hovertext) == len(game4.board.ids)
    text = dict(zip(cities.customdata, cities.text))
    assert text["DET"] == "FA" and text["CHI"] == " "  # NO_TEXT
    info = trace(fig, "connection info")
    assert len(info.hovertext) == len(game4.board.edges)
    e = game4.board.edge_of("CHI", "MIL")
    assert "double road" in info.hovertext[e]
    assert "blue pays $1 to red + $1 to green" in info.hovertext[e]
    assert "red free" in info.hovertext[e]
    e = game4.board.edge_of("ALB", "BOS")
    assert "every player pays $1 to the bank" in info.hovertext[e]


def test_pioneers_stand_in_their_city_and_stack(game4, staged):
    fig = viz.draw(game4, staged)
    xy = city_xy(fig, game4)
    green = trace(fig, "pioneers seat 2")
    assert len(green.x) == 2  # BUF and CHI
    spots = {
        (round(x, 6), round(y, 6)): t for x, y, t in zip(green.x, green.y, green.text)
    }
    dx, dy = P.SLOTS[2]
    assert spots[(round(xy["CHI"][0] + dx, 6), round(xy["CHI"][1] + dy, 6))] == "3"
    assert (
        spots[(round(xy["BUF"][0] + dx, 6), round(xy["BUF"][1] + dy, 6))] == " "
    )  # NO_TEXT
    assert trace(fig, "pioneers seat 2").marker.symbol == "diamond"
    assert trace(fig, "pioneers seat 3").x == (xy["BUF"][0] + P.SLOTS[3][0],)


def test_coach_and_start_city(game4, staged):
    fig = viz.draw(game4, staged)
    xy = city_xy(fig, game4)
    coach = trace(fig, "coach")
    assert (coach.x[0], coach.y[0]) == pytest.approx(
        (xy["CHI"][0] + P.COACH_OFFSET[0], xy["CHI"][1] + P.COACH_OFFSET[1])
    )
    assert fig.layout.shapes[0].name == "coach" and fig.layout.shapes[
        0
    ].path.startswith("M")
    start = trace(fig, "start marker")
    assert (start.x[0], start.y[0]) == pytest.approx(xy["BUF"])


def test_covered_cities_are_greyed(game2, played2):
    final, _, _ = played2
    fig = viz.draw(game2, final)
    cities = trace(fig, "cities")
    b = game2.board
    covered = {b.ids[i] for i in b.covered_2p}
    assert len(covered) == 8
    for cid, colour, line, text, hover in zip(
        cities.customdata,
        cities.marker.color,
        cities.marker.line.color,
        cities.text,
        cities.hovertext,
    ):
        if cid in covered:
            assert colour == P.COVERED and line == P.COVERED_INK
            assert text == " " and "covered" in hover
        else:
            assert colour != P.COVERED
    labels = trace(fig, "city labels")
    greyed = {
        c
        for c, col in zip(labels.customdata, labels.textfont.color)
        if col == P.COVERED_INK
    }
    assert greyed == covered
    dead = segments(trace(fig, "covered connections"))
    n_dead = sum(1 for a, c in b.edges if final.covered[a] or final.covered[c])
    assert len(dead) == n_dead > 0
    assert len(segments(trace(fig, "connections"))) == len(b.edges) - n_dead


# ----------------------------------------------------------------- route


@pytest.mark.parametrize("kind", ["move", "tuple", "text"])
def test_route_follows_its_cities_and_shows_the_payment_split(game4, staged, kind):
    move = MoveCoach(("CHI", "MIL"), 2)
    route = {"move": move, "tuple": ("CHI", "MIL"), "text": "CHI-MIL"}[kind]
    fig = viz.draw(game4, staged, route=route)
    xy = city_xy(fig, game4)
    tr = trace(fig, "route")
    cities = [(x, y) for x, y, c in zip(tr.x, tr.y, tr.customdata) if c is not None]
    assert [c for c in tr.customdata if c is not None] == ["CHI", "MIL"]
    assert cities == [pytest.approx(xy["CHI"]), pytest.approx(xy["MIL"])]
    note = fig.layout.annotations[0]
    assert note.visible
    text = html.unescape(note.text)
    assert "CHI → MIL" in text and "costs $2" in text
    assert "$1 to red" in text and "$1 to green" in text
    assert [html.unescape(t) for t in trace(fig, "route costs").text] == [
        "$1 red $1 green"
    ]
    # no raw "$": MathJax (Lab, Voila) would typeset "$1 ... $1" as LaTeX, blank
    assert "$" not in note.text and "$" not in trace(fig, "route costs").text[0]


def test_longer_route_coordinates_and_costs(game4, staged):
    path = ("CHI", "IND", "STL")
    fig = viz.draw(game4, staged, route=path, seat=3)
    xy = city_xy(fig, game4)
    tr = trace(fig, "route")
    pts = list(zip(tr.x, tr.y))
    # city, midpoint, city, midpoint, city
    assert pts[0::2] == [pytest.approx(xy[c]) for c in path]
    for k in range(2):
        mid = (
            (xy[path[k]][0] + xy[path[k + 1]][0]) / 2,
            (xy[path[k]][1] + xy[path[k + 1]][1]) / 2,
        )
        assert pts[2 * k + 1] == pytest.approx(mid)
    assert tr.marker.size[1] > 0 and tr.marker.symbol == "arrow"
    costs = [html.unescape(t) for t in trace(fig, "route costs").text]
    assert costs == ["$1 green", "free"]
    note = html.unescape(fig.layout.annotations[0].text)
    assert "Route for yellow" in note and "costs $1: $1 to green" in note


def test_no_route_means_empty_route_traces(game4, staged):
    fig = viz.draw(game4, staged)
    assert len(trace(fig, "route").x) == 0 and len(trace(fig, "route costs").x) == 0
    assert not fig.layout.annotations[0].visible


def test_a_route_over_a_missing_connection_is_refused(game4, staged):
    with pytest.raises(ValueError, match="not a connection"):
        viz.draw(game4, staged, route=("CHI", "BOS"))


# ----------------------------------------------------------------- readability


@pytest.mark.parametrize("players", [4, 3, 2])
def test_labels_do_not_overlap_at_the_default_size(players):
    from toolkit import pioneers

    game = pioneers.Pioneers(players=players)
    fig = viz.draw(game, game.setup(), width=1000)
    assert fig.layout.width == 1000
    scale = to_px(fig)
    assert scale == pytest.approx(1.0, abs=1e-3)  # board units are px at 1000 px
    labels = trace(fig, "city labels")
    size = labels.textfont.size
    boxes = []
    for x, y, text in zip(labels.x, labels.y, labels.text):
        w, h = L.text_size(text, size)
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    xy = list(zip(trace(fig, "cities").x, trace(fig, "cities").y))
    r = P.HEX / 2
    city_boxes = [(x - r, y - r, x + r, y + r) for x, y in xy]
    start = game.board.start
    coach_boxes = [_coach_box((x, y), i == start) for i, (x, y) in enumerate(xy)]
    x0, x1 = fig.layout.xaxis.range
    y0, y1 = fig.layout.yaxis.range
    for i, a in enumerate(boxes):
        assert x0 <= a[0] and a[2] <= x1 and y0 <= a[1] and a[3] <= y1, (
            "label off the map"
        )
        for j, b in enumerate(boxes):
            if i < j:
                assert L.overlap(a, b) == 0, (
                    f"labels {labels.text[i]} and {labels.text[j]}"
                )
        for j, b in enumerate(city_boxes):
            assert L.overlap(a, b) == 0, f"label {labels.text[i]} covers city {j}"
        for b in coach_boxes:
            assert L.overlap(a, b) == 0, (
                f"label {labels.text[i]} under a stagecoach spot"
            )
    # cities keep their distance, and each label is nearest its own city
    for i, p in enumerate(xy):
        for j, q in enumerate(xy):
            if i < j:
                assert math.dist(p, q) >= P.HEX + 10
        c = ((boxes[i][0] + boxes[i][2]) / 2, (boxes[i][1] + boxes[i][3]) / 2)
        nearest = min(range(len(xy)), key=lambda k: math.dist(c, xy[k]))
        assert nearest == i, f"label {labels.text[i]} is nearer another city"


def test_map_keeps_geography_roughly(game4):
    """Spreading the cities must not scramble the map: west stays west, north north."""
    fig = viz.draw(game4, game4.setup())
    xy = city_xy(fig, game4)
    assert xy["SFO"][0] < xy["DEN"][0] < xy["CHI"][0] < xy["NYC"][0]
    assert xy["NOL"][1] < xy["STL"][1] < xy["CHI"][1] < xy["MIL"][1]
    assert xy["HEL"][1] > xy["ELP"][1]


def test_board_without_coordinates_is_laid_out():
    game = fixture_game(["S-A", "A-B", "B-C", "C-S", "A-C"], start="S")
    state = stage(game, tiles={"B": "FARMER"}, roads={"S-A": 0, "A-B": (1, 2)})
    fig = viz.draw(game, state, route=("S", "A", "B"))
    xy = city_xy(fig, game)
    pts = list(xy.values())
    assert (
        min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1 :]) >= P.HEX
    )
    assert fig.layout.annotations[0].visible


def test_the_board_is_drawn_by_the_games_view_part():
    from toolkit.core import part
    from toolkit.pioneers import view

    game = fixture_game(["S-A"], start="S")
    assert part(game, "view") is view
    assert viz.board_module(game) is view


# ----------------------------------------------------------------- updates


def _data(fig):
    return [
        {k: v for k, v in t.items() if k != "uid"} for t in fig.to_plotly_json()["data"]
    ]


def test_update_board_equals_a_fresh_draw(game4, played4):
    _, _, states = played4
    fig = viz.draw(game4, states[60])
    for i in (90, 150, len(states) - 1):
        route = None
        if states[i].phase == "move" and game4.moves(states[i]):
            route = game4.moves(states[i])[0]
        viz.update(fig, game4, states[i], route=route)
        fresh = viz.draw(game4, states[i], route=route)
        assert _data(fig) == _data(fresh)
        assert fig.layout.title.text == fresh.layout.title.text
        assert (
            fig.layout.annotations[0].to_plotly_json()
            == fresh.layout.annotations[0].to_plotly_json()
        )
        assert fig.layout.shapes[0].path == fresh.layout.shapes[0].path


def test_update_board_on_a_figure_widget_is_fast_and_in_place(game4, played4):
    pytest.importorskip("anywidget")
    _, _, states = played4
    widget = viz.draw(game4, states[60], widget=True)
    assert isinstance(widget, go.FigureWidget)
    traces_before = list(widget.data)
    times = []
    for s in states[61:101]:
        t = time.perf_counter()
        viz.update_board(widget, game4, s)
        times.append(time.perf_counter() - t)
    assert all(a is b for a, b in zip(traces_before, widget.data))  # same trace objects
    assert _data(widget) == _data(viz.draw(game4, states[100]))
    times.sort()
    assert times[len(times) // 2] < 0.150, (
        f"median update {times[len(times) // 2]:.3f} s"
    )


def test_name_labels_option(game4):
    fig = viz.draw(game4, game4.setup(), labels="name", width=None, title=False)
    labels = trace(fig, "city labels")
    assert "Chicago" in labels.text
    assert fig.layout.width is None and fig.layout.title.text is None
    fig2 = viz.draw(game4, game4.setup(), labels=None)
    assert set(trace(fig2, "city labels").text) == {""}


def test_a_board_fits_its_container_by_default_and_a_small_board_stays_small():
    """Issue 18, defect 4: no fixed 1000 px board in a 968 px output area, and a
    lesson's 4-city fixture is not blown up to the full width."""
    from toolkit import pioneers
    from toolkit.pioneers import builder

    game = pioneers.Pioneers(players=4)
    fig = viz.draw(game, game.setup())
    assert fig.layout.width is None and fig.layout.autosize is True
    assert 500 < fig.layout.height < 700
    tiny = builder.fixture_game(["A-B", "B-C", "C-D"], start="A")
    small = viz.draw(tiny, builder.stage(tiny, coach="A"))
    assert small.layout.width <= 600 and small.layout.height <= 600
    assert viz.draw(tiny, builder.stage(tiny, coach="A"), width=300).layout.width == 300
    panel = viz.panel(game, game.setup())
    assert panel.layout.width is None
