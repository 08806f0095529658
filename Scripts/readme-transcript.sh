#!/usr/bin/env bash
# Regenerates the README's "A session on the wire" output from the built binary
# (ReadmeTranscriptTests fails when the README and the binary disagree), and Documentation/MCP.md's
# "A session" (a `beacon mcp --offline` session on a fresh store, recorded by Scripts/mcp-transcript.py).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product beacon >/dev/null
beacon="$PWD/.build/debug/beacon"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
frame() { printf 'Content-Length: %d\r\n\r\n%s' "$(printf %s "$1" | wc -c)" "$1"; }
(
  cd "$work"
  { frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"locale":"nb","processId":null}}'
    frame '{"jsonrpc":"2.0","id":2,"method":"ping"}'
    frame '{"jsonrpc":"2.0","id":3,"method":"shutdown"}'
    frame '{"jsonrpc":"2.0","method":"exit"}'; } | env -u BEACON_TEST_METHODS -u GEOAPIFY_API_KEY -u BEACON_GEOAPIFY_URL -u BEACON_FRUITYVICE_URL -u BEACON_COINLORE_URL -u BEACON_RANDOMUSER_URL \
      "$beacon" serve --store demo.sqlite > "$work/out.txt" || true
)
python3 - "$work/out.txt" <<'PY'
import re, sys
out = open(sys.argv[1], encoding="utf-8").read().replace("\r\n", "\n")
readme = open("README.md", encoding="utf-8").read()
section = readme.index("## A session on the wire")
start = readme.index("```console\n", section)
command = readme.index('echo "exit code: $code"\n', start) + len('echo "exit code: $code"\n')
end = readme.index("\nexit code: ", command)
readme = readme[:command] + out + readme[end:]
open("README.md", "w", encoding="utf-8").write(readme)
PY
python3 Scripts/mcp-transcript.py "$beacon" "$work/mcp.sqlite"
