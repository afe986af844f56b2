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

``metrics`` measures a game's design (:mod:`toolkit.analysis.metrics`)::

    python -m toolkit metrics RESULTS.parquet        # of a simulate --detail run
    python -m toolkit metrics --games 40 --agents greedy,random [--game NAME]

The second form plays a ``detail`` tournament of every game in ``GAMES`` (or
of each ``--game``) and prints each game's metrics with the time it took;
``--out`` writes the summaries (one row per game and metric) to Parquet.

``variants`` is the rules lab (:mod:`toolkit.analysis.variants`)::

    python -m toolkit variants GAME --agents greedy,random --games 200 \\
        --variant rulebook: --variant rich:income=5,start_money=4 [--out lab.parquet]
    python -m toolkit variants GAME --agents ... --search income=2,3,4,5 \\
        --metric first_edge --target 0 [--method grid]

plays the same seeded tournament under each variant (the first is the
baseline) and prints the paired differences with intervals and a verdict per
metric; ``--search`` tries the values of one option. ``--out`` is rewritten
(temporary file, then renamed) each time a variant finishes, so an interrupted
run keeps the variants done. Both commands take ``--workers`` and
``--scheduler`` like ``simulate``.

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
        "--detail",
        action="store_true",
        help="also write one row per decision and every seat's score per turn "
        "(what 'metrics' reads)",
    )
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
    met = sub.add_parser(
        "metrics",
        help="design metrics of a game: length, branching, lead changes, seats",
        description="Measure a tournament's results, or play and measure every game.",
    )
    met.add_argument(
        "results",
        nargs="?",
        default=None,
        help="a seats Parquet file written by simulate --detail",
    )
    met.add_argument(
        "--game",
        action="append",
        default=[],
        help="a game to play and measure (repeatable; default: every game)",
    )
    _play_arguments(met, games_default=40)
    lab = sub.add_parser(
        "variants",
        help="the rules lab: compare rule sets on paired seeds, or search an option",
        description="Play the same seeded tournament under several rule sets.",
    )
    lab.add_argument("game", help="a registered game, one of: " + ", ".join(GAMES))
    lab.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME:KEY=VALUE,...",
        help="a rule set (repeatable; the first is the baseline; "
        "'rulebook:' is the game as it is)",
    )
    lab.add_argument(
        "--search",
        default=None,
        metavar="OPTION=V1,V2,...",
        help="try these values of one option instead",
    )
    lab.add_argument(
        "--metric", default="first_edge", help="metric of --search (first_edge)"
    )
    lab.add_argument("--target", type=float, default=0.0, help="target of --search")
    lab.add_argument(
        "--method", choices=["halving", "grid"], default="halving", help="--search"
    )
    _play_arguments(lab, games_default=100)
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
    comp.add_argument(
        "--force",
        action="store_true",
        help="build even when every compiled module matches its source (say, "
        "after a change to a constant the compiled modules import)",
    )
    return ap


def _play_arguments(ap: argparse.ArgumentParser, games_default: int) -> None:
    ap.add_argument(
        "--agents",
        default="greedy,random",
        help="bots, one per seat, comma-separated (default greedy,random)",
    )
    ap.add_argument(
        "--games", type=int, default=games_default, help="games per tournament"
    )
    ap.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    ap.add_argument("--workers", type=int, default=1, help="local processes")
    ap.add_argument("--scheduler", default=None, help="Dask scheduler address")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for every run, repeatable",
    )
    ap.add_argument("--out", default=None, help="Parquet file for the results")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")


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
            args.game,
            agents,
            args.seed,
            players=players,
            turns=args.turns,
            detail=args.detail,
            **options,
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


