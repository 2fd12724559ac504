"""What the brain says about its thinking: the lines managers log and GUIs draw.

Every move with a scored line gets one ``MESSAGE`` summary (Piskvork and
c-gomoku-cli log it). Yixin-Board asks for more with ``INFO show_detail``
(bit 1: realtime, bit 2: principal variations), read as its ``main.c``
reads them (and as Rapfi's ``searchoutput.cpp`` writes them):

- after each finished iteration, ``MESSAGE REALTIME REFRESH`` and
  ``MESSAGE REALTIME BEST x,y`` (the square it marks as best so far), and
  ``MESSAGE REALTIME LOSE x,y`` for a root move proved lost;
- per line, an ``INFO PV`` block: ``INFO PV i``, ``INFO NUMPV n``,
  ``INFO DEPTH d``, ``INFO SELDEPTH d``, ``INFO NODES n``, ``INFO TOTALNODES n``,
  ``INFO TOTALTIME ms``, ``INFO SPEED nodes/s``, ``INFO EVAL v`` (``+Mn`` /
  ``-Mn``: a forced win / loss in n plies), ``INFO WINRATE w`` (0..1),
  ``INFO BESTLINE x,y x,y ...``, then ``INFO PV DONE``.

Scores are the player's, for the side to move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..strategies.search import MATE_ZONE, WIN
from .protocol import format_move, format_moves
from .thinking import Line

REALTIME, PV = 1, 2
"""The `INFO show_detail` bits (see `settings.Detail`)."""
WINRATE_SCALE = 600.0
"""Search units per e-fold of the odds in `winrate` (a score of 600 reads as 73%)."""


def mate_in(score: int) -> int | None:
    """Plies to a forced five (positive: the side to move wins), or None."""
    if score > MATE_ZONE:
        return WIN - score + 1
    if score < -MATE_ZONE:
        return -(WIN + score + 1)
    return None


def eval_text(score: int) -> str:
    """A score as Yixin-Board reads it: ``+M5`` / ``-M4`` for forced results, else the number."""
    plies = mate_in(score)
    if plies is None:
        return str(score)
    return f"+M{plies}" if plies > 0 else f"-M{-plies}"


def winrate(score: int) -> float:
    """A score as a winning chance for the side to move (forced results: 1 or 0)."""
    plies = mate_in(score)
    if plies is not None:
        return 1.0 if plies > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-score / WINRATE_SCALE))


def summary(line: Line) -> str:
    """The one MESSAGE per move: depth, evaluation, time, nodes and the line."""
    assert line.score is not None
    parts = [
        f"depth {line.depth}",
        f"eval {eval_text(line.score)}",
        f"{line.seconds:.2f} s",
        f"{line.nodes} nodes",
    ]
    if line.reason:
        parts.append(line.reason)
    return "MESSAGE " + " | ".join(parts) + f" | pv {format_moves(line.pv or (line.move,))}"


def pv_block(line: Line, index: int, count: int) -> list[str]:
    """Yixin-Board's INFO PV block for one line."""
    assert line.score is not None
    ms = max(round(line.seconds * 1000), 0)
    speed = round(line.nodes / line.seconds) if line.seconds > 0 else 0
    pv = line.pv or (line.move,)
    return [
        f"INFO PV {index}",
        f"INFO NUMPV {count}",
        f"INFO DEPTH {line.depth}",
        f"INFO SELDEPTH {max(line.depth, len(pv))}",
        f"INFO NODES {line.nodes}",
        f"INFO TOTALNODES {line.nodes}",
        f"INFO TOTALTIME {ms}",
        f"INFO SPEED {speed}",
        f"INFO EVAL {eval_text(line.score)}",
        f"INFO WINRATE {winrate(line.score):.4f}",
        f"INFO BESTLINE {format_moves(pv)}",
        "INFO PV DONE",
    ]


def progress(line: Line, detail: int) -> list[str]:
    """Lines to send after an iteration found `line` as the best so far."""
    if line.score is None:
        return []
    out = []
    if detail & REALTIME:
        out += ["MESSAGE REALTIME REFRESH", f"MESSAGE REALTIME BEST {format_move(line.move)}"]
    if detail & PV:
        out += pv_block(line, 0, 1)
    return out


def final(lines: Sequence[Line], detail: int) -> list[str]:
    """Lines to send before the move: the summary, and every line for a multi-line search."""
    scored = [line for line in lines if line.score is not None]
    if not scored:
        return []
    out = [summary(scored[0])]
    if len(scored) > 1:
        for rank, line in enumerate(scored, 1):
            assert line.score is not None
            out.append(
                f"MESSAGE ({rank}) {format_move(line.move)} eval {eval_text(line.score)}"
                f" | depth {line.depth} | pv {format_moves(line.pv or (line.move,))}"
            )
    if detail & REALTIME:
        for line in scored:
            plies = mate_in(line.score or 0)
            if plies is not None and plies < 0:
                out.append(f"MESSAGE REALTIME LOSE {format_move(line.move)}")
    if detail & PV:
        for index, line in enumerate(scored):
            out += pv_block(line, index, len(scored))
    return out
