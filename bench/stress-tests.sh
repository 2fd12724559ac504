#!/usr/bin/env bash
# Run the whole test suite N times while two processes burn a CPU each, and
# print how many runs passed: the tests must hold on a slow, busy machine.
#
#   bench/stress-tests.sh [N] [pytest arguments ...]      (default N: 5)
#
# Uses the python on PATH (activate the project's virtual environment first).
# Each run's output goes to bench/out/stress/run-<i>.txt (git-ignored); the
# script prints one line per run and a last line "stress: P of N runs passed"
# and exits 0 only if every run passed.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
shift || true
out="bench/out/stress"
mkdir -p "$out"
export TERM="${TERM:-xterm-256color}"

burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${burners[@]}" 2>/dev/null
}
trap stop_burners EXIT
for _ in 1 2; do
  python -c "while True: pass" &
  burners+=("$!")
done

passed=0
for ((i = 1; i <= runs; i++)); do
  start=$(date +%s)
  if python -m pytest -q -p no:cacheprovider "$@" >"$out/run-$i.txt" 2>&1; then
    passed=$((passed + 1))
    verdict=passed
  else
    verdict=FAILED
  fi
  summary=$(tail -n 1 "$out/run-$i.txt")
  echo "run $i of $runs: $verdict in $(($(date +%s) - start)) s ($summary)"
done
echo "stress: $passed of $runs runs passed (2 CPU burners beside each run)"
[ "$passed" -eq "$runs" ]
