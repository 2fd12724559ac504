"""The game screen: what each key does to the match, and how the computer's answers land.

Functions of the `Model` and its `Match` (`model.HANDLERS` sends the game
screen's keys to `game_key`; `Model.update` hands the computer's answers to
`answered`). No curses calls, no clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..choices import Mode, Speed
from ..engine import ForbiddenMove, Move, Player, Rule, parse_move, square_label, unwon_line
from ..i18n import Language, _, current_language
from ..play import saving
from ..play.match import Match, check_move
from ..scores import Result
from ..strategies import HINT_LIMIT, Difficulty, player_for
from ..words import no_win_words, rule_name, speed_name, win_words
from .computer import Answer, JobKind
from .effects import Effect, Question
from .helptext import FORBIDDEN_MARK
from .keys import Command, digit_value
from .menu import Item
from .messages import NO_MESSAGE, Message, Tone
from .prompt import Prompt, Typed
from .screens import Screen

if TYPE_CHECKING:
    from .model import Model

CURSOR_STEPS = {
    Command.UP: (-1, 0),
    Command.DOWN: (1, 0),
    Command.LEFT: (0, -1),
    Command.RIGHT: (0, 1),
}


def square_name(match: Match, move: Move) -> str:
    """A square as the board shows it: its digit on 3x3, else its name ("H8")."""
    if (match.rules.rows, match.rules.cols) == (3, 3):
        return str(move.row * 3 + move.col + 1)
    return square_label(move)


def example_square(match: Match) -> str:
    """The centre square's name, as the prompt's example: "5" on 3x3, "h8" on 15x15."""
    rules = match.rules
    return square_name(match, Move(rules.rows // 2, rules.cols // 2)).lower()


def typed_square(text: str, match: Match) -> Move:
    """The square `text` names: a digit 1-9 on 3x3, else a name like h8. ValueError if none."""
    digit = text.strip()
    if (match.rules.rows, match.rules.cols) == (3, 3) and len(digit) == 1 and digit in "123456789":
        return Move(*divmod(int(digit) - 1, 3))
    return parse_move(text, match.rules)


def game_key(model: Model, command: Command, now: float, key: int) -> None:
    """A key on the game screen."""
    match = model.match
    assert match is not None
    if command in GAME_COMMANDS:
        GAME_COMMANDS[command](model, match, now, key)
    elif command in CURSOR_STEPS and match.mode is not Mode.CVC:
        match.move_cursor(*CURSOR_STEPS[command])
        if not match.over:
            model.message = NO_MESSAGE
    elif match.mode is Mode.CVC and command in WATCH_COMMANDS:
        WATCH_COMMANDS[command](model, match, now)


def quit_key(model: Model, match: Match, now: float, key: int) -> None:
    """q: quit (asks while a game is in progress)."""
    model.ask(Question.QUIT, now)


def menu_command(model: Model, match: Match, now: float, key: int) -> None:
    """m or Esc: the menu, with Resume highlighted while the game goes on."""
    model.show(Screen.MENU)
    model.menu.highlight = Item.RESUME if model.in_progress() else Item.PLAY


def help_key(model: Model, match: Match, now: float, key: int) -> None:
    """?: the help screen."""
    model.show(Screen.HELP)


def new_key(model: Model, match: Match, now: float, key: int) -> None:
    """n: a new game (asks before throwing a started game away)."""
    model.ask(Question.NEW_GAME, now)


def select(model: Model, match: Match, now: float, key: int) -> None:
    """Enter: play the cursor square; pause between computers; play again at the end."""
    if match.over:
        model.new_game(now)
    elif match.mode is Mode.CVC:
        pause(model, match, now)
    else:
        person_moves(model, match, match.cursor, now)


def digit(model: Model, match: Match, now: float, key: int) -> None:
    """1-9: play that square on 3x3."""
    if (match.rules.rows, match.rules.cols) != (3, 3):
        square = example_square(match)
        model.message = Message(
            _("Digits play on 3x3 only: type g and a square, like {square}").format(square=square),
            Tone.WARNING,
            _("Type g and a square, like {square}").format(square=square),
        )
    elif not match.over and match.mode is not Mode.CVC:
        move = Move(*divmod(digit_value(key) - 1, 3))
        match.cursor = move
        person_moves(model, match, move, now)


def goto(model: Model, match: Match, now: float, key: int) -> None:
    """g or ':': open the typed-square prompt."""
    if match.mode is not Mode.CVC:
        model.prompt = Prompt()
        model.message = NO_MESSAGE


def prompt_key(model: Model, key: int, now: float) -> None:
    """A key while the prompt is open: edit, cancel, or go to the square typed."""
    prompt, match = model.prompt, model.match
    assert prompt is not None and match is not None
    typed = prompt.key(key)
    if typed is Typed.EDITING:
        return
    model.prompt = None
    if typed is Typed.CANCELLED or not prompt.text:
        return
    try:
        move = typed_square(prompt.text, match)
    except ValueError as error:
        model.message = Message(square_problem(prompt.text, match, error), Tone.WARNING)
        return
    match.cursor = move
    if match.human_to_move():
        person_moves(model, match, move, now)
    else:
        model.message = Message(_("Cursor on {square}").format(square=square_name(match, move)))


def square_problem(text: str, match: Match, error: ValueError) -> str:
    """Why `text` names no square: the engine's words in English, else the translated rule."""
    if (match.rules.rows, match.rules.cols) == (3, 3):
        return _("{text} is not a square: type a digit 1-9").format(text=text.strip())
    if current_language() is Language.EN:
        return str(error)
    last = square_label(Move(match.rules.rows - 1, match.rules.cols - 1))
    return _(
        "{text} is not a square on this board: type a letter and a number, A1 to {last}"
    ).format(text=text.strip(), last=last)


