"""Tournaments: many seeded games between bots, as tidy tables.

>>> from toolkit.analysis.tournament import tournament
>>> result = tournament(
...     "pioneers", ["greedy", "random", "random", "random"], games=8, seed=1
... )
>>> result.seats.groupby("agent")["win"].mean().round(2).to_dict()  # doctest: +SKIP
{'greedy': 1.0, 'random': 0.0}

Reproducibility
---------------
Game ``g`` is fully determined by ``seed`` and ``g``, never by which worker
played it or when: deals come in blocks of ``players`` games that share one
seed (the same set-up and chance stream, *common random numbers*) while the
entrants rotate through the seats, so every entrant plays every seat of every
deal once. Entrant ``e`` (the ``e``-th agent given) sits in seat
``(e + g) % players``. Rows are always sorted by game, so the tables are
identical for ``workers=1``, ``workers=8`` or a Dask cluster. A single game is
replayed with ``toolkit.core.play(game, result.lineup(g), seed=row.seed)``.

Tables
------
``games``
    one row per game: ``game``, ``deal``, ``seed``, ``rotation``, ``players``,
    ``decisions``, ``steps``, ``rounds``, ``winners`` (seats, ``"0;2"``),
    ``n_winners``, plus game facts (Pioneers: ``end`` = deck/roads/max_rounds).
``seats``
    one row per game x seat: ``game``, ``deal``, ``seed``, ``rotation``,
    ``seat``, ``order`` (0 = the start player, when the game has one),
    ``entrant``, ``agent``, ``score``, ``rank`` (1 = best by score, ties share),
    ``win`` (1 / number of winners, else 0), ``won``, ``decisions``, plus game
    facts (Pioneers: the score breakdown ``vp_*``, ``money``, wagons bought and
    emptied, roads built, tolls paid and earned, tiles taken ``tile_*``, ...).
``turns`` (``turns=True``)
    one row per turn: ``game``, ``turn``, ``round``, ``seat``, ``entrant``,
    ``agent``, ``decisions``, ``actions`` (notation), ``score`` and ``money``
    after the turn.
``wagons`` (Pioneers)
    one row per wagon bought: who, when, which wagon, its slot, seats and VP,
    and whether it was emptied by the end.

Parallel runs
-------------
``workers=N`` plays chunks of games in ``N`` local processes; ``scheduler=
"tcp://host:8786"`` (or a ``dask.distributed.Client``) sends them to a Dask
cluster whose workers can import ``toolkit``. :func:`iter_tournament` yields
the rows chunk by chunk, in game order, for streaming (the CLI writes them to
Parquet as they come, see :func:`write_parquet`).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core import CHANCE
from toolkit.core.play import sample_outcome, streams

__all__ = [
    "Tournament",
    "TournamentError",
    "TournamentSpec",
    "deal_seed",
    "iter_tournament",
    "play_chunk",
    "play_one",
    "prepare",
    "tournament",
    "write_parquet",
]

TABLES = ("games", "seats", "turns", "wagons")


class TournamentError(ValueError):
    """Bad tournament input, reported before any game is played."""


# ----- the specification ---------------------------------------------------------


@dataclass
class TournamentSpec:
    """Everything a worker needs to play any game of the tournament (picklable)."""

    game: Any
    agents: list
    labels: list[str]
    seed: int
    turns: bool = False
    max_steps: int = 100_000

    @property
    def players(self) -> int:
        """Seats per game."""
        return self.game.players

    def entrant(self, index: int, seat: int) -> int:
        """Return the entrant playing ``seat`` in game ``index`` (seats rotate)."""
        return (seat - index) % self.players

    def lineup(self, index: int) -> list:
        """Return the agents of game ``index``, in seat order."""
        return [self.agents[self.entrant(index, s)] for s in range(self.players)]

    def seed_of(self, index: int) -> int:
        """Return the seed of game ``index`` (shared by the rotations of a deal)."""
        return deal_seed(self.seed, index // self.players)


def deal_seed(seed: int, deal: int) -> int:
    """Derive a deal's seed from the tournament seed (SHA-256; below 2**53)."""
    digest = hashlib.sha256(f"tournament:{seed}:{deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def _label(agent: Any) -> str:
    return str(
        getattr(agent, "name", None)
        or getattr(agent, "__name__", None)
        or type(agent).__name__
    )


def prepare(
    game: Any,
    agents: Sequence[Any] | str,
    seed: int = 0,
    *,
    players: int | None = None,
    turns: bool = False,
    **options: Any,
) -> TournamentSpec:
    """Check the input and build a :class:`TournamentSpec`.

    Raises :class:`TournamentError` on bad input, before any game is played.

    ``game`` is a game object or a registered name (``"pioneers"``, then
    ``players`` defaults to the number of agents and ``options`` go to the
    game). ``agents`` are agent callables or bot names (``"greedy"``,
    ``"mcts:200"``; a comma-separated string works too). The ``agent``
    column of the tables holds the name as given (``"mcts:200"``), or the
    agent's ``name`` attribute.
    """
    from toolkit.agents import AgentSpecError, parse_agents

    if isinstance(agents, str):
        agents = agents.split(",")
    agents = list(agents)
    if not agents:
        raise TournamentError("a tournament needs at least one agent")
    if isinstance(game, str):
        from toolkit.core import make_game
        from toolkit.core.record import RecordError

        n = players if players is not None else len(agents)
        try:
            game = make_game(game, n, **options)
        except (RecordError, TypeError, ValueError, ImportError) as exc:
            raise TournamentError(f"cannot create the game: {exc}") from None
    elif options or players not in (None, getattr(game, "players", None)):
        raise TournamentError(
            "players and options apply only when the game is given by name"
        )
    names = [a.strip().lower() if isinstance(a, str) else None for a in agents]
    try:
        agents = parse_agents(agents, players=game.players)
    except AgentSpecError as exc:
        raise TournamentError(str(exc)) from None
    for a in agents:
        if not callable(a):
            raise TournamentError(f"agent {a!r} is not callable")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TournamentError(f"seed must be a whole number, got {seed!r}")
    return TournamentSpec(
        game=game,
        agents=agents,
        labels=[n or _label(a) for n, a in zip(names, agents, strict=True)],
        seed=seed,
        turns=bool(turns),
    )


# ----- playing ---------------------------------------------------------------------


def play_one(spec: TournamentSpec, index: int) -> dict[str, list[dict]]:
    """Play game ``index`` of the tournament and return its rows, table by table.

    The loop is :func:`toolkit.core.play`'s (same streams, same calls), with a
    statistics collector watching every step.
    """
    game = spec.game
    seed = spec.seed_of(index)
    agents = spec.lineup(index)
    chance_rng, agent_rngs = streams(seed, game.players)
    collector = _collector(game, spec.turns)
    state = game.setup()
    collector.start(state)
    steps = decisions = 0
    for _ in range(spec.max_steps):
        seat = game.to_move(state)
        if seat is None:
            break
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng)
        else:
            legal = game.legal_actions(state)
            action = agents[seat](
                game, game.observe(state, seat), legal, agent_rngs[seat]
            )
            decisions += 1
        after = game.apply(state, action)
        collector.step(state, seat, action, after)
        state = after
        steps += 1
    else:
        raise RuntimeError(f"game {index} did not end within {spec.max_steps} steps")
    return _rows(spec, index, seed, state, collector, steps, decisions)


