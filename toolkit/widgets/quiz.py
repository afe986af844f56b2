"""Quiz: an exercise with a self-checking answer, for the lessons.

The expected answer is computed by the library in the lesson itself (so it
can never drift from the rules); the student types an answer and presses
Check. ``quiz.check(value)`` does the same from code.

>>> q = Quiz("How much does the route cost?", 3, hint="Count the bank steps.")
>>> q.check("3"), q.feedback_kind
(True, 'ok')
>>> q.check(4), q.feedback_kind
(False, 'why')
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

__all__ = ["Quiz"]

STYLE = {"ok": "#3c8a3c", "why": "#d58a00", "info": "#777"}


def _normal(value: Any) -> Any:
    """Compare answers loosely: numbers as numbers, text without case or spaces."""
    if isinstance(value, (list, tuple)):
        value = "-".join(map(str, value))
    text = str(value).strip().replace("$", "")
    try:
        return float(text)
    except ValueError:
        return "".join(text.upper().replace("→", "-").replace(",", "-").split())


class Quiz(W.VBox):
    """A question, an answer box and a Check button with feedback.

    Parameters
    ----------
    question : str
        The question (HTML allowed).
    answer : any
        The expected answer; numbers compare as numbers, routes ``"S-C-B"``
        and tuples ``("S", "C", "B")`` compare equal, text ignores case.
    hint : str
        Shown after a wrong answer.
    explain : str
        Shown after a right answer.
    """

    def __init__(
        self, question: str, answer: Any, hint: str = "", explain: str = ""
    ) -> None:
        self.answer, self.hint, self.explain = answer, hint, explain
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
            ]
        )

    def check(self, value: Any) -> bool:
        """Check ``value`` against the answer and show the feedback; True if right."""
        if value is None or str(value).strip() == "":
            return self._show("Type an answer first.", "info", False)
        right = _normal(value) == _normal(self.answer)
        if right:
            return self._show("Right! " + self.explain, "ok", True)
        return self._show("Not yet. " + self.hint, "why", False)

    def _show(self, text: str, kind: str, result: bool) -> bool:
        self.feedback_kind = kind
        self.feedback.value = (
            f"<span style='color:{STYLE[kind]}'>{html.escape(text)}</span>"
        )
        return result
