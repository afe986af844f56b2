"""Every worked example EX-1 ... EX-17 of the Montana spec, as a test."""

from __future__ import annotations

from toolkit import montana
from toolkit.montana.board import line_bonus, tile_cells


def _no_cattle(h, s):
    for seat in range(len(s.players)):
        s = h.player(s, seat, cattle=0)
    return s


def test_EX_1_supply_shortage_one_return_pass(g3, h):
    s = h.landscape(g3)
    s = s._replace(supply=(15, 15, 15, 2, 9, 9))
    s = h.player(s, 0, goods=h.goods(stone=1), coins=6)  # Maciek
    s = h.player(s, 1, goods=h.goods(stone=2))  # Ola
    s = h.player(s, 2, goods=h.goods())  # Piotr
    s = h.run(g3, s, "work quarry 3 copper+copper")  # 3 small stone
    assert s.supply[3] == 1
    assert [p.goods[3] for p in s.players] == [3, 1, 0]


def test_EX_2_recruit_move_the_pointer(g2, h):
    s = h.player(h.landscape(g2), 0, goods=h.goods(grain=2), workers=h.workers())
    s = h.run(g2, s, "recruit", "spin 1")
    assert s.players[0].workers == h.workers(stone=1, pumpkin=1)
    s = h.run(g2, s, "move 2")
    assert s.wheel == 3 and s.phase == "hire"
    s = h.run(g2, s, "hire pumpkin+pumpkin")
    assert s.players[0].workers == h.workers(stone=1, pumpkin=3)
    assert s.players[0].goods[0] == 0 and s.supply[0] == 12
    # with 6 workers she would return 2 of her choice
    t = h.player(
        h.landscape(g2), 0, goods=h.goods(grain=2), workers=h.workers(copper=6)
    )
    t = h.run(g2, t, "recruit", "spin 1", "move 2", "hire pumpkin+pumpkin")
    assert t.phase == "dismiss" and sum(t.players[0].workers) == 8
    t = h.run(g2, t, "dismiss stone", "dismiss copper")
    assert t.players[0].workers == h.workers(copper=5, pumpkin=3)


def test_EX_3_bank_two_workers(g2, h):
    s = h.player(h.landscape(g2), 0, workers=h.workers(copper=1, stone=1))
    t = h.run(g2, s, "bank copper+stone")
    assert t.players[0].coins == 3 + 8
    full = s._replace(spots=((1, 0, 0, 0), (0, 0, 0, 0), (0, 0, 3, 0)) + s.spots[3:])
    u = h.run(g2, full, "bank copper+stone")
    assert not any(map(any, u.spots[:3]))


def test_EX_4_grain_fields_large_and_small(g2, h):
    s = h.landscape(g2)
    s = h.player(s, 0, workers=h.workers(grain=1, copper=1, stone=1), coins=6)
    s = h.run(g2, s, "work fields 3 grain")
    assert s.players[0].goods[0] == 1 + 4 and s.players[0].coins == 0
    s = h.run(g2, s, "small copper+stone")
    assert s.players[0].goods[0] == 1 + 5 and sum(s.players[0].workers) == 0
    # with the other two grain spaces taken, the area empties at the end of the turn
    t = h.landscape(g2)
    t = h.player(t, 0, workers=h.workers(grain=1, copper=1, stone=1), coins=6)
    spots = list(t.spots)
    spots[montana.spot(2, 1)] = spots[montana.spot(2, 2)] = (1, 0, 0, 0)
    t = h.run(
        g2, t._replace(spots=tuple(spots)), "work fields 3 grain", "small copper+stone"
    )
    assert not any(map(any, t.spots[montana.spot(2, 1) : montana.spot(2, 1) + 6]))


