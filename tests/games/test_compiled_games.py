"""Every game with compiled modules plays the same games compiled and as plain Python.

A game package may list modules to compile with mypyc in its ``compiled.txt``
(:mod:`toolkit.compiled`). For each such game of :data:`toolkit.GAMES`, a fresh
Python plays seeded games (random agents at every player count, the greedy bot
in seat 0, and one game per changed option) once with ``FRONTIER_PURE=1`` and
once with the compiled modules, and replays each record. The two must agree
byte for byte on the records, the final states and scores, and, at every
step of the replay, the legal actions, the chance outcomes with their
probabilities and the mover's observation.

Where the engine is not compiled (no ``make venv`` here) the comparison is
skipped, except in CI (``CI`` set), which builds it and so must test it.
"""

from __future__ import annotations

import os

import pytest

import toolkit
from toolkit import compiled

#: Turns a game with a ``max_turns`` option is cut at (random play is long).
MAX_TURNS = 40

# argv: game name. Prints which modules ran compiled and one digest.
PLAY = r"""
import hashlib, json, sys
import toolkit
from toolkit import compiled
from toolkit.agents import make_agent
from toolkit.core import CHANCE, make_game, play, random_agent
from toolkit.core.record import game_class

name, max_turns = sys.argv[1], int(sys.argv[2])
package = toolkit.GAMES[name].split(":")[0]
cls = game_class(name)
low, high = cls.min_players, cls.max_players
short = {"max_turns": max_turns} if "max_turns" in cls.defaults else {}

# (players, options, seed, greedy in seat 0)
runs = []
for players in range(low, high + 1):
    runs += [(players, {}, seed, False) for seed in range(4)]
    runs.append((players, {}, 7, True))
# one game per changed option: a flipped bool, a rule parameter one step away
changes = [
    {k: not v} for k, v in cls.defaults.items() if isinstance(v, bool)
] + [
    {k: cls.defaults[k] - 1 if cls.defaults[k] >= 2 else cls.defaults[k] + 1}
    for k in getattr(cls, "rule_parameters", ())
]
for i, change in enumerate(changes):
    runs.append((low + i % (high - low + 1), change, 20 + i, False))

h = hashlib.sha256()
for players, options, seed, greedy in runs:
    game = make_game(name, players, **{**short, **options})
    agents = [random_agent] * players
    if greedy:
        agents[0] = make_agent("greedy")
    final, record = play(game, agents, seed=seed)
    h.update(record.to_json().encode())
    h.update(repr(final).encode())
    h.update(repr(game.scores(final)).encode())
    state = game.setup()
    for text in record.actions:
        seat = game.to_move(state)
        h.update(repr(seat).encode())
        if seat == CHANCE:
            h.update(repr(game.chance_outcomes(state)).encode())
        else:
            h.update(repr(game.legal_actions(state)).encode())
            h.update(repr(game.observe(state, seat)).encode())
        state = game.apply(state, game.parse_action(text))
    assert state == final
    h.update(repr(game.legal_actions(final)).encode())
mine = {m: s for m, s in compiled.status().items() if m.startswith(package + ".")}
files = {m: sys.modules[m].__file__ for m in mine if m in sys.modules}
print(json.dumps({"status": mine, "files": files, "runs": len(runs), "hash": h.hexdigest()}))
"""


def _compiled_games() -> list[str]:
    """The games of :data:`toolkit.GAMES` whose package lists compiled modules."""
    groups = {group.rsplit(".", 1)[0] for group, _ in compiled.groups()}
    return sorted(n for n, t in toolkit.GAMES.items() if t.split(":")[0] in groups)


def test_some_game_lists_compiled_modules():
    """The comparison below runs on at least one game (Pioneers compiles its engine)."""
    assert _compiled_games()


@pytest.mark.slow
@pytest.mark.parametrize("name", _compiled_games())
def test_compiled_and_plain_engines_play_identical_games(name, run_python):
    pure = run_python(PLAY, name, str(MAX_TURNS), pure=True)
    assert pure["status"], f"{name} lists no compiled modules"
    assert all(s.startswith("python") for s in pure["status"].values())
    assert all(f.endswith(".py") for f in pure["files"].values()), pure["files"]
    fast = run_python(PLAY, name, str(MAX_TURNS), pure=False)
    if set(fast["status"].values()) != {"compiled"}:
        if os.environ.get("CI"):  # CI builds the engine (make venv): it must be tested
            pytest.fail(f"{name}: the compiled engine was not built: {fast['status']}")
        pytest.skip(f"{name}: not compiled here: {fast['status']}")
    assert not any(f.endswith(".py") for f in fast["files"].values()), fast["files"]
    assert fast["runs"] == pure["runs"] > 0
    assert fast["hash"] == pure["hash"]
