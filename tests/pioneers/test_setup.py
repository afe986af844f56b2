"""Components (P-COMP), player-count table (P-PC) and set-up (P-SETUP) of Pioneers.

Facts are restated from the rules in our own words and checked against the
engine's constants, its packaged datasets and the set-up it plays out through
chance turns. Related defaults: ASSUMPTION-1, -2, -3, -15, -21 and -24.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from toolkit.core import CHANCE, sample_outcome
from toolkit.core.testing import assert_illegal as illegal
from toolkit.pioneers import (
    PROFESSIONS,
    TILE_TYPES,
    BuyRoads,
    BuyWagon,
    CoverCity,
    DealStart,
    DrawTile,
    EndPurchases,
    FirstPlayer,
    Pass,
    Pioneers,
    Redraw,
    RevealWagon,
    SwapTiles,
    load_board,
    rules,
)
from toolkit.pioneers.builder import fixture_game, stage, wagon, wagon_spec
from toolkit.pioneers.data import load_wagons

# ----- helpers ----------------------------------------------------------------------


def set_up(game, seed=0, pick=None):
    """Play the chance turns of set-up; ``pick(state, outcomes)`` may choose one."""
    rng = random.Random(f"setup:{seed}")
    state = game.setup()
    while game.to_move(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        action = pick(state, outcomes) if pick else None
        state = game.apply(state, action or sample_outcome(outcomes, rng))
    return state


def tiles_by_city(game, state):
    return {game.board.ids[i]: t for i, t in enumerate(state.tiles) if t is not None}


def start_neighbours(game):
    b = game.board
    return [b.ids[v] for v, _ in b.adj[b.start]]


REGULAR = [w for w in load_wagons() if not w.start]
START = [w for w in load_wagons() if w.start]


# ----- P-COMP ----------------------------------------------------------------------------


def test_P_COMP_1_two_board_sides_with_a_start_city_and_a_4_slot_market():
    four, small = load_board("4p"), load_board("23p")
    assert four.side == "4p" and small.side == "23p"
    for board in (four, small):
        assert board.start_id == "BUF"
    assert Pioneers(players=4).board is four
    assert Pioneers(players=3).board is small and Pioneers(players=2).board is small
    state = set_up(Pioneers(players=4, start_player=0))
    assert len(state.market) == 4 and None not in state.market
    assert all(pl.vp == 0 for pl in state.players)  # the VP track starts at 0


def test_P_COMP_2_49_tiles_7_of_each_of_7_types():
    assert len(TILE_TYPES) == 7 and len(set(TILE_TYPES)) == 7
    assert set(TILE_TYPES) == {
        "BANKER",
        "MERCHANT",
        "SERGEANT",
        "INNKEEPER",
        "GOLD_DIGGER",
        "FARMER",
        "HOTEL",
    }
    state = Pioneers(players=4).setup()
    assert state.tile_pool == (7,) * 7 and sum(state.tile_pool) == 49


def test_P_COMP_3_20_pioneers_and_15_roads_per_colour():
    assert rules.PIONEERS == 20 and rules.ROADS == 15
    state = Pioneers(players=4).setup()
    assert [(pl.supply, pl.roads_left) for pl in state.players] == [(20, 15)] * 4
    assert sum(pl.supply for pl in state.players) == 80
    assert sum(pl.roads_left for pl in state.players) == 60


def test_P_COMP_4_24_regular_wagons_and_4_longer_start_wagons():
    assert len(REGULAR) == 24 and len(START) == 4
    assert min(len(w.seats) for w in START) > max(len(w.seats) for w in REGULAR)
    game = Pioneers(players=4)
    assert len(game.regular_wagons) == 24 and len(game.start_wagons) == 4


def test_P_COMP_5_eight_cover_tiles_only_with_two_players():
    assert sum(Pioneers(players=2).setup().covered) == 8
    assert sum(Pioneers(players=3).setup().covered) == 0
    assert sum(Pioneers(players=4).setup().covered) == 0
    state = set_up(Pioneers(players=2, cover="random"), seed=3)
    assert sum(state.covered) == 8


def test_P_COMP_6_ten_nuggets_6x3_3x4_1x5_worth_35():
    """Known deviation: the spec's total of 43 is an arithmetic slip; 6x3+3x4+1x5 = 35."""
    assert rules.NUGGETS == (3, 4, 5)
    assert rules.NUGGET_COUNTS == (6, 3, 1)
    assert sum(rules.NUGGET_COUNTS) == 10
    assert sum(v * c for v, c in zip(rules.NUGGETS, rules.NUGGET_COUNTS)) == 35
    # The first gold digger draws from the full pool of 10.
    game = fixture_game(["S-G"], start="S")
    state = stage(
        game,
        tiles={"G": "GOLD_DIGGER"},
        players={0: dict(money=1, wagons=[wagon("X", "GOLD_DIGGER FARMER")])},
    )
    state = game.apply(state, game.legal_actions(state)[0])  # move S-G
    state = game.apply(state, game.legal_actions(state)[0])  # settle the gold digger
    assert state.phase == "nugget"
    probs = {a.value: p for a, p in game.chance_outcomes(state)}
    assert probs == pytest.approx({3: 0.6, 4: 0.3, 5: 0.1})


