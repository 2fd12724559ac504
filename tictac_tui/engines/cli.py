"""`tictac engines`: list, add, remove and check the Gomocup engines tictac can host.

Exit status (`EPILOG` says it to users): 0 done (for ``check``: the engine
started, answered ABOUT, played a legal first move on an empty 15x15 board
and was ended); 1 the engine failed the check (one line names it and what
it did); 2 a bad option, an unknown engine, a name that can't be added or
removed, or an engines.json that can't be read or written; 130 after Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from ..arguments import OneLineParser
from ..engine import GameState, Move, Rules
from ..i18n import N_, _
from .client import Engine, point
from .process import command_text
from .said import Said
from .spec import EngineError, EngineSpec, LostOnTime
from .store import (
    Known,
    Source,
    StoreError,
    add_engine,
    find_engine,
    known_engines,
    log_folder,
    note_about,
    remove_engine,
)
from .strategy import check_move, grace

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
PROG = "tictac engines"
CHECK_SIZE = 15
"""The board `check` asks the first move on."""
CHECK_SECONDS = 2.0
"""Think time `check` gives the engine for that move (``timeout_turn``)."""
SHOWN_NOTES = 10
"""Most of the engine's notes `check` prints."""

DESCRIPTION = N_("""\
Gomocup engines (pbrain-* programs such as Rapfi or Embryo) tictac can play.

The project's own engine is always there as "tictac"; every pbrain-NAME
program on PATH is there as NAME; others are added by name and command.
""")

EPILOG = N_("""\
examples:
  tictac engines list
  tictac engines add rapfi -- /opt/rapfi/pbrain-rapfi
  tictac engines check rapfi
  tictac engines remove rapfi

exit status: 0 done; 1 the engine failed its check (one line names the engine
and what it did); 2 a bad option, an unknown engine, a name that can't be
added or removed, or an engines.json that can't be read or written;
130 interrupted (Ctrl-C).
""")

SOURCES = {
    Source.BUILT_IN: N_("built in"),
    Source.ADDED: N_("added"),
    Source.PATH: N_("on PATH"),
}

T = TypeVar("T")


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``tictac engines``."""
    parser = OneLineParser(
        prog=PROG,
        description=_(DESCRIPTION),
        epilog=_(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="action", required=True, parser_class=OneLineParser)
    commands.add_parser("list", help=_("every engine: name, command, what ABOUT said"))
    add = commands.add_parser("add", help=_("keep an engine: tictac engines add NAME -- COMMAND"))
    add.add_argument("name", help=_("the engine's name"))
    add.add_argument("command", nargs=argparse.REMAINDER, help=_("the program and its arguments"))
    remove = commands.add_parser("remove", help=_("forget an added engine"))
    remove.add_argument("name", help=_("the engine's name"))
    check = commands.add_parser(
        "check", help=_("start an engine, ask ABOUT, play one move, end it")
    )
    check.add_argument("name", help=_("the engine's name"))
    check.add_argument(
        "--think",
        type=float,
        default=CHECK_SECONDS,
        metavar=_("SECONDS"),
        help=_("think time for the move"),
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``tictac engines ARGS``; the exit status."""
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.action == "list":
            return _list()
        if args.action == "add":
            command = args.command[1:] if args.command[:1] == ["--"] else args.command
            if not command:
                parser.error(_("add needs a command: tictac engines add NAME -- COMMAND"))
            add_engine(EngineSpec(args.name, tuple(command)))
            shown = command_text(command)
            print(_("Added {name}: {command}").format(name=args.name, command=shown))
            return EXIT_OK
        if args.action == "remove":
            remove_engine(args.name)
            print(_("Removed {name}").format(name=args.name))
            return EXIT_OK
        if not args.think > 0:
            parser.error(_("--think must be a positive number of seconds"))
        return _check(args.name, args.think)
    except StoreError as error:
        _say(f"{PROG}: {error}")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _say(line: str) -> None:
    print(line, file=sys.stderr)


def _about_text(about: dict[str, str]) -> str:
    return ", ".join(f'{key}="{value}"' for key, value in about.items())


def _list() -> int:
    for known in known_engines():
        source = _(SOURCES[known.source])
        print(f"{known.spec.name}  ({source})  {command_text(known.spec.command)}")
        if known.about:
            print(
                "    "
                + _("ABOUT: {about} (checked {when})").format(
                    about=_about_text(known.about), when=known.checked or "?"
                )
            )
        else:
            print("    " + _("not checked yet: tictac engines check {name}").format(
                name=known.spec.name
            ))  # fmt: skip
    return EXIT_OK


def _timed(step: str, action: Callable[[], T]) -> T:
    """Run `action`, then print the step and how long it took."""
    started = time.monotonic()
    result = action()
    print(f"  {step:<12} {time.monotonic() - started:6.2f} s")
    return result


def _check(name: str, think: float) -> int:
    known: Known | None = find_engine(name)
    if known is None:
        text = _("{prog}: no engine called {name} (tictac engines list)")
        _say(text.format(prog=PROG, name=name))
        return EXIT_BAD_INPUT
    spec = known.spec
    print(_("Checking {name}: {command}").format(name=name, command=command_text(spec.command)))
    try:
        engine = _timed(_("started"), lambda: Engine(spec, log_folder=log_folder()))
    except EngineError as error:
        _say(f"{PROG}: {error.message()}")
        return EXIT_FAILED
    with engine:
        try:
            about = _play_one(engine, think)
        except EngineError as error:
            _say(f"{PROG}: {error.message()}")
            return EXIT_FAILED
        _timed("END", engine.close)
    note_about(name, about)
    print(_("{name} works").format(name=name))
    return EXIT_OK


def _play_one(engine: Engine, think: float) -> dict[str, str]:
    """ABOUT, START, BEGIN on an empty board, each step timed; what ABOUT said."""
    rules = Rules.gomoku(CHECK_SIZE)
    about = _timed("ABOUT", engine.about)
    print("    " + _about_text(about))
    _timed(f"START {CHECK_SIZE}", lambda: engine.start(rules))
    engine.set_rules(rules)
    engine.set_time(think)
    seen = engine.notes_seen
    move = _timed("BEGIN", lambda: _first_move(engine, think))
    check_move(engine.name, GameState.new(rules), move)
    print("    " + _("played {move}").format(move=point(move)))
    _show_notes(engine.notes_since(seen))
    return about


def _first_move(engine: Engine, think: float) -> Move:
    allowed = think + grace(think)
    move = engine.begin(time.monotonic() + allowed)
    if move is None:
        engine.stop()
        raise LostOnTime(engine.name, allowed)
    return move


def _show_notes(notes: list[Said]) -> None:
    for said in notes[-SHOWN_NOTES:]:
        print("    " + said.text)
