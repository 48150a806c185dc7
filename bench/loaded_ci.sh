#!/usr/bin/env bash
# CI on a busy machine (issue 9): a clean clone of HEAD runs `bash .ci/run` while BUSY processes
# (default 2, one per core) spin; prints the exit code and the seconds it took, then removes the
# clone. Not part of CI itself. Usage: bash bench/loaded_ci.sh [log file]
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
log="${1:-/tmp/loaded-ci.log}"
busy="${BUSY:-2}"
clone="$(mktemp -d /tmp/hearth-loaded-XXXXXX)"
git clone -q "$repo" "$clone"
# The load average before and after says how busy the machine really was: another process left
# spinning (a stray loop, a test run beside it) makes the run harsher than the item asks.
echo "clone of $(git -C "$clone" rev-parse --short HEAD) in $clone, $busy busy loops," \
  "load before: $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$log"

loops=()
for _ in $(seq 1 "$busy"); do
  bash -c 'while :; do :; done' &
  loops+=("$!")
done
stop() { kill "${loops[@]}" 2>/dev/null; wait "${loops[@]}" 2>/dev/null; rm -rf "$clone"; }
trap stop EXIT

start=$(date +%s)
(cd "$clone" && bash .ci/run) >>"$log" 2>&1
rc=$?
echo "rc=$rc seconds=$(( $(date +%s) - start )) load (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
exit "$rc"
