"""Quiz: an exercise with a self-checking answer, for the lessons.

The expected answer is computed by the library in the lesson itself (so it
can never drift from the rules); the student types an answer and presses
Check. ``quiz.check(value)`` does the same from code.

Answers are compared by *kind* (given, or read off the expected answer), so a
right answer written the way the lessons write it is right:

``number``
    ``3``, ``$3``, ``3.0``; fractions ``1/18`` and, for a fraction, a decimal
    rounded to at least two significant digits (``0.056``).
``path``
    a sequence of places: ``S-B-E``, ``S–B–E``, ``S → B → E``, ``(S, B, E)``,
    ``s b e``.
``connection``
    two places in either order, with any dash: ``COL–PIT`` for ``PIT-COL``.
``coordinate``
    ``(0, 11)``, ``0,11``, ``[0 11]`` for ``(0, 11)``.
``name``
    case, spaces, ``_`` and ``-`` do not matter (``Gold digger`` for
    ``GOLD_DIGGER``); ``accept`` adds other spellings (e.g. the code ``GD``).

When the answer cannot be read as its kind, the feedback says what form is
expected ("expected a path like S-A-B") instead of "Not yet".

>>> q = Quiz("How much does the route cost?", 3, hint="Count the bank steps.")
>>> q.check("$3"), q.feedback_kind
(True, 'ok')
>>> q.check(4), q.feedback_kind
(False, 'why')
>>> Quiz("Which route?", ("S", "B", "E")).check("(S, B, E)")
True
>>> q = Quiz("Which route?", "S-B-E")
>>> q.check("SBE"), q.feedback_kind, "S-A-B" in q.feedback.value
(False, 'format', True)
>>> Quiz("Which connection?", "PIT-COL", kind="connection").check("col – pit")
True
>>> Quiz("Where (row, col)?", (0, 11)).check("0, 11")
True
>>> Quiz("Which tile?", "GOLD_DIGGER", accept=["GD"]).check("Gold digger")
True
>>> Quiz("Chance?", "1/18").check("0.056")
True
"""

from __future__ import annotations

import html
import numbers
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import ipywidgets as W

__all__ = ["KINDS", "Quiz", "read_answer"]

STYLE = {"ok": "#3c8a3c", "why": "#d58a00", "format": "#b5470b", "info": "#777"}

#: Kind -> (what the feedback says when an answer cannot be read, an example).
KINDS = {
    "number": "a number like 3 (a $ sign, a fraction 1/6 or a decimal are fine)",
    "path": "a path like S-A-B",
    "connection": "a connection like BUF-CLE",
    "coordinate": "(row, col) like (2, 7)",
    "name": "a name",
}

_SEP = re.compile(
    r"[\s,;()\[\]{}<>'\"]*(?:[-‐‑‒–—―→>]+|[\s,;()\[\]{}'\"]+)[\s,;()\[\]{}'\"]*"
)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)(/\d+)?$")


def _is_place(token: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z0-9_]+", token))


def guess_kind(answer: Any) -> str:
    """The kind an expected answer is compared as (see the module)."""
    if isinstance(answer, bool):
        return "name"
    if isinstance(answer, numbers.Number):
        return "number"
    if isinstance(answer, (tuple, list)):
        if len(answer) == 2 and all(isinstance(v, numbers.Integral) for v in answer):
            return "coordinate"
        return "path"
    text = str(answer).strip()
    if _NUMBER.match(text.replace("$", "")):
        return "number"
    parts = re.split(r"\s*[-–—→]\s*", text)
    if len(parts) >= 2 and all(p.isupper() and _is_place(p) for p in parts):
        return "path"
    return "name"


def _number(value: Any) -> Fraction | None:
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        try:
            return Fraction(value).limit_denominator(10**9)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            return None
    text = str(value).strip().replace("$", "").replace(",", "").replace(" ", "")
    if not _NUMBER.match(text):
        return None
    num, _, den = text.partition("/")
    if den and int(den) == 0:
        return None
    return Fraction(num) / (Fraction(den) if den else 1)


def _places(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, (tuple, list)):
        tokens = [str(v).strip() for v in value]
    else:
        tokens = [t for t in _SEP.split(str(value).strip()) if t]
    tokens = [t.strip("()[]{}'\" ").upper() for t in tokens]
    if not tokens or not all(_is_place(t) for t in tokens):
        return None
    return tuple(tokens)


