"""`tictac-brain`: a Gomocup-protocol engine on stdin/stdout (piskvork, c-gomoku-cli, ...).

The conversation (`Brain.handle`, one manager line in, answer lines out):

- ``START n`` / ``RECTSTART w,h``: a new n x n / w x h board -> ``OK``, or
  ``ERROR reason`` for a size the engine can't play (sides 1..26, five must fit);
- ``RESTART``: a new game on the same board -> ``OK``;
- ``BEGIN`` (empty board), ``TURN x,y`` (the opponent's move), ``BOARD`` then
  ``x,y,field`` lines (1 own, 2 the opponent's) and ``DONE``: the brain's move
  as ``x,y``; ``PLAY x,y`` plays that move and echoes it;
- ``TAKEBACK x,y``: undo the last move, which must be x,y -> ``OK``;
- ``INFO key value``: no answer. ``timeout_turn``, ``timeout_match`` and
  ``time_left`` (ms) set the thinking time, ``rule`` 0 (freestyle) or 1 (exact
  five), ``max_node`` / ``max_depth`` cap the search; others are ignored.
  Problems with them are reported, as the protocol asks, at the next move
  command: a rule it can't play (renju, caro, continuous) gets ``ERROR`` there;
  a malformed value a ``MESSAGE`` before the move;
- ``ABOUT``: ``name="...", version="...", author="...", country="..."``;
- ``END`` or end of input: exit.

A malformed or out-of-order line gets ``ERROR reason`` and changes nothing;
an unknown command gets ``UNKNOWN``. Coordinates are 0-based ``x,y``, x the
column. The board is an engine `GameState`, so a manager's move on a taken
square is refused, never applied.

Time per move: ``timeout_turn``, or a share of ``time_left`` when that is
tighter, less a margin for start-up of the move and the pipe; the player
keeps its own safety margin inside that (see `strategies.search`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from . import __version__
from .engine import GameState, IllegalMove, Move, Player, Rules
from .protocol import (
    COMMANDS,
    RULE_EXACT,
    Command,
    ProtocolError,
    format_about,
    format_move,
    parse_board_line,
    parse_info,
    parse_int,
    parse_line,
    parse_point,
    parse_size,
    to_move,
    unsupported_rule,
)
from .strategies import Limit, Strategy, get_strategy, strategy_names

DEFAULT_TURN_MS = 5000
"""Thinking time per move when the manager sends no timeout_turn."""
FAST_TURN_SECONDS = 0.05
"""Thinking time for ``timeout_turn 0`` ("as fast as possible")."""
MARGIN_SECONDS = 0.05
MARGIN_SHARE = 0.05
"""Kept back from every move's time for the process and the pipe: 50 ms plus 5%."""
MATCH_SHARE = 12
"""With a match clock, a move may use at most 1/MATCH_SHARE of the time left."""
UNLIMITED_MS = 2147483647
"""The ``time_left`` a manager sends when the match time is unlimited."""


