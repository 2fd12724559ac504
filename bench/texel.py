"""Texel tuning of the search's evaluation: self-play games, then logistic regression on them.

    python bench/texel.py generate --games 400 --nodes 1000 --out bench/out/texel-games.jsonl
    python bench/texel.py tune bench/out/texel-games.jsonl [--skip 6] [--epochs 400]

``generate`` plays the search against itself (this tree's, at ``--nodes`` a
move, a fresh player per side and game) from the openings of the three 15x15
sets, each followed by ``--random`` random stones within two steps of the
others (drawn by ``--seed`` and the game number), so no two games repeat;
every finished game is appended to ``--out`` as one JSON line (moves, winner).
Run it in several processes with ``--shard I/N`` to share the games.

``tune`` replays every game and keeps the positions the search would evaluate
(no five to make or to block, no open four to make; with ``--calm`` no four
either; none of the first ``--skip`` moves after the opening). Each
position's features are the evaluation's terms (evaluation.py) for the side
to move: per pattern, the side to move's count over the empty squares times
``1 + TEMPO_WEIGHT * 2**-TEMPO_SHIFT`` less the opponent's; the indicators of the threat
bonuses; per combination (`patterns.Combo`), the same difference of its
counts. The label is the game's result for the side to move (1, 1/2, 0).
First the scale K of ``sigmoid(K * eval)`` is fitted with today's weights;
then all the weights are fitted together, K fixed (so the tuned values stay
in today's units), by Adam on the log loss, with a bias for the colour to
move beside them (the first player's edge, which the evaluation does not
score, is not read into the weights). Prints the loss before and
after, and the tuned `EVAL_VALUE`, `WINNING` and `COMBO_VALUE` to paste into the sources.
Pure Python, standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchStrategy
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.evaluation import (
    TEMPO_SHIFT,
    TEMPO_WEIGHT,
    THEIR_FOUR3,
    THEIR_OPEN_FOUR,
    WINNING,
)
from tictac_tui.strategies.search.patterns import (
    BLACK,
    COMBO_VALUE,
    EVAL_VALUE,
    FIVE,
    FLEX4,
    FOUR,
    FOUR3,
    PATTERN_NAMES,
    THREE,
    THREE3,
    Combo,
    combos,
    side_counts,
)

BENCH = Path(__file__).resolve().parent
OPENING_FILES = ("openings-15x15-even.txt", "openings-15x15.txt", "openings-15x15-1s.txt")
TUNED = range(1, 9)
"""The patterns whose values are tuned (B1 .. F4); DEAD and OVER stay 0, F5 never counts
(a position with a five to make is not quiet)."""
BIAS_SCALE = 300.0
"""The step size (in evaluation units) of the colour's bias, fitted beside the weights so
the first player's edge is not read into them; it starts at 0."""
BONUS_NAMES = ("four-three", "double three", "three", "their four-three", "their open four")
START_SCALE = 50.0
"""The step scale (in evaluation units) of a weight that starts at 0 (the others step in
their own size)."""


def load_openings() -> list[list[Move]]:
    """Every opening of the three 15x15 sets."""
    out = []
    for name in OPENING_FILES:
        for raw in (BENCH / name).read_text(encoding="utf-8").splitlines():
            text = raw.split("#", 1)[0].strip()
            if text:
                out.append([Move(int(t.split(",")[1]), int(t.split(",")[0])) for t in text.split()])
    return out


def random_stones(state: GameState, count: int, rng: random.Random) -> GameState:
    """`state` with `count` more random legal stones, each within two steps of a stone."""
    for _ in range(count):
        near = sorted(
            {
                Move(m.row + dr, m.col + dc)
                for m in state.history
                for dr in range(-2, 3)
                for dc in range(-2, 3)
            }
        )
        legal = [m for m in near if 0 <= m.row < 15 and 0 <= m.col < 15 and state.is_legal(m)]
        state = state.play(rng.choice(legal))
    return state


def generate(args: argparse.Namespace) -> None:
    rules = Rules.gomoku(15)
    openings = load_openings()
    index, shards = (int(x) for x in args.shard.split("/"))
    limit = Limit(nodes=args.nodes)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for game in range(args.games):
        if game % shards != index:
            continue
        rng = random.Random(args.seed * 100_003 + game)
        state = GameState.from_moves(rules, rng.choice(openings))
        state = random_stones(state, args.random, rng)
        if state.is_over:
            continue
        start = state.move_count
        players = {Player.X: SearchStrategy(seed=game), Player.O: SearchStrategy(seed=game)}
        while not state.is_over:
            state = state.play(players[state.to_move].choose(state, limit))
        winner = None if state.winner is None else state.winner.name
        record = {"moves": [[m.row, m.col] for m in state.history], "start": start}
        record["winner"] = winner
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
        print(f"game {game}: {winner} after {state.move_count} moves "
              f"({time.perf_counter() - started:.0f} s)", flush=True)  # fmt: skip


