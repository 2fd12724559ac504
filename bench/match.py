"""In-process matches between two players, with the engine as referee (any rule, any board).

    python bench/match.py A B [--openings FILE [--first-opening I]] [--time 1.0 | --nodes N]
                              [--rule freestyle|exact|renju|caro] [--size 15] [--games N]

A and B are registered players (``search``, ``heuristic``, ``random``), a
search with options (``search:quiescence=0,lmr=0``, see `SearchOptions`),
named with ``NAME=`` if wanted, ``git:REV``: the search player of commit REV
(under any rule it has), loaded from ``git archive`` beside this tree's, or
``engine:NAME`` (a hosted Gomocup engine from ``tictac engines list``) or
``gomocup:COMMAND ARGS`` (any Gomocup engine command, one shell-quoted string):
one engine process per side, ended when the match ends. Each
opening is played twice, colours swapped (A is black in games 1, 3, 5, ...);
without `--openings` the balanced 15x15 set is used on 15x15 and the empty board elsewhere. Each
player keeps its state between the moves of a game (as the brain does) and
gets a fresh instance each game. Both players think in this one process,
one after the other, so a busy machine slows both alike. Prints one line
per game and a summary whose last line reads ``A vs B: W-L-D (score%)``.
This runner is how rules the referee doesn't know (renju, caro) are measured.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Move, Player, Rule, Rules
from tictac_tui.engines import EngineSpec, EngineStrategy
from tictac_tui.engines.store import find_engine
from tictac_tui.strategies import Limit, Strategy, get_strategy
from tictac_tui.strategies.search import SearchOptions, SearchStrategy
from tictac_tui.strategies.search import budget as search_budget
from tictac_tui.strategies.search import player as search_player

OPENINGS = Path(__file__).resolve().parent / "openings-15x15.txt"


@dataclass(slots=True)
class Side:
    """One contestant: how to make its player, and its tally."""

    name: str
    make: Callable[[int], Strategy]
    seconds: list[float] = field(default_factory=list)
    wins: dict[str, int] = field(default_factory=lambda: {"black": 0, "white": 0})
    losses: dict[str, int] = field(default_factory=lambda: {"black": 0, "white": 0})
    draws: int = 0
    slowest: tuple[float, str] = (0.0, "")
    seconds_limit: float | None = None


def parse_side(spec: str) -> Side:
    """``[NAME=]player[:key=value,...][@SECONDS]`` -> a Side (SECONDS: its own time a move)."""
    seconds = None
    if "@" in spec:
        spec, _, at = spec.rpartition("@")
        seconds = float(at)
    side = _parse_player(spec)
    side.seconds_limit = seconds
    return side


def _parse_player(spec: str) -> Side:
    name, _, rest = spec.partition("=") if "=" in spec.split(":", 1)[0] else ("", "", spec)
    player, _, options = rest.partition(":")
    name = name or rest
    if player == "git":
        return Side(name, committed_search(options))
    if player in ("engine", "gomocup"):
        return Side(name, hosted_engine(player, options))
    if options:
        if player != "search":
            raise SystemExit(f"only search takes options, not {player!r}")
        known = {f.name: f.type for f in fields(SearchOptions)}
        values: dict[str, object] = {}
        for item in options.split(","):
            key, _, value = item.partition("=")
            if key not in known:
                raise SystemExit(f"unknown search option {key!r}: known are {', '.join(known)}")
            kind = str(known[key])
            values[key] = bool(int(value)) if "bool" in kind else type_of(kind)(value)
        opts = SearchOptions(**values)  # type: ignore[arg-type]
        return Side(name, lambda seed: SearchStrategy(seed=seed, options=opts))
    get_strategy(player)  # fail early on an unknown name
    return Side(name, lambda seed: get_strategy(player, seed=seed))


HOSTED: list[EngineStrategy] = []
"""Every hosted engine a side started (ended at the end of the match)."""


def hosted_engine(kind: str, text: str) -> Callable[[int], Strategy]:
    """A maker of players for ``engine:NAME`` or ``gomocup:COMMAND``: one process per side."""
    if kind == "engine":
        known = find_engine(text)
        if known is None:
            raise SystemExit(f"no engine called {text!r} (tictac engines list)")
        spec = known.spec
    else:
        command = tuple(shlex.split(text))
        if not command:
            raise SystemExit("gomocup: needs a command")
        spec = EngineSpec(Path(command[0]).name, command)
    player = EngineStrategy(spec)
    HOSTED.append(player)
    return lambda seed: player


class CommittedSearch:
    """The `search` player of another commit, loaded beside this tree's (see `committed_search`).

    It gets each position as that commit's own GameState, replayed from the moves.
    """

    name = "search"

    def __init__(self, package: types.ModuleType, seed: int) -> None:
        self.package = package
        self.player = package.strategies.search.SearchStrategy(seed=seed)

    def choose(self, state: GameState, limit: Limit) -> Move:
        """That commit's move for `state`."""
        engine = self.package.engine
        rules = state.rules
        if rules.rule in (Rule.FREESTYLE, Rule.EXACT):  # commits before the rules work know these
            their_rules = engine.Rules(rules.rows, rules.cols, rules.k, exact=rules.exact)
        else:
            their_rules = engine.Rules(rules.rows, rules.cols, rules.k, rule=rules.rule.value)
        theirs = engine.GameState.from_moves(
            their_rules,
            [engine.Move(m.row, m.col) for m in state.history],
        )
        move = self.player.choose(
            theirs, self.package.strategies.base.Limit(time=limit.time, nodes=limit.nodes)
        )
        return Move(move.row, move.col)


