"""Render the main figures of seeded games to PNG (for the README and docs).

Run ``python -m toolkit.viz.gallery docs/img`` (or ``make gallery``). Every game
in :data:`toolkit.GAMES` contributes pictures (see :func:`images`). The games
are played by random agents from a fixed seed, so the images only change when
the rules, the data or the drawing change. Images are written with kaleido when it
is installed, else by Debian's headless Chromium (see :mod:`toolkit.viz.render`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_SEED = 1


def _games() -> dict[str, type]:
    """Game name -> class, for every game in :data:`toolkit.GAMES`."""
    import importlib

    from toolkit import GAMES

    out = {}
    for name, where in GAMES.items():
        module, _, cls = where.partition(":")
        out[name] = getattr(importlib.import_module(module), cls)
    return out


def _view(cls: type) -> Any:
    from toolkit.core import part

    return part(cls, "view")


def _offers(cls: type) -> dict[str, str] | None:
    """The pictures a game's view declares (``GALLERY``: file name -> what it shows)."""
    view = _view(cls)
    return getattr(view, "GALLERY", None) if view is not None else None


def _players(cls: type) -> int:
    return max(cls.min_players, min(4, cls.max_players))


def images() -> dict[str, str]:
    """File name -> what it shows, for every picture of every game.

    A game whose view declares ``GALLERY`` (and ``gallery_figures(seed)``)
    offers those pictures; any other game gets ``<name>-board.png`` and
    ``<name>-panel.png``: its board and panel halfway through a random game.
    """
    out: dict[str, str] = {}
    for name, cls in _games().items():
        offers = _offers(cls)
        if offers is not None:
            out.update(offers)
            continue
        n = _players(cls)
        out[f"{name}-board.png"] = f"{n}-player {name} board halfway through a game"
        out[f"{name}-panel.png"] = f"{n}-player {name} panel halfway through a game"
    return out


def _generic_figures(name: str, cls: type, seed: int) -> dict[str, Any]:
    """Board and panel halfway through a game played by random agents."""
    from toolkit import viz
    from toolkit.core import play, random_agent, replay_states

    n = _players(cls)
    game = cls(players=n)
    _, record = play(game, [random_agent] * n, seed=seed)
    states = list(replay_states(record, game))
    mid = states[len(states) // 2]
    return {
        f"{name}-board.png": viz.draw(game, mid),
        f"{name}-panel.png": viz.panel(game, mid),
    }


def figures(seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """The gallery's figures by file name (see :func:`images`), played with ``seed``."""
    out: dict[str, Any] = {}
    for name, cls in _games().items():
        if _offers(cls) is not None:
            out.update(_view(cls).gallery_figures(seed))
        else:
            out.update(_generic_figures(name, cls, seed))
    return out


def build(
    out_dir: str | Path,
    seed: int = DEFAULT_SEED,
    method: str | None = None,
    scale: float = 1.0,
) -> list[Path]:
    """Write every gallery image into ``out_dir``; returns the paths."""
    from .render import write_pngs

    out = Path(out_dir)
    figs = figures(seed)
    paths = [out / name for name in figs]
    write_pngs(list(figs.values()), paths, scale=scale, method=method)
    return paths


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m toolkit.viz.gallery OUT_DIR [--seed N] [--method M]``."""
    from .render import engine, png_info

    ap = argparse.ArgumentParser(
        prog="python -m toolkit.viz.gallery",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("out_dir", nargs="?", default="docs/img")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument(
        "--method",
        choices=("kaleido", "chromium"),
        default=None,
        help="renderer (default: kaleido if installed, else chromium)",
    )
    ap.add_argument(
        "--scale", type=float, default=1.0, help="pixel density (2 for retina)"
    )
    args = ap.parse_args(argv)
    method = args.method or engine()
    if method is None:
        print(
            "no browser: apt-get install chromium (or pip install kaleido)",
            file=sys.stderr,
        )
        return 2
    start = time.perf_counter()
    paths = build(args.out_dir, args.seed, method, args.scale)
    described = images()
    for p in paths:
        info = png_info(p)
        print(
            f"{p}  {info['width']}x{info['height']}  {p.stat().st_size // 1024} KB  "
            f"{described.get(p.name, '')}"
        )
    print(f"{len(paths)} images with {method} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
