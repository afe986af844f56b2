"""Fuzz every game's ``parse_action`` and ``apply`` with malformed input (issue 15).

From states of seeded random games, each game is given (a) random texts read
with ``parse_action``, (b) its legal actions with one field replaced by a value
of the wrong type (``dataclasses.replace``, where the action is a dataclass) and
(c) objects that are no action at all. Every refusal is an
:class:`IllegalAction` (or, for text, the ``ValueError`` of ``parse_action``),
the state is unchanged, and whatever is accepted reads back from its ``str()``.
"""

from __future__ import annotations

import copy
import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core import CHANCE, IllegalAction, make_game
from toolkit.core.play import sample_outcome

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

WRONG = st.one_of(
    st.text(max_size=6),
    st.none(),
    st.floats(allow_nan=False),
    st.integers(-(10**20), -1),
    st.integers(10**18, 10**30),
    st.booleans(),
    st.tuples(st.integers(-3, 9), st.text(max_size=3)),
    st.tuples(),
)
NOT_ACTIONS = st.one_of(
    st.none(),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(object()),
    st.just(Ellipsis),
)
_WORDS = (
    "buy R1 R2 slot end purchases road move pass settle sergeant return farmer skip "
    "join decline cover tile redraw swap first reveal deal nugget build ship place "
    "pioneer upgrade sell raid sail explore card use bridge space turn take remove "
    "contract discard roll event draw steal bank die BUF CLE W05 S1 FARMER HOTEL "
    "SPICE STONE+CLOTH TC/2 ?/3 ?/9 $1 $-1 2,7 -1 0 1 2 3 4 7 99 - + , / $"
)
WORDS = st.sampled_from(_WORDS.split())
TEXTS = st.one_of(
    st.text(max_size=20),
    st.lists(WORDS, min_size=1, max_size=4).map(" ".join),
)

_STATES: dict[str, tuple] = {}


def _game(name):
    game = make_game(name, 2)
    if "max_turns" in game.defaults:
        game = make_game(name, 2, max_turns=40)
    return game


def _states(name):
    """The game and states of two seeded random games (chance turns included)."""
    if name not in _STATES:
        game, states = _game(name), []
        for seed in (0, 1):
            rng, state = random.Random(f"fuzz:{seed}"), game.setup()
            for _ in range(400):
                seat = game.to_move(state)
                if seat is None:
                    break
                states.append(state)
                if seat == CHANCE:
                    action = sample_outcome(game.chance_outcomes(state), rng)
                else:
                    action = rng.choice(list(game.legal_actions(state)))
                state = game.apply(state, action)
            states.append(state)  # the last one may be over: GameOver refuses
        _STATES[name] = (game, states)
    return _STATES[name]


def _choices(game, state):
    if game.to_move(state) == CHANCE:
        return [a for a, _ in game.chance_outcomes(state)]
    return list(game.legal_actions(state))


def _try_apply(game, state, make):
    """Make and apply an action: refused with IllegalAction, or accepted and readable."""
    before = copy.deepcopy(state)
    refusal = None
    try:
        action = make()
        game.apply(state, action)
    except IllegalAction as err:
        refusal = err
    if refusal is not None:
        assert refusal.rule, f"a refusal without a rule ID: {refusal!r}"
        assert refusal.message, f"a refusal without a sentence: {refusal!r}"
        assert state == before, "a refused action changed the state"
        return
    assert state == before, "apply changed the state it was given"
    text = str(action)
    assert game.parse_action(text) == action, f"{action!r} accepted but {text!r} ..."


@SETTINGS
@given(data=st.data())
def test_random_text_is_refused_or_reads_back(game_name, data):
    game, states = _states(game_name)
    state = data.draw(st.sampled_from(states))
    text = data.draw(TEXTS)
    try:
        action = game.parse_action(text)
    except ValueError:
        return  # IllegalAction is a ValueError too
    _try_apply(game, state, lambda: action)


@SETTINGS
@given(data=st.data())
def test_legal_actions_with_a_field_of_the_wrong_type_are_refused(game_name, data):
    game, states = _states(game_name)
    state = data.draw(st.sampled_from(states))
    actions = [a for a in _choices(game, state) if dataclasses.is_dataclass(a)]
    actions = [a for a in actions if dataclasses.fields(a)]
    if not actions:
        return
    action = data.draw(st.sampled_from(actions))
    field = data.draw(st.sampled_from(dataclasses.fields(action)))
    value = data.draw(WRONG)
    _try_apply(game, state, lambda: dataclasses.replace(action, **{field.name: value}))


@SETTINGS
@given(data=st.data())
def test_objects_that_are_no_action_are_refused(game_name, data):
    game, states = _states(game_name)
    state = data.draw(st.sampled_from(states))
    thing = data.draw(NOT_ACTIONS)
    _try_apply(game, state, lambda: thing)


_WRONG_VALUES = ["1", None, 1.0, -1, 10**20, True, (1, "a"), ()]
_TEXTS = ["buy R1", "buy R3", "move BUF-CLE $1", "pass", "first 0", "", "end turn"]
_NOT_ACTIONS = [None, 42, 1.5, "pass", b"pass", [1], {}, ("BUF", "CLE")]


def _outcome(game, state, make):
    try:
        action = make()
        game.apply(state, action)
    except IllegalAction as err:
        return f"{type(err).__name__} {err.rule}"
    except Exception as err:  # recorded, then compared
        return f"crash {type(err).__name__}"
    return f"accepted {action!s}"


def _corpus_outcomes(name="pioneers"):
    """The outcome of a fixed corpus of malformed input on every 7th state."""
    game, states = _states(name)
    out = []
    for state in states[::7]:
        for action in _choices(game, state):
            for field in dataclasses.fields(action):
                for value in _WRONG_VALUES:
                    out.append(
                        _outcome(
                            game,
                            state,
                            lambda a=action, f=field.name, v=value: dataclasses.replace(
                                a, **{f: v}
                            ),
                        )
                    )
        for text in _TEXTS:
            try:
                parsed = game.parse_action(text)
            except ValueError as err:
                out.append(f"parse {type(err).__name__}")
                continue
            out.append(_outcome(game, state, lambda a=parsed: a))
        for thing in _NOT_ACTIONS:
            out.append(_outcome(game, state, lambda x=thing: x))
    return out


def test_the_compiled_and_the_plain_engine_refuse_the_same_inputs():
    """Both Pioneers engines give the same outcome (exception and rule) on the corpus."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = (
        "import json, runpy; m = runpy.run_path('tests/games/test_fuzz.py'); "
        "print(json.dumps(m['_corpus_outcomes']()))"
    )
    results = []
    for pure in ("1", ""):
        env = {**os.environ, "PYTHONPATH": str(root), "FRONTIER_PURE": pure}
        run = subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        results.append(json.loads(run.stdout))
    plain, compiled = results
    assert len(plain) == len(compiled) > 100
    assert not [o for o in plain if o.startswith("crash")]
    differ = [(p, c) for p, c in zip(plain, compiled) if p != c]
    assert not differ, differ[:5]
