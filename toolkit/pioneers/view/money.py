"""Who paid whom in a recorded Pioneers game (the money-flow chart's data)."""

from __future__ import annotations

from typing import Any

# --------------------------------------------------------------------------- money


def money_flows(record: Any, game: Any = None) -> list[dict]:
    """Every payment of a recorded game: ``{"payer", "kind", "receiver", "amount"}``.

    ``payer``/``receiver`` are seats or ``"bank"``; ``kind`` is one of "tolls"
    (stagecoach steps, P-MOVE-2), "joining" ($2 to the active player, P-JOIN-3),
    "roads" and "wagons" (purchases, P-BUY), "income" (P-INC), "start money",
    and "hotels & bonuses" (hotel $3, $ for an emptied wagon). Amounts add up to
    each player's change of money, action by action.
    """
    from toolkit.core import make_game, replay_states
    from toolkit.pioneers import actions as A
    from toolkit.pioneers.rules import INCOME, ROAD_PRICE

    if game is None:
        game = make_game(record.game, record.players, **record.options)
    states = list(replay_states(record, game))
    flows: dict[tuple, int] = {}

    def add(payer: Any, kind: str, receiver: Any, amount: int) -> None:
        if amount > 0:
            key = (payer, kind, receiver)
            flows[key] = flows.get(key, 0) + amount

    for text, before, after in zip(record.actions, states, states[1:]):
        action = game.parse_action(text)
        n = len(before.players)
        residual = [after.players[s].money - before.players[s].money for s in range(n)]
        if isinstance(action, A.MoveCoach):
            payer = before.active
            for who, amount in game.payments(before, action.path, payer).items():
                add(payer, "tolls", who, amount)
                residual[payer] += amount
                if who != "bank":
                    residual[who] -= amount
        elif isinstance(action, A.Join):
            add(before.seat, "joining", before.active, 2)
            residual[before.seat] += 2
            residual[before.active] -= 2
        elif isinstance(action, (A.BuyRoads, A.BuyWagon)):
            price = (
                ROAD_PRICE[action.count]
                if isinstance(action, A.BuyRoads)
                else action.slot
            )
            add(
                before.active,
                "roads" if isinstance(action, A.BuyRoads) else "wagons",
                "bank",
                price,
            )
            residual[before.active] += price
        new_turn = (
            after.phase == "buy"
            and not after.used
            and (after.round, after.active) != (before.round, before.active)
        )
        if new_turn and residual[after.active] > 0:
            pl = after.players[after.active]
            income = min(residual[after.active], INCOME + min(pl.bankers, 2))
            add("bank", "income", after.active, income)
            residual[after.active] -= income
        kind = "start money" if isinstance(action, A.DealStart) else "hotels & bonuses"
        for s in range(n):
            if residual[s] > 0:
                add("bank", kind, s, residual[s])
            elif residual[s] < 0:
                add(s, "other", "bank", -residual[s])
    return [
        {"payer": p, "kind": k, "receiver": r, "amount": v}
        for (p, k, r), v in sorted(flows.items(), key=lambda kv: str(kv[0]))
    ]
