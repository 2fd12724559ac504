"""What the brain says when it can't start (kept apart: it imports nothing heavy).

With too little memory to load its modules, to build its player or to
start its reader thread (``ulimit -v``), the brain writes one ``ERROR can't start: ...`` line on
standard output, where a manager reads it, and exits with `EXIT_CANT_START`.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

EXIT_CANT_START = 3
"""Exit status of a brain that could not start (after its one ``ERROR`` line)."""
DESCRIBE_CHARS = 200
"""Most characters of an exception's message in the ``ERROR`` line."""


OUT_OF_MEMORY = b"ERROR can't start: out of memory\n"
"""The line written when even the reason can't be put into words (made at import)."""
START_HEADROOM = 12 * 2**20
"""Bytes of address space the brain needs beyond what it maps when it looks (`room_to_start`):
the rest of its modules, its reader thread and a 15x15 game. Measured with CPython 3.11 on
Linux: it maps about 14 MB there and answered ``START 15`` under a 24 MB limit; under 22 MB
CPython at times retried an allocation forever while unwinding an exception."""


def cant_start(reason: str) -> NoReturn:
    """Write ``ERROR can't start: reason`` and exit at once with `EXIT_CANT_START`.

    ``os.write`` and ``os._exit``: nothing here may need memory the brain
    lacks, nor run the interpreter's own clean-up, which could fail the same way.
    Plain ``try`` blocks (a context manager is an object to allocate); without
    memory for the line, `OUT_OF_MEMORY`.
    """
    try:  # noqa: SIM105 - contextlib.suppress is an object to allocate
        sys.stdout.flush()
    except BaseException:
        pass
    try:
        line = f"ERROR can't start: {reason}\n".encode("ascii", "replace")
    except BaseException:
        line = OUT_OF_MEMORY
    try:  # noqa: SIM105 - as above
        os.write(1, line)
    except BaseException:
        pass
    os._exit(EXIT_CANT_START)


def describe(error: BaseException) -> str:
    """`error` in one short line: its type and message (``MemoryError``, ``ImportError: ...``)."""
    text = " ".join(str(error).split())[:DESCRIBE_CHARS]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def room_to_start() -> None:
    """`cant_start` at once if the address-space limit (``ulimit -v``) leaves less than
    `START_HEADROOM` beyond what the process maps now: short of that the brain would fail
    loading, or CPython spin, instead of answering. Where nothing tells the limit or the
    mapped size (no ``resource`` module, no ``/proc``), or memory is too short to look, the
    brain goes on as before."""
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        if limit == resource.RLIM_INFINITY:
            return
        with open("/proc/self/statm", "rb") as statm:
            mapped = int(statm.read().split()[0]) * resource.getpagesize()
    except Exception:  # MemoryError included: then there is nothing to go by
        return
    need = mapped + START_HEADROOM
    if limit < need:
        cant_start(
            f"out of memory: the address space is limited to {limit >> 20} MB; "
            f"the brain needs about {-(-need >> 20)} MB"
        )
