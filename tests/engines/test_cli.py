"""`tictac engines`: list, add, remove, check; engines.json and pbrain-* on PATH."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from tictac_tui import cli
from tictac_tui.engines import store
from tictac_tui.engines.cli import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK

from .fakes import SCRIPT, assert_reaped


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TICTAC_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    return tmp_path / "config"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(["engines", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_built_in_engine_is_always_listed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["list"], capsys)
    assert status == EXIT_OK
    assert out.startswith(f"tictac  (built in)  {sys.executable} -m tictac_tui.brain")


def test_add_list_remove(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = ["/opt/rapfi/pbrain-rapfi", "--threads", "2"]
    status, out, _ = run(["add", "rapfi", "--", *command], capsys)
    assert status == EXIT_OK
    kept = json.loads((config / "engines.json").read_text())
    assert kept["engines"]["rapfi"] == {"command": ["/opt/rapfi/pbrain-rapfi", "--threads", "2"]}
    _, out, _ = run(["list"], capsys)
    assert "rapfi  (added)  /opt/rapfi/pbrain-rapfi --threads 2" in out
    assert run(["remove", "rapfi"], capsys)[0] == EXIT_OK
    assert "rapfi" not in run(["list"], capsys)[1]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["add", "tictac", "--", "x"], "built-in engine's name"),
        (["add", "bad name", "--", "x"], "is not a name for an engine"),
        (["remove", "nothing"], "No engine nothing was added"),
        (["remove", "tictac"], "built in"),
        (["check", "nothing"], "no engine called nothing"),
    ],
)
def test_bad_requests_exit_2(
    config: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    status, _, err = run(args, capsys)
    assert status == EXIT_BAD_INPUT
    assert says in err
    assert not (config / "engines.json").exists()


def test_add_needs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["add", "rapfi", "--"], capsys)
    assert caught.value.code == EXIT_BAD_INPUT


def test_a_corrupt_file_is_never_written_over(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config.mkdir()
    (config / "engines.json").write_text("{not json")
    status, _, err = run(["add", "rapfi", "--", "x"], capsys)
    assert status == EXIT_BAD_INPUT
    assert "corrupt" in err
    assert (config / "engines.json").read_text() == "{not json"


def test_pbrain_programs_on_path_are_offered(tmp_path: Path) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "pbrain-embryo"
    program.write_text("#!/bin/sh\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    (folder / "pbrain-notrunnable").write_text("")
    (folder / "pbrain-tictac").write_text("#!/bin/sh\n")  # the built-in name wins
    os.chmod(folder / "pbrain-tictac", 0o755)
    names = {known.spec.name: known for known in store.known_engines()}
    assert set(names) == {"tictac", "embryo"}
    assert names["embryo"].spec.command == (str(program),)
    assert names["embryo"].source is store.Source.PATH


def test_check_the_built_in_engine(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["check", "tictac"], capsys)
    assert status == EXIT_OK, err
    for step in ("started", "ABOUT", "START 15", "BEGIN", "END"):
        assert f"  {step} " in out
    assert "played 7,7" in out
    assert out.rstrip().endswith("tictac works")
    assert 'name="tictac"' in run(["list"], capsys)[1]


def test_check_an_engine_that_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pidfile = tmp_path / "fake.pid"
    args = ["add", "broken", "--", sys.executable, str(SCRIPT), str(pidfile), "garbage"]
    assert run(args, capsys)[0] == EXIT_OK
    status, _, err = run(["check", "broken"], capsys)
    assert status == EXIT_FAILED
    assert "Engine broken printed something that is not an answer" in err
    assert_reaped(int(pidfile.read_text()))
