"""Wins by continuous fours (VCF): threat-space search restricted to forcing threats.

A *four* is a move after which its side completes a window next turn (a win
in one). Against a four the defender has a single sensible reply, the
block, so a sequence of fours ending in a double four (two different
winning squares) wins whatever the defender does, unless the defender can
win first: each block is checked for the defender's own wins in one, which
the attacker must then block with a move that is itself a four.
"""

from __future__ import annotations

from .board import ProofBoard

MAX_FOURS = 40
"""Longest sequence of fours tried."""


def vcf_move(board: ProofBoard, a: int, d: int) -> int | None:
    """The first move (square index) of a win by continuous fours for `a`, or None.

    `a` is to move and neither side has a win in one.
    """
    # One pass over the windows: the defender's wins in one (`their`), the
    # attacker's (`own`), and its windows one stone short of a four (`near`:
    # playing one of their empty squares makes a four).
    empty = board.full & ~(a | d)
    need = board.k - 2
    their = own = 0
    near = []
    for w in board.windows:
        if not w & d:
            count = (w & a).bit_count()
            if count == need:
                near.append(w)
            elif count > need:
                own |= w & empty  # a window of k - 1 stones: its one empty square
        elif not w & a:
            e = w & empty
            if e and not e & (e - 1):
                their |= e
    return _vcf(board, a, d, their, own, near, MAX_FOURS, set())


def _vcf(
    board: ProofBoard,
    a: int,
    d: int,
    their: int,
    own: int,
    near: list[int],
    depth: int,
    failed: set[tuple[int, int]],
) -> int | None:
    """`vcf_move` from a position whose wins in one (`their`, `own`) and `near` are known."""
    if their & (their - 1):
        return None  # two wins in one for the defender: blocking one loses to the other
    empty = board.full & ~(a | d)
    # Against a win in one the block is forced; it continues only if it is a four too.
    candidates = their
    if not candidates:
        for w in near:
            candidates |= w & empty
    through = board.through
    while candidates:
        bit = candidates & -candidates
        candidates ^= bit
        index = bit.bit_length() - 1
        # `a`'s wins after playing `bit`: those of windows missing it are kept
        # (a window through `bit` had `bit` itself as its only possible win
        # square), those of the windows through it are counted again.
        wins = own & ~bit
        left = empty ^ bit
        for w in through[index]:
            if not w & d:
                e = w & left
                if e and not e & (e - 1):
                    wins |= e
        if not wins:
            continue
        if wins & (wins - 1):
            return index
        if depth > 1 and _vcf_after_block(board, a, d, bit, wins, near, depth - 1, failed):
            return index
    failed.add((a, d))
    return None


def _vcf_after_block(
    board: ProofBoard,
    a: int,
    d: int,
    four: int,
    block: int,
    near: list[int],
    depth: int,
    failed: set[tuple[int, int]],
) -> bool:
    """Whether `a` still wins by fours after playing `four` and the defender blocking at `block`.

    Worked out from the two stones alone (bits; `near` as before them): the
    attacker has no win in one left (its only one is blocked), the
    defender's wins in one all run through its new stone (any other one was
    the square the four took), and the windows one stone short of a four are
    the old ones through neither stone and those the four grew into one.
    """
    a |= four
    d |= block
    if (a, d) in failed:
        return False
    empty = board.full & ~(a | d)
    their = 0
    for w in board.through[block.bit_length() - 1]:
        if not w & a:
            e = w & empty
            if e and not e & (e - 1):
                their |= e
    both = four | block
    need = board.k - 2
    grown = [w for w in near if not w & both]
    for w in board.through[four.bit_length() - 1]:
        if not w & d and (w & a).bit_count() == need:
            grown.append(w)
    return _vcf(board, a, d, their, 0, grown, depth, failed) is not None
