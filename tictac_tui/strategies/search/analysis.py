"""What a search found: `Analysis`, one line of play with its score, depth and cost.

Scores are for the side to move, in search units (see `evaluation`);
beyond ``+-MATE_ZONE`` they are forced results: ``WIN - n`` is a win whose
five comes on the ``n + 1``-th ply from now (``WIN``: a five to make now),
``-(WIN - n)`` a loss to a five on the ``n + 1``-th ply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ...engine import Move

WIN = 1_000_000
"""The score of a five on the board for the side that made it (less plies to it)."""
MATE_ZONE = WIN - 1000
"""Scores beyond +-MATE_ZONE are forced wins or losses."""


class Reason(str, Enum):
    """The decision rule behind a line (see the package docstring).

    The value is the rule's name in the brain's messages (``str()`` gives
    it too). Lines alpha-beta scored also say when the score is a forced
    result: its members ``..._WIN`` and ``..._LOSS`` (see `scored`).
    """

    CENTRE = "centre"
    PERFECT = "perfect"
    FALLBACK = "fallback"
    FIVE = "five"
    BLOCK_FIVE = "block five"
    LOST = "lost"
    OPEN_FOUR = "open four"
    NO_CANDIDATES = "no candidates"
    VCF = "vcf"
    VCT = "vct"
    ONLY_MOVE = "only move"
    ONLY_DEFENCE = "only defence"
    AVOID_VCT = "avoid vct"
    ALPHA_BETA = "alpha-beta"
    ALPHA_BETA_WIN = "alpha-beta (win)"
    ALPHA_BETA_LOSS = "alpha-beta (loss)"
    DEFEND_VCT = "defend vct"
    DEFEND_VCT_WIN = "defend vct (win)"
    DEFEND_VCT_LOSS = "defend vct (loss)"
    DEFEND_VCF = "defend vcf"
    DEFEND_VCF_WIN = "defend vcf (win)"
    DEFEND_VCF_LOSS = "defend vcf (loss)"
    LOST_TO_VCF = "lost to vcf"
    LOST_TO_VCF_WIN = "lost to vcf (win)"
    LOST_TO_VCF_LOSS = "lost to vcf (loss)"
    ALTERNATIVE = "alternative"
    ALTERNATIVE_WIN = "alternative (win)"
    ALTERNATIVE_LOSS = "alternative (loss)"

    def __str__(self) -> str:
        return self.value

    def scored(self, score: int) -> Reason:
        """This rule as alpha-beta reports it with `score`: its win or loss member when forced.

        Raises KeyError for a rule alpha-beta does not score (those in `SCORED`'s keys do).
        """
        win, loss = SCORED[self]
        return win if score > MATE_ZONE else loss if score < -MATE_ZONE else self

    @property
    def rule(self) -> Reason:
        """The rule without alpha-beta's verdict (`ALPHA_BETA` for `ALPHA_BETA_WIN`)."""
        return RULE_OF.get(self, self)


SCORED: dict[Reason, tuple[Reason, Reason]] = {
    Reason.ALPHA_BETA: (Reason.ALPHA_BETA_WIN, Reason.ALPHA_BETA_LOSS),
    Reason.DEFEND_VCT: (Reason.DEFEND_VCT_WIN, Reason.DEFEND_VCT_LOSS),
    Reason.DEFEND_VCF: (Reason.DEFEND_VCF_WIN, Reason.DEFEND_VCF_LOSS),
    Reason.LOST_TO_VCF: (Reason.LOST_TO_VCF_WIN, Reason.LOST_TO_VCF_LOSS),
    Reason.ALTERNATIVE: (Reason.ALTERNATIVE_WIN, Reason.ALTERNATIVE_LOSS),
}
"""The rules whose lines alpha-beta scores, with their (forced win, forced loss) members."""

RULE_OF: dict[Reason, Reason] = {
    forced: rule for rule, verdicts in SCORED.items() for forced in verdicts
}
"""Each forced win or loss member's rule."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """One line of the search: its first move, score, principal variation and cost.

    `depth` is the deepest finished alpha-beta iteration (0 when a rule or a
    threat search decided); `nodes` and `seconds` are those of the whole
    analysis so far; `reason` names the decision rule (a `Reason`).
    """

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: tuple[Move, ...]
    reason: Reason

    @property
    def is_win(self) -> bool:
        """True when the score is a forced win for the side to move."""
        return self.score > MATE_ZONE

    @property
    def is_loss(self) -> bool:
        """True when the score is a forced loss for the side to move."""
        return self.score < -MATE_ZONE

    @property
    def mate_in(self) -> int | None:
        """Plies until the forced five (positive: ours, negative: theirs); None if not forced."""
        if self.score > MATE_ZONE:
            return WIN - self.score + 1
        if self.score < -MATE_ZONE:
            return -(WIN + self.score + 1)
        return None


Progress = Callable[[Analysis], bool | None]
"""Called from the searching thread with the best line so far.

It may return True when the caller has seen enough: the search then stops
deepening and ends with its checks of the line found (see `SearchStrategy.analyse`)."""
