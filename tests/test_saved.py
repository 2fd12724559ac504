"""Saved games and the autosave: new names, never written over, bad files kept and named."""

from __future__ import annotations

import datetime as dt
import json
import os
import stat
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Rule, Rules
from tictac_tui.records import GameRecord, Players, load
from tictac_tui.saved import (
    Resume,
    SavedGame,
    Shelf,
    list_games,
    load_resume,
    resume_from,
    resume_to_json,
    save_game,
    write_resume,
)

WHEN = dt.datetime(2026, 11, 23, 14, 5, 9)
GAME = GameRecord(Rules.gomoku(15, rule=Rule.RENJU), [(7, 7), (7, 8)], Players("You", "Bob"))


def test_a_saved_game_gets_a_new_name_every_time(tmp_path: Path) -> None:
    first = save_game(GAME, tmp_path, WHEN)
    second = save_game(GAME, tmp_path, WHEN)
    assert first.name == "2026-11-23-140509-15x15-renju.sgf"
    assert second.name == "2026-11-23-140509-15x15-renju-2.sgf"
    assert load(first) == load(second) == GAME


def test_a_file_of_the_same_name_is_never_written_over(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    mine = folder / "2026-11-23-140509-15x15-renju.sgf"
    mine.write_text("my own notes")
    path = save_game(GAME, tmp_path, WHEN)
    assert mine.read_text() == "my own notes" and path.name.endswith("-2.sgf")


def test_saved_games_are_listed_newest_first_with_bad_ones_named(tmp_path: Path) -> None:
    old = save_game(GAME, tmp_path, WHEN)
    new = save_game(GameRecord(Rules.tictactoe(), [(1, 1)]), tmp_path, WHEN)
    bad = tmp_path / "games" / "bad.sgf"
    bad.write_bytes(b"\x00\x01 not a record")
    (tmp_path / "games" / "notes.txt").write_text("not listed")
    for age, path in enumerate((new, old, bad)):
        os.utime(path, (1_700_000_000 - age, 1_700_000_000 - age))
    games = list_games(tmp_path)
    assert [g.path for g in games] == [new, old, bad]
    assert games[2].record is None and games[2].problem
    assert games[1].record == GAME and games[1].modified == 1_700_000_000 - 1


def test_no_games_folder_is_an_empty_list(tmp_path: Path) -> None:
    assert list_games(tmp_path / "nowhere") == []


def resume() -> Resume:
    settings = Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH)
    return Resume(GAME, settings, False, Move(3, 4), counted=True, hinted=True)


def test_the_autosave_round_trips(tmp_path: Path) -> None:
    assert resume_from(json.loads(json.dumps(resume_to_json(resume())))) == resume()
    assert write_resume(resume(), tmp_path) is None
    assert load_resume(tmp_path) == (resume(), None)
    assert Shelf(tmp_path).load_resume() == (resume(), None)
    Shelf(tmp_path).clear_resume()
    assert load_resume(tmp_path) == (None, None)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "null",
        '{"version": 2}',
        '{"version": 1, "record": "(;GM[4]SZ[15];B[hh];W[hh])"}',
        json.dumps({**resume_to_json(resume()), "cursor": [40, 0]}),
        json.dumps({**resume_to_json(resume()), "settings": {"game": "tictactoe"}}),
        json.dumps({**resume_to_json(resume()), "hinted": "yes"}),
    ],
)
def test_a_bad_autosave_is_kept_aside_and_named(tmp_path: Path, text: str) -> None:
    (tmp_path / "autosave.json").write_text(text)
    found, notice = load_resume(tmp_path)
    assert found is None and notice is not None
    assert notice.startswith("autosave.json can't be resumed, kept as autosave.json.bad-")
    [kept] = list(tmp_path.iterdir())
    assert kept.read_text() == text


