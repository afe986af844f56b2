"""Analysis of games as tidy pandas tables: tournaments and their statistics.

:mod:`.tournament` plays seeded bot tournaments and returns their tables;
:mod:`.stats` computes win rates, seat advantages, ratings and values with
confidence intervals from them. A game's own analyses (of its boards, its
columns) live in its package. pandas loads only when a table is made.
"""

from . import (  # modules: tournament.tournament(...), stats.summary(...)
    stats,
    tournament,
)

__all__ = ["stats", "tournament"]
