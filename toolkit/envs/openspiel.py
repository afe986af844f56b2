"""OpenSpiel games for every game with an encoding (chance turns are chance nodes).

Imports OpenSpiel (the ``rl`` extra) when imported, so
:func:`toolkit.envs.register_openspiel` imports this module only when called.

The parameters of ``frontier_<name>`` come from the game class's ``defaults``
(over them the encoder's ``openspiel_defaults``), plus ``players`` and
``reward``. OpenSpiel parameters are bools, whole numbers, floats or strings:
an option whose default is anything else (``None``, a mapping, ...) is not a
parameter, so it keeps the engine's default there (use
:func:`toolkit.envs.pettingzoo_env` or the engine to set it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from toolkit.core import CHANCE, IllegalAction, make_game
from toolkit.envs.common import check_reward, game_class, needs, rewards
from toolkit.envs.encoding import encoder_class, missing_encoding

pyspiel = needs("pyspiel", "toolkit.envs.register_openspiel")

#: Parameters every ``frontier_<name>`` game has besides the game's options.
BASE_PARAMETERS = ("players", "reward")

#: Games of :data:`toolkit.GAMES` that :func:`register` left out, with the reason.
SKIPPED: dict[str, str] = {}

#: The registered game classes, by OpenSpiel name.
_SPIEL_GAMES: dict[str, type] = {}


def parameters(cls: type) -> dict[str, Any]:
    """The OpenSpiel parameters of a game class, with their defaults.

    ``players`` defaults to 4 within the game's player counts; ``reward`` to
    ``"score"``; then every option of ``cls.defaults`` (updated with the
    encoder's ``openspiel_defaults``) that OpenSpiel can carry (see the module
    docstring).
    """
    spec: dict[str, Any] = {
        "players": min(max(4, cls.min_players), cls.max_players),
        "reward": "score",
    }
    options = {**cls.defaults, **encoder_class(cls).openspiel_defaults}
    for key, value in options.items():
        if key in spec:
            raise ValueError(f"{cls.__name__} option {key!r} clashes with a parameter")
        if isinstance(value, bool | int | float | str):
            spec[key] = value
    return spec


class _Frozen:
    """Holds an immutable engine state; OpenSpiel's deep copies share it."""

    __slots__ = ("s",)

    def __init__(self, s: Any) -> None:
        self.s = s

    def __deepcopy__(self, memo: dict) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return self.s

    def __setstate__(self, s: Any) -> None:
        self.s = s


