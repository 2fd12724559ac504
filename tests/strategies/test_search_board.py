"""The search's incremental board and pattern tables, against a rebuild from scratch."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tictac_tui.engine import GameState, Rule, Rules
from tictac_tui.strategies.search import board as search_board
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.patterns import (
    B3,
    B4,
    B_COMBO,
    B_VALUE,
    BLACK,
    COMBO_VALUE,
    DEAD,
    F3,
    F4,
    F5,
    FIVE,
    FLEX4,
    FOUR,
    FOUR3,
    OVER,
    PATTERN_NAMES,
    THREE,
    W_COMBO,
    W_VALUE,
    WALL,
    WHITE,
    Combo,
    block_cache,
    combos,
    span_cache,
    tables,
)

FOUR_THREE_DIAGRAM = """
    O.......O
    .........
    ....X....
    ....X....
    OXXX.....
    .........
    .........
    O........
    ........O
"""
"""Black makes a four-three at (4, 4), a four at (4, 5) and an open three at (5, 4)."""


def snapshot(board: Board) -> tuple[object, ...]:
    """Everything the search reads: the state of the empty squares (their `Comb` and how
    many of their directions make what a combination needs), threat sets, totals, hash.

    An occupied square's state is frozen while it is occupied (it is right
    again once later stones are taken back) and never read, so it is left out.
    """
    empty = [i for i, c in enumerate(board.cells) if c == 0]
    return (
        list(board.cells),
        [board.comb[i] for i in empty],
        [board.rich[i] for i in empty],
        [[set(s) for s in board.threats[side]] for side in (BLACK, WHITE)],
        board.total[:],
        set(board.candidates),
        board.hash,
    )


def play_random_and_take_back(
    rules: Rules, rng: random.Random, moves: int, each: Callable[[], None] = lambda: None
) -> Board:
    """Up to `moves` random moves made on a new board (calling `each` after every one),
    checked against a board built from the position, then all taken back and checked
    against the empty board; the board is returned, empty again."""
    board = Board(rules)
    empty = snapshot(board)
    state = GameState.new(rules)
    for _ in range(moves):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        board.make(board.square(*move))
        each()
    assert snapshot(board) == snapshot(Board.from_state(state))
    while board.stack:
        board.unmake()
    assert snapshot(board) == empty
    return board


def test_totals_are_the_sums_of_the_empty_squares_values() -> None:
    """After every move and take-back the totals are what the empty squares' values add up
    to (lines and combinations), and combinations were met on the way."""
    rules = Rules(15, 15, 5)
    rng = random.Random(3)
    combined = 0

    def sums_match() -> None:
        nonlocal combined
        empty = [sq for sq in board.squares if not board.cells[sq]]
        combs = [board.comb[sq] for sq in empty]
        assert board.total[BLACK] == sum(c[B_VALUE] for c in combs)
        assert board.total[WHITE] == sum(c[W_VALUE] for c in combs)
        combined += sum(1 for c in combs if c[B_COMBO] or c[W_COMBO])

    for _ in range(4):
        board = Board(rules)
        for _ in range(40):
            board.make(rng.choice(sorted(board.candidates or {board.square(7, 7)})))
            if board.threats[BLACK][FIVE] or board.threats[WHITE][FIVE]:
                break
            sums_match()
        while board.stack:
            board.unmake()
            sums_match()
    assert combined > 100


def counted(**patterns: int) -> list[int]:
    """Per-pattern direction counts with the named patterns' counts."""
    return [patterns.get(name, 0) for name in PATTERN_NAMES]


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        (counted(F3=1, F2=1), [Combo.THREE_AND_TWO]),
        (counted(F3=1, B3=1), [Combo.THREE_AND_TWO]),
        (counted(F3=2, F2=1), [Combo.DOUBLE_THREE]),
        (counted(B4=1, F3=1), [Combo.FOUR_THREE]),
        (counted(B4=1, B3=1), [Combo.FOUR_AND_TWO]),
        (counted(F2=1, B3=1), [Combo.TWO_AND_CLOSED_THREE]),
        (counted(B3=2, F2=1), [Combo.TWO_AND_CLOSED_THREE, Combo.CLOSED_THREES]),
        (counted(F3=1), []),
        (counted(F2=3), []),
        (counted(B4=2, F3=1), []),  # two fours: its class is the threat
        (counted(F4=1, F3=1), []),
        (counted(F5=1, F3=2), []),
    ],
)
def test_combinations(counts: list[int], expected: list[Combo]) -> None:
    assert combos(counts) == expected


def test_a_squares_value_adds_its_combination() -> None:
    board = Board.from_state(GameState.from_diagram(FOUR_THREE_DIAGRAM, k=5))
    four_three = board.comb[board.square(4, 4)]
    assert board.cls(BLACK, board.square(4, 4)) == FOUR3
    assert four_three[B_COMBO] == COMBO_VALUE[Combo.FOUR_THREE]
    alone = Board.from_state(GameState.from_diagram("...../...../..X../...../.....", k=5))
    assert all(alone.comb[sq][B_COMBO] == 0 for sq in alone.squares if not alone.cells[sq])
    assert four_three[B_VALUE] > COMBO_VALUE[Combo.FOUR_THREE]


