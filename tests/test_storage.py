"""Settings and statistics files: defaults, round trips, corrupt files, atomic writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tictac_tui import storage
from tictac_tui.storage import Record, Settings


def test_missing_files_mean_defaults_without_a_notice(tmp_path: Path) -> None:
    assert storage.load_settings(tmp_path) == (Settings(), None)
    assert storage.load_statistics(tmp_path) == ({}, None)


def test_settings_round_trip(tmp_path: Path) -> None:
    chosen = Settings(game="custom", rows=6, cols=9, k=4, mode="hvh", first="alternate")
    assert storage.save_settings(chosen, tmp_path) is None
    assert storage.load_settings(tmp_path) == (chosen, None)


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '"text"', "\x00\xff", ""])
def test_corrupt_settings_mean_defaults_and_a_notice(tmp_path: Path, content: str) -> None:
    (tmp_path / storage.SETTINGS_FILE).write_text(content, encoding="latin-1")
    settings, notice = storage.load_settings(tmp_path)
    assert settings == Settings()
    assert notice is not None and "settings.json" in notice and "\n" not in notice


def test_bad_values_are_replaced_one_by_one(tmp_path: Path) -> None:
    data = {"game": "chess", "difficulty": "hard", "rows": 99, "k": "x", "unknown": 1}
    (tmp_path / storage.SETTINGS_FILE).write_text(json.dumps(data))
    settings, notice = storage.load_settings(tmp_path)
    assert settings == Settings(difficulty="hard")
    assert notice is not None


def test_unreadable_settings_mean_defaults(tmp_path: Path) -> None:
    (tmp_path / storage.SETTINGS_FILE).mkdir()  # a directory can't be read as a file
    settings, notice = storage.load_settings(tmp_path)
    assert settings == Settings() and notice is not None


def test_statistics_round_trip_and_record(tmp_path: Path) -> None:
    stats = storage.record_result({}, "Tic-tac-toe 3x3", "easy", "win")
    stats = storage.record_result(stats, "Tic-tac-toe 3x3", "easy", "draw")
    stats = storage.record_result(stats, "Gomoku 15x15", "hard", "loss")
    assert storage.save_statistics(stats, tmp_path) is None
    loaded, notice = storage.load_statistics(tmp_path)
    assert notice is None
    assert loaded["Tic-tac-toe 3x3"]["easy"] == Record(wins=1, draws=1)
    assert loaded["Gomoku 15x15"]["hard"] == Record(losses=1)


def test_record_result_does_not_change_its_input() -> None:
    before = {"G": {"easy": Record(wins=1)}}
    after = storage.record_result(before, "G", "easy", "win")
    assert before["G"]["easy"] == Record(wins=1) and after["G"]["easy"] == Record(wins=2)


@pytest.mark.parametrize(
    "content", ["{", '{"G": 3}', '{"G": {"easy": {"wins": -1}}}', '{"G": {"easy": {"wins": "2"}}}']
)
def test_corrupt_statistics_start_afresh_with_a_notice(tmp_path: Path, content: str) -> None:
    (tmp_path / storage.STATS_FILE).write_text(content)
    stats, notice = storage.load_statistics(tmp_path)
    assert stats == {} and notice is not None


def test_writes_are_atomic_and_leave_no_temporary_files(tmp_path: Path) -> None:
    storage.save_settings(Settings(), tmp_path)
    storage.save_settings(Settings(mode="cvc"), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [storage.SETTINGS_FILE]


def test_a_failed_save_is_a_notice_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert storage.save_settings(Settings(), blocker) is not None
    assert storage.save_statistics({}, blocker) is not None


def test_config_dir_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.ENV_DIR, str(tmp_path / "here"))
    assert storage.config_dir() == tmp_path / "here"
    storage.save_settings(Settings(mode="hvh"))
    assert (tmp_path / "here" / storage.SETTINGS_FILE).exists()
    monkeypatch.delenv(storage.ENV_DIR)
    assert storage.config_dir().name == "tictac_tui"
