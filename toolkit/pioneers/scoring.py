"""Final scoring (P-SCORE) and road networks (P-SCORE-4)."""

from __future__ import annotations

from typing import Any

from .state import State


def road_networks(game: Any, state: State, seat: int) -> list[dict]:
    """Return the player's road networks: the components of their roads (P-SCORE-4).

    A connection with two roads belongs to both owners' networks. Each network is
    ``{"cities": tuple of ids, "roads": n, "pioneers": own pioneers in it}``,
    largest pioneer count first (ties: more roads, then city ids).
    """
    board = game.board
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    roads_on = state.roads
    own = [e for e in range(len(roads_on)) if seat in roads_on[e]]
    for e in own:
        a, b = board.edges[e]
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    for c in sorted(parent):
        groups.setdefault(find(c), []).append(c)
    roads: dict[int, int] = {}
    for e in own:
        root = find(board.edges[e][0])
        roads[root] = roads.get(root, 0) + 1
    nets: list[dict[str, Any]] = [
        {
            "cities": tuple(board.ids[c] for c in cities),
            "roads": roads[root],
            "pioneers": sum(state.settled[c][seat] for c in cities),
        }
        for root, cities in groups.items()
    ]
    nets.sort(key=lambda n: (-n["pioneers"], -n["roads"], n["cities"]))
    return nets


def _root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def best_network(game: Any, state: State, seat: int) -> int:
    """Own pioneers in the player's best network; 0 without roads (ASSUMPTION-17).

    The first network of :func:`road_networks` (the most own pioneers), found
    with a union-find on lists: no network dicts, no sort.
    """
    edges: tuple[tuple[int, int], ...] = game.board.edges
    roads_on = state.roads
    settled = state.settled
    parent = list(range(len(settled)))
    on = [False] * len(settled)
    for e in range(len(roads_on)):
        if seat in roads_on[e]:
            a, b = edges[e]
            on[a] = on[b] = True
            ra, rb = _root(parent, a), _root(parent, b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    pioneers = [0] * len(settled)  # per network, at its root
    for c in range(len(settled)):
        if on[c]:
            pioneers[_root(parent, c)] += settled[c][seat]
    return max(pioneers, default=0)


def score_totals(game: Any, state: State) -> tuple[int, ...]:
    """The ``total`` of :func:`score_breakdown` per seat, without the rows."""
    out = []
    for seat, pl in enumerate(state.players):
        vp = pl.vp
        for w in pl.wagons:  # P-SCORE-2: empty seats on face-up wagons
            if w.face_up:
                vp += len(w.seats) - sum(w.occupied)
        vp += sum(v for v in pl.nuggets if v is not None)
        out.append(vp + 2 * best_network(game, state, seat))
    return tuple(out)


def score_breakdown(game: Any, state: State) -> list[dict]:
    """Return one dict per seat of the final score (P-SCORE-1..4).

    Keys: ``wagons``, ``empty_seats``, ``gold``, ``network``, ``total``, ``money``.

    ``wagons`` is the VP from emptied wagons (P-SCORE-1, P-WAGON-1); ``empty_seats``
    1 VP per empty seat on face-up wagons (P-SCORE-2); ``gold`` the nuggets
    (P-SCORE-3; hidden nuggets in an observation count 0); ``network`` 2 VP per own
    pioneer in the best road network (P-SCORE-4). Mid-game it scores the position
    as if the game ended now.
    """
    rows = []
    for seat, pl in enumerate(state.players):
        empty = sum(w.empty_seats for w in pl.wagons)
        gold = sum(v for v in pl.nuggets if v is not None)
        network = 2 * best_network(game, state, seat)
        rows.append(
            {
                "seat": seat,
                "wagons": pl.vp,
                "empty_seats": empty,
                "gold": gold,
                "network": network,
                "total": pl.vp + empty + gold + network,
                "money": pl.money,
            }
        )
    return rows
