"""Records a real `beacon mcp` session and writes it into Documentation/MCP.md's "A session" block.

Usage: mcp-transcript.py BEACON STORE. Each message is sent only after the answer to the one before has come, so
the order is the binary's own (a notification the server sends before an answer stays before it). String values
longer than `LONG` characters (such as the instructions) are cut to their first words and marked `…`.
Run through Scripts/readme-transcript.sh, which builds the binary and gives it a fresh store.
"""

import json
import os
import subprocess
import sys

LONG = 500
FAVOURITE = "osm:node/317766538"  # Robert's Coffee in the demo data
SESSION = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "inspector", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
     "params": {"name": "places_search", "arguments": {"category": "cafe", "limit": 2}}},
    {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
     "params": {"name": "places_search", "arguments": {"text": "zzzqqq"}}},
    {"jsonrpc": "2.0", "id": 4, "method": "tools/call",
     "params": {"name": "rating_add", "arguments": {"placeId": FAVOURITE, "stars": 6}}},
    {"jsonrpc": "2.0", "id": 5, "method": "resources/list"},
    {"jsonrpc": "2.0", "id": 6, "method": "resources/subscribe", "params": {"uri": "beacon://favorites"}},
    {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
     "params": {"name": "favorites_add", "arguments": {"placeId": FAVOURITE}}},
    {"jsonrpc": "2.0", "id": 8, "method": "resources/read", "params": {"uri": "beacon://favorites"}},
    {"jsonrpc": "2.0", "id": 9, "method": "prompts/get",
     "params": {"name": "plan_visit", "arguments": {"placeId": FAVOURITE}}},
]


def cut(value):
    """`value` with every string longer than `LONG` cut to its first words (or 80 characters) and ` …`."""
    if isinstance(value, dict):
        return {key: cut(item) for key, item in value.items()}
    if isinstance(value, list):
        return [cut(item) for item in value]
    if isinstance(value, str) and len(value) > LONG:
        space = value.rfind(" ", 0, 80)
        return value[: space if space > 0 else 80] + " …"
    return value


def compact(message):
    """One line as Beacon writes JSON: no spaces, non-ASCII as it is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def record(binary, store):
    """The session's lines, `→ ` before what the client sends and `← ` before what Beacon writes."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BEACON_") and k != "GEOAPIFY_API_KEY"}
    env.update({"BEACON_LOCALE": "en", "BEACON_STORE": store})
    beacon = subprocess.Popen([binary, "mcp", "--offline"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=env, text=True, encoding="utf-8")
    lines = []
    for message in SESSION:
        lines.append("→ " + compact(message))
        beacon.stdin.write(compact(message) + "\n")
        beacon.stdin.flush()
        while "id" in message:
            answer = json.loads(beacon.stdout.readline())
            lines.append("← " + compact(cut(answer)))
            if answer.get("id") == message["id"]:
                assert "error" not in answer, answer
                break
    beacon.stdin.close()
    assert beacon.wait(timeout=30) == 0, "beacon mcp did not end with exit code 0"
    return lines


def main(binary, store):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Documentation", "MCP.md")
    with open(path, encoding="utf-8") as file:
        text = file.read()
    start = text.index("```text\n", text.index("\n## A session\n")) + len("```text\n")
    end = text.index("```\n", start)
    text = text[:start] + "\n".join(record(binary, store)) + "\n" + text[end:]
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
