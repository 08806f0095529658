#!/usr/bin/env bash
# Builds the package and its tests under a sanitizer and prints the directory of the products on stdout.
#
#   Scripts/sanitizer-build.sh address|thread
#
# Scripts/sanitize.sh runs the test bundle of this build. The AddressSanitizer build also carries libFuzzer's coverage
# instrumentation (the counters, PC table and comparison tracing that -sanitize=fuzzer adds; without libFuzzer linked
# in, the sanitizer runtime's empty callbacks take the calls), so `Scripts/fuzz.sh --sanitizer-build` can link the
# fuzz entries against its objects instead of compiling the package once more: CI compiles it once for both. Its
# debug info is line tables only, which is what a sanitizer's report needs.
#
# Each kind has its own scratch path (.build-asan, .build-tsan), so the normal build is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  address)
    flags=(--sanitize=address --scratch-path .build-asan -Xswiftc -gline-tables-only
      -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
    ;;
  thread) flags=(--sanitize=thread --scratch-path .build-tsan) ;;
  *) echo "usage: Scripts/sanitizer-build.sh address|thread" >&2; exit 64 ;;
esac
swift build --build-tests "${flags[@]}" >&2
swift build --build-tests "${flags[@]}" --show-bin-path
