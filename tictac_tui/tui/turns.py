"""After a move, and the computer's turn: the end counted and announced (`moved`), the
computer asked when it is due (`update`), its answers played or shown (`answered`).

Functions of the `host.Host` and its `Match`; the game screen's controller calls
them. No curses calls, no clock.
"""

from __future__ import annotations

from ..choices import Mode
from ..engine import ForbiddenMove, Move, Player, unwon_line
from ..i18n import _
from ..play.match import Match
from ..play.thinking import computer_limit
from ..scores import Result
from ..strategies import Difficulty, player_for
from ..words import no_win_words, time_loss_words, win_words
from .computer import Answer, JobKind
from .effects import Effect
from .host import Host
from .messages import NO_MESSAGE, Message, Tone
from .squares import square_name

COMPUTER_PACE = 0.2
"""Least seconds between a person's move and the computer's reply."""
PACE_SHARE = 0.02
"""With a clock, the wait before the computer's move is at most this share of its time left."""


def computer_due(match: Match) -> bool:
    """Whether a computer should be thinking about its move now."""
    return match.computer_to_move() and (not match.paused or match.stepping)


def update(host: Host, match: Match, now: float) -> None:
    """Let the computer think and play: ask when it is due, play its answer."""
    answer = host.computer.poll(now)
    if answer is not None:
        answered(host, answer, now)
        host.emit(Effect.REDRAW)
    elif host.computer.job is None and computer_due(match):
        pace = match.speed.seconds if match.mode is Mode.CVC else COMPUTER_PACE
        if match.clock is not None:  # the wait is on the computer's clock: a short one waits less
            pace = min(pace, max(0.0, match.clock.left(match.state.to_move, now)) * PACE_SHARE)
        strategy = match.players[match.state.to_move]
        limit = computer_limit(match, strategy, now, pace)
        host.computer.ask(
            JobKind.MOVE, match.state, strategy, limit, now, match.last_move_at + pace
        )


def run_clock(host: Host, match: Match, running: bool, now: float) -> None:
    """Run the clock of the side to move (stop it: `running` False); when its time is up,
    the game ends there: counted, and said ("White lost on time")."""
    loser = match.run_clock(running, now)
    if loser is None:
        return
    host.computer.cancel()
    result = match.result()
    if result is not None and not match.counted:
        match.counted = True
        host.session.count(match.key, result, hinted=match.hinted)
        host.emit(Effect.SAVE_STATISTICS)
    lost = match.mode is Mode.HVC and loser in match.human
    tone = Tone.FAILURE if lost else Tone.SUCCESS
    host.say(Message(time_loss_words(loser, match.rules), tone))
    host.emit(Effect.REDRAW)


def answered(host: Host, answer: Answer, now: float) -> None:
    """Play the computer's move, or show its hint; drop an answer the game has left."""
    match = host.match
    job = answer.job
    if match is None or job.state is not match.state:
        return  # the game has moved on
    move = Move(*answer.move) if answer.move is not None else None
    if move is None or not job.state.is_legal(move):
        bad_answer(host, match, answer, move, now)
    elif job.kind is JobKind.HINT:
        match.cursor = move
        match.hinted = True
        host.say(Message(_("Hint: {square}").format(square=square_name(match, move)), Tone.NOTE))
    else:
        match.play(move, now)
        match.stepping = False
        moved(host, match)


def bad_answer(host: Host, match: Match, answer: Answer, move: Move | None, now: float) -> None:
    """A player failed: say so; for a move, the Medium player moves instead."""
    name = answer.job.strategy.name
    what = answer.error or _("chose {move}, which is not a legal move").format(move=repr(move))
    forbidden = None if answer.error else forbidden_error(match, move)
    if forbidden is not None:
        what = _("chose a forbidden point: {problem}").format(problem=forbidden)
    if answer.job.kind is JobKind.HINT:
        host.say(
            Message(
                _("No hint: {player} {problem}").format(player=name, problem=what),
                Tone.ERROR,
            )
        )
        return
    fallback = player_for(Difficulty.MEDIUM, match.rules, seed=host.seed)
    match.play(fallback.choose(match.state), now)
    moved(host, match)
    if not match.over:
        host.say(
            Message(
                _("The computer ({player}) {problem}; the Medium player moved instead").format(
                    player=name, problem=what
                ),
                Tone.ERROR,
            )
        )


def moved(host: Host, match: Match) -> None:
    """After any move: clear the message, say why a line of k or more did not win (the
    person's, also after the computer's reply), or count and announce the end."""
    host.say(NO_MESSAGE)
    result = match.result()
    if result is None:
        state = match.state
        unwon = unwon_line(state)
        answered_person = state.to_move in match.human and state.to_move.other not in match.human
        if unwon is None and answered_person and state.previous is not None:
            unwon = unwon_line(state.previous)  # the person's line, still said after the reply
        if unwon is not None:
            words = no_win_words(unwon, match.rules)
            host.say(Message(words, Tone.NOTE, no_win_words(unwon, match.rules, short=True)))
        return
    if not match.counted:
        match.counted = True
        host.session.count(match.key, result, hinted=match.hinted)
        host.emit(Effect.SAVE_STATISTICS)
    host.say(result_message(match, result))


def forbidden_error(match: Match, move: Move | None) -> ForbiddenMove | None:
    """The engine's refusal if `move` is one of renju's forbidden points, else None."""
    if move is None or move not in match.state.forbidden_moves():
        return None
    try:
        match.state.play(move)
    except ForbiddenMove as error:
        return error
    return None


def result_message(match: Match, result: Result) -> Message:
    """The ending in words and tone: "You win!", "Computer wins", "Draw", "X wins"."""
    if result is Result.DRAW:
        return Message(_("Draw"), Tone.SUCCESS)
    if match.mode is Mode.HVC:
        if result is Result.LOSS:
            return Message(_("Computer wins"), Tone.FAILURE)
        return Message(_("You win! (with a hint)") if match.hinted else _("You win!"), Tone.SUCCESS)
    winner = Player.X if result is Result.WIN else Player.O
    return Message(win_words(winner, match.rules), Tone.SUCCESS)
