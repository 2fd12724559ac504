"""Build a balanced 15x15 freestyle opening set for self-play matches.

    python bench/openings.py [--candidates 200] [--pool 36] [--keep 20] [--stones N]
                             [--even N] [--out FILE]

Random two-stone openings on 15x15 freestyle are won by black nearly
always, so a match on them measures colour, not strength. This script
keeps openings the engine itself finds even, in three steps:

1. candidates: 3 to 5 stones (``--stones N``: N; black first,
   alternating) on random squares within `RADIUS` of the centre, with no
   four or three on the board for either side (no square that would make a
   four or an open four), distinct up to the board's symmetries;
2. the search analyses each on a node budget (`--eval-nodes`); those it
   scores nearest to even for the side to move (``--even N``: nearest
   white's score N, black's -N, as strategies/openings.py's `EVEN_SCORE`
   counts even), with nothing forced, go on (`--pool` of them);
3. each of those is played out by the search against itself once per node
   budget of `--budgets` (nodes a move): an opening is kept only if both
   colours won at least one of these games.

Then the `--keep` most balanced (wins of each colour nearest equal, then
the step-2 score nearest even) are written, one per line in the referee's
`x,y` form (0-based, x the column), with a comment giving the side to move,
the score and the results. Everything runs on node budgets, so the same
arguments and code write the same file. ``--base REV`` scores and plays
with commit REV's search (``git archive``, as ``bench/match.py`` loads it),
so a set for measuring a new search against REV is chosen by REV alone.

Balance at the match's speed (``--seconds S``): one engine's self-play on a
node budget is not the game two engines play at a second a move, so with
``--seconds`` step 3 plays each opening at S seconds of CPU time a move
(the clock makes games of the same opening differ): up to ``--max-games``
games, dropped as soon as its first three are won by one colour; kept when
each colour won at least `MIN_WINS`. ``--include FILE`` tries FILE's
openings first, whatever their score; then ``--candidates`` random ones in
the order drawn, those scored beyond ``--max-score`` or decided left out.
``--shard I/N`` plays every N-th of them from the I-th, so N processes
share the work (the shards' files are then joined). These runs depend on
the machine's timing: the file records what they found, not something the
same arguments rewrite.
"""

from __future__ import annotations

import argparse
import random
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import match

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.engine.symmetry import board_symmetries
from tictac_tui.strategies import Limit, Strategy
from tictac_tui.strategies.search import SearchStrategy
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.patterns import FIVE, FLEX4, FOUR, FOUR3

SIZE = 15
RADIUS = 3
MAX_PLIES = 120
MIN_WINS = 2
"""With ``--seconds``: an opening is kept when each colour won at least this many games."""
REJECT_AFTER = 3
"""With ``--seconds``: an opening whose first this many games one colour won is dropped."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """An opening and the search's score of it for the side to move."""

    moves: tuple[Move, ...]
    score: int
    results: tuple[str, ...] = ()


def random_opening(rng: random.Random, stones: int | None = None) -> tuple[Move, ...]:
    """3 to 5 (or `stones`) distinct stones within `RADIUS` of the centre, black first."""
    centre = SIZE // 2
    count = rng.randint(3, 5) if stones is None else stones
    squares = [
        Move(r, c)
        for r in range(centre - RADIUS, centre + RADIUS + 1)
        for c in range(centre - RADIUS, centre + RADIUS + 1)
    ]
    return tuple(rng.sample(squares, count))


def quiet(state: GameState) -> bool:
    """Neither side has a square that makes a four or more."""
    board = Board.from_state(state)
    return not any(
        board.threats[side][cls] for side in (1, 2) for cls in (FIVE, FLEX4, FOUR3, FOUR)
    )


def canonical(moves: tuple[Move, ...]) -> tuple[frozenset[Move], frozenset[Move]]:
    """The smallest image of the stones under the symmetries of the square board."""
    rules = Rules.gomoku(SIZE)
    images = []
    for symmetry in board_symmetries(rules):
        black = frozenset(symmetry.apply(rules, m) for m in moves[0::2])
        white = frozenset(symmetry.apply(rules, m) for m in moves[1::2])
        images.append((tuple(sorted(black)), tuple(sorted(white)), black, white))
    best = min(images)
    return best[2], best[3]


def self_play(moves: tuple[Move, ...], nodes: int, engine: Engine) -> str:
    """'B', 'W' or 'D': who wins the opening when `engine` plays itself at `nodes` a move."""
    return _game(moves, (engine.player(0), engine.player(1)), Limit(nodes=nodes))


