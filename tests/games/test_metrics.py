"""Design metrics and rule parameters for every game (the rules lab's contract)."""

from __future__ import annotations

import pytest

from toolkit.analysis import metrics, variants
from toolkit.core import make_game, option_values


def _options(name):
    game = make_game(name, 2)
    return {"max_turns": 12} if "max_turns" in game.defaults else {}


def test_every_game_is_measured(game_name):
    """Every shared metric, the game's own ones, and branching by phase."""
    t = metrics.measure(
        game_name, ["random", "random"], games=2, seed=1, **_options(game_name)
    )
    table = metrics.per_game(t)
    for col in ("turns", "decisions", "branching", "lead_changes", "decided_at"):
        assert table[col].notna().all(), col
    assert (table["branching"] >= 1).all()
    what = metrics.describe(t.spec.game)
    assert set(table.columns) - {"game", "deal"} <= set(what)
    by_phase = metrics.branching(t, by="phase")
    assert by_phase["decisions"].sum() == table["decisions"].sum()
    s = metrics.summary(t)
    assert not s.empty and (s["games"] <= 2).all()


def test_rule_parameters_are_documented_options(game_name):
    """Each rule parameter is a default, whole-numbered, and a changed one is used."""
    cls = type(make_game(game_name, 2))
    params = getattr(cls, "rule_parameters", ())
    for name in params:
        value = cls.defaults[name]
        assert isinstance(value, int) and not isinstance(value, bool), name
        other = value - 1 if value >= 2 else value + 1  # some are at their maximum
        changed = make_game(game_name, 2, **{name: other})
        assert changed.options[name] == other
        assert option_values(changed)[name] == other
        assert name not in make_game(game_name, 2).options  # records unchanged


def test_a_rule_parameter_variant_runs(game_name):
    cls = type(make_game(game_name, 2))
    params = getattr(cls, "rule_parameters", ())
    if not params:
        pytest.skip(f"{game_name} has no rule parameters to vary")
    name = params[0]
    lab = variants.compare(
        make_game(game_name, 2, **_options(game_name)),
        {"rules": {}, "changed": {name: cls.defaults[name] + 1}},
        ["random", "random"],
        games=2,
        seed=1,
    )
    assert len(lab.differences()) > 0 and lab.verdicts()


BONUS = 6
#: The chance that seat 0 starts, by the rules: a uniform draw in every game of
#: GAMES (P-SETUP-6, Anno's starting roll, M-SETUP-10, PD-SETUP-1); the toy's seat 0
#: always starts.
SEAT0_STARTS = {"race": 1.0}


def _bonus_game(game_name):
    """The game with one rule changed: seat 0 gains ``BONUS`` points at the end
    when it was the start player. Play is unchanged (random agents never look at
    the score), so the planted effect on seat 0's score edge (its score minus the
    game's mean) is ``BONUS * (n - 1) / n`` when seat 0 started, and with a start
    player drawn uniformly, ``BONUS * (n - 1) / n**2`` in expectation.
    (Extra start money would change play itself, with no effect known in advance.)
    """
    base = type(make_game(game_name, 2))

    class SeatZeroBonus(base):
        def scores(self, state):
            out = list(super().scores(state))
            if self.to_move(state) is None and self.progress(state).first == 0:
                out[0] += BONUS
            return tuple(out)

    return SeatZeroBonus(players=2, **_options(game_name))


def test_a_planted_effect_is_recovered_within_its_interval(game_name):
    """Paired seeds: the known effect lies in the interval, which excludes 0."""
    lab = variants.compare(
        make_game(game_name, 2, **_options(game_name)),
        {"rules": {}, "bonus": _bonus_game(game_name)},
        ["random", "random"],
        games=80,
        seed=3,
    )
    d = lab.differences(["seat0_score_edge"]).iloc[0]
    truth = BONUS * (2 - 1) / 2 * SEAT0_STARTS.get(game_name, 1 / 2)
    assert d["diff_low"] <= truth <= d["diff_high"]
    assert d["diff_low"] > 0
    same = lab.differences(["turns", "decisions"])
    assert (same["diff"] == 0).all()  # the games themselves are the same
