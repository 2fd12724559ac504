"""``python -m tictac_tui.brain``: the same as ``tictac-brain``."""

import sys

from . import main
from .startup import cant_start, describe

if __name__ == "__main__":  # not when a search helper process (spawned) imports it
    try:
        status = main()
    except (MemoryError, SystemError) as error:  # the interpreter itself short of memory
        try:
            reason = describe(error)
        except MemoryError:
            reason = "out of memory"
        cant_start(reason)
    sys.exit(status)
