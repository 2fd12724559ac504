"""Static evaluation and move ordering, both read off the board's pattern tables.

A square's value for a side (see `patterns`) says how much a stone there
would build for that side. The evaluation for the side to move is

    total[me] * (1 + TEMPO_WEIGHT / 2**TEMPO_SHIFT) - total[opponent]
        + a bonus for the strongest threat it can make now
        - a penalty when it must answer the opponent's
        (+ its threats to come, with `threats`)

where ``total`` sums the values over the empty squares (each its lines' values plus its
combinations': `patterns.Combo`). The side to move
gets the bonus because it moves first: a four-three it can play now wins
unless the opponent has a four, while the same shape for the opponent can
still be blocked. For the same reason its own total counts more
(`TEMPO_WEIGHT`, `TEMPO_SHIFT`): it is the first to build on its shapes.
The weight won matches against its neighbours (docs/benchmarks.md, "Why
the defaults"). With `threats`
(`SearchOptions.tempo_threats`, off) the side to move also gets `TEMPO_THREE`
for each square where it can make an open three and `TEMPO_FOUR` for each
plain four: its threats to come, which the opponent's equal shapes are not
(it plays first). Against the search without it, at fixed node counts: 52.5%
over 334 games, within the noise, so it stays off.

Moves are ordered by attack plus defence: my score and combination value
on the square plus `patterns.DEFENCE_SHARE` times the opponent's (a square
that spoils their shape is worth playing).
Scores add class bonuses to the values, so fours, four-threes and open
threes come first.
"""

from __future__ import annotations

from .board import Board
from .patterns import B_ORDER, BLACK, FIVE, FLEX4, FOUL_RISK, FOUR, FOUR3, THREE, THREE3, W_ORDER

TEMPO_WEIGHT = 3
"""The side to move's total counts ``1 + TEMPO_WEIGHT * 2 ** -TEMPO_SHIFT`` times."""
TEMPO_SHIFT = 4
"""See `TEMPO_WEIGHT`."""
TEMPO_THREE = 60
"""With `threats`: added for each square where the side to move makes one open three
(its strongest class there: `patterns.THREE`)."""
TEMPO_FOUR = 80
"""With `threats`: added for each square where the side to move makes a plain four
(`patterns.FOUR`)."""
WINNING = (0, 0, 300, 12000, 0, 30000, 0, 0)
"""Bonus by the best class the side to move can play: a four-three (with no fours
against it) or a double three (with no four or open three against it) nearly wins."""
THEIR_FOUR3 = 3000
"""Penalty when the opponent can make a four-three and the side to move has no four."""
THEIR_OPEN_FOUR = 1200
"""Penalty when the opponent can make an open four (and no four-three) and the side to
move has no four."""


def evaluate(b: Board, threats: bool = False) -> int:
    """Score for the side to move (positive: it stands better). No fives on the board.

    With `threats` (`SearchOptions.tempo_threats`) its threats to come count as well.
    """
    me = b.side
    opp = 3 - me
    total = b.total
    mine, theirs = b.threats[me], b.threats[opp]
    fouls = b.renju and me == BLACK  # black's double threes are fouls, some four-threes too
    value = _judge(
        total[me],
        total[opp],
        _four_three(b, mine[FOUR3], fouls),
        bool(mine[THREE3]) and not fouls,
        bool(mine[THREE]),
        bool(mine[FOUR] or mine[FOUR3]),
        bool(theirs[FOUR] or theirs[FOUR3]),
        bool(theirs[FOUR3]),
        bool(theirs[FLEX4]),
    )
    if threats:
        value += TEMPO_THREE * len(mine[THREE]) + TEMPO_FOUR * len(mine[FOUR])
    return value


