"""The brain's settings: one value, changed by making a new one.

`Settings` holds what the manager set (``INFO rule``, ``max_node``,
``max_depth``, ``show_detail``, ``max_memory`` / ``hash_size``,
``thread_num``, ``pondering``; `info` reads them) and the ``--threads`` and
``--ponder`` it started with; a
change is a new value (`dataclasses.replace`). The match clock, which the
brain runs down itself between ``time_left`` lines, is `clock.MatchClock`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine import Rule
from .protocol import rule_from_mask

RESERVED_BYTES = 40 << 20
"""Memory kept out of `INFO max_memory` for the interpreter, the board and the
search's other tables (the brain's own size after START is about 18 MB)."""
ENTRY_BYTES = 210
"""Bytes a transposition-table entry takes (measured: 200,000 entries of a dict
from 64-bit keys to 4-tuples of ints, with tracemalloc)."""
LEAST_TABLE = 1000
"""The smallest table the brain asks for, however little memory is allowed."""


class Detail(enum.IntFlag):
    """Bits of Yixin-Board's ``INFO show_detail``: what to show while thinking."""

    REALTIME = 1
    """``MESSAGE REALTIME`` lines: the best move so far, moves proved lost."""
    PV = 2
    """``INFO PV`` blocks: depth, evaluation, principal variation."""

    @classmethod
    def of(cls, bits: int) -> Detail:
        """The bits of `bits` this brain knows (the others are dropped)."""
        return cls(bits & (cls.REALTIME | cls.PV))


NO_DETAIL = Detail(0)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the manager (and the command line) set; a change is a new `Settings`."""

    rule_mask: int = 0
    """``INFO rule``, checked (and the game replayed) at the next move."""
    yixin: bool = False
    """True once the manager spoke Yixin-Board's extensions (rule 2 is then renju)."""
    max_node: int | None = None
    """``INFO max_node``: the most nodes a search visits (None: no cap)."""
    max_depth: int | None = None
    """``INFO max_depth``: the deepest iteration a search starts (None: no cap)."""
    detail: Detail = NO_DETAIL
    """``INFO show_detail``: what to show while thinking."""
    table_bytes: int | None = None
    """Memory for the player's transposition table (None: its default)."""
    threads: int = 1
    """Processes the player may search with (``--threads``, ``INFO thread_num``)."""
    pondering: bool = False
    """Whether to think on the opponent's time (``--ponder``, ``INFO pondering``; `pondering`)."""

    def rule(self) -> Rule:
        """The rule `rule_mask` asks for; ProtocolError if it is not one this brain plays."""
        return rule_from_mask(self.rule_mask, yixin=self.yixin)

    def table_entries(self, default: int) -> int:
        """Entries of a player's table whose own size is `default`: within `table_bytes`.

        Each process keeps its own table, so the memory is shared by
        `threads`; never above `default`, but never below `LEAST_TABLE`.
        """
        if self.table_bytes is None:
            return default
        share = self.table_bytes // self.threads
        return max(LEAST_TABLE, min(default, share // ENTRY_BYTES))


def table_bytes_for_memory(size: int) -> int | None:
    """``INFO max_memory`` (bytes, 0: no limit): the table gets what `RESERVED_BYTES` leaves."""
    return max(size - RESERVED_BYTES, 0) if size > 0 else None


def table_bytes_for_hash(kilobytes: int) -> int | None:
    """Yixin-Board's ``INFO hash_size`` (KB, 0: the default): the table's own size."""
    return kilobytes * 1024 if kilobytes > 0 else None
