"""Reinforcement-learning adapters: PettingZoo and OpenSpiel for games with an encoding.

Two entry points, both driven by the game's *encoder* (its ``encoding`` part):

- :func:`pettingzoo_env` returns a PettingZoo AEC environment with action
  masks, fixed observation and action spaces and rewards from the final scores.
  Chance turns are resolved inside the environment with its seeded stream.
- :func:`register_openspiel` registers each game with OpenSpiel as a Python game
  named ``frontier_<name>``, with chance turns as chance nodes and observation
  tensors built from ``observe``.

A PettingZoo loop, for any name in :data:`toolkit.GAMES` with an encoding::

    from toolkit.envs import pettingzoo_env

    env = pettingzoo_env(name, players=3, seed=1)
    env.reset()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The agent to move also finds its legal indices, as a list, in
``info["legal_actions"]`` (other agents' infos are empty).

The peers live in the optional ``rl`` extra (``pip install -e '.[rl]'``):
``pettingzoo``, ``gymnasium`` and ``open_spiel``. They are imported only when an
adapter is built (:mod:`toolkit.envs.pettingzoo`, :mod:`toolkit.envs.openspiel`);
the encoders (:func:`encoder`) need numpy only.

Layering: this package reaches a game through the protocol and its
``encoding`` part (:func:`toolkit.core.part`); :mod:`toolkit.core` and the
engines never import it.

Encodings
---------
An encoder turns the protocol's objects into fixed-size arrays (the contract a
game's encoding part meets is in :mod:`toolkit.envs.encoding`):

- **actions**: every decision a seat can take gets one index in
  ``range(encoder.num_actions)``; ``encoder.legal(state)`` maps the legal
  indices to the engine's actions; ``encoder.action_labels[i]`` names index i.
- **chance outcomes**: one index per possible outcome in
  ``range(encoder.num_chance)`` (OpenSpiel chance actions).
- **observations**: ``encoder.encode(game.observe(state, seat), seat)`` is a
  float32 vector of ``encoder.size`` entries, all whole numbers between 0 and
  ``encoder.high``. It is computed from the observation only, so it hides
  exactly what ``observe`` hides. ``encoder.segments`` names its parts,
  ``encoder.split(vector)`` returns them as named, reshaped views and
  ``encoder.describe()`` lists the layout (each game's encoding part documents
  its own).

For training loops, :class:`toolkit.envs.vector.VectorEnv` (numpy only) steps
many games of one kind in lockstep, one policy acting for the seat to move in
each, with preallocated observation, mask and reward arrays::

    from toolkit.envs import VectorEnv

    venv = VectorEnv(name, 64, players=3, seed=1)
    obs, mask, seat = venv.reset()
    obs, mask, seat, rewards, done = venv.step(venv.sample_actions(rng))

Speed: the adapters keep one :class:`~toolkit.envs.encoding.Tracker` per seat,
which re-encodes only the parts of an observation that changed since that
seat's last turn (an encoder that describes its vector in
:class:`~toolkit.envs.encoding.Part` s; see :mod:`toolkit.envs.encoding`).

A game without an encoding part has no adapters: :func:`encoder` and
:func:`pettingzoo_env` raise a ValueError that names the part to write, and
:func:`register_openspiel` leaves it out (the reason is in
:data:`toolkit.envs.openspiel.SKIPPED`).

Rewards are 0 until the game ends, then ``reward="score"`` (default) gives
each seat its final score (``game.scores``), and ``reward="relative"`` its score
minus the mean score (a zero-sum signal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.core import make_game
from toolkit.envs.common import REWARDS
from toolkit.envs.encoding import (
    ActionTable,
    EncoderBase,
    Layout,
    Part,
    Tracker,
    encoder,
    encoder_class,
    missing_encoding,
)
from toolkit.envs.vector import VectorEnv

__all__ = [
    "REWARDS",
    "ActionTable",
    "EncoderBase",
    "Layout",
    "Part",
    "Tracker",
    "VectorEnv",
    "encoder",
    "encoder_class",
    "missing_encoding",
    "pettingzoo_env",
    "register_openspiel",
]


def pettingzoo_env(
    game: Any,
    players: int = 4,
    seed: int | None = None,
    reward: str = "score",
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment (:class:`toolkit.envs.pettingzoo.FrontierAEC`).

    Parameters
    ----------
    game : str or game
        A name in :data:`toolkit.GAMES`, or a game object (then ``players`` and
        ``options`` are its own); the game needs an encoding part.
    players : int
        Number of seats; agents are ``player_0`` ...
    seed : int, optional
        Seeds the chance stream for a ``reset()`` without a seed; ``reset(seed=s)``
        reseeds it. Without any seed the stream comes from the OS.
    reward : "score" or "relative"
        Final reward per agent: its score, or its score minus the mean score.
    render_mode : None or "ansi"
        ``"ansi"``: ``render()`` returns a short text of the position.
    **options
        Game options passed to :func:`toolkit.core.make_game`.
    """
    if isinstance(game, str):
        game = make_game(game, players, **options)
    elif options:
        raise TypeError("game options go with a game name, not with a game object")
    encoder_class(game)  # the missing part is named before the extra is needed
    from toolkit.envs.pettingzoo import FrontierAEC

    return FrontierAEC(game, seed=seed, reward=reward, render_mode=render_mode)


def register_openspiel(names: Sequence[str] | None = None) -> list[str]:
    """Register games with OpenSpiel as ``frontier_<name>``; return the names.

    Registers every game of :data:`toolkit.GAMES` with an encoding part (those
    without one are left out, the reason in
    :data:`toolkit.envs.openspiel.SKIPPED`), or the games in ``names`` (each must
    have one). Registering again is a no-op. Load with
    ``pyspiel.load_game(f"frontier_{name}", {"players": 3})``. Parameters:
    ``players`` (default 4, within the game's player counts), ``reward``
    (``"score"`` or ``"relative"``) and the game's options, with defaults from
    its class's ``defaults`` (:func:`toolkit.envs.openspiel.parameters` says
    which options OpenSpiel can carry).
    """
    from toolkit.envs.openspiel import register

    return register(names)
