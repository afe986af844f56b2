"""Which roads pay? Road value from seeded simulated games.

Many games are played by agents (random ones by default); every stagecoach
move is logged with the route it took: the agent's choice among the ways to
pay for the trip the engine offers (ASSUMPTION-4). For each connection,
:func:`road_value` counts how often those routes crossed it and how much toll
it earned the owners of its roads (P-MOVE-2), or the bank when it had none.

Game ``i`` is ``toolkit.core.play(game, [agent] * players, seed=seed + i)``:
the same seed gives the same table, and any game can be replayed.

>>> from toolkit.pioneers import Pioneers
>>> value = road_value(Pioneers(players=3), games=5, seed=1)
>>> list(value.columns[:6])
['connection', 'a', 'b', 'crossings', 'games_crossed', 'per_game']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from toolkit.core import play, random_agent

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

LOG_COLUMNS = [
    "game",
    "seed",
    "round",
    "seat",
    "target",
    "path",
    "cost",
    "steps",
    "payments",
    "to_bank",
    "to_players",
    "edges",
    "owners",
]

VALUE_COLUMNS = [
    "connection",
    "a",
    "b",
    "crossings",
    "games_crossed",
    "per_game",
    "share",
    "toll",
    "toll_per_game",
    "bank",
    "free",
    "built",
]


def _game(game: Any, players: int) -> Any:
    if game is not None:
        return game
    from toolkit.pioneers import Pioneers

    return Pioneers(players=players)


def _check(games: int, seed: int) -> None:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")


def simulate_moves(
    game: Any = None,
    games: int = 1000,
    seed: int = 0,
    players: int = 4,
    agent: Callable = random_agent,
) -> Iterator[tuple[int, Any, list[dict]]]:
    """Play ``games`` seeded games; yield ``(i, final_state, moves)`` for each.

    Each move is a dict with ``round``, ``seat``, ``path``, ``cost``,
    ``payments``, ``edges`` (connection indices crossed) and ``owners`` (the
    road owners of each, at the time of the move). Every seat plays ``agent``
    (an ``agent(game, observation, legal, rng)`` callable).
    """
    from toolkit.pioneers.actions import MoveCoach

    game = _game(game, players)
    _check(games, seed)
    board = game.board
    for i in range(games):
        log: list[dict] = []

        def logged(g: Any, view: Any, legal: Any, rng: Any, _log: list = log) -> Any:
            action = agent(g, view, legal, rng)
            if isinstance(action, MoveCoach):
                seat = view.active
                path = action.path
                edges = tuple(board.edge_of(a, b) for a, b in itertools.pairwise(path))
                _log.append(
                    {
                        "round": view.round,
                        "seat": seat,
                        "path": path,
                        "cost": action.cost,
                        "payments": game.payments(view, path, seat),
                        "edges": edges,
                        "owners": tuple(view.roads[e] for e in edges),
                    }
                )
            return action

        logged.__name__ = getattr(agent, "__name__", "agent")
        final, _ = play(game, [logged] * game.players, seed=seed + i)
        yield i, final, log


def route_log(
    game: Any = None,
    games: int = 1000,
    seed: int = 0,
    players: int = 4,
    agent: Callable = random_agent,
) -> pd.DataFrame:
    """Tabulate every stagecoach move of seeded simulated games: one row per move.

    Columns: ``game`` (0-based), ``seed`` (``seed + game``: replay it with
    ``toolkit.core.play``), ``round``, ``seat``, ``target``, ``path``,
    ``cost``, ``steps``, ``payments`` (``{"bank": 1, 2: 1}``), ``to_bank``,
    ``to_players``, ``edges`` (connections crossed, ``"A-B"``) and ``owners``
    (their road owners at the time).
    """
    import pandas as pd

    game = _game(game, players)
    b = game.board
    rows = []
    for i, _, moves in simulate_moves(game, games, seed, players, agent):
        for m in moves:
            pay = m["payments"]
            rows.append(
                {
                    "game": i,
                    "seed": seed + i,
                    "round": m["round"],
                    "seat": m["seat"],
                    "target": m["path"][-1],
                    "path": m["path"],
                    "cost": m["cost"],
                    "steps": len(m["path"]) - 1,
                    "payments": pay,
                    "to_bank": pay.get("bank", 0),
                    "to_players": sum(v for k, v in pay.items() if k != "bank"),
                    "edges": tuple("-".join(b.edge_ids(e)) for e in m["edges"]),
                    "owners": m["owners"],
                }
            )
    df = pd.DataFrame(rows, columns=LOG_COLUMNS)
    df.attrs.update(games=games, seed=seed, players=game.players)
    return df


def road_value(
    game: Any = None,
    games: int = 1000,
    seed: int = 0,
    players: int = 4,
    agent: Callable = random_agent,
) -> pd.DataFrame:
    """Tabulate what every connection was worth in seeded simulated games.

    One row per connection of the board (``game``, default a ``players``-player
    Pioneers). Columns:

    ``connection``, ``a``, ``b``
        the connection (``"A-B"``, ids in alphabetical order);
    ``crossings``
        how many stagecoach moves crossed it, over all games;
    ``games_crossed``
        in how many games it was crossed at least once;
    ``per_game``, ``share``
        crossings per game, and per stagecoach move;
    ``toll``, ``toll_per_game``
        dollars its roads' owners received from movers crossing it (P-MOVE-2:
        $1 per owner when the mover owns none of its roads);
    ``bank``
        dollars paid to the bank crossing it while it had no road: the toll a
        road there would have earned;
    ``free``
        crossings on the mover's own road;
    ``built``
        share of games in which it carried a road at the end.

    Sorted by ``toll``, then ``crossings`` (largest first), then connection.
    ``df.attrs`` records ``games``, ``seed``, ``players``, ``moves`` and
    ``agent``. Deterministic: game ``i`` is played with seed ``seed + i``.
    """
    import pandas as pd

    game = _game(game, players)
    b = game.board
    n = len(b.edges)
    crossings = [0] * n
    games_crossed = [0] * n
    toll = [0] * n
    bank = [0] * n
    free = [0] * n
    built = [0] * n
    moves = 0
    for _, final, log in simulate_moves(game, games, seed, players, agent):
        seen = set()
        for m in log:
            moves += 1
            seat = m["seat"]
            for e, owners in zip(m["edges"], m["owners"], strict=True):
                crossings[e] += 1
                seen.add(e)
                if not owners:
                    bank[e] += 1
                elif seat in owners:
                    free[e] += 1
                else:
                    toll[e] += len(owners)
        for e in seen:
            games_crossed[e] += 1
        for e, owners in enumerate(final.roads):
            built[e] += bool(owners)
    per = max(games, 1)
    rows = []
    for e in range(n):
        a, c = b.edge_ids(e)
        rows.append(
            {
                "connection": f"{a}-{c}",
                "a": a,
                "b": c,
                "crossings": crossings[e],
                "games_crossed": games_crossed[e],
                "per_game": crossings[e] / per,
                "share": crossings[e] / moves if moves else 0.0,
                "toll": toll[e],
                "toll_per_game": toll[e] / per,
                "bank": bank[e],
                "free": free[e],
                "built": built[e] / per,
            }
        )
    df = pd.DataFrame(rows, columns=VALUE_COLUMNS)
    df = df.sort_values(
        ["toll", "crossings", "connection"],
        ascending=[False, False, True],
        ignore_index=True,
    )
    df.attrs.update(
        games=games,
        seed=seed,
        players=game.players,
        moves=moves,
        agent=getattr(agent, "__name__", "agent"),
    )
    return df
