"""What a reader may be told that a record itself may not say, and the rules it builds."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import RowOrigin as RowOrigin
from ..engine import Rule, Rules
from ..engine.rules import MAX_SIDE
from ..i18n import _
from .numbers import clipped, record_number
from .record import RecordError

DEFAULT_SIZE = 15
"""Board side for records that don't give one (pos strings, SGF without SZ)."""


@dataclass(frozen=True, slots=True)
class BoardSize:
    """A board's width (columns) and height (rows)."""

    cols: int
    rows: int

    @classmethod
    def parse(cls, text: str) -> BoardSize:
        """ "15" (square) or "20x15" (columns x rows); ValueError otherwise."""
        parts = text.strip().lower().split("x")
        sides = [_side(part.strip()) for part in parts] if len(parts) in (1, 2) else [None]
        if None in sides:
            raise ValueError(
                _("{text!r} is not a board size: write N or COLSxROWS, like 15 or 20x15").format(
                    text=clipped(text)
                )
            )
        cols, rows = sides[0] or 0, sides[-1] or 0
        for side in (cols, rows):
            if not 1 <= side <= MAX_SIDE:
                raise ValueError(
                    _("{text!r}: board sides run from 1 to {most}").format(text=text, most=MAX_SIDE)
                )
        return cls(cols, rows)

    def __str__(self) -> str:
        return f"{self.cols}x{self.rows}"


def _side(text: str) -> int | None:
    """A board side as typed (digits only), or None."""
    if text.startswith("-"):
        return None
    try:
        return record_number(text, "--size")
    except RecordError:
        return None


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """Choices for reading records.

    - ``rule``: the rule to play the moves under, in place of the record's own
      (for formats without one: pos strings, other programs' PSQ files);
    - ``size``: the board of records that don't give one (pos strings, SGF
      without SZ); default 15x15;
    - ``k``: stones in a row to win, in place of the record's own (default 5,
      or what a tictac_tui record says);
    - ``rows_from``: where a pos string's row 1 is;
    - ``game``: which game (1-based) of an SGF file holding several.
    """

    rule: Rule | None = None
    size: BoardSize | None = None
    k: int | None = None
    rows_from: RowOrigin = RowOrigin.TOP
    game: int | None = None


DEFAULT_OPTIONS = ReadOptions()


def build_rules(cols: int, rows: int, k: int, rule: Rule) -> Rules:
    """`Rules` for a record's board, or a RecordError saying what is wrong with it."""
    if cols > MAX_SIDE or rows > MAX_SIDE:
        raise RecordError(
            _("the board is {cols}x{rows}: boards up to {most}x{most} are supported").format(
                cols=cols, rows=rows, most=MAX_SIDE
            )
        )
    if cols < 1 or rows < 1:
        raise RecordError(
            _("the board is {cols}x{rows}: a board needs at least one square").format(
                cols=cols, rows=rows
            )
        )
    try:
        return Rules(rows, cols, k, rule=rule)
    except ValueError as error:
        raise RecordError(str(error)) from None