def _write_frame(frame: Any, out: str | Path) -> None:
    """Write a DataFrame to Parquet under a temporary name, then rename it into place."""
    import os
    import secrets

    out = Path(out)
    temp = out.with_name(f".{out.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        frame.to_parquet(temp, index=False)
        os.replace(temp, out)
    finally:
        temp.unlink(missing_ok=True)


def _check_run(args: argparse.Namespace) -> tuple[dict[str, Any], Any]:
    """Check the shared run arguments; return the options and a Dask client."""
    from toolkit.analysis import tournament as T

    options = _options(args.option)
    if args.games < 1:
        raise _AbortError(f"--games must be at least 1, got {args.games}")
    if args.workers < 1:
        raise _AbortError(f"--workers must be at least 1, got {args.workers}")
    if args.out is not None:
        T.check_writable(args.out)
        T.need_pyarrow()
    client = None
    if args.scheduler is not None:
        T.check_scheduler(args.scheduler)
        client, _ = T.connect(args.scheduler)
    return options, client


def _game_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of ``options`` that game ``name`` has (a turn cap, say)."""
    from toolkit.core.record import game_class

    known = getattr(game_class(name), "defaults", {})
    return {k: v for k, v in options.items() if k in known}


def _metrics(args: argparse.Namespace) -> int:
    import pandas as pd

    from toolkit import GAMES
    from toolkit.analysis import metrics as M
    from toolkit.analysis import tournament as T

    pd.set_option("display.width", 120)
    if args.results is not None:
        try:
            table = M.summary(M.tables(args.results))
            if args.out is not None:
                T.check_writable(args.out)
                T.need_pyarrow()
        except (FileNotFoundError, ValueError, KeyError, T.TournamentError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        _print_summary(args.results, table)
        if args.out is not None:
            _write_frame(table, args.out)
            print(f"-> {args.out}")
        return 0
    try:
        options, client = _check_run(args)
        names = args.game or list(GAMES)
        for name in names:
            if name not in GAMES:
                raise _AbortError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
        agents = [a.strip() for a in args.agents.split(",")]
        specs = {
            n: T.prepare(n, agents, args.seed, detail=True, **_game_options(n, options))
            for n in names
        }
    except (_AbortError, T.TournamentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    frames = []
    total = time.perf_counter()
    status = 0
    try:
        for name, spec in specs.items():
            start = time.perf_counter()
            result = M.measure(
                spec.game,
                agents,
                args.games,
                args.seed,
                args.workers,
                scheduler=client,
                progress=not args.no_progress,
            )
            table = M.summary(result)
            elapsed = time.perf_counter() - start
            _print_summary(
                f"{spec.game!r}, {args.games} games of {', '.join(spec.labels)} "
                f"in {elapsed:.1f} s",
                table,
            )
            frames.append(table.assign(name=name, seconds=elapsed))
            if args.out is not None:
                _write_frame(pd.concat(frames, ignore_index=True), args.out)
    except KeyboardInterrupt:
        status = 130
    finally:
        if client is not None:
            client.close()
    done = ", ".join(str(f["name"].iloc[0]) for f in frames) or "nothing"
    print(
        f"\nmeasured {done} in {time.perf_counter() - total:.1f} s"
        + (f" -> {args.out}" if args.out is not None and frames else "")
    )
    return status


def _print_summary(title: str, table: Any) -> None:
    print(f"\n{title}")
    shown = table[["metric", "mean", "low", "high", "games"]]
    print(shown.to_string(index=False, float_format=lambda x: f"{x:.3g}"))


def _variant_specs(items: Sequence[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        name, colon, rest = item.partition(":")
        if not colon or not name.strip():
            raise _AbortError(f"--variant expects NAME:KEY=VALUE,..., got {item!r}")
        pairs = [p for p in rest.split(",") if p.strip()]
        out[name.strip()] = _options(pairs)
    if len(out) == 1:
        out = {"rulebook": {}, **out}
    return out


def _variants(args: argparse.Namespace) -> int:
    import pandas as pd

    from toolkit.analysis import tournament as T
    from toolkit.analysis import variants as V

    pd.set_option("display.width", 140)
    try:
        options, client = _check_run(args)
        agents = [a.strip() for a in args.agents.split(",")]
        if args.search is None and not args.variant:
            raise _AbortError("give --variant NAME:KEY=VALUE (twice) or --search")
        if args.search is not None:
            key, eq, values = args.search.partition("=")
            if not eq or not key.strip() or not values.strip():
                raise _AbortError(
                    f"--search expects OPTION=V1,V2,..., got {args.search!r}"
                )
            tried = [_value(v.strip()) for v in values.split(",") if v.strip()]
            T.prepare(
                args.game, agents, args.seed, **{**options, key.strip(): tried[0]}
            )
        else:
            variants = _variant_specs(args.variant)
            for opts in variants.values():  # every rule set is a valid game
                T.prepare(args.game, agents, args.seed, **{**options, **opts})
    except (_AbortError, T.TournamentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    status = 0
    try:
        if args.search is not None:
            found = V.search(
                args.game,
                key.strip(),
                tried,
                agents,
                metric=args.metric,
                target=args.target,
                games=args.games,
                method=args.method,
                seed=args.seed,
                workers=args.workers,
                scheduler=client,
                options=options,
                progress=not args.no_progress,
            )
            print(found.table.to_string(index=False, float_format=lambda x: f"{x:.3g}"))
            print(
                f"\n{key.strip()}={found.best!r} brings {args.metric} closest to "
                f"{args.target:g} ({found.games} games, "
                f"{time.perf_counter() - start:.1f} s)"
            )
            if args.out is not None:
                _write_frame(found.table, args.out)
                print(f"-> {args.out}")
            return 0
        finished: dict[str, Any] = {}

        def on_variant(name: str, result: Any) -> None:
            from toolkit.analysis import metrics as M

            finished[name] = M.per_game(M.tables(result)).assign(variant=name)
            print(f"{name}: {len(result.games)} games done", file=sys.stderr)
            if args.out is not None:
                _write_frame(pd.concat(finished.values(), ignore_index=True), args.out)

        lab = V.compare(
            args.game,
            {n: {**options, **o} for n, o in variants.items()},
            agents,
            args.games,
            args.seed,
            args.workers,
            scheduler=client,
            progress=not args.no_progress,
            on_variant=on_variant,
        )
        diff = lab.differences()
        cols = [
            "variant",
            "metric",
            "baseline",
            "mean",
            "diff",
            "diff_low",
            "diff_high",
        ]
        print(diff[cols].to_string(index=False, float_format=lambda x: f"{x:.3g}"))
        print()
        for line in lab.verdicts():
            print("-", line)
        print(
            f"\n{len(variants)} variants x {args.games} games in "
            f"{time.perf_counter() - start:.1f} s"
            + (f" -> {args.out}" if args.out is not None else "")
        )
    except KeyboardInterrupt:
        status = 130
        print("\ninterrupted: the variants finished so far are kept", file=sys.stderr)
    finally:
        if client is not None:
            client.close()
    return status


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
    if args.command == "metrics":
        return _metrics(args)
    if args.command == "variants":
        return _variants(args)
    if args.command == "rules":
        return _rules(args)
    if args.command == "binder":
        return _binder(args.repository)
    if args.command == "compiled":
        from toolkit import compiled

        flags = ["--optional"] * args.optional + ["--force"] * args.force
        return compiled.main([args.action, *flags])
    return 2  # pragma: no cover - argparse rejects unknown commands
