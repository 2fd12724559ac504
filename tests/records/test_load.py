"""`load` (a file) and `loads` (a text): any encoding a record is written in, any format."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictac_tui.engine import Move, Rule
from tictac_tui.records import Format, RecordError, detect_format, load, loads


def test_load_reads_a_file_and_loads_a_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert loads("h8i9").moves == (Move(7, 7), Move(8, 8))
    assert loads("(;GM[4]SZ[15];B[hh])").moves == (Move(7, 7),)
    with pytest.raises(RecordError, match=r"^h8: no such file$"):
        load("h8")  # a name is always a file, never the text it spells
    Path("h8").write_text("(;GM[4]SZ[15];B[aa])")
    assert load("h8").moves == load(Path("h8")).moves == (Move(0, 0),)
    assert loads("h8").moves == (Move(7, 7),)  # a text is never a file's name
    with pytest.raises(RecordError, match=r"^game\.sgf: no such file$"):
        load("game.sgf")


def test_options_by_keyword() -> None:
    record = loads("a1", rule="exact", size="20x10", k=4, rows_from="bottom")
    assert record.rules.rule is Rule.EXACT
    assert (record.rules.cols, record.rules.rows, record.rules.k) == (20, 10, 4)
    assert record.moves == (Move(9, 0),)
    with pytest.raises(ValueError, match="unknown rule 'go'"):
        loads("a1", rule="go")


def test_encodings(tmp_path: Path) -> None:
    path = tmp_path / "chinese.sgf"
    path.write_bytes("(;GM[4]CA[gb2312]SZ[15]PB[黑棋]PW[白棋];B[hh])".encode("gb2312"))
    assert load(path).players.black == "黑棋"
    bom = tmp_path / "bom.psq"
    bom.write_bytes(b"\xef\xbb\xbfPiskvorky 15x15, 0:0, 0\r\n8,8,0\r\n")
    assert load(bom).moves == (Move(7, 7),)
    latin = tmp_path / "latin.sgf"
    latin.write_bytes("(;GM[4]SZ[15]PB[Jos\xe9];B[hh])".encode("latin-1"))
    assert load(latin).players.black == "José"


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("  (;GM[4])", Format.SGF),
        ("\ufeff( ;GM[4])", Format.SGF),
        ("Piskvorky 20x20, 11:11, 0\n", Format.PSQ),
        ("h8 i9, J10\n", Format.POS),
        ("hello", None),
        ("", None),
    ],
)
def test_detect_format(text: str, fmt: Format | None) -> None:
    assert detect_format(text) is fmt