def test_EX_5_farm_placements(g2, h):
    s = h.player(h.landscape(g2), 0, workers=h.workers(stone=2))
    assert montana.Work("farm", 1, "stone+stone") in g2.legal_actions(s)
    one = h.player(s, 0, workers=h.workers(stone=1))
    h.illegal(g2, one, "work farm 1 stone", "M-PROD-2")
    both = h.player(s, 0, workers=h.workers(pumpkin=2, stone=1))
    legal = g2.legal_actions(both)
    assert montana.Work("farm", 1, "pumpkin+stone") in legal
    assert montana.Work("farm", 1, "pumpkin+pumpkin") in legal
    assert montana.Work("farm", 1, "pumpkin") in legal


def test_EX_6_city_outbid_and_payouts(g3, h):
    s = _no_cattle(h, h.landscape(g3))
    s = h.player(s, 0, goods=h.goods(pumpkin=1, stone=1))  # A
    s = h.player(s, 1, goods=h.goods(pumpkin=3, copper=1))  # B
    s = h.run(g3, s, "city A2")
    assert s.players[0].goods[1] == 2
    s = h.run(g3, s, "place A3")  # B outbids
    assert s.decider == 0
    s = h.run(g3, s, "place B1", "pass")  # A re-places, C passes
    a, b = s.players[0], s.players[1]
    assert a.goods == h.goods(pumpkin=1, large_stone=1)
    assert b.goods == h.goods(large_copper=1)
    assert s.city == ((-1, 0),) * 4 and s.active == 1


def test_EX_7_cattle_hex_then_double_hex(g2, h):
    s = h.landscape(g2)
    kinds = list(s.kinds)
    cattle = list(s.cattle)
    a, b = h.hexi(g2, 0, -2), h.hexi(g2, -1, -2)
    kinds[a], cattle[a], kinds[b] = "GG", 1, "DBL"
    s = s._replace(kinds=tuple(kinds), cattle=tuple(cattle))
    s = h.player(s, 0, goods=h.goods(grain=3, large_copper=1, large_stone=1))
    s = h.run(g2, s, "build 0,-2", "build -1,-2", "done")
    p = s.players[0]
    assert p.cattle == 2 and p.coins == 3 + 1 and p.left == 12 - 3
    assert s.stack[b] == 2


def test_EX_8_line_of_four(g2, h):
    s = h.run(g2, h.landscape(g2), "bank copper")  # seat 1 (P2) to move
    s = h.own(g2, s, 1, (-3, 1), (-2, 1), (-1, 1))
    s = h.own(g2, s, 0, (1, 1))
    s = h.player(s, 1, goods=h.goods(grain=1, stone=1))
    s = h.run(g2, s, "build 0,1")
    assert s.stack[h.hexi(g2, 0, 1)] == 2


def test_EX_9_end_after_the_round_and_tie_break(g4, h):
    s = h.landscape(g4)
    s = h.run(g4, s, "bank copper", "bank copper+copper")  # S, B
    s = h.player(s, 2, left=1, goods=h.goods(grain=1, pumpkin=1))
    s = h.run(g4, s, "build 0,-2")  # C builds out
    assert s.ended and s.active == 3 and s.phase == "action"
    s2 = h.player(s, 3, left=1, goods=h.goods(grain=1, pumpkin=1), cattle=3)
    end = h.run(g4, s2, "build 1,-1")  # D builds out too, and takes a cattle
    assert end.phase in ("over", "canteen")
    if end.phase == "canteen":
        end = h.run(g4, end, "done")
    assert g4.winners(end) == (3,)  # more cattle than C


def test_EX_10_trade_in_another_players_city_action(g3, h):
    s = h.run(g3, h.landscape(g3), "bank copper")  # B (seat 1) to move
    s = h.player(s, 2, goods=h.goods(), cattle=2)  # P3
    s = h.player(s, 1, cattle=0)
    s = h.run(g3, s, "city D1")
    assert s.decider == 2 and montana.Trade("pumpkin") in g3.legal_actions(s)
    s = h.run(g3, s, "trade pumpkin", "place C1", "pass")  # then S passes
    assert s.phase == "payout" and s.decider == 2  # may trade before its payout
    s = h.run(g3, s, "collect")
    assert s.players[2].goods == h.goods(grain=2) and s.players[2].cattle == 1
    assert s.active == 2
    s = h.run(g3, s, "trade coins", "work mine 3 copper")
    assert s.players[2].coins == 5 + 3 - 6


