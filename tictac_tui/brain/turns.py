"""The game's commands: a board (``START``, ``RECTSTART``, ``RESTART``), moves and positions.

``BEGIN``, ``TURN``, ``PLAY`` and ``TAKEBACK`` move on the brain's `Game`;
``BOARD``, ``yxboard`` and ``SWAP2BOARD`` open a block whose position is
read at ``DONE`` (which also closes Yixin-Board's ignored blocks). Each
handler takes the brain, the command and when it arrived, and returns the
`Reply`; a refusal raises `ProtocolError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Player, Rules
from . import swap2
from .blocks import Block, BlockKind, ignored_answer
from .moves import move_job, swap2_job
from .protocol import Command, ProtocolError, format_move, parse_point, parse_size, to_move
from .reply import Handler, Reply

if TYPE_CHECKING:
    from .conversation import Brain


def start(brain: Brain, command: Command, received: float) -> Reply:
    """``START n`` / ``RECTSTART w,h``: a new game on a new board."""
    width, height = parse_size(command)
    try:
        rules = Rules(height, width, 5)
    except ValueError as error:
        raise ProtocolError(f"unsupported board {width}x{height}: {error}") from None
    if not brain.seat.supports(rules):
        raise ProtocolError(
            f"strategy {brain.seat.strategy_name!r} can't play a {width}x{height} board"
        )
    brain.game.start((width, height))
    brain.blocks.drop()
    return Reply(("OK",))


def restart(brain: Brain, command: Command, received: float) -> Reply:
    """``RESTART``: a new game on the same board."""
    brain.game.need_board()
    brain.game.restart()
    brain.blocks.drop()
    return Reply(("OK",))


def begin(brain: Brain, command: Command, received: float) -> Reply:
    """``BEGIN``: the brain plays first."""
    state = brain.game.playable(brain.settings)
    if state.move_count:
        raise ProtocolError("BEGIN is for the empty board; this game has moves")
    brain.game.me = Player.X
    return move_job(brain, command, state, received)


def turn(brain: Brain, command: Command, received: float) -> Reply:
    """``TURN x,y``: the opponent's move, then the brain's."""
    x, y = parse_point(command.argument)
    game = brain.game
    state = game.playable(brain.settings)
    if game.me is not None and state.to_move is game.me:
        raise ProtocolError(f"TURN {x},{y} out of order: it is this brain's move")
    state = game.apply(state, x, y)
    game.me = state.to_move
    if state.is_over:
        raise ProtocolError(f"the game is over after {x},{y}: nothing to play")
    return move_job(brain, command, state, received)


def play(brain: Brain, command: Command, received: float) -> Reply:
    """``PLAY x,y``: the brain's own move, chosen by the manager, played and echoed."""
    x, y = parse_point(command.argument)
    game = brain.game
    state = game.playable(brain.settings)
    if game.me is not None and state.to_move is not game.me:
        raise ProtocolError(f"PLAY {x},{y} out of order: it is the opponent's move")
    game.me = state.to_move
    game.apply(state, x, y)
    return Reply((f"{x},{y}",))


def takeback(brain: Brain, command: Command, received: float) -> Reply:
    """``TAKEBACK x,y``: the last move, which must be at ``x,y``, taken back."""
    x, y = parse_point(command.argument)
    state = brain.game.current()
    if state.last_move is None:
        raise ProtocolError(f"TAKEBACK {x},{y}: there is no move to take back")
    if state.last_move != to_move(x, y):
        last = format_move(state.last_move)
        raise ProtocolError(f"TAKEBACK {x},{y}: the last move was {last}, not {x},{y}")
    brain.game.state = state.undo()
    return Reply(("OK",))


def open_block(brain: Brain, command: Command, received: float) -> Reply:
    """``BOARD``, ``yxboard``, ``SWAP2BOARD``: the position follows, up to DONE."""
    brain.game.need_board()
    brain.blocks.open(BlockKind(command.name), command.name, received)
    return Reply()


def done(brain: Brain, command: Command, received: float) -> Reply:
    """``DONE``: the block read is acted on (a position to move from, or nothing)."""
    block = brain.blocks.close()
    if block.kind is BlockKind.IGNORED:
        return ignored_answer(block)
    if block.error is not None:
        raise ProtocolError(block.error)
    if block.kind is BlockKind.SWAP2BOARD:
        return swap2_board(brain, block)
    state = brain.game.set_position(block.stones, brain.settings)
    if block.kind is BlockKind.YXBOARD:
        return Reply()
    if state.is_over:
        raise ProtocolError("BOARD shows a finished game: nothing to play")
    return move_job(brain, Command(block.command, ""), state, block.received)


def swap2_board(brain: Brain, block: Block) -> Reply:
    """``SWAP2BOARD`` at DONE: place three stones, or answer the three or five placed."""
    points = block.points
    if len(points) not in (0, 3, 5):
        raise ProtocolError(f"SWAP2BOARD needs 0, 3 or 5 stones, got {len(points)}")
    game = brain.game
    game.playable(brain.settings)
    state = game.replay([to_move(x, y) for x, y in points], "SWAP2BOARD", brain.settings)
    return swap2_job(brain, "SWAP2BOARD", state, block.received, swap2.gomocup_lines)


HANDLERS: dict[str, Handler] = {
    "START": start,
    "RECTSTART": start,
    "RESTART": restart,
    "BEGIN": begin,
    "TURN": turn,
    "PLAY": play,
    "TAKEBACK": takeback,
    "BOARD": open_block,
    "YXBOARD": open_block,
    "SWAP2BOARD": open_block,
    "DONE": done,
}
"""The game's commands, by their upper-case name."""
