"""The model behind :class:`~toolkit.widgets.PlayApp`: a game in progress.

A :class:`Session` holds the states of one game (any game on the shared
protocol), who sits in each seat (a human or a bot), the log, and undo/redo.
It has no widget code, so every rule of the app can be tested by calling it
directly. What depends on the game (log sentences, the rules a refusal cites,
what a click on the board plays) comes from the game's words
(:func:`.words.words_for`); a game whose board takes no clicks answers
:meth:`Session.click_city` and :meth:`Session.click_connection` with an
IllegalAction ``BOARD``.

Two promises hold for every method:

* **Transactions.** A method that changes the game computes all new states
  first and commits them only when every action was legal. An illegal action
  raises :class:`~toolkit.core.IllegalAction` (naming the rule) and leaves the
  session exactly as it was; a bot that fails raises :class:`BotError` with
  the session at the last legal position. A bot fails when it raises, or
  returns an object of none of the types of the legal actions it was given (a
  string, ``None``, an action of another phase), or an action the rules refuse
  or cannot even read.
* **Reproducible chance.** The chance turn after ``k`` steps is drawn from a
  stream seeded with ``(seed, k)``, and a bot deciding at step ``k`` gets its
  own stream seeded with ``(seed, seat, k)``. Undo followed by the same action
  therefore gives the same dice: undo never re-rolls.

>>> from toolkit.toy import Race
>>> s = Session(Race(players=2), ["human", "human"], seed=1)
>>> s.human_to_move, [str(a) for a in s.legal()]
(True, ['bank', 'roll'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.core import CHANCE, IllegalAction, sample_outcome

from .words import who, words_for

__all__ = ["HUMAN", "BotError", "Session", "Step"]

#: The seat spec for a person clicking in the widget.
HUMAN = "human"


class BotError(RuntimeError):
    """A bot raised an exception or chose an illegal action; the game did not change."""

    def __init__(self, seat: int, name: str, error: BaseException) -> None:
        self.seat, self.name, self.error = seat, name, error
        kind = (
            "chose an illegal action" if isinstance(error, IllegalAction) else "failed"
        )
        super().__init__(f"the {name} bot in seat {seat} {kind}: {error}")


@dataclass(frozen=True)
class Step:
    """One applied action: who took it, the action, its log lines, its gesture."""

    seat: int
    action: Any
    lines: tuple[str, ...]
    group: int | None = None  # the human gesture it belongs to (None: bot or chance)


def _bot(spec: Any) -> tuple[Callable, str]:
    """A bot callable and its display name, from a bot name or a callable."""
    if isinstance(spec, str):
        from toolkit.agents import make_agent  # raises a ValueError for unknown bots

        agent = make_agent(spec)
        return agent, getattr(agent, "name", spec)
    if callable(spec):
        name = getattr(spec, "name", None) or getattr(spec, "__name__", None)
        return spec, name or type(spec).__name__
    raise ValueError(
        f"a seat is 'human', a bot name or an agent callable, not {spec!r}"
    )


def _kind_error(action: Any, legal: Sequence[Any]) -> IllegalAction | None:
    """Why ``action`` cannot be one of ``legal``: its type is none of theirs.

    ``None`` when it is of a kind found in ``legal`` (an instance of the type of
    one of them): the rules judge it then, so an action the rules accept without
    listing it (e.g. another route) stays playable.
    """
    kinds = {type(a) for a in legal}
    if isinstance(action, tuple(kinds)):
        return None
    names = ", ".join(sorted(k.__name__ for k in kinds))
    return IllegalAction(
        "BOT",
        f"it returned {action!r}, a {type(action).__name__}, which is not one of "
        f"the legal actions it was given: those are of type {names}.",
    )


class Session:
    """One game with humans and bots, a log and undo/redo.

    Parameters
    ----------
    game : a game on the shared protocol
        Any game of :data:`toolkit.GAMES` (any board, any player count) or another.
    seats : sequence
        One entry per seat: ``"human"``, a bot name (``"random"``, ``"greedy"``,
        ``"mcts:50"`` ...) or an agent callable ``agent(game, view, legal, rng)``.
    seed : int
        Seeds the chance turns and the bots (see the module docstring).
    state : State, optional
        Start from this position (e.g. from :class:`PositionEditor`) instead of
        ``game.setup()``.
    names : dict, optional
        Seat -> display name for the log (default the colour, "Blue", ...).
    """

    def __init__(
        self,
        game: Any,
        seats: Sequence[Any],
        seed: int = 0,
        state: Any = None,
        names: dict | None = None,
    ) -> None:
        seats = list(seats)
        if len(seats) != game.players:
            raise ValueError(
                f"{game.players} players need {game.players} seats, got {len(seats)}"
            )
        self.game = game
        self.words = words_for(game)
        self.seed = seed
        self.humans: set[int] = set()
        self.bots: dict[int, tuple[Callable, str]] = {}
        for seat, spec in enumerate(seats):
            if spec == HUMAN:
                self.humans.add(seat)
            else:
                self.bots[seat] = _bot(spec)
        self.names = {s: who(s, names) for s in range(game.players)}
        self.states: list[Any] = [game.setup() if state is None else state]
        self.steps: list[Step] = []
        self._redo: list[list[Step]] = []
        self._groups = 0
        self.advance(bots=False)  # set-up chance turns

    # ----- reading --------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current position."""
        return self.states[-1]

    @property
    def to_move(self) -> int | None:
        """The seat to decide now, CHANCE, or None when the game is over."""
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.to_move is None

    @property
    def human_to_move(self) -> bool:
        """Whether a human seat decides now."""
        return self.to_move in self.humans

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot seat decides now."""
        return self.to_move in self.bots

    def legal(self) -> list:
        """The legal actions of the decision ahead (none at chance turns, the end)."""
        if self.to_move in (None, CHANCE):
            return []
        return list(self.game.legal_actions(self.state))

    @property
    def log(self) -> list[str]:
        """Every log line so far, oldest first."""
        return [line for step in self.steps for line in step.lines]

    @property
    def can_undo(self) -> bool:
        """Whether a human action can be taken back."""
        return any(s.group is not None for s in self.steps)

    @property
    def can_redo(self) -> bool:
        """Whether an undone action can be played again."""
        return bool(self._redo)

    def record(self) -> Any:
        """The game so far as a :class:`~toolkit.core.Record` (for :class:`ReplayApp`).

        Only a game started from ``game.setup()`` has a record: a staged
        position has no history to replay.
        """
        from toolkit.core import Record

        if self.states[0] != self.game.setup():
            raise ValueError(
                "this game started from a staged position, so it has no record"
            )
        seats = [
            ("human" if s in self.humans else self.bots[s][1])
            for s in range(self.game.players)
        ]
        return Record(
            game=self.game.name,
            players=self.game.players,
            seed=self.seed,
            actions=tuple(str(st.action) for st in self.steps),
            options=dict(self.game.options),
            agents=tuple(seats),
            scores=tuple(self.game.scores(self.state)),
        )

    # ----- playing --------------------------------------------------------------

    def _applied(
        self, start: Any, moves: Iterable[tuple[Any, int | None]]
    ) -> tuple[list[Any], list[Step]]:
        """Apply ``(action, group)`` pairs to ``start``; nothing is committed yet."""
        game, names = self.game, self.names
        states, steps = [], []
        state = start
        for action, group in moves:
            after = game.apply(state, action)
            lines = self.words.lines(game, state, action, after, names)
            states.append(after)
            steps.append(Step(game.to_move(state), action, tuple(lines), group))
            state = after
        return states, steps

    def _commit(self, states: list[Any], steps: list[Step]) -> None:
        self.states.extend(states)
        self.steps.extend(steps)

    def check_turn(self) -> int:
        """The human seat to move now, or IllegalAction saying why nobody may click."""
        seat = self.to_move
        rules = self.words.rules
        if seat is None:
            raise IllegalAction(
                rules["over"], "the game is over; no more actions can be taken."
            )
        if seat == CHANCE:
            raise IllegalAction(
                rules["chance"], "a chance turn comes next; let the game continue."
            )
        if seat not in self.humans:
            raise IllegalAction(
                rules["turn"],
                f"it is {self.names[seat]}'s turn, and that seat is played by "
                f"the {self.bots[seat][1]} bot.",
            )
        return seat

    def play(self, *actions: Any) -> list[Step]:
        """Play one human gesture (one or more actions) for the seat to move.

        All actions are applied to a copy first; if any is illegal, the
        :class:`IllegalAction` is raised and nothing changes. Clears redo.
        """
        seat = self.check_turn()
        if not actions:
            raise ValueError("play() needs at least one action")
        group = self._groups + 1
        states, steps = self._applied(self.state, ((a, group) for a in actions))
        if any(st.seat != seat for st in steps):
            raise IllegalAction(
                self.words.rules["turn"], "one click plays actions of one player only."
            )
        self._groups = group
        self._commit(states, steps)
        self._redo.clear()
        return steps

    def advance(
        self,
        bots: bool = True,
        on_step: Callable[[Step], None] | None = None,
        max_steps: int = 100_000,
    ) -> list[Step]:
        """Play chance turns (and bots if ``bots``) until a human decides or the end.

        ``on_step`` is called after each committed step (the app redraws and
        waits there). A failing bot raises :class:`BotError`; the steps before
        it stay committed, so the game is at a legal position.
        """
        done: list[Step] = []
        for _ in range(max_steps):
            seat = self.to_move
            k = len(self.steps)
            if seat == CHANCE:
                rng = random.Random(f"{self.seed}:chance:{k}")
                action = sample_outcome(self.game.chance_outcomes(self.state), rng)
            elif bots and seat in self.bots:
                action = self._bot_action(seat, k)
            else:
                break
            try:
                states, steps = self._applied(self.state, [(action, None)])
            except Exception as exc:
                if seat == CHANCE:
                    raise
                # an action of a legal kind the rules refuse, or one so malformed
                # (fields of the wrong types) that a rule's code fails on it
                raise BotError(seat, self.bots[seat][1], exc) from exc
            self._commit(states, steps)
            done += steps
            if on_step is not None and seat != CHANCE:
                on_step(steps[0])
        return done

    def _bot_action(self, seat: int, k: int) -> Any:
        agent, name = self.bots[seat]
        legal = self.game.legal_actions(self.state)
        view = self.game.observe(self.state, seat)
        try:
            action = agent(
                self.game, view, legal, random.Random(f"{self.seed}:seat:{seat}:{k}")
            )
        except Exception as exc:  # a bot's bug must not break the app
            raise BotError(seat, name, exc) from exc
        # Checked here, not left to the rules alone: an object of the wrong type
        # may print like an action (the string "pass") or break a rule's code.
        error = _kind_error(action, legal)
        if error is not None:
            raise BotError(seat, name, error)
        return action

    def take_over(self, seat: int) -> None:
        """Make ``seat`` a human seat (e.g. after its bot failed)."""
        self.bots.pop(seat, None)
        self.humans.add(seat)

    # ----- undo / redo --------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last human gesture and everything the bots did after it."""
        last = max(
            (i for i, s in enumerate(self.steps) if s.group is not None), default=None
        )
        if last is None:
            raise IllegalAction(
                "UNDO", "there is nothing to undo: no human action yet."
            )
        group = self.steps[last].group
        first = min(i for i, s in enumerate(self.steps) if s.group == group)
        self._redo.append(self.steps[first:])
        del self.steps[first:]
        del self.states[first + 1 :]

    def redo(self) -> None:
        """Play again what the last :meth:`undo` took back (same actions, same dice)."""
        if not self._redo:
            raise IllegalAction("REDO", "there is nothing to redo.")
        batch = self._redo[-1]
        states, steps = self._applied(self.state, ((s.action, s.group) for s in batch))
        self._redo.pop()
        self._commit(states, steps)

    # ----- clicks on the board --------------------------------------------------------

    def click_city(self, city: str) -> Any:
        """The action for a click on the board place ``city``, or why not.

        What a click means is the game's (:meth:`.words.GameWords.click_city`); it
        raises IllegalAction with the rule when nothing can be played there now,
        and ``BOARD`` when the game's board takes no clicks.
        """
        self._board_clicks()
        self.check_turn()
        return self.words.click_city(self, city)

    def route_choices(self, city: str, limit: int = 12) -> list:
        """The actions to choose from for ``city`` (e.g. every route there)."""
        self._board_clicks()
        self.check_turn()
        return self.words.route_choices(self, city, limit)

    def click_connection(self, a: str, b: str) -> tuple:
        """The actions for a click on the connection ``a``-``b``, or why not."""
        self._board_clicks()
        self.check_turn()
        return self.words.click_connection(self, a, b)

    def _board_clicks(self) -> None:
        """Raise IllegalAction ``BOARD`` when the game's board takes no clicks."""
        if not self.words.board_clicks:
            raise IllegalAction("BOARD", self.words.board_click_message(self.game))

    def why_not(self, action: Any) -> str | None:
        """``None`` if ``action`` is legal now, else ``"RULE: sentence"``."""
        try:
            self.game.apply(self.state, action)
        except IllegalAction as exc:
            return f"{exc.rule}: {exc.message}"
        return None
