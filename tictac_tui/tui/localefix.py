"""A character type curses can draw with, chosen before curses starts.

Python sets the C library's character type (LC_CTYPE) from the environment at
start-up. When the locale named there is not installed (``LC_ALL=zh_CN.UTF-8``
over SSH or in a container where it was never generated), that fails and the
character type stays "C": ncurses then draws no wide character and sends line
glyphs as VT100 codes, which UTF-8 terminals show as ``lqqqk`` (Python turns a
"C" character type into C.UTF-8 by itself, but not when LC_ALL is set). The
same happens with a locale that exists but is not UTF-8.

`settle_character_type` keeps a UTF-8 character type the environment gives;
else it takes the first of `UTF8_LOCALES` that exists (for LC_CTYPE only:
messages, dates and numbers keep the environment's); else, with no UTF-8 locale
at all, the app runs in English with ASCII lines. `CharacterType.notice` says
what was done, once, on the first screen.
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..i18n import Language, _, set_language

UTF8_LOCALES = ("C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8")
"""UTF-8 character types tried, in order, when the environment's can't be used."""

UNCHOSEN = frozenset({"", "C", "POSIX"})
"""Locale names that choose nothing: a change from them goes without a notice (as
Python's own change of "C" to C.UTF-8 does)."""

LOCALE_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG")
"""Where the character type comes from, the first one set wins."""


class Drawing(Enum):
    """How the app draws, after `settle_character_type`."""

    AS_ASKED = "as asked"
    """The environment's character type is UTF-8."""
    UTF8_INSTEAD = "utf-8 instead"
    """The character type is one of `UTF8_LOCALES` instead of the environment's."""
    ASCII = "ascii"
    """No UTF-8 locale exists: English words and ASCII lines."""


@dataclass(frozen=True, slots=True)
class CharacterType:
    """What `settle_character_type` found and did."""

    drawing: Drawing
    asked: str
    """The locale the environment names ("" for none)."""
    using: str = ""
    """The UTF-8 locale used instead (`Drawing.UTF8_INSTEAD`)."""
    installed: bool = True
    """Whether the asked locale exists."""

    @property
    def ascii_only(self) -> bool:
        """Whether the app must draw in English with ASCII lines."""
        return self.drawing is Drawing.ASCII

    def notice(self) -> str | None:
        """What was done, in words for the first screen; None when nothing needs saying."""
        if self.drawing is Drawing.AS_ASKED or self.asked in UNCHOSEN:
            return None
        if self.drawing is Drawing.UTF8_INSTEAD:
            if not self.installed:
                text = _("Locale {asked} is not installed; using {using}")
            else:
                text = _("Locale {asked} is not UTF-8; using {using}")
            return text.format(asked=self.asked, using=self.using)
        if not self.installed:
            text = _("Locale {asked} is not installed and no UTF-8 locale is; using English")
        else:
            text = _("Locale {asked} is not UTF-8 and no UTF-8 locale is installed; using English")
        return text.format(asked=self.asked)


def asked_locale(environ: Mapping[str, str]) -> str:
    """The locale the environment names for the character type ("" for none)."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return value
    return ""


def _is_utf8() -> bool:
    codeset = locale.nl_langinfo(locale.CODESET)
    return codeset.replace("-", "").replace("_", "").lower() == "utf8"


def _use(name: str) -> bool:
    """Set LC_CTYPE to `name`; whether it exists."""
    try:
        locale.setlocale(locale.LC_CTYPE, name)
    except locale.Error:
        return False
    return True


def settle_character_type(environ: Mapping[str, str] | None = None) -> CharacterType:
    """Make LC_CTYPE a UTF-8 locale that exists (see the module docstring); with none, switch
    the language to English. Call before curses starts. Windows needs none of it."""
    if sys.platform == "win32":
        return CharacterType(Drawing.AS_ASKED, "")
    asked = asked_locale(os.environ if environ is None else environ)
    installed = _use("")
    if installed and _is_utf8():
        return CharacterType(Drawing.AS_ASKED, asked)
    for name in UTF8_LOCALES:
        if _use(name) and _is_utf8():
            return CharacterType(Drawing.UTF8_INSTEAD, asked, name, installed)
    _use("C")
    set_language(Language.EN)
    return CharacterType(Drawing.ASCII, asked, "", installed)
