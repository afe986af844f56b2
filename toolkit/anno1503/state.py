"""Anno 1503 states: immutable named tuples holding only what changes during a game.

The board, decks and options live on the game (:class:`~toolkit.anno1503.Anno1503`).
A state is a :class:`State`; each seat's home island and purse is a :class:`Player`.
Island cards on the sea board are stacks of :class:`IslandCard` (bottom first,
ASSUMPTION-6).  A face-down card whose face is not decided yet has the code
``?/<back>``; its face is drawn from :attr:`State.pool` only when a ship explores
it (a deferred reveal), so most hidden information is never in the state at all.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

_T = TypeVar("_T")

Pos = tuple[int, int]

#: Phases (``State.phase``).  "roll", "event", "first", "reveal", "raid" and
#: "resolve" with a reserve draw are chance turns; "over" ends the game.
PHASES = (
    "first",  # chance: who starts (A-SETUP-10)
    "roll",  # chance: production roll (A-PROD-1)
    "event",  # chance: event roll after a 6 (A-EVENT-1)
    "resolve",  # production and event effects, seat by seat (A-EVENT-6)
    "build",  # phase 2: placing, upgrading, buying, selling (A-TURN-1)
    "sea",  # phase 3: ships move and explore (A-SHIP, A-EXPL)
    "reveal",  # chance: the face of an explored, undecided island card
    "look",  # the explorer returns or uses the card (A-EXPL-2)
    "raid",  # chance: the random card taken by the Big Branch Office (A-PB-6)
    "discard",  # end of turn: hand limit (A-HAND-1)
    "over",
)


def _quick_replace(cls: type[_T]) -> type[_T]:
    """Give the named tuple ``cls`` a quicker ``_replace`` with the same behaviour.

    Every rule makes its new state with ``_replace``, several times an action, and
    the generic one (``_make`` over ``map(kwds.pop, fields, self)``) is about twice
    as slow as copying the fields and setting the changed ones by index.
    (``typing.NamedTuple`` refuses a ``_replace`` in the class body, hence this
    decorator.)
    """
    index = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]
    make = tuple.__new__

    def _replace(self: Any, **changes: Any) -> Any:
        values = list(self)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            unknown = [n for n in changes if n not in index]
            raise ValueError(f"Got unexpected field names: {unknown!r}") from None
        return make(type(self), values)

    _replace.__doc__ = f"Return a new {cls.__name__} with the given fields replaced."
    cls._replace = _replace  # type: ignore[attr-defined]
    return cls


class IslandCard(NamedTuple):
    """A face-down island card: its code (``?/2`` if undecided) and who looked at it.

    ``seen`` is a bit mask over seats (bit ``1 << seat``).
    """

    code: str
    seen: int = 0

    @property
    def back(self) -> int:
        """The number printed on the back (2, 3 or 4).

        Visible to everyone (A-COMP-5).
        """
        return int(self.code[-1])


@_quick_replace
class Player(NamedTuple):
    """One seat: purse, hand and home island.

    ``hand`` counts goods in :data:`~toolkit.anno1503.GOODS` order.
    ``residents`` lists the occupied resident spaces from space 1 on
    (``"PIONEER"``, ``"SETTLER"``, ``"CITIZEN"``, ``"MERCHANT"``) and
    ``buildings`` runs parallel to it (``""`` where a space has no building).
    ``offices`` has one entry per stone bridge, in the order of the island's
    bridge numbers (``""`` when free); ``contracts`` holds the codes of the
    trade contracts on the wooden bridges.  ``ships`` gives each of the two
    ships' sea positions, ``None`` while it is in the supply.
    """

    gold: int
    hand: tuple[int, ...]
    residents: tuple[str, ...]
    buildings: tuple[str, ...]
    offices: tuple[str, ...]
    contracts: tuple[str, ...]
    ships: tuple[Pos | None, ...]  # two ships


@_quick_replace
class State(NamedTuple):
    """The whole changing situation of one game of Anno 1503.

    Fields
    ------
    players : one :class:`Player` per seat.
    supply : goods cards left in each face-up pile (A-COMP-2), GOODS order.
    display : public buildings on display, sorted (A-SETUP-8).
    islands : one stack of :class:`IslandCard` per island space of the board
        (``game.island_spaces`` order), bottom card first.
    pool : undecided faces, as counts in ``game.card_codes`` order; every ``?/b``
        card and every unknown reserve card is drawn from it.
    reserve : unknown reserve cards by back (2, 3, 4) (A-SETUP-3).
    reserve_known : codes of cards shuffled back into the reserve by Pirates.
    gone : codes of used treasures, out of the game (A-ISL-3).
    active : the seat whose turn it is (-1 before the starting roll).
    turn : turns started so far.
    phase : one of :data:`PHASES`.
    queue : pending production or event effects, ``(kind, seat)`` pairs.
    roll, event : this turn's production roll and event (0 and ``""`` if none).
    ap : action points left on each of the active player's ships (phase 3).
    explored : island indices each ship has explored this turn.
    looking : ``(ship, island index)`` while the explorer decides (phase "look").
    sold, bought, raided : once-per-turn actions already used this turn.
    target : the seat being raided while phase is "raid".
    winner : the winning seat, or ``None``.
    """

    players: tuple[Player, ...]
    supply: tuple[int, ...]
    display: tuple[str, ...]
    islands: tuple[tuple[IslandCard, ...], ...]
    pool: tuple[int, ...]
    reserve: tuple[int, ...]  # per back, in BACKS order
    reserve_known: tuple[str, ...]
    gone: tuple[str, ...]
    active: int = -1
    turn: int = 0
    phase: str = "first"
    queue: tuple[tuple[str, int], ...] = ()
    roll: int = 0
    event: str = ""
    ap: tuple[int, ...] = (0, 0)
    explored: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    looking: tuple[int, int] | None = None
    sold: bool = False
    bought: int = 0
    raided: bool = False
    target: int = -1
    winner: int | None = None


__all__ = ["PHASES", "IslandCard", "Player", "Pos", "State"]
