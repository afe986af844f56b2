"""Board drawing speed: full figure build, in-place widget update, layout, charts.

Run: ``python benchmarks/viz_speed.py [--players 4] [--seed 1] [--updates 100]``

Measured on the positions of a seeded random-agent game:

- *layout (first draw)*: the one-off board layout (projection, spreading the
  cities, placing labels), cached per board for the rest of the process;
- *full build*: ``toolkit.viz.draw(game, state)`` -> ``go.Figure`` (layout cached);
- *full build (widget)*: the same as a ``go.FigureWidget``;
- *update*: ``toolkit.viz.update(widget, game, state)`` on an existing
  ``FigureWidget`` after each move (what a lesson does after a click); the
  target is well under 150 ms;
- *board data*: the position -> trace data step alone;
- charts from the game's record.
"""

from __future__ import annotations

import argparse
import statistics
import time


def _ms(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (
        f"median {statistics.median(times) * 1000:7.1f} ms   p90 {p90 * 1000:7.1f} ms   "
        f"max {times[-1] * 1000:7.1f} ms   (n={len(times)})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--updates", type=int, default=100)
    ap.add_argument("--builds", type=int, default=20)
    args = ap.parse_args()

    t0 = time.perf_counter()
    import plotly.graph_objects as go

    from toolkit import pioneers, viz
    from toolkit.core import play, random_agent, replay_states
    from toolkit.pioneers import view as board
    from toolkit.viz import charts

    t_import = time.perf_counter() - t0
    game = pioneers.Pioneers(players=args.players)
    _, record = play(game, [random_agent] * args.players, seed=args.seed)
    states = [s for s in replay_states(record, game) if game.to_move(s) != -1]
    print(
        f"Pioneers, {args.players} players, seed {args.seed}: {len(record.actions)} actions, "
        f"{len(states)} decision states"
    )
    print(f"import plotly + toolkit.viz          {t_import * 1000:7.1f} ms")

    t = time.perf_counter()
    board.board_layout(game.board)
    print(
        f"layout (first draw, then cached)     {(time.perf_counter() - t) * 1000:7.1f} ms"
    )

    picks = [
        states[round(k * (len(states) - 1) / (args.builds - 1))]
        for k in range(args.builds)
    ]
    times = []
    for s in picks:
        t = time.perf_counter()
        viz.draw(game, s)
        times.append(time.perf_counter() - t)
    print(f"full build  go.Figure                {_ms(times)}")
    times = []
    for s in picks:
        t = time.perf_counter()
        viz.draw(game, s, widget=True)
        times.append(time.perf_counter() - t)
    print(f"full build  go.FigureWidget          {_ms(times)}")

    widget = viz.draw(game, states[0], widget=True)
    assert isinstance(widget, go.FigureWidget)
    seq = states[1 : args.updates + 1]
    times = []
    for s in seq:
        t = time.perf_counter()
        viz.update(widget, game, s)
        times.append(time.perf_counter() - t)
    print(f"update      FigureWidget in place    {_ms(times)}")
    moves = [s for s in states if s.phase == "move" and game.moves(s)][: args.updates]
    times = []
    for s in moves:
        route = game.moves(s)[0]
        t = time.perf_counter()
        viz.update(widget, game, s, route=route)
        times.append(time.perf_counter() - t)
    print(f"update      with a route highlighted {_ms(times)}")
    times = []
    for s in seq:
        t = time.perf_counter()
        board.board_data(game, s)
        times.append(time.perf_counter() - t)
    print(f"board data  (position -> traces)     {_ms(times)}")

    for name, fn in (
        ("panel", lambda: viz.panel(game, states[len(states) // 2])),
        ("vp_over_game", lambda: charts.vp_over_game(record, game)),
        ("money_flow", lambda: charts.money_flow(record, game)),
        ("replay_animation", lambda: charts.replay_animation(record, game)),
    ):
        t = time.perf_counter()
        fig = fn()
        extra = f", {len(fig.frames)} frames" if fig.frames else ""
        print(f"{name:<36} {(time.perf_counter() - t) * 1000:7.1f} ms{extra}")


if __name__ == "__main__":
    main()