def _spiel_type(name: str, cls: type, spec: dict, zero_sum: bool) -> Any:
    """The OpenSpiel GameType of a game (zero-sum with ``reward="relative"``)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"frontier_{name}",
        long_name=f"frontier-toolkit {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def _load(short_name: str, params: dict[str, Any]) -> Any:
    """Unpickle a game: register the games, then load it by name."""
    register()
    return pyspiel.load_game(short_name, params)


class FrontierSpielGame(pyspiel.Game):
    """A frontier-toolkit game for OpenSpiel (chance turns are chance nodes).

    :func:`register` makes one subclass per game, which sets ``game_name`` and
    ``game_type``; OpenSpiel creates the game by calling that class.
    """

    game_name: str = ""
    game_type: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name, game_type = self.game_name, self.game_type
        spec = dict(game_type.parameter_specification)
        params = {**spec, **(params or {})}
        players = int(params["players"])
        self.reward_scheme = check_reward(str(params["reward"]))
        opts = {k: params[k] for k in spec if k not in BASE_PARAMETERS}
        self.engine = make_game(name, players, **opts)
        self.encoder = encoder_class(self.engine)(self.engine)
        enc = self.encoder
        relative = self.reward_scheme == "relative"
        span = enc.max_score - enc.min_score  # relative rewards lie within +-span
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=enc.num_chance,
            num_players=players,
            min_utility=-span if relative else enc.min_score,
            max_utility=span if relative else enc.max_score,
            utility_sum=0.0 if relative else None,
            max_game_length=enc.max_game_length,
        )
        if relative:  # scores minus their mean: a zero-sum game
            game_type = _spiel_type(name, type(self.engine), spec, zero_sum=True)
        super().__init__(game_type, info, params)
        self.initial = self.engine.setup()

    def __reduce__(self) -> Any:
        """Pickle by name and parameters (the per-game subclass is made at run time)."""
        return _load, (f"frontier_{self.game_name}", self.get_parameters())

    def new_initial_state(self) -> Any:
        """The state after ``setup()``."""
        return FrontierSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """An observer of what ``observe`` shows one seat (the only kind offered)."""
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "frontier games provide observations only (what game.observe "
                "shows a seat): no perfect-recall information states and no "
                "public-only views"
            )
        return FrontierObserver(self, params)


class FrontierSpielState(pyspiel.State):
    """An OpenSpiel state holding one immutable engine state."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._frozen = _Frozen(game.initial)

    @property
    def engine_state(self) -> Any:
        """The engine's state (a full state: nothing is redacted)."""
        return self._frozen.s

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player id."""
        seat = self.get_game().engine.to_move(self._frozen.s)
        if seat is None:
            return pyspiel.PlayerId.TERMINAL
        if seat == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.get_game().encoder.legal(self._frozen.s))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance node's ``(index, probability)`` pairs, by index."""
        return [(i, p) for i, _, p in self.get_game().encoder.chance(self._frozen.s)]

    def _apply_action(self, action: int) -> None:
        game = self.get_game()
        s = self._frozen.s
        if game.engine.to_move(s) == CHANCE:
            chosen = {i: a for i, a, _ in game.encoder.chance(s)}.get(action)
        else:
            chosen = game.encoder.legal(s).get(action)
        if chosen is None:
            raise IllegalAction("ACTION-MASK", f"action {action} is not legal now")
        self._frozen = _Frozen(game.engine.apply(s, chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        enc = self.get_game().encoder
        if player == pyspiel.PlayerId.CHANCE:
            return enc.chance_labels[action]
        if player == self.current_player():
            chosen = enc.legal(self._frozen.s).get(action)
            if chosen is not None:
                return str(chosen)
        return enc.action_labels[action]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.get_game().engine.to_move(self._frozen.s) is None

    def returns(self) -> list[float]:
        """The final rewards once the game is over, zeros before."""
        game = self.get_game()
        s = self._frozen.s
        if game.engine.to_move(s) is not None:
            return [0.0] * game.engine.players
        return rewards(game.engine.scores(s), game.reward_scheme)

    def __str__(self) -> str:
        """The engine state's repr."""
        return repr(self._frozen.s)


class FrontierObserver:
    """OpenSpiel observer: the encoder's vector of ``observe(state, player)``."""

    def __init__(self, game: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self._engine = game.engine
        self._encoder = game.encoder
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = game.encoder.split(self.tensor)

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with the encoded observation of ``player``."""
        obs = self._engine.observe(state.engine_state, player)
        self.tensor[:] = self._encoder.encode(obs, player)

    def string_from(self, state: Any, player: int) -> str:
        """The repr of what ``observe`` shows ``player``."""
        return repr(self._engine.observe(state.engine_state, player))


def register(names: Sequence[str] | None = None) -> list[str]:
    """Register games with OpenSpiel (see :func:`toolkit.envs.register_openspiel`)."""
    from toolkit import GAMES

    if names is None:
        names = []
        for name in sorted(GAMES):
            reason = missing_encoding(game_class(name))
            if reason is None:
                names.append(name)
            else:
                SKIPPED[name] = reason
    done = []
    known = set(pyspiel.registered_names())
    for name in names:
        cls = game_class(name)
        encoder_class(cls)  # a clear error for a game without an encoding
        short = f"frontier_{name}"
        done.append(short)
        if short in known:
            continue
        game_type = _spiel_type(name, cls, parameters(cls), zero_sum=False)
        # A class, not a closure, is registered: OpenSpiel keeps the creator until
        # the process exits, and a closure freed after Python shut down aborts it.
        _SPIEL_GAMES[short] = creator = type(
            f"FrontierSpielGame_{name}",
            (FrontierSpielGame,),
            {"game_name": name, "game_type": game_type, "__module__": __name__},
        )
        pyspiel.register_game(game_type, creator)
    return done
