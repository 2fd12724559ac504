"""`Brain`: the protocol conversation, one manager line in, answer lines out.

`Brain.handle` acts on one line and returns a `Reply`: the lines to send
now and, for a command that needs the player's thought (``BEGIN``, ``TURN``,
``BOARD``, ``SWAP2BOARD``, ``yxnbest``), a `Job` that the server runs with a
stop signal the manager can set (``yxstop``, ``END``) while it runs.
`Brain.respond` runs a whole line synchronously (for tests and scripts).
Nothing here reads the input, writes the output or starts a thread: that is
`server`.

A malformed or out-of-order line gets ``ERROR reason`` and changes nothing;
an unknown command gets ``UNKNOWN`` quoting the line as it came. The
commands are answered by `turns` (the board and the moves), `info` (the
settings) and `yixin` (Yixin-Board's own); the game is a `board.Game`, the
settings a `settings.Settings`, the block being read `blocks.Blocks`.
"""

from __future__ import annotations

import time
from dataclasses import replace

from .. import __version__
from ..engine import GameState, Player
from . import info, turns, yixin
from .blocks import Block, Blocks, block_limit
from .board import Game
from .clock import MatchClock
from .pondering import Ponder, Pondered, Pondering
from .protocol import Command, ProtocolError, format_about, parse_line, quote
from .reply import Handler, Job, NeverStop, Reply, internal_error
from .seat import Seat
from .settings import Settings

MOVE_COMMANDS = frozenset(
    {"BEGIN", "TURN", "DONE", "PLAY", "YXNBEST", "YXSWAP2STEP1", "YXSWAP2STEP2", "YXSWAP2STEP3"}
)
"""Commands answered with a move (DONE: of BOARD or SWAP2BOARD): INFO problems go first."""
NAME = "tictac"
AUTHOR = "tictac_tui developers"
COUNTRY = "-"

__all__ = ["Brain", "Job", "Reply"]


def about(brain: Brain, command: Command, received: float) -> Reply:
    """``ABOUT``: the brain's name, version, author and country."""
    strategy = brain.seat.strategy_name
    name = NAME if strategy == "search" else f"{NAME}-{strategy}"
    return Reply((format_about(name, __version__, AUTHOR, COUNTRY),))


def end(brain: Brain, command: Command, received: float) -> Reply:
    """``END``: the conversation is over."""
    brain.finished = True
    brain.blocks.drop()
    return Reply()


def nothing(brain: Brain, command: Command, received: float) -> Reply:
    """``yxstop`` / ``stop`` with no search running: nothing to stop."""
    return Reply()


HANDLERS: dict[str, Handler] = {
    **turns.HANDLERS,
    **info.HANDLERS,
    "END": end,
    "ABOUT": about,
    "YXSTOP": nothing,
    "STOP": nothing,
    **yixin.HANDLERS,
}
"""Every command the brain answers by name (Yixin-Board's blocks aside: `blocks`)."""


class Brain:
    """The protocol state machine: feed it lines, get back replies."""

    def __init__(
        self,
        strategy: str = "search",
        *,
        seed: int | None = None,
        threads: int = 1,
        ponder: bool = False,
    ) -> None:
        self.seat = Seat(strategy, seed)
        """The player, kept between moves."""
        self.game = Game()
        self.clock = MatchClock()
        self.settings = Settings(threads=info.thread_count(threads), pondering=ponder)
        self.blocks = Blocks()
        self.notes: list[str] = []
        """INFO problems, told before the answer to the next move command."""
        self.finished = False
        """True once END has come."""
        self.ponder: Ponder | None = None
        """What to think about on the opponent's time, after the last move played (`pondering`)."""
        self.pondered: Pondered | None = None
        """The lines of the pondering search whose expected ``TURN`` came while it ran: that
        ``TURN``'s answer (`take_pondered`); dropped by any other line but ``INFO``."""

    @property
    def state(self) -> GameState | None:
        """The position (`board.Game.state`; None before a board)."""
        return self.game.state

    @property
    def me(self) -> Player | None:
        """The brain's side (`board.Game.me`; None while not known)."""
        return self.game.me

    # -- the conversation ----------------------------------------------------

    def handle(self, line: str, received: float | None = None) -> Reply:
        """Act on one line from the manager (`received`: perf_counter when it arrived)."""
        if received is None:
            received = time.perf_counter()
        command = parse_line(line)
        if command is None:
            return Reply()
        file_name = self.blocks.file_name()
        if file_name is not None:
            return file_name
        if self.blocks.current is not None and command.name not in ("DONE", "END"):
            return self.blocks.add(line.strip(), self.block_limit())
        try:
            reply = self._dispatch(command, line, received)
        except ProtocolError as error:
            reply = Reply((f"ERROR {error}",))
        except Exception as error:  # a bug must not end the game: report it and go on
            reply = Reply(tuple(internal_error(error)))
        finally:
            if command.name != "INFO":
                self.pondered = None  # only the very next TURN may take it
        if command.name in MOVE_COMMANDS and self.notes:
            # INFO problems are told before the answer to the next move command.
            notes, self.notes = tuple(self.notes), []
            reply = Reply((*notes, *reply.lines), reply.job)
        return reply

    def pondering(self) -> Pondering | None:
        """The search to run while no line comes, after the last answer (taken: once per move
        played)."""
        ponder, self.ponder = self.ponder, None  # set by a move job only while pondering is on
        return None if ponder is None else Pondering(self, ponder)

    def take_pondered(self, state: GameState) -> Pondered | None:
        """The pondering search's lines if they are for `state` (taken: used once)."""
        pondered, self.pondered = self.pondered, None
        return pondered if pondered is not None and pondered.state == state else None

    def refuse_long_line(self, size: int, limit: int) -> Reply:
        """A line of `size` bytes, over the server's `limit`, that was not kept.

        Outside a block it gets ``ERROR`` at once; inside one it spoils the
        block, refused at DONE like any bad line; it ends a file-name line.
        """
        reason = f"a line of {size} bytes is longer than the {limit} bytes allowed"
        file_name = self.blocks.file_name()
        if file_name is not None:
            return file_name
        if self.blocks.current is None:
            return Reply((f"ERROR {reason}: ignored",))
        return self.blocks.overlong(reason, self.block_limit())

    def block_limit(self) -> int:
        """Most lines a block may have: one per point of the board, plus `blocks.BLOCK_SLACK`."""
        return block_limit(self.game.size)

    @property
    def block(self) -> Block | None:
        """The block being read, if any."""
        return self.blocks.current

    def close(self) -> None:
        """End the player's other processes, if it has any (before the brain exits)."""
        self.seat.close()

    def respond(self, line: str) -> list[str]:
        """`handle` a line and run its job to the end: every answer line, in order."""
        reply = self.handle(line)
        lines = list(reply.lines)
        if reply.job is not None:
            lines += reply.job.run(NeverStop(), lines.append)
        return lines

    def _dispatch(self, command: Command, line: str, received: float) -> Reply:
        opened = self.blocks.open_yixin(command.name, command.argument, received)
        if opened is not None:
            self.settings = replace(self.settings, yixin=True)
            return opened
        handler = HANDLERS.get(command.name)
        if handler is None:
            return Reply((f"UNKNOWN {quote(line)} is not a command this brain knows",))
        if command.name.startswith("YX"):
            self.settings = replace(self.settings, yixin=True)
        return handler(self, command, received)
