"""Blocks: a command followed by lines up to ``DONE``, and the one block being read.

``BOARD``, ``yxboard`` and ``SWAP2BOARD`` bring a position; Yixin-Board's
database queries and block commands bring lines this brain has no use for,
and its hash and database commands bring a file name on the next line. A
block is parsed line by line as it comes and keeps only what it parsed, at
most `block_limit` lines: past that it is refused and dropped, so a block
never closed holds no memory. `Blocks` keeps the block being read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..engine.rules import MAX_SIDE
from .protocol import ProtocolError, Stone, parse_point, parse_stone
from .reply import Reply


class BlockKind(Enum):
    """Commands followed by lines up to DONE."""

    BOARD = "BOARD"
    YXBOARD = "YXBOARD"
    SWAP2BOARD = "SWAP2BOARD"
    IGNORED = "IGNORED"
    """A Yixin-Board block this brain has no use for (database queries, blocks)."""
    PATH = "PATH"
    """The one line (a file name) after a Yixin-Board hash or database command."""


SILENT_BLOCKS = frozenset(
    {"YXQUERYDATABASEALL", "YXQUERYDATABASEALLT", "YXQUERYDATABASEONE", "YXQUERYDATABASETEXT"}
)
"""Yixin-Board asks its engine's opening database after every move; with no
database the position that follows is read and nothing is answered (as Rapfi)."""
UNSUPPORTED_BLOCKS = frozenset(
    {
        "YXBLOCK",
        "YXBLOCKUNDO",
        "YXBLOCKPATH",
        "YXBLOCKPATHUNDO",
        "YXDELETEDATABASEONE",
        "YXDELETEDATABASEALL",
        "YXEDITTVDDATABASE",
        "YXEDITTEXTDATABASE",
        "YXEDITLABELDATABASE",
        "YXSETBESTMOVEDATABASE",
        "YXCLEARBESTMOVEDATABASE",
        "YXSOOSORVSTEP2",
        "YXSOOSORVSTEP3",
        "YXSOOSORVSTEP4",
        "YXSOOSORVSTEP5",
        "YXSOOSORVSTEP6",
    }
)
"""Yixin-Board commands followed by lines up to DONE that this brain can't do:
the lines are read, then one UNKNOWN is answered."""
PATH_COMMANDS = frozenset(
    {
        "YXHASHDUMP",
        "YXHASHLOAD",
        "YXSETDATABASE",
        "YXDBTOTXT",
        "YXDBTOTXTALL",
        "YXDBTOPOS",
        "YXTXTTODB",
        "YXLIBTODB",
        "YXDBSPLIT",
        "YXDBMERGE",
    }
)
"""Yixin-Board commands whose file name comes on the next line: both are read, UNKNOWN."""
BLOCK_SLACK = 64
"""Lines a block may have beyond one per point of the board (`block_limit`)."""


@dataclass(slots=True)
class Block:
    """A block being read: its kind, the command that opened it, when, and what it read.

    Lines are parsed as they come and only their values kept: `stones` for
    BOARD and yxboard, `points` for SWAP2BOARD, nothing for the others.
    `count` is the lines read; `error` the first bad line's reason (the
    lines after it are only counted).
    """

    kind: BlockKind
    command: str
    received: float
    stones: list[Stone] = field(default_factory=list)
    points: list[tuple[int, int]] = field(default_factory=list)
    count: int = 0
    error: str | None = None

    def add(self, text: str) -> None:
        """Read one line of the block."""
        self.count += 1
        if self.error is not None:
            return
        try:
            if self.kind in (BlockKind.BOARD, BlockKind.YXBOARD):
                self.stones.append(parse_stone(text))
            elif self.kind is BlockKind.SWAP2BOARD:
                self.points.append(parse_swap2_stone(text))
        except ProtocolError as error:
            self.refuse(str(error))

    def refuse(self, reason: str) -> None:
        """The line just counted is bad: the block will be refused at DONE for `reason`."""
        self.error = f"{self.command} line {self.count}: {reason}"
        self.stones.clear()
        self.points.clear()


def parse_swap2_stone(text: str) -> tuple[int, int]:
    """A SWAP2BOARD line: ``x,y`` (the protocol's form) or ``x,y,field`` (Rapfi reads that)."""
    parts = text.split(",")
    if len(parts) == 3:
        stone = parse_stone(text)
        return stone.x, stone.y
    return parse_point(text)


def block_limit(size: tuple[int, int] | None) -> int:
    """Most lines a block may have on a board of `size`: a line a point, plus `BLOCK_SLACK`.

    With no board yet, the largest (`MAX_SIDE` square).
    """
    width, height = size or (MAX_SIDE, MAX_SIDE)
    return width * height + BLOCK_SLACK


def unsupported(command: str) -> Reply:
    """The answer to a Yixin-Board command this brain can't do."""
    return Reply((f"UNKNOWN {command} is not supported by this brain",))


class Blocks:
    """The block being read (`current`, None between blocks), from its command to DONE."""

    def __init__(self) -> None:
        self.current: Block | None = None

    def open(self, kind: BlockKind, command: str, received: float) -> None:
        """Start reading the lines after `command`."""
        self.current = Block(kind, command, received)

    def open_yixin(self, command: str, argument: str, received: float) -> Reply | None:
        """A Yixin-Board block or file-name command: what it gets now; None for other commands."""
        if command in SILENT_BLOCKS or command in UNSUPPORTED_BLOCKS:
            self.open(BlockKind.IGNORED, command, received)
            return Reply()
        if command in PATH_COMMANDS:
            if argument:  # the file name on the same line
                return unsupported(command)
            self.open(BlockKind.PATH, command, received)
            return Reply()
        return None

    def drop(self) -> None:
        """Forget the block being read, if any."""
        self.current = None

    def file_name(self) -> Reply | None:
        """The line after a file-name command ends it: UNKNOWN; None if none is waiting."""
        block = self.current
        if block is None or block.kind is not BlockKind.PATH:
            return None
        self.current = None
        return unsupported(block.command)

    def add(self, text: str, limit: int) -> Reply:
        """One line of the open block; past `limit` lines the block is dropped."""
        assert self.current is not None
        self.current.add(text)
        return self.bound(limit)

    def overlong(self, reason: str, limit: int) -> Reply:
        """A line too long to keep, inside the open block: it spoils the block."""
        block = self.current
        assert block is not None
        block.count += 1
        if block.error is None:
            block.refuse(reason)
        return self.bound(limit)

    def bound(self, limit: int) -> Reply:
        """Nothing while the open block is within `limit` lines; past it, ERROR and drop it."""
        block = self.current
        if block is None or block.count <= limit:
            return Reply()
        self.current = None
        return Reply(
            (
                f"ERROR {block.command} has more than {limit} lines "
                "without DONE: the block is dropped",
            )
        )

    def close(self) -> Block:
        """At DONE: the block read, now closed; ProtocolError if none was open."""
        block, self.current = self.current, None
        if block is None:
            raise ProtocolError("DONE without BOARD")
        return block


def ignored_answer(block: Block) -> Reply:
    """What an ignored Yixin-Board block gets at DONE: nothing after a query, else UNKNOWN."""
    if block.command in SILENT_BLOCKS:
        return Reply()
    return unsupported(block.command)
