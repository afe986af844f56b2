"""Protocol conformance, invariants over seeded random games, determinism across processes.

Random agents rarely win Anno 1503 quickly, so most playouts here use the
``max_turns`` option; one game per player count is played to a real win.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from toolkit import anno1503
from toolkit.anno1503 import BUILDINGS, GOODS
from toolkit.anno1503 import actions as A
from toolkit.core import CHANCE, IllegalAction, check_game, play, random_agent, replay

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_conformance(players):
    game = anno1503.Anno1503(players=players, max_turns=120)
    stats = check_game(game, players=players, seed=players, games=2)
    assert stats["games"] == 2 and stats["chance"] > 0


def playout(game, seed):
    """Every state of one seeded random game."""
    rng = random.Random(f"anno-invariants:{seed}")
    s = game.setup()
    states = [s]
    while (seat := game.to_move(s)) is not None:
        if seat == CHANCE:
            outcomes = game.chance_outcomes(s)
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(game.legal_actions(s))
        s = game.apply(s, a)
        states.append(s)
    return states


def my_conditions(p):
    """The five victory conditions, recomputed here from the raw fields (A-WIN-1)."""
    return sum(
        [
            p.gold >= 30,
            sum(1 for o in p.offices if o) == 4,
            len(p.contracts) == 3,
            sum(1 for b in p.buildings if b) == 4,
            p.residents.count("MERCHANT") == 3,
        ]
    )


def check_invariants(game, prev, s):
    n = game.tables.goods_cards
    for g in range(
        len(GOODS)
    ):  # goods cards are conserved per type (A-COMP-2, A-TURN-4)
        assert s.supply[g] + sum(p.hand[g] for p in s.players) == n
    owned = Counter(b for p in s.players for b in p.buildings if b)
    assert owned + Counter(s.display) == Counter(game.display)  # buildings conserved
    for p in s.players:
        assert p.gold >= 0  # ASSUMPTION-22
        assert sum(r in ("PIONEER", "SETTLER") for r in p.residents) <= 4  # A-UPG-5
        assert sum(r in ("CITIZEN", "MERCHANT") for r in p.residents) <= 3  # A-COMP-3
        assert len(p.residents) == len(p.buildings) <= 7
        assert len([b for b in p.buildings if b]) == len(
            {b for b in p.buildings if b}
        )  # A-PB-2
        assert all(at is None or at in game.sea for at in p.ships)
        assert len(p.contracts) <= 3
    # island cards: every card is decided somewhere or still in the pool
    decided = Counter(c.code for st in s.islands for c in st if c.code[0] != "?")
    decided += Counter(o for p in s.players for o in (*p.offices, *p.contracts) if o)
    decided += Counter(s.reserve_known) + Counter(s.gone)
    for code, total, left in zip(game.card_codes, game.deck, s.pool):
        assert left >= 0 and left + decided[code] == total, code
    for i, b in enumerate((2, 3, 4)):
        unknown = (
            sum(1 for st in s.islands for c in st if c.code == f"?/{b}") + s.reserve[i]
        )
        assert unknown == sum(
            k for c, k in zip(game.card_codes, s.pool) if c.endswith(f"/{b}")
        )
    # scores are the conditions, recomputed from the state (A-WIN-1)
    assert game.scores(s) == tuple(my_conditions(p) for p in s.players)
    # hand limit at the end of the active player's own turn (A-HAND-1)
    if prev is not None and prev.active >= 0 and s.turn != prev.turn:
        assert sum(s.players[prev.active].hand) <= 5
    # immediate victory: the active player never sits on 3 conditions after their roll
    if s.phase not in ("over", "roll", "first"):
        assert my_conditions(s.players[s.active]) < 3
    if s.winner is not None:
        assert my_conditions(s.players[s.winner]) >= 3 and s.phase == "over"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_invariants_over_random_games(players, seed):
    game = anno1503.Anno1503(players=players, max_turns=150)
    states = playout(game, seed)
    prev = None
    for s in states:
        check_invariants(game, prev, s)
        prev = s


@pytest.mark.parametrize(("players", "seed"), [(2, 10), (3, 9), (4, 11)])
def test_A_WIN_3_random_game_played_to_a_win_with_default_options(players, seed):
    """Seeds picked for short random games (most random games run for thousands of turns)."""
    game = anno1503.Anno1503(players=players)
    final, record = play(game, [random_agent] * players, seed=seed)
    assert final.winner is not None and game.count_conditions(final, final.winner) >= 3
    assert game.to_move(final) is None and game.legal_actions(final) == []
    assert replay(record) == final


def universe(game):
    """Candidate actions far beyond the legal ones, to test that apply agrees with legal_actions."""
    out = [A.BuildShip(), A.ReturnCard(), A.EndTurn(), A.UseCard()]
    out += [A.PlacePioneer(b) for b in ("", *BUILDINGS)]
    out += [A.Upgrade(i) for i in range(0, 9)]
    out += (
        [A.Buy(g) for g in GOODS]
        + [A.Take(g) for g in GOODS]
        + [A.Discard(g) for g in GOODS]
    )
    out += [A.Raid(t) for t in range(-1, 5)]
    out += [A.Sell(tuple(int(i == g) for i in range(6))) for g in range(6)]
    out += [A.Sell((1, 1, 0, 1, 0, 0)), A.Sell((0, 0, 0, 0, 2, 0)), A.Sell((0,) * 6)]
    for ship in (1, 2, 3):
        out += [A.Sail(ship, (r, c)) for r in range(-1, 6) for c in range(0, 13, 2)]
        out += [A.Explore(ship, p) for p in game.island_spaces] + [
            A.Explore(ship, (2, 2))
        ]
    out += [A.UseCard(bridge=b) for b in range(1, 6)] + [
        A.UseCard(space=i) for i in range(1, 8)
    ]
    out += [A.Remove(bridge=b) for b in range(1, 6)] + [
        A.Remove(contract=c) for c in range(1, 4)
    ]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_apply_succeeds_exactly_for_listed_actions(players):
    """Every action outside legal_actions raises IllegalAction naming a rule, inside it applies."""
    game = anno1503.Anno1503(players=players, max_turns=60)
    candidates = universe(game)
    for i, s in enumerate(playout(game, players)):
        if i % 5 or game.to_move(s) in (None, CHANCE):
            continue
        legal = set(game.legal_actions(s))
        for a in candidates + list(legal):
            if a in legal:
                game.apply(s, a)
            else:
                with pytest.raises(IllegalAction) as err:
                    game.apply(s, a)
                assert err.value.rule.startswith("A-"), err.value


def test_chance_actions_outside_the_outcomes_are_refused(game3):
    s = game3.setup()
    for bad in (
        A.Roll(3),
        A.First(7),
        A.Reveal("TC/2"),
        A.Draw("?/2"),
        A.Steal("SPICE"),
    ):
        with pytest.raises(IllegalAction):
            game3.apply(s, bad)
    s = game3.apply(s, A.First(0))
    for bad in (A.Roll(0), A.Roll(7), A.EventRoll(2), A.First(1)):
        with pytest.raises(IllegalAction):
            game3.apply(s, bad)


SCRIPT = """
from toolkit import anno1503
from toolkit.core import play, random_agent
for players in (2, 3, 4):
    game = anno1503.Anno1503(players=players, max_turns=80)
    _, record = play(game, [random_agent] * players, seed=11)
    print(record.to_json())
"""


def test_same_seed_same_record_across_processes_and_hash_seeds():
    outs = []
    for hashseed in ("1", "4242"):
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
    assert outs[0] == outs[1] and outs[0].count("\n") == 3
