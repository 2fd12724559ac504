"""Write the shipped table of proven positions (`python -m` this module).

For every board in `BOARDS` and both attackers it proves the empty board
from scratch (no table) and writes the proof tree (`table.proof_tree`) to
``proven.txt`` beside this module, printing what each proof cost. Add
``--check`` to compare with the shipped file instead of writing it (exit
status 1 on a difference).
"""

from __future__ import annotations

import argparse
import sys
import time

from ...engine import Player, Rules
from .boards import BOARDS
from .dfpn import Prover
from .table import TABLE_FILE, Section, format_table, proof_tree

MAX_STONES = 25
"""Depth of the shipped trees in stones (deeper positions prove in milliseconds)."""


def build(boards: tuple[tuple[int, int, int], ...] = BOARDS) -> dict[Section, dict[int, bool]]:
    """The table for `boards`, proved from scratch; prints one line per proof."""
    sections: dict[Section, dict[int, bool]] = {}
    for rows, cols, k in boards:
        for attacker in Player:
            start = time.perf_counter()
            prover = Prover(Rules(rows, cols, k), attacker)
            tree = proof_tree(prover, MAX_STONES)
            won = tree.get(min(prover.board.keys(0, 0)))
            verdict = "wins" if won else "does not win"
            print(
                f"{rows}x{cols} k={k}: {attacker} {verdict}; {len(tree)} positions kept, "
                f"{prover.nodes} nodes, {time.perf_counter() - start:.1f} s",
                flush=True,
            )
            sections[Section(rows, cols, k, attacker)] = tree
    return sections


def main(argv: list[str] | None = None) -> int:
    """Build the table; write it, or with ``--check`` compare it with the shipped one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    from importlib import resources  # slow to import: only where the table is read or written

    text = format_table(build())
    target = resources.files(__package__).joinpath(TABLE_FILE)
    if args.check:
        same = target.read_text(encoding="utf-8") == text
        print("the shipped table matches" if same else "the shipped table DIFFERS")
        return 0 if same else 1
    with resources.as_file(target) as path:
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
