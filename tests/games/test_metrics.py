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
