"""Game review: every position of a game analysed, and the moves that cost the most marked.

`review_game` asks an analyst about each position before a move (the last
position too, unless the game is over there) within `seconds` each, and
judges each move by the win rate (`Score.winrate`) it cost its player: the
analyst's evaluation before the move (its best) against the evaluation after
it (the opponent's, turned round). A move the analyst would have played
costs nothing. A loss of at least `MISTAKE_LOSS` is a mistake (``?``), of
at least `BLUNDER_LOSS` a blunder (``??``); the better move is the analyst's.

The review travels in SGF comments (`comment_line`, `read_comment`): one
line per move, ``tictac review: eval +120 | best h8 | ??``, beside any
comment of the player's, which other programs show as text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from ..engine import GameState, Move, Player, format_move, parse_move
from ..records import GameRecord
from ..strategies import Limit
from ..strategies.base import StopSignal
from .analysts import Analyst, Reading
from .evaluation import Score

REVIEW_SECONDS = 0.5
"""The default thinking time per position."""
REVIEW_SCALE = 2000.0
"""Search units per e-fold of the odds when the review compares moves (`Score.winrate`):
wider than the panel's, since the side to move's tempo is worth hundreds of units."""
MISTAKE_LOSS = 0.2
"""A move that costs at least this win rate is a mistake."""
BLUNDER_LOSS = 0.4
"""A move that costs at least this win rate is a blunder."""
COMMENT_PREFIX = "tictac review:"
"""How a review line in a comment begins."""


class Mark(Enum):
    """A move's verdict."""

    GOOD = ""
    MISTAKE = "?"
    BLUNDER = "??"


