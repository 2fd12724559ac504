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
from ..i18n import N_, _
from ..i18n.width import fit_lines, shorten, text_width, wrap
from ..play.match import Match
from ..scores import Record
from ..words import computer_name, opening_name, rule_short_name, side_name, speed_name
from ..words import game_name as board_and_rule
from .computer import JobKind
from .effects import Question
from .facts import solved_fact
from .helptext import FORBIDDEN_MARK
from .messages import NO_MESSAGE, Message, Tone
from .recordwords import board_text, players_text
from .screens import Screen
from .shown import Shown
from .squares import example_square


def opening_fact(match: Match) -> str | None:
    """The opening rule the game is played under ("Swap2"), if any."""
    return opening_name(match.opening.rule) if match.opening is not None else None


EXTRA_FACTS: list[Callable[[Match], str | None]] = [solved_fact, opening_fact]
"""Functions adding a short fact about the match to the information bar."""

QUESTIONS = {
    Question.QUIT: (N_("Quit the game in progress?"), N_("Quit? This game counts as a loss.")),
    Question.NEW_GAME: (
        N_("New game? This one is thrown away."),
        N_("New game? This one counts as a loss."),
    ),
    Question.RESET_STATS: (N_("Reset all statistics?"), N_("Reset all statistics?")),
    Question.PLAY_ON: (
        N_("Play on from here? The game in progress is thrown away."),
        N_("Play on from here? The game in progress counts as a loss."),
    ),
}
ANSWER = N_(" y: yes, any other key: no")


def fit(width: int, *forms: str) -> str:
    """The first of `forms` that fits in `width` columns, else the last one cut at a word
    break with an ellipsis (`shorten`)."""
    for form in forms:
        if text_width(form) <= width:
            return form
    return shorten(forms[-1], width)


def turn_text(model: Shown, now: float) -> str:
    """Whose turn it is: "Your move (X)", "Computer (O) is thinking... 0.7s", "Paused ..."."""
    if model.screen is Screen.REPLAY and model.viewer is not None:
        return model.viewer.words()
    own = model.controller.turn_words()
    if own is not None:
        return own
    match = model.match
    if match is None:
        return ""
    if match.over:
        return _("Game over")
    to_move = match.state.to_move
    side = side_name(to_move, match.rules)
    job = model.computer.job
    if match.halted is not None:
        if match.mode is Mode.CVC:
            return _("Computer stopped: p tries again")
        return _("Computer stopped: u undoes and tries again")
    if match.paused:
        return _("Paused: p resumes, . plays one move")
    decision = match.decision
    if decision is not None:
        if not match.person_is_human(decision.person):
            return _("Computer is deciding...")
        return _("Opening: your turn") if match.mode is Mode.HVC else _("Opening")
    if to_move not in match.human:
        text = _("Computer ({side}) is thinking...").format(side=side)
        if job is not None and job.kind is JobKind.MOVE:
            text += f" {max(0.0, now - job.started):.1f}s"
        return text
    if job is not None and job.kind is JobKind.HINT:
        return _("Finding a hint...") + f" {max(0.0, now - job.started):.1f}s"
    if job is not None and job.kind is JobKind.PONDER:
        return _("Your move ({side}); computer pondering").format(side=side)
    if match.mode is Mode.HVC:
        return _("Your move ({side})").format(side=side)
    return _("{side} to move").format(side=side)


def question_text(model: Shown, width: int = 80) -> str:
    """The question waiting for y ("" if none), with "y: yes, ..." when it fits `width`."""
    question = model.question
    if question is None:
        return ""
    match = model.match
    counts = match is not None and match.abandoning_counts()
    asked = _(QUESTIONS[question][counts])
    return fit(width, asked + _(ANSWER), asked)


def message(model: Shown, width: int = 80) -> Message:
    """What the message line says: a question, the prompt, or the last message and notice."""
    if model.question is not None:
        return Message(question_text(model, width), Tone.QUESTION)
    if model.prompt is not None and model.prompt.ask:
        typed = f"{model.prompt.text}_"
        shown = typed if text_width(typed) < width // 2 else "…" + typed[-(width // 2) :]
        return Message(fit(width, _(model.prompt.ask) + shown, shown))
    if model.prompt is not None:
        example = example_square(model.match) if model.match is not None else "h8"
        ask = _("Go to square (e.g. {square}, Enter plays, Esc cancels): ").format(square=example)
        typed = f"{model.prompt.text}_"
        short = _("Square (e.g. {square}): ").format(square=example)
        return Message(fit(width, ask + typed, short + typed, _("Square: ") + typed))
    notice = model.notices[0] if model.notices else NO_MESSAGE
    said = NO_MESSAGE if model.screen is Screen.HELP else model.message  # the help's own line
    if said.text and notice.text:
        return Message(f"{said.text}  {notice.text}", notice.tone)
    return said if said.text else notice


def message_lines(said: Message, width: int, rows: int) -> list[str]:
    """The message in at most `rows` lines of `width` columns: whole on one line, else
    wrapped, else its short form, else cut at a word break with an ellipsis."""
    if not said.text:
        return []
    if text_width(said.text) <= width:
        return [said.text]
    if rows >= 2 and len(wrap(said.text, width)) <= rows:
        return wrap(said.text, width)
    if said.short and text_width(said.short) <= width:
        return [said.short]
    return fit_lines(said.text, width, rows) or [shorten(said.text, width)]


