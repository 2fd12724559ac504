"""`tictac-brain` (also `pbrain-tictac`): the gomoku engine for other programs.

It speaks the Gomocup AI protocol on stdin/stdout, with the Yixin-Board
extensions, so tournament managers and GUIs (Piskvork, c-gomoku-cli,
Yixin-Board, Gomocup's manager) can play it. Modules, one job each:

- `protocol`: lines to values and back (parsing, formats, rule bits);
- `conversation`: `Brain`, the state machine: a line in, a `Reply` out;
- `clock`: the manager's time limits to a soft and a hard deadline per move;
- `thinking`: one search under a stop signal, paced by its iterations;
- `report`: the MESSAGE / REALTIME / INFO PV lines about the thinking;
- `swap2`: the swap2 opening decisions;
- `server`: the pipe: a reader thread (yxstop and END at once) and `main`.

Every command, answer and setting: docs/engine-protocol.md.
"""

from .conversation import Brain, Reply
from .server import main, serve

__all__ = ["Brain", "Reply", "main", "serve"]