def click_square(model: Model, move: Move, now: float) -> None:
    """A click on a square: the cursor goes there and a person plays it."""
    match = model.match
    assert match is not None
    if match.mode is Mode.CVC:
        return
    match.cursor = move
    if not match.over:
        person_moves(model, match, move, now)


def person_moves(model: Model, match: Match, move: Move, now: float) -> None:
    """A person plays `move`, or a message says why not."""
    problem = check_move(match, move)
    if problem is None and not match.human_to_move():
        problem = _("Wait for the computer's move")
    if problem is not None:
        model.message = Message(problem, Tone.WARNING)
        return
    model.computer.cancel()  # a hint in flight is no longer wanted
    match.play(move, now)
    moved(model, match)


def moved(model: Model, match: Match) -> None:
    """After any move: clear the message, say why a line of k or more did not win (the
    person's, also after the computer's reply), or count and announce the end."""
    model.message = NO_MESSAGE
    result = match.result()
    if result is None:
        state = match.state
        unwon = unwon_line(state)
        answered_person = state.to_move in match.human and state.to_move.other not in match.human
        if unwon is None and answered_person and state.previous is not None:
            unwon = unwon_line(state.previous)  # the person's line, still said after the reply
        if unwon is not None:
            words = no_win_words(unwon, match.rules)
            model.message = Message(words, Tone.NOTE, no_win_words(unwon, match.rules, short=True))
        return
    if not match.counted:
        match.counted = True
        model.session.count(match.key, result, hinted=match.hinted)
        model.effects.add(Effect.SAVE_STATISTICS)
    model.message = result_message(match, result)


def undo(model: Model, match: Match, now: float, key: int) -> None:
    """u: back to the person's previous turn (the computer's reply too)."""
    if match.mode is Mode.CVC:
        model.message = Message(_("Undo is for games with a person playing"), Tone.WARNING)
        return
    model.computer.cancel()
    undone = match.undo(now)
    if undone is None:
        model.message = Message(_("Nothing to undo"), Tone.WARNING)
    else:
        model.message = Message(_("Move undone"), Tone.NOTE)


def forbidden_key(model: Model, match: Match, now: float, key: int) -> None:
    """f: show or hide renju's forbidden points (for the rest of this run)."""
    if match.rules.rule is not Rule.RENJU:
        model.message = Message(
            _("No forbidden points under {rule}").format(
                rule=rule_name(match.rules.rule, match.rules.k)
            ),
            Tone.WARNING,
        )
        return
    model.show_forbidden = not model.show_forbidden
    short = ""
    if model.show_forbidden:
        text = _("Forbidden points for X (black) marked {mark}").format(mark=FORBIDDEN_MARK)
        short = _("Forbidden points marked {mark}").format(mark=FORBIDDEN_MARK)
    else:
        text = _("Forbidden points hidden (f shows them)")
    model.message = Message(text, Tone.NOTE, short)


def hint(model: Model, match: Match, now: float, key: int) -> None:
    """t: ask the hint player for the person's move."""
    if not match.human_to_move() or match.hinter is None:
        model.message = Message(_("Hints are for your turn"), Tone.WARNING)
        return
    model.computer.ask(JobKind.HINT, match.state, match.hinter, HINT_LIMIT, now, now)
    model.message = NO_MESSAGE


# -- computer vs computer --------------------------------------------------------------


def pause(model: Model, match: Match, now: float) -> None:
    """p: pause or resume computer vs computer (a thinking computer stops)."""
    if match.over:
        return
    match.paused = not match.paused
    match.stepping = False
    if match.paused:
        model.computer.cancel()
    model.message = NO_MESSAGE


def step(model: Model, match: Match, now: float) -> None:
    """.: one move while computer vs computer is paused."""
    if not match.paused:
        model.message = Message(_(". plays one move while paused (p pauses)"), Tone.WARNING)
    elif not match.over:
        match.stepping = True
        match.last_move_at = now - match.speed.seconds  # at once


