"""Whether curses can drive this terminal: asked by the command line before the app starts."""

from __future__ import annotations

import os
import sys

from ..i18n import _


def terminal_problem() -> str | None:
    """Why curses can't run here, or None when it can."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _("needs an interactive terminal: stdin and stdout must be a terminal")
    try:
        import curses
    except ImportError:
        return _("needs the curses module (on Windows: pip install windows-curses)")
    if sys.platform == "win32":
        return None
    term = os.environ.get("TERM", "")
    if not term or term == "dumb":
        return _(
            "can't drive this terminal (TERM is {term}): "
            "set TERM to your terminal's type, e.g. TERM=xterm-256color"
        ).format(term=term or _("unset"))
    try:
        curses.setupterm(term, sys.stdout.fileno())
    except curses.error:
        return _("can't drive this terminal: TERM={term} is not in the terminfo database").format(
            term=term
        )
    return None
