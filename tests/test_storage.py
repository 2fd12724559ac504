"""Settings and statistics files: defaults, round trips, bad files of any content or kind.

Nothing a user saved is lost: a file that could not be read whole is kept
before it is written over, a read-only file is left alone, a symbolic link
is written through, and no file can block or crash the start.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.fileplaces import identity, null_device
from tictac_tui import storage
from tictac_tui.choices import Board, First, Mode, Ponder, Settings, Speed, Stones
from tictac_tui.engine import RowOrigin, Rule
from tictac_tui.scores import MAX_COUNT, Record, Result, ScoreKey, add_result
from tictac_tui.storage import Storage
from tictac_tui.strategies import Difficulty

EASY3 = ScoreKey(3, 3, 3, Rule.FREESTYLE, Mode.HVC, (Difficulty.EASY,))
HARD15 = ScoreKey(15, 15, 5, Rule.EXACT, Mode.HVC, (Difficulty.HARD,))


def settings_path(directory: Path) -> Path:
    return directory / storage.SETTINGS_FILE


def stats_path(directory: Path) -> Path:
    return directory / storage.STATS_FILE


def kept_files(directory: Path, name: str) -> list[Path]:
    return sorted(directory.glob(f"{name}{storage.BAD_SUFFIX}*"))


def in_time(load: Any, seconds: float = 60.0) -> Any:
    """Run `load()` in a thread; fail (instead of hanging) if it blocks. Its result."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(load()), daemon=True)
    thread.start()
    thread.join(seconds)  # a hang guard, far above the milliseconds a read takes
    assert not thread.is_alive(), "reading the file blocked"
    return result[0]


