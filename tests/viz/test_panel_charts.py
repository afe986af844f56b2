"""Player panel, market and the charts built from records."""

from __future__ import annotations

import itertools
import json

import plotly.graph_objects as go
import pytest

from toolkit import anno1503, viz
from toolkit.agents import make_agent
from toolkit.anno1503 import view as V
from toolkit.anno1503.view.geometry import _title as anno_title
from toolkit.core import CHANCE, play, replay_states
from toolkit.pioneers import facts as pioneer_facts
from toolkit.viz import charts


def trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, name
    return found[0]


# ----------------------------------------------------------------- panel


def test_panel_shows_every_seat_and_who_sits_on_it(game4, staged):
    fig = viz.panel(game4, staged)
    assert isinstance(fig, go.Figure)
    seats = trace(fig, "seats")
    # blue: 3 seats, red: 2, green: face-down wagon (no seats drawn); market W01 W02 W04
    market = sum(len(game4.wagon_specs[w].seats) for w in ("W01", "W02", "W04"))
    assert len(seats.x) == 3 + 2 + market
    assert len(trace(fig, "pioneers seat 0").x) == 2  # the MERCHANT seat is empty
    assert len(trace(fig, "pioneers seat 1").x) == 2
    assert len(trace(fig, "pioneers seat 2").x) == 0
    hover = list(seats.hovertext)
    assert "blue's wagon S1, seat 2: Merchant (empty)" in hover
    assert "red's wagon S2, seat 2: Gold digger (occupied)" in hover
    text = " ".join(trace(fig, "player text").text)
    assert "$6" in text and "roads left" in text and "bankers 0 · merchants 0" in text
    assert "slot 1: $1" in text and "slot 4: $4" in text and "slot 3: $3" in text
    wagon_text = " ".join(trace(fig, "wagon text").text)
    assert "emptied" in wagon_text  # green's face-down wagon
    assert "<i>empty</i>" in wagon_text  # market slot 3


def test_panel_of_a_played_game(game4, played4):
    final, _, states = played4
    for s in (states[80], final):
        fig = viz.panel(game4, s)
        occupied = sum(w.pioneers for pl in s.players for w in pl.wagons if w.face_up)
        drawn = sum(len(trace(fig, f"pioneers seat {k}").x) for k in range(4))
        assert drawn == occupied


# ----------------------------------------------------------------- charts


def test_vp_over_game_ends_on_the_final_scores(game4, played4):
    final, record, states = played4
    fig = viz.vp_over_game(record)
    assert [t.name for t in fig.data] == [
        f"{c} (seat {s})" for s, c in enumerate(("blue", "red", "green", "yellow"))
    ]
    assert tuple(t.y[-1] for t in fig.data) == record.scores == game4.scores(final)
    assert len({t.marker.symbol for t in fig.data}) == 4
    assert len({t.line.dash for t in fig.data}) == 4
    assert len(fig.data[0].x) == len(charts.turn_starts(game4, states))


def test_score_breakdown_stacks_to_the_total(game4, played4):
    final, record, _ = played4
    fig = viz.score_breakdown_chart(game4, final)
    assert fig.layout.barmode == "stack"
    bars = [t for t in fig.data if isinstance(t, go.Bar)]
    assert [b.name for b in bars] == [
        "emptied wagons",
        "empty seats",
        "gold nuggets",
        "best road network",
    ]
    totals = [sum(b.y[i] for b in bars) for i in range(4)]
    assert tuple(totals) == game4.scores(final)
    same = viz.score_breakdown_chart(record)
    assert [b.y for b in same.data if isinstance(b, go.Bar)] == [b.y for b in bars]


def test_score_breakdown_from_a_tournament_table():
    from toolkit import pioneers
    from toolkit.core import play, random_agent

    game = pioneers.Pioneers(players=3)
    records = [play(game, [random_agent] * 3, seed=s)[1] for s in range(3)]
    table = viz.records_table(records)
    assert len(table) == 9
    fig = viz.score_breakdown_chart(table)
    bars = [t for t in fig.data if isinstance(t, go.Bar)]
    mean0 = sum(r.scores[0] for r in records) / 3
    assert sum(b.y[0] for b in bars) == pytest.approx(mean0)
    assert "mean over 3 games" in fig.layout.title.text
    pd = pytest.importorskip("pandas")
    fig2 = viz.score_breakdown_chart(pd.DataFrame(table))
    assert [b.y for b in fig2.data if isinstance(b, go.Bar)] == [b.y for b in bars]


