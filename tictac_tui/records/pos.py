"""Pos strings: the moves alone, each a column letter and a row number (``h8i9g7``).

Gomoku programs pass openings and positions around this way. Column ``a`` is
the left column everywhere; row ``1`` is not: c-gomoku-cli, the PyPI package
`renju` and tictac_tui's own board count rows from the top, Yixin-Board (and
renju diagrams) from the bottom. Both are read and written
(`RowOrigin.TOP`, the default, or `RowOrigin.BOTTOM`); on a 15x15 board
``h8`` is the centre either way.

A pos string says nothing of the board or the rule: the reader is told them
(default 15x15, freestyle five). Moves may be separated by spaces, commas or
semicolons; letters may be upper or lower case.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NoReturn

from ..engine import Move, Rule
from ..i18n import _
from .numbers import record_number
from .options import DEFAULT_OPTIONS, DEFAULT_SIZE, ReadOptions, RowOrigin, build_rules
from .record import GameRecord, RecordError, Replay, move_words

TOKEN = re.compile(r"([A-Za-z])([0-9]{1,3})")
SEPARATORS = frozenset(" \t\r\n,;")
_SEPARATOR_RUN = re.compile(f"[{re.escape(''.join(sorted(SEPARATORS)))}]*")
_MOVES = re.compile(f"(?:{_SEPARATOR_RUN.pattern}+[A-Za-z][0-9]{{1,3}}+)*+")
"""The moves from the start, as far as they go, each as long as it can be.

Possessive (``*+``): a move starts with a letter, so there is never a choice
to go back on, and the match keeps no state per move (a 16 MB text would
take hundreds of MB otherwise)."""
LOOKS_LIKE_POS = re.compile(r"\s*+(?:[A-Za-z][0-9]{1,3}+[\s,;]*+)++")


def read_pos(text: str, options: ReadOptions = DEFAULT_OPTIONS) -> GameRecord:
    """The game of a pos string, on the board and under the rule `options` give."""
    size = options.size
    cols, rows = (size.cols, size.rows) if size else (DEFAULT_SIZE, DEFAULT_SIZE)
    rules = build_rules(cols, rows, options.k or 5, options.rule or Rule.FREESTYLE)
    replay = Replay(rules)
    for number, (move, written, line) in enumerate(
        _squares(text, rules.rows, options.rows_from), 1
    ):
        if not (move.row < rules.rows and move.col < rules.cols) or move.row < 0:
            raise RecordError(
                _("{move} is off the {cols}x{rows} board (give the board size with --size)").format(
                    move=move_words(number, written), cols=rules.cols, rows=rules.rows
                ),
                line=line,
            )
        try:
            replay.play(move, written)
        except RecordError as error:
            raise RecordError(error.problem, line=line) from None
    return GameRecord(rules, replay.moves)


def _squares(text: str, rows: int, origin: RowOrigin) -> Iterator[tuple[Move, str, int]]:
    """Each move's square, text and line, taken as the moves are played.

    The whole text is checked first (a RecordError at the first character not
    a move), by one regular expression; then moves are taken one by one, so
    reading stops at the first bad move. Lines are counted once, from one move
    to the next: linear in the text.
    """
    good = _MOVES.match(text)
    assert good is not None
    index = _SEPARATOR_RUN.match(text, good.end())
    assert index is not None
    if index.end() < len(text):
        _not_a_move(text, index.end())
    line, counted = 1, 0
    for match in TOKEN.finditer(text):
        line += text.count("\n", counted, match.start())
        counted = match.start()
        number = record_number(match.group(2), match.group(0), line=line)
        row = number - 1 if origin is RowOrigin.TOP else rows - number
        if number < 1:
            row = -1
        col = ord(match.group(1).lower()) - ord("a")
        yield Move(row, col), match.group(0), line


def _not_a_move(text: str, index: int) -> NoReturn:
    """The RecordError for the text at `index`, not a move."""
    start = text.rfind("\n", 0, index) + 1
    raise RecordError(
        _(
            "column {column}: {text!r} is not a move (a column letter and a row number, like h8)"
        ).format(column=index - start + 1, text=text[index : index + 12]),
        line=text.count("\n", 0, index) + 1,
    )


def write_pos(record: GameRecord, rows_from: RowOrigin = RowOrigin.TOP) -> str:
    """The record's moves as a pos string, ending in a newline."""
    rows = record.rules.rows
    parts = []
    for row, col in record.all_moves:
        number = row + 1 if rows_from is RowOrigin.TOP else rows - row
        parts.append(f"{chr(ord('a') + col)}{number}")
    return "".join(parts) + "\n"


def pos_keeps(record: GameRecord) -> GameRecord:
    """What of `record` a pos string keeps (the rules come from the reader)."""
    return GameRecord(record.rules, record.all_moves)
