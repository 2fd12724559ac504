"""Renju: black's forbidden points, checked against published positions and an
independent judge (the PyPI package `renju`, a port of Piskvork's), and the
rule as GameState plays it."""

from __future__ import annotations

import copy
import random
import re
from dataclasses import replace

import pytest
from renju.check_forbid import ForbidChecker

from tictac_tui.engine import (
    ForbiddenMove,
    Foul,
    GameState,
    IllegalMove,
    Move,
    Player,
    Rules,
    geometry,
)
from tictac_tui.engine.renju import analyse_line, forbidden_at, forbidden_points

from .renju_cases import (
    GOGUI_CASES,
    MARKS,
    MINTAKA_BOARDS,
    MINTAKA_STRIPS,
    RENJU_RULES_FILES,
    Case,
)
from .renju_oracle import (
    CODES,
    RENJU,
    Comparison,
    LineSaver,
    Verdicts,
    compare,
    compare_verdicts,
    line_masks,
    oracle_codes,
    oracle_verdicts,
    shape_seeking_games,
)
from .renju_verdicts import (
    CHUNKS,
    FILE,
    FULL_RUN,
    FULL_SEED,
    SAMPLE_EVERY,
    WRITE,
    StaleVerdicts,
    Stored,
    StoredChunk,
    dumps,
    judge_chunk,
    judge_name,
    loads,
    replay,
    stored_verdicts,
)

# -- the published positions ------------------------------------------------------


def parse(rows: tuple[str, ...]) -> tuple[Rules, int, int, dict[int, Foul | None]]:
    """Rules, black and white bitboards, and the published verdict per marked point."""
    rules = Rules(len(rows), len(rows[0]), 5, rule="renju")
    black = white = 0
    expected: dict[int, Foul | None] = {}
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            index = r * len(row) + c
            if char == "X":
                black |= 1 << index
            elif char == "O":
                white |= 1 << index
            elif char in MARKS:
                expected[index] = MARKS[char]
            elif char == "?":
                expected[index] = None
            else:
                assert char == ".", char
    return rules, black, white, expected


def verdicts(case: Case) -> tuple[dict[int, Foul | None], dict[int, Foul | None]]:
    """(published, ours) over the points the source speaks of."""
    rules, black, white, expected = parse(case.rows)
    geo = geometry(rules)
    ours: dict[int, Foul | None] = dict(forbidden_points(black, white, geo))
    empty = [i for i in range(geo.size) if not (black | white) >> i & 1]
    if case.only_marked:
        return expected, {i: ours.get(i) for i in expected}
    published = {i: expected.get(i) for i in empty}
    return published, {i: ours.get(i) for i in empty}


ALL_CASES = MINTAKA_BOARDS + RENJU_RULES_FILES + GOGUI_CASES


@pytest.mark.parametrize("case", ALL_CASES, ids=[f"{c.source}: {c.name}" for c in ALL_CASES])
def test_published_positions(case: Case) -> None:
    published, ours = verdicts(case)
    assert ours == published


@pytest.mark.parametrize("case", ALL_CASES, ids=[f"{c.source}: {c.name}" for c in ALL_CASES])
def test_published_positions_agree_with_the_oracle(case: Case) -> None:
    rules, black, white, _ = parse(case.rows)
    geo = geometry(rules)
    empty = [i for i in range(geo.size) if not (black | white) >> i & 1]
    theirs = oracle_codes(black, white, geo, empty)
    ours = forbidden_points(black, white, geo)
    assert {i: CODES[ours.get(i)] for i in empty} == theirs


@pytest.mark.parametrize("strip", MINTAKA_STRIPS)
def test_one_line_strips(strip: str) -> None:
    """mintaka's one-line cases: the strip is a whole board line, edges at both ends."""
    _, black, white, expected = parse((strip,))
    geo = geometry(Rules(1, len(strip), 5, rule="renju"))
    ours = forbidden_points(black, white, geo)
    empty = [i for i in range(geo.size) if not (black | white) >> i & 1]
    assert {i: ours.get(i) for i in empty} == {i: expected.get(i) for i in empty}


