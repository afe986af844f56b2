"""Race's encoding part: fixed action, chance and observation spaces.

Actions: ``bank`` 0, ``roll`` 1. Chance: the three cards, then the six faces.
Observation (all from ``observe``): scores, the turn total, the seat to move
and the active seat one-hot, the round, and the own card one-hot (a hidden
card is all zeros).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from toolkit.envs.encoding import EncoderBase, Layout, Part

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
        # the base's encode and trackers build the vector from these parts
        self.set_parts(
            [
                Part(attrgetter("score"), self._fill_scores),
                Part(attrgetter("total", "round", "active"), self._fill_turn),
                Part(attrgetter("cards"), self._fill_card),
            ]
        )

    def action_index(self, action: Any) -> int:
        return self.action_labels.index(action)

    def _fill_scores(self, observation: Any, seat: int) -> tuple[list[int], list]:
        k = self._offset["score"]
        idx = [k + i for i, x in enumerate(observation.score) if x]
        return idx, [float(min(observation.score[i - k], _CAP)) for i in idx]

    def _fill_turn(self, observation: Any, seat: int) -> tuple[list[int], list]:
        o = self._offset
        idx, val = [], []
        if observation.total:
            idx.append(o["total"])
            val.append(float(min(observation.total, _CAP)))
        if observation.round:
            idx += [o["active"] + observation.active, o["round"]]
            val += [1.0, float(observation.round)]
        return idx, val

    def _fill_card(self, observation: Any, seat: int) -> tuple[list[int], float]:
        card = observation.cards[seat]
        return ([] if card is None else [self._offset["card"] + card]), 1.0
