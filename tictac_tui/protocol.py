"""Parsing and formatting for the Gomocup AI protocol ("Gomoku AI protocol", Piskvork).

The manager sends one command per line (CR LF), upper case, for example
``START 20``, ``TURN 10,10``, ``INFO timeout_turn 1000``. Coordinates are
0-based ``x,y`` with ``x`` the column and ``y`` the row. This module turns
lines into values and raises `ProtocolError` with a reason for anything
malformed; `tictac_tui.brain` holds the conversation itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Move

COMMANDS = frozenset(
    {
        "START",
        "RECTSTART",
        "RESTART",
        "BEGIN",
        "TURN",
        "BOARD",
        "DONE",
        "TAKEBACK",
        "PLAY",
        "INFO",
        "END",
        "ABOUT",
    }
)
"""Commands the brain knows; any other word is answered UNKNOWN."""

RULE_EXACT = 1
"""`INFO rule` bit for exactly five in a row (the others: 2 continuous, 4 renju, 8 caro)."""
RULE_NAMES = {2: "continuous game", 4: "renju", 8: "caro"}


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


def parse_int(text: str, what: str) -> int:
    """A whole number (sign allowed) or ProtocolError naming `what`."""
    cleaned = text.strip()
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not body.isdigit() or not body.isascii():
        raise ProtocolError(f"{what}: expected a whole number, got {text.strip()!r}")
    return int(cleaned)


def parse_point(text: str) -> tuple[int, int]:
    """``"x,y"`` -> (x, y), spaces around the numbers allowed."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ProtocolError(f"expected coordinates x,y, got {text.strip()!r}")
    x = parse_int(parts[0], "x")
    y = parse_int(parts[1], "y")
    return x, y


def parse_board_line(text: str) -> tuple[int, int, int]:
    """``"x,y,field"`` (field 1 own stone, 2 the opponent's, 3 continuous game) -> tuple."""
    parts = text.split(",")
    if len(parts) != 3:
        raise ProtocolError(f"expected x,y,field or DONE, got {text.strip()!r}")
    x = parse_int(parts[0], "x")
    y = parse_int(parts[1], "y")
    field = parse_int(parts[2], "field")
    if field not in (1, 2, 3):
        raise ProtocolError(f"field must be 1 (own) or 2 (opponent), got {field}")
    return x, y, field


def parse_size(command: Command) -> tuple[int, int]:
    """(width, height) from ``START n`` or ``RECTSTART w,h``."""
    if command.name == "START":
        size = parse_int(command.argument, "START size")
        return size, size
    width, height = parse_point(command.argument)
    return width, height


def parse_info(argument: str) -> tuple[str, str]:
    """``"key value"`` -> (lower-case key, value); the value may be empty."""
    key, _, value = argument.strip().partition(" ")
    if not key:
        raise ProtocolError("INFO needs a key, as in INFO timeout_turn 1000")
    return key.lower(), value.strip()


def unsupported_rule(rule: int) -> str | None:
    """Why an `INFO rule` value can't be played, or None if it can (0 or 1)."""
    if rule < 0:
        return f"rule {rule} is not a valid rule bitmask"
    extra = [name for bit, name in RULE_NAMES.items() if rule & bit]
    if extra:
        return f"rule {rule} ({', '.join(extra)}) is not supported: only 0 and 1 (exact five)"
    if rule & ~RULE_EXACT:
        return f"rule {rule} is not supported: only 0 (freestyle) and 1 (exact five)"
    return None


def format_move(move: Move) -> str:
    """A Move as the protocol's ``x,y`` (column first)."""
    return f"{move.col},{move.row}"


def to_move(x: int, y: int) -> Move:
    """Protocol coordinates to an engine Move (row = y, col = x)."""
    return Move(y, x)


def format_about(name: str, version: str, author: str, country: str) -> str:
    """The one-line ABOUT answer: ``name="...", version="...", author="...", country="..."``."""
    fields = {"name": name, "version": version, "author": author, "country": country}
    return ", ".join(f'{key}="{value.replace(chr(34), chr(39))}"' for key, value in fields.items())
