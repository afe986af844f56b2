"""Bot hooks for Pioneer Days (the ``bots`` part, used by :mod:`toolkit.agents`).

- :func:`determinize` fills in what an observation hides: the values of other
  players' gold tokens and of the gold bag (drawn from the tokens the seat has
  not seen), the other players' dealt boards and hidden choices.
- :func:`evaluate` estimates every seat's final score: the score as it stands
  plus what the remaining days are worth, minus the expected disaster losses.
- :func:`greedy` is what the greedy bot maximises: own estimate minus a share
  of the others', so taking a die another player needs counts too.
- :func:`policy` is the fast playout policy (cheap rules of thumb).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toolkit.core import CHANCE

from . import actions as A
from . import effects as E
from .constants import DISASTERS, PIONEER
from .rules import PioneerDays
from .state import State


def determinize(game: PioneerDays, view: State, seat: int, rng: random.Random) -> State:
    """A full state consistent with ``view`` (hidden parts drawn with ``rng``)."""
    if view.phase == "over":
        return view
    t = game.tables()
    # gold: tokens the seat cannot see, shuffled between the hidden places
    unseen = []
    bag = game.gold_bag(view)
    for v, n in enumerate(bag):
        unseen += [v + 1] * n
    hidden = sum(1 for p in view.players for v in p.gold if v == 0) + sum(
        1 for v in view.drawn if v == 0
    )
    # tokens in others' hands are among `unseen` too; the bag is what remains
    rng.shuffle(unseen)
    players = list(view.players)
    k = 0
    for i, p in enumerate(players):
        if any(v == 0 for v in p.gold):
            known = [v for v in p.gold if v]
            fill = unseen[k : k + len(p.gold) - len(known)]
            k += len(fill)
            players[i] = p._replace(gold=tuple(sorted(known + fill)))
    drawn = view.drawn
    if any(v == 0 for v in drawn):
        fill = unseen[k : k + len(drawn)]
        k += len(fill)
        drawn = tuple(fill)
    rest = unseen[k:]
    assert k == hidden or k <= len(unseen)
    gold_bag = tuple(rest.count(v) for v in (1, 2, 3))
    # boards: others' dealt pairs and hidden choices from the boards not seen
    boards_left = view.boards_left
    if any(p.dealt and p.dealt[0] == "?" for p in players) or (
        any(p.board == "?" for p in players)
    ):
        seen = {b for p in players for b in p.dealt if b != "?"}
        pool = [b for b in t.boards if b != PIONEER and b not in seen]
        rng.shuffle(pool)
        for i, p in enumerate(players):
            if p.dealt and p.dealt[0] == "?":
                dealt = tuple(pool[: len(p.dealt)])
                pool = pool[len(p.dealt) :]
                board = p.board
                if board == "?":
                    board = rng.choice([PIONEER, *dealt])
                players[i] = p._replace(dealt=dealt, board=board)
        boards_left = tuple(b for b in t.boards if b in pool)
    elif not boards_left and view.phase == "board":
        boards_left = game._unseen_boards(view)
    return view._replace(
        players=tuple(players), gold_bag=gold_bag, drawn=drawn, boards_left=boards_left
    )


# -------------------------------------------------------------- evaluation


def _days_left(game: PioneerDays, state: State) -> int:
    """Days still to play (PD-WEEK-2/3, the game's ``days`` and ``weeks``)."""
    if state.phase == "over":
        return 0
    days = game.days
    return max(0, game.weeks * days - ((state.week - 1) * days + state.day))


def disaster_risk(game: PioneerDays, state: State) -> tuple[float, ...]:
    """Chance that each disaster strikes before the next day ends, roughly:
    the share of its colour (and black) among the dice still to come.
    """
    length = game.options["track_length"]
    t = game.tables()
    out = []
    left = sum(state.bag) + len(state.pool)
    for i, d in enumerate(DISASTERS):
        colour = t.disaster_colour[d]
        c = list(t.dice).index(colour)
        share = (state.bag[c] + state.bag[4] + 2) / (left + 5) if state.bag else 0.4
        need = length - state.tracks[i]
        out.append(min(1.0, share / max(need, 1)))
    return tuple(out)


def expected_losses(game: PioneerDays, state: State, seat: int) -> float:
    """VP a player expects to lose to the disasters about to strike (a rough
    price for holdings left unprotected: PD-DIS-3..6).
    """
    t = game.tables()
    p = state.players[seat]
    risk = disaster_risk(game, state)
    storm = sum(1 for size, d in p.wagons if size - 2 * d > 0)
    storm = max(0, storm - E.storm_spares(t, p) - p.wood) * 2.0
    raid = E.raid_loss(t, p, game.options["raid_rounding"]) * 0.3
    paid, lost = E.famine(t, p)
    famine = paid * 0.3 + lost * 1.5
    folk = len(p.townsfolk) - E.exemptions(t, p) - p.medicine
    disease = max(0, folk) * 2.5
    return sum(r * x for r, x in zip(risk, (storm, raid, famine, disease), strict=True))


def evaluate(game: PioneerDays, state: State) -> tuple[float, ...]:
    """Estimated final score per seat."""
    scores = game.scores(state)
    if state.phase == "over":
        return tuple(float(s) for s in scores)
    left = _days_left(game, state)
    weeks_left = game.weeks - state.week + (1 if state.day < game.days else 0)
    out = []
    for seat, s in enumerate(scores):
        p = state.players[seat]
        future = left * 1.2 + p.cattle * max(weeks_left - 1, 0) * 0.8 + p.silver * 0.15
        # townsfolk grow with what their owner collects; medicine keeps them
        future += len(p.townsfolk) * min(1.0, left / 10) * 1.5 + p.medicine * 0.3
        out.append(s + future - expected_losses(game, state, seat))
    return tuple(out)


def greedy(game: PioneerDays, state: State, seat: int) -> float:
    """Own estimate minus a third of the others' mean (chance averaged once)."""
    if game.to_move(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        return sum(p * _value(game, game.apply(state, a), seat) for a, p in outcomes)
    return _value(game, state, seat)


def _value(game: PioneerDays, state: State, seat: int) -> float:
    values = evaluate(game, state)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - sum(others) / max(len(others), 1) / 3


_USE_ORDER = (A.Recruit, A.Act, A.Income)


def policy(game: PioneerDays, state: State, legal: Sequence[Any], rng: random.Random):
    """Fast playout moves: fulfil town cards, recruit or act, never over-buy."""
    first = legal[0]
    if state.phase == "town":
        return first  # a Fulfil when there is one (Done is last)
    if state.phase == "use":
        plain = [a for a in legal if not isinstance(a, (A.Change, A.Buy))]
        return plain[rng.randrange(len(plain))]
    if state.phase == "end":
        return legal[-1] if rng.random() < 0.8 else legal[rng.randrange(len(legal))]
    if state.phase in ("storm", "disease"):
        return first  # protect: wood/exempt/pay come first
    return legal[rng.randrange(len(legal))]


__all__ = [
    "determinize",
    "disaster_risk",
    "evaluate",
    "expected_losses",
    "greedy",
    "policy",
]
