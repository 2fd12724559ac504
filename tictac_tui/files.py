"""The one file layer: every file the program reads or writes goes through here.

- `read_bytes`: a regular file's bytes, never blocking. The file is opened
  with ``O_NONBLOCK`` (and ``O_NOCTTY``) and checked with ``fstat`` before a
  byte is read, so a FIFO, a device, a socket or a link to ``/dev/tty`` is
  refused at once ("not a regular file"), never read; more than the caller's
  limit is refused too. `read_stream` caps a stream (standard input) the same
  way. Problems raise `FileError`, whose `reason` is a user-facing phrase.
- `write_atomic`: a temporary file in the target's folder, written,
  ``fsync``-ed, renamed over the target with ``os.replace`` (or linked to a
  new name that must not exist), then the folder ``fsync``-ed (POSIX): a crash
  leaves the old file or the new one. An existing file keeps its mode; a new
  one gets the user's umask, as other tools' files do. A target that is not a
  regular file is never replaced (`FileError`, `Problem.NOT_REGULAR`). A
  symbolic link is written through: the file it points to is replaced in its
  own folder, the link stays. A link to something that is not a regular file
  (``/dev/null``) raises `FileError` with ``linked`` set: the caller's sign
  that the user asked for this file not to be kept.
- `set_aside`: rename a bad file to ``NAME.bad-YYYYMMDD-HHMMSS`` beside it.
  The name itself is renamed, never what a link points to, so nothing
  outside the folder the caller names is ever renamed.
- `same_file`: whether two paths name one file (by device and inode).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import BinaryIO

from .i18n import _

CHUNK = 65536
"""Bytes read at a time."""

BAD_SUFFIX = ".bad-"
"""A file set aside is renamed NAME.bad-YYYYMMDD-HHMMSS (then -2, -3, ... if taken)."""

TEMP_TRIES = 100
"""Random temporary names tried before giving up (each is 64 random bits)."""

_READ_FLAGS = os.O_RDONLY
for _flag in ("O_NONBLOCK", "O_NOCTTY", "O_BINARY", "O_CLOEXEC"):
    _READ_FLAGS |= getattr(os, _flag, 0)


class Problem(Enum):
    """Why a file could not be read or written."""

    MISSING = "missing"
    DIRECTORY = "directory"
    NOT_REGULAR = "not regular"
    TOO_BIG = "too big"
    CLOSED = "closed"
    OS_ERROR = "os error"


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words: "a named pipe (FIFO)", "a device", ..."""
    if stat.S_ISFIFO(mode):
        return _("a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISDIR(mode):
        return _("a directory")
    return _("not a regular file")


class FileError(OSError):
    """A file that can't be read or written; `reason` says why, for a person.

    An OSError, so that code written for failed writes also catches it.
    """

    def __init__(
        self,
        path: Path | None,
        problem: Problem,
        kind: str = "",
        *,
        size: int | None = None,
        limit: int | None = None,
        linked: bool = False,
        error: OSError | None = None,
    ) -> None:
        super().__init__(problem.value)
        self.path = path
        """The file (None for standard input)."""
        self.problem = problem
        self.kind = kind
        """What the file is instead of a regular file (NOT_REGULAR): `kind_of`."""
        self.size = size
        """The file's size when known (TOO_BIG)."""
        self.limit = limit
        """The most that may be read (TOO_BIG)."""
        self.linked = linked
        """The name is a symbolic link to the file that is not regular."""
        self.error = error
        """The system's error (MISSING, OS_ERROR)."""

    @property
    def reason(self) -> str:
        """Why, without the file's name: "is not a regular file (a device)"."""
        if self.problem is Problem.MISSING:
            return _("no such file")
        if self.problem is Problem.DIRECTORY:
            return _("is a directory")
        if self.problem is Problem.NOT_REGULAR:
            return _("is not a regular file ({kind})").format(kind=self.kind)
        if self.problem is Problem.TOO_BIG:
            if self.size is not None:
                return _("is too big ({size} bytes)").format(size=self.size)
            return _("is too big (more than {limit} bytes)").format(limit=self.limit)
        if self.problem is Problem.CLOSED:
            return _("is closed")
        return _("can't be used: {reason}").format(reason=self.os_reason)

    @property
    def os_reason(self) -> str:
        """The system's words for the error ("Permission denied"), or ""."""
        if self.error is None:
            return ""
        return self.error.strerror or str(self.error)

    @property
    def message(self) -> str:
        """The whole line: the file's name and `reason`."""
        name = str(self.path) if self.path is not None else _("standard input")
        return f"{name}: {self.reason}"

    def __str__(self) -> str:
        return self.message


def _os_error(path: Path | None, error: OSError) -> FileError:
    """The `FileError` for an OSError met on `path`."""
    if isinstance(error, FileNotFoundError):
        return FileError(path, Problem.MISSING, error=error)
    if isinstance(error, IsADirectoryError):
        return FileError(path, Problem.DIRECTORY, error=error)
    return FileError(path, Problem.OS_ERROR, error=error)


# -- reading --------------------------------------------------------------------------


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file `path` (links followed), at most `limit` of them.

    Never blocks: see the module docstring. Raises `FileError`.
    """
    where = Path(path)
    try:
        fd = os.open(where, _READ_FLAGS)
    except OSError as error:
        raise _os_error(where, error) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileError(where, Problem.DIRECTORY, linked=where.is_symlink())
        if not stat.S_ISREG(info.st_mode):
            kind = kind_of(info.st_mode)
            raise FileError(where, Problem.NOT_REGULAR, kind, linked=where.is_symlink())
        if info.st_size > limit:
            raise FileError(where, Problem.TOO_BIG, size=info.st_size, limit=limit)
        return _read_capped(lambda: os.read(fd, CHUNK), limit, where)
    except FileError:
        raise
    except OSError as error:
        raise _os_error(where, error) from None
    finally:
        os.close(fd)


def read_stream(stream: BinaryIO | None, limit: int) -> bytes:
    """All of `stream` (standard input's bytes), at most `limit` bytes. Raises `FileError`.

    A stream that is None (standard input closed when the program started)
    is `Problem.CLOSED`.
    """
    if stream is None:
        raise FileError(None, Problem.CLOSED)
    try:
        return _read_capped(lambda: stream.read(CHUNK), limit, None)
    except FileError:
        raise
    except OSError as error:
        raise _os_error(None, error) from None


def _read_capped(read: Callable[[], bytes], limit: int, where: Path | None) -> bytes:
    """Call `read` until it gives nothing; `Problem.TOO_BIG` past `limit` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = read()
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise FileError(where, Problem.TOO_BIG, limit=limit)
        chunks.append(chunk)


# -- writing --------------------------------------------------------------------------


def write_atomic(
    path: str | os.PathLike[str], data: bytes | str, *, replace: bool = True, durable: bool = True
) -> Path:
    """Write `data` (str as UTF-8) to `path` atomically and durably; the file written.

    See the module docstring. With ``replace=False`` an existing name is never
    touched (FileExistsError). With ``durable=False`` nothing is ``fsync``-ed: the file
    is still whole whenever it is read, but a crash of the machine may lose it (for a
    file rewritten many times a second that no one keeps: the app's test hook).
    Raises `FileError` for a target that is not a regular file (``linked`` when
    `path` is a link to it), OSError when the write fails (the old file is then as
    it was, and no temporary is left).
    """
    content = data.encode("utf-8") if isinstance(data, str) else data
    name = Path(path)
    if not replace and os.path.lexists(name):  # a link, even a dangling one, is taken
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(name))
    target = _through_links(name)
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileError(name, Problem.NOT_REGULAR, kind_of(info.st_mode), linked=name != target)
    folder = target.parent
    fd, temp = _create_temp(folder, target.name)
    try:
        try:
            if info is not None:
                _copy_mode(fd, info)
            _write_all(fd, content)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(temp, target)
        else:
            _link_new(temp, target, content)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
    if durable:
        sync_folder(folder)
    return target


def _through_links(path: Path) -> Path:
    """The file `path` names: every symbolic link followed (the last one may dangle)."""
    if not path.is_symlink():
        return path
    return Path(os.path.realpath(path))


def _create_temp(folder: Path, name: str) -> tuple[int, Path]:
    """A new empty file ".NAME.RANDOM.tmp" in `folder`, its mode 0o666 less the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    for flag in ("O_BINARY", "O_CLOEXEC", "O_NOFOLLOW"):
        flags |= getattr(os, flag, 0)
    for _try in range(TEMP_TRIES):
        temp = folder / f".{name}.{os.urandom(8).hex()}.tmp"
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def _copy_mode(fd: int, info: os.stat_result) -> None:
    """Give the new file the old one's permission bits (and owner, where allowed)."""
    if hasattr(os, "fchown"):
        with contextlib.suppress(OSError):
            os.fchown(fd, info.st_uid, info.st_gid)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, stat.S_IMODE(info.st_mode))


