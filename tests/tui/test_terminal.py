"""The terminal tests' screen reader (tests/tui/terminal.py), where pyte alone fails."""

from __future__ import annotations

import pyte

from tests.tui.terminal import displayed


def screen_after(*writes: str) -> pyte.Screen:
    """A 10x2 pyte screen that was sent `writes` in turn."""
    screen = pyte.Screen(10, 2)
    stream = pyte.Stream(screen)
    for text in writes:
        stream.feed(text)
    return screen


def test_a_narrow_character_over_a_wide_ones_left_half_reads_as_a_blank_after_it() -> None:
    screen = screen_after("a\u4e2db", "\x1b[1;2Hx")  # x over the left half of the wide one
    assert displayed(screen)[0] == "ax b      "


def test_a_screen_pyte_renders_reads_as_pyte_renders_it() -> None:
    screen = screen_after("a\u4e2db")
    assert displayed(screen) == list(screen.display)
    assert displayed(screen)[0].startswith("a\u4e2db")
