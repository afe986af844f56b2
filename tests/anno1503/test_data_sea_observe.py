"""Datasets (bad files name file/row/field), the sea graph, hidden information, rule coverage."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from toolkit import anno1503
from toolkit.anno1503 import IslandCard
from toolkit.core import CHANCE
from toolkit.core.data import DatasetError, dataset_path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = dataset_path("anno1503", "sea.csv").parent


@pytest.fixture
def data(tmp_path):
    """A private copy of the datasets that a test may spoil."""
    for f in anno1503.tables.FILES:
        shutil.copy(DATA / f, tmp_path / f)
    return tmp_path


def edit(folder, name, old, new):
    """Replace text in a data file; ``|`` separates several replacements."""
    path = folder / name
    text = path.read_text()
    for o, n in zip(old.split("|"), new.split("|"), strict=True):
        assert o in text, o
        text = text.replace(o, n, 1)
    path.write_text(text)


def test_shipped_datasets_load_and_match_the_spec():
    t = anno1503.load_tables()
    assert (t.rows, t.cols, t.start) == (5, 12, (2, 0))
    assert Counter(n for _, n in t.islands) == {2: 10, 3: 5, 4: 5}
    assert sum(n for _, n in t.deck) == 32
    assert t.home["A"] == ("ANY", "STONE", "WOOD", "CLOTH", "TOOLS")
    assert t.bridges == {
        "A": (2, 3, 4, 5),
        "B": (1, 3, 4, 5),
        "C": (1, 2, 4, 5),
        "D": (1, 2, 3, 5),
    }
    assert (t.safe_spaces, t.slot_spaces, t.spaces) == (2, (4, 5, 6, 7), 7)
    assert len(t.buildings) == 14 and t.goods_cards == 15


def test_a_game_reads_another_data_folder(data):
    edit(data, "goods.csv", "TOBACCO,15", "TOBACCO,15")
    game = anno1503.Anno1503(players=2, data=str(data))
    assert game.options["data"] == str(data) and game.setup().supply[0] == 13


@pytest.mark.parametrize(
    ("name", "old", "new", "row", "field"),
    [
        ("sea.csv", "0,5,sea,0", "0,5,lava,0", 6, "kind"),
        ("sea.csv", "0,2,island,2", "0,2,island,5", 3, "number"),
        ("sea.csv", "0,0,sea,0", "0,0,sea,2", 1, "number"),
        ("sea.csv", "1,0,sea,0", "1,0,start,0", 25, "kind"),
        ("island_cards.csv", "2,contract,NONE,5", "2,contract,NONE,five", 6, "count"),
        ("island_cards.csv", "2,office,CLOTH,1", "2,office,NONE,1", 3, "good"),
        ("home_islands.csv", "A,2,STONE,true", "A,2,STONE,yes", 2, "stone_bridge"),
        ("home_islands.csv", "B,3,STONE,true", "B,3,ANY,true", 8, "stone_bridge"),
        ("resident_spaces.csv", "3,false,false", "4,false,false", 3, "space"),
        ("public_buildings.csv", "3,SHIPYARD", "3,LIGHTHOUSE", 7, "building"),
        ("goods.csv", "SPICE,15", "SPICE,-1", 5, "cards"),
        ("sale_prices.csv", "SETTLER,CLOTH,2", "SETTLER,CLOTH,two", 4, "price"),
        ("costs.csv", "ship,WOOD,1", "ship,GOLD,1", 2, "good"),
        ("costs.csv", "item,good,count", "item,good,amount", 0, "count"),
    ],
)
def test_bad_dataset_rows_name_file_row_and_field(data, name, old, new, row, field):
    edit(data, name, old, new)
    with pytest.raises(DatasetError) as err:
        anno1503.load_tables(data)
    assert (err.value.file, err.value.row, err.value.field) == (name, row, field)
    with pytest.raises(DatasetError):
        anno1503.Anno1503(players=2, data=str(data))


@pytest.mark.parametrize(
    ("name", "old", "new", "field"),
    [
        (
            "sea.csv",
            "0,1,sea,0|1,0,sea,0",
            "0,1,island,2|1,0,island,2",
            None,
        ),  # (0,0) cut off
        (
            "home_islands.csv",
            "A,2,STONE,true",
            "A,2,ANY,false",
            "good",
        ),  # two "?" faces
        (
            "island_cards.csv",
            "4,contract,NONE,3\n4,treasure_upgrade,NONE,1\n4,treasure_gold,NONE,1",
            "4,contract,NONE,1",
            "count",
        ),  # 4 cards with back 4 for 5 island spaces
        ("goods.csv", "WOOD,15", "WOOD,14", "cards"),
    ],
)
def test_bad_dataset_wholes_name_the_file(data, name, old, new, field):
    edit(data, name, old, new)
    with pytest.raises(DatasetError) as err:
        anno1503.load_tables(data)
    assert err.value.file == name and err.value.field == field


def test_missing_dataset_file_is_named(data):
    (data / "costs.csv").unlink()
    with pytest.raises(DatasetError, match=r"costs\.csv"):
        anno1503.load_tables(data)


def test_sea_graph_is_the_grid_without_islands(game3):
    g = anno1503.sea_graph(game3)
    assert g.number_of_nodes() == 40 and nx.is_connected(g)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in g.edges)  # A-SHIP-3
    assert not any(p in g for p in game3.island_spaces)
    assert all(
        any(p in g for p in nx.grid_2d_graph(5, 12).neighbors(i))
        for i in game3.island_spaces
    )


def test_reachable_spaces_and_islands_by_action_points(game3):
    s = anno1503.position(game3, seats={0: {"ships": [(2, 5), (2, 0)]}})
    r1, r2 = anno1503.reachable(game3, s, 0)
    assert (r1.ship, r1.at, r1.ap) == (1, (2, 5), 3)
    assert max(r1.spaces.values()) == 3 and r1.spaces[(2, 5)] == 0
    assert r1.spaces == dict(
        nx.single_source_shortest_path_length(game3.sea, (2, 5), cutoff=3)
    )
    assert r1.islands[(1, 6)] == 2 and r1.islands[(3, 5)] == 1
    assert all(cost <= 3 for cost in r1.islands.values())
    assert (r2.ship, r2.islands) == (
        2,
        {(1, 1): 2, (4, 1): 3},
    )  # (3,3) needs 3 moves + 1
    s = anno1503.position(game3, seats={0: {"ships": [(2, 5)]}}, islands={(3, 5): []})
    assert (3, 5) not in anno1503.reachable(game3, s, 0)[
        0
    ].islands  # used island: nothing to explore


def visible_to(game, s, seat):
    """Faces ``seat`` can see: its own explored cards, home islands and the discards."""
    out = Counter(
        c.code
        for st in s.islands
        for c in st
        if c.code[0] != "?" and c.seen >> seat & 1
    )
    out += Counter(o for p in s.players for o in (*p.offices, *p.contracts) if o)
    return out + Counter(s.gone)


def hide(game, s, seat):
    """The same state with every card ``seat`` did not see turned back into an undecided card."""
    pool = list(s.pool)
    islands = []
    for st in s.islands:
        new = []
        for c in st:
            if c.code[0] != "?" and not c.seen >> seat & 1:
                pool[game.code_index[c.code]] += 1
                c = IslandCard(f"?/{c.code[-1]}", c.seen)
            new.append(c)
        islands.append(tuple(new))
    reserve = list(s.reserve)
    for code in s.reserve_known:
        pool[game.code_index[code]] += 1
        reserve[(2, 3, 4).index(int(code[-1]))] += 1
    return s._replace(
        islands=tuple(islands),
        pool=tuple(pool),
        reserve=tuple(reserve),
        reserve_known=(),
    )


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6)])
def test_observe_never_leaks_unexplored_island_cards(players, seed):
    game = anno1503.Anno1503(players=players, max_turns=120)
    rng = random.Random(seed)
    s = game.setup()
    redacted = 0
    while (mover := game.to_move(s)) is not None:
        for seat in range(players):
            obs = game.observe(s, seat)
            for st in obs.islands:
                for c in st:
                    assert (
                        c.code[0] == "?" or c.seen >> seat & 1
                    )  # only cards it explored
            assert obs.reserve_known == ()
            assert Counter(dict(zip(game.card_codes, obs.pool))) == Counter(
                dict(zip(game.card_codes, game.deck))
            ) - visible_to(game, s, seat)
            # what seat did not see could be anything: hiding it changes nothing
            assert game.observe(hide(game, s, seat), seat) == obs
            assert game.observe(obs, seat) == obs
            redacted += obs.islands != s.islands
        if mover == CHANCE:
            outcomes = game.chance_outcomes(s)
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(game.legal_actions(s))
        s = game.apply(s, a)
    assert redacted > 50  # the playout did hide cards from someone


def test_observation_is_a_playable_determinisation(game3, h):
    s = anno1503.position(
        game3, seats={0: {"ships": [(2, 7)]}}, islands={(1, 7): "BO-SPICE/2"}
    )
    s = h.run(game3, s, "explore 1 1,7")
    obs = game3.observe(s, 1)
    assert obs.islands[game3.island_index[(1, 7)]][-1] == IslandCard("?/2", 0b001)
    assert (
        game3.legal_actions(obs) == game3.legal_actions(s)[:1]
        or game3.to_move(obs) == 0
    )
    assert (
        game3.observe(s, 0).islands[game3.island_index[(1, 7)]][-1].code == "BO-SPICE/2"
    )


RULE_IDS = (
    [f"A-COMP-{i}" for i in range(1, 8)]
    + [f"A-SETUP-{i}" for i in range(1, 11)]
    + [f"A-TURN-{i}" for i in range(1, 5)]
    + [f"A-PROD-{i}" for i in range(1, 6)]
    + [f"A-EVENT-{i}" for i in range(1, 7)]
    + [f"A-BUILD-{i}" for i in range(1, 3)]
    + [f"A-PLACE-{i}" for i in range(1, 5)]
    + [f"A-UPG-{i}" for i in range(1, 6)]
    + [f"A-PB-{i}" for i in range(1, 7)]
    + [f"A-SELL-{i}" for i in range(1, 4)]
    + [f"A-BUY-{i}" for i in range(1, 3)]
    + ["A-HAND-1"]
    + [f"A-SHIP-{i}" for i in range(1, 5)]
    + [f"A-EXPL-{i}" for i in range(1, 4)]
    + [f"A-ISL-{i}" for i in range(1, 6)]
    + [f"A-WIN-{i}" for i in range(1, 5)]
    + [f"EX-{i}" for i in range(1, 24)]
    + [f"CONFLICT-{i}" for i in range(1, 5)]
)


def test_every_rule_id_and_example_has_a_named_test():
    names = set()
    for path in sorted(HERE.glob("test_*.py")):
        names |= set(re.findall(r"def (test_\w+)", path.read_text()))
    missing = [
        r
        for r in RULE_IDS
        if not any(n.startswith(f"test_{r.replace('-', '_')}_") for n in names)
    ]
    assert missing == []


def test_the_rules_table_has_every_rule_id_example_conflict_and_assumption():
    """toolkit/anno1503/rulebook.py: one sentence per ID, and nothing else."""
    from toolkit.anno1503.rulebook import RULES

    # the specification's, and the engine's own (ASSUMPTION-E1, win before an event)
    assumptions = [f"ASSUMPTION-{i}" for i in range(1, 34)] + ["ASSUMPTION-E1"]
    assert set(RULES) == set(RULE_IDS) | set(assumptions)
    rules_only = [r for r in RULES if r.startswith("A-")]
    assert rules_only == [r for r in RULE_IDS if r.startswith("A-")]
    assert all(text.strip() for text in RULES.values())


def test_importing_the_engine_loads_no_notebook_stack():
    code = (
        "import sys, toolkit.anno1503, toolkit.anno1503.builder, toolkit.anno1503.sea\n"
        "print(sorted(m for m in ('plotly', 'pandas', 'ipywidgets') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "module",
    ["__init__", "actions", "base", "builder", "queries", "reach", "rules", "tables"],
)
def test_docstring_examples_run(module):
    """A compiled module's docstrings run from its source (``FRONTIER_PURE=1``)."""
    import doctest
    import importlib
    import os

    name = "toolkit.anno1503" + ("" if module == "__init__" else f".{module}")
    code = (
        "import doctest, importlib; "
        f"r = doctest.testmod(importlib.import_module({name!r})); "
        "print(r.failed, r.attempted)"
    )
    if importlib.import_module(name).__file__.endswith(".py"):
        result = doctest.testmod(importlib.import_module(name))
        failed, attempted = result.failed, result.attempted
    else:  # compiled (mypyc keeps no doctests): the source in a plain Python
        env = dict(os.environ, FRONTIER_PURE="1")
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=120,
        )
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
        failed, attempted = map(int, out.stdout.split()[-2:])
    assert failed == 0 and attempted > 0
