#!/usr/bin/env bash
# Checks `beacon mcp` against the official MCP Python SDK (from PyPI, in a private virtualenv under .build/).
# .ci/run calls it after `swift test`; where PyPI cannot be reached it says so and skips (exit 0), since the
# check is about Beacon, not about the network.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product beacon
venv=.build/mcp-sdk-venv
if [ ! -x "$venv/bin/python" ]; then
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "mcp==2.3.0"; }; then
    rm -rf "$venv"
    echo "warning: the MCP Python SDK could not be installed from PyPI; skipping the SDK check" >&2
    exit 0
  fi
fi
"$venv/bin/python" Scripts/mcp-sdk-check.py "$PWD/.build/debug/beacon"
