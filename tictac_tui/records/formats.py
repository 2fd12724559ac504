"""Formats by name, extension or content; reading, writing and saving records.

Files are read and written through `tictac_tui.files`: a record file must
be a regular file (a FIFO or a device is refused, never read) of at most
`MAX_BYTES`; writes are atomic and durable. Only the named file is ever
written (and, with ``replace=False``, only if it does not exist yet).
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from ..engine import Rule, parse_rule
from ..files import FileError, Problem, read_bytes, write_atomic
from ..i18n import N_, _
from .options import DEFAULT_OPTIONS, BoardSize, ReadOptions, RowOrigin
from .pos import LOOKS_LIKE_POS, pos_keeps, read_pos, write_pos
from .psq import HEADER, psq_keeps, read_psq, write_psq
from .record import GameRecord, RecordError
from .sgf import read_sgf, write_sgf

MAX_CHARSET = 64
"""Longest charset name looked for in SGF's CA[...] (a search without a bound ran to the
file's end from every 'CA[': quadratic; 120 KB took 35 s)."""

MAX_BYTES = 16 * 1024 * 1024
"""Largest file read as a record (a whole 26x26 game in SGF is a few kilobytes)."""


class Format(str, Enum):
    """A record format. The string values are the public names and extensions."""

    SGF = "sgf"
    PSQ = "psq"
    POS = "pos"

    def __str__(self) -> str:
        return self.value

    @property
    def extension(self) -> str:
        """The file extension, with its dot."""
        return f".{self.value}"


def parse_format(value: Format | str) -> Format:
    """A `Format` from itself or its name ("sgf", ".PSQ"); ValueError naming the formats."""
    if isinstance(value, Format):
        return value
    try:
        return Format(value.strip().lower().lstrip("."))
    except ValueError:
        known = ", ".join(f.value for f in Format)
        raise ValueError(f"unknown record format {value!r}: the formats are {known}") from None


def format_of_path(path: str | os.PathLike[str]) -> Format | None:
    """The format a file name's extension names, or None."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return next((f for f in Format if f.value == suffix), None)


def detect_format(text: str) -> Format | None:
    """The format a text looks like, or None when it looks like no record."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if re.match(r"\(\s*;", stripped):
        return Format.SGF
    first_line = stripped.split("\n", 1)[0]
    if HEADER.fullmatch(first_line.rstrip("\r")) or first_line.startswith("Piskvorky"):
        return Format.PSQ
    if LOOKS_LIKE_POS.fullmatch(stripped):
        return Format.POS
    return None


def choose_format(text: str, explicit: Format | None, path: Path | None) -> Format | None:
    """The format to read `text` in: `explicit`, else SGF or PSQ when the content
    plainly is one (whatever the extension), else the extension's, else the content's."""
    if explicit is not None:
        return explicit
    detected = detect_format(text)
    if detected in (Format.SGF, Format.PSQ):
        return detected
    by_name = format_of_path(path) if path is not None else None
    return by_name or detected


_READERS: dict[Format, Callable[[str, ReadOptions], GameRecord]] = {
    Format.SGF: read_sgf,
    Format.PSQ: read_psq,
    Format.POS: read_pos,
}


def parse(
    text: str, fmt: Format | str | None = None, options: ReadOptions = DEFAULT_OPTIONS
) -> GameRecord:
    """The record in `text`, in format `fmt` (default: from the content)."""
    chosen = parse_format(fmt) if fmt is not None else detect_format(text)
    if chosen is None:
        if not text.strip():
            raise RecordError(_("empty: no game in it"))
        raise RecordError(
            _(
                "not a game record: neither SGF ('(;...'), PSQ ('Piskvorky ...') nor a pos "
                "string ('h8i9...')"
            )
        )
    return _READERS[chosen](text.lstrip("\ufeff"), options)


def load(
    path: str | os.PathLike[str],
    *,
    fmt: Format | str | None = None,
    rule: Rule | str | None = None,
    size: BoardSize | str | int | None = None,
    k: int | None = None,
    rows_from: RowOrigin | str = RowOrigin.TOP,
    game: int | None = None,
) -> GameRecord:
    """The record in the file at `path` (always a file: `loads` reads a text).

    The format comes from `fmt`, else the file's extension, else the content.
    `rule`, `size`, `k`, `rows_from` and `game` are `ReadOptions`. Raises
    `RecordError` (its message names the file, the line and the problem) for
    a file that can't be read or is not a good record.
    """
    options = read_options(rule=rule, size=size, k=k, rows_from=rows_from, game=game)
    chosen = parse_format(fmt) if fmt is not None else None
    where = Path(path)
    text = read_text(where)
    try:
        return parse(text, choose_format(text, chosen, where), options)
    except RecordError as error:
        raise error.located(str(where)) from None


def loads(
    text: str,
    *,
    fmt: Format | str | None = None,
    rule: Rule | str | None = None,
    size: BoardSize | str | int | None = None,
    k: int | None = None,
    rows_from: RowOrigin | str = RowOrigin.TOP,
    game: int | None = None,
) -> GameRecord:
    """The record in `text` (`parse` with `load`'s keyword options). Raises `RecordError`."""
    options = read_options(rule=rule, size=size, k=k, rows_from=rows_from, game=game)
    return parse(text, parse_format(fmt) if fmt is not None else None, options)


def read_options(
    *,
    rule: Rule | str | None = None,
    size: BoardSize | str | int | None = None,
    k: int | None = None,
    rows_from: RowOrigin | str = RowOrigin.TOP,
    game: int | None = None,
) -> ReadOptions:
    """`ReadOptions` from friendly values; ValueError for a bad one."""
    board = size if size is None or isinstance(size, BoardSize) else BoardSize.parse(str(size))
    return ReadOptions(
        rule=None if rule is None else parse_rule(rule),
        size=board,
        k=k,
        rows_from=RowOrigin(str(rows_from).lower()),
        game=game,
    )


def read_text(path: Path) -> str:
    """A record file's text, read with `files.read_bytes` (a regular file, never blocking,
    at most `MAX_BYTES`); RecordError naming the file when it can't be read."""
    try:
        data = read_bytes(path, MAX_BYTES)
    except FileError as error:
        raise RecordError(_file_problem(error), source=str(path)) from None
    try:
        return decode(data)
    except RecordError as error:
        raise error.located(str(path)) from None


def _file_problem(error: FileError) -> str:
    """Why a record file can't be read, in words (without its name)."""
    if error.problem is Problem.DIRECTORY:
        return _("is a directory, not a record file")
    if error.problem is Problem.TOO_BIG:
        return _("is larger than {size} MB: not a game record").format(
            size=MAX_BYTES // (1024 * 1024)
        )
    if error.problem is Problem.OS_ERROR:
        return _("can't be read: {reason}").format(reason=error.os_reason)
    return error.reason


def text_of(data: bytes, name: str) -> str:
    """Record bytes read from a stream named `name` as text; RecordError naming it."""
    try:
        return decode(data)
    except RecordError as error:
        raise error.located(name) from None


def decode(data: bytes) -> str:
    """Record bytes as text: UTF-8 (with or without BOM), else SGF's CA charset, else Latin-1."""
    if b"\x00" in data:
        raise RecordError(_("not a text file (it holds NUL bytes): not a game record"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    charset = re.search(rb"CA\s*+\[([^\[\]]{0,%d}+)\]" % MAX_CHARSET, data)
    if charset:
        try:
            return data.decode(codecs.lookup(charset.group(1).decode("ascii").strip()).name)
        except (LookupError, UnicodeDecodeError, ValueError):
            pass
    return data.decode("latin-1")


def dump(record: GameRecord, fmt: Format | str, *, rows_from: RowOrigin | str = "top") -> str:
    """The record as text in format `fmt` (`rows_from`: pos strings' row 1)."""
    chosen = parse_format(fmt)
    if chosen is Format.SGF:
        return write_sgf(record)
    if chosen is Format.PSQ:
        return write_psq(record)
    return write_pos(record, RowOrigin(str(rows_from).lower()))


def kept(record: GameRecord, fmt: Format | str) -> GameRecord:
    """What of `record` format `fmt` keeps: the record as it would read back."""
    chosen = parse_format(fmt)
    if chosen is Format.PSQ:
        return psq_keeps(record)
    if chosen is Format.POS:
        return pos_keeps(record)
    return record


def lost_in(record: GameRecord, fmt: Format | str) -> list[str]:
    """Names of what writing `record` in `fmt` leaves out ("comments", "date", ...).

    The names are English; ``_(name)`` translates one.
    """
    after = kept(record, fmt)
    lost = []
    if after.players != record.players:
        lost.append(N_("player names"))
    if after.date != record.date:
        lost.append(N_("date"))
    if after.result != record.result:
        lost.append(N_("result"))
    if after.comments != record.comments:
        lost.append(N_("comments"))
    if after.setup != record.setup:
        lost.append(N_("set-up stones"))
    if after.times != record.times:
        lost.append(N_("clock times"))
    if parse_format(fmt) is Format.POS and (
        record.rules.rule is not Rule.FREESTYLE or record.rules.k != 5
    ):
        lost.append(N_("rule"))
    if parse_format(fmt) is Format.POS and (record.rules.rows, record.rules.cols) != (15, 15):
        lost.append(N_("board size"))
    return lost


def save(
    record: GameRecord,
    path: str | os.PathLike[str],
    fmt: Format | str | None = None,
    *,
    rows_from: RowOrigin | str = "top",
    replace: bool = True,
) -> Path:
    """Write `record` to `path` atomically; the format from `fmt` or the extension.

    With ``replace=False`` an existing file is never touched (FileExistsError).
    Raises ValueError when no format is given and the extension names none,
    OSError when the file can't be written (`files.FileError` for a path
    that is not a regular file). Returns the path given (a symbolic link is
    written through: see `files.write_atomic`).
    """
    target = Path(path)
    chosen = parse_format(fmt) if fmt is not None else format_of_path(target)
    if chosen is None:
        raise ValueError(
            f"{target}: can't tell the format from the extension: use .sgf, .psq or .pos"
        )
    write_atomic(target, dump(record, chosen, rows_from=rows_from), replace=replace)
    return target
