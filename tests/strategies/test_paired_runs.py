"""bench/paired.py: two runs of matches compared game by game."""

from __future__ import annotations

import math

from tests.bench_scripts import load_bench
from tictac_tui.engine import Move

paired = load_bench("paired")

OPENINGS = [[Move(7, 7), Move(7, 8)], [Move(7, 7), Move(7, 8), Move(8, 8)], [Move(3, 3)]]


def record(black: str, white: str, result: str, moves: list[str]) -> dict[str, object]:
    return {"game": 0, "black": black, "white": white, "result": result, "moves": moves}


def test_a_game_pairs_by_its_longest_opening_and_the_colour() -> None:
    a = paired.run_points(
        [
            record("new", "base", "new (black) wins", ["7,7", "8,7", "8,8", "1,1"]),
            record("base", "new", "base (black) wins", ["7,7", "8,7", "8,8", "1,1"]),
            record("new", "base", "draw", ["7,7", "8,7", "2,2"]),
        ],
        "new",
        OPENINGS,
    )
    longer = (Move(7, 7), Move(7, 8), Move(8, 8))
    assert a == {
        (longer, "black", 0): 1.0,
        (longer, "white", 0): 0.0,
        ((Move(7, 7), Move(7, 8)), "black", 0): 0.5,
    }


def test_an_opening_played_twice_on_one_colour_keeps_both_games_in_order() -> None:
    games = [
        record("new", "base", "base (white) wins", ["3,3", "4,4"]),
        record("new", "base", "new (black) wins", ["3,3", "5,5"]),
    ]
    got = paired.run_points(games, "new", OPENINGS)
    assert got == {((Move(3, 3),), "black", 0): 0.0, ((Move(3, 3),), "black", 1): 1.0}


def test_games_without_a_pair_or_an_opening_are_left_out() -> None:
    a = paired.run_points(
        [
            record("new", "base", "new (black) wins", ["3,3", "4,4"]),
            record("new", "base", "new (black) wins", ["0,0", "4,4"]),  # no opening fits
            record("x", "y", "x (black) wins", ["3,3", "4,4"]),  # `new` did not play
        ],
        "new",
        OPENINGS,
    )
    b = paired.run_points(
        [record("base", "new", "new (white) wins", ["3,3", "4,4"])], "new", OPENINGS
    )
    assert len(a) == 1
    assert paired.compare(a, b).games == 0


def test_the_comparison_counts_what_differs_and_tests_its_sign() -> None:
    keys = [((Move(i, i),), "black", 0) for i in range(8)]
    a = dict(zip(keys, [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.5]))
    b = dict(zip(keys, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5]))
    got = paired.compare(a, b)
    assert (got.games, got.points_a, got.points_b) == (8, 6.5, 0.5)
    assert (got.alike, got.better_a, got.better_b) == (2, 6, 0)
    assert math.isclose(got.sign_test(), 2 / 64)  # both tails of six of six
    assert paired.compare(a, a).sign_test() == 1.0