def _game(moves: tuple[Move, ...], players: tuple[Strategy, Strategy], limit: Limit) -> str:
    """'B', 'W' or 'D': the game from `moves` between `players` (black's first), each on `limit`."""
    state = GameState.from_moves(Rules.gomoku(SIZE), moves)
    while not state.is_over and state.move_count < MAX_PLIES:
        state = state.play(players[state.move_count % 2].choose(state, limit))
    if state.winner is Player.X:
        return "B"
    if state.winner is Player.O:
        return "W"
    return "D"


@dataclass(frozen=True, slots=True)
class Engine:
    """The search that scores and plays the openings: this tree's, or a landed commit's."""

    score: Callable[[tuple[Move, ...], int], tuple[str, int]]
    """(reason, score) of its analysis of an opening on a node budget."""
    player: Callable[[int], Strategy]
    """A fresh player, from a seed."""


def engine_of(rev: str) -> Engine:
    """Commit `rev`'s search (loaded as ``bench/match.py`` does), or this tree's when empty."""
    if not rev:

        def own_score(moves: tuple[Move, ...], nodes: int) -> tuple[str, int]:
            state = GameState.from_moves(Rules.gomoku(SIZE), moves)
            line = SearchStrategy().analyse(state, Limit(nodes=nodes))[0]
            return line.reason, line.score

        return Engine(own_score, lambda seed: SearchStrategy(seed=seed))
    make = match.committed_search(rev)
    package: types.ModuleType = match.COMMITTED[-1]

    def score(moves: tuple[Move, ...], nodes: int) -> tuple[str, int]:
        engine = package.engine
        state = engine.GameState.from_moves(
            engine.Rules(SIZE, SIZE, 5), [engine.Move(m.row, m.col) for m in moves]
        )
        limit = package.strategies.base.Limit(nodes=nodes)
        line = package.strategies.search.SearchStrategy().analyse(state, limit)[0]
        return str(line.reason), int(line.score)

    return Engine(score, make)


def drawn(
    rng: random.Random,
    seen: set[tuple[frozenset[Move], frozenset[Move]]],
    stones: int | None = None,
) -> Iterator[tuple[Move, ...]]:
    """Quiet random openings (of `stones` stones if given), none equal (up to symmetry) to
    one in `seen` (which grows)."""
    while True:
        moves = random_opening(rng, stones)
        key = canonical(moves)
        if key in seen or not quiet(GameState.from_moves(Rules.gomoku(SIZE), moves)):
            continue
        seen.add(key)
        yield moves


def by_clock(args: argparse.Namespace, engine: Engine) -> tuple[list[Candidate], int, int]:
    """Step 3 at the match's speed (``--seconds``): the kept openings, candidates drawn, played.

    The include file's openings come first, then ``--candidates`` random
    ones; this shard takes every N-th (``--shard I/N``).
    """
    match.use_cpu_clock()
    shard, shards = (int(n) for n in args.shard.split("/"))
    included = [tuple(o) for o in match.load_openings(args.include)] if args.include else []
    seen = {canonical(o) for o in included}
    fresh = drawn(random.Random(args.seed), seen)
    stream = [
        *((o, True) for o in included),
        *((next(fresh), False) for _ in range(args.candidates)),
    ]
    limit = Limit(time=args.seconds)
    kept: list[Candidate] = []
    played = 0
    for index, (moves, known) in enumerate(stream):
        if index % shards != shard:
            continue
        reason, score = engine.score(moves, args.eval_nodes)
        if not known and (reason != "alpha-beta" or abs(score) > args.max_score):
            continue
        played += 1
        results = ""
        for game in range(args.max_games):
            seed = 100 * index + 2 * game
            results += _game(moves, (engine.player(seed), engine.player(seed + 1)), limit)
            if len(results) == REJECT_AFTER and len(set(results)) == 1:
                break
        print(f"{index:>4} {score:>6} {results}", file=sys.stderr, flush=True)
        if results.count("B") >= MIN_WINS and results.count("W") >= MIN_WINS:
            kept.append(Candidate(moves, score, tuple(results)))
    return kept, len(stream), played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=200)
    parser.add_argument("--keep", type=int, default=20)
    parser.add_argument("--pool", type=int, default=36, help="openings tried in self-play")
    parser.add_argument("--eval-nodes", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--stones", type=int, help="stones of every opening (default 3 to 5)")
    parser.add_argument(
        "--even", type=int, default=0, help="white's score counted as even (black's: minus it)"
    )
    parser.add_argument("--commit", default="", help="named in the file's header")
    parser.add_argument(
        "--budgets", default="500,1000,2000", help="nodes a move of each self-play game"
    )
    parser.add_argument("--seconds", type=float, help="self-play at this CPU time a move")
    parser.add_argument("--max-games", type=int, default=6, help="with --seconds")
    parser.add_argument("--max-score", type=int, default=200, help="with --seconds")
    parser.add_argument("--base", default="", help="score and play with this commit's search")
    parser.add_argument("--include", type=Path, help="with --seconds: try these openings first")
    parser.add_argument("--shard", default="0/1", help="with --seconds: I/N")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "openings-15x15.txt")
    args = parser.parse_args()
    engine = engine_of(args.base)
    if args.seconds is not None:
        clocked, drawn_count, played = by_clock(args, engine)
        clocked.sort(key=lambda c: (abs(c.results.count("B") - c.results.count("W")), abs(c.score)))
        write_clocked(args, clocked[: args.keep], drawn_count, played)
        return
    fresh = drawn(random.Random(args.seed), set(), args.stones)
    scored: list[Candidate] = []
    for count in range(1, args.candidates + 1):
        moves = next(fresh)
        reason, score = engine.score(moves, args.eval_nodes)
        if reason == "alpha-beta":
            scored.append(Candidate(moves, score))
        print(f"candidate {count}: {reason} {score}", file=sys.stderr, flush=True)
    scored.sort(key=lambda c: (abs(c.score - even_for(c.moves, args.even)), c.moves))
    budgets = [int(n) for n in args.budgets.split(",")]
    kept: list[Candidate] = []
    for cand in scored[: args.pool]:
        results = tuple(self_play(cand.moves, nodes, engine) for nodes in budgets)
        print(f"{cand.score:>6} {''.join(results)}", file=sys.stderr, flush=True)
        if "B" in results and "W" in results:
            kept.append(Candidate(cand.moves, cand.score, results))
    kept.sort(
        key=lambda c: (
            abs(c.results.count("B") - c.results.count("W")),
            abs(c.score - even_for(c.moves, args.even)),
        )
    )
    write(args, kept[: args.keep], args.candidates, len(scored))


