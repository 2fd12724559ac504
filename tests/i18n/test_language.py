"""Choosing the language, reading catalogues, falling back to English, and display width."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tictac_tui import i18n
from tictac_tui.engine import Player, Rules
from tictac_tui.i18n import Language, Translator, language_from_environment, parse_language
from tictac_tui.i18n.catalog import CatalogError, parse_po
from tictac_tui.i18n.width import text_width, wrap
from tictac_tui.words import game_name, side_name


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, Language.EN),
        ({"LANG": "zh_CN.UTF-8"}, Language.ZH),
        ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"}, Language.EN),
        ({"LC_MESSAGES": "zh_TW", "LANG": "en_GB"}, Language.ZH),
        ({"LANGUAGE": "fr:zh_CN", "LANG": "en_US"}, Language.ZH),
        ({"LANGUAGE": "", "LANG": "C"}, Language.EN),
        ({"LANG": "de_DE.UTF-8"}, Language.EN),
    ],
)
def test_the_language_follows_the_locale_variables(
    environ: dict[str, str], language: Language
) -> None:
    assert language_from_environment(environ) is language


def test_a_language_is_named_by_code() -> None:
    assert parse_language("zh") is Language.ZH
    assert parse_language("EN") is Language.EN
    with pytest.raises(ValueError, match="choose en or zh"):
        parse_language("klingon")


def test_chinese_names_the_sides_black_and_white_on_gomoku_boards_only() -> None:
    i18n.set_language("zh")
    assert side_name(Player.X, Rules.gomoku(15)) == "黑"
    assert side_name(Player.O, Rules.gomoku(15)) == "白"
    assert side_name(Player.X, Rules(3, 3, 3)) == "X"
    assert game_name(Rules.gomoku(15, rule="renju")) == "五子棋 15x15（连珠）"
    i18n.set_language("en")
    assert side_name(Player.X, Rules.gomoku(15)) == "X"
    assert game_name(Rules.gomoku(15, rule="renju")) == "Gomoku 15x15 (Renju)"


def test_a_missing_catalogue_falls_back_to_english(tmp_path: Path) -> None:
    translator = Translator(Language.ZH, directory=tmp_path)
    assert translator.gettext("Draw") == "Draw"
    assert translator.problem is not None and "中文" in translator.problem


def test_a_broken_catalogue_falls_back_to_english(tmp_path: Path) -> None:
    (tmp_path / "zh.po").write_bytes(b'msgid "Draw"\nmsgstr \xff\xfe broken')
    translator = Translator(Language.ZH, directory=tmp_path)
    assert translator.gettext("Draw") == "Draw"
    assert translator.problem is not None


def test_english_reads_no_catalogue(tmp_path: Path) -> None:
    """The source strings are English (each its own translation: test_catalogues)."""
    (tmp_path / "en.po").write_bytes(b'msgid "Draw"\nmsgstr "Tie"\n')
    translator = Translator(Language.EN, directory=tmp_path)
    assert translator.gettext("Draw") == "Draw" and translator.problem is None


def test_a_catalogue_error_names_the_line() -> None:
    with pytest.raises(CatalogError, match="line 2"):
        parse_po('msgid "a"\nmsgstr nope', "zh.po")


def test_fuzzy_and_empty_entries_are_not_used() -> None:
    catalog = parse_po(
        '#, fuzzy\nmsgid "Draw"\nmsgstr "和"\n\nmsgid "Easy"\nmsgstr ""\n\n'
        'msgid "Hard"\nmsgstr ""\n"困难"\n'
    )
    assert catalog.messages == {"Hard": "困难"}
    assert catalog.untranslated == {"Draw", "Easy"}


def test_plural_forms_follow_the_catalogue_rule(tmp_path: Path) -> None:
    (tmp_path / "zh.po").write_text(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        'msgid "{n} move"\nmsgid_plural "{n} moves"\nmsgstr[0] "{n} 步"\n',
        encoding="utf-8",
    )
    translator = Translator(Language.ZH, directory=tmp_path)
    assert translator.ngettext("{n} move", "{n} moves", 5) == "{n} 步"
    english = Translator(Language.EN, directory=tmp_path)
    assert english.ngettext("{n} move", "{n} moves", 1) == "{n} move"
    assert english.ngettext("{n} move", "{n} moves", 2) == "{n} moves"


def test_chinese_text_is_two_columns_a_character() -> None:
    assert text_width("和棋") == 4
    assert text_width("Draw") == 4
    assert text_width("提示：H8") == 8
    assert text_width("e\u0301") == 1  # a combining accent takes no column


def test_wrapping_breaks_latin_at_spaces_and_chinese_anywhere_but_before_punctuation() -> None:
    latin = wrap("Five or more wins, but not a five", 12)
    assert latin == ["Five or more", "wins, but", "not a five"]
    text = "X（黑棋）不能下三三、四四或长连，这些点标为 #（按 f 隐藏）。"
    chinese = wrap(text, 14)
    assert all(text_width(line) <= 14 for line in chinese)
    assert "".join(chinese).replace(" ", "") == text.replace(" ", "")
    assert not any(line[0] in "，。）、" for line in chinese)
    assert not any(line[-1] == "（" for line in chinese)
    assert wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]