def evaluate_after(b: Board, sq: int, threats: bool, beta: int) -> int | None:
    """`evaluate` of the position after the side to move plays `sq`, without playing it.

    For a leaf of the search: `sq` must make no four for the side to move.
    None where the search would not stand on the evaluation there: a five or
    an open four to make, a four-three for the opponent (then to move) while
    the value is below `beta` (quiescence plays it out), or renju (whose
    fouls the counts can't see). The counts come from `Board.preview`.
    """
    if b.renju:
        return None
    me = b.side
    opp = 3 - me
    tb, tw, changes = b.preview(sq)
    own, other = (tb, tw) if opp == BLACK else (tw, tb)
    mine, theirs = b.threats[opp], b.threats[me]  # the opponent moves next
    m, t = 8 * opp, 8 * me
    if (
        len(mine[FIVE]) + changes[m + FIVE]
        or len(theirs[FIVE]) + changes[t + FIVE]
        or len(mine[FLEX4]) + changes[m + FLEX4]
    ):
        return None
    four3 = len(mine[FOUR3]) + changes[m + FOUR3]
    four = len(mine[FOUR]) + changes[m + FOUR]
    three = len(mine[THREE]) + changes[m + THREE]
    their_four3 = len(theirs[FOUR3]) + changes[t + FOUR3]
    their_fours = their_four3 or len(theirs[FOUR]) + changes[t + FOUR]
    value = _judge(
        own,
        other,
        four3 > 0,
        len(mine[THREE3]) + changes[m + THREE3] > 0,
        three > 0,
        four + four3 > 0,
        their_fours > 0,
        their_four3 > 0,
        len(theirs[FLEX4]) + changes[t + FLEX4] > 0,
    )
    if threats:
        value += TEMPO_THREE * three + TEMPO_FOUR * four
    if four3 and value < beta:
        return None
    return value


def _judge(
    own: int,
    other: int,
    four3: bool,
    three3: bool,
    three: bool,
    my_fours: bool,
    their_fours: bool,
    their_four3: bool,
    their_open_four: bool,
) -> int:
    """The evaluation from the totals (the side to move's `own`, the opponent's `other`) and
    what each side can make next: a four-three, a double three (not a foul), an open three,
    a four (`my_fours`: a four or four-three) for the side to move; a four, a four-three, an
    open four for the opponent."""
    value = own - other + ((own * TEMPO_WEIGHT) >> TEMPO_SHIFT)
    if four3 and not their_fours:
        value += WINNING[FOUR3]
    elif three3 and not their_fours and not their_open_four:
        value += WINNING[THREE3]
    elif three:
        value += WINNING[THREE]
    if not my_fours:
        if their_four3:
            value -= THEIR_FOUR3
        elif their_open_four:
            value -= THEIR_OPEN_FOUR
    return value


def _four_three(b: Board, squares: set[int], fouls: bool) -> bool:
    """Whether a four-three among `squares` can be played (under renju, as black: one that
    is certainly no foul by its patterns; the judge is not asked at the leaves)."""
    if not fouls or not squares:
        return bool(squares)
    comb = b.comb
    return any(not comb[sq][FOUL_RISK] for sq in squares)


def ordered_moves(b: Board, limit: int) -> list[int]:
    """Up to `limit` candidate squares for the side to move, best first (never a foul).

    By order key, highest first, and among equal keys the higher square first:
    the squares are sorted down, then stably by key (plain numbers compare
    quicker than (key, square) pairs).
    """
    table, vecs = b.cells_table, b.vecs  # b.comb[sq], read directly (the hot loop's reader)
    black = b.side == BLACK
    key = B_ORDER if black else W_ORDER
    squares = sorted(b.candidates, reverse=True)
    keys = [table[vecs[sq]][key] for sq in squares]
    order = sorted(range(len(squares)), key=keys.__getitem__, reverse=True)
    if black and b.renju:
        moves = []
        for i in order:
            sq = squares[i]
            if not b.forbidden(sq):
                moves.append(sq)
                if len(moves) == limit:
                    break
        return moves
    return [squares[i] for i in order[:limit]]