def test_P_COMP_7_63_dollars_of_coins():
    assert 27 * 1 + 18 * 2 == rules.BANK_TOTAL == 63
    assert Pioneers(players=4, finite_bank=True).setup().bank == 63
    assert Pioneers(players=4).setup().bank is None  # ASSUMPTION-9 default: unlimited


def test_P_COMP_8_one_stagecoach_and_one_start_player():
    state = set_up(Pioneers(players=3), seed=5)
    assert isinstance(state.coach, str) and state.coach == "BUF"
    assert state.start_player in (0, 1, 2) and state.active == state.start_player


def test_P_COMP_9_coin_pictures_are_received_dollar_numbers_are_paid():
    """Prices ($2 / $5 roads, $1..$4 slots) are paid; income, hotel and wagon coins received."""
    assert rules.ROAD_PRICE == {1: 2, 2: 5}
    deck = [wagon_spec(f"Q{i}", "FARMER") for i in range(1, 6)]
    game = fixture_game(["S-A", "A-B", "B-C"], start="S", wagons=deck)
    for slot in (1, 2, 3, 4):
        state = stage(
            game,
            phase="buy",
            market=["Q1", "Q2", "Q3", "Q4"],
            players={0: dict(money=9, wagons=[wagon("X", "FARMER")])},
        )
        state = game.apply(state, BuyWagon(slot))
        assert state.players[0].money == 9 - slot
    for n, price in ((1, 2), (2, 5)):
        state = stage(
            game, phase="buy", players={0: dict(money=9, wagons=[wagon("X", "FARMER")])}
        )
        assert game.apply(state, BuyRoads(n)).players[0].money == 9 - price
    assert rules.INCOME == 3  # the income coins are received


def test_P_COMP_10_player_board_income_and_purchase_parts():
    """Base income $3 + 2 banker slots; 3 purchase spaces; shop token + up to 2 merchants."""
    game = fixture_game(["S-A", "A-B", "B-C"], start="S")
    for bankers, income in ((0, 3), (2, 5), (3, 5)):
        state = stage(
            game,
            phase="turn",
            players={0: dict(bankers=bankers, wagons=[wagon("X", "FARMER")])},
        )
        assert state.players[0].money == income
    for merchants, actions in ((0, 1), (1, 2), (2, 3), (3, 3)):
        state = stage(
            game,
            phase="turn",
            players={
                0: dict(merchants=merchants, money=20, wagons=[wagon("X", "FARMER")])
            },
        )
        assert state.actions_left == actions and state.used == ()
    state = stage(
        game, phase="buy", players={0: dict(money=20, wagons=[wagon("X", "FARMER")])}
    )
    assert {str(a) for a in game.legal_actions(state)} == {
        "buy R1",
        "buy R2",
        "end purchases",
    }


