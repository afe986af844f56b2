"""Hidden information, records, notation and determinism across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit import pioneers
from toolkit.core import (
    CHANCE,
    IllegalAction,
    Record,
    RecordError,
    play,
    random_agent,
    replay,
)
from toolkit.pioneers.rules import nugget_pool

ROOT = Path(__file__).resolve().parents[2]


def states_of(game, seed):
    from toolkit.core import replay_states

    _, record = play(game, [random_agent] * game.players, seed=seed)
    return list(replay_states(record, game))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ASSUMPTION_10_observe_hides_nuggets_deck_order_and_unused_tiles(players):
    game = pioneers.Pioneers(players=players)
    seen_nuggets = False
    all_states = [s for seed in range(3) for s in states_of(game, seed)]
    for state in all_states:
        for seat in range(players):
            obs = game.observe(state, seat)
            assert obs.tile_pool is None  # unused tiles
            for other, pl in enumerate(obs.players):
                if other == seat:
                    assert pl.nuggets == state.players[seat].nuggets
                else:
                    assert all(v is None for v in pl.nuggets)
                    assert len(pl.nuggets) == len(state.players[other].nuggets)
                    seen_nuggets |= bool(pl.nuggets)
            # the deck order is not in any state: only the unordered pool of unseen wagons
            assert list(obs.unseen) == sorted(obs.unseen)
            assert game.observe(obs, seat) == obs
            # everything public is unchanged
            assert obs.roads == state.roads and obs.tiles == state.tiles
            assert [p.money for p in obs.players] == [p.money for p in state.players]
    assert seen_nuggets, "the test game should contain a gold digger draw"


def test_ASSUMPTION_10_observe_is_the_same_whatever_it_handed_out_before():
    """``observe`` hands out its last copy of a player again when the public
    fields match (``rules._REDACTED``): the result is the copy it would build,
    in any order of calls and across games, and what it keeps is public."""
    from toolkit.pioneers import rules

    games = [pioneers.Pioneers(players=p) for p in (2, 3, 4)]
    states = [(g, s) for g in games for seed in range(2) for s in states_of(g, seed)]
    forward = [g.observe(s, seat) for g, s in states for seat in range(g.players)]
    backward = [
        g.observe(s, seat)
        for g, s in reversed(states)
        for seat in reversed(range(g.players))
    ]
    assert forward == backward[::-1]
    k = 0
    for g, s in states:
        for seat in range(g.players):
            view = forward[k]
            k += 1
            expected = [
                pl if i == seat else pl._replace(nuggets=(None,) * len(pl.nuggets))
                for i, pl in enumerate(s.players)
            ]
            assert list(view.players) == expected
            assert view._replace(players=s.players, tile_pool=s.tile_pool) == s
    kept = getattr(rules, "_REDACTED", None)  # a C static when compiled
    for pl in kept or ():
        assert pl is None or all(v is None for v in pl.nuggets)


def test_ASSUMPTION_10_nugget_pool_cannot_be_read_from_an_observation():
    game = pioneers.Pioneers(players=4)
    state = next(
        s
        for seed in range(5)
        for s in states_of(game, seed)
        if any(p.nuggets for p in s.players)
    )
    holder = next(i for i, p in enumerate(state.players) if p.nuggets)
    assert sum(nugget_pool(state)) == 10 - sum(len(p.nuggets) for p in state.players)
    with pytest.raises(ValueError, match="hidden"):
        nugget_pool(game.observe(state, (holder + 1) % 4))


def test_notation_round_trips_for_every_action_of_a_game():
    game = pioneers.Pioneers(players=3)
    _, record = play(game, [random_agent] * 3, seed=2)
    for text in record.actions:
        assert str(game.parse_action(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "move",
        "move BUF $1",
        "buy R3",
        "buy slot 5",
        "settle W05 HOTEL",
        "fly to the moon",
        "road BUF",
    ],
)
def test_malformed_notation_is_rejected_with_help(text):
    with pytest.raises(ValueError, match="cannot read the action"):
        pioneers.parse_action(text)


def test_unknown_city_in_a_route_is_an_illegal_action():
    game = pioneers.Pioneers(players=4)
    state = next(s for s in states_of(game, 3) if s.phase == "move")
    with pytest.raises(IllegalAction) as err:
        game.apply(state, pioneers.MoveCoach((state.coach, "XYZ"), 1))
    assert err.value.rule == "P-MOVE-1" and "XYZ" in err.value.message


def test_record_json_round_trip_and_replay_equals_play(tmp_path):
    game = pioneers.Pioneers(players=4, finite_bank=True)
    final, record = play(game, [random_agent] * 4, seed=5)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded == record
    assert replay(loaded) == final
    assert list(loaded.scores) == list(game.scores(final))


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d.pop("actions"), "field 'actions'"),
        (lambda d: d.update(players="four"), "field 'players'"),
        (lambda d: d["actions"].__setitem__(60, "move BUF-XYZ $1"), "action 60"),
        (lambda d: d["actions"].__setitem__(3, 17), "field 'actions', entry 3"),
        (lambda d: d.update(game="chess"), "game"),
    ],
)
def test_corrupt_record_files_name_the_file_and_the_bad_entry(tmp_path, mutate, where):
    game = pioneers.Pioneers(players=2)
    _, record = play(game, [random_agent] * 2, seed=1)
    data = json.loads(record.to_json())
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as err:
        replay(Record.load(path))
    assert where in str(err.value)


def test_record_that_is_not_json_names_file_and_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "pioneers",\n "players": 4,\n oops}')
    with pytest.raises(RecordError, match=r"broken.json, line 3"):
        Record.load(path)


def test_play_never_touches_the_global_random_module():
    import random

    random.seed(123)
    expected = random.random()
    random.seed(123)
    play(pioneers.Pioneers(players=4), [random_agent] * 4, seed=9)
    assert random.random() == expected


def test_chance_and_agent_streams_are_separate():
    """Changing an agent never changes the chance draws (e.g. the set-up tiles)."""
    game = pioneers.Pioneers(players=4)

    def first(game, obs, legal, rng):
        return legal[0]

    _, a = play(game, [random_agent] * 4, seed=4)
    _, b = play(game, [first] * 4, seed=4)
    setup_a = [t for t in a.actions if t.startswith(("tile", "first", "deal"))]
    setup_b = [t for t in b.actions if t.startswith(("tile", "first", "deal"))]
    assert setup_a == setup_b


SCRIPT = """
from toolkit import pioneers
from toolkit.core import play, random_agent
for players in (2, 3, 4):
    _, record = play(pioneers.Pioneers(players=players), [random_agent] * players, seed=42)
    print(record.to_json())
