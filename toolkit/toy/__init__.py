"""Race: the smallest complete game on the shared protocol.

Not one of the toolkit's games (it is not in :data:`toolkit.GAMES`): it is here
so that the generic layers can be shown and tested on a game they know nothing
about. Its only part is ``encoding`` (an RL encoding is a choice about the game
that the protocol cannot make); everything else uses the generic fallbacks. It has everything a real game brings to them, in a few lines each: chance
turns with unequal odds, a hidden value, a decision with a risk, a capped length
and a shared win.

Rules (``R-n`` are its rule IDs):

- R-1 Each seat is dealt a secret bonus card worth 0, 1 or 2 points (odds
  3:2:1), seen only by its owner.
- R-2 On your turn a die is rolled. A 1 ends your turn and loses what you
  gathered this turn; any other face adds to your turn total.
- R-3 After a roll that did not end your turn, you ``roll`` again or ``bank``:
  banking adds the turn total to your score and passes the turn clockwise.
- R-4 The game ends when a seat's score reaches ``target`` or after
  ``max_rounds`` rounds; then every bonus card is revealed and added.
- R-5 Most points wins; tied seats share the win.

>>> from toolkit.core import play, random_agent
>>> game = Race(players=2)
>>> final, record = play(game, [random_agent] * 2, seed=1)
>>> game.to_move(final) is None and len(game.winners(final)) >= 1
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toolkit.core.game import CHANCE, GameOver, IllegalAction, Progress

__all__ = ["CARDS", "DIE", "Race", "State"]

CARDS = ((0, 3 / 6), (1, 2 / 6), (2, 1 / 6))
DIE = tuple(range(1, 7))


@dataclass(frozen=True, slots=True)
class State:
    """A position of Race: banked scores, secret cards (``None`` if hidden), the turn."""

    score: tuple[int, ...]
    cards: tuple[int | None, ...]
    dealt: int = 0
    active: int = 0
    round: int = 0
    total: int = 0
    phase: str = "deal"  # deal, roll, decide, over


class Race:
    """Push-your-luck dice race for 2-4 players (see the module's rules)."""

    name: ClassVar[str] = "race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    defaults: ClassVar[dict[str, Any]] = {"target": 20, "max_rounds": 15}

    def __init__(self, players: int = 2, **options: Any) -> None:
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"Race is for 2-4 players, not {players!r}")
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise ValueError(
                f"unknown option(s) {unknown}; options are {sorted(self.defaults)}"
            )
        opts = {**self.defaults, **options}
        for key, value in opts.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(
                    f"{key} must be a positive whole number, not {value!r}"
                )
        self.players = players
        self.options = opts

    def setup(self) -> State:
        return State(score=(0,) * self.players, cards=(None,) * self.players)

    def to_move(self, state: State) -> int | None:
        if state.phase == "over":
            return None
        return state.active if state.phase == "decide" else CHANCE

    def legal_actions(self, state: State) -> list[str]:
        return ["bank", "roll"] if state.phase == "decide" else []

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        if state.phase == "deal":
            return [(f"card {v}", p) for v, p in CARDS]
        if state.phase == "roll":
            return [(f"die {f}", 1 / 6) for f in DIE]
        return []

    def parse_action(self, text: str) -> str:
        if not isinstance(text, str) or text not in _ACTIONS:
            raise ValueError(
                f"not a Race action: {text!r} (try 'roll', 'bank', 'die 3', 'card 1')"
            )
        return text

    def apply(self, state: State, action: Any) -> State:
        if state.phase == "over":
            raise GameOver()
        if state.phase == "decide":
            if action not in ("bank", "roll"):
                raise IllegalAction(
                    "R-3", f"after a roll you either 'roll' or 'bank', not {action!r}."
                )
            if action == "roll":
                return replace(state, phase="roll")
            score = _add(state.score, state.active, state.total)
            return self._next_turn(replace(state, score=score, total=0))
        outcomes = [a for a, _ in self.chance_outcomes(state)]
        if action not in outcomes:
            rule = "R-1" if state.phase == "deal" else "R-2"
            raise IllegalAction(
                rule, f"chance decides now; {action!r} is not one of {outcomes}."
            )
        value = int(action.split()[1])
        if state.phase == "deal":
            cards = tuple(
                value if i == state.dealt else c for i, c in enumerate(state.cards)
            )
            dealt = state.dealt + 1
            if dealt < self.players:
                return replace(state, cards=cards, dealt=dealt)
            return replace(state, cards=cards, dealt=dealt, phase="roll", round=1)
        if value == 1:  # the turn total is lost
            return self._next_turn(replace(state, total=0))
        return replace(state, total=state.total + value, phase="decide")

    def _next_turn(self, state: State) -> State:
        if max(state.score) >= self.options["target"] or (
            state.active == self.players - 1
            and state.round >= self.options["max_rounds"]
        ):
            score = tuple(
                s + (c or 0) for s, c in zip(state.score, state.cards, strict=True)
            )
            return replace(state, score=score, phase="over")
        active = (state.active + 1) % self.players
        return replace(
            state, active=active, round=state.round + (active == 0), phase="roll"
        )

    def observe(self, state: State, seat: int | None) -> State:
        if state.phase == "over":
            return state
        cards = tuple(c if i == seat else None for i, c in enumerate(state.cards))
        return replace(state, cards=cards)

    def scores(self, state: State) -> tuple[int, ...]:
        return state.score

    def winners(self, state: State) -> tuple[int, ...]:
        if state.phase != "over":
            return ()
        best = max(state.score)
        return tuple(i for i, s in enumerate(state.score) if s == best)

    def progress(self, state: State) -> Progress:
        if state.round == 0:
            return Progress(0, None, None)
        return Progress(state.round, None if state.phase == "over" else state.active, 0)

    def __repr__(self) -> str:
        opts = "".join(
            f", {k}={v!r}" for k, v in self.options.items() if v != self.defaults[k]
        )
        return f"Race(players={self.players}{opts})"


def _add(t: tuple[int, ...], i: int, x: int) -> tuple[int, ...]:
    return t[:i] + (t[i] + x,) + t[i + 1 :]


_ACTIONS = frozenset(
    ["bank", "roll", *(f"die {f}" for f in DIE), *(f"card {v}" for v, _ in CARDS)]
)