def test_missing_files_mean_defaults_without_a_notice(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    assert files.load_settings() == (Settings(), None)
    assert files.load_statistics() == ({}, None)


def test_settings_round_trip(tmp_path: Path) -> None:
    chosen = Settings(
        game=Board.CUSTOM,
        rows=6,
        cols=9,
        k=4,
        rule=Rule.EXACT,
        mode=Mode.CVC,
        first=First.ALTERNATE,
        x_difficulty=Difficulty.HARD,
        o_difficulty=Difficulty.EASY,
        speed=Speed.FAST,
        rows_from=RowOrigin.TOP,
        stones=Stones.DISCS,
        ponder=Ponder.ON,
    )
    assert Storage(tmp_path).save_settings(chosen) is None
    assert Storage(tmp_path).load_settings() == (chosen, None)


DEEP = "[" * 100_000 + "]" * 100_000
HUGE_NUMBER = "9" * 5000


@pytest.mark.parametrize(
    "content",
    ["{not json", "[1, 2]", '"text"', "\x00\xff", "", "null", DEEP, f'{{"rows": {HUGE_NUMBER}}}'],
    ids=["broken", "list", "string", "binary", "empty", "null", "deep", "huge number"],
)
def test_bad_settings_mean_defaults_and_a_notice(tmp_path: Path, content: str) -> None:
    settings_path(tmp_path).write_text(content, encoding="latin-1")
    settings, notice = Storage(tmp_path).load_settings()
    assert settings == Settings()
    assert notice is not None and "settings.json" in notice and "\n" not in notice


def test_bad_values_are_replaced_one_by_one(tmp_path: Path) -> None:
    data = {"game": "chess", "difficulty": "hard", "rows": 99, "k": "x", "cols": True}
    settings_path(tmp_path).write_text(json.dumps(data))
    settings, notice = Storage(tmp_path).load_settings()
    assert settings == Settings(difficulty=Difficulty.HARD)
    assert notice == "settings.json had bad values; using defaults for them"


def test_unknown_settings_are_kept(tmp_path: Path) -> None:
    settings_path(tmp_path).write_text(json.dumps({"mode": "hvh", "from_the_future": [1, 2]}))
    files = Storage(tmp_path)
    settings, notice = files.load_settings()
    assert notice is None
    assert files.save_settings(replace_mode(settings, Mode.CVC)) is None
    saved = json.loads(settings_path(tmp_path).read_text())
    assert saved["from_the_future"] == [1, 2] and saved["mode"] == "cvc"


def replace_mode(settings: Settings, mode: Mode) -> Settings:
    from dataclasses import replace

    return replace(settings, mode=mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_never_blocks_and_is_kept_aside(tmp_path: Path) -> None:
    os.mkfifo(settings_path(tmp_path))
    files = Storage(tmp_path)
    settings, notice = in_time(files.load_settings)
    assert settings == Settings()
    assert notice == "settings.json is not a regular file; using defaults"
    saved = files.save_settings(Settings(mode=Mode.HVH))
    (kept,) = kept_files(tmp_path, storage.SETTINGS_FILE)
    assert saved == f"settings.json kept as {kept.name}"
    assert kept.is_fifo()
    assert Storage(tmp_path).load_settings() == (Settings(mode=Mode.HVH), None)


def test_a_directory_in_the_way_is_kept_aside(tmp_path: Path) -> None:
    stats_path(tmp_path).mkdir()
    (stats_path(tmp_path) / "inside.txt").write_text("mine")
    files = Storage(tmp_path)
    stats, notice = files.load_statistics()
    assert stats == {} and notice is not None and "statistics.json" in notice
    assert files.save_statistics({EASY3: Record(wins=1)}) is not None
    (kept,) = kept_files(tmp_path, storage.STATS_FILE)
    assert (kept / "inside.txt").read_text() == "mine"


def test_a_file_too_big_to_be_ours_is_refused(tmp_path: Path) -> None:
    with settings_path(tmp_path).open("wb") as handle:
        handle.truncate(storage.MAX_FILE_BYTES + 1)
    settings, notice = Storage(tmp_path).load_settings()
    assert settings == Settings() and notice is not None and "too big" in notice


def test_an_unreadable_file_gives_a_notice_and_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stats_path(tmp_path).write_text('{"G": {"easy": {"wins": 5}}}')
    real_open = os.open

    def refuse(path: Any, flags: int, *args: Any) -> int:
        if Path(path).name == storage.STATS_FILE:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse)  # root can read any file: refuse for it
    files = Storage(tmp_path)
    stats, notice = files.load_statistics()
    assert stats == {}
    assert notice == "Could not read statistics.json (PermissionError); starting new statistics"
    monkeypatch.undo()
    assert files.save_statistics({}) is not None
    (kept,) = kept_files(tmp_path, storage.STATS_FILE)
    assert "wins" in kept.read_text()


def test_statistics_round_trip_per_game_rule_mode_and_difficulty(tmp_path: Path) -> None:
    cvc = ScoreKey(7, 6, 4, Rule.FREESTYLE, Mode.CVC, (Difficulty.HARD, Difficulty.EASY))
    hvh = ScoreKey(19, 19, 5, Rule.FREESTYLE, Mode.HVH, ())
    stats = add_result({}, EASY3, Result.WIN, hinted=True)
    stats = add_result(stats, EASY3, Result.DRAW)
    stats = add_result(stats, HARD15, Result.LOSS, abandoned=True)
    stats = add_result(stats, cvc, Result.WIN)
    stats = add_result(stats, hvh, Result.LOSS)
    assert Storage(tmp_path).save_statistics(stats) is None
    loaded, notice = Storage(tmp_path).load_statistics()
    assert notice is None and loaded == stats
    assert loaded[EASY3] == Record(wins=1, draws=1, hinted=1)
    assert loaded[HARD15] == Record(losses=1, abandoned=1)
    saved = json.loads(stats_path(tmp_path).read_text())
    assert saved["version"] == 2 and len(saved["records"]) == 4


def test_the_first_statistics_format_is_read(tmp_path: Path) -> None:
    old = {
        "Tic-tac-toe 3x3": {"easy": {"wins": 2, "losses": 1, "draws": 3}},
        "Gomoku 15x15 (exact five)": {"hard": {"losses": 4}},
        "7x6, 4 in a row": {"medium": {"draws": 1}},
        "6x6, 4 in a row, exactly": {"medium": {"wins": 1}},
    }
    stats_path(tmp_path).write_text(json.dumps(old))
    stats, notice = Storage(tmp_path).load_statistics()
    assert notice is None
    assert stats[EASY3] == Record(wins=2, losses=1, draws=3)
    assert stats[HARD15] == Record(losses=4)
    medium = (Difficulty.MEDIUM,)
    assert stats[ScoreKey(7, 6, 4, Rule.FREESTYLE, Mode.HVC, medium)] == Record(draws=1)
    assert stats[ScoreKey(6, 6, 4, Rule.EXACT, Mode.HVC, medium)] == Record(wins=1)


def test_add_result_does_not_change_its_input_and_saturates() -> None:
    before = {EASY3: Record(wins=1, losses=MAX_COUNT)}
    after = add_result(before, EASY3, Result.WIN)
    assert before[EASY3] == Record(wins=1, losses=MAX_COUNT)
    assert after[EASY3] == Record(wins=2, losses=MAX_COUNT)
    assert add_result(after, EASY3, Result.LOSS)[EASY3].losses == MAX_COUNT


@pytest.mark.parametrize(
    "content",
    ["{", "null", "[]", '{"version": 3, "records": []}', "[" * 100_000 + "]" * 100_000],
)
def test_corrupt_statistics_start_afresh_with_a_notice(tmp_path: Path, content: str) -> None:
    stats_path(tmp_path).write_text(content)
    stats, notice = Storage(tmp_path).load_statistics()
    assert stats == {} and notice is not None and "statistics.json" in notice


@pytest.mark.parametrize(
    "counts",
    [
        {"wins": -1},
        {"wins": "2"},
        {"wins": True},
        {"wins": 1.5},
        {"wins": MAX_COUNT + 1},
        {"hinted": 1},
        {"mode": "solo"},
        {"levels": ["hard", "easy"]},
        {"k": 9},
        {"rule": "go"},
        [1],
    ],
)
def test_bad_entries_are_left_out_and_the_rest_kept(tmp_path: Path, counts: Any) -> None:
    good = {"rows": 3, "cols": 3, "k": 3, "rule": "freestyle", "mode": "hvc", "levels": ["easy"]}
    bad: Any = counts if isinstance(counts, list) else {**good, "levels": ["hard"], **counts}
    data = {"version": 2, "records": [{**good, "wins": 3, "losses": 1}, bad]}
    stats_path(tmp_path).write_text(json.dumps(data))
    stats, notice = Storage(tmp_path).load_statistics()
    assert stats == {EASY3: Record(wins=3, losses=1)}
    assert notice == "statistics.json had unreadable entries; they are left out"


def test_a_count_of_thousands_of_digits_is_not_believed(tmp_path: Path) -> None:
    stats_path(tmp_path).write_text('{"Tic-tac-toe 3x3": {"easy": {"wins": ' + "9" * 4300 + "}}}")
    files = Storage(tmp_path)
    stats, notice = files.load_statistics()
    assert stats == {} and notice is not None
    assert files.save_statistics(add_result(stats, EASY3, Result.WIN)) is not None
    assert Storage(tmp_path).load_statistics() == ({EASY3: Record(wins=1)}, None)


def test_corrupt_statistics_are_kept_before_the_next_save(tmp_path: Path) -> None:
    stats_path(tmp_path).write_text('{"Tic-tac-toe 3x3": {"easy": {"wins": 7}}, "x": [')
    files = Storage(tmp_path)
    stats, notice = files.load_statistics()
    assert notice == "statistics.json is corrupt; starting new statistics"
    saved = files.save_statistics(add_result(stats, EASY3, Result.WIN))
    (kept,) = kept_files(tmp_path, storage.STATS_FILE)
    assert saved == f"statistics.json kept as {kept.name}"
    assert kept.read_text().startswith('{"Tic-tac-toe 3x3": {"easy": {"wins": 7}}')
    assert files.save_statistics({}) is None  # kept once; later saves just write
    assert len(kept_files(tmp_path, storage.STATS_FILE)) == 1


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    stats_path(tmp_path).write_text("{}")
    stats_path(tmp_path).chmod(0o444)
    notice = Storage(tmp_path).save_statistics({EASY3: Record(wins=1)})
    assert notice == "statistics.json is read-only: not saved"
    assert stats_path(tmp_path).read_text() == "{}"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "tictac-settings.json"
    real.parent.mkdir()
    real.write_text(json.dumps({"mode": "hvh"}))
    config = tmp_path / "config"
    config.mkdir()
    settings_path(config).symlink_to(real)
    files = Storage(config)
    assert files.load_settings() == (Settings(mode=Mode.HVH), None)
    assert files.save_settings(Settings(mode=Mode.CVC)) is None
    assert settings_path(config).is_symlink()
    assert json.loads(real.read_text())["mode"] == "cvc"


def test_writes_are_atomic_and_leave_no_temporary_files(tmp_path: Path) -> None:
    Storage(tmp_path).save_settings(Settings())
    Storage(tmp_path).save_settings(Settings(mode=Mode.CVC))
    assert sorted(p.name for p in tmp_path.iterdir()) == [storage.SETTINGS_FILE]


def test_a_failed_save_is_a_notice_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert Storage(blocker).save_settings(Settings()) is not None
    assert Storage(blocker).save_statistics({}) is not None


def test_config_dir_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.ENV_DIR, str(tmp_path / "here"))
    assert storage.config_dir() == tmp_path / "here"
    Storage().save_settings(Settings(mode=Mode.HVH))
    assert settings_path(tmp_path / "here").exists()
    monkeypatch.delenv(storage.ENV_DIR)
    assert storage.config_dir().name == "tictac_tui"


