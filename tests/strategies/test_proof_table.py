"""The shipped table of proven positions: its format, and that a fresh proof agrees with it."""

from __future__ import annotations

from importlib import resources

import pytest

from tictac_tui.engine import Player
from tictac_tui.strategies.proof import build_table, table
from tictac_tui.strategies.proof.board import proof_board
from tictac_tui.strategies.proof.boards import BOARDS
from tictac_tui.strategies.proof.dfpn import PROVEN, Prover, Verdict
from tictac_tui.strategies.proof.table import (
    Section,
    format_table,
    parse_table,
    shipped_table,
)


def test_every_served_board_ships_both_sides() -> None:
    sections = shipped_table()
    for rows, cols, k in BOARDS:
        for side in Player:
            assert Section(rows, cols, k, side) in sections


def test_format_round_trip() -> None:
    table = {Section(4, 5, 4, Player.X): {0x1F: True, 0x2: False}, Section(5, 5, 4, Player.O): {}}
    assert parse_table(format_table(table)) == table


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("board 4 5 4 X\nzz P\n", 2),
        ("1f P\n", 1),  # an entry before any board line
        ("board 4 5 4 Z\n", 1),
        ("board 4 5\n", 1),
        ("board 4 5 4 X\n1f Q\n", 2),
    ],
)
def test_malformed_tables_are_refused_by_line(text: str, line: int) -> None:
    with pytest.raises(ValueError, match=f"proven.txt line {line} is malformed"):
        parse_table(text)


def keys_to_stones(key: int, size: int) -> tuple[int, int]:
    """(X stones, O stones) of a key: the position in its least symmetry image."""
    return key & ((1 << size) - 1), key >> size


@pytest.mark.parametrize("section", sorted(shipped_table(), key=str), ids=str)
def test_the_deepest_shipped_positions_prove_afresh(section: Section) -> None:
    """A fresh prover, without the table, agrees on each section's 25 fullest positions."""
    entries = shipped_table()[section]
    size = section.rows * section.cols
    deepest = sorted(entries, key=lambda key: -key.bit_count())[:25]
    prover = Prover(section.rules, section.attacker)
    for key in deepest:
        verdict = prover.prove(*keys_to_stones(key, size)).verdict
        assert verdict is (Verdict.PROVEN if entries[key] else Verdict.DISPROVEN)
        assert (prover.table[key] == PROVEN) is entries[key]


PUBLISHED = {(4, 5, 4): False, (4, 6, 4): False, (5, 5, 4): False, (5, 6, 4): True}
"""Does X win? Uiterwijk 2019: 4x5, 4x6 and 5x5 are draws, 5x6 the smallest win."""


@pytest.mark.slow
def test_every_proof_from_scratch_gives_the_published_values_and_the_shipped_table() -> None:
    """All boards proved again from the empty board and an empty table (about a minute)."""
    sections = build_table.build()
    for section, tree in sections.items():
        root = min(proof_board(section.rules).keys(0, 0))
        shape = (min(section.rows, section.cols), max(section.rows, section.cols), section.k)
        x_wins = PUBLISHED[shape]
        assert tree[root] is (x_wins if section.attacker is Player.X else False), section
    shipped = resources.files(table.__package__).joinpath(table.TABLE_FILE)
    assert format_table(sections) == shipped.read_text(encoding="utf-8")
