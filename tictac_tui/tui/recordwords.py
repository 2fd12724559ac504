"""Records in the app's words: results, players, boards, and the table of saved games.

Everything here is translated (`i18n`) and laid out by display columns
(`i18n.width`), so the Open list lines up in English and in Chinese. Pure:
no files, no curses (the file's time comes in with the `SavedGame`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Player, Rule, Rules
from ..i18n import _, pgettext
from ..i18n.visible import shown_name
from ..i18n.width import clip, pad, pad_left, text_width
from ..records import GameRecord
from ..saved import SavedGame
from ..words import rule_short_name, side_name

SEPARATOR = "  "
MARK = "> "
"""The highlighted line's mark (the others start with as many spaces)."""
MIN_PLAYERS = 10
"""Fewest columns the players get before the column is left out."""


def result_text(record: GameRecord, *, short: bool = False) -> str:
    """The result in words, as the records say it ("O won by foul (black's H8: double
    three)", "Draw (board full)", "in progress"); `short`: "O won", "Draw", "in progress"."""
    result = record.result
    if not short or result is None:
        return record.describe_result()
    if result.winner is None:
        return _("Draw")
    return _("{side} won").format(side=side_name(result.winner, record.rules))


def players_text(record: GameRecord) -> str:
    """ "You vs Computer (Hard)"; a side the record does not name is called by its colour."""
    rules = record.rules
    black = shown_name(record.players.black) or side_name(Player.X, rules)
    white = shown_name(record.players.white) or side_name(Player.O, rules)
    return _("{black} vs {white}").format(black=black, white=white)


def board_text(rules: Rules) -> str:
    """The board in a few columns: "15x15", "15x15 renju", "7x7 k4", "19x19 exact"."""
    text = f"{rules.rows}x{rules.cols}"
    if rules.k != 5 and (rules.rows, rules.cols, rules.k) != (3, 3, 3):
        text += f" k{rules.k}"
    if rules.rule is not Rule.FREESTYLE:
        text += " " + rule_short_name(rules.rule)
    return text


# -- the table of saved games -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One column of the table: its header, its cells, and whether it is right-aligned."""

    header: str
    cells: tuple[str, ...]
    right: bool = False

    @property
    def width(self) -> int:
        """Columns the widest cell (or the header) needs."""
        return max(text_width(text) for text in (self.header, *self.cells))


@dataclass(frozen=True, slots=True)
class Form:
    """One way to lay the table out: how the date is written, whether the result is said
    in full, whether the players have a column."""

    date: str
    long_result: bool
    players: bool


FORMS = (
    Form("%Y-%m-%d %H:%M", True, True),
    Form("%m-%d %H:%M", True, True),
    Form("%m-%d %H:%M", False, True),
    Form("%m-%d %H:%M", False, False),
    Form("%m-%d", False, False),
)
"""Table forms, widest first; the first that fits is used (the players' column may shrink
to `MIN_PLAYERS` in the last form that has it)."""


def _cells(games: Sequence[SavedGame], cell: Callable[[GameRecord], str]) -> tuple[str, ...]:
    return tuple(cell(game.record) if game.record is not None else "" for game in games)


def _columns(games: Sequence[SavedGame], form: Form) -> list[Column]:
    dates = tuple(dt.datetime.fromtimestamp(game.modified).strftime(form.date) for game in games)
    columns = [
        Column(_("Date"), dates),
        Column(_("Board"), _cells(games, lambda r: board_text(r.rules))),
    ]
    if form.players:
        columns.append(Column(_("Players"), _cells(games, players_text)))
    short = not form.long_result
    columns.append(Column(_("Result"), _cells(games, lambda r: result_text(r, short=short))))
    moves = _cells(games, lambda r: str(len(r.all_moves)))
    columns.append(Column(pgettext("saved games column", "Moves"), moves, right=True))
    return columns


def _fitted(games: Sequence[SavedGame], width: int) -> tuple[list[Column], list[int]]:
    """The columns and their widths of the first form that fits `width` (else the last)."""
    room = width - text_width(MARK)
    last_with_players = max(i for i, form in enumerate(FORMS) if form.players)
    for index, form in enumerate(FORMS):
        columns = _columns(games, form)
        widths = [column.width for column in columns]
        spare = room - sum(widths) - text_width(SEPARATOR) * (len(widths) - 1)
        if spare >= 0:
            return columns, widths
        if index == last_with_players and widths[2] + spare >= MIN_PLAYERS:
            widths[2] += spare
            return columns, widths
    return columns, widths


def _row(texts: Sequence[str], columns: Sequence[Column], widths: Sequence[int]) -> str:
    cells = [
        (pad_left if column.right else pad)(clip(text, size), size)
        for text, column, size in zip(texts, columns, widths, strict=True)
    ]
    return SEPARATOR.join(cells).rstrip()


def saved_table(games: Sequence[SavedGame], width: int) -> tuple[str, list[str]]:
    """(the header, one line per game) of the Open list, within `width` columns with the
    mark before each line: date, board and rule, players, result, length. A file that
    can't be read shows its date, name and why."""
    columns, widths = _fitted(games, width)
    header = _row([column.header for column in columns], columns, widths)
    lines = []
    for index, game in enumerate(games):
        if game.record is None:
            text = _("{file}: {problem}").format(
                file=shown_name(game.path.name), problem=shown_name(game.problem)
            )
            line = columns[0].cells[index] + SEPARATOR + text
        else:
            line = _row([column.cells[index] for column in columns], columns, widths)
        lines.append(clip(line, width - text_width(MARK)))
    return clip(header, width - text_width(MARK)), lines