# -- every shape, each on its own -----------------------------------------------

SHAPES = [
    # (what, diagram with the point as "*", verdict for black there). Every other
    # empty point is checked against the oracle too.
    ("six in a row", "..XXX*XX.", Foul.OVERLINE),
    ("seven in a row", "XXX*XXX..", Foul.OVERLINE),
    ("exact five", ".XXXX*...", None),
    ("exact five between white stones", "OXXXX*O..", None),
    ("one-line double four X.XXX.X", ".X.X*X.X.", Foul.DOUBLE_FOUR),
    ("X.XXX.X with the point at the side", "X.XX*.X..", Foul.DOUBLE_FOUR),
    ("one-line double four XX.XX.XX", "XX.*X.XX.", Foul.DOUBLE_FOUR),
    ("one-line double four XXX.X.XXX", "XXX.*.XXX", Foul.DOUBLE_FOUR),
    ("a straight four is one four", "..XX*X...", None),
    ("a five point that makes six is no four", "X.XX*....", None),
    (
        "open three and open three",
        "........./........./....X..../....X..../..XX*..../........./........./........./.........",
        Foul.DOUBLE_THREE,
    ),
    (
        "split three and open three",
        "........./........./....X..../....X..../.X.X*..../........./........./........./.........",
        Foul.DOUBLE_THREE,
    ),
    (
        "three with a white stone beside it is no three",
        "........./....O..../....X..../....X..../..XX*..../........./........./........./.........",
        None,
    ),
    (
        "three against the edge is no three (the edge blocks like white)",
        "....X..../....X..../..XX*..../........./........./........./........./........./.........",
        None,
    ),
    (
        "three one square from the edge is a three",
        "........./....X..../....X..../..XX*..../........./........./........./........./.........",
        Foul.DOUBLE_THREE,
    ),
    (
        "three whose far end is white two squares away is a three",
        "....O..../........./....X..../....X..../..XX*..../........./........./........./.........",
        Foul.DOUBLE_THREE,
    ),
    (
        "three whose straight four would make six is no three",
        "....X..../........./....X..../....X..../..XX*..../........./........./........./.........",
        None,
    ),
    (
        "four and three are allowed",
        "........./....X..../....X..../....X..../..XX*..../........./........./........./.........",
        None,
    ),
    (
        "four and four on two lines",
        "........./....X..../....X..../....X..../.XXX*..../........./........./........./.........",
        Foul.DOUBLE_FOUR,
    ),
    (
        "a four blocked by white still counts",
        "....O..../....X..../....X..../....X..../OXXX*..../........./........./........./.........",
        Foul.DOUBLE_FOUR,
    ),
    (
        "three threes",
        "........./........./..X.X..../...XX..../..XX*..../........./........./........./.........",
        Foul.DOUBLE_THREE,
    ),
    (
        "docs/rules.md: the recursive three (a and b are double fours)",
        "........./........./....X..../....X..../..XX*..../.X...X.../.X...X.../.X...X.../.O...O...",
        None,
    ),
    (
        "docs/rules.md: the recursive three without the stones under b",
        "........./........./....X..../....X..../..XX*..../.....X.../.....X.../.....X.../.....O...",
        Foul.DOUBLE_THREE,
    ),
    (
        "exact five beats an overline on another line",
        "....X..../....X..../....X..../....X..../X.XX*XX../........./........./........./.........",
        None,
    ),
    (
        "exact five beats a double four",
        "........./....X..../....X..../....X..../XXXX*..../....X..../........./.......X./.........",
        None,
    ),
    (
        "overline and double four: reason overline",
        "....X..../........./....X..../....X..../.XXX*XX../........./....X..../........./.........",
        Foul.OVERLINE,
    ),
]


