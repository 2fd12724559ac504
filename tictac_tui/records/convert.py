"""`tictac convert IN OUT`: a game record from one format to another.

Exit status (`EPILOG` says it to users): 0 when the record was written; 2
for a bad option, a file that can't be read or is not a good record, an
output that is not a regular file or is IN itself, a closed standard input
(nothing is written then); 1 when the output can't be written (a full disk,
a closed pipe or standard output: the output file is left as it was); 130
after Ctrl-C. Each failure is one line on standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
from pathlib import Path

from ..arguments import OneLineParser
from ..engine import Rule
from ..files import FileError, Problem, drop_stdout, kind_of, read_stream, same_file, write_atomic
from ..i18n import N_, _, pgettext
from .formats import (
    MAX_BYTES,
    Format,
    choose_format,
    dump,
    format_of_path,
    lost_in,
    parse,
    read_options,
    read_text,
    text_of,
)
from .options import BoardSize, ReadOptions, RowOrigin
from .record import GameRecord, RecordError

EXIT_OK = 0
EXIT_WRITE_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
PROG = "tictac convert"
STDIO = "-"

DESCRIPTION = N_("""\
Convert a game record between SGF, PSQ and pos strings.

Formats (chosen by the file extension, else by the content; --from/--to override):
  sgf  Smart Game Format FF[4] GM[4]: board, rule, players, date, result, comments
  psq  Piskvork's record (Gomocup's games): board, moves, players, how it ended
  pos  the moves alone, column letter and row number: h8i9g7

IN and OUT may be "-" for standard input and output (OUT "-" writes SGF
unless --to says otherwise). The output is written atomically; nothing is
written when IN is not a good record.
""")

EPILOG = N_("""\
examples:
  tictac convert game.psq game.sgf
  tictac convert --rows-from bottom --size 15 --rule renju opening.pos opening.sgf
  echo h8i9g7 | tictac convert - - --to psq

