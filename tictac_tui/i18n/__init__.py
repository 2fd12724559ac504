"""Every string a person reads goes through here: English or simplified Chinese.

Source strings are English and double as message ids (``_("Draw")``); the
catalogue ``zh.po`` beside this module is read at first use (`catalog.py`).
English (`SOURCE_LANGUAGE`) needs none: each message is its own translation,
so ``en.po`` (kept so that tests/i18n checks every message has both) is not
read at run time. The language comes from `set_language`, else from the
environment the way gettext reads it (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``: the first one set; ``zh*`` means Chinese, anything
else English). A missing or unreadable catalogue falls back to English and
never raises; `catalogue_problem` says what went wrong.

Strings defined before the language is known (module constants, tables
of names) are marked with `N_` and translated where they are shown. The
names of the game's values (rules, sides, difficulties, ...) are in
`tictac_tui.words`; this package imports nothing of the game.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import Path

from .catalog import CONTEXT_SEPARATOR, Catalog, CatalogError, read_catalog

HERE = Path(__file__).resolve().parent


class Language(str, Enum):
    """A language of the interface, or `AUTO`: the locale's. The string values are the
    stored codes (the settings' ``lang``, ``--lang``)."""

    AUTO = "auto"
    EN = "en"
    ZH = "zh"

    def __str__(self) -> str:
        return self.value


SOURCE_LANGUAGE = Language.EN
"""The language of the source strings: its translator reads no catalogue."""

NATIVE_NAMES = {Language.EN: "English", Language.ZH: "中文"}
"""Each language's name in itself (never translated)."""


ENVIRONMENT_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the language, first set wins."""


def parse_language(value: str) -> Language:
    """`Language` from "en", "zh", "zh_CN.UTF-8", ... (never `AUTO`); ValueError for
    anything else ("auto" included)."""
    code = value.strip().lower().replace("-", "_")
    if code.startswith("zh"):
        return Language.ZH
    if code.startswith("en") or code in ("c", "posix"):
        return Language.EN
    raise ValueError(f"unknown language {value!r}: choose en or zh")


def language_from_environment(environ: Mapping[str, str] | None = None) -> Language:
    """The language the locale variables ask for (English when none is set or known)."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT_ORDER:
        value = env.get(name, "")
        if not value:
            continue
        for choice in value.split(":"):  # LANGUAGE is a priority list
            try:
                return parse_language(choice)
            except ValueError:
                continue
        return Language.EN
    return Language.EN


class Translator:
    """Translations for one language, looked up in its catalogue (none for English)."""

    def __init__(self, language: Language, directory: Path = HERE) -> None:
        if language is Language.AUTO:
            raise ValueError("a translator needs a language, not auto")
        self.language = language
        self.problem: str | None = None
        if language is SOURCE_LANGUAGE:
            self._catalog = Catalog({}, {})
        else:
            self._catalog = self._load(directory / f"{language.value}.po")
        self._plural = _plural_rule(self._catalog.header)

    def _load(self, path: Path) -> Catalog:
        try:
            return read_catalog(path)
        except (OSError, UnicodeDecodeError, CatalogError) as error:
            self.problem = f"the {NATIVE_NAMES[self.language]} catalogue can't be read ({error})"
            return Catalog({}, {})

    def gettext(self, message: str) -> str:
        """`message` in this language (itself when it has no translation)."""
        return self._catalog.messages.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        """`message` as used in `context` (a menu, a key name, ...)."""
        key = f"{context}{CONTEXT_SEPARATOR}{message}"
        return self._catalog.messages.get(key, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of `singular`/`plural` for `count`."""
        forms = self._catalog.plurals.get(singular)
        if forms is None:
            return singular if count == 1 else plural
        index = self._plural(count)
        return forms[index] if 0 <= index < len(forms) else forms[-1]


def _plural_rule(header: str) -> Callable[[int], int]:
    """The catalogue's Plural-Forms rule (English's ``n != 1`` when it has none)."""
    found = re.search(r"plural=([^;\n]+)", header)
    try:
        if found:
            rule: Callable[[int], int] = _gettext.c2py(found.group(1))
            return rule
    except (ValueError, SyntaxError):
        pass
    return lambda n: int(n != 1)


_current: Translator | None = None


def set_language(language: Language | str | None = None) -> Language:
    """Use `language` from now on (None or `Language.AUTO`: the environment's); the
    language in use (never `AUTO`)."""
    global _current
    if language is None or language is Language.AUTO:
        chosen = language_from_environment()
    else:
        chosen = parse_language(str(language))
    if _current is None or _current.language is not chosen:
        _current = Translator(chosen)
    return chosen


def translator() -> Translator:
    """The translator in use (the environment's language until `set_language`)."""
    if _current is None:
        set_language(None)
    assert _current is not None
    return _current


def current_language() -> Language:
    """The language in use."""
    return translator().language


def catalogue_problem() -> str | None:
    """Why the chosen language's catalogue could not be used, or None."""
    return translator().problem


def _(message: str) -> str:
    """`message` in the current language."""
    return translator().gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` in `context`, in the current language."""
    return translator().pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The current language's form of a message for `count`."""
    return translator().ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark `message` for translation without translating it now (translate it where shown)."""
    return message


__all__ = [
    "NATIVE_NAMES",
    "N_",
    "Language",
    "_",
    "catalogue_problem",
    "current_language",
    "language_from_environment",
    "ngettext",
    "parse_language",
    "pgettext",
    "set_language",
    "translator",
]
