"""`settle_character_type`: a UTF-8 LC_CTYPE that exists, else English; said once."""

from __future__ import annotations

import locale
from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.i18n import Language
from tictac_tui.tui import localefix
from tictac_tui.tui.localefix import Drawing, settle_character_type

from .conftest import ON_WINDOWS

pytestmark = pytest.mark.skipif(ON_WINDOWS, reason="POSIX locales")
MISSING = "zz_ZZ.UTF-8"
"""A locale no machine has."""


def exists(name: str) -> bool:
    before = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, name)
    except locale.Error:
        return False
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
    return True


@pytest.fixture(autouse=True)
def restored() -> Iterator[None]:
    """The process's character type and language as they were."""
    before = locale.setlocale(locale.LC_CTYPE)
    yield
    locale.setlocale(locale.LC_CTYPE, before)
    i18n.set_language("en")


def utf8_fallback() -> str:
    found = next((name for name in localefix.UTF8_LOCALES if exists(name)), None)
    if found is None:
        pytest.skip("no UTF-8 locale on this machine")
    return found


def test_a_missing_locale_falls_back_to_a_utf8_one_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    using = utf8_fallback()
    monkeypatch.setenv("LC_ALL", MISSING)
    found = settle_character_type()
    assert found.drawing is Drawing.UTF8_INSTEAD and found.using == using
    assert not found.installed and not found.ascii_only
    assert found.notice() == f"Locale {MISSING} is not installed; using {using}"
    assert locale.nl_langinfo(locale.CODESET).replace("-", "").lower() == "utf8"


def test_the_c_locale_becomes_utf8_without_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    utf8_fallback()
    monkeypatch.setenv("LC_ALL", "C")
    found = settle_character_type()
    assert found.drawing is Drawing.UTF8_INSTEAD and found.notice() is None


def test_a_utf8_locale_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    using = utf8_fallback()
    monkeypatch.setenv("LC_ALL", using)
    found = settle_character_type()
    assert found.drawing is Drawing.AS_ASKED and found.notice() is None


def test_with_no_utf8_locale_at_all_english_and_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "zz_ZZ.UTF-8")
    monkeypatch.setattr(localefix, "UTF8_LOCALES", ("zz_YY.UTF-8",))
    i18n.set_language("zh")
    found = settle_character_type()
    assert found.drawing is Drawing.ASCII and found.ascii_only
    assert i18n.current_language() is Language.EN
    assert found.notice() == (
        f"Locale {MISSING} is not installed and no UTF-8 locale is; using English"
    )
