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
