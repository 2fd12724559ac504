"""Fitting a message to a width: whole words only, display widths (Chinese two columns)."""

from __future__ import annotations

import pytest

from tictac_tui.i18n.width import ELLIPSIS, fit_lines, shorten, text_width

DIGITS = "Digits play on 3x3 only: type g and a square, like h8"
CHINESE = "数字键只用于 3x3：请按 g 再输入落点，例如 h8"


def test_a_text_that_fits_is_kept_whole() -> None:
    assert shorten(DIGITS, 60) == DIGITS
    assert shorten(CHINESE, text_width(CHINESE)) == CHINESE
    assert fit_lines(DIGITS, 60, 2) == [DIGITS]


def test_a_text_too_long_is_cut_between_words_with_an_ellipsis() -> None:
    assert shorten(DIGITS, 42) == "Digits play on 3x3 only: type g and a" + ELLIPSIS
    for width in range(len("Digits" + ELLIPSIS), 60):  # the first word fits
        cut = shorten(DIGITS, width)
        assert text_width(cut) <= width
        kept = cut.removesuffix(ELLIPSIS)
        assert DIGITS.startswith(kept)
        assert kept == DIGITS or DIGITS[len(kept)] in " ,:"  # never inside a word


def test_chinese_is_cut_between_characters_by_display_width() -> None:
    width = 20
    cut = shorten(CHINESE, width)
    assert text_width(cut) <= width and cut.endswith(ELLIPSIS)
    assert CHINESE.startswith(cut.removesuffix(ELLIPSIS))
    assert len(cut) < width  # two columns a character: fewer characters than columns


@pytest.mark.parametrize("text", [DIGITS, CHINESE])
def test_a_text_wraps_onto_two_lines_when_it_can(text: str) -> None:
    width = text_width(text) * 2 // 3
    lines = fit_lines(text, width, 2)
    assert len(lines) == 2 and all(text_width(line) <= width for line in lines)
    assert not lines[1].endswith(ELLIPSIS)
    squeezed = fit_lines(text, width // 2, 2)
    assert len(squeezed) == 2 and squeezed[1].endswith(ELLIPSIS)
    assert all(text_width(line) <= width // 2 for line in squeezed)


def test_a_single_word_wider_than_the_room_is_cut_as_a_last_resort() -> None:
    assert shorten("Unbreakable", 8) == "Unbre" + ELLIPSIS
    assert shorten("Unbreakable", 2) == "Un"
