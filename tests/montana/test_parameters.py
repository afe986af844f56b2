"""Rule constants as options (``Montana.rule_parameters``): M-SETUP-10, M-SETUP-6,
M-COMP-3, M-BANK-2, M-CATTLE-1, M-BUILD-1 and M-BUILD-8 with other values.

At the rulebook's value an option is left out of ``game.options`` and of
records (so the golden records are unchanged); another value is carried in
records and replays, and changes the game as its rule says.
"""

from __future__ import annotations

import pytest

from toolkit.core import Record, option_values, play, random_agent, replay
from toolkit.montana import Montana, load_tables
from toolkit.montana.rules import PARAMETER_RANGE, PARAMETERS


def game(players=2, **params):
    return Montana(players=players, first=0, start_hex="0,-1", **params)


def test_defaults_are_the_rulebook_values_and_the_data_agrees():
    g = Montana(players=2)
    assert {k: option_values(g)[k] for k in PARAMETERS} == {
        "start_coins": 3,
        "settlements_2": 12,
        "settlements_3": 10,
        "settlements_4": 8,
        "worker_limit": 8,
        "bank_coins_1": 3,
        "bank_coins_2": 8,
        "bank_coins_3": 12,
        "trade_coins": 3,
        "max_hexes": 3,
        "compensation_1": 2,
        "compensation_2": 1,
    }
    assert not set(PARAMETERS) & set(g.options)
    assert set(Montana.rule_parameters) == set(PARAMETERS) == set(PARAMETER_RANGE)
    t = load_tables()  # the shipped data says the same (M-SETUP-6, -10, M-BANK-2)
    assert t.first_coins == PARAMETERS["start_coins"][0]
    assert t.settlements == {n: PARAMETERS[f"settlements_{n}"][0] for n in (2, 3, 4)}
    assert t.bank == tuple((w, PARAMETERS[f"bank_coins_{w}"][0]) for w in (1, 2, 3))
    assert g.tables is t  # no copy of the tables when nothing changes
    assert (
        repr(Montana(players=2, trade_coins=4)) == "Montana(players=2, trade_coins=4)"
    )


@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_bad_values_are_refused_naming_the_option_and_rule(name):
    low, high = PARAMETER_RANGE[name]
    rule = PARAMETERS[name][1]
    for value in (low - 1, high + 1):
        with pytest.raises(ValueError, match=rf"{name} .*\({rule}\)"):
            Montana(players=2, **{name: value})
    for value in (True, "3", 2.0, None):
        with pytest.raises(TypeError, match=rf"{name} .*\({rule}\)"):
            Montana(players=2, **{name: value})


def test_M_SETUP_10_start_coins(h):
    s = h.landscape(game(start_coins=10))
    assert [p.coins for p in s.players] == [10, 11]
    assert [p.coins for p in h.landscape(game()).players] == [3, 4]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_M_SETUP_6_settlements_by_player_count(players, h):
    g = game(players, **{f"settlements_{players}": 5})
    s = h.landscape(g)
    assert [p.left for p in s.players] == [5] * players
    assert g.settlements == 5 and g.scores(s) == (0,) * players
    other = 3 if players != 3 else 4  # another count's option leaves this one alone
    plain = game(players, **{f"settlements_{other}": 5})
    assert plain.settlements == PARAMETERS[f"settlements_{players}"][0]


