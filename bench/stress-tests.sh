#!/usr/bin/env bash
# Run the whole test suite N times while two processes burn a CPU each, and
# print how many runs passed: the tests must hold on a slow, busy machine.
#
#   bench/stress-tests.sh [N] [pytest arguments ...]      (default N: 5)
#   STRESS_JOBS=J bench/stress-tests.sh [N] ...           (J runs at a time)
#
# Uses the python on PATH (activate the project's virtual environment first).
# By default the runs go one after another; with STRESS_JOBS=J up to J run at
# once (each then also loads the others: a harder test, and N runs take less
# wall time on a machine with few cores). Each run's output goes to
# bench/out/stress/run-<i>.txt (git-ignored); the script prints one line per
# run (in order) and a last line "stress: P of N runs passed" and exits 0
# only if every run passed.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
shift || true
jobs="${STRESS_JOBS:-1}"
out="bench/out/stress"
mkdir -p "$out"
rm -f "$out"/run-*.txt "$out"/run-*.status
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

# One run: the suite, its output and "<verdict> <seconds>" in files of its own.
one_run() {
  local i="$1"
  shift
  local start verdict
  start=$(date +%s)
  if python -m pytest -q -p no:cacheprovider "$@" >"$out/run-$i.txt" 2>&1; then
    verdict=passed
  else
    verdict=FAILED
  fi
  echo "$verdict $(($(date +%s) - start))" >"$out/run-$i.status"
}

report() {
  local i="$1" verdict seconds
  read -r verdict seconds <"$out/run-$i.status"
  echo "run $i of $runs: $verdict in $seconds s ($(tail -n 1 "$out/run-$i.txt"))"
  [ "$verdict" = passed ]
}

passed=0
started=()
for ((i = 1; i <= runs; i++)); do
  one_run "$i" "$@" &
  started+=("$!")
  if [ "${#started[@]}" -ge "$jobs" ] || [ "$i" -eq "$runs" ]; then
    wait "${started[@]}"
    first=$((i - ${#started[@]} + 1))
    for ((j = first; j <= i; j++)); do
      report "$j" && passed=$((passed + 1))
    done
    started=()
  fi
done
if [ "$jobs" -gt 1 ]; then
  echo "stress: $passed of $runs runs passed ($jobs at a time, 2 CPU burners beside them)"
else
  echo "stress: $passed of $runs runs passed (2 CPU burners beside each run)"
fi
[ "$passed" -eq "$runs" ]
