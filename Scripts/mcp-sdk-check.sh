#!/usr/bin/env bash
# Checks `beacon mcp` against the official MCP Python SDK (from PyPI, in a private virtualenv under .build/).
# Not part of `swift test` or CI, which must not depend on PyPI; run it before a release.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product beacon
venv=.build/mcp-sdk-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "mcp==2.3.0"
fi
"$venv/bin/python" Scripts/mcp-sdk-check.py "$PWD/.build/debug/beacon"
