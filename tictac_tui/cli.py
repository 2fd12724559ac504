"""The `tictac` command: parse options, check the terminal, run the app, print the score.

Exit status: 0 after quitting; 2 for a bad option value or a terminal curses
can't drive (not a tty, TERM unset or "dumb"); 128 + the signal number after
a signal that ends the app: 129 after a hangup (SIGHUP, or the terminal's
input ending without one: the window closed, ``tmux kill-session``), 130
after Ctrl-C, 131 after Ctrl-\\ (SIGQUIT), 143 after SIGTERM; 1 after an
unexpected error (its report is printed once the terminal is restored).
Every way out restores the terminal and saves what is saved.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import signal
import sys
import threading
import traceback
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, storage
from .storage import DIFFICULTIES, FIRSTS, GAMES, MODES, Settings

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_HANGUP = 128 + 1
STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGQUIT")
"""Signals that end the app through the normal restore path (where they exist)."""
SIDE_RANGE = (3, 26)


class Terminated(Exception):
    """Raised in the main thread by SIGTERM, SIGHUP or SIGQUIT."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line naming the problem (and the allowed values), then exit 2."""
        message = message.replace("', '", ", ").replace("from '", "from ").replace("')", ")")
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The command line parser."""
    parser = _Parser(
        prog="tictac",
        description="Tic-tac-toe and gomoku in the terminal. Every option is also in the menu.",
    )
    parser.add_argument("--game", choices=GAMES, help="the board (custom: see --rows/--cols/--k)")
    parser.add_argument("--rows", type=int, metavar="N", help="rows of a custom board (3-26)")
    parser.add_argument("--cols", type=int, metavar="N", help="columns of a custom board (3-26)")
    parser.add_argument("--k", type=int, metavar="N", help="stones in a row to win (custom)")
    parser.add_argument(
        "--mode", choices=MODES, help="human vs computer, human vs human, computer vs computer"
    )
    parser.add_argument(
        "--first", choices=FIRSTS, help="who plays X (moves first) against the computer"
    )
    parser.add_argument("--difficulty", choices=DIFFICULTIES, help="the computer's strength")
    parser.add_argument("--ascii", action="store_true", help="draw with ASCII, no line characters")
    parser.add_argument("--no-color", action="store_true", help="no colours (attributes only)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the computer players")
    parser.add_argument("--version", action="version", version=f"tictac {__version__}")
    return parser


def overrides(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The settings fields the command line sets, checked. Exits 2 on a bad value."""
    chosen = {
        f.name: getattr(args, f.name) for f in fields(Settings) if getattr(args, f.name) is not None
    }
    custom_sizes = [name for name in ("rows", "cols", "k") if name in chosen]
    if custom_sizes:
        if chosen.get("game", "custom") != "custom":
            parser.error(f"--{custom_sizes[0]} needs --game custom")
        chosen["game"] = "custom"
    low, high = SIDE_RANGE
    for name in ("rows", "cols", "k"):
        if name in chosen and not low <= chosen[name] <= high:
            parser.error(f"argument --{name}: must be between {low} and {high}, got {chosen[name]}")
    return chosen


def terminal_problem() -> str | None:
    """Why curses can't run here, or None when it can."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return "needs an interactive terminal: stdin and stdout must be a terminal"
    try:
        import curses
    except ImportError:
        return "needs the curses module (on Windows: pip install windows-curses)"
    if sys.platform == "win32":
        return None
    term = os.environ.get("TERM", "")
    if not term or term == "dumb":
        return (
            f"can't drive this terminal (TERM is {term or 'unset'}): "
            "set TERM to your terminal's type, e.g. TERM=xterm-256color"
        )
    try:
        curses.setupterm(term, sys.stdout.fileno())
    except curses.error:
        return f"can't drive this terminal: TERM={term} is not in the terminfo database"
    return None


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
    """Run `tictac`; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    chosen = overrides(args, parser)
    files = storage.Storage()
    stored, settings_notice = files.load_settings()
    settings = replace(stored, **chosen)
    if settings.k > max(settings.rows, settings.cols):
        parser.error(
            f"argument --k: {settings.k} in a row can't fit on {settings.rows}x{settings.cols}"
        )
    problem = terminal_problem()
    if problem:
        print(f"tictac: {problem}", file=sys.stderr)
        return EXIT_USAGE
    stats, stats_notice = files.load_statistics()

    def save_settings(current: Settings) -> str | None:
        # Command-line choices hold for this run only; the menu's changes are remembered.
        keep = {n: getattr(stored, n) for n, v in chosen.items() if getattr(current, n) == v}
        return files.save_settings(replace(current, **keep))

    from .tui.app import Options, run
    from .tui.input import InputClosed
    from .tui.model import Model

    model = Model(settings, seed=args.seed, stats=stats)
    model.notices = [notice for notice in (settings_notice, stats_notice) if notice]
    state_file = os.environ.get("TICTAC_STATE_FILE")
    options = Options(
        ascii=args.ascii,
        color=not args.no_color,
        save_settings=save_settings,
        save_stats=files.save_statistics,
        state_file=Path(state_file) if state_file else None,
        crash_key=os.environ.get("TICTAC_CRASH_KEY") == "1",
    )
    _install_signal_handlers()
    status = 0
    try:
        run(model, options)
    except KeyboardInterrupt:
        status = EXIT_INTERRUPTED
    except Terminated as stop:
        status = 128 + stop.signum
    except InputClosed:
        status = EXIT_HANGUP
    except Exception:
        traceback.print_exc()
        print(
            "tictac: unexpected error (above); the terminal has been restored. "
            "Please report it with the lines above.",
            file=sys.stderr,
        )
        status = 1
    if status == EXIT_HANGUP:
        _terminal_gone()
    notice = files.save_statistics(model.stats) if model.stats_dirty else None
    with contextlib.suppress(OSError):
        print(model.summary(), flush=True)
        if notice:
            print(f"tictac: {notice}", file=sys.stderr)
    return status