# ----- P-PC ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "side", "cities"), [(2, "23p", 39), (3, "23p", 39), (4, "4p", 45)]
)
def test_P_PC_1_board_side_by_player_count(players, side, cities):
    game = Pioneers(players=players)
    assert game.board.side == side and len(game.board.ids) == cities


@pytest.mark.parametrize(("players", "covers"), [(2, 8), (3, 0), (4, 0)])
def test_P_PC_2_cover_tiles_by_player_count(players, covers):
    state = Pioneers(players=players).setup()
    assert sum(state.covered) == covers
    if players == 2:
        covered = {
            state_id
            for state_id, c in zip(Pioneers(players=2).board.ids, state.covered)
            if c
        }
        assert covered == {"BIS", "BOS", "CHS", "HEL", "LAX", "POR", "SAT", "SFO"}


@pytest.mark.parametrize(
    ("players", "per_type", "total"), [(2, 5, 35), (3, 6, 42), (4, 7, 49)]
)
def test_P_PC_3_tiles_in_play_by_player_count(players, per_type, total):
    assert rules.TILES_REMOVED[players] == 7 - per_type
    pool = Pioneers(players=players).setup().tile_pool
    assert pool == (per_type,) * 7 and sum(pool) == total


@pytest.mark.parametrize(
    ("players", "removed", "remain"), [(2, 12, 12), (3, 6, 18), (4, 2, 22)]
)
def test_P_PC_4_wagons_removed_unseen(players, removed, remain):
    assert rules.WAGONS_REMOVED[players] == removed
    state = Pioneers(players=players).setup()
    assert state.deck == remain
    assert len(state.unseen) == 24  # which ones were removed stays hidden


