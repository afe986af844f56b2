"""The game model behind PlayApp: turns, clicks, why-not answers, undo/redo, bots.

Positions are staged with the builder the engine tests use. Seat 0 is Blue.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolkit.core import IllegalAction, replay
from toolkit.pioneers import (
    BuyRoads,
    EndPurchases,
    MoveCoach,
    Pass,
    Pioneers,
    PlaceRoad,
    SergeantRoad,
    Settle,
)
from toolkit.pioneers.builder import fixture_game, stage, wagon
from toolkit.pioneers.words import board, describe, explain
from toolkit.widgets.session import BotError, Session

HUMANS = ["human"] * 4


def staged(connections, start="S", seats=HUMANS, **kwargs):
    game = fixture_game(connections, start=start)
    return Session(game, seats, state=stage(game, **kwargs))


def snapshot(session):
    return (list(session.states), list(session.steps), session.can_redo)


# ----- a real game -----------------------------------------------------------------


@pytest.fixture
def real():
    return Session(
        Pioneers(players=4, start_player=0),
        ["human", "greedy", "random", "greedy"],
        seed=5,
    )


def test_setup_runs_to_the_first_human_decision(real):
    assert real.human_to_move and real.state.phase == "buy" and real.state.round == 1
    assert real.log[0].startswith("Set-up:") and "P-SETUP-4" in real.log[0]
    assert "income $3 (P-INC-1)" in real.log[1]


def test_bots_play_until_the_human_decides_again(real):
    real.play(EndPurchases())
    real.play(real.legal()[0])  # move
    while real.human_to_move:
        real.play(real.legal()[0])
    real.advance()
    assert real.human_to_move or real.over
    assert any("Red" in line for line in real.log)
    assert all("(P-" in line or "(ASSUMPTION-" in line for line in real.log), real.log


def test_same_seed_and_clicks_give_the_same_game():
    def game(seed):
        s = Session(
            Pioneers(players=3, start_player=0),
            ["human", "greedy", "random"],
            seed=seed,
        )
        for _ in range(8):
            if s.over:
                break
            s.play(s.legal()[-1])
            s.advance()
        return s.states[-1]

    assert game(11) == game(11)


def test_undo_takes_back_the_human_gesture_and_the_bot_replies(real):
    start = snapshot(real)
    real.play(EndPurchases())
    mid = list(real.states)
    real.play(real.legal()[0])
    while real.human_to_move and real.state.phase != "buy":
        real.play(real.legal()[0])
    real.advance()
    end = list(real.states)
    real.undo()
    assert real.can_redo
    while real.can_undo:
        real.undo()
    assert snapshot(real)[:2] == start[:2]
    real.redo()
    assert real.states == mid
    while real.can_redo:
        real.redo()
    assert real.states == end


def test_undo_never_rerolls_the_dice(real):
    real.play(EndPurchases())
    real.play(real.legal()[0])
    while real.human_to_move:
        real.play(real.legal()[0])
    real.advance()
    after = real.state
    actions = [st.action for st in real.steps if st.group is not None]
    while real.can_undo:
        real.undo()
    for a in actions:
        real.play(a)
        real.advance()
    assert real.state == after


def test_the_record_replays_to_the_same_position(real):
    real.play(EndPurchases())
    real.play(real.legal()[0])
    while real.human_to_move:
        real.play(real.legal()[0])
    real.advance()
    record = real.record()
    assert record.agents == ("human", "greedy", "random", "greedy")
    assert replay(record, real.game) == real.state
    assert record.scores == real.game.scores(real.state)


def test_a_staged_game_has_no_record():
    s = staged(["S-A"], phase="buy", players={0: dict(money=2)})
    with pytest.raises(ValueError, match="staged position"):
        s.record()


def test_nothing_to_undo_or_redo_is_explained(real):
    with pytest.raises(IllegalAction, match="nothing to undo"):
        real.undo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        real.redo()


def test_a_new_action_clears_redo(real):
    real.play(EndPurchases())
    real.undo()
    real.play(BuyRoads(1))
    assert not real.can_redo


# ----- illegal actions change nothing -------------------------------------------------


def test_illegal_action_raises_with_rule_and_changes_nothing(real):
    before = snapshot(real)
    with pytest.raises(IllegalAction) as info:
        real.play(MoveCoach(("BUF", "CLE"), 1))
    assert info.value.rule.startswith("P-")  # the engine names the phase's rule
    assert "cannot be played now" in info.value.message
    assert snapshot(real) == before


def test_a_gesture_is_all_or_nothing():
    s = staged(
        ["S-A", "A-B"],
        phase="buy",
        roads={"A-B": 1},
        players={0: dict(money=9, wagons=[wagon("X", "FARMER")])},
    )
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.play(
            BuyRoads(1), PlaceRoad("A", "B")
        )  # the road is bought, the place is taken
    assert info.value.rule == "P-BUY-6"
    assert snapshot(s) == before and s.state.players[0].money == 9


def test_clicks_are_refused_while_a_bot_decides():
    game = Pioneers(players=2, start_player=1)
    s = Session(game, ["human", "random"], seed=0)
    s.advance(bots=False)
    assert s.bot_to_move
    with pytest.raises(IllegalAction, match="random bot") as info:
        s.click_city("CLE")
    assert info.value.rule == "P-FLOW-1"


# ----- clicking a city ----------------------------------------------------------------


def test_click_a_target_moves_along_the_cheapest_route():
    s = staged(
        ["S-A", "A-B", "S-C", "C-B"],
        tiles={"A": "BANKER", "B": "FARMER"},
        roads={"S-C": 0},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    assert s.click_city("B") == MoveCoach(("S", "C", "B"), 1)


def test_click_behind_a_tiled_city_cites_p_move_3():
    # EX-18: B lies behind A, which still has a tile and does not match
    s = staged(
        ["S-A", "A-B"],
        tiles={"A": "BANKER", "B": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    assert s.legal() == [Pass()]
    with pytest.raises(IllegalAction) as info:
        s.click_city("B")
    assert info.value.rule == "P-MOVE-3"
    assert "cannot pass through A, which still has a tile" in info.value.message


def test_click_on_the_designed_board_names_the_blocking_city():
    game = Pioneers(players=4)
    # Buffalo's two neighbours hold banker tiles, so the coach cannot leave
    state = stage(
        game,
        coach="BUF",
        tiles={"CLE": "BANKER", "PIT": "BANKER", "DET": "FARMER"},
        players={0: dict(money=9, wagons=[wagon("X", "FARMER")])},
    )
    s = Session(game, HUMANS, state=state)
    blocking = board._natural_route(game, state, "DET")[1]
    assert blocking in ("CLE", "PIT")
    with pytest.raises(IllegalAction) as info:
        s.click_city("DET")
    assert info.value.rule == "P-MOVE-3"
    assert explain(game, info.value).startswith(
        "P-MOVE-3: the stagecoach cannot pass through "
    )
    assert f"({blocking})" in explain(game, info.value)


def test_click_a_target_too_dear_cites_p_move_7():
    # EX-19: the route costs $2 and Eszti has $1
    s = staged(
        ["S-X", "X-T"],
        tiles={"T": "FARMER"},
        players={0: dict(money=1, wagons=[wagon("W", "FARMER")])},
    )
    with pytest.raises(IllegalAction) as info:
        s.click_city("T")
    assert info.value.rule == "P-MOVE-7"


def test_click_a_city_that_wants_another_pioneer_cites_p_move_1():
    s = staged(
        ["S-A"],
        tiles={"A": "BANKER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    with pytest.raises(IllegalAction) as info:
        s.click_city("A")
    assert info.value.rule == "P-MOVE-1" and "BANKER" in info.value.message


def test_click_an_untiled_city_cites_p_move_6():
    s = staged(
        ["S-A", "A-B"],
        tiles={"B": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    with pytest.raises(IllegalAction) as info:
        s.click_city("A")
    assert info.value.rule == "P-MOVE-6"


def test_click_a_city_in_the_purchase_phase_says_it_is_not_time():
    s = staged(
        ["S-A"],
        phase="buy",
        tiles={"A": "FARMER"},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    with pytest.raises(IllegalAction) as info:
        s.click_city("A")
    assert info.value.rule.startswith("P-")
    assert "moving the stagecoach to A cannot be played now" in info.value.message


def test_route_choices_list_every_affordable_route_cheapest_first():
    s = staged(
        ["S-A", "A-B", "S-C", "C-B"],
        tiles={"B": "FARMER"},
        roads={"S-C": 0},
        players={0: dict(money=5, wagons=[wagon("X", "FARMER")])},
    )
    choices = s.route_choices("B")
    assert [m.path for m in choices] == [("S", "C", "B"), ("S", "A", "B")]
    assert [m.cost for m in choices] == [1, 2]
    s.play(choices[1])  # a dearer route is legal too (ASSUMPTION-4)
    assert s.state.coach == "B" and s.state.players[0].money == 3


# ----- clicking a connection ----------------------------------------------------------


def test_click_a_connection_in_the_purchase_phase_buys_and_places_a_road():
    s = staged(["S-A", "A-B"], phase="buy", players={0: dict(money=5)})
    actions = s.click_connection("B", "A")
    assert actions == (BuyRoads(1), PlaceRoad("A", "B"))
    s.play(*actions)
    assert s.state.roads[s.game.board.edge_of("A", "B")] == (0,)
    assert s.state.players[0].money == 3


def test_click_a_connection_without_money_explains_p_buy_1():
    s = staged(["S-A"], phase="buy", players={0: dict(money=1)})
    with pytest.raises(IllegalAction) as info:
        s.click_connection("S", "A")
    assert info.value.rule == "P-BUY-1" and "$2" in info.value.message


def test_click_a_connection_with_a_sergeant_places_the_free_road():
    game = fixture_game(["S-A", "A-B"], start="S")
    state = stage(game, phase="sergeant", roads={"A-B": 3}, players={0: dict(money=0)})
    s = Session(game, HUMANS, state=state._replace(phase="sergeant", city=0))
    assert s.click_connection("A", "B") == (SergeantRoad("A", "B"),)


# ----- bots that fail -----------------------------------------------------------------


def broken(game, view, legal, rng):
    raise ZeroDivisionError("oops")


def cheat(game, view, legal, rng):
    return MoveCoach(("BUF", "DEN"), 0)


@pytest.mark.parametrize(("agent", "kind"), [(broken, "failed"), (cheat, "illegal")])
def test_a_failing_bot_leaves_the_game_at_the_last_legal_position(agent, kind):
    game = Pioneers(players=2, start_player=0)
    s = Session(game, ["human", agent], seed=2)
    s.play(EndPurchases())
    s.play(s.legal()[0])
    while s.human_to_move:
        s.play(s.legal()[-1])
    before = snapshot(s)
    with pytest.raises(BotError, match=kind) as info:
        s.advance()
    assert info.value.seat == 1
    assert snapshot(s) == before
    s.take_over(1)
    assert s.human_to_move and s.to_move == 1


#: What a buggy bot may return instead of one of its legal actions: objects of the
#: wrong type (an array, whose == is not a bool, too) and actions of another phase.
GARBAGE = ["pass", None, 42, BuyRoads(1), PlaceRoad("A", "B"), np.zeros(3)]


def _bot_decides(bot):
    """A 2-player session where the bot (seat 1) is about to decide."""
    s = Session(Pioneers(players=2, start_player=0), ["human", bot], seed=2)
    s.play(EndPurchases())
    s.play(s.legal()[0])
    while s.human_to_move:
        s.play(s.legal()[-1])
    return s


@pytest.mark.parametrize("garbage", GARBAGE, ids=repr)
def test_a_bot_returning_garbage_is_a_bot_error_and_changes_nothing(garbage):
    """Issue 15: a bot's answer of none of the types of the legal actions it was
    given raises BotError naming the seat, what it returned and the legal types;
    the session is unchanged."""
    s = _bot_decides(lambda game, view, legal, rng: garbage)
    kinds = sorted({type(a).__name__ for a in s.game.legal_actions(s.state)})
    before = snapshot(s)
    with pytest.raises(BotError, match="not one of the legal actions") as info:
        s.advance()
    message = str(info.value)
    assert info.value.seat == 1 and "seat 1" in message
    assert repr(garbage) in message and type(garbage).__name__ in message
    assert all(k in message for k in kinds), message
    assert info.value.error.rule == "BOT"
    assert snapshot(s) == before
    s.take_over(1)
    assert s.human_to_move and s.to_move == 1


def _unreadable_move():
    """A MoveCoach with fields of the wrong types, made past the checks of its
    ``__post_init__`` (which refuse ``MoveCoach(None, None)`` when it is made)."""
    move = object.__new__(MoveCoach)
    object.__setattr__(move, "path", None)
    object.__setattr__(move, "cost", None)
    return move


def test_a_bot_move_the_rules_cannot_read_is_a_bot_error_and_changes_nothing():
    """A move of the right type with fields of the wrong types (no route): the
    rules' code fails on it (a TypeError), which is a BotError too."""
    bad = _unreadable_move()

    def bot(game, view, legal, rng):
        if any(isinstance(a, MoveCoach) for a in legal):
            return bad
        return legal[0]

    s = Session(Pioneers(players=2, start_player=0), ["human", bot], seed=2)
    failure = None
    for _ in range(200):
        assert s.human_to_move
        s.play(s.legal()[0])
        try:
            s.advance()
        except BotError as exc:
            failure = exc
            break
    assert failure is not None, "the bot never had a move to make"
    assert failure.seat == 1 and "failed" in str(failure)
    assert isinstance(failure.error, TypeError)
    assert s.to_move == 1 and s.state.phase == "move"
    assert bad not in [st.action for st in s.steps]
    before = snapshot(s)  # the steps before the bot's stay committed; now none is left
    with pytest.raises(BotError, match="failed"):
        s.advance()
    assert snapshot(s) == before