def shape_board(diagram: str) -> tuple[Rules, int, int, int]:
    rows = diagram.split("/")
    width = len(rows[0])
    assert all(len(row) == width for row in rows), diagram
    rules = Rules(len(rows), width, 5, rule="renju")
    black = white = 0
    point = -1
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char == "X":
                black |= 1 << (r * width + c)
            elif char == "O":
                white |= 1 << (r * width + c)
            elif char == "*":
                point = r * width + c
    return rules, black, white, point


@pytest.mark.parametrize(("what", "diagram", "verdict"), SHAPES, ids=[s[0] for s in SHAPES])
def test_each_shape(what: str, diagram: str, verdict: Foul | None) -> None:
    rules, black, white, point = shape_board(diagram)
    geo = geometry(rules)
    assert forbidden_at(black, white, point, geo) is verdict
    if rules.rows == rules.cols:  # the oracle reads square boards only
        empty = [i for i in range(geo.size) if not (black | white) >> i & 1]
        ours = forbidden_points(black, white, geo)
        assert {i: CODES[ours.get(i)] for i in empty} == oracle_codes(black, white, geo, empty)


def test_line_analysis_counts_fours_as_stone_sets() -> None:
    straight = analyse_line(tuple("00011" + "10000"))  # ...XX[*]X....: .XXXX.
    assert straight is not None and straight.fours == 1 and not straight.three_points
    double = analyse_line(tuple("00101" + "10100"))  # ..X.X[*]X.X..: X.XXX.X
    assert double is not None and double.fours == 2
    three = analyse_line(tuple("00001" + "10000"))  # ....X[*]X....: .XXX.
    assert three is not None and three.fours == 0 and three.three_points == (-2, 2)
    assert analyse_line(tuple("00001" + "00000")) is None


# -- the differential test ---------------------------------------------------------


def test_the_judges_lines_are_saved_as_deepcopy_saves_them() -> None:
    """The oracle's faster save of the judge's lines makes what `copy.deepcopy` makes."""
    rng = random.Random(3)
    for _ in range(200):
        row = [rng.choice((-1, 0, 1)) for _ in range(19)]
        line = ForbidChecker.Line()
        line.setline(row, rng.randrange(15))
        saved, reference = LineSaver.deepcopy(line), copy.deepcopy(line)
        assert vars(saved) == vars(reference) and set(vars(line)) == {"x", "p"}
        assert saved.x is not line.x


def run_differential(seed: int, positions: int) -> Comparison:
    """Compare the first `positions` positions of the games of `seed`."""
    totals = Comparison()
    masks = line_masks(geometry(RENJU))
    for state in shape_seeking_games(seed, positions):
        compare(state, masks, totals)
    return totals


def test_differential_against_the_renju_package() -> None:
    """A CI-sized run asking the judge live; the full one is below (slow: against the judge's
    stored verdicts, renju_verdicts.py) and in bench/forbidden.py."""
    totals = run_differential(seed=2024, positions=120)
    assert totals.mismatches == []
    assert totals.positions == 120
    # The games must make every kind of foul, or this test proves little.
    assert all(totals.fouls[code] >= 5 for code in (1, 2, 3)), totals.fouls


