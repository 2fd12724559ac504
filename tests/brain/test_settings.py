"""The brain's settings as one value (`tictac_tui.brain.settings`), INFO read into it (`info`)."""

from __future__ import annotations

import dataclasses
import enum

import pytest

from tictac_tui.brain import Brain
from tictac_tui.brain.clock import MatchClock
from tictac_tui.brain.info import MAX_THREADS, read_info
from tictac_tui.brain.protocol import ProtocolError
from tictac_tui.brain.settings import (
    ENTRY_BYTES,
    LEAST_TABLE,
    RESERVED_BYTES,
    Detail,
    Settings,
)
from tictac_tui.engine import Rule


def test_detail_is_a_flag_of_the_bits_this_brain_knows() -> None:
    assert issubclass(Detail, enum.IntFlag)
    assert Detail.of(3) == Detail.REALTIME | Detail.PV
    assert Detail.of(6) == Detail.PV  # bit 4 is not one of ours
    assert Detail.of(0) == Detail(0) and not Detail.of(-4)
    assert Detail.of(-1) == Detail.REALTIME | Detail.PV


def test_an_info_value_makes_new_settings_and_leaves_the_old_ones() -> None:
    clock = MatchClock()
    old = Settings()
    new = read_info("max_node", "500", old, clock)
    assert new.max_node == 500 and old.max_node is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.max_node = 7  # type: ignore[misc]
    assert read_info("max_depth", "0", new, clock).max_depth is None
    shown = read_info("show_detail", "3", old, clock)
    assert shown.detail == Detail.REALTIME | Detail.PV and shown.yixin
    assert read_info("rule", "2", shown, clock).rule() is Rule.RENJU  # Yixin-Board's 2
    assert read_info("rule", "4", old, clock).rule() is Rule.RENJU
    assert read_info("thread_num", "999", old, clock).threads == MAX_THREADS
    assert read_info("thread_num", "-3", old, clock).threads == 1


def test_time_ignored_and_unknown_keys_leave_the_settings_as_they_are() -> None:
    clock = MatchClock()
    settings = Settings(max_node=9)
    for key, value in [("timeout_turn", "1000"), ("folder", "x"), ("zzz", "soon")]:
        assert read_info(key, value, settings, clock) is settings
    assert clock.turn_ms == 1000


def test_a_bad_value_is_refused_and_changes_nothing() -> None:
    clock = MatchClock()
    settings = Settings()
    with pytest.raises(ProtocolError, match="INFO max_node: expected a whole number"):
        read_info("max_node", "soon", settings, clock)
    with pytest.raises(ProtocolError):
        read_info("timeout_turn", "soon", settings, clock)
    assert clock.turn_ms is None and settings == Settings()


def test_the_table_gets_the_memory_left_shared_by_the_threads() -> None:
    clock = MatchClock()
    memory = 80 << 20
    settings = read_info("max_memory", str(memory), Settings(threads=2), clock)
    assert settings.table_bytes == memory - RESERVED_BYTES
    assert settings.table_entries(10**9) == (memory - RESERVED_BYTES) // 2 // ENTRY_BYTES
    assert settings.table_entries(5000) == 5000  # never above the player's own size
    small = read_info("hash_size", "1", settings, clock)
    assert small.table_entries(10**9) == LEAST_TABLE
    assert read_info("max_memory", "0", settings, clock).table_entries(123) == 123


def test_the_brain_keeps_its_settings_as_one_value() -> None:
    brain = Brain(threads=10**6)
    assert brain.settings == Settings(threads=MAX_THREADS)
    before = brain.settings
    brain.respond("START 15")
    brain.respond("INFO max_depth 4")
    assert brain.settings == dataclasses.replace(before, max_depth=4)
    assert before.max_depth is None
    brain.respond("yxshowforbid")  # any yx command: Yixin-Board speaks
    assert brain.settings.yixin and not before.yixin
