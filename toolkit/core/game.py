"""The game protocol every game in the toolkit implements.

A game object holds what never changes (board, decks, player count, options);
a state holds what changes and is immutable: :meth:`Game.apply` returns a new
state and never modifies its input. Randomness appears only as *chance turns*:
when :meth:`Game.to_move` returns :data:`CHANCE`, the next action is drawn from
:meth:`Game.chance_outcomes` by whoever drives the game (see :func:`toolkit.core.play`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import (
    Any,
    ClassVar,
    Final,
    NamedTuple,
    Protocol,
    TypeVar,
    runtime_checkable,
)

#: The pseudo-player who makes chance turns (shuffles, draws, dice).
CHANCE: Final = -1  # Final: compiled modules inline it

S = TypeVar("S")
A = TypeVar("A")


# The name every caller and lesson knows, so no "Error" suffix.
class IllegalAction(ValueError):  # noqa: N818
    """An action that the rules forbid in the given state.

    ``rule`` is the rule ID it breaks (e.g. ``"P-MOVE-3"``); the message is a
    sentence a student understands. The state it was applied to is unchanged.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class GameOver(IllegalAction):
    """Raised when an action is applied to a finished game."""

    def __init__(self) -> None:
        super().__init__("GAME-OVER", "the game is over; no more actions can be taken.")


class Progress(NamedTuple):
    """Where a game stands, in the words every game shares (see :meth:`Game.progress`).

    ``round`` counts rounds started (0 during the set-up); ``active`` is the seat
    whose turn it is, even while chance or another seat decides for it (``None``
    during the set-up and once the game is over); ``first`` is the seat that
    started the first round (``None`` until it is known).
    """

    round: int
    active: int | None
    first: int | None


@runtime_checkable
class Game(Protocol[S, A]):
    """The seven-member protocol shared by all games.

    Members
    -------
    name, min_players, max_players, players, options
        Static facts about the game and this instance.
    setup() -> S
        The deterministic starting state; its first turns are usually chance turns.
    to_move(s) -> int | None
        The seat to decide next (0-based), :data:`CHANCE`, or ``None`` when over.
    legal_actions(s) -> Sequence[A]
        The decisions open to ``to_move(s)``, in a stable order; empty only when over
        or at a chance turn.
    chance_outcomes(s) -> Sequence[tuple[A, float]]
        At a chance turn: every outcome with its probability (summing to 1).
    apply(s, a) -> S
        The state after ``a``; raises :class:`IllegalAction` and leaves ``s`` as is.
    observe(s, seat) -> S
        The same kind of state with what ``seat`` cannot see redacted.
    scores(s) -> tuple[int, ...]
        Victory points by seat (meaningful mid-game too, for charts).
    parse_action(text) -> A
        The inverse of ``str(action)``.
    winners(s) -> tuple[int, ...]
        The seats that won a finished game (more than one on a shared win); empty
        when the game ended without a winner (e.g. stopped by a turn cap).
    progress(s) -> Progress
        Round, active seat and first player, for tables and charts.
    defaults
        Every option the constructor takes, with its documented default: the one
        place option defaults are written (records, the OpenSpiel parameters and
        the apps read them from here). ``options`` holds this instance's values.
    rule_parameters (optional class attribute)
        The names of the options that are rule constants (incomes, prices,
        limits; :mod:`toolkit.analysis.variants` tries other values). At its
        default such an option may be left out of ``options``, so the records
        of games by the rulebook stay as they were before it was an option;
        :func:`option_values` gives every option's value.

    Whether a game is over is :func:`is_over`; a game's parts (bots, words,
    facts, encoding, view) are found by :func:`toolkit.core.part`.
    """

    name: str
    min_players: int
    max_players: int
    players: int
    options: dict[str, Any]
    defaults: ClassVar[dict[str, Any]]

    def setup(self) -> S: ...
    def to_move(self, state: S) -> int | None: ...
    def legal_actions(self, state: S) -> Sequence[A]: ...
    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]: ...
    def apply(self, state: S, action: A) -> S: ...
    def observe(self, state: S, seat: int) -> S: ...
    def scores(self, state: S) -> tuple[int, ...]: ...
    def parse_action(self, text: str) -> A: ...
    def winners(self, state: S) -> tuple[int, ...]: ...
    def progress(self, state: S) -> Progress: ...


def is_over(game: Any, state: Any) -> bool:
    """Whether the game is over: nobody, not even chance, is to move."""
    return game.to_move(state) is None


#: An agent is any callable ``agent(game, observation, legal_actions, rng) -> action``.
#: ``observation`` is ``game.observe(state, seat)``; ``rng`` is the agent's own
#: seeded :class:`random.Random` stream.
Agent = Callable[[Any, Any, Sequence[Any], random.Random], Any]


def option_values(game: Any) -> dict[str, Any]:
    """Every option of ``game`` with its value: ``options`` over ``defaults``.

    >>> from toolkit.toy import Race
    >>> option_values(Race(players=2, target=30))
    {'target': 30, 'max_rounds': 15}
    """
    return {**getattr(type(game), "defaults", {}), **game.options}


def take_rule_parameters(
    options: dict[str, Any],
    parameters: dict[str, tuple[int, str, str]],
    ranges: dict[str, tuple[int, int]],
    known: dict[str, Any] | None = None,
) -> dict[str, int]:
    """Take a game's rule parameters out of ``options``, checked.

    With ``known`` (the game's ``defaults``), an option it does not name is
    refused first (a ``ValueError`` listing the options).

    ``parameters`` maps each parameter to (the rulebook's value, its rule ID,
    what it is) and ``ranges`` to its (smallest, largest) value. Every
    parameter comes back, at its rulebook value unless ``options`` gave one
    (which is removed from ``options``). A value that is not a whole number is
    a ``TypeError``, one out of range a ``ValueError``, each naming the
    parameter and its rule.

    >>> opts = {"income": 5, "other": True}
    >>> take_rule_parameters(
    ...     opts, {"income": (3, "R-1", "money a turn")}, {"income": (0, 9)}
    ... )
    {'income': 5}
    >>> opts
    {'other': True}
    >>> take_rule_parameters(
    ...     {"income": 10}, {"income": (3, "R-1", "money")}, {"income": (0, 9)}
    ... )
    Traceback (most recent call last):
    ValueError: income must be between 0 and 9, not 10 (R-1)
    >>> take_rule_parameters({"incme": 4}, {}, {}, known={"income": 3})
    Traceback (most recent call last):
    ValueError: unknown option(s) ['incme']; options are ['income']
    """
    if known is not None:
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(
                f"unknown option(s) {unknown}; options are {sorted(known)}"
            )
    params = {
        name: options.pop(name, value) for name, (value, _, _) in parameters.items()
    }
    for name, value in params.items():
        low, high = ranges[name]
        rule = parameters[name][1]
        if type(value) is not int:
            raise TypeError(
                f"{name} must be a whole number (an int), not {value!r:.40} ({rule})"
            )
        if not low <= value <= high:
            raise ValueError(
                f"{name} must be between {low} and {high}, not {value!r} ({rule})"
            )
    return params
