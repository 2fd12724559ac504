"""The table of proven positions shipped with the package, and how it is made.

`proven.txt` holds, per board and attacker, the positions near the start
whose proofs take longer than a move may think: each line a position key
(hex, the least symmetry image as in `board.py`) and ``P`` (the attacker
wins) or ``D`` (it does not). It is the upper part of the proof tree of the
empty board (`proof_tree`): where the attacker wins, one winning move per
attacker turn and every defender reply; where it does not, every attacker
move and one holding reply. Leaves settled by knowledge (wins in one,
pairings, fours) are left out: they are recomputed at once.

The file is written by ``python -m tictac_tui.strategies.proof.build_table``
and checked by tests/strategies/test_proof_table.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from ...engine import Player, Rules
from .dfpn import DISPROVEN, PROVEN, Prover, Verdict

TABLE_FILE = "proven.txt"


@dataclass(frozen=True, slots=True)
class Section:
    """Which proof a block of the table belongs to: a board (freestyle) and an attacker."""

    rows: int
    cols: int
    k: int
    attacker: Player

    @property
    def rules(self) -> Rules:
        """The board of this section."""
        return Rules(self.rows, self.cols, self.k)

    def header(self) -> str:
        """The section's line in the file, e.g. ``board 5 5 4 X``."""
        return f"board {self.rows} {self.cols} {self.k} {self.attacker}"


def parse_table(text: str) -> dict[Section, dict[int, bool]]:
    """Sections of a table file: position key -> True where the attacker wins.

    Raises ValueError naming the line on anything malformed.
    """
    out: dict[Section, dict[int, bool]] = {}
    current: dict[int, bool] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        try:
            if fields[0] == "board" and len(fields) == 5:
                rows, cols, k = (int(f) for f in fields[1:4])
                section = Section(rows, cols, k, Player(fields[4]))
                current = out.setdefault(section, {})
            elif len(fields) == 2 and fields[1] in ("P", "D") and current is not None:
                current[int(fields[0], 16)] = fields[1] == "P"
            else:
                raise ValueError
        except ValueError:
            raise ValueError(f"{TABLE_FILE} line {number} is malformed: {raw!r}") from None
    return out


def format_table(sections: dict[Section, dict[int, bool]]) -> str:
    """The text of a table file (sorted, so regeneration gives the same file)."""
    lines = [
        "# Proven positions: key (least symmetry image, hex) and P (attacker wins) or D.",
        "# Written by: python -m tictac_tui.strategies.proof.build_table",
    ]
    for section, entries in sections.items():
        lines.append(section.header())
        lines.extend(f"{key:x} {'P' if won else 'D'}" for key, won in sorted(entries.items()))
    return "\n".join(lines) + "\n"


@cache
def shipped_table() -> dict[Section, dict[int, bool]]:
    """The table shipped in the package."""
    from importlib import resources  # slow to import: only where the table is read

    text = resources.files(__package__).joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return parse_table(text)


def shipped_entries(rules: Rules, attacker: Player) -> dict[int, bool]:
    """The shipped entries of one board and attacker (empty if none)."""
    if rules.exact:
        return {}
    return shipped_table().get(Section(rules.rows, rules.cols, rules.k, attacker), {})


def seed_prover(prover: Prover) -> int:
    """Put the shipped entries of the prover's board into its table; how many."""
    entries = shipped_entries(prover.board.rules, prover.attacker)
    for key, won in entries.items():
        prover.table[key] = PROVEN if won else DISPROVEN
    return len(entries)


def proof_tree(prover: Prover, max_stones: int) -> dict[int, bool]:
    """The upper part (at most `max_stones` stones) of the empty board's proof tree.

    Proves the empty board first if the prover's table does not settle it.
    Raises ValueError if some position can't be settled (it never should).
    """
    out: dict[int, bool] = {}
    for key, won in _walk(prover, 0, 0, prover.board.keys(0, 0), max_stones):
        out[key] = won
    return out


def _verdict(prover: Prover, a: int, d: int, key: int) -> bool:
    """Whether the attacker wins, from the table or by proving it now."""
    entry = prover.table.get(key)
    if entry not in (PROVEN, DISPROVEN):
        x, o = (a, d) if prover.attacker is Player.X else (d, a)
        if prover.prove(x, o).verdict is Verdict.UNKNOWN:
            raise ValueError("a position of the proof tree could not be settled")
        entry = prover.table[key]
    return entry == PROVEN


def _walk(
    prover: Prover, a: int, d: int, keys: tuple[int, ...], max_stones: int
) -> Iterator[tuple[int, bool]]:
    a_to_move = ((a | d).bit_count() % 2 == 0) == (prover.attacker is Player.X)
    settled, forced = prover.settle(a, d, a_to_move)
    if settled is not None:
        return
    key = min(keys)
    won = _verdict(prover, a, d, key)
    yield key, won
    if (a | d).bit_count() >= max_stones:
        return
    kids = prover.children(a, d, keys, a_to_move, forced)
    if won == a_to_move:
        # The side that succeeds here needs one move: one the table settles, else
        # the first that proves to succeed.
        target = PROVEN if won else DISPROVEN
        known = [c for c in kids if prover.table.get(c[0]) == target]
        kids = known[:1] or [next(c for c in kids if _verdict(prover, c[1], c[2], c[0]) == won)]
    for child in kids:
        yield from _walk(prover, child[1], child[2], child[3], max_stones)
