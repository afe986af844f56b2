"""Running a tournament's games: in this process, in local processes, on Dask.

Games are played in chunks (:func:`~toolkit.analysis.tournament.play.play_chunk`);
whoever plays them, :func:`iter_tournament` yields the chunks in game order.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

from .play import play_chunk
from .spec import TournamentError, TournamentSpec, label


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def _default_chunk(spec: TournamentSpec, games: int, workers: int) -> int:
    """Pick chunks small enough to balance workers and stream often, yet cheap.

    About 16 chunks per worker (a chunk costs ~3 ms of pickling), at most 200
    games, and single games for the search bots (seconds each).
    """
    slow = any(label(a) in ("mc", "mcts") for a in spec.agents)
    cap = 1 if slow else 200
    return max(1, min(cap, -(-games // (16 * workers))))


def check_scheduler(scheduler: Any) -> None:
    """Raise :class:`TournamentError` unless ``scheduler`` looks like a Dask address."""
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


def connect(scheduler: Any, timeout: float | None = None) -> tuple[Any, bool]:
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
    check_scheduler(scheduler)
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

    client, owned = connect(scheduler)
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