@pytest.mark.parametrize(("players", "deck"), [(2, 8), (3, 14), (4, 18)])
def test_P_PC_5_deck_after_filling_the_market(players, deck):
    state = set_up(Pioneers(players=players, start_player=0))
    assert state.deck == deck
    assert None not in state.market
    assert len(state.unseen) == 24 - 4  # the deck plus the removed ones, all face down


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_PC_6_start_wagons_used(players):
    game = Pioneers(players=players, start_player=0)
    state = set_up(game, seed=players)
    dealt = [pl.wagons[0].id for pl in state.players]
    assert len(set(dealt)) == players and set(dealt) <= set(game.start_wagons)
    assert all(len(pl.wagons) == 1 for pl in state.players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_PC_7_starting_money_is_2(players):
    state = set_up(Pioneers(players=players, start_player=0))
    first = state.start_player
    # everybody has $2; the start player has already received the first income
    assert [pl.money for pl in state.players] == [
        5 if s == first else 2 for s in range(players)
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_PC_8_income_and_prices_do_not_depend_on_player_count(players):
    deck = [wagon_spec(f"Q{i}", "FARMER") for i in range(1, 6)]
    game = fixture_game(["S-A", "A-B", "B-C"], start="S", players=players, wagons=deck)
    state = stage(
        game,
        phase="turn",
        market=["Q1", "Q2", "Q3", "Q4"],
        players={0: dict(money=4, bankers=1, wagons=[wagon("X", "FARMER")])},
    )
    assert state.players[0].money == 8
    assert game.apply(state, BuyRoads(2)).players[0].money == 3
    assert game.apply(state, BuyWagon(4)).players[0].money == 4
    assert rules.START_MONEY == 2


# ----- P-SETUP ---------------------------------------------------------------------------


def test_P_SETUP_1_the_side_matching_the_player_count_is_used():
    assert Pioneers(players=2).setup().tiles.__len__() == 39
    assert Pioneers(players=4).setup().tiles.__len__() == 45


def test_P_SETUP_2_designated_covers_get_no_tile():
    game = Pioneers(players=2, start_player=0)
    state = set_up(game, seed=1)
    for i, c in enumerate(state.covered):
        if c:
            assert state.tiles[i] is None
    assert game.board.ids[game.board.start] not in {
        game.board.ids[i] for i, c in enumerate(state.covered) if c
    }


def test_P_SETUP_2_random_covers_are_chance_turns_on_non_start_cities():
    game = Pioneers(players=2, cover="random", start_player=0)
    state = game.setup()
    assert state.phase == "cover" and game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) == 38 and CoverCity("BUF") not in [a for a, _ in outcomes]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    illegal(game, state, CoverCity("BUF"), "P-SETUP-2")
    state = game.apply(state, CoverCity("DEN"))
    assert CoverCity("DEN") not in [a for a, _ in game.chance_outcomes(state)]
    state = set_up(game, seed=2)
    covered = [i for i, c in enumerate(state.covered) if c]
    assert len(covered) == 8
    assert all(state.tiles[i] is None for i in covered)
    assert sum(t is not None for t in state.tiles) == 30


def test_P_SETUP_2_random_covers_need_eight_coverable_cities():
    """A custom board too small for 8 random covers is refused up front (it used to stop
    in a chance turn with no outcome). With 8 spokes round the start every set of 8
    covers would shut it in (ASSUMPTION-E1), so the star needs a 9th city."""
    with pytest.raises(ValueError, match="8"):
        fixture_game(["S-A", "A-B", "B-C"], start="S", players=2, cover="random")
    conns = [f"S-C{i}" for i in range(9)]
    game = fixture_game(
        conns,
        start="S",
        players=2,
        cover="random",
        wagons=[wagon_spec(f"R{i}", "FARMER") for i in range(1, 17)],
    )
    state = set_up(game)
    assert sum(state.covered) == 8 and sum(t is not None for t in state.tiles) == 1
    assert state.phase == "buy"


def test_P_SETUP_3_tiles_removed_to_the_box_unseen():
    """2 players: 2 of each type leave the game, so at most 5 of a type can ever appear."""
    for seed in range(3):
        state = set_up(Pioneers(players=2, start_player=0), seed=seed)
        counts = Counter(t for t in state.tiles if t)
        assert max(counts.values()) <= 5
        assert state.tile_pool is None  # the unused tiles are not part of the position


def test_P_SETUP_4_one_tile_on_every_uncovered_city_except_the_start():
    game = Pioneers(players=4, start_player=0)
    state = game.setup()
    assert state.phase == "tile" and game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert {a.city for a, _ in outcomes} == {game.board.ids[0]}  # cities in id order
    assert [p for _, p in outcomes] == pytest.approx([1 / 7] * 7)
    illegal(game, state, DrawTile(game.board.ids[1], "FARMER"), "P-SETUP-4")
    state = set_up(game, seed=4)
    placed = tiles_by_city(game, state)
    assert len(placed) == 44 and "BUF" not in placed  # 49 - 44 = 5 unused
    assert all(Counter(placed.values())[t] <= 7 for t in TILE_TYPES)


def _first_two_merchants(game):
    """Chooser: both start neighbours get MERCHANT, re-draws give MERCHANT once more."""
    nbrs = set(start_neighbours(game))
    seen = {"redraws": 0}

    def pick(state, outcomes):
        if state.phase == "tile" and outcomes[0][0].city in nbrs:
            return DrawTile(outcomes[0][0].city, "MERCHANT")
        if state.phase == "redraw":
            seen["redraws"] += 1
            if seen["redraws"] == 1:
                return next(a for a, _ in outcomes if a.tile == "MERCHANT")
            action = next(a for a, _ in outcomes if a.tile != "MERCHANT")
            seen["tile"] = action.tile
            return action
        return None

    return pick, seen


def test_P_SETUP_5_start_neighbours_are_redrawn_until_they_differ():
    game = Pioneers(players=4, start_player=0)
    pick, seen = _first_two_merchants(game)
    state = set_up(game, seed=0, pick=pick)
    assert seen["redraws"] == 2
    types = [tiles_by_city(game, state)[c] for c in start_neighbours(game)]
    assert types[0] == "MERCHANT" and types[1] == seen["tile"] != "MERCHANT"
    assert len(tiles_by_city(game, state)) == 44


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P_SETUP_5_real_board_start_neighbours_always_differ(players):
    game = Pioneers(players=players, start_player=0)
    assert len(start_neighbours(game)) == 2
    for seed in range(12):
        placed = tiles_by_city(game, set_up(game, seed=seed))
        a, b = (placed[c] for c in start_neighbours(game))
        assert a != b


def test_P_SETUP_6_start_player_is_a_fair_chance_turn_or_fixed():
    game = Pioneers(players=3)
    assert set_up(game).start_player in (0, 1, 2)
    # Stop at the start-player draw.
    state = game.setup()
    while state.phase != "first":
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    assert game.chance_outcomes(state) == [
        (FirstPlayer(s), pytest.approx(1 / 3)) for s in range(3)
    ]
    illegal(game, state, FirstPlayer(3), "P-SETUP-6")
    state = set_up(
        game, pick=lambda s, o: FirstPlayer(2) if s.phase == "first" else None
    )
    assert state.start_player == 2 and state.active == 2
    fixed = Pioneers(players=3, start_player=1)
    seen = []
    set_up(fixed, pick=lambda s, o: seen.append(s.phase))
    assert "first" not in seen
    assert set_up(fixed).start_player == 1


def test_P_SETUP_6_turn_order_is_clockwise_from_the_start_player():
    game = Pioneers(players=4, start_player=2)
    state = set_up(game)
    order = []
    for _ in range(8):
        order.append((state.round, state.active))
        state = game.apply(state, EndPurchases())
        # pass or, if forced, make the cheapest move and decline everything after
        while game.to_move(state) is not None and state.phase != "buy":
            if game.to_move(state) == CHANCE:
                state = game.apply(state, game.chance_outcomes(state)[0][0])
            else:
                state = game.apply(state, game.legal_actions(state)[-1])
    assert order == [(1, 2), (1, 3), (1, 0), (1, 1), (2, 2), (2, 3), (2, 0), (2, 1)]
    assert state.start_player == 2


def test_P_SETUP_7_bank_and_nugget_pool():
    game = Pioneers(players=4, start_player=0, finite_bank=True)
    state = set_up(game)
    # $2 to each of 4 players, then the start player's $3 income.
    assert state.bank == 63 - 4 * 2 - 3
    assert all(pl.nuggets == () for pl in state.players)


def test_P_SETUP_8_stagecoach_on_the_start_city():
    game = Pioneers(players=4)
    assert game.setup().coach == game.board.start_id
    assert set_up(game).coach == "BUF"


def test_P_SETUP_9_market_filled_left_to_right_from_the_deck():
    """ASSUMPTION-24 too: the first wagon drawn goes to the $1 slot."""
    game = Pioneers(players=4, start_player=0)
    state = game.setup()
    while state.phase != "market":
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) == 24 and sum(p for _, p in outcomes) == pytest.approx(1)
    for wid in ("W07", "W03", "W19", "W11"):
        state = game.apply(state, RevealWagon(wid))
    assert state.market == ("W07", "W03", "W19", "W11")
    assert state.deck == 18 and state.phase == "deal"
    illegal(game, state._replace(phase="market"), RevealWagon("W07"), "P-SETUP-9")