def test_money_flows_add_up_to_every_players_money(game4, played4):
    final, record, _ = played4
    flows = pioneer_facts.money_flows(record, game4)
    net = [0] * 4
    for f in flows:
        assert f["amount"] > 0
        assert f["kind"] != "other"
        if f["payer"] != "bank":
            net[f["payer"]] -= f["amount"]
        if f["receiver"] != "bank":
            net[f["receiver"]] += f["amount"]
    assert net == [pl.money for pl in final.players]
    kinds = {f["kind"] for f in flows}
    assert {"income", "tolls", "start money", "roads", "wagons"} <= kinds


def test_score_breakdown_of_anno1503_shows_its_victory_conditions():
    game = anno1503.Anno1503(players=2, max_turns=30)
    final, record = play(game, [make_agent("greedy"), make_agent("greedy")], seed=3)
    fig = viz.score_breakdown_chart(game, final)
    bars = [t for t in fig.data if isinstance(t, go.Bar)]
    assert len(bars) == 5
    assert bars[0].name.endswith("gold")
    assert tuple(sum(b.y[i] for b in bars) for i in range(2)) == game.scores(final)
    table = viz.records_table([record])
    assert {"vp_gold", "vp_merchant"} <= set(table[0])
    again = viz.score_breakdown_chart(table, game=game)
    assert [b.name for b in again.data if isinstance(b, go.Bar)] == [
        b.name for b in bars
    ]


def test_money_flow_of_anno1503_adds_up_to_the_gold():
    from toolkit.anno1503 import facts

    game = anno1503.Anno1503(players=2, max_turns=30)
    final, record = play(game, [make_agent("greedy"), make_agent("random")], seed=4)
    net = [0, 0]
    for f in facts.money_flows(record, game):
        if f["payer"] != "bank":
            net[f["payer"]] -= f["amount"]
        if f["receiver"] != "bank":
            net[f["receiver"]] += f["amount"]
    assert net == [p.gold for p in final.players]
    fig = viz.money_flow(record, game)
    assert isinstance(fig.data[0], go.Sankey)
    assert "sales" in fig.data[0].node.label


def test_charts_of_a_game_without_facts_use_the_whole_score():
    from toolkit.core import random_agent
    from toolkit.toy import Race

    game = Race(players=3)
    final, record = play(game, [random_agent] * 3, seed=1)
    fig = viz.score_breakdown_chart(game, final)
    bars = [t for t in fig.data if isinstance(t, go.Bar)]
    assert [b.name for b in bars] == ["score"]
    assert tuple(bars[0].y) == game.scores(final)
    table = charts.records_table([record], game)
    assert [row["score"] for row in table] == list(game.scores(final))
    with pytest.raises(NotImplementedError, match="money flows"):
        viz.money_flow(record, game)
    fig = viz.vp_over_game(record, game)
    assert tuple(t.y[-1] for t in fig.data) == game.scores(final)


def test_money_flow_sankey_conserves_money(game4, played4):
    _, record, _ = played4
    fig = viz.money_flow(record)
    sankey = fig.data[0]
    assert isinstance(sankey, go.Sankey)
    labels = list(sankey.node.label)
    middle = [i for i, lab in enumerate(labels) if not lab.endswith((" pays", " gets"))]
    for m in middle:  # every kind node passes on exactly what it receives
        inflow = sum(v for t, v in zip(sankey.link.target, sankey.link.value) if t == m)
        outflow = sum(
            v for s, v in zip(sankey.link.source, sankey.link.value) if s == m
        )
        assert inflow == outflow > 0
    assert "bank pays" in labels and "yellow gets" in labels


@pytest.mark.parametrize("max_frames", [1, 0, -3])
def test_replay_animation_needs_room_for_the_first_and_last_frame(played4, max_frames):
    _, record, _ = played4
    with pytest.raises(ValueError, match="at least 2"):
        viz.replay_animation(record, max_frames=max_frames)


