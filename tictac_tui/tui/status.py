"""The words of the bottom lines: whose turn, the message, game and score, key hints.

Pure functions of the model, the time and the width, so each situation is
unit-tested. Every line has forms from long to short; the longest that
fits is drawn, and the score is the last thing to go (at 44 columns the
information bar still shows it).

`EXTRA_FACTS` is where another part of the program adds a fact about the
game to the information bar (e.g. "solved: X wins"): each is a function of
the match returning a short text or None.
"""

from __future__ import annotations

from collections.abc import Callable

from ..choices import Mode
from ..engine import Move, Player, Rule, Rules
from ..scores import Record
from .computer import JobKind
from .effects import Question
from .helptext import FORBIDDEN_MARK
from .match import Match
from .messages import NO_MESSAGE, Message, Tone
from .model import Model
from .screens import Screen

EXTRA_FACTS: list[Callable[[Match], str | None]] = []
"""Functions adding a short fact about the match to the information bar."""

QUESTIONS = {
    Question.QUIT: ("Quit the game in progress?", "Quit? This game counts as a loss."),
    Question.NEW_GAME: (
        "New game? This one is thrown away.",
        "New game? This one counts as a loss.",
    ),
    Question.RESET_STATS: ("Reset all statistics?", "Reset all statistics?"),
}
ANSWER = " y: yes, any other key: no"


def fit(width: int, *forms: str) -> str:
    """The first of `forms` that fits in `width` columns, else the last one cut."""
    for form in forms:
        if len(form) <= width:
            return form
    return forms[-1][: max(0, width)]


def turn_text(model: Model, now: float) -> str:
    """Whose turn it is: "Your move (X)", "Computer (O) is thinking... 0.7s", "Paused ..."."""
    match = model.match
    if match is None:
        return ""
    if match.over:
        return "Game over"
    side = match.state.to_move
    job = model.computer.job
    if match.paused:
        return "Paused: p resumes, . plays one move"
    if side not in match.human:
        text = f"Computer ({side}) is thinking..."
        if job is not None and job.kind is JobKind.MOVE:
            text += f" {max(0.0, now - job.started):.1f}s"
        return text
    if job is not None and job.kind is JobKind.HINT:
        return f"Finding a hint... {max(0.0, now - job.started):.1f}s"
    if match.mode is Mode.HVC:
        return f"Your move ({side})"
    return f"{side} to move"


def question_text(model: Model, width: int = 80) -> str:
    """The question waiting for y ("" if none), with "y: yes, ..." when it fits `width`."""
    question = model.question
    if question is None:
        return ""
    match = model.match
    counts = match is not None and match.abandoning_counts()
    return fit(width, QUESTIONS[question][counts] + ANSWER, QUESTIONS[question][counts])


def message(model: Model, width: int = 80) -> Message:
    """What the message line says: a question, the prompt, or the last message and notice."""
    if model.question is not None:
        return Message(question_text(model, width), Tone.QUESTION)
    if model.prompt is not None:
        return Message(f"Go to square (e.g. h8, Enter plays, Esc cancels): {model.prompt.text}_")
    notice = model.notices[0] if model.notices else NO_MESSAGE
    if model.message.text and notice.text:
        return Message(f"{model.message.text}  {notice.text}", notice.tone)
    return model.message if model.message.text else notice


def game_name(rules: Rules) -> str:
    """The game as header and status bar name it: five-in-a-row boards always with their rule.

    "Gomoku 15x15 (freestyle)", "Gomoku 15x15 (Renju)", "15x10, 5 in a row, freestyle";
    other boards name a rule other than freestyle ("7x7, 4 in a row, exactly").
    """
    name = rules.describe()
    if rules.rule is not Rule.FREESTYLE or rules.k != 5:
        return name
    return f"{name} (freestyle)" if name.startswith("Gomoku") else f"{name}, freestyle"


def forbidden_marked(model: Model) -> frozenset[Move]:
    """Renju's forbidden points the board marks: black to move, unless `f` hid them."""
    match = model.match
    if match is None or not model.show_forbidden:
        return frozenset()
    return match.state.forbidden_moves()


