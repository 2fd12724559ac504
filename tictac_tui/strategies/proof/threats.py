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
    return _vcf(board, a, d, MAX_FOURS, set())


def _vcf(board: ProofBoard, a: int, d: int, depth: int, failed: set[tuple[int, int]]) -> int | None:
    if (a, d) in failed:
        return None
    # One pass over the windows: the defender's wins in one (`their`), the
    # attacker's (`own`), and the squares of windows one stone short of a four
    # for the attacker (`fours`: playing one of them makes a four).
    empty = board.full & ~(a | d)
    need = board.k - 2
    their = own = fours = 0
    for w in board.windows:
        if not w & d:
            count = (w & a).bit_count()
            if count == need:
                fours |= w & empty
            elif count > need:
                own |= w & empty  # a window of k - 1 stones: its one empty square
        elif not w & a:
            e = w & empty
            if not e & (e - 1):
                their |= e  # a window of k - 1 defender stones (never a full one here)
    if their & (their - 1):
        return None  # two wins in one for the defender: blocking one loses to the other
    # Against a win in one the block is forced; it continues only if it is a four too.
    candidates = their or fours
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
        if depth > 1 and _vcf(board, a | bit, d | wins, depth - 1, failed) is not None:
            return index
    failed.add((a, d))
    return None
