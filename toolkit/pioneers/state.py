"""Immutable Pioneers states: NamedTuples, so copies share everything unchanged."""

from __future__ import annotations

from typing import Any, NamedTuple


class Wagon(NamedTuple):
    """A player's wagon: its printed seats, which are occupied, and its VP."""

    id: str
    seats: tuple[str, ...]
    occupied: tuple[bool, ...]
    vp: int
    face_up: bool = True

    @property
    def pioneers(self) -> int:
        """How many pioneers sit on this wagon."""
        return sum(self.occupied)

    @property
    def empty_seats(self) -> int:
        """Empty seats on a face-up wagon (0 for a face-down wagon, P-WAGON-3)."""
        return len(self.seats) - sum(self.occupied) if self.face_up else 0


class PlayerState(NamedTuple):
    """Everything a player owns; all public except ``nuggets`` (ASSUMPTION-10)."""

    money: int
    vp: int
    roads_left: int
    supply: int
    nuggets: tuple  # values (int), or None where hidden from the observer
    wagons: tuple[Wagon, ...]
    bankers: int = 0
    merchants: int = 0


class State(NamedTuple):
    """A Pioneers position. Fields are public unless noted.

    ``phase`` names the decision ahead ("buy", "road", "move", "settle",
    "sergeant", "innkeeper", "farmer", "join", "over") or the chance turn
    ("cover", "tile", "redraw", "first", "market", "deal", "reveal", "nugget").
    ``seat`` is who decides now (``-1`` for chance), ``active`` whose turn it is.

    A plain NamedTuple on purpose (no subclass, no attributes beside the fields):
    compiled, mypyc reads ``state.phase`` as a tuple item only on a NamedTuple
    itself; on a subclass (one with room for attributes) every field read in the
    engine is a generic attribute look-up. So nothing is remembered on a state.
    """

    phase: str
    seat: int
    active: int
    round: int
    start_player: int
    coach: str
    tiles: tuple  # per city index: tile type or None
    covered: tuple[bool, ...]  # per city index
    roads: tuple[tuple[int, ...], ...]  # per connection index: owners (0, 1 or 2)
    settled: tuple[tuple[int, ...], ...]  # per city index: pioneers per seat
    players: tuple[PlayerState, ...]
    market: tuple  # 4 slots: wagon id or None
    deck: int  # face-down wagons left in the deck
    unseen: tuple[str, ...]  # regular wagons not yet seen (deck + removed); sorted
    tile_pool: (
        tuple | None
    )  # unused tiles per TILE_TYPES during set-up (hidden; None after)
    # purchase phase bookkeeping (reset every turn)
    actions_left: int = 0
    used: tuple[str, ...] = ()
    forced: bool = False
    roads_to_place: int = 0
    # movement and colonisation bookkeeping
    city: int = -1  # city settled this turn
    tile: str | None = None  # tile removed this turn
    join_need: str | None = None  # profession a joiner must place
    extras_left: int = 0  # farmer extras still allowed
    offer: tuple[int, ...] = ()  # seats still to be asked to join
    # end of game bookkeeping
    end_triggered: bool = False
    round_active: bool = False  # a move or a purchase happened this round
    bank: int | None = None  # money in a finite bank (None: unlimited)
    shortfall: int = 0  # payouts the finite bank could not make


def _fast_replace(cls: Any) -> None:
    """Give a NamedTuple class a faster ``_replace`` (same behaviour).

    ``apply`` copies states many times per decision; the stock ``_replace``
    (``_make`` over a map of ``dict.pop``) measured ~2.7 us per call, this
    ~0.8 us. Unknown field names still raise ``ValueError``.
    """
    index = {f: i for i, f in enumerate(cls._fields)}
    new = tuple.__new__

    def _replace(self, **changes):
        values = list(self)
        for name, value in changes.items():
            try:
                values[index[name]] = value
            except KeyError:
                raise ValueError(f"got unexpected field name {name!r}") from None
        return new(cls, values)

    _replace.__doc__ = f"A copy of this {cls.__name__} with some fields changed."
    cls._replace = _replace


for _cls in (Wagon, PlayerState, State):
    _fast_replace(_cls)