def score_forms(mode: Mode, record: Record) -> tuple[str, str, str]:
    """The score, long to short: "You 1  Computer 0  Draws 2" ... "W1 L0 D2"."""
    w, l_, d = record.wins, record.losses, record.draws
    if mode is Mode.HVC:
        return (
            f"You {w}  Computer {l_}  Draws {d}",
            f"You {w} Comp {l_} Draw {d}",
            f"W{w} L{l_} D{d}",
        )
    return (f"X {w}  O {l_}  Draws {d}", f"X {w} O {l_} D {d}", f"X{w} O{l_} D{d}")


def players_forms(match: Match) -> tuple[str, str, str]:
    """Who plays, long to short: "You (X) vs computer | Hard" ... "X vs Hard"."""
    if match.mode is Mode.HVC:
        you = Player.X if Player.X in match.human else Player.O
        level = match.key.levels[0].label
        return f"You ({you}) vs computer | {level}", f"You ({you}) vs {level}", f"{you} vs {level}"
    if match.mode is Mode.CVC:
        x, o = (level.label for level in match.key.levels)
        speed = match.speed.label
        return f"Computers: X {x} vs O {o} | {speed}", f"X {x} vs O {o} | {speed}", f"{x} vs {o}"
    return "Two players", "Two players", "2 players"


def info_forms(model: Model) -> tuple[tuple[str, ...], tuple[str, str, str]]:
    """(left texts long to short, score forms long to short) of the information bar."""
    match = model.match
    if match is None or model.screen is not Screen.GAME:
        key = model.current_key()
        name = {Screen.HELP: "Help", Screen.STATS: "Statistics"}.get(model.screen, "Menu")
        return (name,), score_forms(key.mode, model.session.tally(key))
    rules = match.rules
    facts = [text for fact in EXTRA_FACTS if (text := fact(match))]
    if forbidden_marked(model):
        facts.append(f"{FORBIDDEN_MARK} forbidden")
    players = players_forms(match)
    name = game_name(rules)
    short_game = f"{rules.rows}x{rules.cols}"
    if rules.rule is not Rule.FREESTYLE:
        short_game += f" {rules.rule.value}"
    lefts = (
        " | ".join([name, players[0], *facts]),
        " | ".join([name, players[1], *facts]),
        " | ".join([short_game, players[2], *facts]),
        " | ".join([short_game, players[2]]),
        short_game,
    )
    return lefts, score_forms(match.mode, model.session.tally(match.key))


def info_line(model: Model, width: int) -> tuple[str, str]:
    """(left, right) of the information bar for `width` columns.

    Labels are shortened first; the score is the last thing to shorten, and
    the left side goes before it does.
    """
    lefts, scores = info_forms(model)
    room = width - 2  # a space at each end
    for score in scores:
        for left in lefts:
            if len(left) + 1 + len(score) <= room:
                return left, score
    return "", fit(room, *scores)


def key_hint(model: Model, width: int) -> str:
    """The key reminder for the current screen, as long as fits."""
    if model.question is not None:
        return fit(width, "y: yes  any other key: no")
    if model.prompt is not None:
        return fit(width, "type a square like h8  Enter play  Backspace  Esc cancel", "Enter  Esc")
    screen = model.screen
    if screen is Screen.MENU:
        return fit(
            width,
            "Up/Down choose  Left/Right change  Enter select  ? help  q quit",
            "arrows choose/change  Enter  ? help  q",
            "arrows Enter ? q",
        )
    if screen is Screen.HELP:
        return fit(width, "Up/Down scroll  any other key: back", "Up/Down  other: back")
    if screen is Screen.STATS:
        return fit(width, "Up/Down scroll  r reset  any other key: back", "r reset  other: back")
    return fit(width, *_game_hints(model))


def _game_hints(model: Model) -> tuple[str, ...]:
    match = model.match
    assert match is not None
    if match.over:
        return ("Enter or n: play again  u undo  m menu  q quit", "Enter: again  u  m  q")
    if match.mode is Mode.CVC:
        return (
            "p pause  . step  + - speed  n new  m menu  ? help  q quit",
            "p pause  . step  +/- speed  m  q",
        )
    small = (match.rules.rows, match.rules.cols) == (3, 3)
    play = "1-9 or arrows+Enter play" if small else "arrows+Enter or g play"
    return (
        f"{play}  u undo  t hint  ? help  n new  m menu  q quit",
        f"{'1-9' if small else 'arrows g'} play  u undo  t hint  ? help  m  q",
        "u undo  t hint  ? help  q quit",
    )
