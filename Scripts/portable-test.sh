#!/usr/bin/env bash
# Builds the portable release binary (Scripts/build-release.sh) and runs the portable-binary test on it
# (Scripts/portable-test.py): the binary alone in an empty directory, empty HOME, minimal PATH. .ci/run does the same
# in its own steps (the build beside the debug build; the end-to-end suites in its `swift test`).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
binary=$(Scripts/build-release.sh)
echo "Release build: $(( $(date +%s) - start )) s; $(du -k "$binary" | cut -f1) KiB stripped" >&2
python3 Scripts/portable-test.py "$binary"
# The end-to-end suite against the same binary: it goes through its HTTP paths (a loopback Geoapify), so the
# libcurl that CCurlLoader loads on first use is exercised too. Needs the test build `swift test` made.
if [ -d .build/debug ] && [ "${PORTABLE_TEST_SUITE:-1}" = 1 ]; then
  BEACON_BINARY="$binary" swift test --skip-build --filter EndToEndTests
fi
