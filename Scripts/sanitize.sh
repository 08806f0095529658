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

# The test bundle runs as five processes at once, each its own share of the suite. The end-to-end suites run one test
# at a time (Tests/EndToEndTests/EndToEnd.swift), mostly waiting on their `beacon` children (under half a core each in
# a measured run): three processes take a third of that chain each. The in-process tests run in two processes, one
# test at a time under AddressSanitizer (--no-parallel): running them all at once cost a quarter more CPU there (756
# against 598 core-seconds, measured on the same build), and the cores are what the whole step waits for. They run
# niced, so that the end-to-end tests' waits and timeouts see the cores they saw alone.
# ThreadSanitizer runs them at once, as `swift test` does, so that it sees tests that share state run together. Each
# process has its own cooperative pool, so a waiting end-to-end test starves no other test.
#
# The command line's domain suites (fruits, people, crypto, filters, routes, opening hours) are left to `swift test`
# (in CI on the portable release binary, BEACON_BINARY; else on the `beacon` built beside the tests): they start a
# `beacon` child per command (≈ 95 s of the chain under AddressSanitizer) to check text and argument parsing in
# BeaconServer, which has no unsafe code, over the same core the other suites run under the sanitizer in-process and
# through `serve`, `mcp` and HumanCLITests' commands.
# The shards' test counts must add up to the bundle's without those, so no other test is lost between the filters.
skipped='^EndToEndTests\.EndToEnd/(Crypto|Filter|Fruit|OpeningHours|Route|User)CLITests/'
shards() {
  local in_process="$1"
  shard_arguments=(
    "--filter ^EndToEndTests\.EndToEnd/[A-H] --skip $skipped"
    "--filter ^EndToEndTests\.EndToEnd/[I-O] --skip $skipped"
    "--filter ^EndToEndTests\.EndToEnd/[P-Z] --skip $skipped"
    "--filter ^BeaconCoreTests\. $in_process"
    "--skip ^EndToEndTests\.EndToEnd/ --skip ^BeaconCoreTests\. $in_process"
  )
}

for kind in "${kinds[@]}"; do
  case "$kind" in
    address) shards --no-parallel ;;
    thread) shards "" ;;
    *) echo "usage: Scripts/sanitize.sh [address] [thread]" >&2; exit 64 ;;
  esac
  echo "== swift test --sanitize=$kind"
  bundle="$(Scripts/sanitizer-build.sh "$kind")/beaconPackageTests.xctest"
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
  expected=$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null | grep -cvE "$skipped")
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
  echo "$kind: $ran tests in ${#shard_arguments[@]} shards passed"
done
echo "sanitizers passed: ${kinds[*]}"
