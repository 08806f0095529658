#!/usr/bin/env bash
# Builds the portable release binary and prints its path (.build/portable/beacon) on stdout.
#
# On Linux: `--static-swift-stdlib` (the Swift runtime and Foundation linked in, so no toolchain is needed
# where it runs) and stripped; what it still loads is listed in README's "Install" section. On macOS the
# Swift runtime is part of the system, so it is an ordinary release build, stripped.
# Used by Scripts/install.sh, Scripts/release.sh, Scripts/portable-test.sh and Benchmarks/run.
set -euo pipefail
cd "$(dirname "$0")/.."

flags=(-c release --product beacon)
if [ "$(uname -s)" = Linux ]; then
  flags+=(--static-swift-stdlib)
  # The static Foundation links libcurl (FoundationNetworking) from the system: its -dev package has the
  # link-time `libcurl.so`. Say so instead of failing in the linker.
  if ! { pkg-config --exists libcurl 2>/dev/null || [ -e /usr/lib/"$(uname -m)"-linux-gnu/libcurl.so ] ||
    [ -e /usr/lib/libcurl.so ] || [ -e /usr/lib64/libcurl.so ]; }; then
    echo "error: the static link needs libcurl's development files: apt-get install libcurl4-openssl-dev" >&2
    exit 1
  fi
fi
swift build "${flags[@]}" >&2
bin_path=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p .build/portable
cp "$bin_path/beacon" .build/portable/beacon.tmp
strip .build/portable/beacon.tmp
mv -f .build/portable/beacon.tmp .build/portable/beacon
echo "$PWD/.build/portable/beacon"
