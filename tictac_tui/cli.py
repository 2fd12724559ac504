"""The `tictac` command: parse options, check the terminal, run the app, print the score.

Exit status (`EPILOG` says it to users): 0 after quitting; 2 for a bad
option value, a file given that is not a good record, a closed standard
input or output, or a terminal curses can't drive (not a tty, TERM unset or
"dumb"); 128 + the signal number after a signal that ends the app: 129
after a hangup (SIGHUP, or the terminal's input ending without one: the
window closed, ``tmux kill-session``; in --plain, a closed output pipe),
130 after Ctrl-C (also while starting), 131 after Ctrl-\\ (SIGQUIT), 143
after SIGTERM; 1 when --plain can't write its output (a full disk), or
after an unexpected error (its report is printed once the terminal is
restored). Every way out restores the terminal and saves what is saved;
every failure is one line on standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import errno
import os
import signal
import sys
import textwrap
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from . import __version__, storage
from .arguments import EXIT_USAGE, OneLineParser
from .choices import (
    SIDE_MAX,
    SIDE_MIN,
    Board,
    Computer,
    EnginePlayer,
    First,
    Mode,
    Ponder,
    ReviewTime,
    Settings,
    Speed,
    Stones,
    Think,
    computer_choice,
    engine_plays,
    valid_analyst,
)
from .engine import RowOrigin, Rule
from .engine.openings import OpeningRule
from .engine.rules import SUPPORTED_RULES
from .files import drop_stdout
from .i18n import N_, Language, _, parse_language, set_language
from .i18n.visible import shown_name
from .play.hosting import Hosting
from .records.record import GameRecord, RecordError
from .saved import Shelf
from .scores import Scores
from .squares import set_rows_from
from .strategies import Difficulty
from .timecontrol import TimeControl, parse_control
from .tui.environment import terminal_problem
from .words import game_name

EXIT_OUTPUT = 1
"""--plain: standard output can't be written (a full disk; a closed pipe is a hangup)."""
EXIT_INTERRUPTED = 130
EXIT_HANGUP = 128 + 1
STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGQUIT")
"""Signals that end the app through the normal restore path (where they exist)."""


class Terminated(Exception):
    """Raised in the main thread by SIGTERM, SIGHUP or SIGQUIT."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


def _names(kind: Iterable[Enum]) -> list[str]:
    return [str(member.value) for member in kind]


RULE_NAMES = [rule.value for rule in Rule if rule in SUPPORTED_RULES]
"""The rules --rule offers: every rule the engine plays."""

ENUM_OPTIONS: dict[str, type[Enum]] = {
    "game": Board,
    "rule": Rule,
    "mode": Mode,
    "first": First,
    "speed": Speed,
    "think": Think,
    "lang": Language,
    "rows_from": RowOrigin,
    "stones": Stones,
    "review": ReviewTime,
    "opening": OpeningRule,
    "ponder": Ponder,
}
"""Options whose value names a member of an enum (the settings field of the same name)."""
COMPUTER_OPTIONS = ("difficulty", "x_difficulty", "o_difficulty")
"""Options naming a computer side: a difficulty, "plugin:NAME" or "engine:NAME"."""


def computer_option(value: str) -> Computer:
    """A computer side as --difficulty names it; argparse's error, naming the choices, if it
    names none."""
    try:
        return computer_choice(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("invalid choice: {value} (choose from {choices})").format(
                value=repr(value),
                choices=", ".join([*_names(Difficulty), "plugin:NAME", "engine:NAME"]),
            )
        ) from None


ARGPARSE_TEXT = (
    N_("usage: "),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
)
"""argparse's own words a person meets, kept in our catalogues (argparse looks each up
through its module's `_` when it prints; a Python whose argparse words differ shows them
in English)."""


def translate_argparse() -> None:
    """Have argparse's own words (usage, options, its errors) follow our language."""
    if hasattr(argparse, "_"):
        argparse._ = _


def early_language(argv: list[str]) -> str | None:
    """The language --lang asks for, read before the parser (its help is translated)."""
    for index, word in enumerate(argv):
        value = word.partition("=")[2] if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value is not None:
            try:
                return parse_language(value).value
            except ValueError:
                return None  # "auto", or a bad value the parser will name
    return None