def _write_all(fd: int, content: bytes) -> None:
    view = memoryview(content)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _link_new(temp: Path, target: Path, content: bytes) -> None:
    """Give `temp`'s content the name `target`, failing if `target` exists."""
    try:
        os.link(temp, target)
    except FileExistsError:
        raise
    except OSError:
        # No hard links here (some file systems): exclusive create, then write.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        fd = os.open(target, flags, 0o666)
        try:
            _write_all(fd, content)
            os.fsync(fd)
        finally:
            os.close(fd)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; a no-op where folders can't be opened)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# -- bad files and names --------------------------------------------------------------


def set_aside(path: Path) -> Path:
    """Rename `path` itself (a link stays a link) to NAME.bad-YYYYMMDD-HHMMSS beside it.

    The new path. Raises OSError. What a link points to is never renamed.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}{BAD_SUFFIX}{stamp}")
    number = 2
    while os.path.lexists(kept):
        kept = path.with_name(f"{path.name}{BAD_SUFFIX}{stamp}-{number}")
        number += 1
    os.rename(path, kept)
    sync_folder(path.parent)
    return kept


def same_file(first: str | os.PathLike[str], second: str | os.PathLike[str]) -> bool:
    """True if both paths exist and name one file (links followed; by device and inode)."""
    try:
        one, other = os.stat(first), os.stat(second)
    except (OSError, ValueError):
        return False
    return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)


def is_link_to_special(path: Path) -> bool:
    """True if `path` is a symbolic link to something that exists and is not a regular file."""
    if not path.is_symlink():
        return False
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


# -- standard streams -----------------------------------------------------------------


def drop_stdout() -> None:
    """After standard output failed (a closed pipe, a full disk): send what is still
    buffered, and anything later, to the null device, so that the exit is quiet."""
    stream = sys.stdout
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)
