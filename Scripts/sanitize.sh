#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (+ LeakSanitizer) and/or ThreadSanitizer; fails on any
# failed test, memory error, unsuppressed leak or race (see Documentation/Reliability.md, "Sanitizers").
#
#   Scripts/sanitize.sh [address] [thread]      (default: both)
#
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan), so the normal build is untouched.
# Leaks are judged with Scripts/lsan-suppressions.txt, which names only code that is not Beacon's product.
set -euo pipefail
cd "$(dirname "$0")/.."

kinds=("$@")
[ "${#kinds[@]}" -gt 0 ] || kinds=(address thread)
# The children the end-to-end tests start inherit these, so their leak checks use the same suppressions; the
# suppression table is not printed (a child whose stderr nobody reads must not block on it at exit).
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0"

for kind in "${kinds[@]}"; do
  case "$kind" in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "usage: Scripts/sanitize.sh [address] [thread]" >&2; exit 64 ;;
  esac
  echo "== swift test --sanitize=$kind"
  swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
  log=$(mktemp)
  status=0
  swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" 2>&1 | tee "$log" || status=$?
  # A report does not always fail a test (a child's report goes to its stderr), so look for them too.
  if grep -E "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" "$log" >/dev/null; then
    echo "error: the $kind sanitizer reported a problem (see above)" >&2
    status=1
  fi
  rm -f "$log"
  [ "$status" -eq 0 ] || exit "$status"
done
echo "sanitizers passed: ${kinds[*]}"
