"""The result of a tournament played in this process: its tables as DataFrames."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .runners import iter_tournament
from .spec import TournamentSpec, prepare


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
        from toolkit.analysis.stats import summary

        return summary(self.seats, confidence=confidence)

    def __repr__(self) -> str:
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
    detail: bool = False,
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
        A game object or a key of ``toolkit.GAMES`` (then ``players``
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
    detail : bool
        Also collect one row per decision (table ``decisions``: its phase
        and how many legal actions there were) and every seat's score after
        each turn (``score_<seat>`` in ``turns``), for
        :mod:`toolkit.analysis.metrics`.
    progress : bool
        Show a progress bar (tqdm, if installed).
    """
    spec = prepare(
        game, agents, seed, players=players, turns=turns, detail=detail, **options
    )
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
