"""Read gettext `.po` catalogues into translation tables, at first use.

A small reader for the part of the PO format our catalogues use: ``msgctxt``,
``msgid``, ``msgid_plural``, ``msgstr`` and ``msgstr[n]``, strings split over
several lines, C escapes, and ``#, fuzzy`` entries (skipped, as msgfmt skips
them). Reading the source catalogue at first use keeps the package free of a
compile step and of a build-time tool.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

CONTEXT_SEPARATOR = "\x04"
"""Joins a message context to its id, as GNU gettext does in compiled catalogues."""


class CatalogError(ValueError):
    """A catalogue that can't be read; the message names the file and line."""


@dataclass
class Entry:
    """One message of a catalogue while it is being read."""

    context: str | None = None
    msgid: str | None = None
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> str:
        """The lookup key: the id, prefixed by its context if it has one."""
        assert self.msgid is not None
        if self.context is None:
            return self.msgid
        return f"{self.context}{CONTEXT_SEPARATOR}{self.msgid}"


@dataclass(frozen=True, slots=True)
class Catalog:
    """Translations of one language: singular and plural messages by key."""

    messages: dict[str, str]
    plurals: dict[str, tuple[str, ...]]
    header: str = ""
    untranslated: frozenset[str] = frozenset()
    """Keys with an entry but no translation yet (empty or fuzzy)."""

    def __len__(self) -> int:
        return len(self.messages) + len(self.plurals)


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text!r}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise CatalogError(f"{where}: bad string {text!r}") from None
    if not isinstance(value, str):
        raise CatalogError(f"{where}: bad string {text!r}")
    return value


def parse_po(text: str, name: str = "catalogue") -> Catalog:
    """The translations in PO `text`; CatalogError naming `name` and the line otherwise."""
    entries: list[Entry] = []
    entry: Entry | None = None
    fuzzy = False  # a "#, fuzzy" flag seen since the last entry began
    target: tuple[str, int] | None = None  # which field a continuation line extends
    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name} line {number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        if line.startswith('"'):
            if entry is None or target is None:
                raise CatalogError(f"{where}: a string continues nothing")
            _extend(entry, target, _unquote(line, where))
            continue
        keyword, _, rest = line.partition(" ")
        value = _unquote(rest, where)
        starts = keyword == "msgctxt" or (
            keyword == "msgid" and (entry is None or entry.msgid is not None)
        )
        if starts:
            if entry is not None:
                entries.append(entry)
            entry, fuzzy = Entry(fuzzy=fuzzy), False
        if entry is None:
            raise CatalogError(f"{where}: {keyword} before any msgid")
        target = _assign(entry, keyword, value, where)
    if entry is not None:
        entries.append(entry)
    return _catalog(entries, name)


def _assign(entry: Entry, keyword: str, value: str, where: str) -> tuple[str, int]:
    """Store `value` in the field `keyword` names; the field, for continuation lines."""
    if keyword == "msgctxt":
        entry.context = value
        return "context", 0
    if keyword == "msgid":
        entry.msgid = value
        return "msgid", 0
    if keyword == "msgid_plural":
        entry.plural = value
        return "plural", 0
    if keyword == "msgstr":
        entry.strings[0] = value
        return "msgstr", 0
    if keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
        index = int(keyword[7:-1])
        entry.strings[index] = value
        return "msgstr", index
    raise CatalogError(f"{where}: unknown keyword {keyword!r}")


def _extend(entry: Entry, target: tuple[str, int], more: str) -> None:
    part, index = target
    if part == "context":
        entry.context = (entry.context or "") + more
    elif part == "msgid":
        entry.msgid = (entry.msgid or "") + more
    elif part == "plural":
        entry.plural = (entry.plural or "") + more
    else:
        entry.strings[index] = entry.strings.get(index, "") + more


def _catalog(entries: list[Entry], name: str) -> Catalog:
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    header = ""
    untranslated: set[str] = set()
    for entry in entries:
        if entry.msgid is None or not entry.strings:
            raise CatalogError(f"{name}: the entry {entry.msgid!r} has no msgstr")
        if entry.msgid == "" and entry.context is None:
            header = entry.strings.get(0, "")
            continue
        forms = tuple(entry.strings[i] for i in sorted(entry.strings))
        if entry.fuzzy or not all(forms):
            untranslated.add(entry.key)
        elif entry.plural is not None:
            plurals[entry.key] = forms
        else:
            messages[entry.key] = forms[0]
    return Catalog(messages, plurals, header, frozenset(untranslated))


def read_catalog(path: Path) -> Catalog:
    """The catalogue in the PO file `path`. Raises OSError or CatalogError."""
    return parse_po(path.read_text(encoding="utf-8"), path.name)
