"""`tictac-brain` (also `pbrain-tictac`): the gomoku engine for other programs.

It speaks the Gomocup AI protocol on stdin/stdout, with the Yixin-Board
extensions, so tournament managers and GUIs (Piskvork, c-gomoku-cli,
Yixin-Board, Gomocup's manager) can play it. Modules, one job each:

- `protocol`: lines to values and back (parsing, formats, rule bits);
- `conversation`: `Brain`, the state machine: a line in, a `Reply` out;
- `reply`: `Reply`, `Job` and the `Handler` type;
- `settings`: `Settings`, the brain's settings as one frozen value, and `Detail`;
- `info`: ``INFO`` into a new `Settings` and the clock;
- `blocks`: the block being read, ``BOARD`` (and the others) up to ``DONE``;
- `board`: `Game`, the board, its position and the brain's side;
- `turns`: the game's commands (``START`` ... ``TAKEBACK``, ``BOARD`` ... ``DONE``);
- `yixin`: Yixin-Board's own commands (``yxnbest``, swap2 steps, ...);
- `moves`: the jobs that think (a move, a swap2 choice);
- `seat`: the player, kept between moves and set as the settings say;
- `clock`: the manager's time limits to a soft and a hard deadline per move;
- `thinking`: one search under a stop signal, paced by its iterations;
- `report`: the MESSAGE / REALTIME / INFO PV lines about the thinking;
- `swap2`: the swap2 opening decisions;
- `server`: the pipe: a reader thread (yxstop and END at once) and its `main`;
- `startup`: the one ``ERROR`` line of a brain that can't start.

Importing this package loads nothing else until `Brain`, `Reply` or `serve`
is asked for, so `main` can still answer ``ERROR`` when memory is too short
to load the rest. Every command, answer and setting: docs/engine-protocol.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .startup import cant_start, describe, room_to_start

if TYPE_CHECKING:
    from .conversation import Brain, Reply
    from .server import serve

__all__ = ["Brain", "Reply", "main", "serve"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``tictac-brain`` and ``pbrain-tictac`` (`server.main`)."""
    room_to_start()
    try:
        from .server import main as serve_main
    except Exception as error:  # short of memory, a module fails in many ways
        cant_start(f"loading the engine failed: {describe(error)}")
    return serve_main(argv)


def __getattr__(name: str) -> object:
    """`Brain`, `Reply` and `serve`, loaded when first asked for."""
    if name in ("Brain", "Reply"):
        from . import conversation

        return getattr(conversation, name)
    if name == "serve":
        from . import server

        return server.serve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
