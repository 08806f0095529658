#!/usr/bin/env bash
# Formats every Swift file with the toolchain's swift-format; `--lint` only checks (as CI does).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--lint" ]; then
  swift format lint --strict -r Sources Tests Fuzz Plugins Schemas Package.swift
else
  swift format format -i -r Sources Tests Fuzz Plugins Schemas Package.swift
fi
