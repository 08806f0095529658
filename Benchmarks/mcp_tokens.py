#!/usr/bin/env python3
"""What `beacon mcp` costs an agent before its first call: the bytes of `tools/list`, and bytes ÷ 4 as an
approximate token count, per tool and per tool set.

    Benchmarks/mcp_tokens.py [BINARY] [--json OUT]

BINARY defaults to .build/debug/beacon (the schemas do not depend on the build configuration). Standard
library only; the server runs offline on a throw-away store.
"""

import json
import os
import subprocess
import sys
import tempfile

SETS = ["places", "ratings", "favorites", "settings", "fruits", "people", "crypto"]
DEFAULT = "places,ratings,favorites,settings"


def size(value) -> int:
    """The bytes of `value` as compact UTF-8 JSON, as Beacon writes it."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def tools_list(binary: str, toolsets: str) -> dict:
    """The `tools/list` result of `beacon mcp --toolsets TOOLSETS`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BEACON_") and k != "GEOAPIFY_API_KEY"}
    with tempfile.TemporaryDirectory() as directory:
        env["BEACON_STORE"] = os.path.join(directory, "store.sqlite")
        env["BEACON_LOCALE"] = "en"
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        ]
        stdin = "".join(json.dumps(m) + "\n" for m in messages)
        out = subprocess.run([binary, "mcp", "--toolsets", toolsets], input=stdin, env=env,
                             capture_output=True, text=True, timeout=60, check=True).stdout
    for line in out.splitlines():
        message = json.loads(line)
        if message.get("id") == 2:
            return message["result"]
    raise SystemExit(f"no tools/list answer for {toolsets}")


def main() -> None:
    args = sys.argv[1:]
    out = None
    if "--json" in args:
        i = args.index("--json")
        out = args[i + 1]
        del args[i:i + 2]
    binary = args[0] if args else os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "beacon")
    every = tools_list(binary, "all")
    tools = []
    for tool in every["tools"]:
        tools.append({
            "name": tool["name"], "bytes": size(tool), "description": size(tool.get("description", "")),
            "inputSchema": size(tool.get("inputSchema", {})), "outputSchema": size(tool.get("outputSchema", {})),
        })
    sets = {name: size(tools_list(binary, name)) for name in SETS}
    sets["default (" + DEFAULT + ")"] = size(tools_list(binary, DEFAULT))
    sets["all"] = size(every)
    print(f"{'tool':26} {'bytes':>7} {'≈tokens':>8} {'descr':>6} {'input':>6} {'output':>7}")
    for t in tools:
        print(f"{t['name']:26} {t['bytes']:7} {t['bytes'] // 4:8} {t['description']:6} {t['inputSchema']:6} "
              f"{t['outputSchema']:7}")
    print()
    print(f"{'tool set (whole tools/list result)':40} {'bytes':>7} {'≈tokens':>8}")
    for name, value in sets.items():
        print(f"{name:40} {value:7} {value // 4:8}")
    if out:
        with open(out, "w") as f:
            json.dump({"tools": tools, "toolSets": sets}, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