def faster(model: Model, match: Match, now: float) -> None:
    """+: computer vs computer one speed faster."""
    change_speed(model, match, 1)


def slower(model: Model, match: Match, now: float) -> None:
    """-: computer vs computer one speed slower."""
    change_speed(model, match, -1)


def change_speed(model: Model, match: Match, by: int) -> None:
    """One speed faster (+1) or slower (-1), for this game and the next ones."""
    speeds = list(Speed)
    match.speed = speeds[min(len(speeds) - 1, max(0, speeds.index(match.speed) + by))]
    if match.speed is not model.settings.speed:
        model.menu.settings = replace(model.settings, speed=match.speed)
        model.effects.add(Effect.SAVE_SETTINGS)
    model.message = Message(_("Speed: {speed}").format(speed=speed_name(match.speed)), Tone.NOTE)


# -- the computer's answers ------------------------------------------------------------


def computer_due(model: Model, match: Match) -> bool:
    """Whether a computer should be thinking about its move now."""
    return match.computer_to_move() and (not match.paused or match.stepping)


def answered(model: Model, answer: Answer, now: float) -> None:
    """Play the computer's move, or show its hint; drop an answer the game has left."""
    match = model.match
    job = answer.job
    if match is None or job.state is not match.state:
        return  # the game has moved on
    move = Move(*answer.move) if answer.move is not None else None
    if move is None or not job.state.is_legal(move):
        bad_answer(model, match, answer, move, now)
    elif job.kind is JobKind.HINT:
        match.cursor = move
        match.hinted = True
        model.message = Message(
            _("Hint: {square}").format(square=square_name(match, move)), Tone.NOTE
        )
    else:
        match.play(move, now)
        match.stepping = False
        moved(model, match)


def bad_answer(model: Model, match: Match, answer: Answer, move: Move | None, now: float) -> None:
    """A player failed: say so; for a move, the Medium player moves instead."""
    name = answer.job.strategy.name
    what = answer.error or _("chose {move}, which is not a legal move").format(move=repr(move))
    forbidden = None if answer.error else forbidden_error(match, move)
    if forbidden is not None:
        what = _("chose a forbidden point: {problem}").format(problem=forbidden)
    if answer.job.kind is JobKind.HINT:
        model.message = Message(
            _("No hint: {player} {problem}").format(player=name, problem=what), Tone.ERROR
        )
        return
    fallback = player_for(Difficulty.MEDIUM, match.rules, seed=model.seed)
    match.play(fallback.choose(match.state), now)
    moved(model, match)
    if not match.over:
        model.message = Message(
            _("The computer ({player}) {problem}; the Medium player moved instead").format(
                player=name, problem=what
            ),
            Tone.ERROR,
        )


def forbidden_error(match: Match, move: Move | None) -> ForbiddenMove | None:
    """The engine's refusal if `move` is one of renju's forbidden points, else None."""
    if move is None or move not in match.state.forbidden_moves():
        return None
    try:
        match.state.play(move)
    except ForbiddenMove as error:
        return error
    return None


def save_key(model: Model, match: Match, now: float, key: int) -> None:
    """s: save the game as a new file."""
    model.save_game()


def open_key(model: Model, match: Match, now: float, key: int) -> None:
    """o: the list of saved games."""
    model.open_library()


def moves_key(model: Model, match: Match, now: float, key: int) -> None:
    """v: show or hide the move list (an overlay where it doesn't fit beside the board)."""
    model.show_moves = not model.show_moves


def replay_key(model: Model, match: Match, now: float, key: int) -> None:
    """r after the game: watch it again in the replay viewer."""
    if match.over:
        model.view_record(saving.record_of(match), _("this game"))
        viewer = model.viewer
        assert viewer is not None
        viewer.position = 0


GAME_COMMANDS: dict[Command, Callable[[Model, Match, float, int], None]] = {
    Command.QUIT: quit_key,
    Command.MENU: menu_command,
    Command.HELP: help_key,
    Command.NEW: new_key,
    Command.SELECT: select,
    Command.DIGIT: digit,
    Command.GOTO: goto,
    Command.UNDO: undo,
    Command.HINT: hint,
    Command.FORBIDDEN: forbidden_key,
    Command.SAVE: save_key,
    Command.OPEN: open_key,
    Command.MOVES: moves_key,
    Command.RESET: replay_key,
}
"""What each command does on the game screen (cursor keys and the watch keys aside)."""

WATCH_COMMANDS: dict[Command, Callable[[Model, Match, float], None]] = {
    Command.PAUSE: pause,
    Command.STEP: step,
    Command.FASTER: faster,
    Command.SLOWER: slower,
}
"""The keys of computer vs computer."""


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
