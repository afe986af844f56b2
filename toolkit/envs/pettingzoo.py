"""The PettingZoo AEC environment of a game with an encoding.

Imports PettingZoo and gymnasium (the ``rl`` extra) when imported, so
:func:`toolkit.envs.pettingzoo_env` imports this module only when called.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np

from toolkit.core import CHANCE, IllegalAction, sample_outcome
from toolkit.envs.common import check_reward, needs, rewards
from toolkit.envs.encoding import encoder_class
from toolkit.envs.tracking import mask_bytes

#: The mask's dtype as a dtype object: ``np.frombuffer`` converts a scalar
#: type (``np.int8``) to it on every call, about half the call's cost.
_INT8 = np.dtype(np.int8)
#: ``np.frombuffer`` read once: numpy's module has a ``__getattr__``, so the
#: interpreter does not specialise ``np.<name>`` (a generic look-up per call).
_frombuffer = np.frombuffer

_pettingzoo = needs("pettingzoo", "toolkit.envs.pettingzoo_env")
_spaces = needs("gymnasium.spaces", "toolkit.envs.pettingzoo_env")


class FrontierAEC(_pettingzoo.AECEnv):
    """A frontier-toolkit game as a PettingZoo AEC environment.

    Agents are ``player_0`` .. ``player_{P-1}`` (the seats). Observations are
    ``{"observation": float32 vector, "action_mask": int8 vector}`` (see
    :mod:`toolkit.envs` for the encodings); the mask is all zeros for an agent
    that is not to move. The agent to move also finds its legal indices, in
    order, as a list in ``infos[agent]["legal_actions"]`` (the indices the mask
    marks; Catanatron's environment gives its ``valid_actions`` so); every other
    agent's info is an empty dict. Chance turns are drawn from the environment's own
    stream: ``reset(seed=s)`` seeds it like :func:`toolkit.core.play` with
    seed ``s``, so the same decisions give the same game as ``play``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "frontier_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Any,
        seed: int | None = None,
        reward: str = "score",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.encoder = encoder_class(game)(game)
        self.reward_scheme = check_reward(reward)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"frontier_{game.name}_v0")
        self.possible_agents = [f"player_{i}" for i in range(game.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._agent_of = tuple(self.possible_agents)
        enc = self.encoder
        self.observation_spaces = {
            a: _spaces.Dict(
                {
                    "observation": _spaces.Box(0.0, enc.high, dtype=np.float32),
                    "action_mask": _spaces.Box(0, 1, (enc.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: _spaces.Discrete(enc.num_actions) for a in self.possible_agents
        }
        self._seed = seed
        self._rng: random.Random | None = None
        self.engine_state: Any = None
        self._to_move: int | None = None
        self._legal: dict[int, Any] = {}  # the mover's legal map (set with the state)
        self._keys: list[int] = []  # its indices (the mask's)
        # one tracker per seat: its vector is updated, not rebuilt, each turn
        # (the public parts once for all seats)
        self._trackers = enc.trackers()
        self._num_actions = enc.num_actions

    def observation_space(self, agent: str) -> Any:
        """The observation space of an agent (a Dict of observation and mask)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of an agent (one index per encoded action)."""
        return self.action_spaces[agent]

    # -- life cycle

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; ``seed`` reseeds the chance stream.

        ``options`` is part of the AEC API and unused: game options go to the
        constructor.
        """
        if seed is not None:
            self._rng = random.Random(f"{seed}:chance")
        elif self._rng is None:
            self._rng = (
                random.Random()
                if self._seed is None
                else random.Random(f"{self._seed}:chance")
            )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._informed: str | None = None  # the agent whose infos list its actions
        self._rewarded = False
        self._set_state(self.game.setup())
        self.agent_selection = self._agent_of[self._to_move or 0]

    def _set_state(self, state: Any) -> None:
        """Resolve chance turns, then note who moves and its legal map (or end the game)."""
        game = self.game
        to_move = game.to_move
        seat = to_move(state)
        while seat == CHANCE:
            state = game.apply(
                state, sample_outcome(game.chance_outcomes(state), self._rng)
            )
            seat = to_move(state)
        self.engine_state = state
        self._to_move = seat
        # infos: the mover's legal indices (as Catanatron's info["valid_actions"]),
        # an empty dict for every other agent
        infos, was = self.infos, self._informed
        if was is not None and was in infos:
            infos[was] = {}
        if seat is not None:
            legal = self._legal = self.encoder.legal_from(game.legal_actions(state))
            agent = self._informed = self._agent_of[seat]
            keys = self._keys = list(legal)
            infos[agent] = {"legal_actions": keys.copy()}  # the caller's to change
        else:  # the game is over: final rewards
            self._legal = {}
            self._keys = []
            self._informed = None
            finals = rewards(game.scores(state), self.reward_scheme)
            for a in self.agents:
                self.rewards[a] = finals[self._seat[a]]
                self.terminations[a] = True
            self._rewarded = True

    def legal(self) -> dict[int, Any]:
        """Legal action indices of the agent to move, mapped to engine actions."""
        return self._legal

    def step(self, action: Any) -> None:
        """Play the selected agent's action index (``None`` for a finished agent)."""
        if self.engine_state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            self._rewarded = False  # _was_dead_step cleared the rewards
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for finished agents")
        index = int(action)
        legal = self._legal
        chosen = legal.get(index)
        if chosen is None:
            labels = self.encoder.action_labels
            what = labels[index] if 0 <= index < len(labels) else "out of range"
            listed = ", ".join(f"{i} ({labels[i]})" for i in legal)
            raise IllegalAction(
                "ACTION-MASK",
                f"action {index} ({what}) is not legal for {agent} now; legal: {listed}",
            )
        self._cumulative_rewards[agent] = 0.0
        # rewards are all zero but at the end of a game: cleared and added up
        # only when some were given (the same dictionaries as the usual
        # _clear_rewards / _accumulate_rewards on every step)
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._set_state(self.game.apply(self.engine_state, chosen))
        if self._to_move is not None:
            self.agent_selection = self._agent_of[self._to_move]
        if self._rewarded:
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's encoded observation and action mask (new arrays, the caller's)."""
        seat = self._seat[agent]
        # the tracker and the mask make new arrays: nothing is copied
        vector = self._trackers[seat].write(
            self.game.observe(self.engine_state, seat), None
        )
        if self._to_move == seat:
            mask = mask_bytes(self._keys, self._num_actions)
        else:
            mask = bytearray(self._num_actions)  # zeros: not to move
        return {"observation": vector, "action_mask": _frombuffer(mask, _INT8)}

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIter:
        """Yield the agent to act (``agent_selection``) while agents are left,
        at most ``max_iter`` times (as PettingZoo's ``agent_iter``).
        """
        return _AgentIter(self, max_iter)

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the
        selected agent (as PettingZoo's ``last``).
        """
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def render(self) -> str | None:
        """A short text of the position (``render_mode="ansi"``), else ``None``.

        The text shows only what one seat may see: it is computed from
        ``game.observe(state, seat)`` for the seat of ``agent_selection`` (the
        agent whose turn it is; once the game is over, the agent selected last),
        never from the full state, so hidden information (cards, face-down
        points) stays hidden. The legal actions listed are that agent's own
        (its action mask), and only while it is to move.
        """
        if self.render_mode is None:
            return None
        s, game = self.engine_state, self.game
        if s is None:
            return "(not reset)"
        seat = self._seat[self.agent_selection]
        view = game.observe(s, seat)
        progress = game.progress(view)
        lines = [
            f"{game!r}  round={progress.round}  active={progress.active}  "
            f"scores={list(game.scores(view))}  (as player_{seat} sees it)"
        ]
        if self._to_move == seat:
            legal = ", ".join(str(a) for a in self.legal().values())
            lines.append(f"player_{seat} to move: {legal}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if "_keys" not in state:  # pickled before the env kept its legal indices
            self._keys = list(self._legal)


class _AgentIter:
    """What :meth:`FrontierAEC.agent_iter` returns: PettingZoo's ``AECIterable``,
    iterated by a generator (resumed on each step, no method call of its own).
    """

    def __init__(self, env: FrontierAEC, max_iter: int) -> None:
        self.env, self.max_iter = env, max_iter

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection
