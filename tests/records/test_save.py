"""Saving: atomic, only the named file, never over an existing one when told not to."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tictac_tui.engine import Rules
from tictac_tui.records import GameRecord, Players, load, save

RECORD = GameRecord(Rules.gomoku(15), [(7, 7), (8, 8)], Players("Ann", "Bob"))


@pytest.mark.parametrize("name", ["game.sgf", "game.psq", "game.pos"])
def test_save_by_extension_and_load_back(tmp_path: Path, name: str) -> None:
    path = save(RECORD, tmp_path / name)
    assert load(path).moves == RECORD.moves
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_save_replaces_the_named_file_atomically(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    path.write_text("old")
    save(RECORD, path)
    assert load(path) == RECORD


def test_without_replace_an_existing_file_is_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    path.write_text("mine")
    with pytest.raises(FileExistsError):
        save(RECORD, path, replace=False)
    assert path.read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["game.sgf"]
    fresh = save(RECORD, tmp_path / "new.sgf", replace=False)
    assert load(fresh) == RECORD


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.sgf"
    path.write_text("old")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space left"):
        save(RECORD, path)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.sgf"]


def test_an_unknown_extension_needs_a_format(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"use \.sgf, \.psq or \.pos"):
        save(RECORD, tmp_path / "game.txt")
    assert not (tmp_path / "game.txt").exists()
    save(RECORD, tmp_path / "game.txt", "psq")
    assert load(tmp_path / "game.txt") == GameRecord(RECORD.rules, RECORD.moves, RECORD.players)
