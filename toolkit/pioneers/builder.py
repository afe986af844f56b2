"""Stage a Pioneers position in a few readable lines (tests and lessons).

>>> from toolkit.pioneers import make_board
>>> from toolkit.pioneers.builder import fixture_game, stage, wagon
>>> game = fixture_game(["S-A", "A-B"], start="S")
>>> state = stage(
...     game,
...     tiles={"A": "BANKER", "B": "FARMER"},
...     players={0: dict(money=5, wagons=[wagon("X", "FARMER FARMER")])},
...     phase="move",
... )
>>> game.legal_actions(state)  # B is behind the tiled city A (P-MOVE-3)
[Pass()]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolkit.core import CHANCE

from .board import TILE_TYPES, make_board
from .data import WagonSpec
from .rules import PIONEERS, ROADS, Pioneers
from .state import PlayerState, State, Wagon


def road_row_owners(
    roads: Mapping[str, int | Sequence[int]] | None,
) -> list[tuple[int, ...]]:
    """The owner seats of each connection in ``roads``, as tuples."""
    return [
        (owners,) if isinstance(owners, int) else tuple(owners)
        for owners in (roads or {}).values()
    ]


def wagon(
    id: str,
    seats: str | Sequence[str],
    empty: Iterable[int] = (),
    vp: int = 5,
    face_up: bool = True,
) -> Wagon:
    """Return a wagon with ``seats`` ("FARMER BANKER" or a list).

    Seats listed in ``empty`` (0-based) are unoccupied; a face-down wagon has no
    pioneers.
    """
    seats = tuple(seats.split()) if isinstance(seats, str) else tuple(seats)
    empty = set(empty)
    occupied = tuple(face_up and i not in empty for i in range(len(seats)))
    return Wagon(id, seats, occupied, vp, face_up)


def wagon_spec(
    id: str,
    seats: str | Sequence[str],
    vp: int = 5,
    start: bool = False,
    bonus: int = 1,
) -> WagonSpec:
    """Return a deck entry for a custom wagon deck (see :func:`fixture_game`)."""
    seats = tuple(seats.split()) if isinstance(seats, str) else tuple(seats)
    return WagonSpec(id=id, start=start, seats=seats, vp=vp, bonus=bonus)


DEFAULT_FIXTURE_WAGONS = (
    wagon_spec("S1", "BANKER MERCHANT SERGEANT INNKEEPER FARMER", 12, start=True),
    wagon_spec("S2", "BANKER SERGEANT INNKEEPER GOLD_DIGGER FARMER", 12, start=True),
    wagon_spec("S3", "MERCHANT SERGEANT INNKEEPER GOLD_DIGGER FARMER", 12, start=True),
    wagon_spec("S4", "BANKER MERCHANT INNKEEPER GOLD_DIGGER FARMER", 12, start=True),
)


def fixture_game(
    connections: Iterable[str],
    start: str,
    players: int = 4,
    wagons: Sequence[WagonSpec] = (),
    **options: Any,
) -> Pioneers:
    """Return a game on a small board of ``"A-B"`` connections (cities inferred)."""
    connections = list(connections)
    cities = sorted({c for conn in connections for c in conn.split("-")} | {start})
    board = make_board(cities, connections, start=start, side="fixture")
    deck = tuple(DEFAULT_FIXTURE_WAGONS) + tuple(wagons)
    return Pioneers(players=players, board=board, wagons=deck, **options)


def stage(
    game: Pioneers,
    *,
    coach: str | None = None,
    tiles: Mapping[str, str] | None = None,
    roads: Mapping[str, int | Sequence[int]] | None = None,
    settled: Mapping[str, Mapping[int, int]] | None = None,
    players: Mapping[int, Mapping[str, Any]] | None = None,
    active: int = 0,
    start_player: int = 0,
    phase: str = "move",
    market: Sequence[str | None] = (None, None, None, None),
    deck: int | None = None,
    round: int = 1,
    covered: Iterable[str] = (),
) -> State:
    """Build a position directly, without playing to it.

    ``tiles`` maps city -> tile type; ``roads`` maps ``"A-B"`` -> owner seat or seats;
    ``settled`` maps city -> {seat: pioneers}; ``players`` maps seat -> fields of
    :class:`PlayerState` (``money``, ``wagons``, ``bankers``, ``merchants``,
    ``nuggets``, ``vp``; ``supply`` and ``roads_left`` default to what the staged
    board implies). ``phase="turn"`` starts the active player's turn with income
    (P-INC-1) and the P-BUY-9 check; ``"buy"`` starts purchases without income;
    ``"move"`` is the stagecoach decision.
    """
    b = game.board
    n = len(b.ids)

    def city(cid: str) -> int:
        if cid not in b.index:
            raise ValueError(f"there is no city {cid!r} on this board")
        return b.index[cid]

    tile_row: list = [None] * n
    for cid, t in (tiles or {}).items():
        if t not in TILE_TYPES:
            raise ValueError(
                f"unknown tile type {t!r}; expected one of {', '.join(TILE_TYPES)}"
            )
        tile_row[city(cid)] = t
    road_row: list[tuple[int, ...]] = [()] * len(b.edges)
    for conn, owners in (roads or {}).items():
        a, c = conn.split("-")
        e = b.edge_of(a, c)
        if e is None:
            raise ValueError(f"there is no connection {conn!r} on this board")
        owners = (owners,) if isinstance(owners, int) else tuple(owners)
        if len(owners) > 2 or len(set(owners)) != len(owners):
            raise ValueError(
                f"{conn}: at most 2 roads of 2 different players (P-TILE-5)"
            )
        road_row[e] = owners

    def seat_of(seat: object, what: str) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"{what}: a seat is a whole number, not {seat!r:.40}")
        if not 0 <= seat < game.players:
            raise ValueError(
                f"{what}: the seats of this game are 0..{game.players - 1}, "
                f"not {seat} (P-PC-1)"
            )
        return seat

    for conn, owners in zip(list(roads or {}), road_row_owners(roads)):
        for seat in owners:
            seat_of(seat, f"roads {conn}")
    settled_rows = [[0] * game.players for _ in range(n)]
    for cid, per_seat in (settled or {}).items():
        for seat, k in per_seat.items():
            seat_of(seat, f"settled {cid}")
            if isinstance(k, bool) or not isinstance(k, int) or k < 0:
                raise ValueError(
                    f"settled {cid}: a number of pioneers >= 0, not {k!r:.40}"
                )
            settled_rows[city(cid)][seat] = k
    covered_row = list(game.covered_at_start)
    for cid in covered:
        covered_row[city(cid)] = True

    for seat in players or {}:
        seat_of(seat, "players")
    people = []
    for seat in range(game.players):
        spec = dict((players or {}).get(seat, {}))
        wagons = tuple(spec.pop("wagons", ()))
        on_board = sum(row[seat] for row in settled_rows)
        on_wagons = sum(w.pioneers for w in wagons)
        built = sum(1 for r in road_row if seat in r)
        fields = {
            "money": 0,
            "vp": 0,
            "roads_left": ROADS - built,
            "supply": PIONEERS - on_board - on_wagons,
            "nuggets": (),
            "wagons": wagons,
            "bankers": 0,
            "merchants": 0,
        }
        unknown = set(spec) - set(fields)
        if unknown:
            raise ValueError(
                f"unknown player fields {sorted(unknown)}; expected {sorted(fields)}"
            )
        fields.update(spec)
        fields["nuggets"] = tuple(fields["nuggets"])
        for name, rule in (("money", "ASSUMPTION-8"), ("vp", "P-SCORE-1")):
            v = fields[name]
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(
                    f"seat {seat}: {name} is a whole number >= 0, not {v!r:.40} ({rule})"
                )
        if fields["supply"] < 0:
            raise ValueError(
                f"seat {seat} has {PIONEERS} pioneers: {on_board} on the board and "
                f"{on_wagons} on wagons is too many (P-COMP-3)"
            )
        if fields["roads_left"] < 0:
            raise ValueError(f"seat {seat} has {ROADS} roads, not {built} (P-COMP-3)")
        people.append(PlayerState(**fields))
    for wid in market:
        if wid is not None and wid not in game.regular_wagons:
            raise ValueError(
                f"market wagon {wid!r} is not a regular wagon of this game's deck"
            )
    known = set(market) | {w.id for pl in people for w in pl.wagons}
    unseen = tuple(w for w in game.regular_wagons if w not in known)
    if deck is not None and not 0 <= deck <= len(unseen):
        raise ValueError(
            f"deck must be 0..{len(unseen)} (the regular wagons not in the market "
            f"or owned), not {deck!r}"
        )
    state = State(
        phase=phase,
        seat=active,
        active=active,
        round=round,
        start_player=start_player,
        coach=coach or b.start_id,
        tiles=tuple(tile_row),
        covered=tuple(covered_row),
        roads=tuple(road_row),
        settled=tuple(tuple(r) for r in settled_rows),
        players=tuple(people),
        market=tuple(market) + (None,) * (4 - len(market)),
        deck=len(unseen) if deck is None else deck,
        unseen=unseen,
        tile_pool=None,
        actions_left=1 + min(people[active].merchants, 2),
        bank=63 if game.options["finite_bank"] else None,
    )
    if phase == "turn":
        return game._begin_turn(state, active)
    if phase in (
        "cover",
        "tile",
        "redraw",
        "first",
        "market",
        "deal",
        "reveal",
        "nugget",
    ):
        return state._replace(seat=CHANCE)
    return state