@pytest.mark.parametrize(
    "rules",
    [
        Rules(15, 15, 5),
        Rules(15, 15, 5, exact=True),
        Rules(15, 15, 5, rule="renju"),
        Rules(15, 15, 5, rule="caro"),
        Rules(7, 7, 4),
        Rules(6, 10, 5),
    ],
)
def test_make_and_unmake_match_a_fresh_board(rules: Rules) -> None:
    rng = random.Random(7)
    for _ in range(3):
        board = play_random_and_take_back(rules, rng, 30)
        fresh = Board(rules)  # every table exactly restored, occupied squares' too
        assert (board.codes, board.vecs) == (fresh.codes, fresh.vecs)


def test_spans_forgotten_at_every_stone_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for one span the board forgets them at nearly every stone, and works each
    out again: the same state as a board built from the position, and back to empty."""
    monkeypatch.setattr(search_board, "SPANS_KEPT", 1)
    rules = Rules(15, 15, 5, rule="renju")
    span_cache(rules.k, rules.rule).clear()  # then every span met is forgotten at the next

    def one_kept() -> None:
        assert len(span_cache(rules.k, rules.rule)) <= 1

    play_random_and_take_back(rules, random.Random(11), 40, one_kept)


def test_stoppers_forgotten_at_every_segment_change_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for one segment `Board.stoppers` forgets them at nearly every look-up and
    works each out again: the same squares for every threat of both sides."""
    rules = Rules(15, 15, 5)
    rng = random.Random(5)
    state = GameState.new(rules)
    board = Board(rules)
    for _ in range(30):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        board.make(board.square(*move))
    targets = [
        (target, side)
        for side in (BLACK, WHITE)
        for cls in range(THREE, len(board.threats[side]))
        for target in sorted(board.threats[side][cls])
    ]
    assert targets
    kept = [board.stoppers(target, side) for target, side in targets]
    monkeypatch.setattr(search_board, "BLOCKS_KEPT", 1)
    block_cache(rules.k, rules.rule).clear()
    assert [board.stoppers(target, side) for target, side in targets] == kept
    assert len(block_cache(rules.k, rules.rule)) <= 1


def pattern(row: str, exact: bool = False, rule: Rule | None = None, side: int = BLACK) -> int:
    """`side`'s pattern for playing the '*' of a row (walls beyond it); X black, O white."""
    lines, _ = tables(5, rule or (Rule.EXACT if exact else Rule.FREESTYLE))
    radius = lines.radius
    centre = row.index("*")
    codes = []
    for offset in [*range(-radius, 0), *range(1, radius + 1)]:
        i = centre + offset
        codes.append(WALL if not 0 <= i < len(row) else ".XO".index(row[i]))
    key = sum(code << (2 * field) for field, code in enumerate(codes))
    return lines[key] & 15 if side == BLACK else lines[key] >> 4


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("..XX*XX..", F5),
        ("...XX*X...", F4),
        ("O.XX*X...", F4),
        ("OXXX*....", B4),
        ("..X.*X...", F3),
        ("O.XX*....", F3),
        ("OXX*.....", B3),
        ("OX*.O", DEAD),
    ],
)
def test_line_patterns(row: str, expected: int) -> None:
    assert pattern(row) == expected


def test_exact_rule_overline_patterns() -> None:
    assert pattern("XX*XXX....") == F5
    assert pattern("XX*XXX....", exact=True) != F5
    assert pattern(".XXX*X....", exact=True) == F5


def test_renju_black_needs_exactly_five_white_any_five() -> None:
    assert pattern("XX*XXX....", rule=Rule.RENJU) == OVER
    assert pattern(".XXX*X....", rule=Rule.RENJU) == F5
    assert pattern("OO*OOO....", rule=Rule.RENJU, side=WHITE) == F5
    # A black four whose completion would be an overline is no four.
    assert pattern("XX.X*X....", rule=Rule.RENJU) < B4
    assert pattern("XX.X*X....") == B4


def test_caro_five_blocked_at_both_ends_is_no_five() -> None:
    assert pattern("OXX*XXO...", rule=Rule.CARO) != F5
    assert pattern("OXX*XXO...") == F5
    assert pattern(".XX*XXO...", rule=Rule.CARO) == F5
    assert pattern("XX*XXO....", rule=Rule.CARO) == F5  # the edge does not block
    assert pattern("OXX*XXXO..", rule=Rule.CARO) == F5  # an overline wins even blocked
    # A four that can only become a blocked five is no four.
    assert pattern("OXX*X.O...", rule=Rule.CARO) < B4
    assert pattern("OXX*X.O...") == B4


def test_square_classes() -> None:
    board = Board.from_state(GameState.from_diagram(FOUR_THREE_DIAGRAM, k=5))
    assert board.cls(BLACK, board.square(4, 4)) == FOUR3
    assert board.cls(BLACK, board.square(4, 5)) == FOUR
    assert board.cls(BLACK, board.square(5, 4)) == THREE
    assert board.cls(WHITE, board.square(4, 4)) < THREE
    assert FLEX4 > FOUR3 > FOUR > THREE


@pytest.mark.parametrize(
    "rules", [Rules(15, 15, 5), Rules(15, 15, 5, exact=True), Rules(6, 10, 4), Rules(3, 26, 12)]
)
def test_empty_board_segment_codes_match_a_direct_count(rules: Rules) -> None:
    board = Board(rules)
    radius = board.radius
    for sq in board.squares:
        for d, step in enumerate(board.offsets):
            expected = 0
            for j in [*range(-radius, 0), *range(1, radius + 1)]:
                code = board.cells[sq + j * step]
                field = j + radius if j < 0 else j + radius - 1
                expected |= code << (2 * field)
            assert board.segment_key(d, sq) == expected
