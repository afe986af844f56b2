"""Golden games: recorded action lists that must replay to the recorded final position.

They catch any unintended change of the rules engine (and of determinism on another
machine). After an *intended* rule change, regenerate them with
``python tests/pioneers/test_golden.py --regen`` and say why in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from toolkit import pioneers
from toolkit.core import Record, play, random_agent, replay

GOLDEN = Path(__file__).with_name("golden")
CASES = [(2, {}), (3, {}), (4, {}), (2, {"cover": "random", "finite_bank": True})]


def summary(game, final):
    return {
        "scores": list(game.scores(final)),
        "money": [p.money for p in final.players],
        "coach": final.coach,
        "round": final.round,
        "roads": [list(r) for r in final.roads],
    }


def name(players, opts):
    return f"pioneers-{players}p-seed2026{'-random-cover' if opts else ''}.json"


@pytest.mark.parametrize(("players", "opts"), CASES)
def test_golden_game_replays_to_the_recorded_final_position(players, opts):
    data = json.loads((GOLDEN / name(players, opts)).read_text())
    expected = data.pop("final")
    record = Record.from_json(json.dumps(data))
    game = pioneers.Pioneers(players=players, **record.options)
    final = replay(record, game)
    assert summary(game, final) == expected
    assert list(record.scores) == expected["scores"]


def regenerate() -> None:
    for players, opts in CASES:
        game = pioneers.Pioneers(players=players, **opts)
        final, record = play(game, [random_agent] * players, seed=2026)
        data = json.loads(record.to_json())
        data["final"] = summary(game, final)
        (GOLDEN / name(players, opts)).write_text(
            json.dumps(data, indent=0, sort_keys=True)
        )


if __name__ == "__main__" and "--regen" in sys.argv:
    regenerate()