def test_P_SETUP_10_start_wagons_dealt_at_random_one_each():
    game = Pioneers(players=2, start_player=0)
    state = game.setup()
    while state.phase != "deal":
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    first = game.chance_outcomes(state)
    assert [a for a, _ in first] == [DealStart(0, w) for w in ("S1", "S2", "S3", "S4")]
    assert [p for _, p in first] == pytest.approx([0.25] * 4)
    illegal(game, state, DealStart(1, "S1"), "P-SETUP-10")
    state = game.apply(state, DealStart(0, "S3"))
    second = game.chance_outcomes(state)
    assert [a for a, _ in second] == [DealStart(1, w) for w in ("S1", "S2", "S4")]
    state = game.apply(state, DealStart(1, "S1"))
    assert [pl.wagons[0].id for pl in state.players] == ["S3", "S1"]
    assert state.phase == "buy"  # the two unused start wagons are out of the game


def test_P_SETUP_11_two_dollars_and_the_shop_token_at_rest():
    game = Pioneers(players=3, start_player=1)
    state = set_up(game)
    assert [pl.money for pl in state.players] == [2, 5, 2]
    assert state.used == () and state.actions_left == 1
    assert all(pl.merchants == 0 and pl.bankers == 0 for pl in state.players)


def test_P_SETUP_12_pioneers_on_the_start_city_and_every_start_seat():
    game = Pioneers(players=4, start_player=0)
    state = set_up(game)
    start = game.board.start
    assert state.settled[start] == (1, 1, 1, 1)
    assert sum(sum(row) for row in state.settled) == 4
    for pl in state.players:
        (w,) = pl.wagons
        assert len(w.seats) == 5 and all(w.occupied) and w.face_up
        assert pl.supply == 20 - 1 - 5 == 14
        assert pl.roads_left == 15


