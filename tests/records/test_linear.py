"""Reading a record is linear in its size: hostile files of megabytes read at once.

No wall-clock time is asserted. Each big input is read in a child process with a
`TIMEOUT` far above what it takes now (well under a few seconds on a busy machine) and
far below what the quadratic readers took (minutes: the figures are in each test), or
the work done is counted (Python calls, which do not depend on the machine's speed).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import pytest

from tictac_tui.records import Format, parse
from tictac_tui.records.sgf import count_games, parse_games

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 90
"""Seconds a child may take to read one input (now: about a second at most)."""


def read_in_child(make_text: str, read: str = "parse(text)") -> str:
    """What `read` (an expression: `parse`, `decode`) makes of the text the expression
    `make_text` builds, in a child process: the moves and comments' sizes, or the
    RecordError's message."""
    code = textwrap.dedent(
        f"""
        from tictac_tui.records import RecordError, parse
        from tictac_tui.records.formats import decode
        text = {make_text}
        try:
            record = {read}
        except RecordError as error:
            print("error:", error)
        else:
            print("moves:", len(record.moves), "comments:", [len(c) for c in record.comments])
        """
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading {make_text} took more than {TIMEOUT} s: not linear")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_pos_string_of_megabytes() -> None:
    # Before: each move counted the lines from the start; 0.5 MB took 22 s, and this
    # (2 MB) takes about 6 minutes. Now: a fraction of a second.
    said = read_in_child("'h8\\n' * 700_000")
    assert said == "error: line 2: move 2 (h8): white plays on a square already taken (by move 1)"


def test_a_pos_string_of_megabytes_bad_at_its_end() -> None:
    said = read_in_child("'h8 i9 \\n' * 300_000 + 'h8 !'", "parse(text, 'pos')")
    assert said.startswith("error: line 300001: column 4: '!' is not a move")


def test_an_sgf_of_many_comment_nodes() -> None:
    # Before: the comment on a position was rebuilt for every node adding to it, and the
    # moves were counted again for every node (600 moves here); 4 MB took 31 s, and
    # this (16 MB) takes many minutes. Now: about a second.
    moves = (
        "''.join(f';{\"BW\"[n % 2]}[{chr(97 + n % 26)}{chr(97 + n // 26)}]' for n in range(600))"
    )
    said = read_in_child(
        f"'(;GM[4]SZ[26]IR[26]' + {moves} + (';C[' + 'x' * 50 + ']') * 300_000 + ')'"
    )
    assert said == f"moves: 600 comments: {[0] * 600 + [300_000 * 52 - 2]}"


def test_a_file_neither_utf8_nor_naming_its_charset() -> None:
    # Before: the search for SGF's CA[charset] ran to the file's end from every 'CA['
    # (120 KB took 35 s; this, 1.2 MB, about an hour).
    said = read_in_child("b'\\xff' + b'CA[' * 400_000", "parse(decode(text))")
    assert said.startswith("error: not a game record")


SLACK = 10
"""Calls two equal readings may differ by (a cache's state); the old ones differed by millions."""


def python_calls(read: Callable[..., object], *args: object) -> int:
    """How many Python functions `read(*args)` calls (a count of work, not of time).

    Counted on a second call, so that caches the first fills (`re`'s compiled
    patterns, which other tests in the same process may have pushed out) count once.
    """
    read(*args)
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        read(*args)
    finally:
        sys.setprofile(None)
    return calls


def test_runs_of_empty_sgf_nodes_are_read_at_once() -> None:
    # Before: four Python calls per character (16 MB of ';' took 20 s).
    small = python_calls(parse_games, "(;GM[4]" + ";" * 1_000 + ";B[hh])")
    big = python_calls(parse_games, "(;GM[4]" + ";" * 1_000_000 + ";B[hh])")
    assert big <= small + SLACK


@pytest.mark.parametrize(
    ("read", "head", "unit", "tail"),
    [
        (count_games, "", "(;)", ""),
        (count_games, "", "(;GM[4]SZ[15];B[hh];W[ii]C[x])\n", ""),
        (parse_games, "(;GM[4]SZ[15]", "(;B[hh];W[ii])", ")"),
        (parse_games, "(;GM[4]SZ[15];B[hh]", ";C[a comment]", ")"),
        (parse_games, "(;GM[4]SZ[15];B[hh]", ";XX[x]YY[y][z]", ")"),
    ],
)
def test_what_only_counts_for_its_syntax_or_comments_is_read_in_bulk(
    read: Callable[[str], object], head: str, unit: str, tail: str
) -> None:
    # Before: ten Python calls or more for each game, variation or node (16 MB of games
    # took 29 s and 560 MB). Now: at most two for each (counting or joining comments).
    small = python_calls(read, head + unit * 1_000 + tail)
    big = python_calls(read, head + unit * 11_000 + tail)
    assert big - small <= 2 * 10_000


@pytest.mark.parametrize(
    ("unit", "fmt"),
    [
        (";C[a comment]", Format.SGF),
        (";B[hh]C[x]", Format.SGF),
        ("XY[1][2]", Format.SGF),
        ("(;C[x])", Format.SGF),
        ("h8 ", Format.POS),
        ("1,1,0\n", Format.PSQ),
        ("a name\n", Format.PSQ),
    ],
)
def test_work_grows_no_faster_than_the_text(unit: str, fmt: Format) -> None:
    def text(copies: int) -> str:
        if fmt is Format.SGF:
            return f"(;GM[4]SZ[15]{unit * copies})"
        if fmt is Format.PSQ:
            return f"Piskvorky 15x15, 0:0, 0\n{unit * copies}"
        return unit * copies

    def work(copies: int) -> int:
        return python_calls(_read_or_refuse, text(copies), fmt)

    small, big = work(2_000), work(8_000)
    assert big <= 4 * small + 100


def _read_or_refuse(text: str, fmt: Format) -> None:
    with contextlib.suppress(ValueError):
        parse(text, fmt)
