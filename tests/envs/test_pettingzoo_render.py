"""PettingZoo ``render()`` shows one seat's observation, never the full state.

Issue 15: the ansi text printed every player's true score, including the points
the rules hide from the other players (Pioneers: other players' nuggets, hidden
by ``observe``). What is checked, for every game of toolkit.GAMES with an
encoding, at every decision of seeded random games: the rendered text equals the
text computed from ``game.observe(state, seat)`` for the seat of
``agent_selection``, and whenever the true scores differ from the scores that
seat sees, the true ones are not in the text. For Pioneers such positions must
occur (a rival holds a nugget), or the test would prove nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolkit import GAMES
from toolkit.envs import missing_encoding, pettingzoo_env
from toolkit.envs.common import game_class

pytest.importorskip(
    "pettingzoo", reason="pettingzoo is not installed: the rl extra is absent"
)

#: Random Anno 1503 play rarely reaches a win: cap its games (a rule option).
OPTIONS = {"anno1503": {"max_turns": 12}}
#: Games whose hidden information changes the visible scores, so that the test
#: must meet a position where the true scores are hidden.
HIDDEN_SCORES = {"pioneers"}


def expected_text(env) -> str:
    """The render text computed from the observation of the selected agent alone."""
    game, state = env.game, env.engine_state
    seat = env.possible_agents.index(env.agent_selection)
    view = game.observe(state, seat)
    p = game.progress(view)
    lines = [
        f"{game!r}  round={p.round}  active={p.active}  "
        f"scores={list(game.scores(view))}  (as player_{seat} sees it)"
    ]
    if game.to_move(state) == seat:
        # in the order of the action mask (encoded index), as the agent sees them
        actions = sorted(
            game.legal_actions(view), key=lambda a: env.encoder.index_in(view, a)
        )
        legal = ", ".join(str(a) for a in actions)
        lines.append(f"player_{seat} to move: {legal}")
    return "\n".join(lines)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_render_shows_only_the_observation_of_the_agent_to_move(name):
    if missing_encoding(game_class(name)) is not None:
        pytest.skip(f"{name} has no encoding, so no PettingZoo environment")
    hidden = 0
    for players in (2, 3, 4):
        cls = game_class(name)
        if not cls.min_players <= players <= cls.max_players:
            continue
        env = pettingzoo_env(
            name, players=players, render_mode="ansi", **OPTIONS.get(name, {})
        )
        env.reset(seed=players)
        rng = np.random.default_rng(players)
        for agent in env.agent_iter(max_iter=400):
            text = env.render()
            game, state = env.game, env.engine_state
            seat = env.possible_agents.index(agent)
            true = list(game.scores(state))
            if true != list(game.scores(game.observe(state, seat))):
                hidden += 1
                assert f"scores={true}" not in text, "a hidden score is shown"
            assert text == expected_text(env)
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert env.render() == expected_text(env)  # once over, too
    if name in HIDDEN_SCORES:
        assert hidden > 0, f"no {name} position hid a score: the test proves nothing"


def test_render_is_none_without_a_render_mode():
    name = next(n for n in sorted(GAMES) if missing_encoding(game_class(n)) is None)
    env = pettingzoo_env(name, players=2)
    env.reset(seed=0)
    assert env.render() is None
