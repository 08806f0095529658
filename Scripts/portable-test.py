#!/usr/bin/env python3
"""The portable-binary test: a release `beacon` copied alone into an empty directory still does its whole job.

    Scripts/portable-test.py BINARY

Runs the copy with an empty HOME, PATH=/usr/bin:/bin, no LD_LIBRARY_PATH (nothing of the toolchain) and checks:
no shared library from the toolchain and no libcurl at start-up, `--version`, `call rpc.discover` (the whole Schemas/openrpc.json), `beacon
mcp` tools/list and one tools/call, an offline search, and a rating that survives a restart. Standard library only;
exits non-zero naming the first check that failed. Run by CI (.ci/run) through Scripts/portable-test.sh.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message):
    print(f"portable-test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 2:
        print("usage: Scripts/portable-test.py BINARY", file=sys.stderr)
        sys.exit(64)
    with tempfile.TemporaryDirectory(prefix="beacon-portable-") as scratch:
        work = os.path.join(scratch, "empty")
        home = os.path.join(scratch, "home")
        os.mkdir(work)
        os.mkdir(home)
        beacon = os.path.join(work, "beacon")
        shutil.copy2(sys.argv[1], beacon)
        env = {"HOME": home, "PATH": "/usr/bin:/bin"}

        def run(*arguments, stdin=None):
            result = subprocess.run([beacon, *arguments], cwd=work, env=env, input=stdin, capture_output=True,
                                    timeout=60)
            if result.returncode != 0:
                fail(f"beacon {' '.join(arguments)} exited {result.returncode}: {result.stderr.decode()}")
            return result.stdout

        if sys.platform.startswith("linux"):
            libraries = subprocess.run(["ldd", beacon], capture_output=True, text=True).stdout
            toolchain = [line.strip() for line in libraries.splitlines()
                         if "swift" in line.lower() or "Foundation" in line or "dispatch" in line.lower()
                         or "not found" in line]
            if toolchain:
                fail(f"the binary still needs libraries of the toolchain: {toolchain}")
            # libcurl is loaded on the first network request only (Sources/CCurlLoader), never at start-up.
            if "libcurl" in libraries:
                fail("the binary loads libcurl at start-up")

        version = run("--version").decode()
        if not re.match(r"^beacon \d+\.\d+\.\d+ \(commit [0-9a-f]{7,40}, SQLite [\d.]+\)\n$", version):
            fail(f"--version printed {version!r}")

        with open(os.path.join(ROOT, "Schemas", "openrpc.json"), encoding="utf-8") as file:
            contract = json.load(file)
        if json.loads(run("call", "rpc.discover")) != contract:
            fail("call rpc.discover is not Schemas/openrpc.json")

        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "portable-test", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
             "params": {"name": "places_search", "arguments": {"category": "cafe", "limit": 3}}},
        ]
        stdin = "".join(json.dumps(message) + "\n" for message in messages).encode()
        answers = {answer.get("id"): answer for answer in map(json.loads, run("--offline", "mcp", stdin=stdin).splitlines())}
        tools = answers.get(2, {}).get("result", {}).get("tools", [])
        if "places_search" not in {tool.get("name") for tool in tools} or any("inputSchema" not in t for t in tools):
            fail(f"mcp tools/list: {answers.get(2)}")
        call = answers.get(3, {}).get("result", {})
        if call.get("isError") or len(call.get("structuredContent", {}).get("places", [])) != 3:
            fail(f"mcp tools/call places_search: {answers.get(3)}")

        found = json.loads(run("--offline", "call", "places/search", '{"category": "cafe", "limit": 5}'))
        places = found.get("places", [])
        if len(places) != 5:
            fail(f"offline search found {len(places)} places: {found}")
        place = places[0]["id"]

        run("--offline", "rate", place, "4", "--comment", "portable", "--json")
        after_restart = json.loads(run("--offline", "call", "rating/list", json.dumps({"placeId": place})))
        if "portable" not in json.dumps(after_restart):
            fail(f"the rating did not survive a restart: {after_restart}")
        if not os.listdir(home):
            fail("nothing was stored under HOME")
    print(f"portable-test: ok ({version.strip()})")


if __name__ == "__main__":
    main()