def stored_differential(
    chunk: StoredChunk, every: int = SAMPLE_EVERY
) -> tuple[Comparison, list[tuple[int, Verdicts, Verdicts]]]:
    """Our verdicts on the positions of `chunk` against its stored ones, and the positions
    (number, live, stored) among every `every`-th where the live judge differs from the file."""
    masks = line_masks(geometry(RENJU))
    totals, drifted = Comparison(), []
    for number, state, theirs in replay(chunk, f" ({FILE.name})"):
        compare_verdicts(state, theirs, totals)
        if number % every == 0:
            live = oracle_verdicts(state, masks)
            if live != theirs:
                drifted.append((number, live, theirs))
    return totals, drifted


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_differential_against_the_renju_package_10000_positions(chunk: int) -> None:
    """Chunk `chunk`: `FULL_RUN` / `CHUNKS` positions; the chunks together make the full run.

    Our verdict on every empty point against the judge's, as stored (renju_verdicts.py says
    what and why); the live judge checks every `SAMPLE_EVERY`-th stored position again.
    """
    stored = stored_verdicts()
    positions = FULL_RUN // CHUNKS
    held = [(c.seed, c.positions) for c in stored.chunks]
    wanted = [(FULL_SEED + n, positions) for n in range(CHUNKS)]
    assert held == wanted, f"{FILE.name} holds other (seed, positions): write it with `{WRITE}`"
    totals, drifted = stored_differential(stored.chunks[chunk])
    assert drifted == [], (
        f"{judge_name()} (installed) no longer gives the verdicts {FILE.name} holds (from "
        f"{stored.judge}) at these (position, live, stored): write them again with `{WRITE}`"
    )
    assert totals.mismatches == []
    assert totals.positions == positions
    assert all(totals.fouls[code] >= 100 for code in (1, 2, 3)), totals.fouls


def test_stored_verdicts_are_read_back_as_written() -> None:
    chunk = judge_chunk(seed=3, positions=60)
    stored = Stored(judge_name(), (chunk,))
    text = dumps(stored)
    assert loads(text) == stored
    assert f"chunk 3 60\ngame {len(chunk.games[0].verdicts)} " in text
    assert "\n=\n" in text and "\n-\n" in text and ":2" in text  # each kind of line
    assert sum(len(v) for g in chunk.games for v in g.verdicts) >= 10


def test_the_stored_differential_fails_on_a_wrong_verdict() -> None:
    """A stored verdict that is not the judge's fails twice: against ours and the live judge."""
    chunk = judge_chunk(seed=3, positions=30)
    first, *rest = chunk.games
    verdicts = list(first.verdicts)
    verdicts[-1] = {**verdicts[-1], 0: 3}  # a1 overline
    wrong = replace(chunk, games=(replace(first, verdicts=tuple(verdicts)), *rest))
    number = len(verdicts) - 1
    totals, drifted = stored_differential(wrong, every=1)
    assert [(m[1], m[2], m[3]) for m in totals.mismatches] == [(Move(0, 0), 0, 3)]
    assert [(n, theirs.get(0)) for n, _, theirs in drifted] == [(number, 3)]
    assert stored_differential(chunk, every=1)[0].mismatches == []


def test_changed_games_are_named_and_never_compared() -> None:
    chunk = judge_chunk(seed=3, positions=60)
    first, second, *rest = chunk.games
    command = re.escape(f"`{WRITE}`")
    for changed, game in (
        (replace(chunk, seed=4), 0),
        (replace(chunk, games=(first, replace(second, digest="00000000"), *rest)), 1),
        (replace(chunk, games=(second, first, *rest)), 0),
        (replace(chunk, games=(*chunk.games, first)), len(chunk.games)),
    ):
        with pytest.raises(StaleVerdicts, match=f"seed {changed.seed}, game {game} .*{command}"):
            list(replay(changed))


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("judge renju 0.1.0\nchunk 3 2\ngame 2 abcd\n-\n", 4),
        ("judge renju 0.1.0\nchunk 3 1\ngame 1 abcd\n=\n", 4),
        ("judge renju 0.1.0\nchunk 3 1\ngame 1 abcd\n5:4\n", 4),
        ("judge renju 0.1.0\nchunk 3 1\ngame 1 abcd\n9:1 5:1\n", 4),
        ("chunk 3 1\ngame 1 abcd\n-\n", 1),
        ("judge renju 0.1.0\nchunk 3\n", 2),
        ("judge renju 0.1.0\n", 1),
        ("judge renju 0.1.0\nchunk 3 1\ngame 0 abcd\n", 3),
    ],
)
def test_a_mangled_file_is_refused_naming_the_line(text: str, line: int) -> None:
    with pytest.raises(ValueError, match=f"^line {line}: "):
        loads(text)


