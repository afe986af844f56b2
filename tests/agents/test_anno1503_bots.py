"""Anno 1503 bots: greedy beats random, finishes games, sees only its observation."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from toolkit import anno1503
from toolkit.agents import GreedyAgent, RandomAgent
from toolkit.agents.base import HOOK_KINDS, hook
from toolkit.anno1503 import IslandCard, bots
from toolkit.core import CHANCE, play

CAP = 150  # turns; greedy-vs-random games at 2 players end in about 85-110


def binomial_tail(wins: int, games: int) -> float:
    """P(at least ``wins`` of ``games`` fair coin flips): the sign test's p-value."""
    return sum(math.comb(games, k) for k in range(wins, games + 1)) / 2**games


@pytest.fixture(scope="module")
def game2():
    return anno1503.Anno1503(players=2, max_turns=CAP)


@pytest.fixture(scope="module")
def duels(game2):
    """Greedy against random over 8 seeded games, seats alternating."""
    out = []
    for seed in range(8):
        g = seed % 2
        agents = [None, None]
        agents[g] = GreedyAgent()
        agents[1 - g] = RandomAgent()
        final, record = play(game2, agents, seed=seed)
        out.append((g, final, record))
    return out


def test_greedy_beats_random_significantly(game2, duels):
    greedy = sum(1 for g, s, _ in duels if s.winner == g)
    rand = sum(1 for g, s, _ in duels if s.winner is not None and s.winner != g)
    assert greedy >= 6, [(g, s.winner, s.turn) for g, s, _ in duels]
    assert rand == 0
    # sign test over the decided games: greedy is not a coin flip
    assert binomial_tail(greedy, greedy + rand) < 0.01
    for g, s, record in duels:
        if s.winner == g:
            assert len(game2.conditions(s, g)) >= 3
            assert record.scores[g] >= 3


def test_greedy_games_finish_far_sooner_than_random_ones():
    game = anno1503.Anno1503(players=2, max_turns=400)
    greedy = []
    for seed in (100, 102, 107):
        s, _ = play(game, [GreedyAgent(), GreedyAgent()], seed=seed)
        assert s.winner is not None, f"greedy self-play seed {seed} did not finish"
        greedy.append(s.turn)
    rand = []
    for seed in range(10):
        s, _ = play(game, [RandomAgent(), RandomAgent()], seed=seed)
        rand.append(s.turn)  # 400 when stopped: a lower bound of its length
    # random 2-player games last thousands of turns (median about 5,000)
    assert statistics.median(rand) >= 3 * statistics.median(greedy)
    assert max(greedy) < 250


# ----------------------------------------------------------------- observation only


def _twins(game):
    """Two full states that differ only in a card face seat 0 has not seen."""
    common = dict(
        seats={
            0: {"hand": "CLOTH WOOD TOOLS", "ships": [(2, 2), None]},
            1: {"hand": "SPICE"},
        },
        active=0,
        phase="build",
    )
    a = anno1503.position(game, islands={(1, 1): IslandCard("TC/2", 2)}, **common)
    b = anno1503.position(game, islands={(1, 1): IslandCard("TG/2", 2)}, **common)
    return a, b


def test_greedy_decides_from_the_observation_only():
    game = anno1503.Anno1503(players=2)
    a, b = _twins(game)
    assert a != b
    assert game.observe(a, 0) == game.observe(b, 0)
    agent = GreedyAgent()
    legal = game.legal_actions(a)
    assert legal == game.legal_actions(b)
    for seed in range(3):
        # handed the full states (not redacted), it still decides the same
        x = agent(game, a, legal, random.Random(seed))
        y = agent(game, b, legal, random.Random(seed))
        assert x == y
        z = agent(game, game.observe(a, 0), legal, random.Random(seed))
        assert x == z


def test_determinize_is_the_observation():
    game = anno1503.Anno1503(players=2)
    a, _ = _twins(game)
    view = game.observe(a, 0)
    assert bots.determinize(game, view, 0, random.Random(1)) is view


def test_exploring_averages_over_faces_the_seat_cannot_rule_out():
    game = anno1503.Anno1503(players=2)
    s = anno1503.position(
        game, seats={0: {"ships": [(2, 1)]}}, active=0, phase="sea", ap=(2, 0)
    )
    explore = anno1503.Explore(1, (1, 1))
    after = game.apply(s, explore)
    assert game.to_move(after) == CHANCE
    faces = game.chance_outcomes(after)
    expected = sum(
        p * bots.greedy(game, game.apply(after, a), 0, depth=1) for a, p in faces
    )
    assert bots.greedy(game, after, 0) == pytest.approx(expected)


