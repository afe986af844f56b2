"""The core protocol tools on a tiny toy game, including games that break the protocol."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from toolkit.core import (
    CHANCE,
    ConformanceError,
    IllegalAction,
    Progress,
    Record,
    RecordError,
    check_game,
    play,
    random_agent,
    replay,
)


@dataclasses.dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclasses.dataclass(frozen=True)
class Roll:
    n: int

    def __str__(self) -> str:
        return f"roll {self.n}"


class DiceNim:
    """A pile of stones; a coin adds 0 or 1 stone first; players take 1-3; last take wins."""

    name = "dicenim"
    min_players = max_players = 2
    defaults: ClassVar[dict] = {}

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self.options: dict = {}

    def setup(self):
        return (None, 0, 5)  # (phase marker None = chance, to move, stones)

    def to_move(self, s):
        if s[2] <= 0:
            return None
        return CHANCE if s[0] is None else s[1]

    def legal_actions(self, s):
        if self.to_move(s) in (None, CHANCE):
            return []
        return [Take(n) for n in (1, 2, 3) if n <= s[2]]

    def chance_outcomes(self, s):
        return [(Roll(n), 1 / 2) for n in (0, 1)] if s[0] is None else []

    def apply(self, s, a):
        if self.to_move(s) is None:
            raise IllegalAction("NIM-END", "the pile is empty.")
        if isinstance(a, Roll) and s[0] is None:
            return ("turn", s[1], s[2] + a.n)
        if not isinstance(a, Take) or a not in self.legal_actions(s):
            raise IllegalAction("NIM-1", f"{a} is not allowed now.")
        return (None, 1 - s[1], s[2] - a.n) if s[2] - a.n > 0 else ("over", s[1], 0)

    def observe(self, s, seat):
        return s

    def scores(self, s):
        if s[2] > 0:
            return (0, 0)
        return tuple(1 if i == s[1] else 0 for i in range(2))

    def parse_action(self, text):
        kind, n = text.split()
        return {"take": Take, "roll": Roll}[kind](int(n))

    def winners(self, s):
        return tuple(i for i, v in enumerate(self.scores(s)) if v) if s[2] <= 0 else ()

    def progress(self, s):
        return Progress(0, None, None)


def test_check_game_passes_a_correct_game():
    stats = check_game(DiceNim(), seed=1, games=5)
    assert stats["games"] == 5 and stats["chance"] > 0 and stats["decisions"] > 0


class BadProbabilities(DiceNim):
    def chance_outcomes(self, s):
        return [(Roll(n), 0.4) for n in (0, 1)] if s[0] is None else []


class BadNotation(DiceNim):
    def parse_action(self, text):
        return Take(1)


class Mutating(DiceNim):
    def setup(self):
        return [None, 0, 5]

    def apply(self, s, a):
        out = super().apply(tuple(s), a)
        s[2] = -99 if isinstance(a, Take) else s[2]
        return list(out)


class NeverEnds(DiceNim):
    def apply(self, s, a):
        out = super().apply(s, a)
        return (out[0], out[1], max(out[2], 1))


class Nondeterministic(DiceNim):
    calls = 0

    def chance_outcomes(self, s):
        Nondeterministic.calls += 1
        base = [(Roll(n), 1 / 2) for n in (0, 1)] if s[0] is None else []
        return base if Nondeterministic.calls % 2 else base[::-1]


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        (BadProbabilities, "do not sum to 1"),
        (BadNotation, "does not round-trip"),
        (Mutating, "mutated its input"),
        (NeverEnds, "did not end"),
        (Nondeterministic, "not stable"),
    ],
)
def test_check_game_catches_broken_games(broken, words):
    with pytest.raises(ConformanceError, match=words):
        check_game(broken(), seed=0, games=3, max_steps=200)


def test_play_record_replay_round_trip():
    game = DiceNim()
    final, record = play(game, [random_agent, random_agent], seed=3)
    assert game.to_move(final) is None
    assert record.scores == game.scores(final)
    assert replay(Record.from_json(record.to_json()), game) == final


def test_play_rejects_a_wrong_number_of_agents():
    with pytest.raises(ValueError, match="2 players need 2 agents"):
        play(DiceNim(), [random_agent], seed=0)


def test_illegal_action_carries_rule_and_message():
    game = DiceNim()
    with pytest.raises(IllegalAction) as err:
        game.apply(("turn", 0, 1), Take(2))
    assert err.value.rule == "NIM-1" and "take 2" in err.value.message


def test_replay_names_the_action_that_fails():
    game = DiceNim()
    _, record = play(game, [random_agent, random_agent], seed=3)
    bad = dataclasses.replace(record, actions=record.actions[:1] + ("take 9",))
    with pytest.raises(RecordError, match=r"action 1 \('take 9'\)"):
        replay(bad, game)


def test_check_game_wants_the_protocol_statics_and_winners():
    class NoDefaults(DiceNim):
        defaults = None

    class ListWinners(DiceNim):
        def winners(self, s):
            return list(super().winners(s))

    class NoProgress(DiceNim):
        def progress(self, s):
            return (0, None, None)

    with pytest.raises(ConformanceError, match="defaults"):
        check_game(NoDefaults(), seed=1)
    with pytest.raises(ConformanceError, match="winners returned"):
        check_game(ListWinners(), seed=1)
    with pytest.raises(ConformanceError, match="not a Progress"):
        check_game(NoProgress(), seed=1)
