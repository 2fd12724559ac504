"""Find the package's message ids and keep the catalogues in step with them.

`messages()` reads the package's source (never imports it) for literal
strings passed to ``_``, ``N_``, ``pgettext`` and ``ngettext``. Run
``python -m tictac_tui.i18n.extract`` to list ids a catalogue lacks, and
with ``--update`` to add them (English gets its own text; other languages an
empty string to translate, which the tests refuse until it is filled in).
"""

from __future__ import annotations

import argparse
import ast
import functools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .catalog import CONTEXT_SEPARATOR, parse_po, read_catalog

PACKAGE = Path(__file__).resolve().parent.parent
CATALOGUES = Path(__file__).resolve().parent
SINGULAR_CALLS = {"_": 0, "N_": 0}
"""Functions whose argument at this position is a message id."""


@dataclass(frozen=True, slots=True, order=True)
class MessageId:
    """One message: its id, its context, its plural form, and where it is first used."""

    msgid: str
    context: str | None = None
    plural: str | None = None

    @property
    def key(self) -> str:
        """The catalogue's lookup key (context and id)."""
        return (
            self.msgid if self.context is None else f"{self.context}{CONTEXT_SEPARATOR}{self.msgid}"
        )


@dataclass(frozen=True, slots=True)
class NotLiteral:
    """A translation call whose message is built at run time (an f-string): an error."""

    path: Path
    line: int


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _calls(tree: ast.AST) -> Iterator[tuple[str, ast.Call]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            yield node.func.id, node


def _from_call(name: str, call: ast.Call) -> MessageId | bool | None:
    """The message of one call; None if it is not a translation call; False if not literal."""
    args = call.args
    if name in SINGULAR_CALLS and args:
        text = _literal(args[0])
        if text is None:
            return False if isinstance(args[0], ast.JoinedStr | ast.BinOp) else None
        return MessageId(text)
    if name == "pgettext" and len(args) >= 2:
        context, text = _literal(args[0]), _literal(args[1])
        return MessageId(text, context) if context is not None and text is not None else False
    if name == "ngettext" and len(args) >= 2:
        singular, plural = _literal(args[0]), _literal(args[1])
        return MessageId(singular, plural=plural) if singular and plural else False
    return None


@functools.cache
def scan(package: Path = PACKAGE) -> tuple[set[MessageId], list[NotLiteral]]:
    """Every message id in the package's source, and the calls that are not literal."""
    found: set[MessageId] = set()
    bad: list[NotLiteral] = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, call in _calls(tree):
            message = _from_call(name, call)
            if isinstance(message, MessageId):
                found.add(message)
            elif message is False:
                bad.append(NotLiteral(path, call.lineno))
    return found, bad


def messages() -> set[MessageId]:
    """Every message id in the package's source."""
    return scan()[0]


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def po_entry(message: MessageId, english: bool) -> str:
    """A catalogue entry for `message`: English's own text, else to be translated."""
    lines = []
    if message.context is not None:
        lines.append(f"msgctxt {_quote(message.context)}")
    lines.append(f"msgid {_quote(message.msgid)}")
    if message.plural is not None:
        lines.append(f"msgid_plural {_quote(message.plural)}")
        lines.append(f"msgstr[0] {_quote(message.msgid if english else '')}")
        if english:
            lines.append(f"msgstr[1] {_quote(message.plural)}")
    else:
        lines.append(f"msgstr {_quote(message.msgid if english else '')}")
    return "\n".join(lines) + "\n"


def missing(language: str) -> list[MessageId]:
    """Ids the language's catalogue has no entry for, sorted."""
    catalog = read_catalog(CATALOGUES / f"{language}.po")
    present = set(catalog.messages) | set(catalog.plurals) | catalog.untranslated
    return sorted((m for m in messages() if m.key not in present), key=lambda m: m.key)


def untranslated(language: str) -> list[str]:
    """Keys of the package's messages the language's catalogue does not translate, sorted."""
    catalog = read_catalog(CATALOGUES / f"{language}.po")
    done = set(catalog.messages) | set(catalog.plurals)
    return sorted(m.key for m in messages() if m.key not in done)


def obsolete(language: str) -> list[str]:
    """Keys the language's catalogue has that the package no longer uses, sorted."""
    catalog = read_catalog(CATALOGUES / f"{language}.po")
    used = {m.key for m in messages()}
    return sorted((set(catalog.messages) | set(catalog.plurals) | catalog.untranslated) - used)


def add_entries(path: Path, messages: list[MessageId], *, english: bool) -> None:
    """Append entries for `messages` to the catalogue at `path`, each after a blank line
    (whatever the file's last line ends with)."""
    text = path.read_text(encoding="utf-8").rstrip("\n")
    added = "\n".join(po_entry(message, english) for message in messages)
    path.write_text(f"{text}\n\n{added}", encoding="utf-8")


def drop_entries(path: Path, keys: set[str]) -> None:
    """Rewrite the catalogue at `path` without the entries of `keys` (blank-line separated)."""
    kept = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        found: set[str] = set()
        if "msgid" in block:
            entry = parse_po(block, path.name)
            found = set(entry.messages) | set(entry.plurals) | entry.untranslated
        if not found & keys:
            kept.append(block)
    path.write_text("\n\n".join(kept), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """List (or with --update add) the ids each catalogue lacks; 1 if any lacks one."""
    parser = argparse.ArgumentParser(prog="python -m tictac_tui.i18n.extract")
    parser.add_argument("--update", action="store_true", help="add the missing entries")
    args = parser.parse_args(argv)
    status = 0
    for language in ("en", "zh"):
        lacking = missing(language)
        for message in lacking:
            print(f"{language}.po lacks {message.key!r}")
        if lacking and args.update:
            add_entries(CATALOGUES / f"{language}.po", lacking, english=language == "en")
        status = status or int(bool(lacking))
        unused = obsolete(language)
        for key in unused:
            print(f"{language}.po has an unused entry {key!r}")
        if unused and args.update:
            drop_entries(CATALOGUES / f"{language}.po", set(unused))
        status = status or int(bool(unused))
        for key in untranslated(language) if not lacking else []:
            print(f"{language}.po does not translate {key!r}")
            status = 1
    for call in scan()[1]:
        print(f"{call.path}:{call.line}: a translated message must be a literal string")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