class Brain:
    """The protocol state machine: feed it lines, get back the lines to answer."""

    def __init__(self, strategy: str = "search", *, seed: int | None = None) -> None:
        if strategy not in strategy_names():
            raise ValueError(
                f"unknown strategy {strategy!r}: known are {', '.join(strategy_names())}"
            )
        self.strategy_name = strategy
        self.seed = seed
        self.size: tuple[int, int] | None = None  # (width, height)
        self.state: GameState | None = None
        self.me: Player | None = None
        self.turn_ms: int | None = None
        self.match_ms: int | None = None
        self.time_left_ms: int | None = None
        self.rule = 0
        self.max_node: int | None = None
        self.max_depth: int | None = None
        self.notes: list[str] = []
        self.board_lines: list[tuple[int, int, int]] | None = None
        self.finished = False
        self._player: Strategy | None = None
        self._player_rules: Rules | None = None

    # -- the conversation ----------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """Act on one line from the manager; return the answer lines (maybe none)."""
        started = time.perf_counter()
        command = parse_line(line)
        if command is None:
            return []
        try:
            if self.board_lines is not None and command.name not in ("DONE", "END"):
                return self._board_line(line)
            if command.name not in COMMANDS:
                return [f"UNKNOWN {command.name} is not a command this brain knows"]
            handler = getattr(self, f"_cmd_{command.name.lower()}")
            answer: list[str] = handler(command, started)
            return answer
        except ProtocolError as error:
            return [f"ERROR {error}"]

    def _cmd_start(self, command: Command, started: float) -> list[str]:
        width, height = parse_size(command)
        try:
            rules = Rules(height, width, 5)
        except ValueError as error:
            raise ProtocolError(f"unsupported board {width}x{height}: {error}") from None
        if not self._strategy_class_supports(rules):
            raise ProtocolError(
                f"strategy {self.strategy_name!r} can't play a {width}x{height} board"
            )
        self.size = (width, height)
        self._new_game()
        return ["OK"]

    _cmd_rectstart = _cmd_start

    def _cmd_restart(self, command: Command, started: float) -> list[str]:
        self._need_board()
        self._new_game()
        return ["OK"]

    def _cmd_info(self, command: Command, started: float) -> list[str]:
        key, value = parse_info(command.argument)
        numeric = {"timeout_turn", "timeout_match", "time_left", "rule", "max_node", "max_depth"}
        if key not in numeric:
            return []  # max_memory, game_type, folder, evaluate, ...: nothing to do
        try:
            number = parse_int(value, f"INFO {key}")
        except ProtocolError as error:
            self.notes.append(f"MESSAGE ignored: {error}")
            return []
        if key == "timeout_turn":
            self.turn_ms = max(number, 0)
        elif key == "timeout_match":
            self.match_ms = max(number, 0)
        elif key == "time_left":
            self.time_left_ms = number
        elif key == "rule":
            self.rule = number  # checked (and the game replayed) at the next move
        elif key == "max_node":
            self.max_node = number if number > 0 else None
        else:
            self.max_depth = number if number > 0 else None
        return []

    def _cmd_about(self, command: Command, started: float) -> list[str]:
        return [format_about(f"tictac-{self.strategy_name}", __version__, "tictac_tui", "-")]

    def _cmd_end(self, command: Command, started: float) -> list[str]:
        self.finished = True
        return []

    def _cmd_begin(self, command: Command, started: float) -> list[str]:
        state = self._playable_state()
        if state.move_count:
            raise ProtocolError("BEGIN is for the empty board; this game has moves")
        self.me = Player.X
        return self._think(started)

    def _cmd_turn(self, command: Command, started: float) -> list[str]:
        x, y = parse_point(command.argument)
        state = self._playable_state()
        if self.me is not None and state.to_move is self.me:
            raise ProtocolError(f"TURN {x},{y} out of order: it is this brain's move")
        self._apply(state, x, y)
        assert self.state is not None
        self.me = self.state.to_move
        if self.state.is_over:
            return [f"ERROR the game is over after {x},{y}: nothing to play"]
        return self._think(started)

    def _cmd_play(self, command: Command, started: float) -> list[str]:
        x, y = parse_point(command.argument)
        state = self._playable_state()
        if self.me is not None and state.to_move is not self.me:
            raise ProtocolError(f"PLAY {x},{y} out of order: it is the opponent's move")
        self._apply(state, x, y)
        return [f"{x},{y}"]

    def _cmd_takeback(self, command: Command, started: float) -> list[str]:
        x, y = parse_point(command.argument)
        state = self._state()
        if state.last_move is None:
            raise ProtocolError(f"TAKEBACK {x},{y}: there is no move to take back")
        if state.last_move != to_move(x, y):
            last = format_move(state.last_move)
            raise ProtocolError(f"TAKEBACK {x},{y}: the last move was {last}, not {x},{y}")
        self.state = state.undo()
        return ["OK"]

    def _cmd_board(self, command: Command, started: float) -> list[str]:
        self._need_board()
        self.board_lines = []
        return []

    def _board_line(self, line: str) -> list[str]:
        try:
            self.board_lines.append(parse_board_line(line))  # type: ignore[union-attr]
        except ProtocolError as error:
            return [f"ERROR {error}; line ignored"]
        return []

    def _cmd_done(self, command: Command, started: float) -> list[str]:
        if self.board_lines is None:
            raise ProtocolError("DONE without BOARD")
        lines, self.board_lines = self.board_lines, None
        if any(field == 3 for _, _, field in lines):
            raise ProtocolError("field 3 (continuous game) is not supported")
        own = [to_move(x, y) for x, y, field in lines if field == 1]
        theirs = [to_move(x, y) for x, y, field in lines if field == 2]
        if len(own) == len(theirs):
            xs, os, me = own, theirs, Player.X
        elif len(theirs) == len(own) + 1:
            xs, os, me = theirs, own, Player.O
        else:
            raise ProtocolError(
                f"BOARD has {len(own)} own and {len(theirs)} opponent stones: "
                "it must be this brain's move"
            )
        history = [m for pair in zip(xs, os) for m in pair] + xs[len(os) :]
        self._rebuild(history, check=True)
        self.me = me
        state = self._playable_state()
        if state.is_over:
            raise ProtocolError("BOARD shows a finished game: nothing to play")
        return self._think(started)

    # -- helpers ---------------------------------------------------------------

    def _new_game(self) -> None:
        self.state = None
        self.me = None
        self.board_lines = None
        self._rebuild(())

    def _rules(self) -> Rules:
        assert self.size is not None
        width, height = self.size
        return Rules(height, width, 5, exact=bool(self.rule & RULE_EXACT))

    def _rebuild(self, history: Sequence[Move], *, check: bool = False) -> None:
        if self.size is None:
            return
        try:
            self.state = GameState.from_moves(self._rules(), history)
        except (IllegalMove, ValueError) as error:
            if check:
                raise ProtocolError(f"BOARD is not a position: {error}") from None
            raise ProtocolError(f"can't replay the game under the new rule: {error}") from None

    def _need_board(self) -> None:
        if self.size is None:
            raise ProtocolError("no board yet: send START or RECTSTART first")

    def _state(self) -> GameState:
        self._need_board()
        assert self.state is not None
        return self.state

    def _playable_state(self) -> GameState:
        state = self._state()
        problem = unsupported_rule(self.rule)
        if problem is not None:
            raise ProtocolError(problem)
        if state.rules != self._rules():
            self._rebuild(state.history)
            state = self._state()
        if state.is_over:
            raise ProtocolError("the game is over: send RESTART for a new one")
        return state

    def _apply(self, state: GameState, x: int, y: int) -> None:
        move = to_move(x, y)
        if not state.rules.rows > y >= 0 or not state.rules.cols > x >= 0:
            raise ProtocolError(f"{x},{y} is off the {state.rules.cols}x{state.rules.rows} board")
        if not state.is_legal(move):
            raise ProtocolError(f"{x},{y} is already taken")
        self.state = state.play(move)

    def move_seconds(self) -> float:
        """The thinking time for the next move, margins taken off."""
        turn = DEFAULT_TURN_MS if self.turn_ms is None else self.turn_ms
        seconds = FAST_TURN_SECONDS if turn == 0 else turn / 1000
        left = self.time_left_ms
        if left is not None and left < UNLIMITED_MS and (self.match_ms or 0) >= 0:
            seconds = min(seconds, max(left, 0) / 1000 / MATCH_SHARE)
        seconds -= MARGIN_SECONDS + MARGIN_SHARE * seconds
        return max(seconds, 0.01)

    def _strategy_class_supports(self, rules: Rules) -> bool:
        try:
            get_strategy(self.strategy_name, rules=rules)
        except ValueError:
            return False
        return True

    def _player_for(self, state: GameState) -> Strategy:
        """The player for this board, kept between moves (a search keeps what it learnt)."""
        if self._player is None or self._player_rules != state.rules:
            self._player = get_strategy(self.strategy_name, seed=self.seed, rules=state.rules)
            self._player_rules = state.rules
        return self._player

    def _think(self, started: float) -> list[str]:
        state = self._playable_state()
        out, self.notes = self.notes, []
        seconds = self.move_seconds() - (time.perf_counter() - started)
        limit = Limit(time=max(seconds, 0.01), nodes=self.max_node, depth=self.max_depth)
        try:
            move = self._player_for(state).choose(state, limit)
            self.state = state.play(move)
        except (ValueError, IllegalMove) as error:
            return [*out, f"ERROR can't move: {error}"]
        return [*out, format_move(move)]


def _parser() -> argparse.ArgumentParser:
    names = ", ".join(strategy_names())
    parser = argparse.ArgumentParser(
        prog="tictac-brain",
        description=(
            "A gomoku engine speaking the Gomocup AI protocol on stdin/stdout, for "
            "tournament managers and GUIs (piskvork, c-gomoku-cli, Yixin-Board). "
            "Plays the 'search' player unless --strategy says otherwise. "
            "Freestyle five, or exact five after INFO rule 1; boards up to 26x26."
        ),
    )
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        default="search",
        choices=strategy_names(),
        help=f"the player to use, any registered strategy: {names} (default: search)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the player's choices")
    return parser


def serve(brain: Brain, stdin: TextIO, stdout: TextIO) -> None:
    """Answer manager lines from `stdin` on `stdout` until END or end of input."""
    while not brain.finished:
        line = stdin.readline()
        if not line:
            break
        for answer in brain.handle(line):
            stdout.write(answer + "\n")
        stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tictac-brain`` command."""
    args = _parser().parse_args(argv)
    brain = Brain(args.strategy, seed=args.seed)
    try:
        serve(brain, sys.stdin, sys.stdout)
    except (KeyboardInterrupt, BrokenPipeError):
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
