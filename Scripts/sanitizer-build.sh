#!/usr/bin/env bash
# Builds the package and its tests under a sanitizer and prints the directory of the products on stdout.
#
#   Scripts/sanitizer-build.sh address|thread
#
# Scripts/sanitize.sh runs the test bundle of this build; Scripts/fuzz.sh links its fuzz entries against the
# modules' objects of the AddressSanitizer build, so CI compiles the package once for both:
#
# - address: release (-O, with -enable-testing for the tests' @testable imports) and libFuzzer's coverage
#   instrumentation (the same counters, PC table and comparison tracing that -sanitize=fuzzer adds). Without
#   libFuzzer linked in, the sanitizer runtime's empty callbacks take the coverage calls.
# - thread: debug, as `swift build` makes it.
#
# Each kind has its own scratch path (.build-asan, .build-tsan), so the normal build is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  address)
    flags=(--sanitize=address --scratch-path .build-asan -c release -Xswiftc -enable-testing
      -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
    ;;
  thread) flags=(--sanitize=thread --scratch-path .build-tsan) ;;
  *) echo "usage: Scripts/sanitizer-build.sh address|thread" >&2; exit 64 ;;
esac
swift build --build-tests "${flags[@]}" >&2
swift build --build-tests "${flags[@]}" --show-bin-path
