"""Many games in lockstep: a batched environment for training loops (numpy only).

:class:`VectorEnv` holds ``num_envs`` games of one kind and steps them all at
once: one action index per game, for whichever seat is to move in it (one policy
plays every seat, as in self-play). Its arrays are preallocated and updated in
place: each seat's observation vector is kept by a
:class:`~toolkit.envs.encoding.Tracker`, so a step re-encodes only what changed.

::

    import numpy as np
    from toolkit.envs.vector import VectorEnv

    venv = VectorEnv(name, 64, seed=1)  # name: a key of toolkit.GAMES
    obs, mask, seat = venv.reset()
    rng = np.random.default_rng(0)
    for _ in range(1000):
        actions = venv.sample_actions(rng)  # or your policy's choices under ``mask``
        obs, mask, seat, rewards, done = venv.step(actions)

After ``reset`` and after every ``step``:

- ``obs[i]`` (float32, ``encoder.size``) is the encoded observation of game
  ``i`` for the seat to move, ``seat[i]``: exactly ``encoder.encode(game.observe(
  state, seat[i]), seat[i])``, so it hides what ``observe`` hides;
- ``mask[i]`` (int8, ``encoder.num_actions``) marks that seat's legal indices;
- ``rewards[i]`` (float32, one column per seat) is zero, except when game ``i``
  ended in this step: then it holds the final rewards (``reward="score"``: the
  scores; ``"relative"``: minus their mean) and ``done[i]`` is True. A finished
  game is started again at once (its next deal from its own chance stream), so
  ``obs[i]`` is then the first observation of the new game.

The returned arrays are the environment's own and are overwritten by the next
step: copy what you keep. Chance turns are drawn from one stream per game,
seeded from ``seed``, so the same seed and actions give the same games.
A game ends when the engine says so; ``max_steps`` (per game, default none)
truncates a long one: it is scored like a finished one and ``truncated[i]``
(an attribute) says so.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from toolkit.core import CHANCE, IllegalAction, make_game, sample_outcome
from toolkit.envs.common import check_reward, rewards
from toolkit.envs.encoding import encoder_class
from toolkit.envs.tracking import mask_bytes

__all__ = ["VectorEnv"]


class VectorEnv:
    """``num_envs`` games stepped in lockstep (see the module docstring).

    Parameters
    ----------
    game : str or game
        A name in :data:`toolkit.GAMES` (then ``players`` and ``options`` make
        it) or a game object; it needs an encoding part.
    num_envs : int
        Games stepped together (1 to 4096).
    players : int
        Seats per game when ``game`` is a name.
    seed : int, optional
        Seeds every game's chance stream (``reset(seed=)`` reseeds).
    reward : "score" or "relative"
        The final reward scheme (:mod:`toolkit.envs`).
    max_steps : int, optional
        Decisions after which a game is cut off (truncated) and restarted.
    **options
        Game options for :func:`toolkit.core.make_game`.
    """

    def __init__(
        self,
        game: Any,
        num_envs: int,
        players: int = 4,
        seed: int | None = None,
        reward: str = "score",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        if isinstance(game, str):
            game = make_game(game, players, **options)
        elif options:
            raise TypeError("game options go with a game name, not with a game object")
        if type(num_envs) is not int or not 1 <= num_envs <= 4096:
            raise ValueError(
                f"num_envs must be a whole number from 1 to 4096, not {num_envs!r}"
            )
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(
                f"max_steps must be a positive whole number or None, not {max_steps!r}"
            )
        self.game = game
        self.num_envs = num_envs
        self.players = game.players
        self.encoder = enc = encoder_class(game)(game)
        self.reward_scheme = check_reward(reward)
        self.max_steps = max_steps
        self._seed = seed
        n, P = num_envs, game.players
        self.observations = np.zeros((n, enc.size), dtype=np.float32)
        # the masks live in one bytearray, written a game's row at a time as
        # bytes (cheaper than numpy's indexing from Python lists)
        self._width = A = enc.num_actions
        self._mask_bytes = bytearray(n * A)
        self.action_masks = np.frombuffer(self._mask_bytes, dtype=np.int8).reshape(n, A)
        self._rows = list(self.observations)  # one view per game, made once
        self.seats = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, P), dtype=np.float32)
        self.dones = np.zeros(n, dtype=bool)
        self.truncated = np.zeros(n, dtype=bool)
        self.episodes = np.zeros(n, dtype=np.int64)  # games finished, per slot
        self._trackers = [enc.trackers() for _ in range(n)]
        self._states: list[Any] = [None] * n
        self._legal: list[dict[int, Any]] = [{}] * n
        self._steps = [0] * n
        self._rngs: list[random.Random] = []

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["action_masks"], state["_rows"]  # views: made again on unpickling
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.action_masks = np.frombuffer(self._mask_bytes, dtype=np.int8).reshape(
            self.num_envs, self._width
        )
        self._rows = list(self.observations)

    @property
    def states(self) -> list[Any]:
        """The engine state of every game (full states: for analysis, not for agents)."""
        return list(self._states)

    def reset(
        self, seed: int | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start every game afresh; return ``(obs, mask, seat)``."""
        if seed is not None:
            self._seed = seed
        base = self._seed
        self._rngs = [
            random.Random() if base is None else random.Random(f"{base}:{i}:chance")
            for i in range(self.num_envs)
        ]
        self.episodes[:] = 0
        self.rewards[:] = 0.0
        self.dones[:] = False
        self.truncated[:] = False
        for i in range(self.num_envs):
            self._start(i)
        return self.observations, self.action_masks, self.seats

    def _start(self, i: int) -> None:
        self._steps[i] = 0
        self._settle(i, self.game.setup())

    def _settle(self, i: int, state: Any) -> None:
        """Resolve chance; then end (and restart) the game, or encode the mover's view."""
        game, rng = self.game, self._rngs[i]
        to_move = game.to_move
        seat = to_move(state)
        while seat == CHANCE:
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
            seat = to_move(state)
        cut = self.max_steps is not None and self._steps[i] >= self.max_steps
        if seat is None or cut:
            self.rewards[i] = rewards(game.scores(state), self.reward_scheme)
            self.dones[i] = True
            self.truncated[i] = seat is not None
            self.episodes[i] += 1
            self._start(i)
            return
        self._states[i] = state
        self.seats[i] = seat
        self._trackers[i][seat].write(game.observe(state, seat), self._rows[i])
        legal = self.encoder.legal_from(game.legal_actions(state))
        self._legal[i] = legal
        width = self._width
        self._mask_bytes[i * width : (i + 1) * width] = mask_bytes(legal, width)

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play ``actions[i]`` in game ``i``; return ``(obs, mask, seat, rewards, done)``.

        An index that is not legal in its game raises
        :class:`~toolkit.core.IllegalAction` (``ACTION-MASK``) before any game
        moves.
        """
        if not self._rngs:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions).reshape(-1)
        if chosen.shape[0] != self.num_envs or not np.issubdtype(
            chosen.dtype, np.integer
        ):
            raise ValueError(
                f"step takes {self.num_envs} whole action indices, got {np.asarray(actions)!r}"
            )
        picked = []
        for i, index in enumerate(chosen.tolist()):
            action = self._legal[i].get(index)
            if action is None:
                labels = self.encoder.action_labels
                what = labels[index] if 0 <= index < len(labels) else "out of range"
                raise IllegalAction(
                    "ACTION-MASK",
                    f"game {i}: action {index} ({what}) is not legal for seat "
                    f"{self.seats[i]} now; legal: {sorted(self._legal[i])}",
                )
            picked.append(action)
        self.rewards[:] = 0.0
        self.dones[:] = False
        self.truncated[:] = False
        apply = self.game.apply
        for i, action in enumerate(picked):
            self._steps[i] += 1
            self._settle(i, apply(self._states[i], action))
        return (
            self.observations,
            self.action_masks,
            self.seats,
            self.rewards,
            self.dones,
        )

    def sample_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal index per game (from the masks)."""
        legals = self._legal
        # one draw for all games: the same numbers as one draw per game in turn
        picks = rng.integers(0, [len(legal) for legal in legals]).tolist()
        return np.array(
            [list(legal)[k] for legal, k in zip(legals, picks)], dtype=np.int64
        )
