#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (+ LeakSanitizer) and/or ThreadSanitizer; fails on any failed test,
# memory error, unsuppressed leak or race (see Documentation/Reliability.md, "Sanitizers").
#
#   Scripts/sanitize.sh [address] [thread]               (default: both) the whole suite, sanitized
#   Scripts/sanitize.sh --binary [address] [thread]      every end-to-end suite against the sanitized `beacon` (CI)
#
# The whole suite: each sanitizer's own debug build of the package and its tests (Scripts/sanitizer-build.sh), whose
# test bundle runs in-process and starts the sanitized `beacon` for the end-to-end suites. Run before a release.
# --binary: only `beacon` is sanitized (Scripts/sanitizer-build.sh --binary), and the normal debug build's test bundle
# (built here if it is not already) drives it through every end-to-end suite. The sanitizers then see the binary
# users run on every path the end-to-end suites take (serve, mcp, the commands, imports, both stores), not the
# in-process tests; the pure parsers are also fuzzed under AddressSanitizer (Scripts/fuzz.sh).
#
# Every sanitized process, test runner or `beacon` child, writes its reports to files in one directory (log_path), so
# a report is found even when a test does not read that child's stderr; the run fails if one holds an error.
# Leaks are judged with Scripts/lsan-suppressions.txt, which names only code that is not Beacon's product.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=false
if [ "${1:-}" = "--binary" ]; then
  binary=true
  shift
fi
kinds=("$@")
[ "${#kinds[@]}" -gt 0 ] || kinds=(address thread)
# The children the end-to-end tests start inherit these, so their leak checks use the same suppressions; the
# suppression table is not printed (a child whose stderr nobody reads must not block on it at exit).
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0"

# The test bundle runs as several processes at once, each its own share of the suite. The end-to-end suites run one
# test at a time (Tests/EndToEndTests/EndToEnd.swift), mostly waiting on their `beacon` children (about half a core
# each in a measured run): three processes take a third of that chain each, the last one also the rest of the module.
end_to_end_shards=(
  "--filter ^EndToEndTests\.EndToEnd/[A-H]"
  "--filter ^EndToEndTests\.EndToEnd/[I-O]"
  "--filter ^EndToEndTests\. --skip ^EndToEndTests\.EndToEnd/[A-O]"
)
# The whole suite adds the in-process tests, in two processes: one test at a time under AddressSanitizer
# (--no-parallel; running them all at once cost a quarter more CPU there, 756 against 598 core-seconds measured on the
# same build), niced, so that the end-to-end tests' waits and timeouts see the cores they saw alone. ThreadSanitizer
# runs them at once, as `swift test` does, so that it sees tests that share state run together.
# There, the command line's domain suites (fruits, people, crypto, filters, routes, opening hours) are left to `swift
# test`: they start a `beacon` child per command (≈ 95 s of the chain under AddressSanitizer) to check text and
# argument parsing in BeaconServer, which has no unsafe code, and --binary runs them against the sanitized binary.
skipped='^EndToEndTests\.EndToEnd/(Crypto|Filter|Fruit|OpeningHours|Route|User)CLITests/'
shards() {
  local in_process="$1" shard
  shard_arguments=()
  for shard in "${end_to_end_shards[@]}"; do
    shard_arguments+=("$shard --skip $skipped")
  done
  shard_arguments+=(
    "--filter ^BeaconCoreTests\. $in_process"
    "--skip ^EndToEndTests\. --skip ^BeaconCoreTests\. $in_process"
  )
}

for kind in "${kinds[@]}"; do
  case "$kind" in
    address) options=ASAN_OPTIONS parallel=--no-parallel ;;
    thread) options=TSAN_OPTIONS parallel="" ;;
    *) echo "usage: Scripts/sanitize.sh [--binary] [address] [thread]" >&2; exit 64 ;;
  esac
  reports=$(mktemp -d)
  export "$options=${!options:+${!options}:}log_path=$reports/report"
  if $binary; then
    echo "== the end-to-end suites against beacon built with --sanitize=$kind"
    shard_arguments=("${end_to_end_shards[@]}")
    swift build --build-tests >&2
    bundle="$(swift build --show-bin-path)/beaconPackageTests.xctest"
    BEACON_BINARY="$(Scripts/sanitizer-build.sh --binary "$kind")/beacon"
    export BEACON_BINARY
    listed=(-cE '^EndToEndTests\.')
  else
    echo "== swift test --sanitize=$kind"
    shards "$parallel"
    bundle="$(Scripts/sanitizer-build.sh "$kind")/beaconPackageTests.xctest"
    listed=(-cvE "$skipped")
  fi
  logs=$(mktemp -d)
  pids=()
  for index in "${!shard_arguments[@]}"; do
    read -r -a arguments <<<"${shard_arguments[$index]}"
    # The in-process shards (those not filtered to the end-to-end suites) yield the cores to the others.
    niceness=10
    case "${arguments[*]}" in --filter\ ^EndToEndTests*) niceness=0 ;; esac
    nice -n "$niceness" "$bundle" --testing-library swift-testing "${arguments[@]}" >"$logs/$index.log" 2>&1 &
    pids+=($!)
  done
  status=0
  for index in "${!shard_arguments[@]}"; do
    wait "${pids[$index]}" || status=$?
    echo "-- shard $((index + 1)) of ${#shard_arguments[@]}: ${shard_arguments[$index]}"
    cat "$logs/$index.log"
  done
  # The tests the shards must have run between them: what the bundle lists, counted by $listed's grep.
  expected=$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null | grep "${listed[@]}")
  ran=$(cat "$logs"/*.log | sed -n -E 's/.*Test run with ([0-9]+) tests? .*/\1/p' |
    awk '{ sum += $1 } END { print sum + 0 }')
  if [ "$ran" -ne "$expected" ]; then
    echo "error: the shards ran $ran tests; the bundle has $expected" >&2
    status=1
  fi
  # A report does not always fail a test (a child's exit status is not always checked), so look for them too.
  for report in "$reports"/*; do
    [ -e "$report" ] || continue
    echo "-- $(basename "$report")"
    cat "$report"
  done
  if cat "$logs"/*.log "$reports"/* 2>/dev/null |
    grep -E "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" >/dev/null; then
    echo "error: the $kind sanitizer reported a problem (see above)" >&2
    status=1
  fi
  rm -rf "$logs" "$reports"
  [ "$status" -eq 0 ] || exit "$status"
  echo "$kind: $ran tests in ${#shard_arguments[@]} shards passed"
done
echo "sanitizers passed: ${kinds[*]}"
