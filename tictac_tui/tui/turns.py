"""After a move, and the computer's turn: the end counted and announced (`moved`), the
computer asked when it is due (`update`), its answers played or shown (`answered`), and
its pondering on the person's time (`update`, `pondered_position`).

Functions of the `host.Host` and its `Match`; the game screen's controller calls
them. No curses calls, no clock.
"""

from __future__ import annotations

from collections.abc import Callable

from ..choices import Mode
from ..engine import ForbiddenMove, GameState, Move, Player, unwon_line
from ..engine.openings import Action, Decision, Person
from ..engines import EngineError, LostOnTime
from ..i18n import _
from ..play.match import Match
from ..play.openings import (
    OwnDecider,
    colours_words,
    decider_notice,
    decision_words,
    reader,
    refusal_words,
    step_words,
    steps_since,
    unseen,
    who_words,
)
from ..play.pondering import ponder_limit, ponder_position, ponderer
from ..play.thinking import computer_limit, tell_engine_clock
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
    return (
        match.computer_to_move() and match.halted is None and (not match.paused or match.stepping)
    )


def update(host: Host, match: Match, now: float) -> None:
    """Let the computer think and play: ask when it is due, play its answer; ponder on the
    person's time when nothing else is asked (`pondered_position`)."""
    was_pondering = host.computer.pondering()
    pondering = host.computer.job if was_pondering else None
    if pondering is not None and pondering.state is not pondered_position(host, match):
        host.computer.cancel()  # the game, or whether it may be pondered, changed
    _ask(host, match, now)
    if host.computer.job is None:  # after the computer's move, in the same frame
        wanted = pondered_position(host, match)
        if wanted is not None:
            host.computer.ponder(wanted, ponderer(match), ponder_limit(), now)
    if host.computer.pondering() is not was_pondering:
        host.emit(Effect.REDRAW)  # the status says whether the computer ponders


def pondered_position(host: Host, match: Match) -> GameState | None:
    """The position the computer should ponder now (`play.pondering.ponder_position`), or
    None. Never while the analysis panel is shown: its analyst thinks on the person's turn
    then, and two searches would halve each other's speed."""
    if host.analysis.shown:
        return None
    return ponder_position(match, host.settings.ponder)


def _ask(host: Host, match: Match, now: float) -> None:
    """Play the answer that has come; ask the computer for a move or a step when due."""
    answer = host.computer.poll(now)
    if answer is not None:
        answered(host, answer, now)
        host.emit(Effect.REDRAW)
    elif host.computer.job is None and computer_due(match) and match.in_opening:
        pace = match.speed.seconds if match.mode is Mode.CVC else COMPUTER_PACE
        decision = match.decision
        assert decision is not None and match.opening is not None
        host.computer.ask(
            JobKind.OPENING,
            match.state,
            match.players[match.colour_of(decision.person)],
            match.move_limit(),
            now,
            match.last_move_at + pace,
            opening=match.opening,
            decider=match.deciders[decision.person],
        )
    elif host.computer.job is None and computer_due(match):
        pace = match.speed.seconds if match.mode is Mode.CVC else COMPUTER_PACE
        if match.clock is not None:  # the wait is on the computer's clock: a short one waits less
            pace = min(pace, max(0.0, match.clock.left(match.state.to_move, now)) * PACE_SHARE)
        strategy = match.players[match.state.to_move]
        limit = computer_limit(match, strategy, now, pace)
        tell_engine_clock(match, strategy, now)
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
    if job.kind is JobKind.PONDER:
        return  # never played (`ComputerTurn.poll` keeps it anyway)
    if job.kind is JobKind.OPENING:
        if match is not None and job.opening is match.opening:
            opening_answered(host, match, answer, now)
        return
    if match is None or job.state is not match.state:
        return  # the game has moved on
    move = Move(*answer.move) if answer.move is not None else None
    if isinstance(answer.failure, EngineError):
        engine_failed(host, match, answer, answer.failure)
    elif move is None or not job.state.is_legal(move):
        bad_answer(host, match, answer, move, now)
    elif job.kind is JobKind.HINT:
        match.cursor = move
        match.hinted = True
        host.say(Message(_("Hint: {square}").format(square=square_name(match, move)), Tone.NOTE))
    else:
        match.play(move, now)
        match.stepping = False
        moved(host, match)


