"""Self-play match: the working tree's brain against a landed commit's, on balanced openings.

    python bench/selfplay.py [--base main] [--openings bench/openings-15x15.txt]
                             [--turn-ms 1000] [--games N] [--name NAME]
                             [--new-args '--threads 2']
                             [-- extra referee arguments]

Both sides run as ``python -m tictac_tui.brain`` (with this interpreter)
from snapshots under bench/out/<name>/: ``new`` is a copy of the working
tree's tictac_tui/ (uncommitted edits included, taken at the start, so later
edits can't leak into a running match) and ``base`` is ``git archive`` of
`--base` (default: main, the last landed commit). The referee in
../shared/referee plays 15x15 freestyle with ``--turn-ms``, ``-j 1``, each
opening of the file twice with colours swapped (``--games`` defaults to
twice the number of openings). Its report is printed and saved as
bench/out/<name>/match.txt, every game as match.json.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFEREE_PLACES = [
    ROOT.parent / "shared" / "referee" / "referee.py",  # beside the project (/work/shared)
    ROOT.parent.parent / "shared" / "referee" / "referee.py",  # from a worktree in /work/wt/
]
OPENINGS = Path(__file__).resolve().parent / "openings-15x15.txt"


def git(*args: str) -> str:
    """Output of a git command run in the project."""
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()


def snapshot_tree(target: Path) -> None:
    """Copy the working tree's package to `target`."""
    shutil.copytree(
        ROOT / "tictac_tui", target / "tictac_tui", ignore=shutil.ignore_patterns("__pycache__")
    )


def snapshot_commit(commit: str, target: Path) -> None:
    """Extract the package as it is at `commit` to `target`."""
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", commit, "tictac_tui"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)


def brain(name: str, path: Path, extra: str = "") -> str:
    """A referee engine spec running the brain from `path` (with `extra` arguments)."""
    command = f"{name}=gomocup:env PYTHONPATH={path} {sys.executable} -m tictac_tui.brain"
    return f"{command} {extra}" if extra else command


def openings_count(path: Path) -> int:
    """Openings in a referee openings file (non-blank, non-comment lines)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(1 for line in lines if line.split("#", 1)[0].strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="commit to play against (default: main)")
    parser.add_argument("--openings", type=Path, default=OPENINGS)
    parser.add_argument("--turn-ms", type=int, default=1000)
    parser.add_argument("--games", type=int, help="default: two per opening")
    parser.add_argument("--name", help="output folder under bench/out (default: new-vs-<base>)")
    parser.add_argument(
        "--new-args", default="", help="arguments for the new brain (e.g. '--threads 2')"
    )
    parser.add_argument("referee_args", nargs="*", help="more referee arguments (after --)")
    args = parser.parse_args()
    base = git("rev-parse", "--short", args.base)
    head = git("rev-parse", "--short", "HEAD")
    dirty = "+" if git("status", "--porcelain", "tictac_tui") else ""
    out = ROOT / "bench" / "out" / (args.name or f"{head}{dirty}-vs-{base}")
    if out.exists():
        shutil.rmtree(out)
    snapshot_tree(out / "new")
    snapshot_commit(base, out / "base")
    games = args.games or 2 * openings_count(args.openings)
    referee = next((p for p in REFEREE_PLACES if p.exists()), None)
    if referee is None:
        sys.exit("referee.py not found in ../shared/referee (see shared/README.md)")
    command = [
        sys.executable,
        str(referee),
        "-n",
        str(games),
        "--size",
        "15",
        "--turn-ms",
        str(args.turn_ms),
        "--hang-timeout",
        "60",
        "-j",
        "1",
        "--openings",
        str(args.openings.resolve()),
        "--json",
        str(out / "match.json"),
        *args.referee_args,
        brain(f"new-{head}{dirty}", out / "new", args.new_args),
        brain(f"base-{base}", out / "base"),
    ]
    print(" ".join(command), flush=True)
    with open(out / "match.txt", "w", encoding="utf-8") as report:
        report.write(" ".join(command) + "\n")
        process = subprocess.Popen(command, cwd=out, stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            report.write(line)
            report.flush()
        sys.exit(process.wait())


if __name__ == "__main__":
    main()
