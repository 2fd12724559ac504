"""Both catalogues translate every message the package shows, with the same placeholders."""

from __future__ import annotations

import functools
import re
import string
from pathlib import Path

import pytest

from tictac_tui.i18n import extract
from tictac_tui.i18n.catalog import Catalog, read_catalog

LANGUAGES = ("en", "zh")


def placeholders(text: str) -> set[str]:
    """The {names} a str.format template uses, or the %-fields of an argparse message."""
    if "%" in text:
        return set(re.findall(r"%\(\w+\)[rsd]|%[rsd]", text))
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_source_has_messages_and_each_is_a_literal() -> None:
    found, not_literal = extract.scan()
    assert len(found) > 50
    assert not_literal == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_a_translation(language: str) -> None:
    assert extract.missing(language) == []
    assert extract.untranslated(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_keeps_entries_nothing_uses(language: str) -> None:
    assert extract.obsolete(language) == []


PLURAL_FORMS = {"en": 2, "zh": 1}
"""How many forms a message with a plural has in each language (its Plural-Forms)."""


@functools.cache
def catalog_of(language: str) -> Catalog:
    return read_catalog(extract.CATALOGUES / f"{language}.po")


def forms(language: str, message: extract.MessageId) -> tuple[str, ...]:
    """A message's translation: its one form, or its forms by count for a plural."""
    catalog = catalog_of(language)
    if message.plural is None:
        return (catalog.messages[message.key],)
    return catalog.plurals[message.key]


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    for message in extract.messages():
        for translated in forms(language, message):
            assert placeholders(translated) == placeholders(message.msgid), message.msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plural_message_has_each_form_its_language_counts(language: str) -> None:
    plurals = [m for m in extract.messages() if m.plural is not None]
    assert plurals
    for message in plurals:
        assert placeholders(message.plural or "") == placeholders(message.msgid)
        assert len(forms(language, message)) == PLURAL_FORMS[language], message.msgid


def test_english_is_its_own_text() -> None:
    for message in extract.messages():
        own = (message.msgid,) if message.plural is None else (message.msgid, message.plural)
        assert forms("en", message) == own


def test_the_chinese_names_of_the_game() -> None:
    catalog = read_catalog(extract.CATALOGUES / "zh.po")
    expected = {
        "Renju": "连珠",
        "Freestyle": "无禁手",
        "Draw": "和棋",
        "gomoku side\x04X": "黑",
        "gomoku side\x04O": "白",
    }
    for key, chinese in expected.items():
        assert catalog.messages[key] == chinese
    assert "禁手" in catalog.messages["{square} is forbidden for black: {foul}."]


def test_the_update_command_reports_nothing_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert extract.main([]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("ending", ["", "\n", "\n\n"])
def test_added_entries_start_after_a_blank_line(tmp_path: Path, ending: str) -> None:
    catalogue = tmp_path / "zh.po"
    catalogue.write_text('msgid "Draw"\nmsgstr "和棋"' + ending, encoding="utf-8")
    extract.add_entries(
        catalogue, [extract.MessageId("Undo"), extract.MessageId("Hint")], english=False
    )
    read = read_catalog(catalogue)
    assert read.messages == {"Draw": "和棋"}
    assert read.untranslated == {"Undo", "Hint"}
    assert catalogue.read_text(encoding="utf-8").startswith(
        'msgid "Draw"\nmsgstr "和棋"\n\nmsgid "Undo"'
    )
