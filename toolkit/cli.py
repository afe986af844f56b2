r"""Command line: ``python -m toolkit simulate GAME --agents ...``.

``simulate`` plays a seeded tournament (:mod:`toolkit.analysis.tournament`)
of a registered game (a key of ``toolkit.GAMES``) and streams its tables to
Parquet as games finish, with a progress bar and a summary table at the end::

    python -m toolkit simulate GAME --players 4 \\
        --agents greedy,random,mcts,random --games 10000 --seed 1 \\
        --out results.parquet [--workers 2] [--scheduler tcp://host:8786]

``results.parquet`` holds one row per game x seat; ``results.games.parquet``
one row per game, with ``--turns`` ``results.turns.parquet`` one row per turn,
and ``results.<table>.parquet`` each table the game's facts part adds.
Every input is checked before the first game: unknown bots, a wrong number of
agents, a bad or unreachable scheduler, an unwritable output path.
``--workers`` is capped (with a warning) at what the machine runs at once and
at the number of chunks of games. The tables are written under temporary
names and renamed into place at the end: Ctrl-C (or SIGTERM) stops the run at
once (workers too) and leaves readable Parquet files of the games finished so
far, or, before the first chunk is done, nothing, and the files of an earlier
run at ``--out`` as they were; the last line says which.
``python -m toolkit bots`` lists the bots.

Exit status: 0 done, 1 a game failed, 2 bad input, 130 interrupted.
"""

from __future__ import annotations

import argparse
import math
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["main"]


