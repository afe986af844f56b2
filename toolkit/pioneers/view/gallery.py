"""The Pioneers pictures of the README gallery (:mod:`toolkit.viz.gallery`).

The games are played by random agents from a fixed seed, so the images only
change when the rules, the data or the drawing change.
"""

from __future__ import annotations

from typing import Any

#: File name -> what it shows.
GALLERY = {
    "board-4p.png": "4-player board mid-game, a stagecoach route highlighted with its tolls",
    "board-2p.png": "2-player board with the covered cities greyed out",
    "players.png": "player panel (money, VP, wagons and seats) and the market",
    "vp-over-game.png": "VP over the game per player",
    "score-breakdown.png": "final score breakdown, stacked",
    "money-flow.png": "money flow between players and the bank (Sankey)",
}


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


def gallery_figures(seed: int) -> dict[str, Any]:
    """The figures of :data:`GALLERY` by file name, from games played with ``seed``."""
    from toolkit.core import play, random_agent
    from toolkit.pioneers import Pioneers
    from toolkit.viz import charts

    from .board import draw_board
    from .panel import draw_panel

    game = Pioneers(players=4)
    final, record = play(game, [random_agent] * 4, seed=seed)
    mid, route = _mid_game(game, record)
    game2 = Pioneers(players=2)
    _, record2 = play(game2, [random_agent] * 2, seed=seed)
    mid2, _ = _mid_game(game2, record2)
    return {
        "board-4p.png": draw_board(game, mid, route),
        "board-2p.png": draw_board(game2, mid2),
        "players.png": draw_panel(game, mid),
        "vp-over-game.png": charts.vp_over_game(record, game),
        "score-breakdown.png": charts.score_breakdown_chart(game, final),
        "money-flow.png": charts.money_flow(record, game),
    }
