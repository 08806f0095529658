#!/usr/bin/env bash
# Builds the portable release binary (Scripts/build-release.sh) and runs the portable-binary test on it
# (Scripts/portable-test.py): the binary alone in an empty directory, empty HOME, minimal PATH. CI runs this.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
binary=$(Scripts/build-release.sh)
echo "Release build: $(( $(date +%s) - start )) s; $(du -k "$binary" | cut -f1) KiB stripped" >&2
python3 Scripts/portable-test.py "$binary"
