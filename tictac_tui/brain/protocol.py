"""The Gomocup AI protocol's lines, read into values and written back.

The manager sends one command per line, for example ``START 20``,
``TURN 10,10``, ``INFO timeout_turn 1000``; command words are matched
without regard to case (Yixin-Board sends them in lower case). Coordinates
are 0-based ``x,y``, ``x`` the column. Everything malformed raises
`ProtocolError`, whose message is the reason sent after ``ERROR``; a message
never echoes more than `ECHO_CHARS` characters of what it quotes, so a
garbage line of any length gets a short answer.

Sources: Petr Laštovička's "Gomoku AI protocol" (Piskvork,
``source/doc/protocl2en.htm``), the Yixin protocol (``accreator/Yixin-protocol``),
and what Yixin-Board reads back (``FORBID``, ``MESSAGE REALTIME``, ``INFO PV``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..engine import Move, Rule

ECHO_CHARS = 40
"""Most characters of a bad value quoted back in an error message."""
MAX_DIGITS = 30
"""Longest number read; longer ones are refused before Python converts them
(its `int` refuses 4,300 digits with a traceback, and a 400-digit time would
overflow a float later)."""
MAX_INFO_VALUE = 10**15
"""INFO numbers are clamped to +-this (ms: 31,000 years), so every later sum stays a float."""


class ProtocolError(ValueError):
    """A line the brain can't act on; the message is the reason sent after ERROR."""


@dataclass(frozen=True, slots=True)
class Command:
    """One manager line: the upper-cased command word and the rest of the line."""

    name: str
    argument: str


def parse_line(line: str) -> Command | None:
    """Split a line into a Command; None for an empty line (the protocol ignores those)."""
    text = line.strip()
    if not text:
        return None
    word, _, rest = text.partition(" ")
    return Command(word.upper(), rest.strip())


def quote(text: str) -> str:
    """`text` for an error message: repr'd, cut to `ECHO_CHARS` characters."""
    text = text.strip()
    if len(text) > ECHO_CHARS:
        return repr(text[:ECHO_CHARS]) + f"... ({len(text)} characters)"
    return repr(text)


def parse_int(text: str, what: str) -> int:
    """A whole number (sign allowed, at most `MAX_DIGITS` digits) or ProtocolError."""
    cleaned = text.strip()
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not body.isascii() or not body.isdigit():
        raise ProtocolError(f"{what}: expected a whole number, got {quote(text)}")
    digits = body.lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise ProtocolError(f"{what}: a {len(digits)}-digit number is out of range")
    value = int(digits or "0")
    return -value if cleaned.startswith("-") else value


def parse_info_number(text: str, what: str) -> int:
    """An INFO value: a whole number clamped to +-`MAX_INFO_VALUE`."""
    return max(-MAX_INFO_VALUE, min(MAX_INFO_VALUE, parse_int(text, what)))


def parse_point(text: str) -> tuple[int, int]:
    """``"x,y"`` -> (x, y), spaces around the numbers allowed."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ProtocolError(f"expected coordinates x,y, got {quote(text)}")
    return parse_int(parts[0], "x"), parse_int(parts[1], "y")


class Field(int, Enum):
    """The third number of a BOARD line: whose stone it is."""

    OWN = 1
    OPPONENT = 2
    WINNING = 3
    """A stone of a winning line in a continuous game (not played here)."""


@dataclass(frozen=True, slots=True)
class Stone:
    """One BOARD line: a point and whose stone is on it."""

    x: int
    y: int
    field: Field


def parse_stone(text: str) -> Stone:
    """``"x,y,field"`` -> Stone (field 1 own, 2 the opponent's, 3 continuous game)."""
    parts = text.split(",")
    if len(parts) != 3:
        raise ProtocolError(f"expected x,y,field or DONE, got {quote(text)}")
    x, y = parse_int(parts[0], "x"), parse_int(parts[1], "y")
    field = parse_int(parts[2], "field")
    if field not in (1, 2, 3):
        raise ProtocolError(f"field must be 1 (own) or 2 (opponent), got {field}")
    return Stone(x, y, Field(field))


def parse_size(command: Command) -> tuple[int, int]:
    """(width, height) from ``START n`` or ``RECTSTART w,h``."""
    if command.name == "START":
        size = parse_int(command.argument, "START size")
        return size, size
    return parse_point(command.argument)


def parse_info(argument: str) -> tuple[str, str]:
    """``"key value"`` -> (lower-case key, value); the value may be empty."""
    key, _, value = argument.strip().partition(" ")
    if not key:
        raise ProtocolError("INFO needs a key, as in INFO timeout_turn 1000")
    return key.lower(), value.strip()


class RuleBit(int, Enum):
    """`INFO rule` is a sum of these (Gomocup); Yixin-Board sends 2 for renju instead."""

    EXACT = 1
    CONTINUOUS = 2
    RENJU = 4
    CARO = 8


def rule_from_mask(mask: int, *, yixin: bool = False) -> Rule:
    """The rule an `INFO rule` value asks for, or ProtocolError naming what can't be played.

    Gomocup's bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro. Renju
    already wins by exactly five for black, so 5 is renju too. Yixin-Board
    (`yixin`) numbers its rules 0 freestyle, 1 exact five, 2 renju, as Rapfi
    reads them.
    """
    if yixin and mask == RuleBit.CONTINUOUS:
        return Rule.RENJU
    if mask < 0 or mask >= 16:
        raise ProtocolError(f"rule {mask} is not a rule: the bits are 1, 2, 4 and 8")
    if mask & RuleBit.CONTINUOUS:
        raise ProtocolError(f"rule {mask} asks for a continuous game, which this brain can't play")
    if mask & RuleBit.RENJU and mask & RuleBit.CARO:
        raise ProtocolError(f"rule {mask} asks for both renju and caro")
    if mask & RuleBit.RENJU:
        return Rule.RENJU
    if mask & RuleBit.CARO:
        if mask & RuleBit.EXACT:
            raise ProtocolError(f"rule {mask} (caro with exactly five) is not supported")
        return Rule.CARO
    return Rule.EXACT if mask & RuleBit.EXACT else Rule.FREESTYLE


def format_move(move: Move) -> str:
    """A Move as the protocol's ``x,y`` (column first)."""
    return f"{move.col},{move.row}"


def format_moves(moves: Iterable[Move]) -> str:
    """Moves as ``x,y x,y ...`` (the SWAP2BOARD and BESTLINE form)."""
    return " ".join(format_move(move) for move in moves)


def to_move(x: int, y: int) -> Move:
    """Protocol coordinates to an engine Move (row = y, col = x)."""
    return Move(y, x)


def format_forbid(points: Iterable[Move]) -> str:
    """Yixin's answer to ``yxshowforbid``: ``FORBID `` then xxyy per point, then a full stop."""
    cells = "".join(f"{move.col:02d}{move.row:02d}" for move in sorted(points))
    return f"FORBID {cells}."


def format_about(name: str, version: str, author: str, country: str) -> str:
    """The one-line ABOUT answer: ``name="...", version="...", author="...", country="..."``."""
    fields = {"name": name, "version": version, "author": author, "country": country}
    return ", ".join(f'{key}="{value.replace(chr(34), chr(39))}"' for key, value in fields.items())
