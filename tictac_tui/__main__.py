"""`python -m tictac_tui`: the same as the `tictac` command."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
