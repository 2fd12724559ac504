"""Pairing strategies: a defender's draw proof without search (Hales and Jewett).

If the empty squares hold disjoint pairs such that every window the
attacker can still complete (one free of defender stones) contains both
squares of some pair, the defender never loses: whenever the attacker takes
a square of a pair, it takes the other one, so every such window ends up
holding a defender stone. The attacker is to move; the defender answers a
move outside every pair anywhere.

`find_pairing` looks for such pairs by backtracking: it takes the window
with the fewest unpaired empty squares and tries each pair inside it,
those covering the most other windows first, and gives up (finds nothing)
after `MAX_STEPS` tries: a missed pairing costs search, never correctness.
Before searching it counts: a pair lies on one line only (two lines share
at most one square), so every line holding a window to block takes two
empty squares of its own; with fewer empty squares than that there is no
pairing, and the search (which would exhaust itself) is skipped.
"""

from __future__ import annotations

from .board import ProofBoard

Pairs = tuple[int, ...]
"""Pairs as two-bit masks."""

MAX_STEPS = 200
"""Partial pairings tried before `find_pairing` gives up."""


def find_pairing(board: ProofBoard, a: int, d: int) -> Pairs | None:
    """Disjoint pairs of empty squares blocking every window `a` can complete, or None.

    The attacker (`a`) is to move. None also when the attacker has a window
    with fewer than two empty squares (a win in one).
    """
    empty = board.full & ~(a | d)
    groups = []
    lines = 0
    for w, line in zip(board.windows, board.lines, strict=True):
        if not w & d:
            e = w & empty
            if not e & (e - 1):
                return None
            groups.append(e)
            lines |= line
    if 2 * lines.bit_count() > empty.bit_count():
        return None  # each line with a live window needs a pair of its own: too few squares
    pairs: list[int] = []
    if groups and not _cover(groups, 0, pairs, [MAX_STEPS]):
        return None
    return tuple(pairs)


def _cover(groups: list[int], used: int, pairs: list[int], steps: list[int]) -> bool:
    """Extend `pairs` (squares `used`) until every group holds a pair.

    False if impossible or when the `steps` left (a one-item counter) run out.
    A window left with exactly two free squares forces its pair: those are
    taken in a loop, one step each, and given back on failure.
    """
    kept = len(pairs)
    while True:
        steps[0] -= 1
        if steps[0] < 0:
            break
        unused = ~used
        tightest = 0
        fewest = 99
        for e in groups:
            n = (e & unused).bit_count()
            if n < fewest:
                if n < 2:
                    fewest = 0
                    break
                tightest, fewest = e, n
        if not fewest:
            break  # a window can no longer hold a pair
        free = tightest & unused
        if fewest > 2:
            if _cover_by_options(groups, used, free, pairs, steps):
                return True
            break
        pairs.append(free)  # a single pair to try
        groups = [e for e in groups if e & free != free]
        if not groups:
            return True
        used |= free
    del pairs[kept:]
    return False


def _cover_by_options(
    groups: list[int], used: int, free: int, pairs: list[int], steps: list[int]
) -> bool:
    """`_cover` trying each pair of the tightest window's `free` squares in turn."""
    squares = []
    while free:
        low = free & -free
        free ^= low
        squares.append(low)
    options: list[tuple[int, int, int, list[int]]] = []
    for i, first in enumerate(squares):
        for second in squares[i + 1 :]:
            pair = first | second
            rest = [e for e in groups if e & pair != pair]
            options.append((len(rest), len(options), pair, rest))
    options.sort()  # fewest groups left first; ties in the order made (the index)
    for _, _, pair, rest in options:
        pairs.append(pair)
        if not rest or _cover(rest, used | pair, pairs, steps):
            return True
        pairs.pop()
    return False


def pairing_reply(pairs: Pairs, square: int) -> int | None:
    """The defender's answer (a square index) to a move on `square`, if it is paired."""
    bit = 1 << square
    for pair in pairs:
        if pair & bit:
            return (pair ^ bit).bit_length() - 1
    return None