def test_EX_11_canteen_turn_belongs_to_the_round(g3, h):
    s = h.run(g3, h.landscape(g3), "bank copper")  # B to move
    s = s._replace(round=5)
    s = h.player(s, 1, canteens=1, goods=h.goods(grain=3), workers=h.workers())
    s = h.run(g3, s, "recruit", "spin 0", "move 2", "canteen", "recruit", "spin 0")
    assert s.round == 5 and s.phase != "extra" and s.active == 2
    s = h.run(g3, s, "bank copper+copper")  # C, then S (round 6) and B again
    assert s.round == 6
    s = h.run(g3, s, "bank copper+copper+copper", "recruit", "spin 0")
    assert s.phase == "extra" and s.active == 1


def test_EX_12_line_bonus_cases(g2, h):
    line = [(q, 1) for q in range(-3, 4)]  # L1..L7 on axis 0
    base = h.player(
        h.landscape(g2),
        0,
        goods=h.goods(
            grain=9, pumpkin=9, copper=9, stone=9, large_copper=2, large_stone=2
        ),
    )

    def stack_after(owned, build, others=()):
        s = h.own(g2, base, 0, *[line[i - 1] for i in owned])
        s = h.own(g2, s, 1, *others)
        for b in build:
            s = h.run(g2, s, f"build {line[b - 1][0]},{line[b - 1][1]}")
        return s

    a = stack_after([1, 2, 4], [3])  # (a) a gap
    assert a.stack[h.hexi(g2, *line[2])] == 2
    b = stack_after([1, 2, 3, 4], [5])  # (b) extension of a run of 4
    assert b.stack[h.hexi(g2, *line[4])] == 1
    c = stack_after([1, 2, 3, 5, 6, 7], [4])  # (c) a join into 7
    assert c.stack[h.hexi(g2, *line[3])] == 2
    # (d) two axes at once on the DBL hex L6 = (2,1): 1 + double + one line bonus
    d = h.own(g2, base, 0, (-1, 1), (0, 1), (1, 1), (3, 0), (1, 2), (0, 3))
    d = h.run(g2, d, "build 2,1")
    assert d.stack[h.hexi(g2, 2, 1)] == 3
    assert line_bonus(((3, 0), (1, 2), (0, 0)))
    # (e) one action: L3 then L4 with L5 not P2's
    e = stack_after([1, 2], [3, 4], others=[line[4]])
    e = h.run(g2, e, "done")
    assert e.stack[h.hexi(g2, *line[2])] == 1 and e.stack[h.hexi(g2, *line[3])] == 2
    assert e.players[0].coins == 3 + 1 and e.players[0].left == 12 - 3


def test_EX_13_ASSUMPTION_20_last_seat_canteen_after_the_trigger(g4, h):
    s = h.landscape(g4)
    s = s._replace(active=3, decider=3, round=3)
    s = h.player(
        s,
        3,
        left=2,
        canteens=1,
        goods=h.goods(grain=3, pumpkin=1),
        workers=h.workers(copper=3),
    )
    s = s._replace(spots=((0, 0, 1, 0), (0, 0, 2, 0)) + s.spots[2:])
    s = h.run(g4, s, "build 1,-1", "build 1,0")
    p = s.players[3]
    assert p.left == 0 and p.canteens == 2 and p.coins == 6 + 1
    assert s.ended and s.phase == "canteen"
    s = h.run(g4, s, "canteen", "bank copper+copper+copper")
    assert not any(map(any, s.spots[:3])) and s.phase == "canteen"
    s = h.run(g4, s, "done")
    assert s.phase == "over" and g4.winners(s) == (3,)


