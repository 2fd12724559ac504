"""`search`: a gomoku player built on threat search and alpha-beta (Hard on big boards).

Notation (as in BSD gomoku's gomoku.h, adapted): a *segment* is the 2R
squares around a square along one of the four lines (R = k - 1; k under the
exact rule, to see overlines). A *pattern* is what one side makes in that
line by playing the square (patterns.py):

    F5  five       the stone completes k in a row (exactly k: the exact rule)
    F4  open four  then two squares of the line would complete it
    B4  four       then one square would
    F3  open three one more stone can make an F4      B3  ... only a B4
    F2, B2, F1, B1 the same, one and two steps further down;  DEAD  nothing

A square's *class* for a side combines its four lines (strongest first):
FIVE, FLEX4 (an F4 or two B4: wins unless the opponent has a five), FOUR3
(B4 + F3), FOUR, THREE3 (two F3), THREE, NONE. Its *score* adds per-line
values and class bonuses. The board (board.py) keeps every segment code,
pattern, class and score up to date on make/unmake, touching only the 8R
squares on the lines through the changed square.

Decision rule for a move (player.py), first that applies:

1. boards the `perfect` player solves (`PerfectStrategy.supports`: the
   solver's boards, `solver.solvable`, under freestyle and exact; and the
   proven 4-in-a-row draws, `proof.serves`): its move; the empty board:
   the centre;
2. a five to make: make it; the opponent's five: block it;
   an open four / double four to make: make it;
3. a win by continuous fours (VCF) for us: its first move;
4. a VCF for the opponent if it moved now: the moves after which it has
   none (tried over the best `DEFENCE_WIDTH` candidates and our fours); if
   just one, play it at once; if none, the game is lost and alpha-beta
   picks the longest resistance;
5. otherwise a win by fours and threes (VCT, at most
   `SearchOptions.vct_depth` threes) if time allows; then, if the opponent
   has a VCT as if it moved now, the moves after which it has none become
   the only root moves (if any);
6. iterative-deepening PVS (alphabeta.py) over the root moves (else the
   best `SearchOptions.root_width` candidates, ordered by attack plus
   defence, evaluation.py), with a Zobrist-keyed transposition table, on
   all but `VERIFY_SHARE` of the budget; then its best moves (at most
   `VERIFY_MOVES`) are checked against the opponent's VCT, best first, and
   the first that allows none is played. Under seconds alone, the
   deepening stops once the next iteration's first move can't finish
   (`TurnTimer`, timing.py), and the check gets the rest; what the check
   leaves goes back to the deepening, to the deadline, and a new best move
   found then is played only once the check passes it.

Analysis (analysis.py): `SearchStrategy.analyse(state, limit, multipv=,
on_progress=)` returns the best lines as `Analysis` values (move, score,
depth, nodes, seconds, principal variation, the rule that decided: a
`Reason`), best
first with distinct first moves; `choose` plays the first. Scores beyond
+-`MATE_ZONE` are forced: `WIN - n` is our five on the (n + 1)-th ply.
The transposition table is kept between the moves of one game (while each
position extends or takes back the last one, under the same rules) and
dropped otherwise or by `clear()`.

Budget: one `Limit` per move (`strategies.base`): its seconds
(`SEARCH_SHARE` of them less `SAFETY_SECONDS`, player.py, for the search;
the clock and the stop signal are read every `Budget.CHECK_EVERY` nodes),
its nodes (no clock unless seconds are given too, so the choice is
reproducible), its plies (caps the alpha-beta depth), and its stop signal
(answer now with the best move so far). A limit with neither seconds nor
nodes gets `strategies.base.DEFAULT_SECONDS`. The seed only feeds the
small-board delegate; the search itself has no randomness (at a node limit
it repeats its choice exactly; with seconds, how far it gets depends on the
clock).
"""

from typing import TYPE_CHECKING

from ...lazy import Exports

if TYPE_CHECKING:
    from .analysis import MATE_ZONE, WIN, Analysis, Progress, Reason
    from .options import SearchOptions
    from .player import SearchStrategy

__all__ = [
    "MATE_ZONE",
    "WIN",
    "Analysis",
    "Progress",
    "Reason",
    "SearchOptions",
    "SearchStrategy",
]

__getattr__ = Exports(
    __name__,
    {
        ".analysis": ("MATE_ZONE", "WIN", "Analysis", "Progress", "Reason"),
        ".options": ("SearchOptions",),
        ".player": ("SearchStrategy",),
    },
)