def game_name(rules: Rules) -> str:
    """The game as header and status bar name it: five-in-a-row boards always with their rule.

    "Gomoku 15x15 (freestyle)", "Gomoku 15x15 (Renju)", "15x10, 5 in a row, freestyle";
    other boards name a rule other than freestyle ("7x7, 4 in a row, exactly").
    """
    name = board_and_rule(rules)
    if rules.rule is not Rule.FREESTYLE or rules.k != 5:
        return name
    square = rules.rows == rules.cols
    return name + (_(" (freestyle)") if square else _(", freestyle"))


def forbidden_marked(model: Shown) -> frozenset[Move]:
    """Renju's forbidden points the board marks: black to move, unless `f` hid them."""
    match = model.match
    if match is None or not model.show_forbidden:
        return frozenset()
    return match.state.forbidden_moves()


def score_forms(mode: Mode, record: Record) -> tuple[str, str, str]:
    """The score, long to short: "You 1  Computer 0  Draws 2" ... "W1 L0 D2"."""
    if mode is Mode.HVC:
        forms = (
            _("You {w}  Computer {l}  Draws {d}"),
            _("You {w} Comp {l} Draw {d}"),
            _("W{w} L{l} D{d}"),
        )
    else:
        forms = (_("X {w}  O {l}  Draws {d}"), _("X {w} O {l} D {d}"), _("X{w} O{l} D{d}"))
    long, medium, short = (
        form.format(w=record.wins, l=record.losses, d=record.draws) for form in forms
    )
    return long, medium, short


def players_forms(match: Match) -> tuple[str, str, str]:
    """Who plays, long to short: "You (X) vs computer | Hard" ... "X vs Hard"."""
    names = {side: side_name(side, match.rules) for side in Player}
    if match.mode is Mode.HVC:
        you = names[Player.X if Player.X in match.human else Player.O]
        level = computer_name(match.key.levels[0])
        return (
            _("You ({side}) vs computer | {level}").format(side=you, level=level),
            _("You ({side}) vs {level}").format(side=you, level=level),
            _("{side} vs {level}").format(side=you, level=level),
        )
    if match.mode is Mode.CVC:
        x, o = (computer_name(level) for level in match.key.levels)
        speed = speed_name(match.speed)
        values = {"x_side": names[Player.X], "o_side": names[Player.O], "x": x, "o": o}
        return (
            _("Computers: {x_side} {x} vs {o_side} {o} | {speed}").format(speed=speed, **values),
            _("{x_side} {x} vs {o_side} {o} | {speed}").format(speed=speed, **values),
            _("{x} vs {o}").format(x=x, o=o),
        )
    return _("Two players"), _("Two players"), _("2 players")


def info_forms(model: Shown) -> tuple[tuple[str, ...], tuple[str, str, str]]:
    """(left texts long to short, score forms long to short) of the information bar."""
    match = model.match
    if model.screen is Screen.REPLAY and model.viewer is not None:
        key = model.current_key()
        return replay_forms(model), score_forms(key.mode, model.session.tally(key))
    if match is None or model.screen is not Screen.GAME:
        key = model.current_key()
        return (_(model.spec.title),), score_forms(key.mode, model.session.tally(key))
    rules = match.rules
    facts = [text for fact in EXTRA_FACTS if (text := fact(match))]
    if forbidden_marked(model):
        facts.append(_("{mark} forbidden").format(mark=FORBIDDEN_MARK))
    players = players_forms(match)
    name = game_name(rules)
    short_game = f"{rules.rows}x{rules.cols}"
    if rules.rule is not Rule.FREESTYLE:
        short_game += " " + rule_short_name(rules.rule)
    lefts = (
        " | ".join([name, players[0], *facts]),
        " | ".join([name, players[1], *facts]),
        " | ".join([short_game, players[2], *facts]),
        " | ".join([short_game, players[2]]),
        short_game,
    )
    return lefts, score_forms(match.mode, model.session.tally(match.key))


def replay_forms(model: Shown) -> tuple[str, ...]:
    """The information bar in the viewer, long to short: "Replay | Gomoku 15x15 | Ann vs Bob"."""
    viewer = model.viewer
    assert viewer is not None
    record = viewer.record
    rules = record.rules
    players = players_text(record)
    replay = _("Replay")
    short = board_text(rules)
    return (
        " | ".join([replay, game_name(rules), players]),
        " | ".join([replay, short, players]),
        " | ".join([replay, short]),
        replay,
    )


def info_line(model: Shown, width: int) -> tuple[str, str]:
    """(left, right) of the information bar for `width` columns.

    Labels are shortened first; the score is the last thing to shorten, and
    the left side goes before it does.
    """
    lefts, scores = info_forms(model)
    room = width - 2  # a space at each end
    for score in scores:
        for left in lefts:
            if text_width(left) + 1 + text_width(score) <= room:
                return left, score
    return "", fit(room, *scores)


def key_hint(model: Shown, width: int) -> str:
    """The key reminder for the current screen, as long as fits."""
    if model.question is not None:
        return fit(width, _("y: yes  any other key: no"))
    if model.prompt is not None and model.prompt.ask:
        return fit(width, _("Enter: take it  Backspace  Esc: cancel"), _("Enter  Esc"))
    if model.prompt is not None:
        example = example_square(model.match) if model.match is not None else "h8"
        return fit(
            width,
            _("type a square like {square}  Enter play  Backspace  Esc cancel").format(
                square=example
            ),
            _("Enter  Esc"),
        )
    hint = model.spec.keys.hints[model.controller.hint()]
    values = model.controller.hint_values()
    return fit(width, *(_(form).format(**values) if values else _(form) for form in hint.forms))
