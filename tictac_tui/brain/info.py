"""``INFO key value``: the manager's settings read into a new `Settings` and the clock.

The time keys go to the `clock.MatchClock`; the others make a new
`settings.Settings`. Keys in `IGNORED_INFO` and keys this brain does not
know are ignored, as the protocol asks. ``yxshowinfo`` (`limits`) tells
Yixin-Board how far the settings go.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from .clock import MatchClock
from .protocol import Command, ProtocolError, parse_info, parse_info_number
from .reply import Handler, Reply
from .settings import Detail, Settings, table_bytes_for_hash, table_bytes_for_memory

if TYPE_CHECKING:
    from .conversation import Brain

IGNORED_INFO = frozenset({"game_type", "folder", "evaluate"})
MAX_THREADS = max(1, min(os.cpu_count() or 1, 8))
"""Most processes a search may use: the machine's cores, at most 8."""
MAX_HASH_LOG2_KB = 18
"""``yxshowinfo`` offers Yixin-Board hash sizes up to 2^18 KB (256 MB)."""


def thread_count(count: int) -> int:
    """`count` processes (``--threads``, ``INFO thread_num``) brought within 1 to `MAX_THREADS`."""
    return min(max(count, 1), MAX_THREADS)


Change = Callable[[Settings, int], Settings]
"""A new `Settings` with one INFO value in it."""

CHANGES: dict[str, Change] = {
    "rule": lambda settings, mask: replace(settings, rule_mask=mask),
    "max_node": lambda settings, nodes: replace(settings, max_node=nodes if nodes > 0 else None),
    "max_depth": lambda settings, depth: replace(settings, max_depth=depth if depth > 0 else None),
    "show_detail": lambda settings, bits: replace(settings, yixin=True, detail=Detail.of(bits)),
    "max_memory": lambda settings, size: replace(
        settings, table_bytes=table_bytes_for_memory(size)
    ),
    "hash_size": lambda settings, kilobytes: replace(
        settings, table_bytes=table_bytes_for_hash(kilobytes)
    ),
    "thread_num": lambda settings, count: replace(settings, threads=thread_count(count)),
    "pondering": lambda settings, flag: replace(settings, pondering=flag != 0),
}
"""The settings' keys: how each value makes a new `Settings`."""


CLOCK_KEYS: dict[str, Callable[[MatchClock, int], None]] = {
    "timeout_turn": MatchClock.set_turn,
    "timeout_match": MatchClock.set_match,
    "time_left": MatchClock.set_left,
}
"""The time keys: they set the match clock."""


def read_info(key: str, value: str, settings: Settings, clock: MatchClock) -> Settings:
    """The settings after ``INFO key value`` (a time key sets `clock` instead).

    ProtocolError if the value is not a number (nothing is changed then).
    """
    if key in IGNORED_INFO or (key not in CLOCK_KEYS and key not in CHANGES):
        return settings  # unknown keys are ignored, as the protocol asks
    number = parse_info_number(value, f"INFO {key}")
    if key in CLOCK_KEYS:
        CLOCK_KEYS[key](clock, number)
        return settings
    return CHANGES[key](settings, number)


def limits() -> tuple[str, ...]:
    """``yxshowinfo``'s answer: the most threads and the largest hash this brain takes."""
    return (
        f"MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}",
        f"MESSAGE INFO MAX_HASH_SIZE {MAX_HASH_LOG2_KB}",
    )


def info(brain: Brain, command: Command, received: float) -> Reply:
    """``INFO key value``: nothing is answered; a bad value is told before the next move."""
    key, value = parse_info(command.argument)
    try:
        settings = read_info(key, value, brain.settings, brain.clock)
    except ProtocolError as error:
        # The manager reads no answer to INFO: say it before the next move.
        brain.notes.append(f"MESSAGE ignored: {error}")
        return Reply()
    brain.settings = settings
    brain.seat.configure(settings)
    return Reply()


HANDLERS: dict[str, Handler] = {"INFO": info}
"""The settings' command."""
