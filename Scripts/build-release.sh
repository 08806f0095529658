#!/usr/bin/env bash
# Builds the portable release binary and prints its path (.build/portable/beacon) on stdout.
#
# On Linux: `--static-swift-stdlib` (the Swift runtime and Foundation linked in, so no toolchain is needed
# where it runs) and stripped. The static link needs libsqlite3-dev and the C++ standard library's link-time
# files (libstdc++-N-dev, among the Swift toolchain's prerequisites), nothing more; what the binary still
# loads is listed in README's "Install" section. On macOS the Swift runtime is part of the system, so it is
# an ordinary release build, stripped.
# Used by Scripts/install.sh, Scripts/release.sh, Scripts/portable-test.sh and Benchmarks/run.
set -euo pipefail
cd "$(dirname "$0")/.."

# Its own scratch path: the build takes no lock on .build, so CI makes it while the debug build runs there. No debug
# info: the binary is stripped anyway, and writing it was time spent for nothing.
flags=(-c release --product beacon --scratch-path .build-portable -debug-info-format none)
if [ "$(uname -s)" = Linux ]; then
  # --no-export-dynamic undoes the toolchain's -export-dynamic for static links: a stripped binary has no use
  # for a dynamic symbol table of every Swift symbol, and binding it cost the dynamic loader ~0.5 ms per start.
  # libcurl is not linked at all: Sources/CCurlLoader loads it on the first network request.
  flags+=(--static-swift-stdlib -Xlinker --no-export-dynamic)
fi
swift build "${flags[@]}" >&2
bin_path=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p .build/portable
cp "$bin_path/beacon" .build/portable/beacon.tmp
strip .build/portable/beacon.tmp
mv -f .build/portable/beacon.tmp .build/portable/beacon
echo "$PWD/.build/portable/beacon"