def even_for(moves: tuple[Move, ...], even: int) -> int:
    """The even score of the side to move after `moves`: `even` for white, minus it for black."""
    return even if len(moves) % 2 == 1 else -even


def write_clocked(args: argparse.Namespace, kept: list[Candidate], drawn: int, played: int) -> None:
    """The opening file of a ``--seconds`` run: its header, then one opening per line."""
    who = f"commit {args.base}'s search" if args.base else "this tree's search"
    header = [
        "# 15x15 freestyle openings balanced at the match's speed, written by bench/openings.py",
        f"# --seconds {args.seconds} --max-games {args.max_games} --max-score {args.max_score}"
        f" --eval-nodes {args.eval_nodes} --seed {args.seed} --candidates {args.candidates}"
        f" --shard {args.shard}" + (f" --include {args.include}" if args.include else "") + ":",
        f"# {played} of {drawn} openings played by {who} against itself at {args.seconds} s",
        f"# of CPU time a move; kept: each colour won at least {MIN_WINS} games. x,y: 0-based,",
        "# x the column.",
    ]
    _write(args.out, header, kept)


def write(args: argparse.Namespace, kept: list[Candidate], tried: int, quiet_count: int) -> None:
    """The opening file: a header saying how it was made, then one opening per line."""
    named = args.base or args.commit
    header = [
        f"# Balanced 15x15 freestyle openings, written by bench/openings.py --seed {args.seed}",
        f"# --candidates {args.candidates} --eval-nodes {args.eval_nodes} --keep {args.keep}"
        + (f" --stones {args.stones}" if args.stones is not None else "")
        + (f" --even {args.even}" if args.even else "")
        + ":",
        f"# {tried} quiet candidates, {quiet_count} not decided by a rule or threat search;",
        f"# --pool {args.pool} --budgets {args.budgets}: of the --pool nearest to even, those",
        "# the search's self-play (one game per budget, nodes a move) won with both colours,",
        "# most balanced first. x,y: 0-based, x the column.",
        f"# Scored and played by the search of commit {named}." if named else "#",
    ]
    _write(args.out, header, kept)


def _write(path: Path, header: list[str], kept: list[Candidate]) -> None:
    lines = list(header)
    for cand in kept:
        stones = " ".join(f"{m.col},{m.row}" for m in cand.moves)
        side = "black" if len(cand.moves) % 2 == 0 else "white"
        lines.append(
            f"{stones}  # {side} to move, score {cand.score}, self-play {''.join(cand.results)}"
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(kept)} openings to {path}")


if __name__ == "__main__":
    main()
