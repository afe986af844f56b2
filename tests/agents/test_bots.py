"""Bots: legal decisions, no access to hidden information, determinisation, names."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from toolkit.agents import (
    AgentSpecError,
    GreedyAgent,
    MCTSAgent,
    MonteCarloAgent,
    RandomAgent,
    make_agent,
    parse_agents,
)
from toolkit.core import CHANCE, play, random_agent
from toolkit.pioneers import Pioneers
from toolkit.pioneers.bots import (
    determinize,
    evaluate,
    evaluate_terms,
    hidden_nugget_pool,
)

NUGGET_COUNTS = {3: 6, 4: 3, 5: 1}


def small_bots():
    """Every bot, with search budgets small enough for tests."""
    return [
        RandomAgent(),
        GreedyAgent(),
        MonteCarloAgent(simulations=6, depth=6),
        MCTSAgent(iterations=6),
    ]


@pytest.fixture(scope="module")
def game():
    return Pioneers(players=4)


@pytest.fixture(scope="module")
def decision_states(game):
    """Decision points of a few random games (every phase a bot meets)."""
    states = []
    for seed in range(3):
        _, record = play(game, [random_agent] * 4, seed=seed)
        state = game.setup()
        for text in record.actions:
            if game.to_move(state) not in (None, CHANCE):
                states.append(state)
            state = game.apply(state, game.parse_action(text))
    return states


def hidden_pairs(game, decision_states, limit=6):
    """Full states where another seat holds nuggets, each with a twin that differs
    only in those hidden values (the nugget pool then differs too)."""
    pairs = []
    for state in decision_states:
        seat = game.to_move(state)
        if len(game.legal_actions(state)) < 2:
            continue
        others = [i for i, pl in enumerate(state.players) if i != seat and pl.nuggets]
        if not others:
            continue
        twin = _other_values(state, others[0])
        if twin is not None:
            pairs.append((state, twin))
        if len(pairs) >= limit:
            break
    return pairs


def _other_values(state, who):
    """``state`` with ``who``'s nuggets changed to other values still in the box."""
    held = Counter(v for pl in state.players for v in pl.nuggets)
    mine = state.players[who].nuggets
    for k, old in enumerate(mine):
        for new in (3, 4, 5):
            if new != old and held[new] < NUGGET_COUNTS[new]:
                values = (*mine[:k], new, *mine[k + 1 :])
                pl = state.players[who]._replace(nuggets=values)
                players = (*state.players[:who], pl, *state.players[who + 1 :])
                return state._replace(players=players)
    return None


def test_decision_states_cover_the_phases(decision_states):
    phases = {s.phase for s in decision_states}
    assert {"buy", "road", "move", "settle", "join"} <= phases


@pytest.mark.parametrize("bot", small_bots(), ids=lambda b: b.name)
def test_bot_returns_a_legal_action(game, decision_states, bot):
    rng = random.Random(0)
    for state in decision_states[::9]:
        seat = game.to_move(state)
        legal = game.legal_actions(state)
        action = bot(game, game.observe(state, seat), legal, rng)
        assert action in legal


@pytest.mark.parametrize("bot", small_bots(), ids=lambda b: b.name)
def test_bot_cannot_read_hidden_information(game, decision_states, bot):
    """Observation, full state, full state with other hidden values: one decision."""
    pairs = hidden_pairs(game, decision_states)
    assert len(pairs) >= 3, "the fixture games should reach states with hidden nuggets"
    for full, twin in pairs:
        seat = game.to_move(full)
        legal = game.legal_actions(full)
        assert game.legal_actions(twin) == legal
        view = game.observe(full, seat)
        assert view == game.observe(twin, seat)
        assert all(
            v is None
            for i, pl in enumerate(view.players)
            if i != seat
            for v in pl.nuggets
        )
        decisions = [bot(game, s, legal, random.Random(42)) for s in (view, full, twin)]
        assert decisions[0] == decisions[1] == decisions[2], (full.phase, decisions)


def test_search_bots_never_see_the_true_nuggets(game, decision_states, monkeypatch):
    """A spy determiniser checks that every bot hands it a redacted view, even
    when the bot itself was given the full state."""
    from toolkit.pioneers import bots

    pairs = hidden_pairs(game, decision_states, limit=2)
    full, _ = pairs[0]
    seen = []

    def spy(g, view, s, rng):
        assert all(
            v is None for i, pl in enumerate(view.players) if i != s for v in pl.nuggets
        ), "the determiniser was given hidden values"
        out = determinize(g, view, s, rng)
        seen.append(out)
        return out

    # the hook is looked up in the bots part on every call, so patching the
    # part module reaches every bot (and monkeypatch puts it back afterwards)
    monkeypatch.setattr(bots, "determinize", spy)
    for bot in (
        GreedyAgent(),
        MonteCarloAgent(simulations=4, depth=4),
        MCTSAgent(iterations=4),
    ):
        bot(game, full, game.legal_actions(full), random.Random(1))
    assert seen


