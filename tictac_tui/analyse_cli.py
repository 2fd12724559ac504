"""`tictac analyse GAME`: a game's review on the command line (SGF, PSQ or pos).

One line per move (number, move, evaluation for black after it, the
analyst's move in the position before, the verdict ``?`` / ``??``) and a
summary of the mistakes per side; ``--json`` for programs. Progress goes to
standard error when it is a terminal. Exit status: 0 done; 1 the analyst
failed (an engine); 2 a bad option, an unknown analyst (or an engine that
does not play the game's board) or a file that is no good record; 130 after
Ctrl-C.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from typing import Any

from .arguments import OneLineParser
from .engine import Player, Rules
from .engines.spec import EngineError
from .i18n import N_, _, ngettext
from .play.analysts import HARD, AnalystError, analyst_for
from .play.review import (
    REVIEW_SECONDS,
    Mark,
    Review,
    leading_stones,
    review_game,
    unjudged_before,
)
from .records import GameRecord, RecordError
from .records.formats import load
from .squares import set_rows_from, square_name
from .storage import Storage
from .words import colour_name

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
PROG = "tictac analyse"
MAX_SECONDS = 600.0
"""The most thinking time per move `--time` takes."""

DESCRIPTION = N_("""\
Review a game: every position analysed, the mistakes (?) and blunders (??)
marked by the win rate they cost, with the analyst's better move.
""")


def build_parser() -> OneLineParser:
    """The command line of ``tictac analyse``."""
    parser = OneLineParser(prog=PROG, description=_(DESCRIPTION))
    parser.add_argument("game", metavar="GAME", help=_("an SGF, PSQ or pos file"))
    parser.add_argument(
        "--analyst",
        default=HARD,
        metavar="NAME",
        help=_("hard (the default) or engine:NAME"),
    )
    parser.add_argument(
        "--time",
        type=float,
        default=REVIEW_SECONDS,
        metavar="SECONDS",
        help=_("thinking time per move (default {seconds})").format(seconds=REVIEW_SECONDS),
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON for programs"))
    return parser


def as_json(record: GameRecord, review: Review, analyst: str, seconds: float) -> dict[str, Any]:
    """The review as JSON values (evaluations for black)."""
    moves = [
        {
            "number": m.number,
            "move": square_name(record.rules, m.move),
            "player": "black" if m.player is Player.X else "white",
            "eval": m.after.text(),
            "winrate": round(m.after.winrate(), 4),
            "best": None if m.best is None else square_name(record.rules, m.best),
            "mark": m.mark.value,
            "loss": round(m.loss, 4),
        }
        for m in review.moves
    ]
    summary = {
        name: {
            "mistakes": review.count(player, Mark.MISTAKE),
            "blunders": review.count(player, Mark.BLUNDER),
        }
        for name, player in (("black", Player.X), ("white", Player.O))
    }
    return {"analyst": analyst, "seconds": seconds, "moves": moves, "summary": summary}


def count_words(count: int, mark: Mark) -> str:
    """ "1 mistake", "2 blunders": a count of `mark`s (MISTAKE or BLUNDER) in words."""
    if mark is Mark.BLUNDER:
        return ngettext("{count} blunder", "{count} blunders", count).format(count=count)
    return ngettext("{count} mistake", "{count} mistakes", count).format(count=count)


def text_lines(review: Review, rules: Rules) -> list[str]:
    """The review as lines a person reads (squares named as the board shows them)."""
    lines = [_("move        eval (black)  best   verdict")]
    for m in review.moves:
        best = "" if m.best is None else square_name(rules, m.best)
        move = square_name(rules, m.move)
        lines.append(f"{m.number:>3}. {move:<5} {m.after.text():>8}      {best:<6} {m.mark.value}")
    for player in (Player.X, Player.O):
        lines.append(
            _("{side}: {mistakes}, {blunders}").format(
                side=colour_name(player),
                mistakes=count_words(review.count(player, Mark.MISTAKE), Mark.MISTAKE),
                blunders=count_words(review.count(player, Mark.BLUNDER), Mark.BLUNDER),
            )
        )
    return lines


class Progress:
    """The review's progress on standard error, when it is a terminal."""

    def __init__(self) -> None:
        self.shown = sys.stderr is not None and sys.stderr.isatty()
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        spent = time.monotonic() - self.started
        left = spent / done * (total - done) if done else 0.0
        line = _("reviewing: {done}/{total}, about {seconds} s left").format(
            done=done, total=total, seconds=round(left)
        )
        sys.stderr.write("\r" + line + "\x1b[K")
        sys.stderr.flush()

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def main(argv: list[str]) -> int:
    """Run ``tictac analyse``; the exit status (see the module docstring)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    set_rows_from(Storage().load_settings()[0].rows_from)  # squares named as the app names them
    seconds: float = args.time
    if not 0 < seconds <= MAX_SECONDS:
        parser.error(_("--time must be more than 0 and at most {most}").format(most=MAX_SECONDS))
    try:
        record = load(args.game)
    except RecordError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        analyst = analyst_for(args.analyst)
    except AnalystError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    states = [record.state_at(n) for n in range(len(record.moves) + 1)]
    progress = Progress()
    stop = threading.Event()
    try:
        review = review_game(states, analyst, seconds, stop=stop, progress=progress)
    except KeyboardInterrupt:
        stop.set()
        progress.end()
        print(_("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return EXIT_INTERRUPTED
    except EngineError as error:
        progress.end()
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_FAILED
    except AnalystError as error:  # an engine that does not play this board
        progress.end()
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        analyst.close()
    progress.end()
    assert review is not None
    review = unjudged_before(review, leading_stones(record))
    if args.json:
        print(json.dumps(as_json(record, review, args.analyst, seconds), ensure_ascii=False))
    else:
        print("\n".join(text_lines(review, record.rules)))
    return EXIT_OK