# -- symbolic links: "don't keep", written through, nothing outside renamed (issue 22, 7) --


def everything(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def linked_to_special(tmp_path: Path, kind: str) -> tuple[Path, Path]:
    """(the config folder, the special file outside it that statistics.json links to)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    if kind == "device":
        special = null_device(outside)
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs named pipes")
        special = outside / "pipe"
        os.mkfifo(special)
    config = tmp_path / "config"
    config.mkdir()
    stats_path(config).symlink_to(special)
    return config, special


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_statistics_linked_to_a_device_are_not_kept_and_said_once(
    tmp_path: Path, kind: str
) -> None:
    config, special = linked_to_special(tmp_path, kind)
    before, names = identity(special), everything(tmp_path)
    files = Storage(config)
    stats, notice = in_time(files.load_statistics)
    assert stats == {}
    assert notice == f"statistics.json links to {special}, not a regular file: not saved"
    assert files.save_statistics({EASY3: Record(wins=1)}) is None  # said once, at the start
    assert files.save_statistics({EASY3: Record(wins=2)}) is None
    assert identity(special) == before and everything(tmp_path) == names
    assert stats_path(config).is_symlink()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_to_a_device_made_after_the_start_is_said_once_when_saving(
    tmp_path: Path,
) -> None:
    config, special = linked_to_special(tmp_path, "device")
    stats_path(config).unlink()
    files = Storage(config)
    assert files.load_statistics() == ({}, None)
    stats_path(config).symlink_to(special)
    before, names = identity(special), everything(tmp_path)
    notice = files.save_statistics({EASY3: Record(wins=1)})
    assert notice == f"statistics.json links to {special}, not a regular file: not saved"
    assert files.save_statistics({EASY3: Record(wins=2)}) is None
    assert identity(special) == before and everything(tmp_path) == names


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_the_real_dev_null_is_never_replaced(tmp_path: Path) -> None:
    """`statistics.json -> /dev/null`, as people turn statistics off; run as root, the old
    code renamed /dev/null. Checked first on a device of our own, so that a regression
    fails there instead of harming the machine's /dev/null."""
    (tmp_path / "own").mkdir()
    test_statistics_linked_to_a_device_are_not_kept_and_said_once(tmp_path / "own", "device")
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    config = tmp_path / "config"
    config.mkdir()
    stats_path(config).symlink_to("/dev/null")
    before = identity(Path("/dev/null"))
    files = Storage(config)
    assert files.load_statistics()[1] is not None
    assert files.save_statistics({EASY3: Record(wins=1)}) is None
    assert identity(Path("/dev/null")) == before
    assert everything(config) == ["statistics.json"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_settings_linked_to_a_file_that_isnt_ours_never_rename_it(tmp_path: Path) -> None:
    notes = tmp_path / "documents" / "notes.txt"
    notes.parent.mkdir()
    notes.write_text("my notes, not JSON")
    config = tmp_path / "config"
    config.mkdir()
    settings_path(config).symlink_to(notes)
    files = Storage(config)
    settings, notice = files.load_settings()
    assert settings == Settings() and notice == "settings.json is corrupt; using defaults"
    saved = files.save_settings(Settings(mode=Mode.HVH))
    (kept,) = kept_files(config, storage.SETTINGS_FILE)
    assert saved == f"settings.json kept as {kept.name}"
    assert kept.is_symlink() and os.readlink(kept) == str(notes)  # the link set aside
    assert notes.read_text() == "my notes, not JSON"
    assert everything(notes.parent) == ["notes.txt"]
    assert not settings_path(config).is_symlink()
    assert Storage(config).load_settings() == (Settings(mode=Mode.HVH), None)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_to_a_good_file_elsewhere_is_written_in_place_with_its_mode(
    tmp_path: Path,
) -> None:
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text(json.dumps({"mode": "hvh"}))
    real.chmod(0o640)
    config = tmp_path / "config"
    config.mkdir()
    settings_path(config).symlink_to(real)
    files = Storage(config)
    assert files.load_settings() == (Settings(mode=Mode.HVH), None)
    assert files.save_settings(Settings(mode=Mode.CVC)) is None
    assert json.loads(real.read_text())["mode"] == "cvc"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert everything(real.parent) == ["settings.json"]
    assert everything(config) == ["settings.json"] and settings_path(config).is_symlink()


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_numbers_json_cant_hold_make_the_file_corrupt(tmp_path: Path, number: str) -> None:
    stats_path(tmp_path).write_text(
        '{"version": 2, "records": [{"rows": 3, "cols": 3, "k": 3, "rule": "freestyle", '
        f'"mode": "hvc", "levels": ["easy"], "wins": {number}}}]}}'
    )
    files = Storage(tmp_path)
    stats, notice = files.load_statistics()
    assert stats == {} and notice == "statistics.json is corrupt; starting new statistics"
    assert files.save_statistics({}) is not None  # the bad file is kept aside first
    assert len(kept_files(tmp_path, storage.STATS_FILE)) == 1