def test_no_memo_keeps_a_bots_samples_after_its_decision(game, decision_states):
    """The ``forget`` hook: once a decision ends, the Pioneers hooks' memos (the
    positions valued, the determinisations) are empty, so the next agent in the
    process cannot reach the bot's view or samples through the modules."""
    from toolkit.pioneers import bots
    from toolkit.pioneers import evaluation as ev

    memos = (
        bots._DEALS,
        ev._STATES,
        ev._LAST,
        ev._LAYOUTS,
        ev._OWN,
        ev._BOARDS,
        ev._KINDS,
        ev._BY_WAGONS,
    )
    full, _ = hidden_pairs(game, decision_states, limit=1)[0]
    seat = game.to_move(full)
    legal = game.legal_actions(full)
    for bot in small_bots()[1:]:
        determinize(game, game.observe(full, seat), seat, random.Random(1))
        evaluate(game, full)
        assert all(memos[:3]), "the memos are in use"
        bot(game, game.observe(full, seat), legal, random.Random(2))
        assert not any(memos), bot.name


def test_determinize_is_consistent_with_the_observation(game, decision_states):
    pairs = hidden_pairs(game, decision_states, limit=4)
    rng = random.Random(3)
    for full, _ in pairs:
        seat = game.to_move(full)
        view = game.observe(full, seat)
        drawn = Counter()
        for _ in range(40):
            sample = determinize(game, view, seat, rng)
            assert game.observe(sample, seat) == view
            held = Counter(v for pl in sample.players for v in pl.nuggets)
            assert all(held[v] <= NUGGET_COUNTS[v] for v in held)
            assert [len(pl.nuggets) for pl in sample.players] == [
                len(pl.nuggets) for pl in full.players
            ]
            drawn.update(
                v
                for i, pl in enumerate(sample.players)
                if i != seat
                for v in pl.nuggets
            )
        assert len(drawn) >= 2  # the hidden values really are sampled


def test_hidden_nugget_pool_is_all_nuggets_minus_own(game, decision_states):
    full, _ = hidden_pairs(game, decision_states, limit=1)[0]
    seat = game.to_move(full)
    pool = Counter(hidden_nugget_pool(game.observe(full, seat), seat))
    own = Counter(full.players[seat].nuggets)
    assert pool == Counter(NUGGET_COUNTS) - own


def test_evaluation_terms_add_up_and_match_score_at_the_end(game):
    final, _ = play(game, [random_agent] * 4, seed=5)
    assert evaluate(game, final) == tuple(float(s) for s in game.scores(final))
    _, record = play(game, [random_agent] * 4, seed=6)
    state = game.setup()
    for text in record.actions[: len(record.actions) // 2]:
        state = game.apply(state, game.parse_action(text))
    values = evaluate(game, state)
    for seat in range(4):
        terms = evaluate_terms(game, state, seat)
        assert set(terms) == {
            "score",
            "wagons",
            "money",
            "income",
            "tolls",
            "network",
            "pending",
        }
        assert sum(terms.values()) == pytest.approx(values[seat])
        assert (
            terms["score"] >= game.scores(state)[seat] - 1e-9
        )  # hidden gold counts its mean


def test_bots_are_deterministic_given_their_rng(game, decision_states):
    state = next(
        s
        for s in decision_states
        if s.phase == "move" and len(game.legal_actions(s)) > 2
    )
    seat = game.to_move(state)
    legal = game.legal_actions(state)
    for bot in small_bots():
        a = bot(game, game.observe(state, seat), legal, random.Random(9))
        b = bot(game, game.observe(state, seat), legal, random.Random(9))
        assert a == b


def test_greedy_beats_random_in_a_few_games(game):
    wins = 0.0
    for seed in range(4):
        agents = [RandomAgent()] * 4
        agents[seed % 4] = GreedyAgent()
        final, _ = play(game, agents, seed=seed)
        winners = game.winners(final)
        if seed % 4 in winners:
            wins += 1 / len(winners)
    assert wins >= 3


def test_make_agent_reads_names_and_budgets():
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("Greedy"), GreedyAgent)
    assert make_agent("mcts:17").iterations == 17
    assert make_agent("mc:5").simulations == 5
    assert isinstance(make_agent("ismcts"), MCTSAgent)
    assert [a.name for a in parse_agents("greedy, random,mcts", 3)] == [
        "greedy",
        "random",
        "mcts",
    ]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'; known bots: greedy, mc, mcts, random"),
        ("random:5", "takes no budget"),
        ("mcts:0", "positive whole number"),
        ("mcts:x", "positive whole number"),
    ],
)
def test_make_agent_rejects_bad_names(spec, message):
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