def test_M_COMP_3_worker_limit(h):
    """The set-up's 4 copper workers exceed a limit of 3: one goes back first."""
    g = game(worker_limit=3)
    s = g.setup()
    for k in range(1, len(g.centres) + 1):
        s = h.run(g, s, f"tile {k} r0")
    s = h.run(g, s, "spin 0", "spin 0")
    assert s.phase == "dismiss"
    s = h.run(g, s, "dismiss copper")
    assert sum(s.players[0].workers) == 3
    # with the rulebook's 8 the same spins need no dismissal
    assert sum(h.landscape(game()).players[0].workers) == 4
    # a traded worker may not take a seat over the limit (M-CATTLE-1)
    full = h.player(h.landscape(game()), 0, workers=h.workers(copper=3), cattle=1)
    assert "trade worker copper" not in [str(a) for a in g.legal_actions(full)]
    h.illegal(g, full, "trade worker copper", "M-CATTLE-1")


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_M_BANK_2_bank_coins(workers, h):
    g = game(**{f"bank_coins_{workers}": 20})
    s = h.landscape(g)
    text = "bank " + "+".join(["copper"] * workers)
    after = h.run(g, s, text)
    assert after.players[0].coins == s.players[0].coins + 20
    plain = h.run(game(), h.landscape(game()), text)
    assert plain.players[0].coins == 3 + PARAMETERS[f"bank_coins_{workers}"][0]


def test_M_CATTLE_1_trade_coins(h):
    g = game(trade_coins=7)
    s = h.landscape(g)
    after = h.run(g, s, "trade coins")
    assert after.players[0].coins == s.players[0].coins + 7
    assert after.players[0].cattle == s.players[0].cattle - 1


def _build_two(g, h):
    """Seat 0 builds two GG hexes next to the starting tile (0,-1)."""
    s = h.landscape(g)
    kinds = list(s.kinds)
    for q, r in ((0, -2), (-1, -2)):
        kinds[h.hexi(g, q, r)] = "GG"
    s = s._replace(kinds=tuple(kinds))
    return h.player(s, 0, goods=h.goods(grain=4))


def test_M_BUILD_1_max_hexes(h):
    """With one hex per Build the action ends after the first hex."""
    g = game(max_hexes=1)
    s = h.run(g, _build_two(g, h), "build 0,-2")
    assert s.phase != "build" and s.active == 1
    assert s.players[0].coins == 3 + 2  # a Build of 1 hex: 2 coins (M-BUILD-8)
    plain = game()
    s = h.run(plain, _build_two(plain, h), "build 0,-2")
    assert s.phase == "build" and s.decider == 0  # may build on


@pytest.mark.parametrize(
    ("hexes", "name"), [(1, "compensation_1"), (2, "compensation_2")]
)
def test_M_BUILD_8_compensation(hexes, name, h):
    g = game(**{name: 9})
    moves = ["build 0,-2", "build -1,-2"][:hexes] + ["done"]
    s = h.run(g, _build_two(g, h), *moves)
    assert s.players[0].coins == 3 + 9
    plain = game()
    s = h.run(plain, _build_two(plain, h), *moves)
    assert s.players[0].coins == 3 + PARAMETERS[name][0]


def test_changed_values_are_carried_by_records_and_replay():
    g = Montana(players=2, max_turns=40, trade_coins=5, settlements_2=6)
    final, record = play(g, [random_agent] * 2, seed=3)
    assert record.options["trade_coins"] == 5 and record.options["settlements_2"] == 6
    again = Record.from_json(record.to_json())
    assert replay(again) == final
    _, plain = play(Montana(players=2, max_turns=40), [random_agent] * 2, seed=3)
    assert "trade_coins" not in plain.options


def test_bots_and_encoder_follow_the_parameters(h):
    """The greedy value prices a cattle at the game's trade_coins; the encoder
    scales workers, settlements and hexes per Build by the game's limits."""
    from toolkit.montana import bots
    from toolkit.montana.encoding import Encoder

    plain, rich = game(), game(trade_coins=8)
    s = h.player(h.landscape(plain), 0, cattle=2)
    base = bots.evaluate_terms(plain, s, 0)["economy"]
    assert bots.evaluate_terms(rich, s, 0)["economy"] == pytest.approx(base + 2 * 5)
    assert bots.greedy(rich, s, 0) > bots.greedy(plain, s, 0)
    big = game(worker_limit=20, settlements_2=20, max_hexes=6)
    s = h.player(h.landscape(big), 0, workers=h.workers(copper=18))
    enc = Encoder(big)
    v = enc.encode(s, 0)
    assert v.min() >= 0.0 and (v <= enc.high).all()  # within the space's bounds
