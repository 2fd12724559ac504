"""Every test reads English unless it chooses a language: the locale of the machine running
the tests must not change what they read (children started by tests inherit this too)."""

from __future__ import annotations

import os

from tictac_tui.i18n import set_language

os.environ["LANGUAGE"] = "en"
set_language("en")
