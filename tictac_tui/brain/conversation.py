"""`Brain`: the protocol conversation, one manager line in, answer lines out.

`Brain.handle` acts on one line and returns a `Reply`: the lines to send
now and, for a command that needs the player's thought (``BEGIN``, ``TURN``,
``BOARD``, ``SWAP2BOARD``, ``yxnbest``), a `Job` that the server runs with a
stop signal the manager can set (``yxstop``, ``END``) while it runs.
`Brain.respond` runs a whole line synchronously (for tests and scripts).
Nothing here reads the input, writes the output or starts a thread: that is
`server`.

A malformed or out-of-order line gets ``ERROR reason`` and changes nothing;
an unknown command gets ``UNKNOWN`` quoting the line as it came. The board
is an engine `GameState`, so a manager's move on a taken square is refused,
never applied; squares are named in the protocol's own ``x,y``.

A block (``BOARD`` up to ``DONE``) is parsed line by line as it comes and
keeps only what it parsed, at most `Brain.block_limit` lines: past that it
is refused and dropped, so a block never closed holds no memory.
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Protocol, runtime_checkable

from .. import __version__
from ..engine import GameState, IllegalMove, Move, Player, Rules
from ..engine.rules import MAX_SIDE
from ..strategies import StopSignal, Strategy, get_strategy, strategy_names
from . import report, swap2
from .clock import MatchClock, MoveBudget
from .protocol import (
    Command,
    Field,
    ProtocolError,
    Stone,
    format_about,
    format_forbid,
    format_move,
    parse_info,
    parse_info_number,
    parse_int,
    parse_line,
    parse_point,
    parse_size,
    parse_stone,
    quote,
    rule_from_mask,
    to_move,
)
from .thinking import Analyst, Line, Request, steady_score, think

Emit = Callable[[str], None]
"""Where a job sends the lines it produces while it runs (progress)."""


class NeverStop:
    """A stop signal that is never set (for `Brain.respond`)."""

    @staticmethod
    def is_set() -> bool:
        """Never."""
        return False


@runtime_checkable
class TableSized(Protocol):
    """A player whose transposition table holds at most `table_limit` entries."""

    table_limit: int


@runtime_checkable
class Threaded(Protocol):
    """A player that can search with several processes (``INFO thread_num``)."""

    threads: int

    def close(self) -> None:
        """End the other processes."""
        ...


@runtime_checkable
class Clearable(Protocol):
    """A player that can forget what it learnt (``yxhashclear``)."""

    def clear(self) -> None:
        """Forget the transposition table."""
        ...


Run = Callable[[StopSignal, Emit], list[str]]


@dataclass(frozen=True, slots=True)
class Job:
    """Thinking a command asked for: `run(stop, emit)` returns the answer lines.

    A bug inside it is answered as DEBUG lines and an ERROR, never raised.
    """

    command: str
    work: Run

    def run(self, stop: StopSignal, emit: Emit) -> list[str]:
        """Do the work; its answer lines."""
        try:
            return self.work(stop, emit)
        except Exception as error:
            return [*debug_lines(), f"ERROR internal error: {quote(repr(error))}"]


@dataclass(frozen=True, slots=True)
class Reply:
    """What a line gets: lines to send at once, then maybe a job whose lines follow."""

    lines: tuple[str, ...] = ()
    job: Job | None = None


class BlockKind(Enum):
    """Commands followed by lines up to DONE."""

    BOARD = "BOARD"
    YXBOARD = "YXBOARD"
    SWAP2BOARD = "SWAP2BOARD"
    IGNORED = "IGNORED"
    """A Yixin-Board block this brain has no use for (database queries, blocks)."""
    PATH = "PATH"
    """The one line (a file name) after a Yixin-Board hash or database command."""


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


class Detail(int, Enum):
    """Bits of Yixin-Board's ``INFO show_detail``: what to show while thinking."""

    REALTIME = 1
    """``MESSAGE REALTIME`` lines: the best move so far, moves proved lost."""
    PV = 2
    """``INFO PV`` blocks: depth, evaluation, principal variation."""


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
MOVE_COMMANDS = frozenset(
    {"BEGIN", "TURN", "DONE", "PLAY", "YXNBEST", "YXSWAP2STEP1", "YXSWAP2STEP2", "YXSWAP2STEP3"}
)
"""Commands answered with a move (DONE: of BOARD or SWAP2BOARD): INFO problems go first."""
IGNORED_INFO = frozenset({"game_type", "folder", "evaluate"})
RESERVED_BYTES = 40 << 20
"""Memory kept out of `INFO max_memory` for the interpreter, the board and the
search's other tables (the brain's own size after START is about 18 MB)."""
ENTRY_BYTES = 210
"""Bytes a transposition-table entry takes (measured: 200,000 entries of a dict
from 64-bit keys to 4-tuples of ints, with tracemalloc)."""
LEAST_TABLE = 1000
"""The smallest table the brain asks for, however little memory is allowed."""
MAX_THREADS = max(1, min(os.cpu_count() or 1, 8))
"""Most processes a search may use: the machine's cores, at most 8."""
MAX_HASH_LOG2_KB = 18
"""``yxshowinfo`` offers Yixin-Board hash sizes up to 2^18 KB (256 MB)."""
TRACE_LINES = 12
"""Most DEBUG lines of a traceback sent with an internal error."""
BLOCK_SLACK = 64
"""Lines a block may have beyond one per point of the board (`Brain.block_limit`)."""
NAME = "tictac"
AUTHOR = "tictac_tui developers"
COUNTRY = "-"