COMMITTED: list[types.ModuleType] = []
"""The packages of other commits loaded so far (their clocks follow `use_cpu_clock`)."""


def committed_search(rev: str) -> Callable[[int], Strategy]:
    """A maker of `rev`'s search player, from ``git archive`` of its package.

    Renju and caro need a commit that has them (from the rules work on); freestyle and
    exact five are played by any.
    """
    package = committed_package(rev)
    return lambda seed: CommittedSearch(package, seed)  # type: ignore[return-value]


def committed_package(rev: str) -> types.ModuleType:
    """`rev`'s ``tictac_tui`` package, loaded beside this tree's (its clock as ours).

    The package is extracted to bench/out/git-<sha>/ under the name ``tictac_<sha>``
    (its imports are relative), so both searches play in one process.
    """
    root = Path(__file__).resolve().parent.parent
    sha = subprocess.run(
        ["git", "rev-parse", "--short=7", rev], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()
    target = root / "bench" / "out" / f"git-{sha}"
    name = f"tictac_{sha}"
    if not (target / name).exists():
        _extract(root, sha, target, name)
    sys.path.insert(0, str(target))
    package = importlib.import_module(name)
    for module in ("engine", "strategies.base", "strategies.search"):
        importlib.import_module(f"{name}.{module}")
    COMMITTED.append(package)
    if CLOCK.now is time.process_time:
        _cpu_clock(package)
    return package


def _extract(root: Path, sha: str, target: Path, name: str) -> None:
    """Extract `sha`'s package as ``target/name``, ready to import.

    It is unpacked and its imports rewritten in a private folder first, then
    renamed into place in one step, so matches started together never see
    (or write into) each other's half-made copy; the first to finish wins.
    """
    target.mkdir(parents=True, exist_ok=True)
    private = Path(tempfile.mkdtemp(dir=target, prefix=".extract-"))
    try:
        archive = subprocess.run(
            ["git", "archive", sha, "tictac_tui"], cwd=root, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(private)], input=archive, check=True)
        package = private / name
        (private / "tictac_tui").rename(package)
        _own_imports(package)
        try:
            package.rename(target / name)
        except OSError:
            if not (target / name).exists():
                raise
    finally:
        shutil.rmtree(private, ignore_errors=True)


def _own_imports(package: Path) -> None:
    """Point the extracted package's absolute imports (``from tictac_tui.x``) at itself,
    so it never mixes this tree's modules (an enum of ours is not one of its own)."""
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        own = text.replace("from tictac_tui.", f"from {package.name}.")
        own = own.replace("import tictac_tui\n", f"import {package.name} as tictac_tui\n")
        if own != text:
            path.write_text(own, encoding="utf-8")


def _cpu_clock(package: types.ModuleType) -> None:
    clock = types.SimpleNamespace(perf_counter=time.process_time)
    for module in ("budget", "player"):
        target = importlib.import_module(f"{package.__name__}.strategies.search.{module}")
        setattr(target, "time", clock)  # noqa: B010


@dataclass(slots=True)
class Clock:
    """The clock moves are timed with (wall time unless `--cpu-clock`)."""

    now: Callable[[], float] = time.perf_counter


CLOCK = Clock()


def use_cpu_clock() -> None:
    """Make the search read this process's CPU time as its clock.

    Both players think in this one process, one after the other, so each
    move's CPU time is that player's alone: a busy machine (other helpers'
    tests) then slows neither, and `--time 1` means a second on a free core.
    The search reads its clock as ``time.perf_counter`` in these two modules.
    """
    CLOCK.now = time.process_time
    clock = types.SimpleNamespace(perf_counter=time.process_time)
    setattr(search_budget, "time", clock)  # noqa: B010 (not exported: mypy would object)
    setattr(search_player, "time", clock)  # noqa: B010
    for package in COMMITTED:
        _cpu_clock(package)


def type_of(kind: str) -> Callable[[str], object]:
    """The converter for an option's annotated type."""
    return float if "float" in kind else int


def load_openings(path: Path) -> list[list[Move]]:
    """Openings in the referee's format: ``x,y`` moves (x the column), ``#`` comments."""
    openings = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.split("#", 1)[0].strip()
        if text:
            moves = []
            for token in text.split():
                x, y = token.split(",")
                moves.append(Move(int(y), int(x)))
            openings.append(moves)
    return openings


