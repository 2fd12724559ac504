"""Yixin-Board's own commands: ``yxshowinfo``, ``yxhashclear``, ``yxnbest``, ``yxshowforbid``
and the swap2 steps (its blocks are in `blocks`, ``yxboard`` with the game's in `turns`).

Any ``yx`` command tells the brain it talks to Yixin-Board (`Settings.yixin`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import GameState
from . import swap2
from .info import limits
from .moves import move_job, swap2_job
from .protocol import Command, ProtocolError, format_forbid, parse_int
from .reply import Handler, Reply

if TYPE_CHECKING:
    from .conversation import Brain

MAX_NBEST = 64
"""Most lines ``yxnbest`` searches for."""


def showinfo(brain: Brain, command: Command, received: float) -> Reply:
    """``yxshowinfo``: how far the settings go."""
    return Reply(limits())


def hashclear(brain: Brain, command: Command, received: float) -> Reply:
    """``yxhashclear``: the player forgets what it learnt."""
    brain.seat.clear()
    return Reply(("MESSAGE hash table cleared",))


def nbest(brain: Brain, command: Command, received: float) -> Reply:
    """``yxnbest n``: the brain's move, after searching for its `n` best lines."""
    count = parse_int(command.argument or "1", "yxnbest")
    state = brain.game.playable(brain.settings)
    brain.game.me = state.to_move
    return move_job(brain, command, state, received, multipv=max(1, min(count, MAX_NBEST)))


def showforbid(brain: Brain, command: Command, received: float) -> Reply:
    """``yxshowforbid``: the points forbidden to black now."""
    state = brain.game.ruled(brain.settings)
    return Reply((format_forbid(state.forbidden_moves()),))


def swap2_step(brain: Brain, command: Command, received: float) -> Reply:
    """Yixin-Board's swap2 steps: 1 on an empty board, 2 and 3 after a yxboard."""
    step = int(command.name[-1])
    state = brain.game.playable(brain.settings)
    if step == 1:
        state = GameState.new(state.rules)
    elif state.move_count != 2 * step - 1:
        raise ProtocolError(
            f"{command.name} needs {2 * step - 1} stones on the board, not {state.move_count}"
        )
    return swap2_job(brain, command.name, state, received, swap2.yixin_lines)


HANDLERS: dict[str, Handler] = {
    "YXSHOWINFO": showinfo,
    "YXHASHCLEAR": hashclear,
    "YXNBEST": nbest,
    "YXSHOWFORBID": showforbid,
    "YXSWAP2STEP1": swap2_step,
    "YXSWAP2STEP2": swap2_step,
    "YXSWAP2STEP3": swap2_step,
}
"""Yixin-Board's commands, by their upper-case name."""