def _rows(
    spec: TournamentSpec,
    index: int,
    seed: int,
    state: Any,
    collector: Any,
    steps: int,
    decisions: int,
) -> dict[str, list[dict]]:
    game = spec.game
    n = game.players
    scores = [int(s) for s in game.scores(state)]
    winners = (
        tuple(game.winners(state))
        if hasattr(game, "winners")
        else tuple(i for i, s in enumerate(scores) if s == max(scores))
    )
    base = {"game": index, "deal": index // n, "seed": seed, "rotation": index % n}
    facts = collector.game_facts(state)
    games_row = {
        **base,
        "players": n,
        "decisions": decisions,
        "steps": steps,
        "rounds": int(getattr(state, "round", 0) or 0),
        "winners": ";".join(map(str, winners)),
        "n_winners": len(winners),
        **facts,
    }
    seat_facts = collector.seat_facts(state)
    first = getattr(state, "start_player", None)
    seats = []
    for s in range(n):
        e = spec.entrant(index, s)
        order = (
            {}
            if not isinstance(first, int) or first < 0
            else {"order": (s - first) % n}
        )
        seats.append(
            {
                **base,
                "seat": s,
                **order,
                "entrant": e,
                "agent": spec.labels[e],
                "score": scores[s],
                "rank": 1 + sum(1 for t in scores if t > scores[s]),
                "win": 1.0 / len(winners) if s in winners else 0.0,
                "won": s in winners,
                "decisions": collector.decisions[s],
                **seat_facts[s],
            }
        )
    out = {"games": [games_row], "seats": seats}
    extra = dict(collector.extra_tables(state))
    if spec.turns:
        extra["turns"] = collector.turn_rows
    for name, rows in extra.items():
        out[name] = [_keyed(spec, index, row) for row in rows]
    return out


def _keyed(spec: TournamentSpec, index: int, row: dict) -> dict:
    """Return the row with ``game``, ``seat``, ``entrant`` and ``agent`` first."""
    e = spec.entrant(index, row["seat"])
    return {
        "game": index,
        "seat": row["seat"],
        "entrant": e,
        "agent": spec.labels[e],
        **row,
    }


def play_chunk(spec: TournamentSpec, start: int, stop: int) -> dict[str, list[dict]]:
    """Play games ``start`` to ``stop - 1``; rows of every table, in game order."""
    out: dict[str, list[dict]] = {}
    for index in range(start, stop):
        for name, rows in play_one(spec, index).items():
            out.setdefault(name, []).extend(rows)
    return out


# ----- statistics collectors --------------------------------------------------------


class _Collector:
    """Game-agnostic facts: decisions per seat and (optionally) one row per turn."""

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

        A turn is owned by ``state.active`` when the game has it (Pioneers: the
        offers to join belong to the active player's turn), else by the seat
        deciding (then a seat's consecutive decisions make one turn); chance
        turns belong to the turn they happen in, and the set-up's chance turns
        before the first decision to none.
        """
        if seat != CHANCE:
            self.decisions[seat] += 1
        if not self.turns:
            return
        current = self._turn
        if seat == CHANCE and (current is None or not hasattr(state, "active")):
            if current is not None:
                current["actions"].append(str(action))
                if self.game.to_move(after) is None:
                    self._close_turn(after)
            return
        owner = getattr(state, "active", seat)
        if current is None or owner != current["seat"]:
            self._close_turn(state)
            current = self._turn = {
                "turn": len(self.turn_rows),
                "round": int(getattr(state, "round", 0) or 0),
                "seat": owner,
                "decisions": 0,
                "actions": [],
            }
        if seat != CHANCE:
            current["decisions"] += 1
        current["actions"].append(str(action))
        if self.game.to_move(after) is None:
            self._close_turn(after)

    def _close_turn(self, state: Any) -> None:
        t = self._turn
        if t is None:
            return
        seat = t["seat"]
        t["actions"] = "; ".join(t["actions"])
        t["score"] = int(self.game.scores(state)[seat])
        t.update(self.turn_facts(state, seat))
        self.turn_rows.append(t)
        self._turn = None

    def turn_facts(self, state: Any, seat: int) -> dict:
        """Extra columns of a turn row."""
        return {}

    def game_facts(self, state: Any) -> dict:
        """Extra columns of the games row."""
        return {}

    def seat_facts(self, state: Any) -> list[dict]:
        """Extra columns of each seat row."""
        return [{} for _ in range(self.game.players)]

    def extra_tables(self, state: Any) -> dict[str, list[dict]]:
        """Further tables (rows must carry ``seat``)."""
        return {}


class _PioneersCollector(_Collector):
    """Pioneers: money flows, roads, wagons and tiles per seat."""

    TILES = (
        "BANKER",
        "MERCHANT",
        "SERGEANT",
        "INNKEEPER",
        "GOLD_DIGGER",
        "FARMER",
        "HOTEL",
    )

    def __init__(self, game: Any, turns: bool) -> None:
        super().__init__(game, turns)
        n = game.players
        self.count = {
            k: [0] * n
            for k in (
                "roads_bought",
                "sergeant_roads",
                "fares_bank",
                "tolls_paid",
                "tolls_earned",
                "join_paid",
                "join_earned",
                "moves",
                "passes",
                "joins",
                "wagons_bought",
                *(f"tile_{t}" for t in self.TILES),
            )
        }
        self.bought: list[dict] = []

    def step(self, state: Any, seat: int, action: Any, after: Any) -> None:
        super().step(state, seat, action, after)
        kind = type(action).__name__
        count = self.count
        me = state.active
        if kind == "MoveCoach":
            count["moves"][me] += 1
            for who, amount in self.game.payments(state, action.path, me).items():
                if who == "bank":
                    count["fares_bank"][me] += amount
                else:
                    count["tolls_paid"][me] += amount
                    count["tolls_earned"][who] += amount
        elif kind == "Pass":
            count["passes"][me] += 1
        elif kind == "BuyRoads":
            count["roads_bought"][me] += action.count
        elif kind == "SergeantRoad":
            count["sergeant_roads"][me] += 1
        elif kind == "Settle":
            count[f"tile_{state.tile}"][me] += 1
        elif kind == "Join":
            count["joins"][seat] += 1
            count["join_paid"][seat] += 2
            count["join_earned"][me] += 2
        elif kind == "BuyWagon":
            wid = state.market[action.slot - 1]
            spec = self.game.wagon_specs[wid]
            count["wagons_bought"][me] += 1
            self.bought.append(
                {
                    "seat": me,
                    "round": int(state.round),
                    "wagon": wid,
                    "slot": action.slot,
                    "seats": len(spec.seats),
                    "vp": spec.vp,
                    "professions": " ".join(spec.seats),
                }
            )

    def turn_facts(self, state: Any, seat: int) -> dict:
        return {"money": int(state.players[seat].money)}

    def game_facts(self, state: Any) -> dict:
        if state.deck == 0:
            end = "deck"
        elif any(pl.roads_left == 0 for pl in state.players):
            end = "roads"
        elif state.round >= self.game.options.get("max_rounds", 60):
            end = "max_rounds"
        else:
            end = "early"
        return {"end": end}

    def seat_facts(self, state: Any) -> list[dict]:
        from toolkit.pioneers import score_breakdown

        rows = []
        for s, (pl, sb) in enumerate(
            zip(state.players, score_breakdown(self.game, state), strict=True)
        ):
            row = {
                "vp_wagons": sb["wagons"],
                "vp_empty_seats": sb["empty_seats"],
                "vp_gold": sb["gold"],
                "vp_network": sb["network"],
                "money": pl.money,
                "bankers": pl.bankers,
                "merchants": pl.merchants,
                "nuggets": len(pl.nuggets),
                "wagons_emptied": sum(1 for w in pl.wagons if not w.face_up),
                "roads_built": sum(1 for r in state.roads if s in r),
                "pioneers_settled": sum(c[s] for c in state.settled),
            }
            row.update({k: v[s] for k, v in self.count.items()})
            rows.append(row)
        return rows

    def extra_tables(self, state: Any) -> dict[str, list[dict]]:
        emptied = {
            (s, w.id)
            for s, pl in enumerate(state.players)
            for w in pl.wagons
            if not w.face_up
        }
        for row in self.bought:
            row["emptied"] = (row["seat"], row["wagon"]) in emptied
        return {"wagons": self.bought}


_COLLECTORS: dict[str, Callable[..., _Collector]] = {"pioneers": _PioneersCollector}


def _collector(game: Any, turns: bool) -> _Collector:
    return _COLLECTORS.get(getattr(game, "name", ""), _Collector)(game, turns)


# ----- running: in process, local processes, Dask -------------------------------


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def _default_chunk(spec: TournamentSpec, games: int, workers: int) -> int:
    """Pick chunks small enough to balance workers and stream often, yet cheap.

    About 16 chunks per worker (a chunk costs ~3 ms of pickling), at most 200
    games, and single games for the search bots (seconds each).
    """
    slow = any(_label(a) in ("mc", "mcts") for a in spec.agents)
    cap = 1 if slow else 200
    return max(1, min(cap, -(-games // (16 * workers))))


def _check_scheduler(scheduler: Any) -> None:
    if scheduler is None or not isinstance(scheduler, str):
        return
    import re

    ok = re.fullmatch(
        r"(tcp|tls|ucx|ws|wss)://[^\s/:]+:\d{1,5}/?", scheduler
    ) or re.fullmatch(r"inproc://\S+", scheduler)
    if not ok:
        raise TournamentError(
            f"bad scheduler address {scheduler!r}: expected e.g. tcp://10.0.0.5:8786"
        )


#: Seconds to wait for a Dask scheduler before giving up.
_CONNECT_TIMEOUT = 10.0


def _connect(scheduler: Any, timeout: float | None = None) -> tuple[Any, bool]:
    """Connect to ``scheduler`` (an address or a Client): ``(client, we_own_it)``."""
    try:
        from distributed import Client
    except ImportError:
        raise TournamentError(
            "running on a Dask cluster needs dask.distributed: "
            "pip install 'frontier-toolkit[scale]'"
        ) from None
    if isinstance(scheduler, Client):
        return scheduler, False
    _check_scheduler(scheduler)
    try:
        return Client(scheduler, timeout=timeout or _CONNECT_TIMEOUT), True
    except (OSError, TimeoutError) as exc:
        raise TournamentError(
            f"cannot reach the Dask scheduler at {scheduler}: {exc}"
        ) from None


def iter_tournament(
    spec: TournamentSpec,
    games: int,
    *,
    workers: int = 1,
    scheduler: Any = None,
    chunk_size: int | None = None,
    client: Any = None,
) -> Iterator[tuple[int, dict[str, list[dict]]]]:
    """Yield ``(games_done, rows)`` chunk by chunk, always in game order.

    ``workers`` > 1 uses local processes; ``scheduler`` (an address or a
    ``dask.distributed.Client``) uses a Dask cluster instead. At most a few
    chunks per worker are in flight, so memory stays flat however many games.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise TournamentError(f"games must be a positive whole number, got {games!r}")
    if not isinstance(workers, int) or workers < 1:
        raise TournamentError(
            f"workers must be a positive whole number, got {workers!r}"
        )
    size = chunk_size or _default_chunk(spec, games, workers)
    chunks = _chunks(games, size)
    if scheduler is not None or client is not None:
        yield from _run_dask(spec, chunks, client or scheduler)
    elif workers == 1:
        for start, stop in chunks:
            yield stop, play_chunk(spec, start, stop)
    else:
        yield from _run_processes(spec, chunks, workers)


def _in_order(done: dict, chunks: list, nxt: int) -> Iterator:
    """Pop finished chunks from ``done`` while the next one in order is there."""
    while nxt < len(chunks) and chunks[nxt][0] in done:
        start, stop = chunks[nxt]
        yield stop, done.pop(start)
        nxt += 1


def _run_processes(spec: TournamentSpec, chunks: list, workers: int) -> Iterator:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    try:
        import pickle

        pickle.dumps(spec)
    except Exception as exc:
        raise TournamentError(
            f"workers > 1 needs picklable agents and game ({exc}); "
            "define agents at module level or use workers=1"
        ) from None
    # fork (Linux): no re-import of __main__, so scripts without a main guard
    # and agents defined in a notebook work; spawn elsewhere.
    method = (
        "fork"
        if "fork" in multiprocessing.get_all_start_methods()
        and sys.platform.startswith("linux")
        else "spawn"
    )
    ctx = multiprocessing.get_context(method)
    pool = ProcessPoolExecutor(workers, mp_context=ctx)
    try:
        pending: dict[Any, int] = {}
        done: dict[int, dict] = {}
        queue = iter(chunks)
        nxt = 0
        limit = 3 * workers
        for start, stop in queue:
            pending[pool.submit(play_chunk, spec, start, stop)] = start
            if len(pending) >= limit:
                break
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                done[pending.pop(fut)] = fut.result()
            for item in _in_order(done, chunks, nxt):
                nxt += 1
                yield item
            while len(pending) + len(done) < limit:
                try:
                    start, stop = next(queue)
                except StopIteration:
                    break
                pending[pool.submit(play_chunk, spec, start, stop)] = start
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _run_dask(spec: TournamentSpec, chunks: list, scheduler: Any) -> Iterator:
    from distributed import as_completed

    client, owned = _connect(scheduler)
    try:
        try:
            workers = max(len(client.scheduler_info().get("workers", {})), 1)
        except Exception:
            workers = 1
        [remote] = client.scatter([spec], broadcast=True)
        limit = 3 * workers
        queue = iter(chunks)
        starts: dict[Any, int] = {}
        ac = as_completed()
        for start, stop in queue:
            fut = client.submit(play_chunk, remote, start, stop, pure=False)
            starts[fut] = start
            ac.add(fut)
            if len(starts) >= limit:
                break
        done: dict[int, dict] = {}
        nxt = 0
        for fut in ac:
            done[starts.pop(fut)] = fut.result()
            fut.release()
            for item in _in_order(done, chunks, nxt):
                nxt += 1
                yield item
            while len(starts) + len(done) < limit:
                try:
                    start, stop = next(queue)
                except StopIteration:
                    break
                new = client.submit(play_chunk, remote, start, stop, pure=False)
                starts[new] = start
                ac.add(new)
    finally:
        if owned:
            client.close()


# ----- the result ---------------------------------------------------------------------


@dataclass
class Tournament:
    """A finished tournament: its tables as pandas DataFrames and how it was run."""

    spec: TournamentSpec
    games: Any
    seats: Any
    turns: Any = None
    tables: dict = field(default_factory=dict)

    def lineup(self, index: int) -> list:
        """Return the agents of game ``index`` in seat order (for ``core.play``)."""
        return self.spec.lineup(index)

    def summary(self, confidence: float = 0.95) -> Any:
        """Per entrant: games, wins, win rate with a confidence interval, mean score."""
        from .stats import summary

        return summary(self.seats, confidence=confidence)

    def __repr__(self) -> str:  # noqa: D105
        return (
            f"Tournament({self.spec.game!r}, agents={self.spec.labels}, "
            f"games={len(self.games)}, seed={self.spec.seed})"
        )


def _frame(rows: list[dict], columns: Sequence[str] | None = None) -> Any:
    import pandas as pd

    df = pd.DataFrame(rows)
    if columns is not None and df.empty:
        df = pd.DataFrame(columns=list(columns))
    return df


def tournament(
    game: Any,
    agents: Sequence[Any] | str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    *,
    scheduler: Any = None,
    turns: bool = False,
    players: int | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    **options: Any,
) -> Tournament:
    """Play ``games`` seeded games and return their tables (see the module doc).

    Every row stays in memory (about 2 kB per game); for hundreds of
    thousands of games stream them to Parquet with :func:`write_parquet` or
    ``python -m toolkit simulate``.

    Parameters
    ----------
    game : game object or str
        E.g. ``Pioneers(players=4)`` or ``"pioneers"`` (then ``players``
        defaults to the number of agents; ``options`` go to the game).
    agents : sequence of agents or bot names
        One per seat; they rotate through the seats from game to game.
    games, seed : int
        How many games and the tournament seed.
    workers : int
        Local processes (1: play in this process).
    scheduler : str or dask.distributed.Client, optional
        Play on a Dask cluster instead (``"tcp://host:8786"``).
    turns : bool
        Also collect one row per turn.
    progress : bool
        Show a progress bar (tqdm, if installed).
    """
    spec = prepare(game, agents, seed, players=players, turns=turns, **options)
    collected: dict[str, list[dict]] = {}
    bar = _progress(games) if progress else None
    done_before = 0
    try:
        for done, rows in iter_tournament(
            spec, games, workers=workers, scheduler=scheduler, chunk_size=chunk_size
        ):
            for name, part in rows.items():
                collected.setdefault(name, []).extend(part)
            if bar is not None:
                bar.update(done - done_before)
            done_before = done
    finally:
        if bar is not None:
            bar.close()
    frames = {name: _frame(rows) for name, rows in collected.items()}
    return Tournament(
        spec=spec,
        games=frames.pop("games"),
        seats=frames.pop("seats"),
        turns=frames.pop("turns", None),
        tables=frames,
    )


def _progress(total: int, **kwargs: Any) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", **kwargs)


# ----- streaming to Parquet ----------------------------------------------------


def table_paths(out: str | Path) -> dict[str, Path]:
    """Return where each table goes: seats in ``out``, others beside it."""
    out = Path(out)
    stem = out.name[: -len(".parquet")] if out.name.endswith(".parquet") else out.name
    paths = {"seats": out}
    for name in TABLES:
        if name != "seats":
            paths[name] = out.with_name(f"{stem}.{name}.parquet")
    return paths


def _need_pyarrow() -> None:
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise TournamentError(
            "writing Parquet needs pyarrow: pip install 'frontier-toolkit[scale]'"
        ) from None


def check_writable(out: str | Path) -> None:
    """Raise :class:`TournamentError` unless ``out`` can be written (tried first)."""
    out = Path(out)
    if out.is_dir():
        raise TournamentError(f"output path {out} is a directory; give a file name")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.exists():
        raise TournamentError(f"cannot write {out}: the folder {parent} does not exist")
    existed = out.exists()
    try:
        with open(out, "ab"):
            pass
    except OSError as exc:
        raise TournamentError(f"cannot write {out}: {exc.strerror or exc}") from None
    if not existed:
        out.unlink()


class _Writers:
    """One pyarrow ParquetWriter per table, opened at its first batch.

    Rows are converted to Arrow at once (compact) and written out as a row
    group whenever a table has ``row_group_bytes`` buffered, and at
    :meth:`close`. Big row groups keep the footer metadata, which a
    ParquetWriter holds in memory until it closes, small: a row group per
    chunk of games would make memory grow with the number of games.
    """

    def __init__(self, out: str | Path, row_group_bytes: int = 8 << 20) -> None:
        self.paths = table_paths(out)
        self.limit = row_group_bytes
        self.writers: dict[str, Any] = {}
        self.schemas: dict[str, Any] = {}
        self.buffers: dict[str, list] = {}
        self.rows: dict[str, int] = {}

    def write(self, rows: dict[str, list[dict]]) -> None:
        """Buffer one chunk's rows; flush the tables whose buffer is full."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        for name, part in rows.items():
            if not part:
                continue
            if name not in self.writers:
                table = pa.Table.from_pylist(part)
                self.schemas[name] = table.schema
                self.writers[name] = pq.ParquetWriter(self.paths[name], table.schema)
            else:
                table = pa.Table.from_pylist(part, schema=self.schemas[name])
            buffer = self.buffers.setdefault(name, [])
            buffer.append(table)
            self.rows[name] = self.rows.get(name, 0) + len(part)
            if sum(t.nbytes for t in buffer) >= self.limit:
                self._flush(name)

    def _flush(self, name: str) -> None:
        import pyarrow as pa

        buffer = self.buffers.pop(name, [])
        if buffer:
            self.writers[name].write_table(pa.concat_tables(buffer))

    def close(self) -> None:
        """Write what is buffered and close every file (a valid Parquet footer)."""
        try:
            for name in list(self.buffers):
                self._flush(name)
        finally:
            for w in self.writers.values():
                w.close()


def write_parquet(
    spec: TournamentSpec,
    games: int,
    out: str | Path,
    *,
    workers: int = 1,
    scheduler: Any = None,
    chunk_size: int | None = None,
    on_chunk: Callable[[int, dict], None] | None = None,
    row_group_bytes: int = 8 << 20,
) -> dict[str, Path]:
    """Play the tournament and stream every table to Parquet as chunks finish.

    Memory holds a few chunks at a time plus up to ``row_group_bytes`` of
    Arrow data per table (a Parquet row group), whatever ``games`` is. If the run is
    interrupted (Ctrl-C, SIGTERM turned into an exception, a failing game) the
    writers are closed, so each file is a readable Parquet file of the games
    finished so far (whole games, in order). ``on_chunk(done, rows)`` is called
    after each chunk is written (progress bars, running summaries).
    Returns the paths written. Files of an earlier run at the same ``out``
    (``out`` and its ``<stem>.<table>.parquet`` siblings) are replaced, so no
    stale table is left beside the new ones. A hard kill (SIGKILL, power
    loss) leaves files without their Parquet footer: unreadable.
    """
    check_writable(out)
    _need_pyarrow()
    writers = _Writers(out, row_group_bytes)
    for path in writers.paths.values():
        if path.is_file():
            path.unlink()
    try:
        for done, rows in iter_tournament(
            spec, games, workers=workers, scheduler=scheduler, chunk_size=chunk_size
        ):
            writers.write(rows)
            if on_chunk is not None:
                on_chunk(done, rows)
    finally:
        writers.close()
    return {name: writers.paths[name] for name in writers.writers}