def _coordinate(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, (tuple, list)):
        found = [str(v) for v in value]
    else:
        found = re.findall(r"-?\d+", str(value))
        rest = re.sub(r"-?\d+|[\s,;()\[\]]", "", str(value))
        if rest:
            return None
    try:
        out = tuple(int(v) for v in found)
    except ValueError:
        return None
    return out if len(out) == 2 else None


def _name(value: Any) -> str:
    return re.sub(r"[\s_\-–—.]+", "", str(value)).upper()


def read_answer(value: Any, kind: str) -> Any:
    """``value`` read as ``kind`` for comparing, or ``None`` if it is not of that form."""
    if kind == "number":
        return _number(value)
    if kind == "path":
        return _places(value)
    if kind == "connection":
        places = _places(value)
        return tuple(sorted(places)) if places and len(places) == 2 else None
    if kind == "coordinate":
        return _coordinate(value)
    if kind == "name":
        return _name(value) or None
    raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")


def _decimals(value: Any) -> int | None:
    """How many decimals a typed decimal number has (None: not a typed decimal)."""
    text = str(value).strip().replace("$", "")
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d*\.\d+", text):
        return len(text.partition(".")[2])
    return None


class Quiz(W.VBox):
    """A question, an answer box and a Check button with feedback.

    Parameters
    ----------
    question : str
        The question (HTML allowed).
    answer : any
        The expected answer.
    hint : str
        Shown after a wrong answer.
    explain : str
        Shown after a right answer.
    kind : str, optional
        How answers compare: ``number``, ``path``, ``connection``, ``coordinate``
        or ``name`` (see the module); default read off ``answer``.
    accept : iterable of str, optional
        Other spellings that count as right (e.g. a tile's two-letter code).
    """

    def __init__(
        self,
        question: str,
        answer: Any,
        hint: str = "",
        explain: str = "",
        kind: str | None = None,
        accept: Iterable[Any] = (),
    ) -> None:
        self.answer, self.hint, self.explain = answer, hint, explain
        self.kind = kind or guess_kind(answer)
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.expected = read_answer(answer, self.kind)
        if self.expected is None:
            raise ValueError(f"the answer {answer!r} is not a {self.kind}")
        self.also = {_name(a) for a in accept}
        self.box = W.Text(placeholder="your answer", layout=W.Layout(width="260px"))
        self.button = W.Button(description="Check", icon="check")
        self.feedback = W.HTML()
        self.feedback_kind = "info"
        self.button.on_click(lambda _: self.check(self.box.value))
        super().__init__(
            [
                W.HTML(f"<b>Exercise.</b> {question}"),
                W.HBox([self.box, self.button]),
                self.feedback,
            ],
            layout=W.Layout(margin="4px 0"),
        )
        self.add_class("frontier-quiz")

    def is_right(self, value: Any) -> bool | None:
        """True/False, or None when ``value`` is not of the answer's form."""
        if self.also and _name(value) in self.also:
            return True
        given = read_answer(value, self.kind)
        if given is None:
            return None
        if self.kind == "path" and len(given) == 1 < len(self.expected):
            return None  # "SBE" for S-B-E: the form is the problem
        if given == self.expected:
            return True
        if self.kind == "number":
            places = _decimals(value)
            digits = len(re.sub(r"\D", "", str(value)).lstrip("0"))
            if places is not None and digits >= 2 and self.expected.denominator != 1:
                # a decimal of a fraction: right when it is the fraction rounded
                return abs(given - self.expected) <= Fraction(1, 2 * 10**places)
        return False

    def check(self, value: Any) -> bool:
        """Check ``value`` against the answer and show the feedback; True if right."""
        if value is None or str(value).strip() == "":
            return self._show("Type an answer first.", "info", False)
        right = self.is_right(value)
        if right is None:
            return self._show(
                f"Expected {KINDS[self.kind]}; '{str(value).strip()[:40]}' is not "
                "one. Try again in that form.",
                "format",
                False,
            )
        if right:
            return self._show("Right! " + self.explain, "ok", True)
        return self._show("Not yet. " + self.hint, "why", False)

    def _show(self, text: str, kind: str, result: bool) -> bool:
        self.feedback_kind = kind
        self.feedback.value = (
            f"<span class='frontier-quiz-{kind}' style='color:{STYLE[kind]}'>"
            f"{html.escape(text)}</span>"
        )
        return result
