"""Pioneers moves in plain words, each sentence citing the rule it applies.

:func:`describe` turns one applied action into log lines for a student:

>>> from toolkit.pioneers import EndPurchases
>>> from toolkit.pioneers.builder import fixture_game, stage
>>> game = fixture_game(["S-A"], start="S")
>>> before = stage(game, phase="buy", players={0: dict(money=3)})
>>> describe(game, before, EndPurchases(), game.apply(before, EndPurchases()))
['Blue ends the purchase phase (P-BUY-5).']

No widget code lives here (only the engine and the seats' colour names), so
the log can be checked without a browser.
"""

from __future__ import annotations

import re
from typing import Any

from toolkit.core import CHANCE
from toolkit.pioneers import actions as A
from toolkit.pioneers.board import SHORT
from toolkit.widgets.words import player, who

__all__ = [
    "city_name",
    "describe",
    "explain",
    "final_words",
    "label",
    "player",
    "setup_summary",
    "who",
]

#: Decision phase -> the group of buttons it belongs to in :class:`PlayApp`.
GROUPS = {
    "buy": "purchase",
    "road": "purchase",
    "move": "move",
    "settle": "settle",
    "sergeant": "settle",
    "innkeeper": "settle",
    "farmer": "settle",
    "join": "join",
}

#: Tile type -> a readable name.
TILE_WORDS = {
    "BANKER": "banker",
    "MERCHANT": "merchant",
    "SERGEANT": "sergeant",
    "INNKEEPER": "innkeeper",
    "GOLD_DIGGER": "gold digger",
    "FARMER": "farmer",
    "HOTEL": "hotel",
}


def city_name(game: Any, cid: str) -> str:
    """``"Detroit (DET)"``; fixture cities without a name are just their id."""
    b = game.board
    i = b.index.get(cid)
    if i is None:
        return cid
    name = b.names[i].split(",")[0]
    return cid if name == cid else f"{name} ({cid})"


def explain(game: Any, error: Any) -> str:
    """``"RULE: message"`` for an IllegalAction, with city ids followed by their names.

    >>> from toolkit.core import IllegalAction
    >>> from toolkit.pioneers import Pioneers
    >>> explain(
    ...     Pioneers(players=4), IllegalAction("P-MOVE-3", "cannot pass through CHI.")
    ... )
    'P-MOVE-3: cannot pass through Chicago (CHI).'
    """
    rule = getattr(error, "rule", None)
    text = getattr(error, "message", None) or str(error)
    ids = getattr(getattr(game, "board", None), "ids", ())  # only boards with cities
    named = {cid: city_name(game, cid) for cid in ids if city_name(game, cid) != cid}
    if named:
        pattern = re.compile(
            r"(?<![\w(-])(" + "|".join(map(re.escape, named)) + r")(?![\w)-])"
        )
        text = pattern.sub(lambda m: named[m[1]], text)
    return f"{rule}: {text}" if rule else text


def _money_split(pay: dict, names: dict | None) -> str:
    parts = []
    if pay.get("bank"):
        parts.append(f"${pay['bank']} to the bank")
    parts += [
        f"${v} to {who(k, names)}"
        for k, v in sorted((k, v) for k, v in pay.items() if k != "bank")
    ]
    return ", ".join(parts)


def label(game: Any, state: Any, action: Any) -> str:
    """A short button label for a legal ``action`` (e.g. ``"Move to DET ($2)"``)."""
    if isinstance(action, A.BuyRoads):
        n = action.count
        price = game._road1 if n == 1 else game._road2  # the game's prices
        return f"Buy {n} road{'s' if n > 1 else ''} (${price})"
    if isinstance(action, A.BuyWagon):
        wid = state.market[action.slot - 1]
        spec = game.wagon_specs.get(wid)
        seats = " ".join(SHORT[s] for s in spec.seats) if spec else ""
        vp = f", {spec.vp} VP" if spec else ""
        return f"Buy wagon {wid} (${action.slot}: {seats}{vp})"
    if isinstance(action, A.EndPurchases):
        return "End purchases"
    if isinstance(action, A.PlaceRoad):
        return f"Road {action.a}–{action.b}"
    if isinstance(action, A.MoveCoach):
        via = action.path[1:-1]
        route = f" via {'-'.join(via)}" if via else ""
        return f"Move to {action.target}{route} (${action.cost})"
    if isinstance(action, A.Pass):
        return "Pass (no target)"
    if isinstance(action, A.Settle):
        return f"Settle {TILE_WORDS[action.profession]} from {action.wagon}"
    if isinstance(action, A.SergeantRoad):
        return f"Free road {action.a}–{action.b}"
    if isinstance(action, A.ReturnPioneer):
        return f"Return {TILE_WORDS[action.profession]} from {action.wagon}"
    if isinstance(action, A.AddFarmer):
        return f"Add farmer from {action.wagon}"
    if isinstance(action, A.Skip):
        return "Skip"
    if isinstance(action, A.Join):
        return f"Join with {action.wagon} ($2)"
    if isinstance(action, A.Decline):
        return "Decline"
    return str(action)


