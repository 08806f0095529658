#!/usr/bin/env bash
# The Python client as a package: `pip install ./clients/python` into a fresh virtual environment (no dependencies; the
# in-tree build backend needs no network), then its tests run from outside the source tree against the installed
# module and a `beacon` binary (BEACON_BINARY, default .build/debug/beacon). .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${BEACON_BINARY:-$PWD/.build/debug/beacon}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check ./clients/python
cp clients/python/test_beacon_client.py "$scratch/"
cd "$scratch"
"$scratch/venv/bin/python" -c \
  'import beacon_client, sys; sys.exit(0 if "site-packages" in beacon_client.__file__ else "not the installed module")'
BEACON_BINARY="$binary" "$scratch/venv/bin/python" -m unittest discover -s . -v