def counts(b: Board, side: int) -> tuple[list[int], list[int]]:
    """Per pattern: how many directions of the empty squares make it for `side`; per
    `Combo`: on how many empty squares a stone of `side` makes it."""
    out = [0] * len(PATTERN_NAMES)
    made = [0] * len(Combo)
    for sq in b.squares:
        if b.cells[sq]:
            continue
        square = side_counts(b.vecs[sq], side)
        for p in TUNED:
            out[p] += square[p]
        for combo in combos(square):
            made[combo] += 1
    return out, made


def quiet(b: Board) -> bool:
    """Where the search would evaluate: no five to make or to block, no open four to make
    (the search scores those as won or lost before evaluating)."""
    me, opp = b.side, 3 - b.side
    mine, theirs = b.threats[me], b.threats[opp]
    return not (mine[FIVE] or theirs[FIVE] or mine[FLEX4])


def features(b: Board) -> list[float]:
    """The evaluation's terms for the side to move (see the module's description)."""
    me, opp = b.side, 3 - b.side
    (mine, my_combos), (theirs, their_combos) = counts(b, me), counts(b, opp)
    tempo = 1 + TEMPO_WEIGHT * 2**-TEMPO_SHIFT
    x = [tempo * mine[p] - theirs[p] for p in TUNED]
    made = [tempo * a - b for a, b in zip(my_combos, their_combos, strict=True)]
    my_t, their_t = b.threats[me], b.threats[opp]
    my_fours = bool(my_t[FOUR] or my_t[FOUR3])
    their_fours = bool(their_t[FOUR] or their_t[FOUR3])
    four3 = bool(my_t[FOUR3]) and not their_fours
    three3 = not four3 and bool(my_t[THREE3]) and not their_fours and not their_t[FLEX4]
    three = not four3 and not three3 and bool(my_t[THREE])
    opp4 = not my_fours and bool(their_t[FOUR3])
    oppf = not my_fours and not opp4 and bool(their_t[FLEX4])
    return [*x, float(four3), float(three3), float(three), -float(opp4), -float(oppf), *made]


def today() -> list[float]:
    """Today's weights, in the order of `features`."""
    bonuses = [WINNING[FOUR3], WINNING[THREE3], WINNING[THREE]]
    penalties = [THEIR_FOUR3, THEIR_OPEN_FOUR]
    rest = bonuses + penalties + list(COMBO_VALUE)
    return [float(EVAL_VALUE[p]) for p in TUNED] + [float(v) for v in rest]


def calm(b: Board) -> bool:
    """Quiet, and no four or open four for either side to make: shapes, not tactics."""
    mine, theirs = b.threats[b.side], b.threats[3 - b.side]
    return not any(t[cls] for t in (mine, theirs) for cls in (FIVE, FLEX4, FOUR3, FOUR))


def positions(path: Path, skip: int, only_calm: bool = False) -> list[tuple[list[float], float]]:
    """(features, result for the side to move) of every quiet (or `only_calm`) position;
    the features end with the colour to move (1 black, -1 white)."""
    rules = Rules.gomoku(15)
    data = []
    for line in path.read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        moves = [Move(r, c) for r, c in game["moves"]]
        state = GameState.from_moves(rules, moves[: game["start"]])
        board = Board.from_state(state)
        for i, move in enumerate(moves[game["start"] :]):
            if i >= skip and (calm(board) if only_calm else quiet(board)):
                mover = "X" if board.side == BLACK else "O"
                result = 0.5 if game["winner"] is None else float(game["winner"] == mover)
                colour = 1.0 if board.side == BLACK else -1.0
                data.append(([*features(board), colour], result))
            board.make(board.square(move.row, move.col))
    return data