def play(
    rules: Rules, black: Side, white: Side, opening: list[Move], limit: Limit, seed: int
) -> GameState:
    """One game; each side's seconds per move are added to its list."""
    state = GameState.from_moves(rules, opening)
    players = {Player.X: (black, black.make(seed)), Player.O: (white, white.make(seed + 1))}
    while not state.is_over:
        side, player = players[state.to_move]
        started = CLOCK.now()
        own = limit if side.seconds_limit is None else Limit(time=side.seconds_limit)
        move = player.choose(state, own)
        took = CLOCK.now() - started
        side.seconds.append(took)
        if took > side.slowest[0]:
            side.slowest = (took, " ".join(f"{m.col},{m.row}" for m in state.history))
        state = state.play(move)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--openings", type=Path)
    parser.add_argument("--time", type=float, help="seconds a move (default 1.0)")
    parser.add_argument("--nodes", type=int, help="nodes a move instead of seconds")
    parser.add_argument("--rule", default="freestyle", choices=[r.value for r in Rule])
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--games", type=int, help="default: two per opening")
    parser.add_argument(
        "--first-opening",
        type=int,
        default=1,
        help="start at this opening of the file (1-based), to share a match between processes",
    )
    parser.add_argument("--json", type=Path, help="write every game here")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="count the search's seconds in CPU time of this process (immune to load)",
    )
    args = parser.parse_args()
    if args.cpu_clock:
        use_cpu_clock()
    rules = Rules.gomoku(args.size, rule=Rule(args.rule))
    path = args.openings or (OPENINGS if args.size == 15 else None)
    if args.first_opening < 1:
        parser.error("--first-opening counts from 1")
    openings = load_openings(path)[args.first_opening - 1 :] if path else [[]]
    if not openings:
        parser.error(f"--first-opening {args.first_opening}: the file has fewer openings")
    games = args.games or 2 * len(openings)
    limit = Limit(nodes=args.nodes) if args.nodes else Limit(time=args.time or 1.0)
    a, b = parse_side(args.a), parse_side(args.b)
    try:
        run(args, rules, openings, games, limit, a, b)
    finally:
        for player in HOSTED:
            player.close()


def run(
    args: argparse.Namespace,
    rules: Rules,
    openings: list[list[Move]],
    games: int,
    limit: Limit,
    a: Side,
    b: Side,
) -> None:
    """Play the match and print it (see the module's description)."""
    print(f"match: {a.name} vs {b.name}, {games} games, {rules.describe()}, {limit}", flush=True)
    records = []
    for game in range(1, games + 1):
        opening = openings[(game - 1) // 2 % len(openings)]
        black, white = (a, b) if game % 2 else (b, a)
        final = play(rules, black, white, opening, limit, seed=game)
        if final.winner is None:
            a.draws += 1
            b.draws += 1
            result = "draw"
        else:
            winner, loser = (black, white) if final.winner is Player.X else (white, black)
            colour = "black" if winner is black else "white"
            winner.wins[colour] += 1
            loser.losses["white" if colour == "black" else "black"] += 1
            result = f"{winner.name} ({colour}) wins"
        moves = [f"{m.col},{m.row}" for m in final.history]
        records.append({"game": game, "black": black.name, "white": white.name,
                        "result": result, "moves": moves})  # fmt: skip
        pair = (game - 1) // 2 + 1
        print(f"game {game}/{games}: {black.name} (black) vs {white.name} (white) "
              f"[opening {pair}]: {result}; {final.move_count} moves", flush=True)  # fmt: skip
    summary(a, b)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1), encoding="utf-8")


def summary(a: Side, b: Side) -> None:
    """The per-colour lines, seconds per move, and the final score line."""
    for side in (a, b):
        for colour in ("black", "white"):
            print(f"  {side.name} as {colour}: {side.wins[colour]}-{side.losses[colour]}")
    for side in (a, b):
        if side.seconds:
            mean = sum(side.seconds) / len(side.seconds)
            print(f"  {side.name}: {mean:.3f} s/move average, {max(side.seconds):.3f} s max "
                  f"({len(side.seconds)} moves); slowest after: {side.slowest[1]}")  # fmt: skip
    wins = sum(a.wins.values())
    losses = sum(a.losses.values())
    total = wins + losses + a.draws
    score = (wins + a.draws / 2) / total if total else 0.0
    print(f"  Elo diff {elo(score):+.0f} for {a.name}")
    print(f"{a.name} vs {b.name}: {wins}-{losses}-{a.draws} ({100 * score:.1f}%)")


def elo(score: float) -> float:
    """The Elo difference a score share implies (capped at +-800)."""
    if score <= 0:
        return -800.0
    if score >= 1:
        return 800.0
    return max(-800.0, min(800.0, -400 * math.log10(1 / score - 1)))


if __name__ == "__main__":
    main()