def test_positions_missing_from_a_chunk_are_refused() -> None:
    with pytest.raises(ValueError, match="chunk 3: its games do not hold 2"):
        loads("judge renju 0.1.0\nchunk 3 2\ngame 1 abcd\n-\n")


# -- the rule in play -----------------------------------------------------------------

DOUBLE_THREE = """
..............O
...............
...............
...............
...............
...............
...............
.........X.....
........X......
.....XX........
...............
..O............
.O.............
O..............
...............
"""


def test_play_refuses_a_forbidden_point_and_changes_nothing() -> None:
    state = GameState.from_diagram(DOUBLE_THREE, rule="renju")
    assert state.to_move is Player.X
    h10 = Move(9, 7)
    assert state.forbidden_moves() == frozenset({h10})
    assert state.forbidden_reason(h10) == "double three"
    assert state.forbidden_reason(h10) is Foul.DOUBLE_THREE
    before = (state.bitboards, state.history)
    with pytest.raises(ForbiddenMove) as refused:
        state.play(h10)
    assert str(refused.value) == "H10 is forbidden for black: double three"
    assert refused.value.move == h10 and refused.value.foul == "double three"
    assert isinstance(refused.value, IllegalMove)
    assert (state.bitboards, state.history) == before
    assert not state.is_legal(h10)
    assert h10 not in state.legal_moves()
    assert len(state.legal_moves()) == 225 - state.move_count - 1


def test_is_legal_agrees_with_play_everywhere() -> None:
    for state in shape_seeking_games(seed=5, positions=15):
        for r in range(15):
            for c in range(15):
                try:
                    state.play((r, c))
                    played = True
                except IllegalMove:
                    played = False
                assert state.is_legal((r, c)) is played, (state.diagram(), r, c)
        legal = set(state.legal_moves())
        empty = {m for m in state.geometry.moves if state.cell(m) is None}
        assert legal == empty - state.forbidden_moves()


def test_white_and_other_rules_have_no_forbidden_points() -> None:
    black_to_move = GameState.from_diagram(DOUBLE_THREE, rule="renju")
    white_to_move = black_to_move.play(Move(0, 0))
    assert white_to_move.forbidden_moves() == frozenset()
    assert white_to_move.forbidden_reason(Move(9, 7)) is None
    white_to_move.play(Move(9, 7))  # white may play anything empty
    for rule in ("freestyle", "exact"):
        same = GameState.from_diagram(DOUBLE_THREE, rule=rule)
        assert same.forbidden_moves() == frozenset()
        assert same.forbidden_reason(Move(9, 7)) is None
        assert same.play(Move(9, 7)).last_move == Move(9, 7)


def test_forbidden_reason_of_taken_and_off_board_squares() -> None:
    state = GameState.from_diagram(DOUBLE_THREE, rule="renju")
    assert state.forbidden_reason(Move(7, 9)) is None  # a black stone
    with pytest.raises(IllegalMove, match="not on the board"):
        state.forbidden_reason(Move(15, 0))
    with pytest.raises(TypeError):
        state.forbidden_reason("h10")  # type: ignore[arg-type]


def test_black_wins_only_with_exactly_five() -> None:
    rules = Rules.gomoku(15, rule="renju")
    # Black: a1..d1 and f1; e1 would make six: forbidden, not a win.
    moves = ["a1", "a15", "b1", "b15", "c1", "c15", "d1", "o14", "f1", "o12"]
    state = GameState.from_moves(rules, moves)
    assert state.forbidden_reason(Move(0, 4)) == "overline"
    with pytest.raises(ForbiddenMove, match="E1 is forbidden for black: overline"):
        state.play(Move(0, 4))
    # Exactly five wins: a2..d2 then e2.
    five = GameState.from_moves(rules, ["a2", "a15", "b2", "b15", "c2", "c15", "d2", "o14", "e2"])
    assert five.winner is Player.X
    assert five.winning_line == tuple(Move(1, c) for c in range(5))


