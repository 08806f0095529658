#!/usr/bin/env python3
"""Soak test for `beacon serve`: many mixed requests against one process, standard library only.

Sends REQUESTS messages in windows (a well-behaved pipelining client): offline searches, details, rating/add,
favorites add/remove and rating/list spread over the demo places found by two searches first, ping,
requests cancelled with $/cancelRequest, malformed frames and notifications. Checks that every request is
answered exactly once and every malformed frame gets one null-id parse error, and compares the server's RSS
after warm-up with its RSS at the end.

    Scripts/soak.py [--binary .build/debug/beacon] [--requests 100000] [--window 500] [--warmup 10000]

Exit status 0 when every check passes (RSS growth at most 10 %), 1 otherwise.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

# Filled from two offline searches before the soak: ratings and favourites are spread over these places,
# so `rating/list` answers (every rating of a place, unpaginated) stay small and the load stays steady.
PLACES = ["osm:node/317766538"]


def frame(body):
    data = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def request(method, id_, params=None):
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return frame(json.dumps(message, separators=(",", ":")))


def notification(method, params=None):
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return frame(json.dumps(message, separators=(",", ":")))


def step(index):
    """The message(s) at position `index` and what they expect: ("request"|"cancelled"|"malformed"|"none")."""
    kind = index % 12
    place = PLACES[(index // 12) % len(PLACES)]
    if kind in (0, 1):
        category = "cafe" if index % 24 < 12 else "restaurant"
        return request("places/search", index, {"category": category, "limit": 5}), "request"
    if kind in (2, 3):
        return request("places/details", index, {"id": place}), "request"
    if kind == 4:
        params = {"placeId": place, "stars": index % 5 + 1, "comment": "soak"}
        return request("rating/add", index, params), "request"
    if kind == 5:
        return request("favorites/add", index, {"placeId": place}), "request"
    if kind == 6:
        return request("favorites/remove", index, {"placeId": place}), "request"
    if kind == 7:
        return request("rating/list", index, {"placeId": place}), "request"
    if kind == 8:
        return request("ping", index), "request"
    if kind == 9:
        sleep = request("test/sleep", index, {"milliseconds": 30000})
        return sleep + notification("$/cancelRequest", {"id": index}), "cancelled"
    if kind == 10:
        return frame('{"jsonrpc":"2.0","id":%d,"method":' % index), "malformed"
    return notification("$/setTrace", {"value": "off"}), "none"


class Reader(threading.Thread):
    """Reads Content-Length frames from the server's stdout and counts answers by id."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.condition = threading.Condition()
        self.messages = 0
        self.answers = {}
        self.null_parse_errors = 0
        self.cancelled = 0
        self.unexpected = []
        self.place_ids = set()

    def run(self):
        buffer = b""
        while True:
            chunk = os.read(self.stream.fileno(), 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while True:
                end = buffer.find(b"\r\n\r\n")
                if end < 0:
                    break
                length = int(buffer[:end].split(b":")[1])
                if len(buffer) < end + 4 + length:
                    break
                body = buffer[end + 4:end + 4 + length]
                buffer = buffer[end + 4 + length:]
                self.record(json.loads(body))
        with self.condition:
            self.condition.notify_all()

    def record(self, message):
        with self.condition:
            self.messages += 1
            id_ = message.get("id")
            error = message.get("error") or {}
            kind = (error.get("data") or {}).get("kind")
            if isinstance(id_, str) and id_.startswith("places-"):
                self.place_ids.update(place["id"] for place in message.get("result", {}).get("places", []))
            if id_ is None and error.get("code") == -32700:
                self.null_parse_errors += 1
            elif isinstance(id_, int):
                self.answers[id_] = self.answers.get(id_, 0) + 1
                if error.get("code") == -32800:
                    self.cancelled += 1
                elif kind in ("serverOverloaded", "internalError", "storageFailure"):
                    self.unexpected.append(message)
            self.condition.notify_all()

    def wait_for(self, count, timeout=120):
        deadline = time.monotonic() + timeout
        with self.condition:
            while self.messages < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self.condition.wait(remaining)
        return True


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/beacon")
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--window", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=10_000)
    arguments = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="beacon-soak-")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("BEACON_") and k != "GEOAPIFY_API_KEY"}
    environment.update(
        BEACON_STORE=os.path.join(directory, "store.sqlite"), BEACON_OFFLINE="1", BEACON_TEST_METHODS="1"
    )
    server = subprocess.Popen(
        [arguments.binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env=environment,
    )
    reader = Reader(server.stdout)
    reader.start()
    started = time.monotonic()
    server.stdin.write(request("initialize", "init", {}))
    for number, category in enumerate(["cafe", "restaurant"]):
        server.stdin.write(request("places/search", "places-%d" % number, {"category": category, "limit": 100}))
    server.stdin.flush()
    if not reader.wait_for(3):
        print("initialize and the first searches were not answered")
        return 1
    PLACES[:] = sorted(reader.place_ids) or PLACES
    expected = 3
    requests = cancelled = malformed = notifications = 0
    rss_after_warmup = None
    samples = []
    ok = True
    for start in range(0, arguments.requests, arguments.window):
        chunk = []
        for index in range(start, min(start + arguments.window, arguments.requests)):
            data, kind = step(index)
            chunk.append(data)
            if kind in ("request", "cancelled"):
                requests += 1
                cancelled += kind == "cancelled"
            elif kind == "malformed":
                malformed += 1
            else:
                notifications += 1
        expected = 3 + requests + malformed
        server.stdin.write(b"".join(chunk))
        server.stdin.flush()
        if not reader.wait_for(expected):
            print("window at %d: only %d of %d messages arrived" % (start, reader.messages, expected))
            ok = False
            break
        if rss_after_warmup is None and start + arguments.window >= arguments.warmup:
            rss_after_warmup = rss_kib(server.pid)
        if (start + arguments.window) % 10_000 == 0:
            samples.append("%dk: %d" % ((start + arguments.window) // 1000, rss_kib(server.pid)))
    rss_end = rss_kib(server.pid)
    elapsed = time.monotonic() - started
    server.stdin.write(request("shutdown", "shutdown") + notification("exit"))
    server.stdin.close()
    code = server.wait(timeout=30)
    reader.join(timeout=10)
    shutil.rmtree(directory, ignore_errors=True)

    duplicates = sum(1 for count in reader.answers.values() if count > 1)
    missing = requests - len(reader.answers)
    growth = (rss_end - rss_after_warmup) / rss_after_warmup * 100 if rss_after_warmup else float("nan")
    print("places used:          %d" % len(PLACES))
    print("messages sent:        %d (%d requests of which %d cancelled, %d malformed frames, %d notifications)"
          % (requests + malformed + notifications, requests, cancelled, malformed, notifications))
    print("answers:              %d ids answered, %d missing, %d answered more than once"
          % (len(reader.answers), missing, duplicates))
    print("cancelled answers:    %d (-32800)" % reader.cancelled)
    print("null-id parse errors: %d" % reader.null_parse_errors)
    print("unexpected errors:    %d" % len(reader.unexpected))
    print("RSS after warm-up:    %d KiB (after %d messages)" % (rss_after_warmup or -1, arguments.warmup))
    print("RSS at the end:       %d KiB (%+.1f %%)" % (rss_end, growth))
    print("RSS every 10 000:     %s KiB" % ", ".join(samples))
    print("elapsed:              %.1f s; exit code %d" % (elapsed, code))
    ok = ok and missing == 0 and duplicates == 0 and reader.null_parse_errors == malformed
    ok = ok and reader.cancelled == cancelled and not reader.unexpected and code == 0 and growth <= 10
    print("result:               %s" % ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
