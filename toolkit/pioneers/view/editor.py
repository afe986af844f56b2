"""PositionEditor: stage a Pioneers position for a lesson, then explore or play it.

The editor fills in the arguments of :func:`toolkit.pioneers.builder.stage` (the
position builder the tests use) from short text fields, builds the position
and draws it. A bad field is reported by name and the last good position is
kept. Then :meth:`PositionEditor.explore` opens a :class:`RouteExplorer` and
:meth:`PositionEditor.play` a :class:`PlayApp` on it.

Text formats (spaces or commas separate entries; professions may be written
in full or as the board's 2-letter codes BK, MC, SG, IK, GD, FA, HT):

========  ===========================================  =========================
field     example                                      meaning
========  ===========================================  =========================
tiles     ``A=BANKER B=FA``                            tile per city
roads     ``S-C=1 A-B=0+2``                            owner seat(s) per connection
settled   ``A=0 A=0 B=1``                              one pioneer of a seat each
money     ``5 2 0 0``                                  $ per seat
wagons    ``0: X=FA,FA Y@7=BK,(FA); 1: Z=GD``          per seat; ``(FA)`` empty seat,
                                                       ``@7`` the wagon's VP
========  ===========================================  =========================

>>> ed = PositionEditor.fixture(
...     ["S-A", "A-B"],
...     start="S",
...     tiles={"B": "FARMER"},
...     money=[3, 0, 0, 0],
...     wagons={0: "X=FARMER"},
... )  # doctest: +SKIP
>>> ed.state.players[0].money  # doctest: +SKIP
3
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W

from toolkit.pioneers import PROFESSIONS, TILE_TYPES
from toolkit.pioneers.board import SHORT
from toolkit.pioneers.builder import fixture_game, stage, wagon
from toolkit.widgets import figures
from toolkit.widgets.common import App, guarded

__all__ = ["EditorError", "PositionEditor", "parse_fields"]

CODES = {v: k for k, v in SHORT.items()}
PHASES = ("move", "buy", "turn")  # the decisions a staged position may start with


class EditorError(ValueError):
    """A text field of the editor that cannot be read; names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def _entries(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def _kind(field: str, word: str, allowed: Sequence[str]) -> str:
    word = word.upper()
    word = CODES.get(word, word)
    if word not in allowed:
        raise EditorError(field, f"{word!r} is not one of {', '.join(allowed)}")
    return word


def _pairs(field: str, text: str) -> list[tuple[str, str]]:
    out = []
    for item in _entries(text):
        key, eq, value = item.partition("=")
        if not eq or not key or not value:
            raise EditorError(field, f"{item!r} should look like KEY=VALUE")
        out.append((key, value))
    return out


def _seat(field: str, text: str, players: int) -> int:
    if not text.isdigit() or int(text) >= players:
        raise EditorError(field, f"{text!r} is not a seat 0..{players - 1}")
    return int(text)


def parse_wagons(text: str, players: int) -> dict[int, list]:
    """``"0: X=FA,FA Y@7=BK,(FA); 1: Z=GD"`` -> seat -> list of wagons."""
    out: dict[int, list] = {}
    for part in [p for p in text.split(";") if p.strip()]:
        seat_text, colon, rest = part.partition(":")
        if not colon:
            raise EditorError(
                "wagons", f"{part.strip()!r} should start with a seat, e.g. '0:'"
            )
        seat = _seat("wagons", seat_text.strip(), players)
        for item in rest.split():
            head, eq, seats_text = item.partition("=")
            if not eq or not head or not seats_text:
                raise EditorError(
                    "wagons", f"{item!r} should look like X=FARMER,(BANKER)"
                )
            wid, _, vp = head.partition("@")
            if vp and not vp.isdigit():
                raise EditorError("wagons", f"the VP in {head!r} must be a number")
            seats, empty = [], []
            for i, s in enumerate(seats_text.split(",")):
                if s.startswith("(") and s.endswith(")"):
                    empty.append(i)
                    s = s[1:-1]
                seats.append(_kind("wagons", s, PROFESSIONS))
            out.setdefault(seat, []).append(
                wagon(wid, seats, empty=empty, vp=int(vp or 5))
            )
    return out


def parse_fields(fields: Mapping[str, str], players: int) -> dict[str, Any]:
    """The keyword arguments of ``stage`` from the editor's text fields."""
    tiles = {
        c: _kind("tiles", t, TILE_TYPES) for c, t in _pairs("tiles", fields["tiles"])
    }
    roads: dict[str, tuple[int, ...]] = {}
    for conn, owners in _pairs("roads", fields["roads"]):
        roads[conn] = tuple(_seat("roads", o, players) for o in owners.split("+"))
    settled: dict[str, dict[int, int]] = {}
    for city, s in _pairs("settled", fields["settled"]):
        seat = _seat("settled", s, players)
        settled.setdefault(city, {}).setdefault(seat, 0)
        settled[city][seat] += 1
    money = _entries(fields["money"])
    if len(money) > players or not all(m.isdigit() for m in money):
        raise EditorError("money", f"give up to {players} whole numbers, one per seat")
    wagons = parse_wagons(fields["wagons"], players)
    people = {
        s: {
            "money": int(money[s]) if s < len(money) else 0,
            "wagons": wagons.get(s, []),
        }
        for s in range(players)
    }
    return {"tiles": tiles, "roads": roads, "settled": settled, "players": people}


def _format(kwargs: Mapping[str, Any], players: int) -> dict[str, str]:
    """Text fields showing ``stage`` keyword arguments (the inverse of parse_fields)."""

    def seats(w: Any) -> str:
        return ",".join(
            f"({p})" if not occ else p
            for p, occ in zip(w.seats, w.occupied, strict=True)
        )

    money = kwargs.get("money") or [0] * players
    wagons = kwargs.get("wagons") or {}
    wagon_text = "; ".join(
        f"{s}: "
        + " ".join(
            (w if isinstance(w, str) else f"{w.id}@{w.vp}={seats(w)}")
            for w in ([ws] if isinstance(ws, str) else ws)
        )
        for s, ws in sorted(wagons.items())
    )
    settled = " ".join(
        f"{c}={s}"
        for c, per in (kwargs.get("settled") or {}).items()
        for s, k in per.items()
        for _ in range(k)
    )
    roads = " ".join(
        f"{c}={o}" if isinstance(o, int) else f"{c}={'+'.join(map(str, o))}"
        for c, o in (kwargs.get("roads") or {}).items()
    )
    return {
        "tiles": " ".join(f"{c}={t}" for c, t in (kwargs.get("tiles") or {}).items()),
        "roads": roads,
        "settled": settled,
        "money": " ".join(map(str, money)),
        "wagons": wagon_text,
    }


class PositionEditor(App):
    """Stage a position with text fields; ``.game`` and ``.state`` hold the result.

    Parameters
    ----------
    game : Pioneers
        The game whose board is used (e.g. from :func:`fixture_game`).
    coach, phase, active : optional
        Where the stagecoach stands, the decision ahead, whose turn it is.
    tiles, roads, settled : optional
        As for :func:`toolkit.pioneers.builder.stage`.
    money : list of int, optional
        Money per seat.
    wagons : dict, optional
        Seat -> wagons (``Wagon`` objects or the text format above).
    """

    def __init__(
        self,
        game: Any,
        *,
        coach: str | None = None,
        phase: str = "move",
        active: int = 0,
        tiles: Mapping | None = None,
        roads: Mapping | None = None,
        settled: Mapping | None = None,
        money: Sequence[int] | None = None,
        wagons: Mapping[int, Any] | None = None,
        width: int | None = figures.WIDTH,
    ) -> None:
        super().__init__(game, layout=W.Layout(width="100%"))
        b = game.board
        texts = _format(
            dict(tiles=tiles, roads=roads, settled=settled, money=money, wagons=wagons),
            game.players,
        )
        self.fields = {
            name: W.Text(value=value, description=name, layout=W.Layout(width="560px"))
            for name, value in texts.items()
        }
        self.coach = W.Dropdown(
            description="coach", options=list(b.ids), value=coach or b.start_id
        )
        self.phase = W.Dropdown(description="phase", options=list(PHASES), value=phase)
        self.active = W.Dropdown(
            description="active", options=list(range(game.players)), value=active
        )
        self.build_button = W.Button(description="Build position", icon="check")
        self.build_button.on_click(lambda _: self.on_build())
        self.state = None
        self.state = (
            self._build()
        )  # a bad initial spec raises here, as a plain call would
        self.fig = figures.board(game, self.state, width=width)
        self.children = [
            W.HBox([self.coach, self.phase, self.active]),
            *self.fields.values(),
            self.build_button,
            self.message,
            self.fig,
        ]
        self.refresh()

    @classmethod
    def fixture(
        cls, connections: Sequence[str], start: str, players: int = 4, **kwargs: Any
    ) -> PositionEditor:
        """An editor on a small board given as ``"A-B"`` connections."""
        return cls(fixture_game(connections, start=start, players=players), **kwargs)

    def _build(self) -> Any:
        kwargs = parse_fields(
            {k: w.value for k, w in self.fields.items()}, self.game.players
        )
        try:
            return stage(
                self.game,
                coach=self.coach.value,
                phase=self.phase.value,
                active=self.active.value,
                **kwargs,
            )
        except ValueError as exc:
            raise EditorError("position", str(exc)) from None

    @guarded
    def on_build(self) -> None:
        """Build the position from the fields (a bad field keeps the last position)."""
        try:
            state = self._build()
        except EditorError as exc:
            self.say(
                f"Cannot build this position: {exc}. The last position is kept.", "why"
            )
            return
        self.state = state
        self.say(
            "Position built. Use .explore() or .play() to open it in another app.", "ok"
        )

    def refresh(self) -> None:
        """Draw the current position."""
        figures.update_board(self.fig, self.game, self.state)

    def explore(self, **kwargs: Any) -> Any:
        """A :class:`RouteExplorer` on this position."""
        from .explorer import RouteExplorer

        return RouteExplorer(self.game, self.state, **kwargs)

    def play(self, seats: Sequence[Any] | None = None, **kwargs: Any) -> Any:
        """A :class:`PlayApp` starting from this position (default: you in seat 0)."""
        from toolkit.widgets.play import PlayApp

        seats = seats or ["human"] + ["greedy"] * (self.game.players - 1)
        return PlayApp(self.game, seats=seats, state=self.state, **kwargs)
