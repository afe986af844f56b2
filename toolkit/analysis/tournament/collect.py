"""What a tournament records while a game is played: the collectors.

:class:`Collector` records the columns every game shares (decisions per seat
and, with ``turns=True``, one row per turn). A game adds its own columns and
tables through its ``facts`` part (``toolkit/<game>/facts.py``, found by
:func:`toolkit.core.part`), a module with these names:

``Collector``
    a subclass of :class:`Collector` that overrides any of the hooks
    :meth:`~Collector.start`, :meth:`~Collector.step` (call ``super().step``),
    :meth:`~Collector.turn_facts`, :meth:`~Collector.game_facts`,
    :meth:`~Collector.seat_facts` and :meth:`~Collector.extra_tables`.
    By convention its seat columns include ``vp_<key>`` for every score part
    (see ``SCORE_PARTS``), so a seats table feeds
    :func:`toolkit.viz.charts.score_breakdown_chart`.
``TABLES``
    the names of the extra tables ``Collector.extra_tables`` fills, in order
    (rows must carry ``seat``); ``()`` when there are none.
``SCORE_PARTS``
    ``(key, label)`` pairs: the parts a score is made of, bottom to top of
    the stacked bars of :func:`toolkit.viz.charts.score_breakdown_chart`.
``score_parts(game, state)``
    one dict per seat: ``seat`` and a number for every key of ``SCORE_PARTS``.
``money_flows(record, game)`` and ``FLOW_KINDS`` (optional)
    every payment of a recorded game as ``{"payer", "kind", "receiver",
    "amount"}`` rows (payer and receiver are seats or ``"bank"``) and the
    order the kinds are listed in, for :func:`toolkit.viz.charts.money_flow`.
``phase(game, state)`` (optional)
    the name of the phase a decision is taken in, for the ``decisions``
    table of a ``detail=True`` tournament; without it the state's ``phase``
    (when it is text), else the kind of the first legal action.
``METRICS`` and ``game_metrics(tables)`` (optional)
    the game's own design metrics for :mod:`toolkit.analysis.metrics`:
    ``METRICS`` maps each column to a sentence saying what it measures, and
    ``game_metrics`` returns a DataFrame with one row per game (column
    ``game``) and those columns, from the tournament's tables (a dict of
    DataFrames: ``games``, ``seats``, ``turns``, ``decisions`` and the
    game's own).

A game without a facts part gets :class:`Collector` itself: the shared
columns, no extra tables, no score parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from toolkit.core import CHANCE, is_over, part

#: The tables every tournament has (``turns`` only with ``turns=True``).
TABLES = ("games", "seats", "turns")


class Collector:
    """Game-agnostic facts: decisions per seat and (optionally) one row per turn."""

    #: Add every seat's score (``score_<seat>``) to each turn row (set by a
    #: ``detail=True`` tournament).
    detail = False

    def __init__(self, game: Any, turns: bool) -> None:
        self.game = game
        self.turns = turns
        self.decisions = [0] * game.players
        self.turn_rows: list[dict] = []
        self._turn: dict | None = None

    def start(self, state: Any) -> None:
        """Look at the state after ``setup``."""

    def step(self, state: Any, seat: int, action: Any, after: Any) -> None:
        """Record an action (``seat`` is CHANCE for chance turns).

        A turn is owned by the active seat of ``game.progress`` (so decisions
        other seats make inside someone's turn belong to that turn), else by
        the seat deciding (then a seat's consecutive decisions make one turn);
        chance turns belong to the turn they happen in, and the set-up's chance
        turns before the first decision to none.
        """
        if seat != CHANCE:
            self.decisions[seat] += 1
        if not self.turns:
            return
        current = self._turn
        rnd, active, _ = self.game.progress(state)
        if seat == CHANCE and (current is None or active is None):
            if current is not None:
                current["actions"].append(str(action))
                if is_over(self.game, after):
                    self._close_turn(after)
            return
        owner = seat if active is None else active
        if current is None or owner != current["seat"]:
            self._close_turn(state)
            current = self._turn = {
                "turn": len(self.turn_rows),
                "round": int(rnd),
                "seat": owner,
                "decisions": 0,
                "actions": [],
            }
        if seat != CHANCE:
            current["decisions"] += 1
        current["actions"].append(str(action))
        if is_over(self.game, after):
            self._close_turn(after)

    def _close_turn(self, state: Any) -> None:
        t = self._turn
        if t is None:
            return
        seat = t["seat"]
        t["actions"] = "; ".join(t["actions"])
        scores = self.game.scores(state)
        t["score"] = int(scores[seat])
        if self.detail:
            for s, score in enumerate(scores):
                t[f"score_{s}"] = int(score)
        t.update(self.turn_facts(state, seat))
        self.turn_rows.append(t)
        self._turn = None

    def current_turn(self) -> int:
        """The number of the turn being recorded (the last one when none is open)."""
        return self._turn["turn"] if self._turn is not None else len(self.turn_rows) - 1

    def turn_facts(self, state: Any, seat: int) -> dict:
        """Extra columns of a turn row (``seat`` after its turn)."""
        return {}

    def game_facts(self, state: Any) -> dict:
        """Extra columns of the games row."""
        return {}

    def seat_facts(self, state: Any) -> list[dict]:
        """Extra columns of each seat row."""
        return [{} for _ in range(self.game.players)]

    def extra_tables(self, state: Any) -> dict[str, list[dict]]:
        """Further tables (rows must carry ``seat``), named in the part's ``TABLES``."""
        return {}


def vp_columns(rows: Iterable[dict], parts: Sequence[tuple[str, str]]) -> list[dict]:
    """``vp_<key>`` columns per seat from ``score_parts`` rows (see ``SCORE_PARTS``)."""
    return [{f"vp_{key}": row[key] for key, _ in parts} for row in rows]


def collector_for(game: Any, turns: bool) -> Collector:
    """Return the collector of ``game``: its facts part's, else :class:`Collector`."""
    facts = part(game, "facts")
    cls = getattr(facts, "Collector", Collector) if facts is not None else Collector
    return cls(game, turns)


def phase_namer(game: Any) -> Any:
    """Return ``name(state, legal)``: the phase a decision is taken in.

    The game's facts part's ``phase(game, state)`` when it has one, else the
    state's ``phase`` when it is text, else the kind of the first legal action
    (its class name, or the first word of a text action).
    """
    facts = part(game, "facts")
    own = getattr(facts, "phase", None) if facts is not None else None

    def name(state: Any, legal: Sequence[Any]) -> str:
        if own is not None:
            return str(own(game, state))
        phase = getattr(state, "phase", None)
        if isinstance(phase, str):
            return phase
        if not legal:
            return ""
        first = legal[0]
        return first.split()[0] if isinstance(first, str) else type(first).__name__

    return name


def tables_of(game: Any) -> tuple[str, ...]:
    """Return the tables a tournament of ``game`` fills: :data:`TABLES`, the game's."""
    facts = part(game, "facts")
    return TABLES + tuple(getattr(facts, "TABLES", ()) if facts is not None else ())
