"""Render the main figures of a seeded game to PNG (for the README and docs).

Run ``python -m toolkit.viz.gallery docs/img`` (or ``make gallery``). The game is
played by random agents from a fixed seed, so the images only change when the
rules, the data or the drawing change. Images are written with kaleido when it
is installed, else by Debian's headless Chromium (see :mod:`toolkit.viz.render`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

#: File name -> what it shows.
IMAGES = {
    "board-4p.png": "4-player board mid-game, a stagecoach route highlighted with its tolls",
    "board-2p.png": "2-player board with the covered cities greyed out",
    "players.png": "player panel (money, VP, wagons and seats) and the market",
    "vp-over-game.png": "VP over the game per player",
    "score-breakdown.png": "final score breakdown, stacked",
    "money-flow.png": "money flow between players and the bank (Sankey)",
}

DEFAULT_SEED = 1


def _mid_game(game: Any, record: Any) -> tuple[Any, Any]:
    """A stagecoach decision halfway through the game, and its most telling route."""
    from toolkit.core import replay_states

    states = list(replay_states(record, game))
    last_round = states[-1].round
    best = None
    for s in states:
        if s.phase != "move" or s.round < max(1, last_round // 2):
            continue
        for move in game.moves(s):
            pay = game.payments(s, move.path, s.active)
            players_paid = sum(1 for k in pay if k != "bank")
            key = (players_paid > 0, len(move.path) >= 3, players_paid, len(move.path))
            if best is None or key > best[0]:
                best = (key, s, move)
        if best is not None and best[0][:2] == (True, True):
            break
    if best is None:
        return states[len(states) // 2], None
    return best[1], best[2]


def figures(seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """The gallery's figures by file name, from games played with ``seed``."""
    from toolkit import pioneers
    from toolkit.core import play, random_agent

    from . import charts
    from . import pioneers as board

    game = pioneers.Pioneers(players=4)
    final, record = play(game, [random_agent] * 4, seed=seed)
    mid, route = _mid_game(game, record)
    game2 = pioneers.Pioneers(players=2)
    _, record2 = play(game2, [random_agent] * 2, seed=seed)
    mid2, _ = _mid_game(game2, record2)
    return {
        "board-4p.png": board.draw_board(game, mid, route),
        "board-2p.png": board.draw_board(game2, mid2),
        "players.png": board.draw_panel(game, mid),
        "vp-over-game.png": charts.vp_over_game(record, game),
        "score-breakdown.png": charts.score_breakdown_chart(game, final),
        "money-flow.png": charts.money_flow(record, game),
    }


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
    for p in paths:
        info = png_info(p)
        print(
            f"{p}  {info['width']}x{info['height']}  {p.stat().st_size // 1024} KB  "
            f"{IMAGES.get(p.name, '')}"
        )
    print(f"{len(paths)} images with {method} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
