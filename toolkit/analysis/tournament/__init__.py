"""Tournaments: many seeded games between bots, as tidy tables.

>>> from toolkit import GAMES
>>> from toolkit.analysis.tournament import tournament
>>> name = next(iter(GAMES))
>>> result = tournament(name, ["greedy", "random"], games=4, seed=1)
>>> len(result.seats)
8

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
    ``decisions``, ``steps``, ``rounds`` (``game.progress``), ``winners``
    (seats, ``"0;2"``), ``n_winners``, plus the game's facts.
``seats``
    one row per game x seat: ``game``, ``deal``, ``seed``, ``rotation``,
    ``seat``, ``order`` (0 = the first player of ``game.progress``, when
    known), ``entrant``, ``agent``, ``score``, ``rank`` (1 = best by score,
    ties share), ``win`` (1 / number of winners, else 0), ``won``,
    ``decisions``, plus the game's facts (its score parts ``vp_*`` and more).
``turns`` (``turns=True``)
    one row per turn: ``game``, ``turn``, ``round``, ``seat``, ``entrant``,
    ``agent``, ``decisions``, ``actions`` (notation), ``score`` after the
    turn, plus the game's facts.
further tables
    named by the game's facts part (its ``TABLES``).

The game's facts come from its ``facts`` part; the contract is in
:mod:`toolkit.analysis.tournament.collect`. A game without one gets the
shared columns only.

Parallel runs
-------------
``workers=N`` plays chunks of games in ``N`` local processes (never more
than the machine runs at once nor than there are chunks, see
:func:`~.runners.worker_count`; Ctrl-C stops them at once, keeping the chunks
finished); ``scheduler=
"tcp://host:8786"`` (or a ``dask.distributed.Client``) sends them to a Dask
cluster whose workers can import ``toolkit``. :func:`iter_tournament` yields
the rows chunk by chunk, in game order, for streaming (the CLI writes them to
Parquet as they come, see :func:`write_parquet`).

Modules: :mod:`.spec` (input and seeds), :mod:`.collect` (collectors and the
facts contract), :mod:`.play` (one game, one chunk), :mod:`.runners`
(processes, Dask), :mod:`.parquet` (streaming to files), :mod:`.result`.
"""

from __future__ import annotations

from .collect import TABLES, Collector, collector_for, tables_of, vp_columns
from .parquet import check_writable, need_pyarrow, table_paths, write_parquet
from .play import play_chunk, play_one
from .result import Tournament, tournament
from .runners import check_scheduler, connect, cores, iter_tournament, worker_count
from .spec import TournamentError, TournamentSpec, deal_seed, prepare

__all__ = [
    "TABLES",
    "Collector",
    "Tournament",
    "TournamentError",
    "TournamentSpec",
    "check_scheduler",
    "check_writable",
    "collector_for",
    "connect",
    "cores",
    "deal_seed",
    "iter_tournament",
    "need_pyarrow",
    "play_chunk",
    "play_one",
    "prepare",
    "table_paths",
    "tables_of",
    "tournament",
    "vp_columns",
    "worker_count",
    "write_parquet",
]