def test_replay_animation_with_two_frames_shows_start_and_end(game4, played4):
    _, record, _ = played4
    fig = viz.replay_animation(record, max_frames=2)
    assert len(fig.frames) == 2


def test_replay_animation_has_frames_and_a_slider(game4, played4):
    final, record, _ = played4
    fig = viz.replay_animation(record, max_frames=20)
    assert 2 <= len(fig.frames) <= 20
    slider = fig.layout.sliders[0]
    assert len(slider.steps) == len(fig.frames)
    assert [s.args[0][0] for s in slider.steps] == [f.name for f in fig.frames]
    assert fig.layout.updatemenus[0].buttons[0].method == "animate"
    names = [t.name for t in fig.data]
    for frame in fig.frames:
        assert [names[i] for i in frame.traces] == [t.name for t in frame.data]
        assert frame.layout.title.text.startswith("<b>Pioneers</b>")
    # the last frame is the final position, as a fresh board draws it
    last = {t.name: t for t in fig.frames[-1].data}
    fresh = viz.draw(game4, final)
    for name in ("roads seat 0", "pioneers seat 3", "coach"):
        assert list(last[name].x) == list(trace(fresh, name).x)
    assert list(last["cities"].marker.color) == list(
        trace(fresh, "cities").marker.color
    )


# ------------------------------------------------------- replay of Anno 1503


ANNO_TURNS = 12  # the max_turns cap of the short game below


@pytest.fixture(scope="module")
def anno_short():
    """(game, record, every state) of a 2-player greedy game stopped after 12 turns."""
    game = anno1503.Anno1503(players=2, max_turns=ANNO_TURNS)
    final, record = play(game, [make_agent("greedy"), make_agent("greedy")], seed=3)
    assert final.phase == "over"
    assert final.turn == ANNO_TURNS
    return game, record, list(replay_states(record, game))


def _turn_openings(game, states):
    """The position each frame should show: the first decision of every turn
    (found by the ``turn`` counter, not by the chart's own helper), then the end."""
    first = {}
    for s in states:
        seat = game.to_move(s)
        if seat is not None and seat != CHANCE and s.active >= 0:
            first.setdefault(s.turn, s)
    return [first[t] for t in sorted(first)] + [states[-1]]


def test_replay_animation_of_anno1503_shows_every_turn(anno_short):
    game, record, states = anno_short
    fig = viz.replay_animation(record, max_frames=50)
    expected = _turn_openings(game, states)
    assert len(expected) == ANNO_TURNS + 1
    assert len(fig.frames) == ANNO_TURNS + 1  # one per turn, then the final position
    slider = fig.layout.sliders[0]
    labels = [s.label for s in slider.steps]
    assert labels == [
        f"r{game.progress(s).round} {viz.theme.player_name(s.active)}"
        for s in expected[:-1]
    ] + ["end"]
    assert [states[i] for i in fig.layout.meta["frames"]] == expected
    assert [s.args[0][0] for s in slider.steps] == [f.name for f in fig.frames]
    assert fig.layout.updatemenus[0].buttons[0].method == "animate"
    names = [t.name for t in fig.data]
    for frame, state in zip(fig.frames, expected, strict=True):
        assert [names[i] for i in frame.traces] == [t.name for t in frame.data]
        assert frame.layout.title.text == anno_title(game, state)
        # each frame is exactly the board of its position, as a fresh board draws it
        fresh = viz.draw(game, state)
        for tr in frame.data:
            want = trace(fresh, tr.name)
            assert tr.x == want.x, tr.name
            assert tr.text == want.text, tr.name
            assert tr.marker.color == want.marker.color, tr.name
    assert "stopped after 12 turns" in fig.frames[-1].layout.title.text
    # the first frame is the board the figure opens on
    first = {t.name: t for t in fig.frames[0].data}
    assert list(first["hands"].text) == list(trace(fig, "hands").text)


