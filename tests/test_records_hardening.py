"""Records from someone else (issue 15): size and depth limits, every problem a
RecordError naming the file and the field, options checked by type, no local paths."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from toolkit import anno1503, pioneers
from toolkit.anno1503 import base as anno_base
from toolkit.core import Record, RecordError, play, random_agent, replay
from toolkit.core import record as R


@pytest.fixture(scope="module")
def pioneers_record() -> dict:
    _, record = play(pioneers.Pioneers(players=2), [random_agent] * 2, seed=1)
    return json.loads(record.to_json())


#: Stands for a 5,000-digit integer in the JSON text that :func:`write` writes.
BIG = "<5000 digits>"


def write(tmp_path, data, name="rec.json") -> str:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_text(text.replace(json.dumps(BIG), "9" * 5000))
    return str(path)


# ---- 1. size and depth ------------------------------------------------------


def test_a_record_over_the_size_limit_is_refused_with_the_size_named(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (R.MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match=r"big.json.*16 MB"):
        Record.load(path)


def test_a_record_exactly_at_the_limit_is_read(tmp_path, pioneers_record):
    text = json.dumps(pioneers_record)
    path = tmp_path / "full.json"
    path.write_text(text + " " * (R.MAX_RECORD_BYTES - len(text)))
    assert Record.load(path).actions == tuple(pioneers_record["actions"])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_refused_without_reading_it_all():
    # An endless file: reading it whole runs out of memory.  Run in a child with
    # 1 GB of address space, so that a regression fails instead of eating the machine.
    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))\n"
        "from toolkit.core import Record, RecordError\n"
        "try:\n    Record.load('/dev/zero')\n"
        "except RecordError as exc:\n    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-500:]
    assert "/dev/zero" in out.stdout and "larger than 16 MB" in out.stdout


def test_from_json_refuses_an_oversized_text_too():
    with pytest.raises(RecordError, match="larger than 16 MB"):
        Record.from_json(" " * (R.MAX_RECORD_BYTES + 1), source="t.json")


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deep_nesting_is_refused_with_the_depth_named(tmp_path, opener):
    depth = R.MAX_RECORD_DEPTH + 1
    text = opener * depth + "1" + ("]" if opener == "[" else "}") * depth
    with pytest.raises(RecordError, match=rf"deep.json.*{R.MAX_RECORD_DEPTH} levels"):
        Record.load(write(tmp_path, text, "deep.json"))


def test_very_deep_nesting_is_a_record_error_not_a_recursion_error(tmp_path):
    text = "[" * 200_000  # unclosed, far beyond the interpreter's recursion limit
    with pytest.raises(RecordError, match=r"deep\.json"):
        Record.load(write(tmp_path, text, "deep.json"))


def test_brackets_inside_texts_do_not_count_as_nesting(tmp_path, pioneers_record):
    data = dict(pioneers_record, agents=["[" * 500, "{" * 500])
    assert Record.load(write(tmp_path, data)).agents == ("[" * 500, "{" * 500)


def test_nesting_within_the_limit_is_read(tmp_path, pioneers_record):
    nested: object = 1
    for _ in range(R.MAX_RECORD_DEPTH - 3):
        nested = [nested]
    data = dict(pioneers_record, options={"x": nested})
    assert Record.load(write(tmp_path, data)).options == {"x": nested}


# ---- 2. every problem is a RecordError naming the file and the field ---------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"scores": ["a"]}, "field 'scores', entry 0"),
        ({"scores": [{}]}, "field 'scores', entry 0"),
        ({"scores": [1, True]}, "field 'scores', entry 1"),
        ({"agents": [1, 2]}, "field 'agents', entry 0"),
        ({"seed": BIG}, "field 'seed'"),
        ({"players": BIG}, "field 'players'"),
        ({"actions": [BIG]}, "field 'actions', entry 0"),
        ({"seed": float("nan")}, "field 'seed'"),
    ],
)
def test_bad_fields_are_record_errors_naming_file_and_field(
    tmp_path, pioneers_record, change, where
):
    path = write(tmp_path, dict(pioneers_record, **change))
    with pytest.raises(RecordError) as err:
        Record.load(path)
    assert f"rec.json, {where}" in str(err.value)
    assert len(str(err.value)) < 300  # an excerpt, not 5,000 digits


@pytest.mark.parametrize(
    ("options", "where"),
    [
        ({"wagons": [1, 2, 3]}, "options.wagons"),
        ({"board": {}}, "options.board"),
        ({"max_rounds": BIG}, "options.max_rounds"),
        ({"max_rounds": "many"}, "options.max_rounds"),
        ({"cover": ["random"]}, "options.cover"),
        ({"colour": "red"}, "options.colour"),
    ],
)
def test_bad_options_are_record_errors_naming_file_and_option(
    tmp_path, pioneers_record, options, where
):
    path = write(tmp_path, dict(pioneers_record, options=options))
    with pytest.raises(RecordError) as err:
        replay(Record.load(path))
    assert f"rec.json, field '{where}'" in str(err.value)
    assert len(str(err.value)) < 400


def test_bad_players_in_a_record_name_the_field(tmp_path, pioneers_record):
    path = write(tmp_path, dict(pioneers_record, players=7))
    with pytest.raises(RecordError, match=r"rec.json, field 'players'"):
        replay(Record.load(path))


def test_replay_errors_name_the_file_and_the_action(tmp_path, pioneers_record):
    actions = list(pioneers_record["actions"])
    actions[5] = "X" * 16_000
    path = write(tmp_path, dict(pioneers_record, actions=actions))
    with pytest.raises(RecordError) as err:
        replay(Record.load(path))
    message = str(err.value)
    assert message.startswith(f"{path}, action 5 (")
    assert "X" * 80 + "'..." in message and "X" * 81 not in message
    assert len(message) < 600


def test_an_action_the_game_cannot_read_at_all_is_a_record_error(tmp_path):
    _, record = play(anno1503.Anno1503(players=2), [random_agent] * 2, seed=1)
    data = json.loads(record.to_json())
    data["actions"][3] = "\x00" * 10
    with pytest.raises(RecordError, match=r"rec.json, action 3"):
        replay(Record.load(write(tmp_path, data)))


def test_a_record_in_memory_still_names_no_file(pioneers_record):
    data = dict(pioneers_record, actions=["nonsense"])
    with pytest.raises(RecordError, match=r"^action 0 \('nonsense'\)"):
        replay(Record.from_json(json.dumps(data)))


def test_a_good_record_file_still_replays(tmp_path):
    game = pioneers.Pioneers(players=3)
    final, record = play(game, [random_agent] * 3, seed=4)
    path = tmp_path / "good.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded == record and loaded.to_json() == record.to_json()
    assert replay(loaded) == final


# ---- 3. options checked by type, the same through Python, the CLI and records -

#: (game, option, bad value, words of the expected type in the message)
BAD_TYPES = [
    ("pioneers", "cover", 1, "text"),
    ("pioneers", "finite_bank", "no", "True or False"),
    ("pioneers", "finite_bank", 1, "True or False"),
    ("pioneers", "early_end", 1, "True or False"),
    ("pioneers", "early_end", None, "True or False"),
    ("pioneers", "max_rounds", True, "whole number"),
    ("pioneers", "max_rounds", 2.0, "whole number"),
    ("pioneers", "start_player", True, "seat"),
    ("pioneers", "start_player", "0", "seat"),
    ("anno1503", "max_turns", True, "whole number"),
    ("anno1503", "max_turns", 10.0, "whole number"),
    ("anno1503", "max_purchases_per_turn", True, "1 or 2"),
    ("anno1503", "sale_cards_per_resident", True, "1 or 2"),
    ("anno1503", "sale_cards_per_resident", "1", "1 or 2"),
    ("anno1503", "victory_check", 1, "text"),
    ("anno1503", "pirates_target", ["farthest"], "text"),
    ("anno1503", "cost_pioneer_to_settler", {"CLOTH": True}, "count"),
    ("anno1503", "cost_pioneer_to_settler", [1, 2], "goods to counts"),
]
GAMES = {"pioneers": pioneers.Pioneers, "anno1503": anno1503.Anno1503}


@pytest.mark.parametrize(("game", "option", "value", "expected"), BAD_TYPES)
def test_a_wrong_type_of_option_is_refused_naming_option_and_type(
    game, option, value, expected
):
    with pytest.raises((TypeError, ValueError)) as err:
        GAMES[game](players=2, **{option: value})
    assert option in str(err.value) and expected in str(err.value)
    shown = value.values() if isinstance(value, dict) else [value]
    assert all(repr(v)[:20] in str(err.value) for v in shown)


@pytest.mark.parametrize(("game", "option", "value", "expected"), BAD_TYPES)
def test_a_wrong_type_of_option_in_a_record_names_the_option(
    tmp_path, game, option, value, expected
):
    _, record = play(GAMES[game](players=2), [random_agent] * 2, seed=1)
    data = json.loads(record.to_json())
    data["options"][option] = value
    with pytest.raises(RecordError) as err:
        replay(Record.load(write(tmp_path, data)))
    assert f"rec.json, field 'options.{option}'" in str(err.value)
    assert expected in str(err.value)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("finite_bank=no", "finite_bank must be True or False"),
        ("early_end=1", "early_end must be True or False"),
        ("colour=red", "colour"),
    ],
)
def test_a_wrong_type_of_option_on_the_command_line_is_refused(
    tmp_path, capsys, option, message
):
    from toolkit import cli

    out = tmp_path / "r.parquet"
    status = cli.main(
        ["simulate", "pioneers", "--games", "1", "--agents", "random,random"]
        + ["--option", option, "--out", str(out), "--no-progress"]
    )
    assert status == 2 and message in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("game", ["pioneers", "anno1503"])
def test_an_unknown_option_is_named(game):
    with pytest.raises((TypeError, ValueError), match="colour"):
        GAMES[game](players=2, colour="red")


def test_good_options_of_every_type_are_kept():
    game = pioneers.Pioneers(
        players=2,
        cover="random",
        finite_bank=True,
        max_rounds=9,
        early_end=True,
        start_player=1,
        route_choice="every",
    )
    assert game.options == {
        "cover": "random",
        "finite_bank": True,
        "max_rounds": 9,
        "early_end": True,
        "start_player": 1,
        "route_choice": "every",
    }
    anno = anno1503.Anno1503(
        players=2,
        max_turns=50,
        max_purchases_per_turn=2,
        sale_cards_per_resident=2,
        victory_check="end_of_turn",
        pirates_target="farthest_empty",
        cost_pioneer_to_settler={"CLOTH": 1, "STONE": 1},
    )
    assert (
        anno.options["max_turns"] == 50 and anno.options["max_purchases_per_turn"] == 2
    )


# ---- 4. a record names no local path ------------------------------------------


@pytest.fixture
def data_record(tmp_path):
    """A game played on a copy of the data folder, and its record file."""
    import shutil

    from toolkit.core.data import dataset_path

    folder = tmp_path / "mydata"
    shutil.copytree(dataset_path("anno1503", "goods.csv").parent, folder)
    game = anno1503.Anno1503(players=2, data=str(folder))
    final, record = play(game, [random_agent] * 2, seed=2)
    path = tmp_path / "custom.json"
    record.save(path)
    return game, final, record, path


def test_the_local_options_are_marked_on_the_game_class():
    assert anno1503.Anno1503.local_options == ("data",)
    assert not getattr(pioneers.Pioneers, "local_options", ())


def test_a_record_naming_a_data_folder_is_refused_on_load(data_record):
    _, _, _, path = data_record
    with pytest.raises(RecordError) as err:
        Record.load(path)
    message = str(err.value)
    assert message.startswith(f"{path}, field 'options.data'")
    assert "from code" in message and "replay(record, game)" in message


def test_a_record_naming_a_data_folder_is_refused_on_replay(data_record):
    _, _, record, _ = data_record
    text = record.to_json()
    with pytest.raises(RecordError, match=r"field 'options\.data'.*from code"):
        replay(Record.from_json(text))


def test_a_record_naming_any_folder_reads_no_file_there(tmp_path, monkeypatch):
    _, record = play(anno1503.Anno1503(players=2), [random_agent] * 2, seed=1)
    data = json.loads(record.to_json())
    data["options"]["data"] = str(tmp_path / "elsewhere")
    read = []
    monkeypatch.setattr(anno_base, "load_tables", lambda d: read.append(d))
    path = write(tmp_path, data)
    with pytest.raises(RecordError, match=r"options\.data'.*from code"):
        replay(Record.load(path))
    with pytest.raises(RecordError, match=r"options\.data'.*from code"):
        replay(Record.from_json(json.dumps(data)))
    assert read == []


def test_passing_the_game_still_replays_a_record_with_custom_data(data_record):
    game, final, record, path = data_record
    assert replay(record, game) == final
    assert replay(Record.load(path, game), game) == final
