#!/usr/bin/env bash
# Writes the release artifact: dist/beacon-<version>-<os>-<arch>.tar.gz and its .sha256 file.
#   Scripts/release.sh [--output DIR]
# The archive holds one directory, beacon-<version>-<os>-<arch>/, with the portable binary
# (Scripts/build-release.sh), LICENSE (when the repository has one), NOTICE-ODbL.txt (the demo data's
# licence), the editor plugins (editors/, as committed), the Python client's wheel and README.md.
# Reproducible: only committed files, entries sorted, every mtime the commit's time, owner 0, gzip -n (the same
# binary and commit give the same archive; the Swift build itself is not yet bit-for-bit reproducible).
# Needs GNU tar (Linux).
set -euo pipefail
cd "$(dirname "$0")/.."

output=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --output) output="$2"; shift ;;
    *) echo "usage: Scripts/release.sh [--output DIR]" >&2; exit 64 ;;
  esac
  shift
done

version=$(sed -n 's/.*static let current = "\([^"]*\)".*/\1/p' Sources/BeaconCore/BeaconVersion.swift)
[ -n "$version" ] || { echo "error: no version in Sources/BeaconCore/BeaconVersion.swift" >&2; exit 1; }
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
name="beacon-$version-$os-$arch"
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  echo "warning: the checkout has uncommitted changes; the archive is not the commit's" >&2
fi

binary=$(Scripts/build-release.sh)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
stage="$scratch/$name"
mkdir -p "$stage/python"
cp "$binary" "$stage/beacon"
if [ -f LICENSE ]; then
  cp LICENSE "$stage/LICENSE"
else
  echo "warning: the repository has no LICENSE file; the archive has none" >&2
fi
cp Documentation/ODbL-NOTICE.txt "$stage/NOTICE-ODbL.txt"
cp README.md "$stage/README.md"
git ls-files -z editors | while IFS= read -r -d '' file; do
  mkdir -p "$stage/$(dirname "$file")"
  cp "$file" "$stage/$file"
done
python3 -c 'import sys; sys.path.insert(0, "clients/python/build_backend"); import beacon_build
print(beacon_build.build_wheel(sys.argv[1]))' "$stage/python" >/dev/null

# Same modes wherever it is built: executables 755, everything else 644.
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f -perm -u+x -exec chmod 755 {} +
find "$stage" -type f ! -perm -u+x -exec chmod 644 {} +

mkdir -p "$output"
archive="$output/$name.tar.gz"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --format=gnu \
  -C "$scratch" -cf - "$name" | gzip -n -9 > "$archive"
(cd "$output" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$archive"
cat "$archive.sha256"
