#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (+ LeakSanitizer) and/or ThreadSanitizer; fails on any
# failed test, memory error, unsuppressed leak or race (see Documentation/Reliability.md, "Sanitizers").
#
#   Scripts/sanitize.sh [address] [thread]      (default: both)
#
# Each sanitizer has its own debug build (Scripts/sanitizer-build.sh; AddressSanitizer's also carries libFuzzer's
# coverage instrumentation, so that `Scripts/fuzz.sh --sanitizer-build` can link against it).
# Leaks are judged with Scripts/lsan-suppressions.txt, which names only code that is not Beacon's product.
set -euo pipefail
cd "$(dirname "$0")/.."

kinds=("$@")
[ "${#kinds[@]}" -gt 0 ] || kinds=(address thread)
# The children the end-to-end tests start inherit these, so their leak checks use the same suppressions; the
# suppression table is not printed (a child whose stderr nobody reads must not block on it at exit).
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0"

# The test bundle runs as three processes at once, each its own share of the suite: the end-to-end suites run one test
# at a time (Tests/EndToEndTests/EndToEnd.swift) and under a sanitizer that chain alone took most of the run, with
# the cores often idle behind it. Two processes take half the chain each; the third takes every other test. Each
# process has its own cooperative pool, so a waiting end-to-end test starves no other test. The shards' test counts
# must add up to the whole bundle's, so no test is lost between their filters.
shard_flags=(--filter --filter --skip)
shard_patterns=('^EndToEndTests\.EndToEnd/[A-K]' '^EndToEndTests\.EndToEnd/[L-Z]' '^EndToEndTests\.EndToEnd/')

for kind in "${kinds[@]}"; do
  case "$kind" in
    address | thread) ;;
    *) echo "usage: Scripts/sanitize.sh [address] [thread]" >&2; exit 64 ;;
  esac
  echo "== swift test --sanitize=$kind"
  bundle="$(Scripts/sanitizer-build.sh "$kind")/beaconPackageTests.xctest"
  logs=$(mktemp -d)
  pids=()
  for index in "${!shard_flags[@]}"; do
    "$bundle" --testing-library swift-testing "${shard_flags[$index]}" "${shard_patterns[$index]}" >"$logs/$index.log" 2>&1 &
    pids+=($!)
  done
  status=0
  for index in "${!shard_flags[@]}"; do
    wait "${pids[$index]}" || status=$?
    echo "-- shard $((index + 1)) of ${#shard_flags[@]}: ${shard_flags[$index]} ${shard_patterns[$index]}"
    cat "$logs/$index.log"
  done
  expected=$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null | grep -c .)
  ran=$(cat "$logs"/*.log | sed -n -E 's/.*Test run with ([0-9]+) tests? .*/\1/p' | awk '{ sum += $1 } END { print sum + 0 }')
  if [ "$ran" -ne "$expected" ]; then
    echo "error: the shards ran $ran tests; the bundle has $expected" >&2
    status=1
  fi
  # A report does not always fail a test (a child's report goes to its stderr), so look for them too.
  if cat "$logs"/*.log | grep -E "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" >/dev/null; then
    echo "error: the $kind sanitizer reported a problem (see above)" >&2
    status=1
  fi
  rm -rf "$logs"
  [ "$status" -eq 0 ] || exit "$status"
  echo "$kind: $ran tests in ${#shard_flags[@]} shards passed"
done
echo "sanitizers passed: ${kinds[*]}"