def test_seats_must_match_the_player_count():
    with pytest.raises(ValueError, match="2 players need 2 seats"):
        Session(Pioneers(players=2), ["human"])


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        Session(Pioneers(players=2), ["human", "grandmaster"])


# ----- the log ------------------------------------------------------------------------


def test_log_sentences_cite_rules_for_move_and_settle():
    # EX-5: A-B empty, B-C red road, C-D yellow road; Eszti (yellow, seat 3) moves
    game = fixture_game(["A-B", "B-C", "C-D"], start="A")
    before = stage(
        game,
        coach="A",
        active=3,
        tiles={"D": "GOLD_DIGGER"},
        roads={"B-C": 1, "C-D": 3},
        players={3: dict(money=4, wagons=[wagon("X", "GOLD_DIGGER FARMER")])},
    )
    move = MoveCoach(("A", "B", "C", "D"), 2)
    after = game.apply(before, move)
    line = describe(game, before, move, after)[0]
    assert line == (
        "Yellow moves the stagecoach A → B → C → D for $2: $1 to the bank, "
        "$1 to Red (P-MOVE-2)."
    )
    settle = Settle("X", "GOLD_DIGGER")
    lines = describe(game, after, settle, game.apply(after, settle))
    assert "P-SETTLE-1" in lines[0]


def test_log_reports_an_emptied_wagon():
    game = fixture_game(["S-A"], start="S")
    state = stage(
        game,
        tiles={"A": "FARMER"},
        players={0: dict(money=3, wagons=[wagon("X", "FARMER", vp=7)])},
    )
    state = game.apply(state, MoveCoach(("S", "A"), 1))
    after = game.apply(state, Settle("X", "FARMER"))
    lines = describe(game, state, Settle("X", "FARMER"), after)
    assert any(
        "wagon X is empty: +7 VP and $1" in ln and "P-WAGON-1" in ln for ln in lines
    )
