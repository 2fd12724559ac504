"""Saved games and the autosave: new names, never written over, bad files kept and named."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Rule, Rules
from tictac_tui.records import GameRecord, Players, load
from tictac_tui.saved import (
    Resume,
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
