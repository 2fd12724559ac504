"""``python -m tictac_tui.brain``: the same as ``tictac-brain``."""

import sys

from .server import main

sys.exit(main())