def _action_line(
    game: Any, before: Any, action: Any, after: Any, names: dict | None
) -> str:
    """The sentence for the action itself (its consequences come separately)."""
    seat = before.seat
    me = who(seat, names)
    if isinstance(action, A.BuyRoads):
        n = action.count
        return (
            f"{me} buys 1 road for ${game._road1} and must place it now (P-BUY-1)."
            if n == 1
            else f"{me} buys 2 roads for ${game._road2} and must place both now "
            "(P-BUY-1)."
        )
    if isinstance(action, A.PlaceRoad):
        return (
            f"{me} places a road on {city_name(game, action.a)} – "
            f"{city_name(game, action.b)} (P-BUY-6)."
        )
    if isinstance(action, A.BuyWagon):
        wid = before.market[action.slot - 1]
        seats = len(game.wagon_specs[wid].seats)
        return (
            f"{me} buys wagon {wid} from market slot {action.slot} for ${action.slot} "
            f"and puts a pioneer on each of its {seats} seats (P-BUY-7)."
        )
    if isinstance(action, A.EndPurchases):
        return f"{me} ends the purchase phase (P-BUY-5)."
    if isinstance(action, A.MoveCoach):
        pay = game.payments(before, action.path, seat)
        cost = (
            f"for ${action.cost}: {_money_split(pay, names)}"
            if action.cost
            else "for free on their own roads"
        )
        route = " → ".join(action.path)
        return f"{me} moves the stagecoach {route} {cost} (P-MOVE-2)."
    if isinstance(action, A.Pass):
        return f"{me} cannot reach or pay for any target and passes (P-MOVE-5)."
    if isinstance(action, A.Settle):
        city = city_name(game, before.coach)
        tile = before.tile
        prof = TILE_WORDS[action.profession]
        if tile == "HOTEL":
            return (
                f"{me} places a {prof} from wagon {action.wagon} in the hotel city "
                f"{city} and receives $3 (P-SETTLE-2, P-TILE-7)."
            )
        line = (
            f"{me} settles a {prof} from wagon {action.wagon} in {city} and takes "
            f"the {TILE_WORDS[tile]} tile (P-SETTLE-1)"
        )
        pl0, pl1 = before.players[seat], after.players[seat]
        if tile == "BANKER":
            line += (
                "; income rises by $1 from the next turn (P-TILE-1)"
                if pl1.bankers > pl0.bankers
                else "; a third banker has no effect (P-TILE-1)"
            )
        elif tile == "MERCHANT":
            line += (
                "; one more purchase action from the next turn (P-TILE-2)"
                if pl1.merchants > pl0.merchants
                else "; a third merchant has no effect (P-TILE-2)"
            )
        return line + "."
    if isinstance(action, A.SergeantRoad):
        e = game.board.edge_of(action.a, action.b)
        double = (
            " next to another player's road: a double road" if before.roads[e] else ""
        )
        return (
            f"{me} places a free road on {city_name(game, action.a)} – "
            f"{city_name(game, action.b)}{double} (P-TILE-5)."
        )
    if isinstance(action, A.ReturnPioneer):
        return (
            f"{me} uses the innkeeper to return the {TILE_WORDS[action.profession]} "
            f"from wagon {action.wagon} to their supply (P-TILE-6)."
        )
    if isinstance(action, A.AddFarmer):
        return (
            f"{me} moves one more farmer from wagon {action.wagon} onto "
            f"{city_name(game, before.coach)} (P-TILE-8)."
        )
    if isinstance(action, A.Skip):
        effect = {
            "sergeant": "the free sergeant road",
            "innkeeper": "the innkeeper",
            "farmer": "more farmers",
        }.get(before.phase, "the effect")
        return f"{me} skips {effect}; such effects are optional (ASSUMPTION-18)."
    if isinstance(action, A.Join):
        return (
            f"{me} joins in {city_name(game, before.coach)} with a "
            f"{TILE_WORDS.get(before.join_need, before.join_need)} from wagon "
            f"{action.wagon}, paying $2 to {who(before.active, names)} (P-JOIN-3)."
        )
    if isinstance(action, A.Decline):
        return f"{me} declines to join (P-JOIN-2)."
    if isinstance(action, A.DrawNugget):
        return (
            f"{who(before.active, names)} draws a gold nugget; its value stays "
            "secret until the end (P-TILE-4)."
        )
    if isinstance(action, A.RevealWagon) and before.phase == "reveal":
        return f"Wagon {action.wagon} is turned face up into market slot 4 (P-BUY-8)."
    return f"{action} (chance)."