def test_parse_agents_checks_the_count():
    with pytest.raises(AgentSpecError, match="4 players need 4 agents, got 3"):
        parse_agents("greedy,random,random", 4)
    with pytest.raises(AgentSpecError, match="empty bot name"):
        parse_agents("greedy,,random", 3)


def test_bots_pickle_and_have_names():
    import pickle

    for bot in small_bots():
        again = pickle.loads(pickle.dumps(bot))
        assert again.name == bot.name == bot.__name__
        assert repr(again) == repr(bot)


# ----- hooks: found by name in the game's bots part, generic without one -----------


def test_hooks_come_from_the_bots_part_by_kind_name():
    from toolkit.agents.base import HOOK_KINDS, hook
    from toolkit.pioneers import bots

    game = Pioneers(players=2)
    for kind in HOOK_KINDS:
        assert hook(game, kind) is getattr(bots, kind), kind

    class Lesson(Pioneers):  # a lesson's subclass keeps the game's parts
        pass

    assert hook(Lesson(players=2), "evaluate") is bots.evaluate
    with pytest.raises(ValueError, match="unknown hook"):
        hook(game, "playout_policy")


def test_a_game_method_overrides_one_hook():
    from toolkit.agents.base import evaluate as shared_evaluate
    from toolkit.agents.base import hook

    class Flat(Pioneers):
        def agent_evaluate(self, game, state):  # called like the part's hook
            return (0.0,) * game.players

    game = Flat(players=2)
    assert hook(game, "evaluate") == game.agent_evaluate
    assert shared_evaluate(game, game.setup()) == (0.0, 0.0)
    assert hook(game, "policy") is not None  # the others still come from the part


def test_a_game_without_a_bots_part_gets_the_generic_fallback():
    """Race has no parts: perfect information, game.scores, random playouts."""
    from toolkit.agents.base import HOOK_KINDS, determinize, evaluate, hook
    from toolkit.core import part
    from toolkit.toy import Race

    game = Race(players=2)
    assert part(game, "bots") is None
    assert all(hook(game, kind) is None for kind in HOOK_KINDS)
    state = game.setup()
    assert evaluate(game, state) == tuple(float(s) for s in game.scores(state))
    assert determinize(game, state, 0, random.Random(0)) is state
    for seed, bots in enumerate(
        [[GreedyAgent(), RandomAgent()], [MCTSAgent(iterations=8), GreedyAgent()]]
    ):
        final, _ = play(game, bots, seed=seed)
        assert game.to_move(final) is None


def test_outcome_rewards_share_the_win_among_the_winners():
    from toolkit.agents.base import outcome_rewards
    from toolkit.toy import Race

    class Stub(Race):
        def __init__(self, scores, winners):
            super().__init__(players=len(scores))
            self._scores, self._winners = scores, winners

        def scores(self, state):
            return self._scores

        def winners(self, state):
            return self._winners

    shared = outcome_rewards(Stub((5, 5, 1), (0, 1)), None)
    assert shared[0] == pytest.approx(shared[1]) and shared[0] > 0.4 > shared[2]
    # ended by a cap without a winner: only the soft margin by score remains
    nobody = outcome_rewards(Stub((5, 1), ()), None)
    assert sum(nobody) == pytest.approx(0.2) and nobody[0] > nobody[1]


def test_determinize_draws_as_random_shuffle_and_replace_would(
    game, decision_states, nugget_deal
):
    """The determiniser's written-out shuffle and field copies (compiled, no
    Python-level ``random.shuffle``/``_replace``) give the same states and leave
    the random stream where the stdlib calls would."""
    from toolkit.pioneers import bots

    for seed in range(300):
        for n in range(12):
            mine, theirs = list(range(n)), list(range(n))
            a, b = random.Random(seed), random.Random(seed)
            bots._shuffle(mine, a)
            b.shuffle(theirs)
            assert mine == theirs and a.getstate() == b.getstate(), (seed, n)

    class Other(random.Random):  # a subclass draws by its own methods
        def shuffle(self, x):
            x.reverse()

    pool = [1, 2, 3]
    bots._shuffle(pool, Other(0))
    assert pool == [3, 2, 1]

    pairs = hidden_pairs(game, decision_states, limit=3)
    for full, _ in pairs:
        seat = game.to_move(full)
        view = game.observe(full, seat)
        sample = determinize(game, view, seat, random.Random(5))
        expected = nugget_deal(view, seat, random.Random(5))
        assert sample == expected
        assert type(sample) is type(expected)
        assert all(
            type(p) is type(q)
            for p, q in zip(sample.players, expected.players, strict=True)
        )
