"""Tournament scaling: speed-up from 1 to N local workers, and memory while streaming.

Speed-up: the same seeded tournament with 1 worker (in this process) and with
N worker processes; the tables are checked to be identical.

    python benchmarks/tournament_scale.py speedup [--games 200] [--workers 2]
        [--agents greedy,random,random,random]

Memory: stream a long tournament of random bots to Parquet (what ``python -m
toolkit simulate`` does) while a sampler thread records the resident memory of
this process plus its worker processes (PSS: shared pages split between
them) every 0.2 s. Prints the peak, the
memory at each tenth of the run and the growth per 10,000 games over the
second half (flat streaming: close to 0).

    python benchmarks/tournament_scale.py memory [--games 100000] [--workers 2]
        [--out /tmp/scale.parquet]
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from toolkit.analysis.tournament import prepare, tournament, write_parquet


def speedup(
    games: int, workers: int, agents: str, seed: int, chunk: int | None
) -> None:
    import pandas as pd

    print(
        f"speed-up: {games} games of {agents}, seed {seed}, chunk {chunk or 'auto'}, "
        f"{os.cpu_count()} CPUs (load average {os.getloadavg()[0]:.1f})"
    )
    import resource

    times, cpus, results = {}, {}, {}
    for w in (1, workers):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        mine = os.times()
        t = time.perf_counter()
        results[w] = tournament(
            "pioneers",
            agents.split(","),
            games=games,
            seed=seed,
            workers=w,
            chunk_size=chunk,
        )
        times[w] = time.perf_counter() - t
        own = sum(os.times()[:2]) - sum(mine[:2])
        time.sleep(1.0)  # let the pool reap its workers, so their CPU time is counted
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        children = (after.ru_utime + after.ru_stime) - (
            before.ru_utime + before.ru_stime
        )
        cpus[w] = own + children
        print(
            f"  workers={w}: {times[w]:.1f} s, {games / times[w]:.2f} games/s, "
            f"CPU {cpus[w]:.1f} s = {cpus[w] / times[w] / w:.0%} of {w} core(s) "
            f"(load average now {os.getloadavg()[0]:.1f})",
            flush=True,
        )
    pd.testing.assert_frame_equal(results[1].seats, results[workers].seats)
    ideal = min(workers, workers * cpus[1] / cpus[workers])
    print(
        f"  speed-up 1 -> {workers} workers: {times[1] / times[workers]:.2f}x "
        "(tables identical)\n"
        f"  CPU of the {workers}-worker run / CPU of the 1-worker run: "
        f"{cpus[workers] / cpus[1]:.2f} (the parallel overhead); on {workers} idle "
        f"cores expect about {ideal:.2f}x"
    )


def _pss() -> tuple[int, int]:
    """Proportional set size (PSS) of this process and of its workers, in bytes.

    PSS splits pages shared between processes (forked workers share most of
    the parent's) among them, so the sum is the real footprint; plain RSS
    would count every shared page once per process.
    """
    import psutil

    me = psutil.Process()
    sizes = []
    for proc in [me, *me.children(recursive=True)]:
        try:
            info = proc.memory_full_info()
            sizes.append(getattr(info, "pss", info.rss))
        except psutil.Error:
            sizes.append(0)
    return sizes[0], sum(sizes[1:])


def _rss_tree() -> int:
    """PSS of this process plus its workers, in bytes."""
    return sum(_pss())


def memory(games: int, workers: int, seed: int, out: str, chunk: int | None) -> None:
    spec = prepare("pioneers", ["random"] * 4, seed)
    samples: list[tuple[float, int]] = []
    marks: list[tuple[int, float, int]] = []
    stop = threading.Event()
    start = time.perf_counter()

    def sample() -> None:
        while not stop.is_set():
            samples.append((time.perf_counter() - start, _rss_tree()))
            stop.wait(0.2)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    step = max(games // 10, 1)
    next_mark = [step]

    def on_chunk(done: int, rows: dict) -> None:
        if done >= next_mark[0] or done == games:
            parent, workers_pss = _pss()
            marks.append((done, time.perf_counter() - start, parent + workers_pss))
            print(
                f"  {done:>7} games  {time.perf_counter() - start:7.0f} s  "
                f"{marks[-1][2] / 2**20:7.1f} MB (this process {parent / 2**20:.1f}, "
                f"workers {workers_pss / 2**20:.1f})",
                flush=True,
            )
            next_mark[0] += step

    print(
        f"memory: streaming {games} random games to {out} with {workers} worker(s), "
        f"chunk {chunk or 'auto'} (load average {os.getloadavg()[0]:.1f})"
    )
    print(f"  start: {_rss_tree() / 2**20:.1f} MB")
    try:
        write_parquet(
            spec, games, out, workers=workers, chunk_size=chunk, on_chunk=on_chunk
        )
    finally:
        stop.set()
        thread.join()
    elapsed = time.perf_counter() - start
    peak = max(r for _, r in samples)
    half = [(d, r) for d, _, r in marks if d >= games / 2]
    slope = 0.0
    if len(half) >= 2:
        (d0, r0), (d1, r1) = half[0], half[-1]
        slope = (r1 - r0) / max(d1 - d0, 1) * 10_000 / 2**20
    size = os.path.getsize(out) / 2**20
    print(
        f"  {games} games in {elapsed:.0f} s ({games / elapsed:.1f} games/s); "
        f"peak {peak / 2**20:.1f} MB (PSS, process + workers); "
        f"growth over the second half "
        f"{slope:+.2f} MB per 10,000 games; {out}: {size:.1f} MB"
    )


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("what", choices=("speedup", "memory"))
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agents", default="greedy,random,random,random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chunk-size", type=int, default=None)
    ap.add_argument("--out", default="/tmp/tournament_scale.parquet")
    args = ap.parse_args()
    if args.what == "speedup":
        speedup(
            args.games or 200, args.workers, args.agents, args.seed, args.chunk_size
        )
    else:
        memory(
            args.games or 100_000, args.workers, args.seed, args.out, args.chunk_size
        )


if __name__ == "__main__":
    main()
