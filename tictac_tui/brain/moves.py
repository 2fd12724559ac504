"""The jobs that think: a move (``BEGIN``, ``TURN``, ``BOARD``, ``yxnbest``) and a swap2 choice.

A job is made when its command is read (the budget counts from then) and
run by the server under the manager's stop; when it ends it plays its move
on the brain's board and takes its time off the match clock. A ``TURN``
that the pondering search expected is answered with that search's lines
(`Brain.take_pondered`, `pondering`): it ran on as this turn's search.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..engine import GameState, Player
from ..strategies import StopSignal
from . import pondering, report, swap2
from .board import illegal
from .clock import MoveBudget
from .protocol import Command, ProtocolError, format_move, quote
from .reply import Emit, Job, Reply
from .thinking import Line, Request, steady_score, think

if TYPE_CHECKING:
    from .conversation import Brain


def move_job(
    brain: Brain, command: Command, state: GameState, received: float, multipv: int = 1
) -> Reply:
    """A job that thinks, plays the best move on the board and answers it."""
    settings = brain.settings
    request = Request(
        state,
        brain.clock.budget(state.move_count),
        received,
        nodes=settings.max_node,
        depth=settings.max_depth,
        multipv=multipv,
    )
    player = brain.seat.player_for(state, settings)
    detail = settings.detail
    pondered = brain.take_pondered(state) if multipv == 1 else None

    def run(stop: StopSignal, emit: Emit) -> list[str]:
        def progress(line: Line) -> None:
            for text in report.progress(line, detail):
                emit(text)

        if pondered is not None:  # the pondering search became this turn's: its lines stand
            lines = pondered.lines
        else:
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
        brain.game.state = state.play(move)
        if settings.pondering and move == lines[0].move:
            brain.ponder = pondering.expected(brain.game.state, lines[0])
        elapsed = time.perf_counter() - received
        brain.clock.spend(elapsed)
        brain.clock.answered(elapsed, request.budget)
        return [*notes, format_move(move)]

    return Reply((), Job(f"{command.name} {command.argument}".strip(), run))


Swap2Lines = Callable[[swap2.Swap2Answer, GameState], list[str]]
"""How a swap2 choice is answered: Gomocup's `swap2.gomocup_lines` or Yixin-Board's."""


def swap2_job(
    brain: Brain, what: str, state: GameState, received: float, lines_for: Swap2Lines
) -> Reply:
    """A job that makes the swap2 choice for `state` and answers it as `lines_for` says."""
    if state.is_over:
        raise ProtocolError(f"{what} shows a finished game")
    if state.move_count == 0 and not swap2.openings(state):
        size = f"{state.rules.cols}x{state.rules.rows}"
        raise ProtocolError(f"a {size} board has no room for a swap2 opening")
    game, clock = brain.game, brain.clock
    game.state, game.me = state, None
    budget = clock.budget(state.move_count)
    evaluator = brain.seat.evaluator(state, brain.settings)

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
        game.state, game.me = answer.state, answer.me
        if lines_for is swap2.yixin_lines and answer.me is Player.O:
            game.state = state  # Yixin-Board asks for white's move with a BOARD next
        elapsed = time.perf_counter() - received
        clock.spend(elapsed)
        clock.answered(elapsed, budget)
        return lines_for(answer, state)

    return Reply((), Job(what, run))
