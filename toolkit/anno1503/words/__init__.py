"""What the play apps say about Anno 1503: log, buttons, players table, result.

``WORDS`` (an :class:`AnnoWords`) is this game's ``words`` part
(:func:`toolkit.widgets.words.words_for`); the names it uses are in :mod:`.text`.

>>> from toolkit.anno1503 import Anno1503, First
>>> game = Anno1503(players=2)
>>> s0 = game.setup()
>>> for line in WORDS.lines(game, s0, First(1), game.apply(s0, First(1)), {}):
...     print(line)
Red wins the roll for the starting player and begins (A-SETUP-10).
Turn 1: Red rolls for production next (A-TURN-1).

Hidden information stays hidden: an explored card's face is never written in
the log (only the explorer sees it, on the board drawn for their seat and on
their "use card" buttons), and a card the Pirates draw is named only by its back.
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from toolkit.anno1503 import actions as A
from toolkit.anno1503.constants import (
    CONDITIONS_TO_WIN,
    NEXT_LEVEL,
    UPGRADE_RULE,
)
from toolkit.anno1503.tables import GOODS
from toolkit.widgets.words import GameWords, who

from .text import (
    ACTION_GROUP,
    CONDITION_WORDS,
    EVENT_RULES,
    EVENT_WORDS,
    LEVEL_SHORT,
    PHASE_GROUP,
    PHASE_WORDS,
    card_words,
    goods_text,
    looked_card,
    pos_text,
)

__all__ = ["WORDS", "AnnoWords", "card_words"]


class AnnoWords(GameWords):
    """Anno 1503: sentences citing ``A-*`` rules; buttons grouped by turn phase."""

    spec = "the Anno 1503 specification"
    typed_example = "or type an action, e.g. sail 1 2,3 or sell STONE+CLOTH"
    board_clicks = False
    rules: ClassVar[dict[str, str]] = {
        "over": "A-WIN-3",
        "chance": "A-TURN-1",
        "turn": "A-TURN-1",
        "route": "BOARD",
    }
    groups = (
        ("production", "1 · Production & events"),
        ("build", "2a · Place & upgrade"),
        ("trade", "2b · Buy & sell"),
        ("sea", "3 · Ships"),
        ("end", "End of turn"),
    )
    hints: ClassVar[dict[str, str]] = {
        "production": (
            "The roll gives every player a good; a 6 is an event (A-PROD, A-EVENT)."
        ),
        "build": ("Build a ship, place a Pioneer, upgrade (A-BUILD, A-PLACE, A-UPG)."),
        "trade": "Once per turn: one sale and one purchase (A-SELL-1, A-BUY-1).",
        "sea": "Sail and explore islands with the action points left (A-SHIP, A-EXPL).",
        "end": "End the turn; then discard down to 5 goods (A-HAND-1).",
    }

    # ----- the log --------------------------------------------------------------------

    def lines(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> list[str]:
        """Log lines: the action citing its rule, then what followed."""
        return [
            self.action_line(game, before, action, after, names),
            *self.consequences(game, before, after, names),
        ]

    def action_line(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> str:
        """The sentence for the action itself, citing its rule."""
        seat = game.to_move(before)
        me = who(seat, names) if isinstance(seat, int) and seat >= 0 else ""
        active = who(before.active, names) if before.active >= 0 else ""
        if isinstance(action, A.First):
            return (
                f"{who(action.seat, names)} wins the roll for the starting player "
                "and begins (A-SETUP-10)."
            )
        if isinstance(action, A.Roll):
            if action.face == 6:
                return (
                    f"{active} rolls a 6 for production: nobody gets goods, "
                    "an event follows (A-PROD-5)."
                )
            return (
                f"{active} rolls {action.face} for production: every player takes "
                f"the good their island shows for {action.face} (A-PROD-2)."
            )
        if isinstance(action, A.EventRoll):
            event = after.event
            return (
                f"The event die shows {action.face}: {EVENT_WORDS.get(event, event)} "
                f"for every player (A-EVENT-1, {EVENT_RULES.get(event, 'A-EVENT-1')})."
            )
        if isinstance(action, A.Take):
            if before.queue and before.queue[0][0] == "golden":
                return f"{me} takes {action.good} in the Golden Age (A-EVENT-4)."
            return (
                f"{me} chooses {action.good} from the production roll "
                "(A-PROD-3, A-PROD-4)."
            )
        if isinstance(action, A.TakeNothing):
            if before.queue and before.queue[0][0] == "golden":
                return f"{me} takes no good in the Golden Age (A-EVENT-4)."
            return f"{me} takes no good for the '?' on the roll (A-PROD-3)."
        if isinstance(action, A.Remove):
            what = (
                f"the branch office on bridge {action.bridge}"
                if action.bridge
                else f"trade contract {action.contract}"
            )
            return f"{me} gives {what} to the Pirates (A-EVENT-2)."
        if isinstance(action, A.BuildShip):
            return (
                f"{me} builds a ship for 1 CLOTH + 1 WOOD + 1 TOOLS; it starts on "
                "the start space (A-BUILD-1)."
            )
        if isinstance(action, A.PlacePioneer):
            space = len(after.players[seat].residents)
            line = (
                f"{me} places a Pioneer on resident space {space} "
                "for 1 WOOD + 1 TOOLS (A-PLACE-1)"
            )
            if action.building:
                building = action.building.replace("_", " ").title()
                line += f" and takes the {building} free (A-PB-1)"
            return line + "."
        if isinstance(action, A.Upgrade):
            old = before.players[seat].residents[action.space - 1]
            new = NEXT_LEVEL.get(old, "?")
            return (
                f"{me} upgrades the {old.title()} on space {action.space} to a "
                f"{new.title()} ({UPGRADE_RULE.get(old, 'A-UPG-1')})."
            )
        if isinstance(action, A.Sell):
            gain = after.players[seat].gold - before.players[seat].gold
            return (
                f"{me} sells {goods_text(action.goods)} to their residents "
                f"for {gain} gold (A-SELL-1)."
            )
        if isinstance(action, A.Buy):
            paid = before.players[seat].gold - after.players[seat].gold
            return f"{me} buys {action.good} for {paid} gold (A-BUY-1)."
        if isinstance(action, A.Raid):
            return (
                f"{me} pays 2 gold and uses the Big Branch Office against "
                f"{who(action.target, names)}: a random card changes hands (A-PB-6)."
            )
        if isinstance(action, A.Steal):
            return (
                f"The Big Branch Office draws {action.good} from "
                f"{who(before.target, names)}'s hand for {active} (A-PB-6)."
            )
        if isinstance(action, A.Sail):
            ship = action.ship - 1
            had = (  # the first sail of a turn starts phase 3 with full AP
                before.ap[ship] if before.phase == "sea" else game.full_ap(before, seat)
            )
            cost = f" ({had - after.ap[ship]} AP, {after.ap[ship]} left)"
            to = pos_text(action.to)
            return f"{me} sails ship {action.ship} to {to}{cost} (A-SHIP-3)."
        if isinstance(action, A.Explore):
            return (
                f"{me}'s ship {action.ship} explores the island at "
                f"{pos_text(action.island)} and looks at its top card secretly "
                "(A-EXPL-1)."
            )
        if isinstance(action, A.Reveal):
            return f"{active} looks at the card; only they see its face (A-EXPL-1)."
        if isinstance(action, A.ReturnCard):
            return f"{me} puts the card back face down (A-EXPL-2)."
        if isinstance(action, A.UseCard):
            card = card_words(looked_card(before))
            where = (
                f" on bridge {action.bridge}"
                if action.bridge
                else (
                    f" on the resident on space {action.space}" if action.space else ""
                )
            )
            return (
                f"{me} uses {card}{where}; the ship returns to the supply "
                "(A-EXPL-2, A-ISL-1..4)."
            )
        if isinstance(action, A.EndTurn):
            return f"{me} ends the turn (A-TURN-1)."
        if isinstance(action, A.Discard):
            return f"{me} discards {action.good} to keep to the limit of 5 (A-HAND-1)."
        if isinstance(action, A.Draw):
            return (
                f"The Pirates put a reserve card (back {action.code[-1]}) face down on "
                "the farthest island (A-EVENT-2, ASSUMPTION-6)."
            )
        return f"{me or 'Chance'}: {action}."

    def consequences(
        self, game: Any, before: Any, after: Any, names: dict
    ) -> list[str]:
        """What changed for each seat (gold, goods, residents, conditions); the turn."""
        lines = []
        for seat, (p0, p1) in enumerate(
            zip(before.players, after.players, strict=True)
        ):
            parts = []
            if p1.gold != p0.gold:
                parts.append(f"{p1.gold - p0.gold:+d} gold (now {p1.gold})")
            for g, a, b in zip(GOODS, p0.hand, p1.hand, strict=True):
                if a != b:
                    parts.append(f"{b - a:+d} {g}")
            if len(p1.residents) < len(p0.residents):
                parts.append(
                    f"{len(p0.residents) - len(p1.residents)} resident(s) lost"
                )
            lost = sum(1 for o in p0.offices if o) - sum(1 for o in p1.offices if o)
            if lost > 0:
                parts.append(f"{lost} branch office(s) lost")
            if len(p1.contracts) < len(p0.contracts):
                parts.append("a trade contract lost")
            if parts:
                lines.append(f"{who(seat, names)}: {', '.join(parts)}.")
            c0, c1 = (
                set(game.conditions(before, seat)),
                set(game.conditions(after, seat)),
            )
            n = len(c1)
            for c in sorted(c1 - c0):
                lines.append(
                    f"{who(seat, names)} now meets {c} ({CONDITION_WORDS[c]}): "
                    f"{n} of {CONDITIONS_TO_WIN} victory conditions (A-WIN-1)."
                )
            for c in sorted(c0 - c1):
                lines.append(
                    f"{who(seat, names)} no longer meets {c} "
                    f"({CONDITION_WORDS[c]}) (A-WIN-2)."
                )
        if after.phase == "over":
            lines.append(self.final_words(game, after, names))
        elif after.turn != before.turn:
            lines.append(
                f"Turn {after.turn}: {who(after.active, names)} rolls for production "
                "next (A-TURN-1)."
            )
        return lines

    def final_words(self, game: Any, state: Any, names: dict | None = None) -> str:
        """The result: the winner and their conditions, or the stop after max_turns."""
        met = "; ".join(
            f"{who(s, names)} {len(game.conditions(state, s))} "
            f"({', '.join(game.conditions(state, s)) or 'none'})"
            for s in range(game.players)
        )
        if state.winner is not None:
            return (
                f"{who(state.winner, names)} meets a third victory condition in their "
                f"own turn and wins (A-WIN-3). Conditions met: {met}."
            )
        return (
            f"The game stops after {state.turn} turns (the max_turns option) "
            f"without a winner. Conditions met: {met}."
        )

    # ----- buttons --------------------------------------------------------------------

    def label(self, game: Any, state: Any, action: Any) -> str:
        """A short button label (e.g. ``"Ship 1 → 2,3"``)."""
        if isinstance(action, A.Take):
            return f"Take {action.good}"
        if isinstance(action, A.TakeNothing):
            return "Take nothing"
        if isinstance(action, A.Remove):
            return (
                f"Give up office on bridge {action.bridge}"
                if action.bridge
                else f"Give up contract {action.contract}"
            )
        if isinstance(action, A.BuildShip):
            return "Build a ship (CLOTH+WOOD+TOOLS)"
        if isinstance(action, A.PlacePioneer):
            b = action.building.replace("_", " ").title()
            return f"Place Pioneer + {b}" if b else "Place Pioneer (WOOD+TOOLS)"
        if isinstance(action, A.Upgrade):
            old = state.players[state.active].residents[action.space - 1]
            return (
                f"Upgrade {old.title()} on {action.space} → {NEXT_LEVEL[old].title()}"
            )
        if isinstance(action, A.Sell):
            return f"Sell {goods_text(action.goods)}"
        if isinstance(action, A.Buy):
            return f"Buy {action.good} ({game.buy_price(state, state.active)} gold)"
        if isinstance(action, A.Raid):
            return f"Raid {who(action.target)} (2 gold)"
        if isinstance(action, A.Sail):
            return f"Ship {action.ship} → {pos_text(action.to)}"
        if isinstance(action, A.Explore):
            return f"Ship {action.ship} explores {pos_text(action.island)}"
        if isinstance(action, A.ReturnCard):
            return "Put the card back"
        if isinstance(action, A.UseCard):
            card = card_words(looked_card(state))
            where = (
                f" on bridge {action.bridge}"
                if action.bridge
                else (f" on space {action.space}" if action.space else "")
            )
            return f"Use {card}{where}"
        if isinstance(action, A.EndTurn):
            return "End turn"
        if isinstance(action, A.Discard):
            return f"Discard {action.good}"
        return str(action)

    def group(self, game: Any, state: Any, action: Any) -> str:
        """The turn phase the action belongs to (:data:`ACTION_GROUP`)."""
        return ACTION_GROUP.get(type(action), state.phase)

    def current_group(self, game: Any, state: Any) -> str | None:
        """The group of the phase being played (:data:`PHASE_GROUP`)."""
        return PHASE_GROUP.get(state.phase)

    def group_note(self, session: Any, key: str) -> str | None:
        """Show the roll (production group) or the ships' AP left (sea group)."""
        state = session.state
        if key == "production" and state.roll and not session.over:
            event = EVENT_WORDS.get(state.event, "")
            return (
                f"This turn's roll: {state.roll}"
                + (f" ({event})" if event else "")
                + "."
            )
        if key == "sea" and state.phase in ("sea", "look") and not session.over:
            return f"Action points left: ship 1 {state.ap[0]}, ship 2 {state.ap[1]}."
        return None

    def pick_list(self, action: Any) -> bool:
        """Sales and sails can be many: a dropdown past ``MAX_BUTTONS``."""
        return isinstance(action, (A.Sell, A.Sail))

    def picker_text(self) -> tuple[str, str]:
        """The dropdown's prompt and button label."""
        return "Many choices; pick one:", "Play choice"

    # ----- bots and the board ---------------------------------------------------------

    def board_seat(self, session: Any) -> int | None:
        """The single human's view (their explored cards face up, others' hidden)."""
        if len(session.humans) == 1 and not session.over:
            return next(iter(session.humans))
        return None

    def board_click_message(self, game: Any) -> str:
        """The board takes no clicks: what to press instead."""
        return (
            "the Anno 1503 board is not clickable: press an action button (ships "
            "sail with the '3 · Ships' buttons), or type an action such as "
            "'sail 1 2,3'."
        )

    # ----- status and result ----------------------------------------------------------

    def status(self, session: Any) -> str:
        """Turn, seat and what to do; or the winner (A-WIN-3)."""
        s = session
        state = s.state
        if s.over:
            if state.winner is None:
                return f"Game over after {state.turn} turns: no winner (max_turns)"
            return f"Game over: {s.names[state.winner]} wins (A-WIN-3)"
        seat = s.to_move
        if not isinstance(seat, int) or seat < 0:
            return f"Turn {state.turn}: chance turn"
        me = s.names[seat] + (
            " (you)" if seat in s.humans and len(s.humans) == 1 else ""
        )
        if state.phase == "resolve":
            kind = state.queue[0][0]
            doing = {
                "produce": "choose a good from the roll",
                "golden": "choose a Golden Age good",
                "pirates": "give up an island card to the Pirates",
            }.get(kind, kind)
        else:
            doing = PHASE_WORDS.get(state.phase, state.phase)
        return f"Turn {state.turn} · {me} to {doing}"

    def players_html(self, session: Any) -> str:
        """Gold, goods, residents, buildings, island cards, ships, conditions."""
        game, state = session.game, session.state
        rows = []
        for seat, p in enumerate(state.players):
            kind = (
                "you"
                if seat in session.humans and len(session.humans) == 1
                else (
                    "human"
                    if seat in session.humans
                    else f"{session.bots[seat][1]} bot"
                )
            )
            from toolkit.viz import theme as T

            turn = "▶ " if seat == session.to_move else ""
            hand = " ".join(f"{g}×{n}" for g, n in zip(GOODS, p.hand, strict=True) if n)
            residents = "".join(LEVEL_SHORT.get(r, "?") for r in p.residents)
            buildings = ", ".join(b.replace("_", " ").title() for b in p.buildings if b)
            offices = ", ".join(o[3:-2] for o in p.offices if o)
            ships = ", ".join(
                f"{i + 1}@{pos_text(pos)}"
                for i, pos in enumerate(p.ships)
                if pos is not None
            )
            met = game.conditions(state, seat)
            rows.append(
                f"<tr><td>{turn}<span style='color:{T.player_colour(seat)}'>■</span> "
                f"{html.escape(session.names[seat])} <small>({kind})</small></td>"
                f"<td>{p.gold}</td><td>{sum(p.hand)}: {hand or '–'}</td>"
                f"<td style='font-family:monospace'>{residents}</td>"
                f"<td>{buildings or '–'}</td><td>{offices or '–'}</td>"
                f"<td>{len(p.contracts)}</td><td>{ships or '–'}</td>"
                f"<td>{len(met)}/{CONDITIONS_TO_WIN}: {', '.join(met) or '–'}</td></tr>"
            )
        head = (
            "<tr><th>player</th><th>gold</th><th>goods (limit 5)</th>"
            "<th>residents (P/S/C/M)</th><th>buildings</th><th>branch offices</th>"
            "<th>contracts</th><th>ships</th><th>victory conditions</th></tr>"
        )
        supply = " · ".join(
            f"{g} {n}" for g, n in zip(GOODS, state.supply, strict=True)
        )
        goals = ", ".join(f"{k} {v}" for k, v in CONDITION_WORDS.items())
        return (
            "<table class='frontier-players' "
            "style='border-collapse:collapse;font-size:13px'>"
            f"{head}{''.join(rows)}</table>"
            f"<div style='font-size:12px'>Supply: {supply} · "
            f"buildings on display: {len(state.display)} · "
            f"to win, 3 of: {goals} (A-WIN-1)</div>"
        )

    def final(self, session: Any) -> list:
        """The winner with everyone's victory conditions, and the home islands."""
        import ipywidgets as W

        from toolkit import viz
        from toolkit.viz.figurewidget import FigureWidget

        game, state = session.game, session.state
        rows = "".join(
            f"<tr><td>{html.escape(session.names[s])}</td><td>{len(met)}</td>"
            f"<td>{', '.join(f'{c} ({CONDITION_WORDS[c]})' for c in met) or '-'}</td>"
            "</tr>"
            for s, met in enumerate(
                game.conditions(state, seat) for seat in range(game.players)
            )
        )
        text = (
            f"<b>{html.escape(self.status(session))}</b>"
            "<table class='frontier-result' style='font-size:13px'>"
            "<tr><th>player</th><th>conditions</th><th>which</th></tr>"
            f"{rows}</table>"
        )
        panel = FigureWidget(viz.panel(game, state, width=760))
        return [W.HTML(text), panel]


WORDS = AnnoWords()