exit status: 0 written; 2 bad option or bad record (a one-line message names
the file, the line and the problem; nothing is written), also for an OUT that
is not a regular file (a device, a pipe) or is IN itself, and for a closed
standard input; 1 the output could not be written (disk full, a closed pipe
or standard output; the old file stays as it was); 130 interrupted (Ctrl-C).
""")


def build_parser() -> argparse.ArgumentParser:
    """The converter's command line parser."""
    parser = OneLineParser(
        prog=PROG,
        description=_(DESCRIPTION),
        epilog=_(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("input", metavar="IN", help=_("the record to read, or - for stdin"))
    parser.add_argument("output", metavar="OUT", help=_("the file to write, or - for stdout"))
    formats = [f.value for f in Format]
    parser.add_argument("--from", dest="source_format", choices=formats, help=_("IN's format"))
    parser.add_argument("--to", dest="target_format", choices=formats, help=_("OUT's format"))
    parser.add_argument(
        "--rows-from",
        choices=[r.value for r in RowOrigin],
        default=RowOrigin.TOP.value,
        help=_(
            "pos strings: row 1 is the top row (c-gomoku-cli, the renju package, tictac) "
            "or the bottom row (Yixin-Board); default top. Used for reading and writing"
        ),
    )
    parser.add_argument(
        "--rule",
        choices=[r.value for r in Rule],
        help=_(
            "play the moves under this rule, whatever IN says (pos strings and other "
            "programs' PSQ files have none: default freestyle)"
        ),
    )
    parser.add_argument(
        "--size",
        metavar="N|COLSxROWS",
        help=_("the board of records that don't give one (pos strings); default 15"),
    )
    parser.add_argument(
        "--k",
        type=int,
        metavar="N",
        help=_("stones in a row to win, whatever IN says (default 5)"),
    )
    parser.add_argument(
        "--game",
        type=int,
        metavar="N",
        help=_("which game of an SGF file holding several (from 1)"),
    )
    parser.add_argument(
        "--lang",
        choices=["en", "zh", "auto"],
        help=_("the language of messages: en (English), zh (中文), or auto (the locale's)"),
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run `tictac convert`; returns the exit status (see the module docstring)."""
    try:
        return _convert(argv)
    except KeyboardInterrupt:
        _say(_("{prog}: interrupted").format(prog=PROG))
        return EXIT_INTERRUPTED


def _say(line: str) -> None:
    """One line on standard error, if there is one."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(line, file=sys.stderr)


def _convert(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    options = _options(args, parser)
    target_format = _target_format(args, parser)
    refused = _refused_output(args.input, args.output)
    if refused is not None:
        _say(f"{PROG}: {refused}")
        return EXIT_BAD_INPUT
    try:
        record = _read(args.input, args.source_format, options)
    except RecordError as error:
        _say(f"{PROG}: {error}")
        return EXIT_BAD_INPUT
    text = dump(record, target_format, rows_from=options.rows_from)
    lost = lost_in(record, target_format)
    if lost:
        _say(
            _("{prog}: note: {format} can't hold the {what}: left out").format(
                prog=PROG, format=target_format.value.upper(), what=_listed(lost)
            )
        )
    return _write(args.output, text)


def _refused_output(source: str, output: str) -> str | None:
    """Why OUT may not be written (not a regular file, or IN itself), or None."""
    if output == STDIO:
        return None
    try:
        info = os.stat(output)
    except (OSError, ValueError):
        return None  # a new file (or one the write will explain)
    if not stat.S_ISREG(info.st_mode):
        return _(
            "{name}: is not a regular file ({kind}): nothing written "
            "(name a file, or - for standard output)"
        ).format(name=output, kind=kind_of(info.st_mode))
    if source != STDIO and same_file(source, output):
        return _(
            "{output} is {input} itself: nothing written (write to another file, "
            "so that nothing the record holds is lost)"
        ).format(output=output, input=source)
    return None


def _listed(names: list[str]) -> str:
    """Translated names as a list: "date, comments"; "日期、注释" in Chinese."""
    return pgettext("list separator", ", ").join(_(name) for name in names)


def _options(args: argparse.Namespace, parser: argparse.ArgumentParser) -> ReadOptions:
    if args.k is not None and not 1 <= args.k <= 26:
        parser.error(_("argument --k: must be between 1 and 26, got {k}").format(k=args.k))
    if args.game is not None and args.game < 1:
        parser.error(
            _("argument --game: games are numbered from 1, got {number}").format(number=args.game)
        )
    size = None
    if args.size is not None:
        try:
            size = BoardSize.parse(args.size)
        except ValueError as error:
            parser.error(_("argument --size: {problem}").format(problem=error))
    return read_options(
        rule=args.rule, size=size, k=args.k, rows_from=args.rows_from, game=args.game
    )


def _target_format(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Format:
    if args.target_format:
        return Format(args.target_format)
    if args.output == STDIO:
        return Format.SGF
    found = format_of_path(args.output)
    if found is None:
        parser.error(
            _(
                "can't tell the format of {name!r} from its extension: "
                "name it .sgf, .psq or .pos, or give --to"
            ).format(name=args.output)
        )
    return found


def _read(source: str, source_format: str | None, options: ReadOptions) -> GameRecord:
    explicit = Format(source_format) if source_format else None
    path = None if source == STDIO else Path(source)
    name = "<stdin>" if path is None else source
    try:
        text = read_text(path) if path is not None else text_of(_stdin_bytes(), name)
        return parse(text, choose_format(text, explicit, path), options)
    except RecordError as error:
        raise error.located(name) from None


def _stdin_bytes() -> bytes:
    """Standard input's bytes, at most `MAX_BYTES`; RecordError when it can't be read."""
    try:
        return read_stream(sys.stdin.buffer if sys.stdin is not None else None, MAX_BYTES)
    except FileError as error:
        if error.problem is Problem.CLOSED:
            raise RecordError(_("standard input is closed: no record to read")) from None
        if error.problem is Problem.TOO_BIG:
            raise RecordError(
                _("is larger than {size} MB: not a game record").format(
                    size=MAX_BYTES // (1024 * 1024)
                )
            ) from None
        raise RecordError(_("can't be read: {reason}").format(reason=error.os_reason)) from None


def _write(output: str, text: str) -> int:
    if output == STDIO:
        return _write_stdout(text)
    try:
        write_atomic(Path(output), text)
    except OSError as error:
        reason = error.reason if isinstance(error, FileError) else error.strerror or str(error)
        _say(
            _("{prog}: {name}: can't be written: {reason}").format(
                prog=PROG, name=output, reason=reason
            )
        )
        return EXIT_WRITE_FAILED
    return EXIT_OK


def _write_stdout(text: str) -> int:
    """Write `text` to standard output; 1 with one line if it can't be (closed, full)."""
    if sys.stdout is None:
        _say(_("{prog}: standard output is closed: nothing written").format(prog=PROG))
        return EXIT_WRITE_FAILED
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as error:
        drop_stdout()
        _say(
            _("{prog}: standard output can't be written: {reason}").format(
                prog=PROG, reason=error.strerror or error
            )
        )
        return EXIT_WRITE_FAILED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
