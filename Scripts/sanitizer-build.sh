#!/usr/bin/env bash
# Builds the package under a sanitizer and prints the directory of the products on stdout.
#
#   Scripts/sanitizer-build.sh [--binary] address|thread
#
# Without --binary: the package and its tests, whose bundle Scripts/sanitize.sh runs. With --binary: the `beacon`
# executable and the library modules it is made of, not the tests (AddressSanitizer's build of everything took 1 063
# CPU-seconds, of `beacon` alone 187: the test targets are most of it); `Scripts/sanitize.sh --binary` drives it with
# the normal build's end-to-end tests.
#
# The AddressSanitizer build also carries libFuzzer's coverage instrumentation (the counters, PC table and comparison
# tracing that -sanitize=fuzzer adds; without libFuzzer linked in, the sanitizer runtime's empty callbacks take the
# calls), so `Scripts/fuzz.sh --sanitizer-build` can link the fuzz entries against its objects instead of compiling
# the package once more: CI compiles it once for both. Its debug info is line tables only, which is what a
# sanitizer's report needs.
#
# Each kind has its own scratch path (.build-asan, .build-tsan), so the normal build is untouched; --binary builds a
# part of the same build, so either one reuses what the other has compiled.
set -euo pipefail
cd "$(dirname "$0")/.."

what=(--build-tests)
if [ "${1:-}" = "--binary" ]; then
  what=(--product beacon)
  shift
fi
case "${1:-}" in
  address)
    flags=(--sanitize=address --scratch-path .build-asan -Xswiftc -gline-tables-only
      -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
    ;;
  thread) flags=(--sanitize=thread --scratch-path .build-tsan) ;;
  *) echo "usage: Scripts/sanitizer-build.sh [--binary] address|thread" >&2; exit 64 ;;
esac
swift build "${what[@]}" "${flags[@]}" >&2
swift build "${flags[@]}" --show-bin-path
