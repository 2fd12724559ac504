"""``python -m tictac_tui.brain``: the same as ``tictac-brain``."""

import sys

from . import main

if __name__ == "__main__":  # not when a search helper process (spawned) imports it
    sys.exit(main())