CONVERT_NOTE = N_(
    "Game records: tictac convert IN OUT converts between SGF, PSQ and pos files"
    " (tictac convert --help)."
)
EPILOG = N_("""\
exit status: 0 after quitting; 2 bad option, --load/--replay file not a good
record, standard input or output closed, or a terminal that can't be used;
129 the terminal went away (with --plain: the output pipe was closed); 130
Ctrl-C; 131 Ctrl-\\; 143 SIGTERM; 1 --plain could not write its output (disk
full), or an unexpected error. Each failure is one line on standard error.
""")


def _time_control(text: str) -> TimeControl:
    """``--clock``'s value as a `TimeControl`; argparse's one-line error otherwise."""
    try:
        return parse_control(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a time control: {text!r} (none, 30s/move, 5m/game, or 5m+3s)").format(text=text)
        ) from None


def build_parser() -> argparse.ArgumentParser:
    """The command line parser."""
    parser = OneLineParser(
        prog="tictac",
        description=_("Tic-tac-toe and gomoku in the terminal. Every option is also in the menu."),
        epilog=textwrap.fill(_(CONVERT_NOTE), 79) + "\n\n" + _(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--game", choices=_names(Board), help=_("the board (custom: see --rows/--cols/--k)"))
    add("--rows", type=int, metavar="N", help=_("rows of a custom board (3-26)"))
    add("--cols", type=int, metavar="N", help=_("columns of a custom board (3-26)"))
    add("--k", type=int, metavar="N", help=_("stones in a row to win (custom)"))
    add(
        "--rule",
        choices=RULE_NAMES,
        help=_(
            "exact: no overlines; renju: black's 3-3, 4-4, overline forbidden; caro: a five "
            "blocked at both ends doesn't win (renju, caro: five in a row only; 3x3: freestyle)"
        ),
    )
    add(
        "--mode", choices=_names(Mode), help=_("you vs computer, two players, computer vs computer")
    )
    add("--first", choices=_names(First), help=_("who plays X (moves first) against the computer"))
    levels = "|".join([*_names(Difficulty), "plugin:NAME", "engine:NAME"])
    add(
        "--difficulty",
        type=computer_option,
        metavar=levels,
        help=_("the computer's strength"),
    )
    add(
        "--x-difficulty",
        type=computer_option,
        metavar="LEVEL",
        help=_("X's strength in computer vs computer"),
    )
    add(
        "--o-difficulty",
        type=computer_option,
        metavar="LEVEL",
        help=_("O's strength in computer vs computer"),
    )
    add("--speed", choices=_names(Speed), help=_("how fast computer vs computer plays"))
    add(
        "--think",
        choices=_names(Think),
        metavar="SECONDS",
        help=_("seconds a move for Hard and the engines: {choices}").format(
            choices=", ".join(_names(Think))
        ),
    )
    add(
        "--ponder",
        choices=_names(Ponder),
        help=_("on: Hard thinks on your time too, using a core while you think (off by default)"),
    )
    add(
        "--rows-from",
        choices=_names(RowOrigin),
        help=_("where row 1 is in square names like h8: bottom (as books count) or top"),
    )
    add("--stones", choices=_names(Stones), help=_("stones drawn as X/O letters or as discs"))
    add(
        "--opening",
        choices=_names(OpeningRule),
        help=_(
            "the opening rule: swap, swap2 (five-in-a-row boards), soosorv8, taraguchi10 "
            "(renju on 15x15), or none"
        ),
    )
    add(
        "--clock",
        type=_time_control,
        metavar="CONTROL",
        help=_("clocks: none, 30s/move, 5m/game, or 5m+3s (Fischer: minutes + seconds a move)"),
    )
    add("--ascii", action="store_true", help=_("draw with ASCII, no line characters"))
    add("--no-color", action="store_true", help=_("no colours (attributes only)"))
    add(
        "--plain",
        action="store_true",
        help=_("play in plain lines of text (screen readers, pipes, dumb terminals)"),
    )
    add(
        "--show-board",
        action="store_true",
        help=_("in --plain, print the board after every move (else type board)"),
    )
    add(
        "--lang",
        choices=_names(Language),
        help=_("the language: en (English), zh (中文), or auto (the locale's)"),
    )
    add(
        "--seed",
        type=int,
        metavar="N",
        help=_("repeatable computer choices (not a time-limited search: see the user guide)"),
    )
    add(
        "--analyst",
        metavar="NAME",
        help=_("who analyses (e, x): hard (the default) or engine:NAME"),
    )
    add(
        "--review-time",
        dest="review",
        choices=_names(ReviewTime),
        help=_("a game review's thinking time per move, in seconds"),
    )
    records = parser.add_mutually_exclusive_group()
    records.add_argument(
        "--load",
        metavar="FILE",
        help=_("start with the game in FILE (SGF, PSQ, pos) to play on"),
    )
    records.add_argument(
        "--replay", metavar="FILE", help=_("start in the replay viewer with the game in FILE")
    )
    add(
        "--version",
        action="version",
        version=f"tictac {__version__}",
        help=_("show the version and exit"),
    )
    return parser


def overrides(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The settings fields the command line sets, checked. Exits 2 on a bad value."""
    chosen: dict[str, Any] = {
        f.name: getattr(args, f.name) for f in fields(Settings) if getattr(args, f.name) is not None
    }
    for name, kind in ENUM_OPTIONS.items():
        if name in chosen:
            chosen[name] = kind(chosen[name])
    if "difficulty" in chosen:  # both sides of computer vs computer, unless given apart
        for side in ("x_difficulty", "o_difficulty"):
            chosen.setdefault(side, chosen["difficulty"])
    custom_sizes = [name for name in ("rows", "cols", "k") if name in chosen]
    if custom_sizes:
        if chosen.get("game", Board.CUSTOM) is not Board.CUSTOM:
            parser.error(_("--{option} needs --game custom").format(option=custom_sizes[0]))
        chosen["game"] = Board.CUSTOM
    if "analyst" in chosen and not valid_analyst(chosen["analyst"]):
        parser.error(
            _("argument --analyst: {name} is not hard or engine:NAME").format(
                name=shown_name(chosen["analyst"])
            )
        )
    for name in ("rows", "cols", "k"):
        if name in chosen and not SIDE_MIN <= chosen[name] <= SIDE_MAX:
            parser.error(
                _("argument --{option}: must be between {low} and {high}, got {value}").format(
                    option=name, low=SIDE_MIN, high=SIDE_MAX, value=chosen[name]
                )
            )
    return chosen


def checked_settings(
    stored: Settings,
    chosen: dict[str, Any],
    parser: argparse.ArgumentParser,
    engines: tuple[str, ...] | None = None,
    *,
    board_from_file: bool = False,
) -> Settings:
    """The stored settings with the command line's choices. Exits 2 if they don't fit
    (with `engines`, the engines there are: an engine named must be one, for this board;
    `board_from_file`: a record given to load or replay sets the board, so the engine is
    checked against it when the game starts, not against the menu's board)."""
    settings = replace(stored, **chosen)
    if engines is not None:
        _check_engines(settings, chosen, parser, engines, check_board=not board_from_file)
    if settings.k > max(settings.rows, settings.cols):
        parser.error(
            _("argument --k: {k} in a row can't fit on {rows}x{cols}").format(
                k=settings.k, rows=settings.rows, cols=settings.cols
            )
        )
    rule = chosen.get("rule")
    offered = settings.offered_rules()
    if rule is not None and rule not in offered:
        board = game_name(settings.rules())
        names = ", ".join(r.value for r in offered)
        parser.error(
            _("argument --rule: {rule} is not played on {board} (choose {names})").format(
                rule=rule.value, board=board, names=names
            )
        )
    opening = chosen.get("opening")
    if opening is not None and opening not in settings.offered_openings():
        board = game_name(settings.rules())
        names = ", ".join(o.value for o in settings.offered_openings())
        parser.error(
            _("argument --opening: {opening} is not played on {board} (choose {names})").format(
                opening=opening.value, board=board, names=names
            )
        )
    return settings


def _check_engines(
    settings: Settings,
    chosen: dict[str, Any],
    parser: argparse.ArgumentParser,
    engines: tuple[str, ...],
    *,
    check_board: bool = True,
) -> None:
    """Exit 2 if an option names an engine there is none of, or one this board can't have
    (`check_board`)."""
    for name in COMPUTER_OPTIONS:
        choice = chosen.get(name)
        if not isinstance(choice, EnginePlayer):
            continue
        option = "--" + name.replace("_", "-")
        if choice.name not in engines:
            parser.error(
                _("argument {option}: there is no engine {name} (tictac engines list)").format(
                    option=option, name=choice.name
                )
            )
        if check_board and not engine_plays(settings.rules()):
            parser.error(
                _(
                    "argument {option}: engines play five in a row on boards of 5x5 or more, "
                    "not {board}"
                ).format(option=option, board=game_name(settings.rules()))
            )


def engine_hosting() -> tuple[Hosting, str | None]:
    """The engines there are (`tictac engines list`), and a notice if engines.json can't be
    read (the built-in one and those on PATH are there all the same)."""
    from .engines.store import StoreError, built_in, known_engines, on_path

    try:
        specs = {known.spec.name: known.spec for known in known_engines()}
    except StoreError as error:
        specs = {"tictac": built_in()}
        for name, spec in on_path().items():
            specs.setdefault(name, spec)
        return Hosting(specs), str(error)
    return Hosting(specs), None


class Files:
    """The one place that saves: the two files, minus this run's command-line choices.

    Choices given on the command line hold for this run only: where the
    settings still have such a value, the stored one is saved instead. It
    remembers the statistics last saved, so the end of the run saves them
    only if they changed.
    """

    def __init__(self, storage_: storage.Storage, stored: Settings, chosen: dict[str, Any]):
        self.storage = storage_
        self.stored = stored
        self.chosen = chosen
        self.saved_statistics: Scores | None = None

    def save_settings(self, settings: Settings) -> str | None:
        """Save the menu's changes (not the command line's choices)."""
        keep = {
            name: getattr(self.stored, name)
            for name, value in self.chosen.items()
            if getattr(settings, name) == value
        }
        return self.storage.save_settings(replace(settings, **keep))

    def save_statistics(self, statistics: Scores) -> str | None:
        """Save the statistics."""
        self.saved_statistics = dict(statistics)
        return self.storage.save_statistics(statistics)


def _install_signal_handlers() -> None:
    """`STOP_SIGNALS` end the app through the normal restore path.

    A signal ignored when the app starts stays ignored (``nohup``): the app
    then notices a lost terminal by its input ending.
    """
    if threading.current_thread() is not threading.main_thread():
        return

    def stop(signum: int, frame: object) -> None:
        raise Terminated(signum)

    for name in STOP_SIGNALS:
        if hasattr(signal, name):
            number = getattr(signal, name)
            if signal.getsignal(number) is not signal.SIG_IGN:
                signal.signal(number, stop)


def _terminal_gone() -> None:
    """After a hangup: ignore further hangups, and send output nowhere instead of a dead tty."""
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        if _dead_terminal(fd):
            os.dup2(devnull, fd)
    os.close(devnull)


def _dead_terminal(fd: int) -> bool:
    """True if `fd` is a terminal that can no longer be used (or is closed)."""
    try:
        import termios
    except ImportError:  # pragma: no cover - Windows has no hangups of this kind
        return False
    try:
        termios.tcgetattr(fd)
    except termios.error as error:
        return bool(error.args[0] != errno.ENOTTY)
    except OSError:
        return True
    return False


def main(argv: list[str] | None = None) -> int:
    """Run `tictac`; returns the exit status (see the module docstring).

    Ctrl-C before the game starts or after it ends (reading the files, saving)
    is one line and status 130, never a traceback.
    """
    try:
        return _main(argv)
    except KeyboardInterrupt:
        _say(_("tictac: interrupted"))
        return EXIT_INTERRUPTED
    finally:
        _end_engines()  # every hosted engine ends with us, however we end


def _end_engines() -> None:
    """`engines.end_all`, where the engine host was loaded (no engine runs otherwise)."""
    if f"{__package__}.engines.process" in sys.modules:
        from .engines import end_all

        end_all()


def _say(line: str) -> None:
    """One line on standard error, if there is one."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(line, file=sys.stderr)


def _closed_stream() -> str | None:
    """Which standard stream was closed when tictac started ("standard input"), or None."""
    if sys.stdin is None:
        return _("standard input")
    if sys.stdout is None:
        return _("standard output")
    return None


def _main(argv: list[str] | None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    set_language(early_language(argv))
    translate_argparse()
    if argv and argv[0] == "convert":
        from .records.convert import main as convert_main

        return convert_main(argv[1:])
    if argv and argv[0] == "engines":
        from .engines.cli import main as engines_main

        return engines_main(argv[1:])
    if argv and argv[0] in ("analyse", "analyze"):
        from .analyse_cli import main as analyse_main

        return analyse_main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    chosen = overrides(args, parser)
    files = storage.Storage()
    stored, settings_notice = files.load_settings()
    hosting, engines_notice = engine_hosting()
    settings = checked_settings(
        stored, chosen, parser, hosting.names, board_from_file=bool(args.load or args.replay)
    )
    set_language(settings.lang)
    set_rows_from(settings.rows_from)
    if args.plain and (args.load or args.replay):
        parser.error(_("--load and --replay need the full screen, not --plain"))
    record = _record_named(args.load or args.replay)
    closed = _closed_stream()
    if closed is not None:
        _say(_("tictac: {stream} is closed: tictac needs it to play").format(stream=closed))
        return EXIT_USAGE
    if args.plain:
        saver = Files(files, stored, chosen)
        notices = (settings_notice, engines_notice)
        return _run_plain(args, files, saver, settings, notices, hosting)
    problem = terminal_problem()
    if problem:
        print(
            _("tictac: {problem}; tictac --plain plays in lines of text").format(problem=problem),
            file=sys.stderr,
        )
        return EXIT_USAGE
    stats, stats_notice = files.load_statistics()

    from .tui.app import Options, run
    from .tui.input import InputClosed
    from .tui.localefix import settle_character_type
    from .tui.model import Model

    characters = settle_character_type()  # before curses: a UTF-8 LC_CTYPE, or English

    saver = Files(files, stored, chosen)
    saver.saved_statistics = stats
    model = Model(settings, seed=args.seed, statistics=stats, hosting=hosting)
    shelf = Shelf()
    resume_notice = _start_with(model, shelf, record, args, chosen)
    shown = (characters.notice(), settings_notice, engines_notice, stats_notice, resume_notice)
    for notice in shown:
        if notice:
            model.notify(notice)
    state_file = os.environ.get("TICTAC_STATE_FILE")
    options = Options(
        ascii=args.ascii or characters.ascii_only,
        color=not args.no_color,
        saver=saver,
        state_file=Path(state_file) if state_file else None,
        crash_key=os.environ.get("TICTAC_CRASH_KEY") == "1",
        shelf=shelf,
    )
    _install_signal_handlers()
    status = _status_of(lambda: run(model, options), hangups=(InputClosed,))
    return _finish(model, saver, status, shelf, offered=record is None)


def _status_of(play: Callable[[], None], *, hangups: tuple[type[Exception], ...]) -> int:
    """Run `play`; the exit status of how it ended (see the module docstring)."""
    try:
        play()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Terminated as stop:
        return 128 + stop.signum
    except hangups:
        return EXIT_HANGUP
    except Exception:
        traceback.print_exc()
        print(
            _(
                "tictac: unexpected error (above); the terminal has been restored. "
                "Please report it with the lines above."
            ),
            file=sys.stderr,
        )
        return 1
    return 0


def _run_plain(
    args: argparse.Namespace,
    files: storage.Storage,
    saver: Files,
    settings: Settings,
    file_notices: tuple[str | None, ...],
    hosting: Hosting,
) -> int:
    """`tictac --plain`: the line mode on standard input and output; the exit status."""
    from .plain import LineGame, Streams

    stats, stats_notice = files.load_statistics()
    saver.saved_statistics = stats
    for notice in (*file_notices, stats_notice):
        if notice:
            print(f"tictac: {notice}", file=sys.stderr)
    assert sys.stdin is not None and sys.stdout is not None  # see _closed_stream
    streams = Streams(sys.stdin, sys.stdout)
    game = LineGame(
        settings,
        streams.console(),
        statistics=stats,
        save_statistics=saver.save_statistics,
        show_board=args.show_board,
        seed=args.seed,
        hosting=hosting,
    )
    _install_signal_handlers()
    try:
        status = _status_of(game.run, hangups=(BrokenPipeError,))
    finally:
        game.leave()
    failure = streams.failure
    if failure is not None:
        drop_stdout()
        _say(
            _("tictac: standard output can't be written: {reason}").format(
                reason=failure.strerror or failure
            )
        )
        return EXIT_HANGUP if isinstance(failure, BrokenPipeError) else EXIT_OUTPUT
    with contextlib.suppress(OSError):
        print(game.session.summary(), flush=True)
    return status


def _record_named(name: str | None) -> GameRecord | None:
    """The record in file `name` (--load, --replay); exits 2 with one line if it is bad."""
    if name is None:
        return None
    from .records import load  # the formats' readers, loaded when a record is given

    try:
        return load(Path(name))
    except RecordError as error:
        _say(f"tictac: {error}")
        raise SystemExit(EXIT_USAGE) from None


def _start_with(
    model: Any, shelf: Shelf, record: GameRecord | None, args: Any, chosen: dict[str, Any]
) -> str | None:
    """Open the game of --load or --replay, or offer the autosaved game (`chosen`: the
    settings the command line chose); a notice or None."""
    now = time.monotonic()
    if record is None:
        resume, notice = shelf.load_resume()
        if resume is not None:
            model.resume(resume, now, chosen)
        return notice
    name = shown_name(Path(args.load or args.replay).name)
    if args.replay or record.final_state.is_over or record.foul is not None:
        model.view_record(record, name)
        if args.replay:
            return None
        return _("The game in {name} is over: here it is to replay").format(name=name)
    problem = model.continue_game(record, record.final_state, now)
    if problem is not None:
        model.view_record(record, name)
        return _("{problem}: here it is to replay").format(problem=problem)
    return None


def _finish(
    model: Any, saver: Files, status: int, shelf: Shelf | None = None, offered: bool = True
) -> int:
    """Count an abandoned game, save what changed, keep the game in progress (autosave),
    print the score; the exit status. `offered`: the autosave was offered at the start."""
    from .tui.app import perform

    if status == EXIT_HANGUP:
        _terminal_gone()
    model.notices.clear()
    perform(model, model.finish(), saver)
    notices = [m.text for m in model.notices]
    if model.session.statistics != saver.saved_statistics:
        notices.append(saver.save_statistics(model.session.statistics) or "")
    if shelf is not None:
        notices += _keep_game(model, shelf, offered)
    with contextlib.suppress(OSError):
        print(model.session.summary(), flush=True)
        for text in filter(None, notices):
            print(f"tictac: {text}", file=sys.stderr)
    return status


def _keep_game(model: Any, shelf: Shelf, offered: bool) -> list[str]:
    """Autosave the game in progress, or forget the autosave when the run ends without one;
    notices. An autosave this run did not offer (--load, --replay) is never lost: it stays,
    or goes to the saved games before a new one takes its place."""
    from .play.saving import resume_of

    match = model.match
    resume = resume_of(match, dt.date.today().isoformat()) if match is not None else None
    notices: list[str] = []
    if not offered:
        if resume is None:
            return notices
        free, aside = shelf.set_aside_resume()
        notices += [aside] if aside else []
        if not free:
            return notices
    elif resume is None:
        shelf.clear_resume()
        return notices
    written = shelf.write_resume(resume)
    return notices + ([written] if written else [])
