"""Analysis of games as tidy pandas tables: tournaments and their statistics.

:mod:`.tournament` plays seeded bot tournaments and returns their tables;
:mod:`.stats` computes win rates, seat advantages, ratings and values with
confidence intervals from them; :mod:`.metrics` measures a game's design
(length, branching, lead changes, decisiveness, seat advantage) and
:mod:`.variants` compares rule sets on paired seeds (the rules lab). A game's own analyses (of its boards, its
columns) live in its package. pandas loads only when a table is made.
"""

from . import (  # modules: tournament.tournament(...), stats.summary(...)
    metrics,
    stats,
    tournament,
    variants,
)

__all__ = ["metrics", "stats", "tournament", "variants"]