def _consequences(game: Any, before: Any, after: Any, names: dict | None) -> list[str]:
    """What followed automatically: emptied wagons, end trigger, new turn and round."""
    lines = []
    for seat, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
        was = {w.id: w.face_up for w in p0.wagons}
        for w in p1.wagons:
            if was.get(w.id) and not w.face_up:
                lines.append(
                    f"{who(seat, names)}'s wagon {w.id} is empty: +{w.vp} VP and "
                    "$1, and it is turned face down (P-WAGON-1)."
                )
    if after.end_triggered and not before.end_triggered:
        if any(p.roads_left == 0 for p in after.players):
            cause = "a player has placed all 15 roads (P-END-1a)"
        else:
            cause = "the last wagon of the deck reached the market (P-END-1b)"
        lines.append(
            f"The end is triggered: {cause}. This round is played to its end (P-END-2)."
        )
    if after.phase == "over":
        lines.append(final_words(game, after, names))
        return lines
    if after.round > before.round and before.round > 0:
        lines.append(f"Round {after.round} begins (P-FLOW-1).")
    new_turn = (
        after.phase == "buy"
        and not after.used
        and (
            after.active != before.active
            or after.round != before.round
            or before.seat == CHANCE
        )
    )
    if new_turn:
        pl = after.players[after.active]
        income = game._income + min(pl.bankers, 2)  # the game's income (P-INC-1)
        line = f"{who(after.active, names)}'s turn: income ${income} (P-INC-1)."
        if after.forced:
            line += (
                " All their wagons are empty, so their first purchase must be a"
                " wagon (P-BUY-9)."
            )
        lines.append(line)
    return lines


def final_words(game: Any, state: Any, names: dict | None = None) -> str:
    """The final scores and the winner(s) in one sentence (P-SCORE, P-SCORE-5)."""
    scores = game.scores(state)
    parts = ", ".join(f"{who(s, names)} {v} VP" for s, v in enumerate(scores))
    win = game.winners(state)
    if len(win) == 1:
        verdict = f"{who(win[0], names)} wins"
    else:
        verdict = " and ".join(who(s, names) for s in win) + " share the victory"
    return (
        f"The game is over (P-END-2). Final scores: {parts} (P-SCORE-1..4). "
        f"{verdict} (P-SCORE-5)."
    )


def describe(
    game: Any, before: Any, action: Any, after: Any, names: dict | None = None
) -> list[str]:
    """Log lines for ``action`` played in ``before`` giving ``after``.

    The first line says what was done and which rule allows it; further lines
    say what followed automatically (an emptied wagon scores, the end is
    triggered, the next player's income).
    """
    return [
        _action_line(game, before, action, after, names),
        *_consequences(game, before, after, names),
    ]


def setup_summary(game: Any, state: Any, names: dict | None = None) -> str:
    """One line for the whole set-up (the chance turns before the first decision)."""
    tiles = sum(t is not None for t in state.tiles)
    market = ", ".join(w for w in state.market if w)
    return (
        f"Set-up: {tiles} pioneer tiles on the cities (P-SETUP-4), market {market} "
        f"(P-SETUP-9), start wagons dealt and $2 each (P-SETUP-10..12); "
        f"{who(state.start_player, names)} starts (P-SETUP-6)."
    )
