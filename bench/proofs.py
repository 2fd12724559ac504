"""Proofs of 4-in-a-row boards: the proof search beside today's plain solver, in one run.

    python bench/proofs.py                 # 4x5, 4x6, 5x5, 6x5; the solver gets 60 s a board
    python bench/proofs.py --boards 5x5 --solver-seconds 200

Each measurement runs in a fresh process (imports excluded from the times)
and prints the result, wall and CPU seconds, positions searched and the
process's peak memory (POSIX only: `resource`). The proofs start from an
empty table (not the shipped one): both "does X win?" and "does O win?"
are settled from the empty board. The plain solver is `solver.Solver`
(negamax with alpha-beta and a symmetry-keyed table) asked for win, draw or
loss with a narrow window, stopped after its time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

BOARDS = ("4x5", "4x6", "5x5", "6x5")


def child_solver(rows: int, cols: int, k: int, seconds: float) -> dict[str, object]:
    """Today's solver on the empty board; stopped after `seconds` by an alarm."""
    import resource
    import signal
    import time

    from tictac_tui.engine import Rules, geometry
    from tictac_tui.strategies.solver import Solver

    class TimeUp(Exception):
        pass

    def alarm(signum: int, frame: object) -> None:
        raise TimeUp

    solver = Solver(geometry(Rules(rows, cols, k)), any_size=True)
    signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        score = solver.at_least(0, 0, 1), solver.at_least(0, 0, 0)
        result = "X wins" if score[0] else "draw" if score[1] else "O wins"
    except TimeUp:
        result = f"not within {seconds:g} s"
    signal.setitimer(signal.ITIMER_REAL, 0)
    return {
        "result": result,
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "nodes": solver.nodes,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def child_proof(rows: int, cols: int, k: int) -> dict[str, object]:
    """Both sides' proofs from the empty board with an empty table."""
    import resource
    import time

    from tictac_tui.engine import Player, Rules
    from tictac_tui.strategies.proof.dfpn import Prover, Verdict

    rules = Rules(rows, cols, k)
    wall, cpu = time.perf_counter(), time.process_time()
    verdicts = {}
    nodes = 0
    for side in Player:
        prover = Prover(rules, side)
        verdicts[side] = prover.prove(0, 0).verdict
        nodes += prover.nodes
    if verdicts[Player.X] is Verdict.PROVEN:
        result = "X wins"
    elif verdicts[Player.O] is Verdict.PROVEN:
        result = "O wins"
    else:
        result = "draw"
    return {
        "result": result,
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "nodes": nodes,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def measure(kind: str, board: str, seconds: float) -> dict[str, object]:
    """Run one measurement in a fresh interpreter; its figures."""
    command = [sys.executable, __file__, "--child", kind, board, str(seconds)]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(output.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description="proofs beside today's solver")
    parser.add_argument("--boards", nargs="+", default=list(BOARDS), help="e.g. 5x5 6x5")
    parser.add_argument("--solver-seconds", type=float, default=60.0)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, board, seconds = args.child
        rows, cols = (int(n) for n in board.split("x"))
        if kind == "solver":
            figures = child_solver(rows, cols, 4, float(seconds))
        else:
            figures = child_proof(rows, cols, 4)
        print(json.dumps(figures))
        return
    print(f"{'board':<9}{'method':<28}{'result':<18}{'wall s':>8}{'cpu s':>8}", end="")
    print(f"{'positions':>12}{'peak MiB':>10}")
    for board in args.boards:
        for kind, label in (("solver", "alpha-beta (plain solver)"), ("proof", "df-pn proofs")):
            f = measure(kind, board, args.solver_seconds)
            print(
                f"{board + ' k4':<9}{label:<28}{f['result']!s:<18}{f['wall']:>8.1f}"
                f"{f['cpu']:>8.1f}{f['nodes']:>12,}{f['peak_mib']:>10.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
