"""Race's encoding part: fixed action, chance and observation spaces.

Actions: ``bank`` 0, ``roll`` 1. Chance: the three cards, then the six faces.
Observation (all from ``observe``): scores, the turn total, the seat to move
and the active seat one-hot, the round, and the own card one-hot (a hidden
card is all zeros).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from toolkit.envs.encoding import EncoderBase, Layout

from . import CARDS, DIE, Race

_CAP = 99


class Encoder(EncoderBase):
    """The encoder of :class:`~toolkit.toy.Race`."""

    def __init__(self, game: Race) -> None:
        self.game, self.players = game, game.players
        self.action_labels = ("bank", "roll")
        self.chance_labels = (
            *(f"card {v}" for v, _ in CARDS),
            *(f"die {f}" for f in DIE),
        )
        self._chance_index = {label: i for i, label in enumerate(self.chance_labels)}
        self.max_score = float(game.options["target"] + 6 + max(v for v, _ in CARDS))
        # every turn ends within 2 * (target / 2) decisions and rolls
        self.max_game_length = (
            game.players * game.options["max_rounds"] * (2 * game.options["target"] + 2)
            + game.players
        )
        lay = Layout()
        lay.add("score", (game.players,), _CAP, "banked points per seat (capped)")
        lay.add("total", (1,), _CAP, "the turn total")
        lay.add("active", (game.players,), 1, "one-hot: whose turn it is")
        lay.add("round", (1,), game.options["max_rounds"], "rounds started")
        lay.add(
            "card", (len(CARDS),), 1, "one-hot: the own bonus card (zeros if unseen)"
        )
        self.set_layout(lay)

    def action_index(self, action: Any) -> int:
        return self.action_labels.index(action)

    def encode(self, observation: Any, seat: int) -> np.ndarray:
        v = np.zeros(self.size, dtype=np.float32)
        o = self._offset
        for i, s in enumerate(observation.score):
            v[o["score"] + i] = min(s, _CAP)
        v[o["total"]] = min(observation.total, _CAP)
        if observation.round:
            v[o["active"] + observation.active] = 1
        v[o["round"]] = observation.round
        card = observation.cards[seat]
        if card is not None:
            v[o["card"] + card] = 1
        return v