class _AbortError(Exception):
    """Bad input found before any game was played."""


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m toolkit", description="frontier-toolkit command line"
    )
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = sub.add_parser(
        "simulate",
        help="play a seeded bot tournament and write its tables to Parquet",
        description="Play a seeded bot tournament and stream its tables to Parquet.",
    )
    from toolkit import GAMES

    sim.add_argument("game", help="a registered game, one of: " + ", ".join(GAMES))
    sim.add_argument(
        "--agents",
        required=True,
        help="one bot per seat, comma-separated: random, greedy, mc, mcts "
        "(a budget after a colon: mcts:200)",
    )
    sim.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats per game (default: the number of agents)",
    )
    sim.add_argument("--games", type=int, required=True, help="how many games")
    sim.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    sim.add_argument("--out", required=True, help="Parquet file for the seat table")
    sim.add_argument(
        "--workers", type=int, default=1, help="local processes (default 1)"
    )
    sim.add_argument(
        "--scheduler",
        default=None,
        help="Dask scheduler address (tcp://host:8786): play on that cluster",
    )
    sim.add_argument("--turns", action="store_true", help="also write one row per turn")
    sim.add_argument(
        "--chunk-size",
        type=int,
        default=None,
        help="games per task (default: chosen from the bots and workers)",
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (one of the game's defaults), repeatable",
    )
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    sub.add_parser("bots", help="list the bots")
    rul = sub.add_parser(
        "rules",
        help="print a game's rules page (Markdown, docs/rules/<game>.md)",
        description="Print the rules page of a game, generated from its rules table; "
        "with --write, write every game's page to DIR/<game>.md.",
    )
    rul.add_argument(
        "game", nargs="?", help="a registered game, one of: " + ", ".join(GAMES)
    )
    rul.add_argument("--write", metavar="DIR", help="write every game's page into DIR")
    bnd = sub.add_parser(
        "binder",
        help="point the Binder badge and links at a GitHub repository (for publishers)",
        description="Set [tool.frontier-toolkit] repository in ./pyproject.toml and "
        "rewrite every mybinder.org link in README.md, pyproject.toml and docs/*.md "
        "of the current checkout to it.",
    )
    bnd.add_argument("repository", help="owner/name on GitHub")
    comp = sub.add_parser(
        "compiled",
        help="build, remove or report the compiled engine (toolkit.compiled)",
    )
    comp.add_argument(
        "action", nargs="?", default="status", choices=["build", "clean", "status"]
    )
    comp.add_argument(
        "--optional",
        action="store_true",
        help="if the build fails, say so and exit 0 (the pure engine is used)",
    )
    return ap


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def _options(items: Sequence[str]) -> dict[str, Any]:
    out = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise _AbortError(f"--option expects KEY=VALUE, got {item!r}")
        out[key.strip()] = _value(value.strip())
    return out


class _Running:
    """Flat-memory running totals per entrant for the closing summary."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)
        k = len(labels)
        self.n = [0] * k
        self.win = [0.0] * k
        self.score = [0.0] * k
        self.score2 = [0.0] * k
        self.games = 0

    def add(self, rows: dict[str, list[dict]]) -> None:
        for row in rows.get("seats", ()):
            e = row["entrant"]
            self.n[e] += 1
            self.win[e] += row["win"]
            self.score[e] += row["score"]
            self.score2[e] += row["score"] ** 2
        self.games += len(rows.get("games", ()))

    def table(self) -> str:
        from toolkit.analysis.stats import wilson_interval

        lines = [
            f"{'entrant':>7}  {'agent':<10} {'games':>7}  {'win rate':>8}  "
            f"{'95% interval':<16} {'mean score':>10} {'+-':>5}"
        ]
        for e, label in enumerate(self.labels):
            n = self.n[e]
            if not n:
                continue
            low, high = wilson_interval(self.win[e], n)
            mean = self.score[e] / n
            var = max(self.score2[e] / n - mean * mean, 0.0) * n / max(n - 1, 1)
            half = 1.96 * math.sqrt(var / n)
            lines.append(
                f"{e:>7}  {label:<10} {n:>7}  {self.win[e] / n:>8.3f}  "
                f"[{low:.3f}, {high:.3f}]   {mean:>10.2f} {half:>5.2f}"
            )
        return "\n".join(lines)


class _Progress:
    """tqdm when installed, else a line on stderr at most every 2 seconds."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done, self.bar, self.enabled = total, 0, None, enabled
        self.start = self.last = time.perf_counter()
        if enabled:
            try:
                from tqdm import tqdm

                self.bar = tqdm(
                    total=total, unit="game", file=sys.stderr, dynamic_ncols=True
                )
            except ImportError:
                self.bar = None

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(done - self.done)
        else:
            now = time.perf_counter()
            if now - self.last >= 2 or done == self.total:
                rate = done / max(now - self.start, 1e-9)
                print(f"  {done}/{self.total} games ({rate:.1f}/s)", file=sys.stderr)
                self.last = now
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _simulate(args: argparse.Namespace) -> int:
    from toolkit.analysis import tournament as T

    # ---- every check before the first game -------------------------------------
    try:
        options = _options(args.option)
        if args.games < 1:
            raise _AbortError(f"--games must be at least 1, got {args.games}")
        if args.workers < 1:
            raise _AbortError(f"--workers must be at least 1, got {args.workers}")
        if args.chunk_size is not None and args.chunk_size < 1:
            raise _AbortError(f"--chunk-size must be at least 1, got {args.chunk_size}")
        agents = [a.strip() for a in args.agents.split(",")]
        players = args.players if args.players is not None else len(agents)
        spec = T.prepare(
            args.game, agents, args.seed, players=players, turns=args.turns, **options
        )
        T.check_writable(args.out)
        T.need_pyarrow()
        client = None
        if args.scheduler is not None:
            T.check_scheduler(args.scheduler)
            client, _ = T.connect(args.scheduler)
    except (_AbortError, T.TournamentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    workers = args.workers
    if client is None and workers > 1:
        workers = T.worker_count(args.workers, args.games, args.chunk_size, spec)
        if workers < args.workers:
            print(
                f"warning: --workers {args.workers} is capped at {workers}: "
                f"this machine runs {T.cores()} processes at once and "
                f"{args.games} games make no more chunks than that",
                file=sys.stderr,
            )
    where = (
        f"Dask cluster {args.scheduler}"
        if client is not None
        else f"{workers} local process{'es' if workers > 1 else ''}"
    )
    print(
        f"{spec.game!r}: {', '.join(spec.labels)}; {args.games} games, "
        f"seed {args.seed}, "
        f"on {where}",
        file=sys.stderr,
    )
    running = _Running(spec.labels)
    bar = _Progress(args.games, enabled=not args.no_progress)

    def on_chunk(done: int, rows: dict) -> None:
        running.add(rows)
        bar.update(done)

    def on_term(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    kept: dict[str, Any] = {"games": 0, "paths": {}}

    def on_close(games: int, paths: dict) -> None:
        kept["games"], kept["paths"] = games, paths

    previous = signal.signal(signal.SIGTERM, on_term)
    start = time.perf_counter()
    status = 0
    earlier = Path(args.out).is_file()
    try:
        T.write_parquet(
            spec,
            args.games,
            args.out,
            workers=workers,
            scheduler=client,
            chunk_size=args.chunk_size,
            on_chunk=on_chunk,
            on_close=on_close,
        )
    except KeyboardInterrupt:
        status = 130
    except Exception as exc:  # a game or a worker failed: keep what was written
        print(f"\nerror: {type(exc).__name__}: {exc}", file=sys.stderr)
        status = 1
    finally:
        signal.signal(signal.SIGTERM, previous)
        bar.close()
        if client is not None:
            client.close()
    elapsed = time.perf_counter() - start
    games = kept["games"]
    if status and not games:
        what = "interrupted" if status == 130 else "stopped"
        keep = f"; the earlier {args.out} is kept" if earlier else ""
        print(f"\n{what} after 0 games: nothing written{keep}", file=sys.stderr)
    elif status:
        what = "interrupted" if status == 130 else "stopped"
        others = [str(p) for name, p in kept["paths"].items() if name != "seats"]
        beside = f" (its other tables: {', '.join(others)})" if others else ""
        print(
            f"\n{what} after {games} games; {args.out} holds them{beside}",
            file=sys.stderr,
        )
    written = [str(p) for p in kept["paths"].values()] or ["nothing written"]
    print(
        f"\n{games} games in {elapsed:.1f} s "
        f"({games / max(elapsed, 1e-9):.1f} games/s) -> {', '.join(written)}"
    )
    if running.games:
        print(running.table())
    return status


def _bots() -> int:
    from toolkit.agents import BOTS

    for name, (cls, param) in BOTS.items():
        doc = (cls.__doc__ or "").strip().splitlines()[0]
        budget = f"  (budget: {param}, e.g. {name}:100)" if param else ""
        print(f"{name:<8} {doc}{budget}")
    return 0


def _binder(repository: str, root: Path = Path()) -> int:
    """Write ``repository`` into the setting and every Binder link under ``root``."""
    import re

    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        print(f"not a GitHub owner/name: {repository!r}", file=sys.stderr)
        return 2
    files = [
        root / "README.md",
        root / "pyproject.toml",
        *sorted(root.glob("docs/*.md")),
    ]
    for path in files:
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        new = re.sub(
            r"(mybinder\.org/v2/gh/)[^/\s)]+/[^/\s)]+/", rf"\g<1>{repository}/", text
        )
        if path.name == "pyproject.toml":
            new = re.sub(r'(?m)^(repository = )"[^"]*"', rf'\g<1>"{repository}"', new)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path}")
    return 0


def _rules(args: argparse.Namespace) -> int:
    from toolkit import GAMES
    from toolkit.core.record import game_class
    from toolkit.core.rulebook import rules_page

    if args.write:
        out = Path(args.write)
        out.mkdir(parents=True, exist_ok=True)
        for name in GAMES:
            (out / f"{name}.md").write_text(
                rules_page(game_class(name)), encoding="utf-8"
            )
            print(f"wrote {out / f'{name}.md'}")
        return 0
    if args.game not in GAMES:
        print(f"unknown game {args.game!r}; games: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    print(rules_page(game_class(args.game)), end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "bots":
        return _bots()
    if args.command == "rules":
        return _rules(args)
    if args.command == "binder":
        return _binder(args.repository)
    if args.command == "compiled":
        from toolkit import compiled

        return compiled.main([args.action] + (["--optional"] if args.optional else []))
    return 2  # pragma: no cover - argparse rejects unknown commands