"""


def test_same_seed_gives_byte_identical_records_across_processes():
    outs = []
    for hashseed in ("1", "987654"):
        env = dict(
            os.environ,
            PYTHONHASHSEED=hashseed,
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        outs.append(out.stdout)
    assert outs[0] == outs[1]
    assert len(outs[0].splitlines()) == 3


def test_legal_actions_are_in_a_stable_order_independent_of_hashing():
    game = pioneers.Pioneers(players=4)
    for state in states_of(game, 8)[:400]:
        if game.to_move(state) not in (None, CHANCE):
            assert game.legal_actions(state) == game.legal_actions(state)


def test_P_TILE_4_settling_a_gold_digger_works_on_an_observation():
    """Only the number of nuggets left matters for the draw to happen, and that is public."""
    from toolkit.pioneers import Settle
    from toolkit.pioneers.builder import fixture_game, stage, wagon

    game = fixture_game(["S-A"], start="S")
    state = stage(
        game,
        tiles={"A": "GOLD_DIGGER"},
        phase="settle",
        players={
            0: dict(money=3, wagons=[wagon("X", "GOLD_DIGGER FARMER")]),
            1: dict(nuggets=[4]),
        },
    )
    state = state._replace(city=game.board.index["A"], tile="GOLD_DIGGER", coach="A")
    assert game.apply(state, Settle("X", "GOLD_DIGGER")).phase == "nugget"
    seen = game.apply(game.observe(state, 0), Settle("X", "GOLD_DIGGER"))
    assert seen.phase == "nugget"
