"""Bad input of every kind: one clear line naming where and what, never another exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac_tui.records import Format, GameRecord, RecordError, dump, load, parse

from .games import records

CASES = [
    # not a record
    ("hello, world\n", None, "not a game record"),
    ("", None, "empty: no game in it"),
    ("(;GM[1]SZ[19];B[pd])", None, r"GM\[1\] is not gomoku"),
    # truncated
    ("(;GM[4]SZ[15];B[hh];W[ii]", None, "never closed with '\\)': the file is truncated"),
    ("(;GM[4]SZ[15];B[hh];W[i", None, "line 1: the value opened .* never closed"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,", None, "line 3: '9,' is half a move: .*truncated"),
    # illegal or repeated moves
    ("(;GM[4]SZ[15];B[hh];W[hh])", None, r"move 2 \(W\[hh\]\): white plays on a square already"),
    ("(;GM[4]SZ[15];B[hh];W[zz])", None, r"move 2 \(W\[zz\]\) is off the 15x15 board"),
    ("(;GM[4]SZ[15];B[hh];B[ii])", None, r"move 2 \(B\[ii\]\) is black's, but it is white's turn"),
    ("(;GM[4]SZ[15];B[hh];W[])", None, "is a pass"),
    ("(;GM[4]SZ[15]AB[hh][ii];W[jj])", None, r"set-up stones \(AB, AW\) are not a position"),
    ("(;GM[4]SZ[15];B[hh];W[jj]AB[ii])", None, "sets up stones after the game began"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n", None, "line 3: move 2 \\(8,8\\)"),
    ("Piskvorky 15x15, 0:0, 0\n16,1,0\n", None, "line 2: move 1 \\(16,1\\) is off the"),
    ("h8i9h8", Format.POS, r"move 3 \(h8\): black plays on a square already taken"),
    # moves past the end of the game
    (
        "(;GM[4]SZ[15];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb];B[da];W[db];B[ea];W[eb])",
        None,
        r"move 10 \(W\[eb\]\) comes after the end of the game: black made 5 in a row with move 9",
    ),
    ("a1a2b1b2c1c2d1d2e1e2", None, r"move 10 \(e2\) comes after the end of the game"),
    # unknown rule
    ("(;GM[4]SZ[15]RU[Go];B[hh])", None, r"RU\[Go\] is an unknown rule"),
    ("(;GM[4]SZ[15]RU[Swap2];B[hh])", None, r"RU\[Swap2\] names an opening protocol"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n0\ntictac rule=chess k=5\n", None, "unknown rule 'chess'"),
    # board bigger than 26
    ("(;GM[4]SZ[30];B[hh])", None, r"SZ\[30\]: the board is 30x30: boards up to 26x26"),
    ("(;GM[4]SZ[20:40];B[hh])", None, "the board is 20x40"),
    ("Piskvorky 30x30, 0:0, 0\n8,8,0\n", None, "line 1: the board is 30x30: boards up to 26x26"),
    # results against the board
    ("(;GM[4]SZ[15]RE[B+];B[hh])", None, None),
    ("(;GM[4]SZ[15]RE[Black lost];B[hh])", None, r"RE\[Black lost\] is not a result"),
    (
        "(;GM[4]SZ[15]RE[W+R];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb];B[da];W[db];B[ea])",
        None,
        "line 1: the result says white won, but black made 5 in a row with move 9",
    ),
]


@pytest.mark.parametrize(("text", "fmt", "message"), CASES)
def test_bad_records_say_what_is_wrong(text: str, fmt: Format | None, message: str | None) -> None:
    if message is None:  # a good record among the bad, to show the reader is not just strict
        parse(text, fmt)
        return
    with pytest.raises(RecordError, match=message) as caught:
        parse(text, fmt)
    assert "\n" not in str(caught.value)


def test_files_are_named_in_the_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[4]SZ[15]\n;B[hh]\n;W[hh])")
    with pytest.raises(RecordError) as caught:
        load(bad)
    assert str(caught.value) == (
        f"{bad}: line 3: move 2 (W[hh]): white plays on a square already taken (by move 1)"
    )
    with pytest.raises(RecordError, match=r"missing\.sgf: no such file"):
        load(tmp_path / "missing.sgf")
    with pytest.raises(RecordError, match="is a directory"):
        load(tmp_path)
    binary = tmp_path / "image.psq"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(RecordError, match=r"image\.psq: not a text file"):
        load(binary)


def test_misnamed_files_are_read_by_their_content(tmp_path: Path) -> None:
    path = tmp_path / "game.pos"
    path.write_text("Piskvorky 15x15, 0:0, 0\n8,8,0\n")
    assert len(load(path).moves) == 1


def test_deep_variations_are_refused_not_crashed() -> None:
    with pytest.raises(RecordError, match="nested more than"):
        parse("(;GM[4]" + "(;" * 5000 + ")" * 5000 + ")")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_record_or_a_record_error(text: str) -> None:
    for fmt in (None, *Format):
        try:
            parse(text, fmt)
        except RecordError as error:
            assert "\n" not in str(error)


@settings(max_examples=200, deadline=None)
@given(records(), st.sampled_from(list(Format)), st.data())
def test_cut_or_mangled_records_are_read_or_refused_cleanly(
    record: GameRecord, fmt: Format, data: st.DataObject
) -> None:
    text = dump(record, fmt)
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(max_size=3))
    for mangled in (text[:cut], text[:cut] + junk + text[cut:]):
        try:
            parse(mangled)
        except RecordError as error:
            assert "\n" not in str(error)
