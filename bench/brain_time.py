"""How `tictac-brain` spends its time under each kind of clock (docs/benchmarks.md).

Plays matches with the referee in ../shared/referee (the first `shared/`
found above the project) against the `heuristic`
player (also as a brain), on a snapshot of the committed HEAD (so edits
during a run change nothing), and prints the brain's seconds per move as
the referee measures them (from sending the command to reading the answer):
average, median, 90th percentile and slowest, and every game lost on time.

    python bench/brain_time.py [turn|match|short ...]    (default: turn match)

- turn: 1,000 ms a move (``--move-time 1 --grace 0``: any answer after 1 s
  loses on time);
- match: 30 s a game and at most 5 s a move (``--match-time 30 --grace 0``);
- short: 3 s a game: the brain must ration a very short clock;
- stop: how soon ``yxstop`` is answered and ``END`` obeyed during a ten-minute
  search (five of each, a second into the search).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFEREE = next(
    (p / "shared" / "referee" / "referee.py" for p in ROOT.parents if (p / "shared").is_dir()),
    ROOT.parent / "shared" / "referee" / "referee.py",
)
"""The referee in ../shared (found from a worktree too)."""
MATCHES = {
    "turn": ["--move-time", "1", "--grace", "0"],
    "match": ["--match-time", "30", "--turn-ms", "5000", "--grace", "0"],
    "short": ["--match-time", "3", "--turn-ms", "1000", "--grace", "0"],
}
OUT = ROOT / "bench" / "out"
"""Where each match's games are kept (git-ignored): brain-time-<match>.json."""
GAMES = "6"
"""Games per match (three openings, each with both colours)."""


def snapshot(into: Path) -> str:
    """Extract the committed package into `into`; the commit's short hash."""
    head = ["git", "rev-parse", "--short", "HEAD"]
    commit = subprocess.run(head, cwd=ROOT, capture_output=True, text=True, check=True)
    commit_hash = commit.stdout.strip()
    archive = subprocess.run(
        ["git", "archive", "HEAD", "tictac_tui"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return commit_hash


def brain_seconds(report: dict[str, object]) -> list[float]:
    """The seconds of every move engine A (the brain) made."""
    out = []
    for game in report["games"]:  # type: ignore[attr-defined]
        colour = game["a_color"]
        for ply, seconds in enumerate(game["seconds"]):
            if seconds is not None and ("black" if ply % 2 == 0 else "white") == colour:
                out.append(float(seconds))
    return out


def run(name: str, workdir: Path) -> None:
    """Play one match and print the brain's time figures."""
    OUT.mkdir(parents=True, exist_ok=True)
    result = OUT / f"brain-time-{name}.json"
    brain = f"gomocup:{sys.executable} -m tictac_tui.brain"
    command = [
        sys.executable, str(REFEREE), "-n", GAMES, "--size", "15", "--seed", "21",
        "--opening-moves", "2", "--hang-timeout", "300", "-j", "1", "-q",
        "--json", str(result), *MATCHES[name],
        f"mine={brain}", f"heur={brain} --strategy heuristic",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=workdir, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"the referee failed ({done.returncode}): {done.stderr.strip()}")
    summary = done.stdout
    report = json.loads(result.read_text())
    seconds = sorted(brain_seconds(report))
    timeouts = [g["detail"] for g in report["games"] if g.get("reason") == "timeout"]
    p90 = seconds[int(0.9 * (len(seconds) - 1))]
    print(f"{name}: {' '.join(MATCHES[name])}")
    print(f"  {summary.strip().splitlines()[-1]}")
    print(
        f"  brain: {statistics.mean(seconds):.3f} s/move average, median "
        f"{statistics.median(seconds):.3f}, p90 {p90:.3f}, max {seconds[-1]:.3f} "
        f"({len(seconds)} moves); games lost on time: {len(timeouts)}"
    )
    for detail in timeouts:
        print(f"  on time: {detail}")


def stop_latency(workdir: Path, trials: int = 5) -> None:
    """Seconds from yxstop to the answer, and from END to the exit, mid-search."""
    answers, exits = [], []
    for trial in range(2 * trials):
        brain = subprocess.Popen(
            [sys.executable, "-m", "tictac_tui.brain"],
            cwd=workdir,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        assert brain.stdin is not None and brain.stdout is not None
        brain.stdin.write("START 15\nINFO timeout_turn 600000\nTURN 7,7\n")
        brain.stdin.flush()
        assert brain.stdout.readline().strip() == "OK"
        time.sleep(1.0)  # the search is under way
        sent = time.perf_counter()
        if trial < trials:
            brain.stdin.write("yxstop\n")
            brain.stdin.flush()
            while brain.stdout.readline().startswith("MESSAGE"):
                pass
            answers.append(time.perf_counter() - sent)
            brain.stdin.write("END\n")
            brain.stdin.flush()
            brain.wait(timeout=30)
        else:
            brain.stdin.write("END\n")
            brain.stdin.flush()
            brain.wait(timeout=30)
            exits.append(time.perf_counter() - sent)
    print(f"stop: yxstop answered in {' '.join(f'{s * 1000:.0f}' for s in answers)} ms")
    print(f"      END exited in {' '.join(f'{s * 1000:.0f}' for s in exits)} ms")


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        print(f"commit {snapshot(workdir)}, {GAMES} games each, 15x15, vs heuristic")
        for name in names or ["turn", "match"]:
            if name == "stop":
                stop_latency(workdir)
            else:
                run(name, workdir)


if __name__ == "__main__":
    main(sys.argv[1:])