# ----------------------------------------------------------------- evaluation


def test_greedy_takes_a_winning_sale():
    game = anno1503.Anno1503(players=2)
    s = anno1503.position(
        game,
        seats={
            0: {
                "gold": 28,
                "hand": "TOBACCO STONE",
                "residents": "P S C M+SCHOOL P+CHURCH S+SMITHY C+RESTAURANT",
                "contracts": 3,
            }
        },
        active=0,
        phase="build",
    )
    assert game.conditions(s, 0) == ("V-CONTRACT", "V-BUILDING")
    legal = game.legal_actions(s)
    action = GreedyAgent()(game, s, legal, random.Random(0))
    after = game.apply(s, action)
    assert after.winner == 0
    assert bots.evaluate_terms(game, after, 0) == {"won": bots.WIN}


def test_evaluation_terms_and_progress():
    game = anno1503.Anno1503(players=2)
    start = game.setup()
    terms = bots.evaluate_terms(game, start, 0)
    assert set(terms) == {
        "conditions",
        "residents",
        "goods",
        "production",
        "ships",
        "gold",
    }
    assert all(v >= 0 for v in terms.values())
    assert bots.evaluate(game, start)[0] == pytest.approx(sum(terms.values()))
    richer = anno1503.position(game, seats={0: {"gold": 20}})
    assert bots.evaluate(game, richer)[0] > bots.evaluate(game, start)[0]
    merchant = anno1503.position(game, seats={0: {"residents": "P M"}})
    settler = anno1503.position(game, seats={0: {"residents": "P S"}})
    assert bots.evaluate(game, merchant)[0] > bots.evaluate(game, settler)[0]
    # a branch office with a good the island needs raises the production term
    citizen = anno1503.position(game, seats={0: {"residents": "P C"}})
    office = anno1503.position(
        game, seats={0: {"residents": "P C", "offices": {2: "TOBACCO"}}}
    )
    assert (
        bots.evaluate_terms(game, office, 0)["production"]
        > bots.evaluate_terms(game, citizen, 0)["production"]
    )


def test_ships_value_rises_toward_unexplored_islands():
    game = anno1503.Anno1503(players=2)
    start = game.setup()
    stocked = [i for i, st in enumerate(start.islands) if st]
    table = bots.island_distances(game)

    def gap(at):  # AP to explore the nearest island holding a card
        return min(table[at][i] for i in stocked)

    far = max(table, key=lambda at: (gap(at), at))
    near = min(anno1503.sea_graph(game)[far], key=lambda at: (gap(at), at))
    assert gap(near) == gap(far) - 1
    values = [
        bots.evaluate_terms(
            game, anno1503.position(game, seats={0: {"ships": [at]}}), 0
        )["ships"]
        for at in (far, near)
    ]
    assert values[1] > values[0] > 0
    # a ship beside an island whose top card it already looked at is not drawn to it
    seen = anno1503.position(
        game, seats={0: {"ships": [(2, 1)]}}, islands={(1, 1): IslandCard("TC/2", 1)}
    )
    fresh = anno1503.position(game, seats={0: {"ships": [(2, 1)]}})
    assert (
        bots.evaluate_terms(game, seen, 0)["ships"]
        < bots.evaluate_terms(game, fresh, 0)["ships"]
    )


def test_policy_returns_legal_actions(game2, duels):
    _, _, record = duels[0]
    rng = random.Random(0)
    state = game2.setup()
    checked = 0
    for text in record.actions[:400]:
        if game2.to_move(state) not in (None, CHANCE):
            legal = game2.legal_actions(state)
            assert bots.policy(game2, state, legal, rng) in legal
            checked += 1
        state = game2.apply(state, game2.parse_action(text))
    assert checked > 50


def test_the_shared_bots_find_the_hooks_in_the_bots_part():
    game = anno1503.Anno1503(players=2)
    for kind in HOOK_KINDS:
        expected = getattr(bots, kind, None)
        assert hook(game, kind) is expected, kind
    assert hook(game, "greedy") is bots.greedy
    assert hook(game, "candidates") is None  # none here: every legal action is searched