def test_an_exact_five_wins_even_when_it_also_makes_a_forbidden_shape() -> None:
    # h8 makes five across (d8..h8) and six down (h4..h9): the five wins.
    diagram = """
...............
...............
...............
.......X.......
.......X.......
.......X.......
.......X.......
...XXXX........
.......X.......
...............
...............
OOO.O..........
OOO.O..........
...............
O..............
"""
    state = GameState.from_diagram(diagram, rule="renju")
    assert state.to_move is Player.X
    h8 = Move(7, 7)
    assert state.forbidden_reason(h8) is None
    black, white = state.bitboards
    down = analyse_line(tuple(_neighbours(black, white, h8, (1, 0))))
    assert down is not None and down.overline  # six down ...
    across = analyse_line(tuple(_neighbours(black, white, h8, (0, 1))))
    assert across is not None and across.five  # ... and five across
    won = state.play(h8)
    assert won.winner is Player.X
    assert won.winning_line == tuple(Move(7, c) for c in range(3, 8))


def _neighbours(black: int, white: int, move: Move, step: tuple[int, int]) -> list[str]:
    """The 10 squares around `move` along `step`, as the line analysis reads them."""
    out = []
    for k in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5):
        r, c = move.row + step[0] * k, move.col + step[1] * k
        if not (0 <= r < 15 and 0 <= c < 15):
            out.append("2")
        else:
            bit = 1 << (r * 15 + c)
            out.append("1" if black & bit else "2" if white & bit else "0")
    return out


def test_white_wins_with_an_overline() -> None:
    rules = Rules.gomoku(15, rule="renju")
    moves = ["h8", "a1", "h9", "b1", "h10", "c1", "j12", "e1", "k12", "f1", "m12", "d1"]
    state = GameState.from_moves(rules, moves)
    assert state.winner is Player.O
    assert state.winning_line == tuple(Move(0, c) for c in range(6))


def test_black_with_no_legal_move_is_a_draw() -> None:
    """Every empty point forbidden to black: RIF lets black pass; this engine calls it a draw."""
    rules = Rules(6, 6, 5, rule="renju")
    moves = (
        "c1 a6 b6 f4 d3 a4 e3 b2 e5 c4 a3 d6 f5 f1 b4 e4 b1 a2 a5 a1 f3 c6 d4 e6 d1 f2 b5 e1 c5 e2 "
        "b3 f6 c2 d2"
    )
    before = GameState.from_moves(rules, moves.split()[:-1])
    assert not before.is_over
    state = before.play(Move(1, 3))  # d2
    assert state.is_draw and state.move_count == 34 < rules.squares
    assert state.legal_moves() == ()
    empty = [m for m in state.geometry.moves if state.cell(m) is None]
    black, white = state.bitboards
    assert empty and all(
        forbidden_at(black, white, state.geometry.index(m), state.geometry) for m in empty
    )


def test_forbidden_at_refuses_occupied_and_off_board_squares() -> None:
    geo = geometry(RENJU)
    with pytest.raises(ValueError, match="not an empty square"):
        forbidden_at(1, 0, 0, geo)
    with pytest.raises(ValueError, match="not an empty square"):
        forbidden_at(0, 0, 225, geo)


def test_from_diagram_avoids_forbidden_orders() -> None:
    """e5 is a double three until white's e6 arrives; reading order would play it first."""
    diagram = """
O.............O
..............O
....X.........O
....X..........
..XXX..........
....O..........
...............
...............
...............
...............
...............
...............
............X..
O..............
...............
"""
    rules = Rules.gomoku(15, rule="renju")
    reading_order = ["e3", "a1", "e4", "o1", "c5", "o2", "d5", "o3", "e5"]
    with pytest.raises(ForbiddenMove, match="E5 is forbidden for black: double three"):
        GameState.from_moves(rules, reading_order)
    state = GameState.from_diagram(diagram, rule="renju")
    assert state.diagram() == " / ".join(line for line in diagram.split())
    history = state.history
    assert history.index(Move(4, 4)) > history.index(Move(5, 4))