class Brain:
    """The protocol state machine: feed it lines, get back replies."""

    def __init__(
        self, strategy: str = "search", *, seed: int | None = None, threads: int = 1
    ) -> None:
        if strategy not in strategy_names():
            raise ValueError(
                f"unknown strategy {strategy!r}: known are {', '.join(strategy_names())}"
            )
        self.strategy_name = strategy
        self.seed = seed
        self.size: tuple[int, int] | None = None  # (width, height)
        self.state: GameState | None = None
        self.me: Player | None = None
        self.clock = MatchClock()
        self.rule_mask = 0
        self.max_node: int | None = None
        self.max_depth: int | None = None
        self.detail = 0
        self.yixin = False
        """True once the manager spoke Yixin-Board's extensions (rule 2 is then renju)."""
        self.notes: list[str] = []
        self.block: Block | None = None
        self.finished = False
        self.table_bytes: int | None = None
        """Memory for the player's transposition table (None: its default)."""
        self.threads = min(max(threads, 1), MAX_THREADS)
        """Processes the player may search with (``--threads``, ``INFO thread_num``)."""
        self._player: Strategy | None = None
        self._player_rules: Rules | None = None
        self._default_table: int | None = None
        self._handlers: dict[str, Callable[[Command, float], Reply]] = {
            "START": self._start,
            "RECTSTART": self._start,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "BOARD": self._open_block,
            "YXBOARD": self._open_block,
            "SWAP2BOARD": self._open_block,
            "DONE": self._done,
            "TAKEBACK": self._takeback,
            "PLAY": self._play,
            "INFO": self._info,
            "END": self._end,
            "ABOUT": self._about,
            "YXSTOP": self._nothing,
            "STOP": self._nothing,
            "YXSHOWINFO": self._showinfo,
            "YXHASHCLEAR": self._hashclear,
            "YXNBEST": self._nbest,
            "YXSHOWFORBID": self._showforbid,
            "YXSWAP2STEP1": self._yxswap2,
            "YXSWAP2STEP2": self._yxswap2,
            "YXSWAP2STEP3": self._yxswap2,
        }

    # -- the conversation ----------------------------------------------------

    def handle(self, line: str, received: float | None = None) -> Reply:
        """Act on one line from the manager (`received`: perf_counter when it arrived)."""
        if received is None:
            received = time.perf_counter()
        command = parse_line(line)
        if command is None:
            return Reply()
        if self.block is not None and self.block.kind is BlockKind.PATH:
            name, self.block = self.block.command, None
            return Reply((f"UNKNOWN {name} is not supported by this brain",))
        if self.block is not None and command.name not in ("DONE", "END"):
            self.block.add(line.strip())
            return self._bound_block()
        try:
            reply = self._dispatch(command, line, received)
        except ProtocolError as error:
            reply = Reply((f"ERROR {error}",))
        except Exception as error:  # a bug must not end the game: report it and go on
            reply = Reply((*debug_lines(), f"ERROR internal error: {quote(repr(error))}"))
        if command.name in MOVE_COMMANDS and self.notes:
            # INFO problems are told before the answer to the next move command.
            notes, self.notes = tuple(self.notes), []
            reply = Reply((*notes, *reply.lines), reply.job)
        return reply

    def refuse_long_line(self, size: int, limit: int) -> Reply:
        """A line of `size` bytes, over the server's `limit`, that was not kept.

        Outside a block it gets ``ERROR`` at once; inside one it spoils the
        block, refused at DONE like any bad line; it ends a file-name line.
        """
        reason = f"a line of {size} bytes is longer than the {limit} bytes allowed"
        block = self.block
        if block is not None and block.kind is BlockKind.PATH:
            self.block = None
            return Reply((f"UNKNOWN {block.command} is not supported by this brain",))
        if block is None:
            return Reply((f"ERROR {reason}: ignored",))
        block.count += 1
        if block.error is None:
            block.refuse(reason)
        return self._bound_block()

    def block_limit(self) -> int:
        """Most lines a block may have: one per point of the board, plus `BLOCK_SLACK`."""
        width, height = self.size or (MAX_SIDE, MAX_SIDE)
        return width * height + BLOCK_SLACK

    def _bound_block(self) -> Reply:
        """Nothing while the open block is within `block_limit`; past it, ERROR and drop it."""
        block = self.block
        if block is None or block.count <= self.block_limit():
            return Reply()
        self.block = None
        return Reply(
            (
                f"ERROR {block.command} has more than {self.block_limit()} lines "
                "without DONE: the block is dropped",
            )
        )

    def close(self) -> None:
        """End the player's other processes, if it has any (before the brain exits)."""
        if isinstance(self._player, Threaded):
            self._player.close()

    def respond(self, line: str) -> list[str]:
        """`handle` a line and run its job to the end: every answer line, in order."""
        reply = self.handle(line)
        lines = list(reply.lines)
        if reply.job is not None:
            lines += reply.job.run(NeverStop(), lines.append)
        return lines

    def _dispatch(self, command: Command, line: str, received: float) -> Reply:
        if command.name in SILENT_BLOCKS or command.name in UNSUPPORTED_BLOCKS:
            self.yixin = True
            self.block = Block(BlockKind.IGNORED, command.name, received)
            return Reply()
        if command.name in PATH_COMMANDS:
            self.yixin = True
            if command.argument:  # the file name on the same line
                return Reply((f"UNKNOWN {command.name} is not supported by this brain",))
            self.block = Block(BlockKind.PATH, command.name, received)
            return Reply()
        handler = self._handlers.get(command.name)
        if handler is None:
            return Reply((f"UNKNOWN {quote(line)} is not a command this brain knows",))
        if command.name.startswith("YX"):
            self.yixin = True
        return handler(command, received)

    # -- game set-up -------------------------------------------------------------

    def _start(self, command: Command, received: float) -> Reply:
        width, height = parse_size(command)
        try:
            rules = Rules(height, width, 5)
        except ValueError as error:
            raise ProtocolError(f"unsupported board {width}x{height}: {error}") from None
        if not self._strategy_supports(rules):
            raise ProtocolError(
                f"strategy {self.strategy_name!r} can't play a {width}x{height} board"
            )
        self.size = (width, height)
        self._new_game()
        return Reply(("OK",))

    def _restart(self, command: Command, received: float) -> Reply:
        self._need_board()
        self._new_game()
        return Reply(("OK",))

    def _info(self, command: Command, received: float) -> Reply:
        key, value = parse_info(command.argument)
        if key in IGNORED_INFO:
            return Reply()
        setter = {
            "timeout_turn": self.clock.set_turn,
            "timeout_match": self.clock.set_match,
            "time_left": self.clock.set_left,
            "rule": self._set_rule,
            "max_node": self._set_max_node,
            "max_depth": self._set_max_depth,
            "show_detail": self._set_detail,
            "max_memory": self._set_max_memory,
            "hash_size": self._set_hash_size,
            "thread_num": self._set_threads,
        }.get(key)
        if setter is None:
            return Reply()  # unknown keys are ignored, as the protocol asks
        try:
            setter(parse_info_number(value, f"INFO {key}"))
        except ProtocolError as error:
            # The manager reads no answer to INFO: say it before the next move.
            self.notes.append(f"MESSAGE ignored: {error}")
        return Reply()

    def _set_rule(self, mask: int) -> None:
        self.rule_mask = mask  # checked (and the game replayed) at the next move

    def _set_max_node(self, nodes: int) -> None:
        self.max_node = nodes if nodes > 0 else None

    def _set_max_depth(self, depth: int) -> None:
        self.max_depth = depth if depth > 0 else None

    def _set_max_memory(self, size: int) -> None:
        """``INFO max_memory`` (bytes, 0: no limit): the table gets what is left of it."""
        self.table_bytes = max(size - RESERVED_BYTES, 0) if size > 0 else None
        self._size_table()

    def _set_hash_size(self, kilobytes: int) -> None:
        """Yixin-Board's ``INFO hash_size`` (KB): the table's own size."""
        self.table_bytes = kilobytes * 1024 if kilobytes > 0 else None
        self._size_table()

    def _set_threads(self, count: int) -> None:
        """Yixin-Board's ``INFO thread_num``: processes to search with (1 to `MAX_THREADS`)."""
        self.threads = min(max(count, 1), MAX_THREADS)
        if isinstance(self._player, Threaded):
            self._player.threads = self.threads
        self._size_table()

    def _size_table(self) -> None:
        """Cap the player's table by `table_bytes` (never above the player's own default)."""
        player = self._player
        if not isinstance(player, TableSized):
            return
        if self._default_table is None:
            self._default_table = player.table_limit
        entries = self._default_table
        if self.table_bytes is not None:
            share = self.table_bytes // self.threads  # each process keeps its own table
            entries = max(LEAST_TABLE, min(entries, share // ENTRY_BYTES))
        player.table_limit = entries

    def _set_detail(self, bits: int) -> None:
        self.yixin = True
        self.detail = bits & (Detail.REALTIME | Detail.PV)

    def _about(self, command: Command, received: float) -> Reply:
        name = NAME if self.strategy_name == "search" else f"{NAME}-{self.strategy_name}"
        return Reply((format_about(name, __version__, AUTHOR, COUNTRY),))

    def _end(self, command: Command, received: float) -> Reply:
        self.finished = True
        self.block = None
        return Reply()

    def _nothing(self, command: Command, received: float) -> Reply:
        return Reply()  # yxstop with no search running: nothing to stop

    def _showinfo(self, command: Command, received: float) -> Reply:
        return Reply(
            (
                f"MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}",
                f"MESSAGE INFO MAX_HASH_SIZE {MAX_HASH_LOG2_KB}",
            )
        )

    def _hashclear(self, command: Command, received: float) -> Reply:
        if isinstance(self._player, Clearable):
            self._player.clear()
        return Reply(("MESSAGE hash table cleared",))

    # -- moves -------------------------------------------------------------------

    def _begin(self, command: Command, received: float) -> Reply:
        state = self._playable_state()
        if state.move_count:
            raise ProtocolError("BEGIN is for the empty board; this game has moves")
        self.me = Player.X
        return self._move_job(command, state, received)

    def _turn(self, command: Command, received: float) -> Reply:
        x, y = parse_point(command.argument)
        state = self._playable_state()
        if self.me is not None and state.to_move is self.me:
            raise ProtocolError(f"TURN {x},{y} out of order: it is this brain's move")
        state = self._apply(state, x, y)
        self.me = state.to_move
        if state.is_over:
            raise ProtocolError(f"the game is over after {x},{y}: nothing to play")
        return self._move_job(command, state, received)

    def _play(self, command: Command, received: float) -> Reply:
        x, y = parse_point(command.argument)
        state = self._playable_state()
        if self.me is not None and state.to_move is not self.me:
            raise ProtocolError(f"PLAY {x},{y} out of order: it is the opponent's move")
        self.me = state.to_move
        self._apply(state, x, y)
        return Reply((f"{x},{y}",))

    def _takeback(self, command: Command, received: float) -> Reply:
        x, y = parse_point(command.argument)
        state = self._state()
        if state.last_move is None:
            raise ProtocolError(f"TAKEBACK {x},{y}: there is no move to take back")
        if state.last_move != to_move(x, y):
            last = format_move(state.last_move)
            raise ProtocolError(f"TAKEBACK {x},{y}: the last move was {last}, not {x},{y}")
        self.state = state.undo()
        return Reply(("OK",))

    def _nbest(self, command: Command, received: float) -> Reply:
        count = parse_int(command.argument or "1", "yxnbest")
        state = self._playable_state()
        self.me = state.to_move
        return self._move_job(command, state, received, multipv=max(1, min(count, 64)))

    def _showforbid(self, command: Command, received: float) -> Reply:
        state = self._ruled_state()
        return Reply((format_forbid(state.forbidden_moves()),))

    # -- blocks: BOARD, yxboard, SWAP2BOARD ----------------------------------------

    def _open_block(self, command: Command, received: float) -> Reply:
        self._need_board()
        self.block = Block(BlockKind(command.name), command.name, received)
        return Reply()

    def _done(self, command: Command, received: float) -> Reply:
        block, self.block = self.block, None
        if block is None:
            raise ProtocolError("DONE without BOARD")
        if block.kind is BlockKind.IGNORED:
            if block.command in SILENT_BLOCKS:
                return Reply()
            return Reply((f"UNKNOWN {block.command} is not supported by this brain",))
        if block.error is not None:
            raise ProtocolError(block.error)
        if block.kind is BlockKind.SWAP2BOARD:
            return self._swap2(block)
        state = self._position(block.stones)
        if block.kind is BlockKind.YXBOARD:
            return Reply()
        if state.is_over:
            raise ProtocolError("BOARD shows a finished game: nothing to play")
        return self._move_job(Command(block.command, ""), state, block.received)

    def _position(self, stones: Sequence[Stone]) -> GameState:
        """Set the board from BOARD lines; the brain's side is the side to move."""
        if any(stone.field is Field.WINNING for stone in stones):
            raise ProtocolError("field 3 (continuous game) is not supported")
        own = [s for s in stones if s.field is Field.OWN]
        theirs = [s for s in stones if s.field is Field.OPPONENT]
        if len(own) == len(theirs):
            black = Field.OWN
        elif len(theirs) == len(own) + 1:
            black = Field.OPPONENT
        else:
            raise ProtocolError(
                f"BOARD has {len(own)} own and {len(theirs)} opponent stones: "
                "it must be this brain's move"
            )
        in_order = all((stone.field is black) == (i % 2 == 0) for i, stone in enumerate(stones))
        if not in_order:  # any order is allowed outside renju: interleave the colours
            blacks = [s for s in stones if s.field is black]
            whites = [s for s in stones if s.field is not black]
            stones = [s for pair in zip(blacks, whites) for s in pair] + blacks[len(whites) :]
        state = self._replay([to_move(s.x, s.y) for s in stones], "BOARD")
        self.state = state
        self.me = state.to_move
        return state

    def _swap2(self, block: Block) -> Reply:
        points = block.points
        if len(points) not in (0, 3, 5):
            raise ProtocolError(f"SWAP2BOARD needs 0, 3 or 5 stones, got {len(points)}")
        self._playable_state()
        state = self._replay([to_move(x, y) for x, y in points], "SWAP2BOARD")
        return self._swap2_job("SWAP2BOARD", state, block.received, swap2.gomocup_lines)

    def _yxswap2(self, command: Command, received: float) -> Reply:
        """Yixin-Board's swap2 steps: 1 on an empty board, 2 and 3 after a yxboard."""
        step = int(command.name[-1])
        state = self._playable_state()
        if step == 1:
            state = GameState.new(state.rules)
        elif state.move_count != 2 * step - 1:
            raise ProtocolError(
                f"{command.name} needs {2 * step - 1} stones on the board, not {state.move_count}"
            )
        return self._swap2_job(command.name, state, received, swap2.yixin_lines)

    def _swap2_job(
        self,
        what: str,
        state: GameState,
        received: float,
        lines_for: Callable[[swap2.Swap2Answer, GameState], list[str]],
    ) -> Reply:
        """A job that makes the swap2 choice for `state` and answers it as `lines_for` says."""
        if state.is_over:
            raise ProtocolError(f"{what} shows a finished game")
        if state.move_count == 0 and not swap2.openings(state):
            size = f"{state.rules.cols}x{state.rules.rows}"
            raise ProtocolError(f"a {size} board has no room for a swap2 opening")
        self.state, self.me = state, None
        budget = self.clock.budget(state.move_count)
        evaluator = self._evaluator(state)

        def run(stop: StopSignal, emit: Emit) -> list[str]:
            hard = received + budget.hard

            def evaluate(position: GameState, seconds: float, count: int) -> list[Line]:
                now = time.perf_counter()
                share = max(min(seconds, hard - now), 0.0)
                request = Request(position, MoveBudget(share, share), now, multipv=count)
                iterations: list[Line] = []
                lines = think(evaluator, request, stop, iterations.append)
                first = replace(lines[0], score=steady_score(iterations, lines[0]))
                return [first, *lines[1:]]

            if state.move_count == 0:
                answer = swap2.place_three(state, evaluate, budget.soft)
            else:
                answer = swap2.choose(state, evaluate, budget.soft)
            self.state, self.me = answer.state, answer.me
            if lines_for is swap2.yixin_lines and answer.me is Player.O:
                self.state = state  # Yixin-Board asks for white's move with a BOARD next
            elapsed = time.perf_counter() - received
            self.clock.spend(elapsed)
            self.clock.answered(elapsed, budget)
            return lines_for(answer, state)

        return Reply((), Job(what, run))

    def _evaluator(self, state: GameState) -> Strategy:
        """The player that scores swap2 positions: ours if it analyses, else a `search`."""
        player = self._player_for(state)
        if isinstance(player, Analyst):
            return player
        return get_strategy("search", rules=state.rules)

    # -- helpers -----------------------------------------------------------------

    def _new_game(self) -> None:
        self.state = None
        self.me = None
        self.block = None
        if self.size is not None:
            self.state = GameState.new(self._base_rules())

    def _base_rules(self) -> Rules:
        """The board with freestyle rules (the rule is checked at the next move)."""
        assert self.size is not None
        width, height = self.size
        return Rules(height, width, 5)

    def _rules(self) -> Rules:
        """The board under the rule of `INFO rule`; ProtocolError if it can't be played."""
        assert self.size is not None
        rule = rule_from_mask(self.rule_mask, yixin=self.yixin)
        width, height = self.size
        try:
            return Rules(height, width, 5, rule=rule)
        except ValueError as error:
            raise ProtocolError(f"rule {self.rule_mask} ({rule.value}): {error}") from None

    def _replay(self, history: Sequence[Move], what: str) -> GameState:
        """The game `history` under the current rules; ProtocolError naming a bad move."""
        rules = self._rules()
        state = GameState.new(rules)
        for move in history:
            if state.is_over:
                raise ProtocolError(
                    f"{what} is not a position: the game was over before {format_move(move)}"
                )
            try:
                state = state.play(move)
            except IllegalMove:
                raise ProtocolError(f"{what} is not a position: {illegal(state, move)}") from None
        return state

    def _need_board(self) -> None:
        if self.size is None:
            raise ProtocolError("no board yet: send START or RECTSTART first")

    def _state(self) -> GameState:
        self._need_board()
        assert self.state is not None
        return self.state

    def _ruled_state(self) -> GameState:
        """The game under the current rule (replayed if the rule changed)."""
        state = self._state()
        if state.rules != self._rules():
            state = self._replay(state.history, "the game under the new rule")
            self.state = state
        return state

    def _playable_state(self) -> GameState:
        """The game under the current rule, not over."""
        state = self._ruled_state()
        if state.is_over:
            raise ProtocolError("the game is over: send RESTART for a new one")
        return state

    def _apply(self, state: GameState, x: int, y: int) -> GameState:
        move = to_move(x, y)
        try:
            self.state = state.play(move)
        except IllegalMove:
            raise ProtocolError(illegal(state, move)) from None
        return self.state

    def _strategy_supports(self, rules: Rules) -> bool:
        try:
            get_strategy(self.strategy_name, rules=rules)
        except ValueError:
            return False
        return True

    def _player_for(self, state: GameState) -> Strategy:
        """The player for these rules, kept between moves (a search keeps what it learnt)."""
        if self._player is None or self._player_rules != state.rules:
            self._player = get_strategy(self.strategy_name, seed=self.seed, rules=state.rules)
            self._player_rules = state.rules
            self._default_table = None
            self._size_table()
            if isinstance(self._player, Threaded):
                self._player.threads = self.threads
        return self._player

    def _move_job(
        self, command: Command, state: GameState, received: float, *, multipv: int = 1
    ) -> Reply:
        """A job that thinks, plays the best move on the board and answers it."""
        request = Request(
            state,
            self.clock.budget(state.move_count),
            received,
            nodes=self.max_node,
            depth=self.max_depth,
            multipv=multipv,
        )
        player = self._player_for(state)
        detail = self.detail

        def run(stop: StopSignal, emit: Emit) -> list[str]:
            def progress(line: Line) -> None:
                for text in report.progress(line, detail):
                    emit(text)

            try:
                lines = think(player, request, stop, progress)
            except ValueError as error:
                return [f"ERROR can't move: {quote(str(error))}"]
            move = lines[0].move
            notes = report.final(lines, detail)
            if not state.is_legal(move):  # never expected: a legal move beats a forfeit
                refused = illegal(state, move)
                move = state.legal_moves()[0]
                notes = [f"DEBUG the player's move was refused ({refused}): {format_move(move)}"]
            self.state = state.play(move)
            elapsed = time.perf_counter() - received
            self.clock.spend(elapsed)
            self.clock.answered(elapsed, request.budget)
            return [*notes, format_move(move)]

        return Reply((), Job(f"{command.name} {command.argument}".strip(), run))


def debug_lines() -> list[str]:
    """The exception being handled, as DEBUG lines.

    Never stderr: Piskvork (and c-gomoku-cli with -debug) read the brain's
    stderr as its output, where a traceback would be taken for an answer.
    """
    text = traceback.format_exc().strip()
    return [f"DEBUG {line}" for line in text.splitlines() if line.strip()][-TRACE_LINES:]


def parse_swap2_stone(text: str) -> tuple[int, int]:
    """A SWAP2BOARD line: ``x,y`` (the protocol's form) or ``x,y,field`` (Rapfi reads that)."""
    parts = text.split(",")
    if len(parts) == 3:
        stone = parse_stone(text)
        return stone.x, stone.y
    return parse_point(text)


def illegal(state: GameState, move: Move) -> str:
    """Why `move` can't be played in `state`, in the protocol's ``x,y``."""
    x, y = move.col, move.row
    rules = state.rules
    if not (0 <= x < rules.cols and 0 <= y < rules.rows):
        return f"{x},{y} is off the {rules.cols}x{rules.rows} board"
    if state.cell(move) is not None:
        return f"{x},{y} is already taken"
    if state.is_over:
        return f"{x},{y} can't be played: the game is over"
    reason = state.forbidden_reason(move)
    if reason is not None:
        return f"{x},{y} is forbidden for black: {reason}"
    return f"{x},{y} can't be played"