def test_P_SETUP_13_score_markers_start_on_zero():
    state = set_up(Pioneers(players=4, start_player=0))
    assert all(pl.vp == 0 for pl in state.players)


# ----- related assumptions -----------------------------------------------------------------


def test_ASSUMPTION_1_board_data_file_with_buffalo_start_of_degree_2():
    for side, n in (("4p", 45), ("23p", 39)):
        board = load_board(side)
        assert len(board.ids) == n and board.start_id == "BUF"
        assert len(board.adj[board.start]) == 2


def test_ASSUMPTION_2_designed_wagon_deck():
    for w in START:
        assert len(w.seats) == 5 and len(set(w.seats)) == 5 and w.vp == 12
    for w in REGULAR:
        assert 2 <= len(w.seats) <= 4 and 4 <= w.vp <= 10
    assert {w.bonus for w in load_wagons()} == {1}


def test_ASSUMPTION_3_six_seat_professions_no_hotel_seat():
    assert TILE_TYPES[:6] == PROFESSIONS and "HOTEL" not in PROFESSIONS
    assert all("HOTEL" not in w.seats for w in load_wagons())


def _pick_pool_only_merchants(game, nbrs):
    """Give the 42 other cities 7 of each non-MERCHANT type and both neighbours MERCHANT."""
    others = [t for t in TILE_TYPES if t != "MERCHANT"]

    def pick(state, outcomes):
        if state.phase == "tile":
            city = outcomes[0][0].city
            if city in nbrs:
                return DrawTile(city, "MERCHANT")
            return next(
                DrawTile(city, t)
                for t in others
                if state.tile_pool[TILE_TYPES.index(t)]
            )
        return None

    return pick


def test_ASSUMPTION_15_no_unused_tile_can_fix_it_so_swap_with_another_city():
    cities = [f"C{i:02d}" for i in range(1, 43)]
    conns = ["S-N1", "S-N2", "N1-C01", "N2-C42"] + [
        f"{a}-{b}" for a, b in itertools.pairwise(cities)
    ]
    deck = [wagon_spec(f"R{i}", "FARMER BANKER") for i in range(1, 9)]
    game = fixture_game(conns, start="S", wagons=deck, start_player=0)
    pick = _pick_pool_only_merchants(game, {"N1", "N2"})
    state = game.setup()
    while state.phase in ("tile",):
        state = game.apply(state, pick(state, game.chance_outcomes(state)))
    assert state.phase == "redraw"
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) == 42 and all(isinstance(a, SwapTiles) for a, _ in outcomes)
    assert {a.city for a, _ in outcomes} == {"N2"}
    assert [p for _, p in outcomes] == pytest.approx([1 / 42] * 42)
    before = tiles_by_city(game, state)
    state = game.apply(state, SwapTiles("N2", "C05"))
    after = tiles_by_city(game, state)
    assert after["N2"] == before["C05"] and after["C05"] == "MERCHANT"
    assert Counter(after.values()) == Counter(before.values())
    assert state.phase != "redraw"


