"""Protocol lines to values and back (`tictac_tui.brain.protocol`)."""

from __future__ import annotations

import pytest

from tictac_tui.brain.protocol import (
    MAX_INFO_VALUE,
    Command,
    Field,
    ProtocolError,
    Stone,
    format_about,
    format_forbid,
    format_move,
    format_moves,
    parse_info,
    parse_info_number,
    parse_int,
    parse_line,
    parse_point,
    parse_size,
    parse_stone,
    rule_from_mask,
)
from tictac_tui.engine import Move, Rule


def test_lines_and_points() -> None:
    assert parse_point(" 10 , 3 ") == (10, 3)
    assert parse_point("-1,+2") == (-1, 2)
    assert parse_stone("1,2,2") == Stone(1, 2, Field.OPPONENT)
    assert parse_line("   ") is None
    assert parse_line("turn 3,4\r\n") == Command("TURN", "3,4")
    assert parse_size(Command("START", "20")) == (20, 20)
    assert parse_size(Command("RECTSTART", "30,20")) == (30, 20)
    assert parse_info(" Timeout_Turn  1000 ") == ("timeout_turn", "1000")
    for bad in ("3", "a,b", "1,2,3", "", "1.5,2", "²,1", "1,٣"):
        with pytest.raises(ProtocolError):
            parse_point(bad)
    with pytest.raises(ProtocolError):
        parse_stone("1,2,7")
    with pytest.raises(ProtocolError):
        parse_info("   ")


def test_long_numbers_are_refused_before_conversion() -> None:
    assert parse_int("0" * 5000 + "12", "x") == 12  # leading zeros are not digits of value
    with pytest.raises(ProtocolError, match="5000-digit number is out of range"):
        parse_int("9" * 5000, "x")
    with pytest.raises(ProtocolError, match="400-digit"):
        parse_info_number("9" * 400, "INFO timeout_turn")
    assert parse_info_number("9" * 25, "INFO timeout_turn") == MAX_INFO_VALUE
    assert parse_info_number("-" + "9" * 25, "INFO time_left") == -MAX_INFO_VALUE


def test_error_messages_quote_little() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_point("x" * 10_000 + ",1")
    assert len(str(caught.value)) < 120


def test_rule_bits() -> None:
    assert rule_from_mask(0) is Rule.FREESTYLE
    assert rule_from_mask(1) is Rule.EXACT
    assert rule_from_mask(4) is Rule.RENJU
    assert rule_from_mask(5) is Rule.RENJU
    assert rule_from_mask(8) is Rule.CARO
    assert rule_from_mask(2, yixin=True) is Rule.RENJU  # Yixin-Board's numbering
    for mask, words in (
        (2, "continuous"),
        (3, "continuous"),
        (12, "renju and caro"),
        (9, "caro with exactly five"),
        (-1, "not a rule"),
        (16, "not a rule"),
    ):
        with pytest.raises(ProtocolError, match=words):
            rule_from_mask(mask)


def test_formats() -> None:
    assert format_move(Move(3, 10)) == "10,3"
    assert format_moves([Move(7, 7), Move(7, 8), Move(9, 9)]) == "7,7 8,7 9,9"
    assert format_forbid([]) == "FORBID ."
    assert format_forbid([Move(12, 9), Move(11, 10)]) == "FORBID 10110912."
    about = format_about("tictac", "1.0", 'me "x"', "CZ")
    assert about == 'name="tictac", version="1.0", author="me \'x\'", country="CZ"'
