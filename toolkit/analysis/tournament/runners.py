"""Running a tournament's games: in this process, in local processes, on Dask.

Games are played in chunks (:func:`~toolkit.analysis.tournament.play.play_chunk`);
whoever plays them, :func:`iter_tournament` yields the chunks in game order.
"""

from __future__ import annotations

import os
import signal
import sys
import warnings
from collections import deque
from collections.abc import Iterator
from typing import Any

from .play import play_chunk
from .spec import TournamentError, TournamentSpec, label


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """Yield ``(start, stop)`` of each chunk, made as needed (flat memory)."""
    for start in range(0, games, size):
        yield start, min(start + size, games)


def _default_chunk(spec: TournamentSpec | None, games: int, workers: int) -> int:
    """Pick chunks small enough to balance workers and stream often, yet cheap.

    About 16 chunks per worker (a chunk costs ~3 ms of pickling), at most 200
    games, and single games for the search bots (seconds each).
    """
    slow = spec is not None and any(label(a) in ("mc", "mcts") for a in spec.agents)
    cap = 1 if slow else 200
    return max(1, min(cap, -(-games // (16 * workers))))


def cores() -> int:
    """Return how many processes this machine lets this process run at once."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def worker_count(
    workers: int,
    games: int,
    chunk_size: int | None = None,
    spec: TournamentSpec | None = None,
) -> int:
    """Return how many local processes to start for ``workers`` asked.

    Never more than the machine runs at once (:func:`cores`) nor than there
    are chunks of games to play (``chunk_size``, else the default chunks for
    ``spec``'s bots).
    """
    n = max(1, min(workers, cores()))
    size = chunk_size or _default_chunk(spec, games, n)
    return max(1, min(n, -(-games // size)))


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
    dask = scheduler is not None or client is not None
    if not dask and workers > 1:
        capped = worker_count(workers, games, chunk_size, spec)
        if capped < workers:
            warnings.warn(
                f"workers={workers} is capped at {capped}: this machine runs "
                f"{cores()} processes at once and there are only so many chunks",
                RuntimeWarning,
                stacklevel=2,
            )
            workers = capped
    size = chunk_size or _default_chunk(spec, games, workers)
    chunks = _chunks(games, size)
    if dask:
        yield from _run_dask(spec, chunks, client or scheduler)
    elif workers == 1:
        for start, stop in chunks:
            yield stop, play_chunk(spec, start, stop)
    else:
        yield from _run_processes(spec, chunks, workers)


def _in_order(done: dict, order: deque) -> Iterator:
    """Pop finished chunks from ``done`` while the oldest one submitted is there.

    ``order`` holds the starts of the chunks submitted, in game order;
    ``done`` maps a start to ``(stop, rows)``.
    """
    while order and order[0] in done:
        yield done.pop(order.popleft())


def _worker_init() -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the workers.

    A forked worker would otherwise also inherit the main process's SIGTERM
    handler.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop(pool: Any) -> None:
    """Stop a process pool now: cancel what is queued, end the running chunks.

    A worker ended while it was sending a chunk's rows leaves half a message
    in the results pipe. The pool's own thread, reading it, would then wait
    for the rest for ever (and so would the interpreter's exit, which joins
    that thread), since this process still holds the pipe's writing end.
    Closing that end once the workers are gone turns the half message into
    an end of file: the pool's thread marks the pool broken and ends.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        proc.join(2)
    writer = getattr(results, "_writer", None)
    if writer is not None and not any(p.is_alive() for p in processes):
        writer.close()


def _run_processes(spec: TournamentSpec, chunks: Iterator, workers: int) -> Iterator:
    import multiprocessing
    from concurrent import futures

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
    pool = futures.ProcessPoolExecutor(
        workers, mp_context=ctx, initializer=_worker_init
    )
    pending: dict[Any, tuple[int, int]] = {}
    done: dict[int, tuple[int, dict]] = {}
    order: deque[int] = deque()
    limit = 3 * workers

    def submit() -> bool:
        item = next(chunks, None)
        if item is None:
            return False
        start, stop = item
        pending[pool.submit(play_chunk, spec, start, stop)] = item
        order.append(start)
        return True

    finished_cleanly = False
    try:
        while len(pending) < limit and submit():
            pass
        while pending:
            try:
                finished, _ = futures.wait(pending, return_when=futures.FIRST_COMPLETED)
            except KeyboardInterrupt:
                # keep the chunks that finished before the interruption
                for fut, (start, stop) in list(pending.items()):
                    if fut.done() and not fut.cancelled() and not fut.exception():
                        done[start] = (stop, fut.result())
                _stop(pool)
                yield from _in_order(done, order)
                raise
            for fut in finished:
                start, stop = pending.pop(fut)
                done[start] = (stop, fut.result())
            yield from _in_order(done, order)
            while len(pending) + len(done) < limit and submit():
                pass
        finished_cleanly = True
    finally:
        if finished_cleanly:
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def _run_dask(spec: TournamentSpec, chunks: Iterator, scheduler: Any) -> Iterator:
    from distributed import as_completed

    client, owned = connect(scheduler)
    try:
        try:
            workers = max(len(client.scheduler_info().get("workers", {})), 1)
        except Exception:
            workers = 1
        [remote] = client.scatter([spec], broadcast=True)
        limit = 3 * workers
        starts: dict[Any, tuple[int, int]] = {}
        order: deque[int] = deque()
        ac = as_completed()

        def submit() -> bool:
            item = next(chunks, None)
            if item is None:
                return False
            start, stop = item
            fut = client.submit(play_chunk, remote, start, stop, pure=False)
            starts[fut] = item
            order.append(start)
            ac.add(fut)
            return True

        while len(starts) < limit and submit():
            pass
        done: dict[int, tuple[int, dict]] = {}
        for fut in ac:
            start, stop = starts.pop(fut)
            done[start] = (stop, fut.result())
            fut.release()
            yield from _in_order(done, order)
            while len(starts) + len(done) < limit and submit():
                pass
    finally:
        if owned:
            client.close()
