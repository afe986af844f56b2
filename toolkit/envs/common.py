"""What both adapters share: reward schemes, the registry lookup, the optional peers."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

#: Reward schemes accepted by the adapters (see :mod:`toolkit.envs`).
REWARDS = ("score", "relative")

EXTRA_HINT = "install the rl extra: pip install -e '.[rl]'"


def rewards(scores: Sequence[float], scheme: str) -> list[float]:
    """Final rewards from final scores: the scores, or the scores minus their mean."""
    values = [float(s) for s in scores]
    if scheme == "score":
        return values
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def check_reward(reward: str) -> str:
    """``reward`` if it is one of :data:`REWARDS`, else a ValueError."""
    if reward not in REWARDS:
        raise ValueError(
            f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}"
        )
    return reward


def needs(module: str, what: str) -> Any:
    """Import an optional peer; without it, an ImportError that names the extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"{what} needs {module.split('.')[0]} ({EXTRA_HINT})"
        ) from exc


def game_class(name: str) -> type:
    """The class of a game in :data:`toolkit.GAMES`, without making a game."""
    from toolkit import GAMES

    if name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r}; known games: {known}")
    module, _, cls = GAMES[name].partition(":")
    return getattr(importlib.import_module(module), cls)
