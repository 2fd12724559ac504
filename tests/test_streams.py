"""Standard streams: closed, full or endless, each gets one line and a documented status.

`tictac convert` exits 1 when its output can't be written (a closed pipe, a full disk,
standard output closed) and 2 when standard input is closed or too big; `tictac --plain`
exits 2 when a standard stream is closed, 129 when its output pipe is closed, 1 when its
output can't be written otherwise; a line too long is refused, never stored.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictac_tui import cli, storage
from tictac_tui.choices import Mode, Settings
from tictac_tui.plain import LineGame, Streams
from tictac_tui.plain.streams import MAX_DROPPED, MAX_LINE

ROOT = Path(__file__).resolve().parents[1]
GAME = "(;GM[4]FF[4]SZ[15];B[hh];W[ii];B[gg])\n"
HANG_GUARD = 60
"""Seconds before a run that should take a fraction of one counts as blocked."""
MEMORY = 1024 * 1024 * 1024
"""Address space a run may use: reading all of /dev/zero would need more."""

needs_posix = pytest.mark.skipif(os.name != "posix", reason="needs POSIX redirections")
needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def limited() -> None:
    """Run in the child: bound its memory, so reading without a cap fails, not swaps."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def shell(command: str, tmp_path: Path, stdin: int | None = None) -> tuple[int, str]:
    """Run `command` with `tictac` meaning this package (POSIX sh); (status, stderr)."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "LANGUAGE": "en",
        "TICTAC_CONFIG_DIR": str(tmp_path / "config"),
        "TICTAC_DATA_DIR": str(tmp_path / "data"),
        "TICTAC": f"{sys.executable} -m tictac_tui",
    }
    done = subprocess.run(
        ["sh", "-c", command],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=HANG_GUARD,
        preexec_fn=limited,
    )
    return done.returncode, done.stderr


def one_line(stderr: str, *words: str) -> None:
    assert stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    for word in words:
        assert word in stderr, stderr


@pytest.fixture
def game(tmp_path: Path) -> Path:
    (tmp_path / "g.sgf").write_text(GAME)
    return tmp_path / "g.sgf"


# -- tictac convert -------------------------------------------------------------------


@needs_posix
def test_convert_into_a_pipe_nobody_reads(tmp_path: Path, game: Path) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tictac_tui", "convert", "g.sgf", "-"],
            stdin=subprocess.DEVNULL,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"},
            cwd=tmp_path,
            timeout=HANG_GUARD,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    one_line(done.stderr, "tictac convert: standard output can't be written: Broken pipe")


@needs_posix
@needs_dev_full
def test_convert_onto_a_full_disk(tmp_path: Path, game: Path) -> None:
    status, err = shell("$TICTAC convert g.sgf - > /dev/full", tmp_path)
    assert status == 1
    one_line(err, "standard output can't be written: No space left on device")


@needs_posix
def test_convert_with_standard_output_closed(tmp_path: Path, game: Path) -> None:
    status, err = shell("$TICTAC convert g.sgf - >&-", tmp_path)
    assert status == 1
    one_line(err, "tictac convert: standard output is closed: nothing written")


@needs_posix
def test_convert_with_standard_input_closed(tmp_path: Path) -> None:
    status, err = shell("$TICTAC convert - x.sgf <&-", tmp_path)
    assert status == 2
    one_line(err, "tictac convert: <stdin>: standard input is closed")
    assert not (tmp_path / "x.sgf").exists()


@needs_posix
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_convert_reads_at_most_one_records_worth_of_standard_input(tmp_path: Path) -> None:
    status, err = shell("$TICTAC convert - x.sgf < /dev/zero", tmp_path)
    assert status == 2
    one_line(err, "tictac convert: <stdin>: is larger than 16 MB: not a game record")
    assert not (tmp_path / "x.sgf").exists()


# -- tictac --plain -------------------------------------------------------------------


@needs_posix
@pytest.mark.parametrize(
    ("redirect", "stream"), [("<&-", "standard input"), (">&-", "standard output")]
)
def test_plain_with_a_stream_closed(tmp_path: Path, redirect: str, stream: str) -> None:
    status, err = shell(f"$TICTAC --plain {redirect}", tmp_path)
    assert status == 2
    one_line(err, f"tictac: {stream} is closed")


@needs_posix
def test_the_full_screen_app_with_standard_input_closed(tmp_path: Path) -> None:
    status, err = shell("$TICTAC <&-", tmp_path)
    assert status == 2
    one_line(err, "tictac: standard input is closed")


@needs_posix
@needs_dev_full
def test_plain_onto_a_full_disk(tmp_path: Path) -> None:
    status, err = shell("printf '5\\n' | $TICTAC --plain --mode hvh > /dev/full", tmp_path)
    assert status == 1
    one_line(err, "tictac: standard output can't be written: No space left on device")


@needs_posix
def test_plain_into_a_pipe_nobody_reads(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tictac_tui", "--plain", "--mode", "hvh"],
            input="5\n",
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env={
                **os.environ,
                "PYTHONPATH": str(ROOT),
                "LANGUAGE": "en",
                "TICTAC_CONFIG_DIR": str(tmp_path),
            },
            timeout=HANG_GUARD,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 129
    one_line(done.stderr, "tictac: standard output can't be written: Broken pipe")


@needs_posix
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_plain_reading_an_endless_line_stops(tmp_path: Path) -> None:
    status, err = shell("$TICTAC --plain --mode hvh < /dev/zero", tmp_path)
    assert status == 0 and "Traceback" not in err


def streams(typed: str) -> tuple[Streams, io.StringIO]:
    out = io.StringIO()
    return Streams(io.StringIO(typed), out), out


def test_a_line_longer_than_the_cap_is_refused_and_dropped() -> None:
    typed = "h" * (MAX_LINE * 3) + "\n" + "5\n"
    console, out = streams(typed)
    assert console.read("Your move: ") == "5"
    said = out.getvalue().splitlines()
    assert said == [
        "Your move:",
        f"That line is longer than {MAX_LINE} characters: ignored",
        "Your move:",
    ]


def test_a_line_of_exactly_the_cap_is_read() -> None:
    console, _out = streams("x" * MAX_LINE + "\n")
    assert console.read("> ") == "x" * MAX_LINE


def test_an_endless_line_ends_the_input() -> None:
    console, out = streams("\0" * (MAX_DROPPED + 2 * MAX_LINE))
    assert console.read("> ") is None
    assert console.read("> ") is None
    assert out.getvalue().splitlines()[-1] == (
        f"Standard input holds a line of more than {MAX_DROPPED} characters: stopped reading it"
    )


class Full(io.StringIO):
    """An output that takes nothing: every write fails as on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_when_output_fails_the_game_ends_as_at_the_end_of_input() -> None:
    console = Streams(io.StringIO("5\n1\n"), Full())
    game = LineGame(Settings(mode=Mode.HVH), console.console())
    game.run()
    assert isinstance(console.failure, OSError) and console.failure.errno == 28
    assert console.source.read() == "5\n1\n"  # nothing more was read after the failure


def test_ctrl_c_while_starting_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("TICTAC_CONFIG_DIR", str(tmp_path))

    def interrupted(self: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(storage.Storage, "load_settings", interrupted)
    assert cli.main(["--plain", "--lang", "en"]) == 130
    assert capsys.readouterr().err == "tictac: interrupted\n"
