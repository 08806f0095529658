#!/usr/bin/env bash
# One-step install: builds the portable release binary (Scripts/build-release.sh) and installs `beacon`
# into PREFIX/bin.
#   Scripts/install.sh                      # into ~/.local (so ~/.local/bin/beacon)
#   Scripts/install.sh --prefix /usr/local  # anywhere else (may need sudo)
#   Scripts/install.sh --uninstall [--prefix DIR]
# Beacon's data (store, settings) is in BEACON_STORE / the XDG data directory, never under PREFIX:
# --uninstall leaves it alone.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${HOME}/.local"
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || { echo "error: --prefix needs a directory" >&2; exit 64; }
      prefix="$2"
      shift
      ;;
    --prefix=*) prefix="${1#--prefix=}" ;;
    --uninstall) uninstall=true ;;
    -h | --help)
      sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "error: unknown argument '$1' (usage: Scripts/install.sh [--prefix DIR] [--uninstall])" >&2; exit 64 ;;
  esac
  shift
done
[ -n "$prefix" ] || { echo "error: --prefix needs a directory" >&2; exit 64; }
target="$prefix/bin/beacon"

if $uninstall; then
  if [ -e "$target" ]; then
    rm -f "$target"
    echo "Removed $target"
  else
    echo "Nothing to remove: $target does not exist"
  fi
  exit 0
fi

binary=$(Scripts/build-release.sh)
mkdir -p "$prefix/bin"
install -m 755 "$binary" "$target.new"
mv -f "$target.new" "$target"
echo "Installed $target: $("$target" --version)"
case ":${PATH}:" in
  *":$prefix/bin:"*) ;;
  *) echo "Note: $prefix/bin is not on your PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
