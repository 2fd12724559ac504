"""Game review: a planted blunder is marked and the analyst's own moves are not; the
verdicts from the loss in win rate; the review kept in SGF comments and read back."""

from __future__ import annotations

import threading

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules, parse_move
from tictac_tui.engine.openings import Choice, Choose, Opening, OpeningRule, Place
from tictac_tui.play.analysts import SearchAnalyst
from tictac_tui.play.evaluation import Score
from tictac_tui.play.review import (
    BLUNDER_LOSS,
    MISTAKE_LOSS,
    Mark,
    Review,
    judged,
    leading_stones,
    mark_for,
    read_comment,
    read_review,
    review_comments,
    review_game,
    states_of,
    unjudged_before,
    without_review,
)
from tictac_tui.records import Format, GameRecord
from tictac_tui.records.formats import dump, parse

RULES = Rules.gomoku(15)
NODES = 3000
"""The review's budget per position: nodes, so the test does not depend on the machine."""


def game(squares: str) -> list[GameState]:
    return states_of([parse_move(s, RULES) for s in squares.split()], GameState.new(RULES))


# X builds h8 i8 j8 against g8 and pushes k8, a four; O answers a1 instead of l8 (the
# block) and X makes five at l8.
PLANTED = "h8 g8 i8 h9 j8 j10 k8 a1 l8"
# The same game with the block played: it goes on.
BLOCKED = "h8 g8 i8 h9 j8 j10 k8 l8"


@pytest.fixture(scope="module")
def planted() -> Review:
    """The review of `PLANTED`, made once for the module (a frozen value; the review of a
    game at a node budget is the same every time)."""
    review = review_game(game(PLANTED), SearchAnalyst(), nodes=NODES)
    assert review is not None
    return review


def test_the_missed_block_of_a_four_is_a_blunder(planted: Review) -> None:
    review = planted
    assert len(review.moves) == 9
    miss = review.moves[7]
    assert (miss.number, miss.move, miss.player) == (8, Move(0, 0), Player.O)
    assert miss.mark is Mark.BLUNDER
    assert miss.better == Move(7, 11)  # l8, the block
    assert miss.after.text() == "+M1"  # for black: five next move
    assert review.count(Player.O, Mark.BLUNDER) == 1
    # The win itself and every move the analyst would have played are not marked.
    assert review.moves[8].mark is Mark.GOOD
    for move in review.moves:
        if move.move == move.best:
            assert move.mark is Mark.GOOD and move.loss == 0


def test_a_game_the_analyst_plays_itself_has_nothing_marked() -> None:
    analyst = SearchAnalyst()
    from tictac_tui.strategies import Limit

    states = [GameState.new(RULES)]
    for _ in range(10):
        reading = analyst.think(states[-1], Limit(nodes=NODES), 1, lambda r: None)
        assert reading.move is not None
        states.append(states[-1].play(reading.move))
    review = review_game(states, SearchAnalyst(), nodes=NODES)
    assert review is not None
    assert [m.number for m in review.marked()] == []


def test_verdicts_follow_the_loss() -> None:
    assert mark_for(0.0) is Mark.GOOD
    assert mark_for(MISTAKE_LOSS - 0.01) is Mark.GOOD
    assert mark_for(MISTAKE_LOSS) is Mark.MISTAKE
    assert mark_for(BLUNDER_LOSS) is Mark.BLUNDER
    states = game("h8 i9 a1")
    # Before black's a1 it stood level; after, white is far ahead (white to move there).
    scores = [Score(0), Score(0), Score(0), Score(6000)]
    bests = [Move(7, 7), Move(8, 8), Move(8, 9), None]
    review = judged(states, scores, bests, [None, None, Score(0), None])
    assert [m.mark for m in review.moves] == [Mark.GOOD, Mark.GOOD, Mark.BLUNDER]
    assert review.moves[2].better == Move(8, 9)
    assert review.black_winrates()[-1] < 0.5  # white ahead: the graph goes down


def test_a_forced_loss_let_in_is_a_blunder_even_from_a_poor_position() -> None:
    states = game("h8 i9 a1")
    scores = [Score(0), Score(0), Score(-2500), Score.of_plies(3)]
    bests = [Move(7, 7), Move(8, 8), Move(8, 9), None]
    review = judged(states, scores, bests, [None, None, Score(2500), None])
    assert review.moves[2].mark is Mark.BLUNDER


def test_the_review_travels_in_sgf_comments_and_is_read_back(planted: Review) -> None:
    states = game(PLANTED)
    review = planted
    moves = [s.last_move for s in states[1:] if s.last_move is not None]
    record = GameRecord(RULES, moves, comments=["a game", "", "my note"])
    kept = GameRecord(RULES, moves, comments=review_comments(record.comments, review))
    text = dump(kept, Format.SGF)
    assert "C[my note\ntictac review: eval" in text
    again = parse(text, Format.SGF)
    back = read_review(again.comments, states)
    assert back is not None
    assert [(m.number, m.move, m.mark, m.best, m.after.text()) for m in back.moves] == [
        (m.number, m.move, m.mark, m.best, m.after.text()) for m in review.moves
    ]
    assert without_review(again.comments[2]) == "my note"  # the player's comment kept
    # Written again, a review replaces the old one instead of piling up.
    twice = review_comments(again.comments, review)
    assert twice[2].count("tictac review:") == 1


def test_comments_that_are_not_a_review_are_left_alone() -> None:
    states = game("h8 i9")
    assert read_comment("a good move", 1, states[1]) is None
    assert read_comment("tictac review: eval nonsense", 1, states[1]) is None
    assert read_review(["", "great", "tictac review: eval +20"], states) is None


def test_a_review_stops_when_asked() -> None:
    stop = threading.Event()
    stop.set()
    assert review_game(game(PLANTED), SearchAnalyst(), stop=stop, nodes=NODES) is None


def test_stones_of_a_set_up_or_an_opening_are_not_judged() -> None:
    states = game("h8 i9 a1")
    scores = [Score(0), Score(0), Score(0), Score(6000)]
    bests = [Move(7, 7), Move(8, 8), Move(8, 9), None]
    review = judged(states, scores, bests, [None, None, Score(0), None])
    assert review.moves[2].mark is Mark.BLUNDER
    opened = unjudged_before(review, 3)  # the three stones were placed under an opening rule
    assert [m.mark for m in opened.moves] == [Mark.GOOD] * 3 and opened.moves[2].loss == 0
    assert unjudged_before(review, 0) == review
    moves = [parse_move(square, RULES) for square in ("h8", "i9", "a1")]
    assert leading_stones(GameRecord(RULES, moves, setup=2)) == 2
    swapped = Opening.start(OpeningRule.SWAP, RULES)
    for move in moves:
        swapped = swapped.apply(Place(move))
    swapped = swapped.apply(Choose(Choice.KEEP))
    assert leading_stones(GameRecord(RULES, moves, opening=swapped)) == 3
