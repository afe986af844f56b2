"""frontier-toolkit: exact, fast settlement board games for Jupyter lessons and analysis.

Import a game package explicitly, e.g. ``from toolkit import pioneers``.
Importing ``toolkit`` itself loads nothing heavy (no plotly, pandas or ipywidgets).
"""

__version__ = "0.1.0"

#: Registry of implemented games: name -> "module:Class". Resolved lazily by
#: :func:`toolkit.core.make_game` so importing toolkit stays cheap.
GAMES = {
    "pioneers": "toolkit.pioneers:Pioneers",
    "anno1503": "toolkit.anno1503:Anno1503",
    "montana": "toolkit.montana:Montana",
    "pioneer_days": "toolkit.pioneer_days:PioneerDays",
}

__all__ = ["GAMES", "__version__"]

# The engine may be compiled (see toolkit.compiled): never run a stale build.
from toolkit.compiled import install_guard as _install_guard  # noqa: E402

_install_guard()
