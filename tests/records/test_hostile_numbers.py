"""Numbers `int()` refuses (more than 4,300 digits; ``²``, which `str.isdigit()` accepts)
and digits of other scripts: every reader says what is wrong in one line (a RecordError,
never a bare ValueError), and `tictac convert`, --load and the saved-games list say so too."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac_tui.cli import main as tictac_main
from tictac_tui.records import BoardSize, Format, RecordError, parse
from tictac_tui.records.convert import main as convert_main
from tictac_tui.records.numbers import MAX_DIGITS, SHOWN_CHARS, record_number
from tictac_tui.saved import games_dir, list_games

HUGE = "9" * 5000
"""More digits than `int()` takes from a string (4,300)."""

PSQ_HEAD = "Piskvorky 15x15, 0:0, 0\n"

CASES = [
    # SGF: SZ, RU, IR
    ("(;GM[4]SZ[15]IR[²];B[hh])", r"line 1: IR\[²\] is not a number of stones in a row"),
    (f"(;GM[4]SZ[15]IR[{HUGE}];B[hh])", r"line 1: IR: '9+…' is not a number"),
    ("(;GM[4]SZ[15]IR[٥];B[hh])", r"IR\[٥\] is not a number of stones in a row"),
    ("(;GM[4]SZ[²];B[hh])", r"SZ\[²\] is not a board size"),
    ("(;GM[4]SZ[١٥];B[hh])", r"SZ\[١٥\] is not a board size"),
    (f"(;GM[4]SZ[{HUGE}];B[hh])", r"line 1: SZ: '9+…' is not a number"),
    (f"(;GM[4]SZ[15:{HUGE}];B[hh])", r"line 1: SZ: '9+…' is not a number"),
    ("(;GM[4]SZ[15]RU[²];B[hh])", r"RU\[²\] is an unknown rule"),
    ("(;GM[4]SZ[15]RU[٤];B[hh])", r"RU\[٤\] is an unknown rule"),
    (f"(;GM[4]SZ[15]RU[{HUGE}];B[hh])", r"line 1: RU: '9+…' is not a number"),
    # PSQ: the header, move lines, the closing code, the rule line
    (f"Piskvorky {HUGE}x15, 0:0, 0\n8,8,0\n", r"line 1: the header: '9+…' is not a number"),
    (f"Piskvorky 15x{HUGE}, 0:0, 0\n8,8,0\n", r"line 1: the header: '9+…' is not a number"),
    (f"Piskvorky 15x15, 0:0, {HUGE}\n8,8,0\n", r"line 1: the header: '9+…' is not a number"),
    ("Piskvorky 15x15, 0:0, ²\n8,8,0\n", r"line 1: not a PSQ header"),
    (f"{PSQ_HEAD}8,8,0\n{HUGE},8,0\n", r"line 3: move 2 \(9+…\): '9+…' is not a number"),
    (f"{PSQ_HEAD}8,8,0\n9,{HUGE},0\n", r"line 3: move 2 \(9,9+…\): '9+…' is not a number"),
    (f"{PSQ_HEAD}8,8,0\n{HUGE}\n", r"line 3: the closing code: '9+…' is not a number"),
    (f"{PSQ_HEAD}8,8,0\n-{HUGE}\n", r"line 3: the closing code: '-9+…' is not a number"),
    (
        f"{PSQ_HEAD}8,8,0\n0\ntictac rule=renju k={HUGE}\n",
        r"line 4: k: '9+…' is not a number",
    ),
    # pos: rows are ASCII digits
    ("h٨", r"not a game record"),
]


@pytest.mark.parametrize(("text", "message"), CASES)
def test_hostile_numbers_are_record_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        parse(text)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200  # the 5,000 digits are cut, not printed


@pytest.mark.parametrize(
    ("text", "fmt", "message"),
    [
        ("h٨i9", Format.POS, r"column 1: 'h٨i9' is not a move"),
        ("h8 i٩", Format.POS, r"column 4: 'i٩' is not a move"),
        (f"{PSQ_HEAD}٨,8,0\n", Format.PSQ, None),  # not a move line: skipped, as others are
    ],
)
def test_other_scripts_digits_are_not_numbers(text: str, fmt: Format, message: str | None) -> None:
    if message is None:
        assert parse(text, fmt).moves == ()
        return
    with pytest.raises(RecordError, match=message):
        parse(text, fmt)


def test_a_record_number_is_ascii_digits_and_bounded() -> None:
    assert record_number("15", "SZ") == 15
    assert record_number("-2", "code") == -2
    assert record_number("9" * MAX_DIGITS, "n") == int("9" * MAX_DIGITS)
    for bad in ("", "-", "²", "٥", "1²", " 1", "+1", "1_000", "9" * (MAX_DIGITS + 1), HUGE):
        with pytest.raises(RecordError, match=r"^line 3: SZ: .* is not a number") as caught:
            record_number(bad, "SZ", line=3)
        assert len(caught.value.problem) < SHOWN_CHARS + 80


@pytest.mark.parametrize("text", ["²", "15x²", "٥", HUGE, f"15x{HUGE}", "-3"])
def test_a_board_size_option_refuses_them_with_its_own_words(text: str) -> None:
    with pytest.raises(ValueError, match="is not a board size: write N or COLSxROWS"):
        BoardSize.parse(text)


def test_convert_says_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = tmp_path / "ir2.sgf", tmp_path / "out.sgf"
    source.write_text("(;GM[4]SZ[15]IR[²];B[hh])")
    assert convert_main([str(source), str(target)]) == 2
    err = capsys.readouterr().err
    assert err == f"tictac convert: {source}: line 1: IR[²] is not a number of stones in a row\n"
    assert not target.exists()


def test_convert_of_a_huge_number_says_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "big.psq"
    source.write_text(f"{PSQ_HEAD}8,8,0\n{HUGE},1,0\n")
    assert convert_main([str(source), str(tmp_path / "out.sgf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a number" in err
    assert len(err) < len(str(source)) + 200


def test_load_says_one_line_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "ir2.sgf"
    source.write_text("(;GM[4]SZ[15]IR[²];B[hh])")
    with pytest.raises(SystemExit) as exit_info:
        tictac_main(["--load", str(source)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err == f"tictac: {source}: line 1: IR[²] is not a number of stones in a row\n"


def test_the_saved_games_list_names_the_problem(tmp_path: Path) -> None:
    folder = games_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "ir2.sgf").write_text("(;GM[4]SZ[15]IR[²];B[hh])")
    (folder / "huge.psq").write_text(f"Piskvorky {HUGE}x15, 0:0, 0\n")
    games = {game.path.name: game for game in list_games(tmp_path)}
    assert games["ir2.sgf"].record is None
    assert games["ir2.sgf"].problem == "line 1: IR[²] is not a number of stones in a row"
    assert games["huge.psq"].record is None
    assert "is not a number" in (games["huge.psq"].problem or "")


NUMBERS = st.one_of(
    st.just(HUGE),
    st.sampled_from(["²", "³", "¹", "٣", "߃", "０", "①", "-", "--1", "1e9", "0x1f"]),
    st.integers(-(10**30), 10**30).map(str),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6),
)
"""Numbers of every kind `int()` may take or refuse."""

TEMPLATES = [
    "(;GM[4]SZ[{n}];B[hh])",
    "(;GM[4]SZ[15:{n}];B[hh])",
    "(;GM[4]SZ[15]RU[{n}];B[hh])",
    "(;GM[4]SZ[15]IR[{n}];B[hh])",
    "(;GM[{n}]SZ[15];B[hh])",
    "(;GM[4]SZ[15]RE[{n}];B[hh])",
    "(;GM[4]SZ[15];B[{n}])",
    "Piskvorky {n}x15, 0:0, 0\n8,8,0\n",
    "Piskvorky 15x15, {n}:0, 0\n8,8,0\n",
    "Piskvorky 15x15, 0:0, {n}\n8,8,0\n",
    "Piskvorky 15x15, 0:0, 0\n{n},8,0\n",
    "Piskvorky 15x15, 0:0, 0\n8,8,{n}\n",
    "Piskvorky 15x15, 0:0, 0\n8,8,0\n{n}\n",
    "Piskvorky 15x15, 0:0, 0\n8,8,0\nA\nB\n{n}\n",
    "Piskvorky 15x15, 0:0, 0\n8,8,0\n0\ntictac rule=exact k={n}\n",
    "h{n}",
    "h8i{n}",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TEMPLATES), NUMBERS, st.sampled_from([None, *Format]))
def test_any_number_anywhere_is_a_record_or_a_record_error(
    template: str, number: str, fmt: Format | None
) -> None:
    try:
        parse(template.format(n=number), fmt)
    except RecordError as error:
        assert "\n" not in str(error)
        assert len(str(error)) < 400


PIECES = {
    Format.SGF: [
        "(;",
        "(",
        ")",
        ";",
        "GM[4]",
        "SZ[15]",
        "SZ[",
        "]",
        "[",
        "\\",
        "B[hh]",
        ";W[ii]",
        "C[x]",
        ";C[a\\]b]",
        "GC[",
        "AB[]",
        "AW[hh]",
        "IR[",
        "RU[",
        "RE[",
        "²",
        "٥",
        HUGE,
        "\n",
        " ",
        "é",
        "Bx",
        "c",
        "XX[1][2]",
    ],
    Format.PSQ: [
        "Piskvorky 15x15, 0:0, 0\n",
        "Piskvorky ",
        "x",
        ", ",
        ":",
        "8,8,0\n",
        "9,",
        "\n",
        "-",
        "0\n",
        "15\n",
        "tictac rule=renju k=",
        "homo-1\n",
        "²",
        "٥",
        HUGE,
        "name\n",
    ],
    Format.POS: ["h8", "i9", " ", ",", ";", "\n", "z", "²", "٥", HUGE, "!", "A1", "o15"],
}
"""Pieces of each format, hostile numbers among them, for texts shaped like records."""


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(list(Format)))
def test_record_shaped_texts_are_records_or_record_errors(data: st.DataObject, fmt: Format) -> None:
    text = "".join(data.draw(st.lists(st.sampled_from(PIECES[fmt]), max_size=30)))
    for chosen in (None, fmt):
        try:
            parse(text, chosen)
        except RecordError as error:
            assert "\n" not in str(error)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("(;GM[4]SZ[15];B[hh];W[ii]\n;B[c\nd])", r"move 3 (B[c\nd]) is not a square"),
        ("(;GM[4]RU[C\nx];B[hh])", r"RU[C\nx] is an unknown rule"),
        ("(;GM[0\n];B[hh])", r"GM[0\n] is not gomoku"),
        ("(;GM[4]SZ[30\n:40];B[hh])", r"SZ[30\n:40]: the board is 30x40"),
        ("(;GM[4]RE[\u202eB+];B[hh])", r"RE[\u202eB+] is not a result"),
    ],
)
def test_values_quoted_in_messages_stay_on_one_line(text: str, shown: str) -> None:
    # Found by test_bad_input's mangled records: a line break inside a value reached
    # the message raw (and a bidi override would reorder the terminal's line).
    with pytest.raises(RecordError) as caught:
        parse(text)
    assert shown in str(caught.value)
    assert "\n" not in str(caught.value) and "\u202e" not in str(caught.value)