def test_ASSUMPTION_15_three_start_neighbours_must_be_pairwise_different():
    deck = [wagon_spec(f"R{i}", "FARMER BANKER") for i in range(1, 9)]
    game = fixture_game(["S-A", "S-B", "S-C"], start="S", wagons=deck, start_player=0)
    state = game.setup()
    for city, tile in (("A", "FARMER"), ("B", "HOTEL"), ("C", "FARMER")):
        state = game.apply(state, DrawTile(city, tile))
    assert state.phase == "redraw"
    assert {a.city for a, _ in game.chance_outcomes(state)} == {"C"}
    illegal(game, state, Redraw("A", "BANKER"), "P-SETUP-5")
    state = game.apply(state, Redraw("C", "HOTEL"))  # now B and C clash
    assert state.phase == "redraw"
    state = game.apply(state, Redraw("C", "BANKER"))
    assert state.phase != "redraw"
    assert sorted(tiles_by_city(game, state).values()) == ["BANKER", "FARMER", "HOTEL"]


def test_ASSUMPTION_21_two_players_leave_5_of_35_tiles_unused():
    game = Pioneers(players=2, start_player=0)
    state = set_up(game, seed=7)
    assert sum(t is not None for t in state.tiles) == 30
    assert 35 - 30 == 5


def test_ASSUMPTION_24_slot_prices_are_fixed_and_wagons_slide_to_cheaper_slots():
    deck = [wagon_spec(f"Q{i}", "FARMER") for i in range(1, 7)]
    game = fixture_game(["S-A"], start="S", wagons=deck)
    state = stage(
        game,
        phase="buy",
        market=["Q1", "Q2", "Q3", "Q4"],
        players={0: dict(money=9, wagons=[wagon("X", "FARMER")])},
    )
    state = game.apply(game.apply(state, BuyWagon(1)), RevealWagon("Q6"))
    assert state.market == ("Q2", "Q3", "Q4", "Q6")
    # Q2 now costs $1 in slot 1; slot 4 still costs $4.
    for slot, price in ((1, 1), (4, 4)):
        s = state._replace(phase="buy", actions_left=1, used=())
        assert (
            game.apply(s, BuyWagon(slot)).players[0].money
            == state.players[0].money - price
        )
    assert Pass() not in game.legal_actions(
        state._replace(phase="buy", actions_left=1, used=())
    )


@pytest.mark.parametrize(
    ("regular", "filled"), [(0, 0), (2, 0), (3, 1), (5, 3), (6, 4)]
)
def test_P_SETUP_9_a_small_custom_deck_fills_only_what_the_deck_holds(regular, filled):
    """P-PC-4 removes 2 wagons (4 players) first; the market is filled from the deck only,
    and slots the deck cannot fill stay empty (as in P-BUY-8). Set-up never crashes."""
    deck = [wagon_spec(f"R{i}", "FARMER BANKER") for i in range(1, regular + 1)]
    game = fixture_game(["S-A", "A-B"], start="S", wagons=deck, start_player=0)
    state = game.setup()
    assert state.deck == max(regular - 2, 0)
    state = set_up(game)
    assert state.phase == "buy" and state.deck == 0
    assert sum(w is not None for w in state.market) == filled
    assert state.market[filled:] == (None,) * (4 - filled)
    assert not state.end_triggered  # P-END-1b is about the refill during play


@pytest.mark.parametrize(
    ("players", "cover", "expected"),
    [
        (2, "designated", 8),
        (2, "random", 0),
        (3, "designated", 0),
        (4, "designated", 0),
    ],
)
def test_P_SETUP_2_covered_at_start_names_the_designated_cover_cities(
    players, cover, expected
):
    game = Pioneers(players=players, cover=cover)
    covered = game.covered_at_start
    assert sum(covered) == expected
    assert covered == game.setup().covered  # what the first state shows
    if expected:
        ids = [game.board.ids[i] for i, c in enumerate(covered) if c]
        assert ids == [game.board.ids[i] for i in game.board.covered_2p]