def mark_for(loss: float) -> Mark:
    """The verdict for a move that cost `loss` of its player's win rate."""
    if loss >= BLUNDER_LOSS:
        return Mark.BLUNDER
    if loss >= MISTAKE_LOSS:
        return Mark.MISTAKE
    return Mark.GOOD


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move judged: its number (from 1), square, player and the analyst's view.

    `after` is the evaluation after the move for black (the graph's side);
    `best` the analyst's move in the position before (None when unknown);
    `loss` the win rate the move cost its player.
    """

    number: int
    move: Move
    player: Player
    after: Score
    best: Move | None
    loss: float
    mark: Mark

    @property
    def better(self) -> Move | None:
        """The analyst's move, when this move was a mistake or a blunder."""
        return self.best if self.mark is not Mark.GOOD else None


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review: one `MoveReview` per move reviewed, and the start's evaluation."""

    start: Score
    """The empty board's (or first position's) evaluation for black."""
    moves: tuple[MoveReview, ...]

    def black_winrates(self) -> list[float]:
        """Black's chance after each move, the start first (the graph's points)."""
        scores = [self.start, *(m.after for m in self.moves)]
        return [score.winrate(REVIEW_SCALE) for score in scores]

    def marked(self) -> list[MoveReview]:
        """The mistakes and blunders, in order."""
        return [m for m in self.moves if m.mark is not Mark.GOOD]

    def count(self, player: Player, mark: Mark) -> int:
        """How many of `player`'s moves got `mark`."""
        return sum(1 for m in self.moves if m.player is player and m.mark is mark)

    def at(self, number: int) -> MoveReview | None:
        """The review of move `number` (from 1), or None."""
        if 1 <= number <= len(self.moves):
            return self.moves[number - 1]
        return None


Progress = Callable[[int, int], None]
"""Called with (positions done, positions in all) as the review goes."""


def for_black(score: Score, state: GameState) -> Score:
    """`score` (for the side to move in `state`) from black's side."""
    return score if state.to_move is Player.X else score.flipped()


def final_score(state: GameState) -> Score:
    """A finished position's value for the side to move (who did not make the last move)."""
    if state.winner is None:
        return Score.decided(None)
    return Score.decided(state.winner is state.to_move)


def review_game(
    states: Sequence[GameState],
    analyst: Analyst,
    seconds: float = REVIEW_SECONDS,
    *,
    stop: StopSignal | None = None,
    progress: Progress | None = None,
    nodes: int | None = None,
) -> Review | None:
    """The review of the game through `states` (the first position, then one per move).

    Each position not over is analysed for `seconds` (or `nodes`, when given:
    a review that does not depend on the machine's speed); where the analyst's move
    differs from the one played, the position after the analyst's move is
    analysed too, so the two moves are compared at the same side to move
    (search scores swing with it). None when `stop` was set before the end.
    Errors of the analyst (an engine's `EngineError`) go to the caller.
    """
    limit = Limit(time=None if nodes else seconds, nodes=nodes, stop=stop)

    def stopped() -> bool:
        return stop is not None and stop.is_set()

    def score_of(state: GameState) -> tuple[Score, Move | None]:
        if state.is_over:
            return final_score(state), None
        reading = analyst.think(state, limit, 1, _ignore)
        return (reading.score if reading.score is not None else Score()), reading.move

    scores: list[Score] = []
    bests: list[Move | None] = []
    better: list[Score | None] = []
    total = len(states)
    for index, state in enumerate(states):
        if stopped():
            return None
        if progress is not None:
            progress(index, total)
        score, best = score_of(state)
        scores.append(score)
        bests.append(best)
        played = states[index + 1].last_move if index + 1 < total else None
        alternative = None
        if best is not None and played is not None and best != played and not stopped():
            alternative = score_of(state.play(best))[0]
        better.append(alternative)
        if stopped():
            return None
    if progress is not None:
        progress(total, total)
    return judged(states, scores, bests, better)


def unjudged_before(review: Review, first: int) -> Review:
    """`review` with its first `first` moves left unjudged (marked good, no loss): stones
    of a set-up position or an opening rule's steps, whose colour is not who chose them."""
    if first <= 0:
        return review
    moves = tuple(
        replace(m, loss=0.0, mark=Mark.GOOD) if m.number <= first else m for m in review.moves
    )
    return replace(review, moves=moves)


def leading_stones(record: GameRecord) -> int:
    """How many of a record's first moves a review leaves unjudged: its set-up stones, or
    the stones placed under its opening rule (the opening's own board)."""
    opening = record.opening
    return max(record.setup, opening.state.move_count if opening is not None else 0)


def _ignore(reading: Reading) -> None:
    """No progress within a position."""


def judged(
    states: Sequence[GameState],
    scores: Sequence[Score],
    bests: Sequence[Move | None],
    better: Sequence[Score | None] = (),
) -> Review:
    """The review from each position's score (for its side to move), the analyst's move,
    and the score after the analyst's move (for the opponent; None: not searched).

    A move's loss compares the position after it with the one after the
    analyst's move (both with the opponent to move); without the latter, with
    the position before it.
    """
    moves = []
    for number in range(1, len(states)):
        before, after = states[number - 1], states[number]
        played = after.last_move
        assert played is not None
        mover = before.to_move
        now = scores[number].flipped()
        alternative = better[number - 1] if number - 1 < len(better) else None
        instead = alternative.flipped() if alternative is not None else scores[number - 1]
        was = instead.winrate(REVIEW_SCALE)
        loss = 0.0 if played == bests[number - 1] else max(0.0, was - now.winrate(REVIEW_SCALE))
        mark = mark_for(loss)
        if loss > 0 and now.losing and not instead.losing:
            mark = Mark.BLUNDER  # a forced loss let in where the analyst's move held
        moves.append(
            MoveReview(
                number,
                played,
                mover,
                for_black(now, before),
                bests[number - 1],
                loss,
                mark,
            )
        )
    return Review(for_black(scores[0], states[0]) if states else Score(), tuple(moves))


def states_of(moves: Sequence[Move], first: GameState) -> list[GameState]:
    """`first` and the position after each of `moves`."""
    states = [first]
    for move in moves:
        states.append(states[-1].play(move))
    return states


# -- in comments ----------------------------------------------------------------------

_LINE = re.compile(
    r"^tictac review: eval (?P<eval>[+-]?M?\d+%?)(?: \| best (?P<best>[a-z]+\d+))?"
    r"(?: \| (?P<mark>\?\??))?(?: \| loss (?P<loss>\d+)%)?\s*$",
    re.MULTILINE,
)


def comment_line(review: MoveReview) -> str:
    """The review line for one move: its evaluation for black, the analyst's move, the mark."""
    parts = [f"{COMMENT_PREFIX} eval {review.after.text()}"]
    if review.best is not None:
        parts.append(f"best {format_move(review.best)}")
    if review.mark is not Mark.GOOD:
        parts.append(review.mark.value)
    if review.loss > 0:
        parts.append(f"loss {round(review.loss * 100)}%")
    return " | ".join(parts)


def with_review(comment: str, review: MoveReview) -> str:
    """`comment` with its review line replaced by (or joined with) `review`'s."""
    kept = without_review(comment)
    line = comment_line(review)
    return f"{kept}\n{line}" if kept else line


def without_review(comment: str) -> str:
    """`comment` with any review line taken out."""
    lines = [line for line in comment.splitlines() if not line.startswith(COMMENT_PREFIX)]
    return "\n".join(lines).strip()


def parse_score(text: str) -> Score | None:
    """A score as `Score.text` writes it, or None."""
    match = re.fullmatch(r"([+-]?)M(\d+)", text)
    if match is not None:
        moves = int(match.group(2))
        sign = -1 if match.group(1) == "-" else 1
        return Score(sign, sign * moves)
    match = re.fullmatch(r"(\d+)%", text)
    if match is not None:
        return Score(rate=int(match.group(1)) / 100)
    try:
        return Score(int(text))
    except ValueError:
        return None


def read_comment(comment: str, number: int, state: GameState) -> MoveReview | None:
    """The review of move `number` (leading to `state`) kept in its comment, or None."""
    match = _LINE.search(comment)
    played = state.last_move
    if match is None or played is None or state.previous is None:
        return None
    score = parse_score(match.group("eval"))
    if score is None:
        return None
    best = None
    if match.group("best"):
        try:
            best = parse_move(match.group("best"), state.rules)
        except ValueError:
            best = None
    mark = Mark(match.group("mark") or "")
    loss = int(match.group("loss")) / 100 if match.group("loss") else 0.0
    return MoveReview(number, played, state.previous.to_move, score, best, loss, mark)


def read_review(comments: Sequence[str], states: Sequence[GameState]) -> Review | None:
    """The review kept in a record's comments (``comments[n]``: after move n), if whole."""
    moves = []
    for number in range(1, len(states)):
        comment = comments[number] if number < len(comments) else ""
        found = read_comment(comment, number, states[number])
        if found is None:
            return None
        moves.append(found)
    if not moves:
        return None
    return Review(Score(), tuple(moves))


def review_comments(comments: Sequence[str], review: Review) -> list[str]:
    """A record's comments with the review written in, one line per move."""
    out = list(comments) + [""] * max(0, len(review.moves) + 1 - len(comments))
    for move in review.moves:
        out[move.number] = with_review(out[move.number], move)
    return out
