"""What the play apps say about Pioneer Days: log, buttons, status, players table.

``WORDS`` (a :class:`PioneerDaysWords`) is this game's ``words`` part
(:func:`toolkit.widgets.words.words_for`).

>>> from toolkit.pioneer_days import PioneerDays, First
>>> game = PioneerDays(players=2)
>>> s0 = game.setup()
>>> WORDS.lines(game, s0, First(1), game.apply(s0, First(1)), {})
['Red gets the start-player token (PD-SETUP-1).']

Hidden information stays hidden: the log never names the value of a gold token
drawn, kept, paid or discarded, nor a board dealt or chosen before everyone
has chosen (PD-STORE-5, ASSUMPTION-25).
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from toolkit.pioneer_days import actions as A
from toolkit.pioneer_days import effects as E
from toolkit.pioneer_days.constants import DISASTERS
from toolkit.pioneer_days.rules import tables
from toolkit.widgets.words import GameWords, who

__all__ = ["WORDS", "PioneerDaysWords"]

DISASTER_WORDS = {
    "STORM": ("A Storm", "PD-DIS-3"),
    "RAID": ("A Raid", "PD-DIS-4"),
    "FAMINE": ("A Famine", "PD-DIS-5"),
    "DISEASE": ("Disease", "PD-DIS-6"),
}
_GROUP = {
    A.Choose: "setup",
    A.Take: "die",
    A.Change: "use",
    A.Income: "use",
    A.Act: "use",
    A.Recruit: "use",
    A.Gain: "card",
    A.Pick: "card",
    A.Keep: "card",
    A.Buy: "wagons",
    A.EndTurn: "wagons",
    A.Discard: "store",
    A.Storm: "disaster",
    A.Disease: "disaster",
    A.Fulfil: "town",
    A.Done: "town",
}


def _folk(card: str) -> str:
    return f"{tables().folk[card].name} ({card})"


def _tile(tile: str) -> str:
    return f"{tables().equipment[tile].name} ({tile})"


class PioneerDaysWords(GameWords):
    """Pioneer Days in the apps' words."""

    spec = "the Pioneer Days spec (PD-*)"
    typed_example = "or type e.g. 'take red CATTLE', 'act WOOD', 'end turn'"
    rules: ClassVar[dict[str, str]] = {
        "over": "PD-END-1",
        "chance": "PD-DAY-1",
        "turn": "PD-DAY-2",
        "route": "PD-TURN-4",
    }
    groups = (
        ("setup", "Player board"),
        ("die", "Take a die"),
        ("use", "Use the die"),
        ("card", "Card effects"),
        ("wagons", "Wagons and end of turn"),
        ("store", "Discard what does not fit"),
        ("disaster", "Disaster"),
        ("town", "Town visit"),
    )
    hints: ClassVar[dict[str, str]] = {
        "die": "Each die's colour moves a disaster track if nobody takes it.",
        "use": "Income, the face's action, or the townsfolk in its slot.",
        "town": "Fulfil each town card at most once, for favors.",
    }

    # ----- the log --------------------------------------------------------------

    def lines(
        self, game: Any, before: Any, action: Any, after: Any, names: dict
    ) -> list[str]:
        """Log lines for ``action`` played in ``before`` giving ``after``."""
        seat = before.active
        me = who(seat, names) if seat >= 0 else ""
        out = [self._line(game, before, action, me, names)]
        if after.week > before.week:
            out.append(f"Week {after.week} begins (PD-WEEK-1).")
        for i, d in enumerate(DISASTERS):
            if after.strikes[i] > before.strikes[i]:
                text, rule = DISASTER_WORDS[d]
                out.append(f"{text} strikes every player ({rule}).")
        if after.phase == "over" and before.phase != "over":
            win = " and ".join(who(w, names) for w in game.winners(after))
            out.append(f"The game is over: {win} wins (PD-END-3).")
        return [line for line in out if line]

    def _line(self, game: Any, s: Any, a: Any, me: str, names: dict) -> str:
        if isinstance(a, A.First):
            return f"{who(a.seat, names)} gets the start-player token (PD-SETUP-1)."
        if isinstance(a, A.Deal):
            return f"{_folk(a.card)} joins the town's slots (PD-SETUP-4)."
        if isinstance(a, A.Reveal):
            tc = tables().town[a.card]
            return f"Town card {tc.name} ({a.card}) is turned up (PD-SETUP-5)."
        if isinstance(a, A.DealBoard):
            return "A player board is dealt face down (PD-SETUP-6)."
        if isinstance(a, A.Stock):
            return f"{_tile(a.tile)} comes off the equipment stack (PD-SETUP-7)."
        if isinstance(a, A.Roll):
            return f"A {a.colour} die rolls {a.face} (PD-DAY-1)."
        if isinstance(a, A.Gold):
            return f"{me} draws a gold token, face down (PD-ACT-2)."
        if isinstance(a, A.Choose):
            return f"{me} chooses a board side, hidden until all have (PD-SETUP-6)."
        if isinstance(a, A.Take):
            return f"{me} takes the {a.colour} {a.face} die (PD-TURN-1)."
        if isinstance(a, A.Change):
            return f"{me} pays to turn the die to {a.face} (PD-TURN-3)."
        if isinstance(a, A.Income):
            return f"{me} takes ${game.tables().income[s.face]} income (PD-INCOME-1)."
        if isinstance(a, A.Act):
            what = {
                "MINE": "mines for gold",
                "CATTLE": "adds a cattle",
                "WOOD": "takes a wood",
                "MEDICINE": "takes a medicine",
            }.get(a.kind, f"takes {_tile(a.tile)}" if a.tile else "finds no equipment")
            return f"{me} {what} (PD-ACT)."
        if isinstance(a, A.Recruit):
            return (
                f"{me} recruits {_folk(s.slots[_face_index(s.face)])} (PD-RECRUIT-1)."
            )
        if isinstance(a, A.Gain):
            return f"{me}'s Trapper gives a {a.item} (A12)."
        if isinstance(a, A.Pick):
            return f"{me}'s Quartermaster takes {_tile(a.tile)} (B6)."
        if isinstance(a, A.Keep):
            return f"{me} keeps one token and returns the other (PB2 Assayer)."
        if isinstance(a, A.Buy):
            return f"{me} buys a {a.size} wagon (PD-WAGON-1)."
        if isinstance(a, A.EndTurn):
            return f"{me} ends the turn (PD-TURN-6)."
        if isinstance(a, A.Discard):
            item = (
                "a gold token"
                if a.item.startswith("gold")
                else (_tile(a.item) if a.item.startswith("E") else f"a {a.item}")
            )
            return f"{me} discards {item} that does not fit (PD-STORE-3)."
        if isinstance(a, A.Storm):
            what = {
                "wood": "pays a wood for a wagon",
                "silver": "pays $2 for a wagon",
                "damage": "takes a damage token on a wagon",
                "spare": "shelters a wagon",
            }[a.choice]
            return f"{me} {what} in the Storm (PD-DIS-3)."
        if isinstance(a, A.Disease):
            what = {"exempt": "keeps", "pay": "pays a medicine for", "discard": "loses"}
            return f"{me} {what[a.choice]} {_folk(a.card)} (PD-DIS-6)."
        if isinstance(a, A.Fulfil):
            tc = tables().town[a.card]
            return f"{me} fulfils {tc.name} for {tc.favors} favors (PD-TOWN-3)."
        if isinstance(a, A.Done):
            return f"{me} is done in town (PD-TOWN-3)."
        return f"{me}: {a}"

    # ----- buttons ----------------------------------------------------------------

    def label(self, game: Any, state: Any, action: Any) -> str:
        """A short button label."""
        if isinstance(action, A.Act) and action.tile:
            return f"EQUIP {tables().equipment[action.tile].name}"
        if isinstance(action, A.Recruit):
            card = state.slots[_face_index(state.face)]
            return f"recruit {tables().folk[card].name}"
        if isinstance(action, A.Disease):
            return f"{action.choice} {tables().folk[action.card].name}"
        if isinstance(action, A.Fulfil):
            return str(action).replace("fulfil ", "")
        return str(action)

    def group(self, game: Any, state: Any, action: Any) -> str:
        """The button group of an action."""
        return _GROUP.get(type(action), "actions")

    def current_group(self, game: Any, state: Any) -> str | None:
        """The group of the decision being taken."""
        return {
            "choose": "setup",
            "take": "die",
            "use": "use",
            "gain": "card",
            "pick": "card",
            "keep": "card",
            "end": "wagons",
            "discard": "store",
            "storm": "disaster",
            "disease": "disaster",
            "town": "town",
        }.get(state.phase)

    def board_seat(self, session: Any) -> int | None:
        """Draw the board as the single human seat sees it."""
        humans = getattr(session, "humans", ())
        return next(iter(humans)) if len(humans) == 1 else None

    # ----- status and players -----------------------------------------------------

    def setup_summary(self, game: Any, state: Any, names: dict | None = None) -> str:
        """One line for the set-up."""
        first = game.progress(state).first
        who_ = "" if first is None else f"; {who(first, names)} starts"
        return f"Boards chosen, townsfolk and town cards dealt{who_}."

    def status(self, session: Any) -> str:
        """Week, day and who is to move, or the result."""
        s = session.state
        if session.over or s.day == 0:
            return super().status(session)
        head = f"Week {s.week}, day {s.day} · "
        return head + super().status(session).split(" · ")[-1]

    def players_html(self, session: Any) -> str:
        """Holdings and score of every player (gold values only as counts)."""
        game, state = session.game, session.state
        scores = game.scores(state)
        head = (
            "<tr><th>player</th><th>$</th><th>cattle</th><th>wood</th><th>med</th>"
            "<th>gold</th><th>tiles</th><th>folk</th><th>favors</th><th>damage</th>"
            "<th>VP</th></tr>"
        )
        rows = "".join(
            "<tr><td>"
            + html.escape(session.names[i])
            + "</td>"
            + "".join(
                f"<td>{x}</td>"
                for x in (
                    p.silver,
                    p.cattle,
                    p.wood,
                    p.medicine,
                    len(p.gold),
                    len(p.equipment),
                    len(p.townsfolk),
                    p.favors,
                    E.damage(p),
                    scores[i],
                )
            )
            + "</tr>"
            for i, p in enumerate(state.players)
        )
        return f"<table class='frontier-players'>{head}{rows}</table>"


def _face_index(face: str) -> int:
    from toolkit.pioneer_days.constants import FACES

    return FACES.index(face)


WORDS = PioneerDaysWords()