def test_an_unwritable_folder_gives_a_notice(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert write_resume(resume(), blocker) is not None
    with pytest.raises(OSError):
        save_game(GAME, blocker)


def test_an_autosave_not_offered_is_set_aside_as_a_saved_game(tmp_path: Path) -> None:
    shelf = Shelf(tmp_path)
    assert shelf.set_aside_resume() == (True, None)  # none to keep
    assert write_resume(resume(), tmp_path) is None
    free, notice = shelf.set_aside_resume()
    [kept] = list_games(tmp_path)
    assert free and notice is not None and kept.path.name in notice
    assert kept.record == GAME and not (tmp_path / "autosave.json").exists()


def test_an_autosave_that_cant_be_set_aside_stays(tmp_path: Path) -> None:
    assert write_resume(resume(), tmp_path) is None
    (tmp_path / "games").write_text("a file where the games folder goes")
    free, notice = Shelf(tmp_path).set_aside_resume()
    assert not free and notice is not None and "autosave.json" in notice
    assert load_resume(tmp_path) == (resume(), None)


# -- any autosave content: a notice, the file set aside, never an exception (issue 22, 4) --


@pytest.mark.parametrize(
    "change",
    [
        {"cursor": [1e999, 1]},
        {"cursor": [3.0, 4]},
        {"cursor": [True, 4]},
        {"cursor": [3, 4, 5]},
        {"cursor": "3,4"},
        {"cursor": [3, 10**5000]},
        {"record": 7},
        {"record": None},
        {"settings": [1]},
        {"human_first": None},
        {"version": True},
        {"version": 1.0},
    ],
)
def test_an_autosave_with_bad_field_types_is_set_aside(
    tmp_path: Path, change: dict[str, object]
) -> None:
    data = {**resume_to_json(resume()), **change}
    try:
        text = json.dumps(data)
    except ValueError:  # 10**5000 is more digits than str() makes by default
        text = json.dumps({**data, "cursor": [3, 0]}).replace("[3, 0]", "[3, " + "9" * 5000 + "]")
    (tmp_path / "autosave.json").write_text(text)
    found, notice = load_resume(tmp_path)
    assert found is None and notice is not None
    assert notice.startswith("autosave.json can't be resumed, kept as autosave.json.bad-")
    [kept] = list(tmp_path.iterdir())
    assert kept.read_text() == text


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e999", "-1e999"])
def test_an_autosave_holding_numbers_json_cant_hold_is_set_aside(
    tmp_path: Path, number: str
) -> None:
    text = json.dumps(resume_to_json(resume())).replace(
        '"cursor": [3, 4]', f'"cursor": [{number}, 1]'
    )
    assert number in text
    (tmp_path / "autosave.json").write_text(text)
    found, notice = load_resume(tmp_path)
    assert found is None and notice is not None and "kept as autosave.json.bad-" in notice
    assert load_resume(tmp_path) == (None, None)  # the next start is clean
    assert write_resume(resume(), tmp_path) is None
    assert load_resume(tmp_path) == (resume(), None)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.sampled_from(
    ["version", "record", "settings", "human_first", "cursor", "counted", "hinted", "person_moved"]
)


def loads_safely(content: bytes) -> None:
    """`load_resume` on an autosave of `content`: a valid Resume or (None, a notice)."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        (base / "autosave.json").write_bytes(content)
        found, notice = load_resume(base)
        if found is None:
            assert notice is not None and notice.startswith("autosave.json can't be resumed")
            [kept] = list(base.iterdir())
            assert kept.name.startswith("autosave.json.bad-")
        else:
            assert notice is None
            rules = found.record.rules
            assert 0 <= found.cursor.row < rules.rows and 0 <= found.cursor.col < rules.cols
            assert found.settings.rules() == rules


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_as_autosave_never_raises(data: object) -> None:
    loads_safely(json.dumps(data).encode())


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_as_autosave_never_raise(content: bytes) -> None:
    loads_safely(content)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(FIELDS, JSON, min_size=1, max_size=3), st.sets(FIELDS, max_size=2))
def test_a_good_autosave_with_fields_changed_or_gone_never_raises(
    changes: dict[str, object], gone: set[str]
) -> None:
    data = {**resume_to_json(resume()), **changes}
    for name in gone:
        data.pop(name, None)
    loads_safely(json.dumps(data).encode())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_among_the_saved_games_is_listed_without_blocking(tmp_path: Path) -> None:
    save_game(GAME, tmp_path, WHEN)
    os.mkfifo(tmp_path / "games" / "pipe.sgf")
    done: list[list[SavedGame]] = []
    thread = threading.Thread(target=lambda: done.append(list_games(tmp_path)), daemon=True)
    thread.start()
    thread.join(60)  # a hang guard, far above the milliseconds a listing takes
    assert not thread.is_alive(), "listing the saved games blocked on a FIFO"
    pipe = next(game for game in done[0] if game.path.name == "pipe.sgf")
    assert pipe.record is None and pipe.problem == "not a regular file"
    assert (tmp_path / "games" / "pipe.sgf").is_fifo()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_an_autosave_linked_to_a_device_is_not_kept_and_never_replaced(tmp_path: Path) -> None:
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (OSError, AttributeError):
        pytest.skip("can't make a device node here (needs root and mknod)")
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").symlink_to(device)
    before = os.lstat(device)
    assert load_resume(data) == (None, None)
    notice = write_resume(resume(), data)
    assert notice == f"autosave.json links to {device}, not a regular file: not saved"
    Shelf(data).clear_resume()  # a run that ends without a game keeps the link too
    assert (data / "autosave.json").is_symlink()
    after = os.lstat(device)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert sorted(p.name for p in data.iterdir()) == ["autosave.json"]
