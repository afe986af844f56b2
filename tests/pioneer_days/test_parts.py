"""The parts of Pioneer Days: bots, words, facts, encoding and view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from toolkit.core import CHANCE, play, random_agent, replay_states
from toolkit.pioneer_days import PioneerDays, bots
from toolkit.pioneer_days.scenarios import advance, first_take, use_state, with_player
from toolkit.pioneer_days.words import WORDS


@pytest.fixture(scope="module")
def states():
    game = PioneerDays(players=3)
    _, record = play(game, [random_agent] * 3, seed=12)
    return game, list(replay_states(record, game)), record


def test_determinize_fills_hidden_gold_consistently(states):
    game, all_states, _ = states
    rng = random.Random(0)
    for s in all_states[::7]:
        seat = game.to_move(s)
        if seat is None or seat == CHANCE:
            continue
        view = game.observe(s, seat)
        full = bots.determinize(game, view, seat, rng)
        assert game.observe(full, seat) == view  # consistent with what seat sees
        held = sum(len(p.gold) for p in full.players) + len(full.drawn)
        assert held + sum(full.gold_bag) == 36
        assert all(v in (1, 2, 3) for p in full.players for v in p.gold)
        assert full.players[seat].gold == s.players[seat].gold


def test_determinize_fills_hidden_boards():
    game = PioneerDays(players=2)
    s = advance(game, game.setup(), random.Random(1), lambda x: x.phase == "choose")
    seat = s.active
    view = game.observe(s, seat)
    full = bots.determinize(game, view, seat, random.Random(2))
    other = full.players[1 - seat]
    assert len(other.dealt) == 2 and "?" not in other.dealt
    assert not set(other.dealt) & set(s.players[seat].dealt)


def test_expected_losses_price_unprotected_holdings():
    game = PioneerDays(players=2)
    s = with_player(first_take(game), 0, townsfolk=("A2", "A3", "A5"), medicine=0)
    s = s._replace(tracks=(0, 0, 0, 3))
    bare = bots.expected_losses(game, s, 0)
    kit = with_player(s, 0, equipment=("E11", "E11"))
    assert bots.expected_losses(game, kit, 0) < bare
    assert bots.evaluate(game, kit)[0] > bots.evaluate(game, s)[0]


def test_greedy_bot_beats_random_more_often_than_not():
    from toolkit.agents import GreedyAgent

    game = PioneerDays(players=2)
    wins = 0
    for seed in range(6):
        final, _ = play(game, [GreedyAgent(), random_agent], seed=seed)
        wins += 0 in game.winners(final)
    assert wins >= 4


def test_policy_plays_legal_moves_to_the_end():
    game = PioneerDays(players=4)
    rng = random.Random(3)
    s = game.setup()
    while game.to_move(s) is not None:
        if game.to_move(s) == CHANCE:
            from toolkit.core.play import sample_outcome

            s = game.apply(s, sample_outcome(game.chance_outcomes(s), rng))
        else:
            legal = game.legal_actions(s)
            a = bots.policy(game, s, legal, rng)
            assert a in legal
            s = game.apply(s, a)
    assert [p.turns for p in s.players] == [20] * 4


def test_words_say_every_step_and_never_a_hidden_value(states):
    game, all_states, record = states
    for text, before, after in zip(record.actions, all_states, all_states[1:]):
        action = game.parse_action(text)
        lines = WORDS.lines(game, before, action, after, {})
        assert lines and all(isinstance(x, str) and x for x in lines)
        if text.startswith(("gold ", "keep ", "discard gold", "board ", "choose ")):
            assert not any(ch.isdigit() for ch in lines[0].split("(")[0]), lines
        if game.to_move(before) not in (None, CHANCE):
            for a in game.legal_actions(before):
                assert WORDS.label(game, before, a)
                assert WORDS.group(game, before, a) != "actions"


def test_facts_columns_and_townsfolk_table():
    from toolkit.analysis.tournament import tournament

    result = tournament("pioneer_days", ["random", "greedy"], games=2, seed=1)
    seats = result.seats
    parts = [c for c in seats.columns if c.startswith("vp_")]
    assert len(parts) == 6
    folk = result.tables["townsfolk"]
    assert set(folk["kept"]) <= {True, False} and (folk["vp"] >= 0).all()
    assert set(result.games.columns) >= {"storm", "raid", "famine", "disease"}


def test_encoding_hides_exactly_other_players_gold_values():
    from toolkit.envs import encoder

    game = PioneerDays(players=2)
    enc = encoder(game)
    s = with_player(first_take(game), 0, gold=(1, 1))
    t = with_player(s, 0, gold=(3, 2))
    seat = 1
    a = enc.encode(game.observe(s, seat), seat)
    b = enc.encode(game.observe(t, seat), seat)
    assert np.array_equal(a, b)  # seat 1 cannot tell the values apart
    own_a = enc.encode(game.observe(s, 0), 0)
    own_b = enc.encode(game.observe(t, 0), 0)
    assert not np.array_equal(own_a, own_b)  # the owner can
    more = with_player(s, 0, gold=(1, 1, 1))
    assert not np.array_equal(a, enc.encode(game.observe(more, seat), seat))


def test_view_update_equals_a_fresh_draw_and_hides_gold_for_a_seat(states):
    from toolkit.pioneer_days import view

    game, all_states, _ = states
    fig = view.draw_board(game, all_states[5])
    for s in (all_states[len(all_states) // 2], all_states[-1]):
        view.update_board(fig, game, s)
        fresh = view.draw_board(game, s)
        assert [tr.to_plotly_json() for tr in fig.data] == [
            tr.to_plotly_json() for tr in fresh.data
        ]
        assert fig.layout.title.text == fresh.layout.title.text
    s = with_player(use_state(game, "WOOD"), 1, gold=(3,))
    seen = view.draw_board(game, s, seat=0)
    wagons = next(tr for tr in seen.data if tr.name == "wagons")
    assert any("hidden" in h for h in wagons.hovertext)
    assert not any("3 nuggets" in h for h in wagons.hovertext)
    panel = view.draw_panel(game, s)
    assert [tr.name for tr in panel.data][:4] == list(view.PANEL_TRACES)