def test_replay_animation_of_anno1503_frames_change_with_the_board(anno_short):
    game, record, states = anno_short
    fig = viz.replay_animation(record)
    expected = _turn_openings(game, states)
    frames = [{t.name: t for t in f.data} for f in fig.frames]
    # a frame carries exactly the traces that change somewhere in the game: not
    # the route or the reach shading (never drawn here), but the goods in hand
    boards = [V.board_data(game, s)[0] for s in expected]
    changing = {k for k in boards[0] if any(b[k] != boards[0][k] for b in boards)}
    assert all(set(f) == changing for f in frames)
    assert "hands" in changing
    assert "route" not in changing
    assert "reach" not in changing
    assert any(f"ships seat {seat}" in changing for seat in range(game.players))

    def hands(s):
        return [k for p in s.players for k in p.hand]

    def ships(s, seat):
        return s.players[seat].ships

    changed = 0
    for n in range(len(expected) - 1):
        a, b = expected[n], expected[n + 1]
        same = hands(a) == hands(b)
        assert (frames[n]["hands"].text == frames[n + 1]["hands"].text) == same
        changed += not same
        for seat in range(game.players):
            name = f"ships seat {seat}"
            if name in frames[n]:
                moved = ships(a, seat) != ships(b, seat)
                assert (frames[n][name].x != frames[n + 1][name].x) == moved
        golds = [p.gold for p in a.players], [p.gold for p in b.players]
        if golds[0] != golds[1]:
            assert frames[n]["home text"].text != frames[n + 1]["home text"].text
    assert changed >= 3  # goods did change hands: the comparison above meant something


def test_replay_animation_of_anno1503_serialises(anno_short):
    _, record, _ = anno_short
    fig = viz.replay_animation(record, max_frames=6)
    out = json.loads(fig.to_json())
    assert len(out["frames"]) == 6
    assert [f["name"] for f in out["frames"]] == [str(n) for n in range(6)]
    assert len(out["layout"]["sliders"][0]["steps"]) == 6
    assert out["layout"]["meta"]["game"] == "anno1503"


def test_replay_animation_of_a_long_anno1503_game_is_sampled_evenly():
    game = anno1503.Anno1503(players=2, max_turns=40)
    final, record = play(game, [make_agent("greedy"), make_agent("greedy")], seed=3)
    assert final.turn == 40  # 40 turn starts and the end: 41 positions
    assert final.winner is None
    fig = viz.replay_animation(record, game, max_frames=10)
    assert len(fig.frames) == 10
    labels = [s.label for s in fig.layout.sliders[0].steps]
    assert labels[0].startswith("r1 ")
    assert labels[-1] == "end"
    states = list(replay_states(record, game))
    shown = [states[i] for i in fig.layout.meta["frames"]]
    assert shown[-1] == final
    turns = [s.turn for s in shown[:-1]] + [41]
    gaps = [b - a for a, b in itertools.pairwise(turns)]
    assert min(gaps) >= 4  # 41 positions, 10 frames: about every 4.4th
    assert max(gaps) - min(gaps) <= 1


def test_replay_animation_of_anno1503_keeps_the_view_options(anno_short):
    _, record, _ = anno_short
    fig = viz.replay_animation(record, seat=1, max_frames=5)
    assert all("as red sees it" in f.layout.title.text for f in fig.frames)
    untitled = viz.replay_animation(record, title=False, max_frames=5)
    assert untitled.layout.title.text is None
    assert all(f.layout.title.text is None for f in untitled.frames)
    with pytest.raises(TypeError, match="route"):
        viz.replay_animation(record, route=[(2, 5), (2, 6)])


def test_replay_animation_of_a_game_without_parts():
    from toolkit.core import is_over, random_agent
    from toolkit.toy import Race

    game = Race(players=2)
    final, record = play(game, [random_agent] * 2, seed=1)
    fig = viz.replay_animation(record, game, max_frames=5)
    states = list(replay_states(record, game))
    shown = [states[i] for i in fig.layout.meta["frames"]]
    assert len(fig.frames) == len(shown) <= 5
    assert shown[0] is states[charts.turn_starts(game, states)[0]]
    assert shown[-1] == final and is_over(game, final)
    labels = [s.label for s in fig.layout.sliders[0].steps]
    assert labels[-1] == "end"
    assert all(lab.startswith("r") for lab in labels[:-1])
    names = [t.name for t in fig.data]
    last = {t.name: t for t in fig.frames[-1].data}
    fresh = viz.draw(game, final)
    for frame in fig.frames:
        assert [names[i] for i in frame.traces] == [t.name for t in frame.data]
    for name, tr in last.items():
        assert tr.y == trace(fresh, name).y, name
