"""Quiz answers are compared by kind (issue 18, defect 3).

Right answers written as the lessons write them are right; a wrong answer
gets the hint; an answer that is not of the expected form says which form.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from toolkit.widgets import Quiz
from toolkit.widgets.quiz import guess_kind


@pytest.mark.parametrize(
    ("answer", "typed"),
    [
        (("S", "B", "E", "D", "F"), "(S, B, E, D, F)"),  # the tables' own format
        (("S", "B", "E", "D", "F"), "S-B-E-D-F"),
        ("S-B-E-D-F", "s – b – e – d – f"),
        ("S-B-E-D-F", "S → B → E → D → F"),
        ("S-B-E-D-F", "['S', 'B', 'E', 'D', 'F']"),
        ((0, 11), "(0, 11)"),  # the question says (row, col)
        ((0, 11), "0,11"),
        ((0, 11), "[0 11]"),
        (np.int64(3), "$3"),
        (3, "3.0"),
        (0.53, "0.53"),
        ("1/18", "2/36"),
        ("1/18", "0.056"),
        (Fraction(1, 18), "1/18"),
        ("B", "b"),
    ],
)
def test_right_answers_in_the_lessons_formats_are_right(answer, typed):
    quiz = Quiz("?", answer)
    assert quiz.check(typed) is True, quiz.feedback.value
    assert quiz.feedback_kind == "ok"


def test_a_connection_is_right_in_either_order_with_any_dash():
    quiz = Quiz("Which connection?", "PIT-COL", kind="connection")
    for typed in ("COL–PIT", "col-pit", "PIT — COL", "(COL, PIT)"):
        assert quiz.check(typed), typed
    assert not quiz.check("COL-BUF")
    assert quiz.feedback_kind == "why"


def test_a_tile_by_name_or_code():
    quiz = Quiz("Which tile?", "GOLD_DIGGER", accept=["GD"])
    for typed in ("Gold digger", "gold-digger", "GOLD_DIGGER", "GD", "gd"):
        assert quiz.check(typed), typed
    assert not quiz.check("Farmer")


@pytest.mark.parametrize(
    ("answer", "typed", "form"),
    [
        ("S-B-E", "SBE", "a path like S-A-B"),
        ((2, 7), "row two", "(row, col) like (2, 7)"),
        (3, "three dollars", "a number like 3"),
        ("PIT-COL", "PIT", "a connection like BUF-CLE"),
    ],
)
def test_an_answer_of_the_wrong_form_says_which_form(answer, typed, form):
    kind = "connection" if answer == "PIT-COL" else None
    quiz = Quiz("?", answer, hint="HINT", kind=kind)
    assert quiz.check(typed) is False
    assert quiz.feedback_kind == "format"
    assert form in quiz.feedback.value and "Not yet" not in quiz.feedback.value


def test_a_wrong_answer_gets_the_hint_not_the_form():
    quiz = Quiz("?", ("S", "B", "E"), hint="Ride your own roads.")
    assert quiz.check("S-A-E") is False
    assert quiz.feedback_kind == "why" and "Ride your own roads." in quiz.feedback.value
    assert Quiz("?", 10).check("10.4") is False  # a decimal must be as precise as typed
    assert Quiz("?", "1/18").check("0.1") is False


def test_kinds_read_off_the_answer():
    assert [guess_kind(a) for a in (3, "1/18", (0, 11), ("S", "A"), "S-A-B", "GD")] == [
        "number",
        "number",
        "coordinate",
        "path",
        "path",
        "name",
    ]
    with pytest.raises(ValueError, match="kind must be one of"):
        Quiz("?", 3, kind="colour")