def loss(data: list[tuple[list[float], float]], w: list[float], k: float) -> float:
    """Mean log loss of ``sigmoid(k * w . x)`` against the results."""
    total = 0.0
    for x, y in data:
        z = k * sum(a * b for a, b in zip(w, x, strict=True))
        p = 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def fit_k(data: list[tuple[list[float], float]], w: list[float]) -> float:
    """The scale K that minimises the loss for weights `w` (golden-section on log K)."""
    lo, hi = math.log(1e-6), math.log(1e-1)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loss(data, w, math.exp(a)) < loss(data, w, math.exp(b)):
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def fit(
    data: list[tuple[list[float], float]],
    w0: list[float],
    k: float,
    epochs: int,
    rate: float,
    prior: float = 0.0,
    bias: bool = False,
) -> list[float]:
    """Weights minimising the log loss plus ``prior`` times the squared relative change
    from `w0` (full-batch Adam, each weight's step in its own units). Each weight stays at
    least 0, except (`bias`) the last, the colour's, which moves in steps of `BIAS_SCALE`."""
    w = list(w0)
    scale = [max(abs(v), 1.0) if v else START_SCALE for v in w0]
    floor = [0.0] * len(w)
    if bias:
        scale[-1], floor[-1] = BIAS_SCALE, -math.inf
    m = [0.0] * len(w)
    v = [0.0] * len(w)
    for epoch in range(1, epochs + 1):
        grad = [0.0] * len(w)
        for x, y in data:
            z = k * sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += (p - y) * k * xi
        for i in range(len(w)):
            g = grad[i] / len(data) * scale[i] + 2 * prior * (w[i] - w0[i]) / scale[i]
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            mh, vh = m[i] / (1 - 0.9**epoch), v[i] / (1 - 0.999**epoch)
            w[i] = max(floor[i], w[i] - rate * scale[i] * mh / (math.sqrt(vh) + 1e-12))
        if epoch % 50 == 0:
            print(f"  epoch {epoch}: loss {loss(data, w, k):.5f}", flush=True)
    return w


def tune(args: argparse.Namespace) -> None:
    data = positions(args.games, args.skip, args.calm)
    rng = random.Random(args.seed)
    rng.shuffle(data)
    cut = len(data) * 4 // 5
    train, held = data[:cut], data[cut:]
    w0 = [*today(), 0.0]  # the colour's bias: today's evaluation has none
    k = fit_k(train, w0)
    print(f"{len(data)} quiet positions ({len(train)} to fit, {len(held)} held out); K = {k:.3g}")
    print(f"today's weights: loss {loss(train, w0, k):.5f} (held out {loss(held, w0, k):.5f})")
    w = fit(train, w0, k, args.epochs, args.rate, args.prior, bias=True)
    print(f"tuned weights:   loss {loss(train, w, k):.5f} (held out {loss(held, w, k):.5f})")
    combo_names = [combo.name.lower().replace("_", " ") for combo in Combo]
    names = [PATTERN_NAMES[p] for p in TUNED] + list(BONUS_NAMES) + combo_names
    print(f"  black to move: {w[-1]:+.0f} (fitted, not part of the evaluation)")
    w0, w = w0[:-1], w[:-1]
    for name, before, after in zip(names, w0, w, strict=True):
        print(f"  {name:16} {before:8.0f} -> {after:8.0f}")
    values = list(EVAL_VALUE)
    for p, value in zip(TUNED, w, strict=False):
        values[p] = round(value)
    print(f"EVAL_VALUE = {tuple(values)}")
    bonuses = w[len(TUNED) : len(TUNED) + len(BONUS_NAMES)]
    winning = list(WINNING)
    winning[FOUR3], winning[THREE3], winning[THREE] = (round(x) for x in bonuses[:3])
    print(f"WINNING = {tuple(winning)}; their four-three {bonuses[3]:.0f}, their open four "
          f"{bonuses[4]:.0f}")  # fmt: skip
    print(f"COMBO_VALUE = {tuple(round(x) for x in w[-len(Combo) :])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="play self-play games into a JSON-lines file")
    gen.add_argument("--games", type=int, default=400)
    gen.add_argument("--nodes", type=int, default=1000)
    gen.add_argument("--random", type=int, default=2, help="random stones after the opening")
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--shard", default="0/1", help="I/N: play games I, I+N, I+2N, ...")
    gen.add_argument("--out", type=Path, default=BENCH / "out" / "texel-games.jsonl")
    fit_cmd = sub.add_parser("tune", help="fit the evaluation's weights to the games' results")
    fit_cmd.add_argument("games", type=Path)
    fit_cmd.add_argument("--skip", type=int, default=6, help="moves after the opening left out")
    fit_cmd.add_argument("--epochs", type=int, default=400)
    fit_cmd.add_argument("--rate", type=float, default=0.02)
    fit_cmd.add_argument("--seed", type=int, default=1)
    fit_cmd.add_argument(
        "--calm", action="store_true", help="only positions with no four for either side to make"
    )
    fit_cmd.add_argument(
        "--prior", type=float, default=0.0, help="pull towards today's weights (0: none)"
    )
    args = parser.parse_args()
    if args.command == "generate":
        generate(args)
    else:
        tune(args)


if __name__ == "__main__":
    main()
