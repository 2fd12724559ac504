"""What a typed line means: a command word, a square, or nothing we know.

Commands are English words in every language (`undo`, `hint`, `help`,
`new`, `quit`, `board`, `analyse`), with their usual Chinese words accepted too; the
answers to a question are `yes`/`no` (or y/n, 是/否). Squares are a digit
1-9 on tic-tac-toe, else a column letter and a row number (``h8``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..engine import Move, Rules
from ..i18n import _
from ..squares import is_tictactoe, last_square, read_square, square_name


class Command(Enum):
    """A command word."""

    UNDO = "undo"
    HINT = "hint"
    HELP = "help"
    NEW = "new"
    QUIT = "quit"
    BOARD = "board"
    ANALYSE = "analyse"


WORDS: dict[str, Command] = {
    **{command.value: command for command in Command},
    "exit": Command.QUIT,
    "?": Command.HELP,
    "悔棋": Command.UNDO,
    "提示": Command.HINT,
    "帮助": Command.HELP,
    "新局": Command.NEW,
    "退出": Command.QUIT,
    "棋盘": Command.BOARD,
    "analyze": Command.ANALYSE,
    "分析": Command.ANALYSE,
}
"""Every word a command answers to (lower case)."""

DIGITS = frozenset("123456789")
"""The squares of tic-tac-toe, row by row from the top left."""
YES = frozenset({"y", "yes", "是", "好"})
NO = frozenset({"n", "no", "否", "不"})


@dataclass(frozen=True, slots=True)
class Unknown:
    """A line that is neither a command nor a square; `reason` says why, in words."""

    reason: str


Line = Command | Move | Unknown | None
"""A typed line read: None for an empty line."""


def read_line(text: str, rules: Rules) -> Line:
    """What `text` asks for on a board with `rules`."""
    word = text.strip().lower()
    if not word:
        return None
    if word in WORDS:
        return WORDS[word]
    if is_tictactoe(rules) and word in DIGITS:
        number = int(word) - 1
        return Move(number // 3, number % 3)
    try:
        return read_square(word, rules)
    except ValueError:
        if is_tictactoe(rules):
            return Unknown(
                _("{text} is not a square: type a digit from 1 to 9").format(text=text.strip())
            )
        last = square_name(rules, last_square(rules))
        return Unknown(
            _(
                "{text} is not a square on this board: type a letter and a number, A1 to {last}"
            ).format(text=text.strip(), last=last)
        )


def answer(text: str) -> bool | None:
    """True for yes, False for no, None for anything else."""
    word = text.strip().lower()
    if word in YES:
        return True
    if word in NO:
        return False
    return None