def engine_failed(host: Host, match: Match, answer: Answer, error: EngineError) -> None:
    """A hosted engine failed: one message naming it and what it did. A hint is not given;
    a move past the time limit loses the game (as Gomocup decides); any other failure stops
    the computer, the game kept as it is (undo, or p in computer vs computer, tries again)."""
    what = error.message()
    if answer.job.kind is JobKind.HINT:
        late = error.late() if isinstance(error, LostOnTime) else error  # a hint loses nothing
        problem = late.message()
        host.say(Message(_("No hint: {problem}").format(problem=problem), Tone.ERROR))
        return
    if isinstance(error, LostOnTime):
        match.forfeit = match.state.to_move
        match.stepping = False
        moved(host, match)
        host.say(Message(what, Tone.ERROR))
        return
    match.halt(what)
    match.stepping = False
    retry = _("p tries again") if match.mode is Mode.CVC else _("u undoes and tries again")
    host.say(
        Message(
            _("{problem}; the game is kept ({retry}, s saves)").format(problem=what, retry=retry),
            Tone.ERROR,
            what,
        )
    )


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


# -- the opening ------------------------------------------------------------------------


def opening_answered(host: Host, match: Match, answer: Answer, now: float) -> None:
    """Take the computer's opening step; a failed or refused one is replaced by the app's
    own opening player's, and said."""
    decision, opening = match.decision, match.opening
    assert decision is not None and opening is not None
    step, problem = answer.step, answer.error
    if step is not None:
        refused = opening.refusal(step)
        if refused is not None:
            step, problem = None, refusal_words(refused, match.state.move_count, _namer(match))
    if step is None:
        step = OwnDecider(answer.job.strategy.name, host.seed).decide(opening)
    match.step(step, now)
    match.stepping = False
    opening_stepped(host, match, decision, step)
    if problem:
        host.say(
            Message(
                _("The computer's opening step failed ({problem}); the app decided").format(
                    problem=problem
                ),
                Tone.ERROR,
            )
        )
    decider = match.deciders.get(decision.person)
    notice = decider_notice(decider) if decider is not None else None
    if notice:
        host.say(Message(notice, Tone.NOTE))


def _namer(match: Match) -> Callable[[Move], str]:
    return lambda move: square_name(match, move)


def you(match: Match, person: Person) -> bool | None:
    """Whether the person at the keyboard decides for `person` (None: names are used)."""
    return reader(match.mode is Mode.HVC, match.person_is_human(person))


def opening_stepped(host: Host, match: Match, decision: Decision, step: Action) -> None:
    """After an opening step: what is asked next (a question to a person), the computer's
    step in words, or who plays which colour once the opening is over."""
    opening = match.opening
    assert opening is not None
    name = _namer(match)
    done = step_words(step, name, who_words(you(match, decision.person), decision.person))
    if opening.is_over:
        you_first = match.person_is_human(Person.FIRST) if match.mode is Mode.HVC else None
        colours = colours_words(opening, you_first)
        host.say(Message(done + ". " + colours, Tone.NOTE, colours))
        return
    asked = opening.decision
    assert asked is not None
    words = decision_words(asked, match.state.move_count, you(match, asked.person))
    if match.person_is_human(asked.person):
        told = [  # the computer's decisions since the person's last: nothing shows them
            step_words(taken, name, who_words(you(match, person), person))
            for person, taken in steps_since(opening, asked.person)
            if unseen(taken) and not match.person_is_human(person)
        ]
        if told:
            said = words
            for text in reversed(told):
                said = _("{done}. {asked}").format(done=text, asked=said)
            host.say(Message(said, Tone.QUESTION, words))
        else:
            host.say(Message(words, Tone.QUESTION))
    else:
        host.say(Message(done, Tone.NOTE))