def test_EX_14_outbid_back_in_the_same_row(g3, h):
    s = _no_cattle(h, h.landscape(g3))
    s = h.player(s, 0, goods=h.goods(pumpkin=2))  # A
    s = h.player(s, 1, goods=h.goods(pumpkin=2))  # B
    s = h.player(s, 2, goods=h.goods())  # C
    s = h.run(g3, s, "city D1", "place D2")
    assert s.decider == 0
    s = h.run(g3, s, "place D3")
    assert s.decider == 1 and montana.Place("C", 2) in g3.legal_actions(s)
    s = h.run(g3, s, "place C2")
    assert s.decider == 2
    s = h.run(g3, s, "pass")
    assert s.players[0].goods == h.goods(copper=1, stone=1)
    assert s.players[1].goods == h.goods(grain=2)


def test_EX_15_tile_rotation(g2, h):
    cells = tile_cells((2, 1), 2)
    assert cells == ((2, 1), (2, 0), (1, 1), (1, 2), (2, 2), (3, 1), (3, 0))
    s = h.run(g2, g2.setup(), "tile 1 r0", "tile 3 r2")
    kinds = {g2.hexes[i]: k for i, k in enumerate(s.kinds) if k}
    assert [kinds[c] for c in cells] == ["GP", "LAKE", "CC", "GS", "PP", "LC", "GG"]
    assert s.cattle[h.hexi(g2, 1, 2)] == 1


def test_EX_16_start_on_a_cattle_hex(h):
    game = montana.Montana(players=2, first=0)
    s = game.setup()
    for k in (1, 3, 5, 6, 2, 4, 7):
        s = game.apply(s, montana.Tile(k, 0))
    assert sum(s.cattle) == 7 and sum(k == "LAKE" for k in s.kinds) == 4
    gs = h.hexi(game, 2, 0)  # T3's GS* at centre (2,1), neighbour 2 = dir 2
    assert s.kinds[gs] == "GS" and s.cattle[gs]
    s = game.apply(s, montana.Start(2, 0))
    assert sum(s.cattle) == 6 and sum(s.canteen) == 4
    assert s.herd == 24 - 6 - 2


def test_EX_17_turn_cap_120(h):
    game = montana.Montana(players=2, first=0, start_hex="0,-1", max_turns=120)
    s = h.landscape(game)
    s = s._replace(turns=119, round=60)
    s = h.player(h.player(s, 0, left=2), 1, left=3)
    s = h.run(game, s, "bank copper")  # turn 119, seat 0
    assert s.turns == 120 and s.active == 1
    s = h.run(game, s, "bank copper+copper", "cap")
    assert s.phase == "over" and s.capped and game.winners(s) == (0,)
    # had a canteen made turn 120 seat 0's, seat 1 would still play turn 121
    t = h.landscape(game)._replace(turns=120, round=60)
    t = h.run(game, t, "bank copper", "cap")
    assert t.phase == "action" and t.active == 1 and t.capped
    t = h.run(game, t, "bank copper+copper")
    assert t.phase == "over" and t.turns == 121


def test_M_RECRUIT_1_M_SETUP_9_wheel_counts_match_the_chance_turns(g2, h):
    """``wheel_counts`` (exact fractions) equals enumerating the engine's own
    chance outcomes for one and two spins."""
    from fractions import Fraction

    s = h.run(g2, h.landscape(g2), "recruit")
    outcomes = g2.chance_outcomes(s)
    for spins in (1, 2):
        dist: dict[int, Fraction] = {}
        combos = [[]]
        for _ in range(spins):
            combos = [c + [a] for c in combos for a, _ in outcomes]
        for combo in combos:
            k = sum(g2.tables.wheel[a.segment].count("copper") for a in combo)
            dist[k] = dist.get(k, Fraction(0)) + Fraction(1, 8**spins)
        assert montana.wheel_counts(g2, "copper", spins) == dict(sorted(dist.items()))
    assert sum(montana.wheel_counts(g2, "stone", 2, any_as="stone").values()) == 1
    chain = montana.city_chain(g2, h.landscape(g2), ["city D1", "pass"])
    assert [row["column sum"] for row in chain] == [
        1,
        1,
    ]  # seat 0 may trade, then collect
    assert [row["city open"] for row in chain] == [True, False]
