"""`SearchOptions`: the techniques of the search that can be switched, for measuring each.

Every technique that changes the search's decisions can be turned off, so a
match between two settings (bench/match.py) measures what it is worth. The
defaults are the measured best; the app and the brain use them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """Switches of the alpha-beta search (the measured best on by default)."""

    quiescence: bool = True
    """At depth 0, our four-threes (and the forced blocks) are played out before evaluating."""
    quiescence_plain_fours: bool = False
    """With `quiescence`: our plain fours near our last stone (`alphabeta.NEAR_FOUR`) are
    played out as well, after the four-threes."""
    defend_four_three: bool = True
    """When the opponent has a four-three to make, search only its defences and our fours."""
    extend_defences: bool = True
    """Answering the opponent's open three (its open four to come) costs no depth."""
    extend_width: int = 4
    """With `extend_defences`: only nodes with at most this many answers are extended (0: all),
    so a crowded board, where our own fours swell the answers, keeps its depth."""
    futility: int = 3
    """At a node with at most this many plies left, no forced reply and no four-three or double
    three of the opponent's to come, a static evaluation `alphabeta.FUTILITY_MARGINS`
    above beta is taken as the node's value (reverse futility pruning; 0: off)."""
    razoring: int = 3
    """At such a node with at most this many plies left and no four-three or double three of
    ours to come either, a static evaluation `alphabeta.RAZOR_MARGINS` below alpha is checked
    by quiescence, and the node cut if that stays at or below alpha too (razoring; 0: off).
    Only where `futility` looks (at most its plies)."""
    reductions: bool = True
    """Late quiet moves are searched one ply shallower first (late-move reductions)."""
    vct_counters: bool = True
    """In a VCT, a defender's four is blocked and the attack goes on (else it ends it)."""
    width: int = 8
    """Candidates searched at a node with one ply left; two more per ply, up to four more plies."""
    root_width: int = 24
    """Candidates searched at the root when nothing restricts them."""
    verify: bool = True
    """Alpha-beta's move is checked against the opponent's VCT before it is played."""
    proof_numbers: bool = True
    """VCTs by proof-number search (proof.py), else by depth-first search (threats.py)."""
    vct_depth: int = 5
    """Most attacker threes in a VCT (our attack, and the opponent's threat)."""
    vcf_share: float = 0.075
    """Share of the budget for our VCF (the first search of a move)."""
    opp_vcf_share: float = 0.06
    """Share of what is left for finding the opponent's VCF (as if it moved now)."""
    vcf_defence_share: float = 0.175
    """Share of what is left for finding the moves after which the opponent's VCF is gone."""
    vct_share: float = 0.2
    """Share of what is left of the budget for our VCT."""
    opp_vct_share: float = 0.06
    """Share of what is left for finding the opponent's VCT (as if it moved now)."""
    vct_defence_share: float = 0.15
    """Share of what is left for finding the moves after which the opponent's VCT is gone."""
    time_manager: bool = True
    """Under a time limit alone, alpha-beta starts no iteration whose first move is predicted
    not to finish (timing.py); the rest of the turn goes to checking its move."""
    threads: int = 1
    """Processes searching the root moves of a timed search (parallel.py); 1: this one alone."""
    history: bool = False
    """After the table move and the killers, moves are ordered by the strongest class (four,
    three, ...) either side makes on the square, then by how often, and how deep, each caused
    a cutoff for the same side (the history heuristic), then by their patterns' order."""
    frontier_vct: bool = False
    """At a node with one ply left and no forced reply, a small VCT for the side to move
    (`alphabeta.FRONTIER_THREES`, `FRONTIER_NODES`) scores the node as won if it finds one."""
    depth_parity: int = 0
    """0: iterative deepening searches every depth; 1: only the odd ones, 2: only the even
    ones (so the iterations' scores, which swing between odd and even depths, compare)."""
    tempo_threats: bool = False
    """The evaluation adds the side to move's threats to come: `evaluation.TEMPO_THREE` for
    each square where it makes an open three, `evaluation.TEMPO_FOUR` for each plain four."""


DEFAULT_OPTIONS = SearchOptions()
