"""Symmetry images by byte tables: the same images as stone by stone, on every board size."""

from __future__ import annotations

import random
from operator import or_

import pytest

from tictac_tui.engine import Rules, geometry
from tictac_tui.strategies.proof.board import proof_board
from tictac_tui.strategies.solver import Solver
from tictac_tui.strategies.symmetry_keys import MAX_TABLE_SQUARES, LeastImages, SymmetryKeys


def stone_by_stone(keys: SymmetryKeys, x: int, o: int) -> tuple[int, ...]:
    """The images with one OR per stone, from the per-square images alone."""
    out = keys.empty
    for colour, bits in ((0, x), (1, o)):
        for i in range(bits.bit_length()):
            if bits >> i & 1:
                out = tuple(map(or_, out, keys.images[colour][i]))
    return out


def from_the_engine(rules: Rules, x: int, o: int) -> tuple[int, ...]:
    """The images straight from the engine's symmetry permutations."""
    size = rules.rows * rules.cols
    return tuple(
        sum(1 << perm[i] for i in range(size) if x >> i & 1)
        | sum(1 << (perm[i] + size) for i in range(size) if o >> i & 1)
        for perm in geometry(rules).symmetries
    )


@pytest.mark.parametrize(
    "rules",
    [
        Rules(3, 3, 3),
        Rules(4, 4, 4),
        Rules(3, 5, 3),
        Rules(5, 5, 4),
        Rules(6, 6, 3),
        Rules(9, 9, 2),  # over MAX_TABLE_SQUARES: stone by stone
    ],
    ids=str,
)
def test_byte_tables_give_the_engines_images(rules: Rules) -> None:
    solver = Solver(geometry(rules), any_size=True)
    size = rules.rows * rules.cols
    assert bool(solver.symmetry_keys.tables) is (size <= MAX_TABLE_SQUARES)
    rng = random.Random(size)
    for _ in range(300):
        occupied = rng.getrandbits(size) & rng.getrandbits(size)
        x = occupied & rng.getrandbits(size)
        o = occupied & ~x
        expected = from_the_engine(rules, x, o)
        assert solver.keys(x, o) == expected
        assert stone_by_stone(solver.symmetry_keys, x, o) == expected
        if rules.k >= 3:
            assert proof_board(rules).keys(x, o) == expected


@pytest.mark.parametrize(
    "rules",
    [Rules(3, 3, 3), Rules(4, 4, 4), Rules(3, 5, 3), Rules(2, 8, 3), Rules(1, 7, 3)],
    ids=str,
)
def test_least_images_give_the_least_of_the_engines_images(rules: Rules) -> None:
    size = rules.rows * rules.cols
    least = LeastImages(geometry(rules).symmetries, size)
    rng = random.Random(size)
    for n in range(600):
        occupied = rng.getrandbits(size) & rng.getrandbits(size)
        x = occupied & rng.getrandbits(size)
        o = occupied & ~x if n % 3 else 0  # no O stones: every symmetry ties on them
        assert least.key(x, o) == min(from_the_engine(rules, x, o))
    assert Solver(geometry(rules)).least_images is not None


def test_least_images_serve_small_boards_only() -> None:
    assert Solver(geometry(Rules(5, 5, 4)), any_size=True).least_images is None
    with pytest.raises(ValueError, match="at most 16 squares"):
        LeastImages(geometry(Rules(5, 5, 4)).symmetries, 25)
