#!/usr/bin/env bash
# The gomoku matches of docs/benchmarks.md ("Gomoku search"), with the referee
# in ../shared/referee. Each match plays a snapshot of the committed HEAD, so
# editing the working tree while a long match runs changes nothing in it.
#
#   bench/matches.sh [bsd|heuristic|greedy ...]     (default: all three)
#
# BRAIN_ARGS (e.g. BRAIN_ARGS='--threads 2') are passed to our brain ("mine").
#
# Output goes to bench/out/ (git-ignored): <match>.txt (the referee's report)
# and <match>.json (every game). A BSD match can take an hour or more: BSD
# gomoku sometimes thinks for minutes on one move (see the referee README).
set -euo pipefail
cd "$(dirname "$0")/.."
referee="$(pwd)/../shared/referee/referee.py"
[ -f "$referee" ] || referee="$(pwd)/../../shared/referee/referee.py"  # from a worktree in /work/wt/
out="$(pwd)/bench/out"
snap="$out/snap-$(git rev-parse --short HEAD)"
mkdir -p "$snap"
git archive HEAD tictac_tui | tar -x -C "$snap"
brain="gomocup:python3 -m tictac_tui.brain"
mine="$brain ${BRAIN_ARGS:-}"
cd "$snap"
for match in "${@:-bsd heuristic greedy}"; do
  for m in $match; do
    case "$m" in
      bsd) args=(-n 20 --seed 11 "mine=$mine" bsd) ;;
      heuristic) args=(-n 20 --seed 12 --size 15 "mine=$mine" "heur=$brain --strategy heuristic") ;;
      greedy) args=(-n 20 --seed 13 "mine=$mine" greedy) ;;
      *) echo "unknown match $m (bsd, heuristic, greedy)" >&2; exit 2 ;;
    esac
    python3 "$referee" --opening-moves 2 --turn-ms 1000 --hang-timeout 300 -j 1 \
      --json "$out/vs-$m.json" "${args[@]}" | tee "$out/vs-$m.txt"
  done
done
