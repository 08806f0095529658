#!/usr/bin/env python3
"""Instruction counts per message under callgrind: load-independent, for before/after comparisons.

Runs `beacon serve --offline` under `valgrind --tool=callgrind` twice with the same start-up and shutdown: once
with N messages (pipelined pings, or sequential offline searches at a store of PLACES places) and once with none.
The difference of the two instruction counts (Ir) divided by N is what one message costs, start-up excluded.
The callgrind output of the N run is kept (`callgrind_annotate FILE` shows the profile).

    Benchmarks/profile.py --beacon .build/release/beacon ping --count 20000
    Benchmarks/profile.py --beacon .build/release/beacon sequential-ping --count 2000
    Benchmarks/profile.py --beacon .build/release/beacon search --places 10000 --count 200
    Benchmarks/profile.py --beacon .build/release/beacon filtered-search --store STORE --count 100

Standard library only; uses `bench.py`'s framing and dataset.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def run(args, store, count, output, profiled=True):
    argv = [args.beacon, "serve", "--offline", "--store", store]
    if profiled:
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", "--dump-instr=no", *argv]
    log = open(output + ".log", "w+")
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=bench.clean_environment(), bufsize=0
    )
    server = bench.Server.__new__(bench.Server)
    server.process = process
    server.input = process.stdin.fileno()
    server.output = process.stdout.fileno()
    server.buffer = b""
    server.next_id = 1
    answer = server.call("initialize", {"processId": None, "capabilities": {}})
    assert "result" in answer, answer
    if args.kind == "sequential-ping":
        ping = bench.frame(bench.request_body("ping", 1))
        for _ in range(count):
            server.write(ping)
            server.count_frames(1)
    elif args.kind == "ping":
        blob = b"".join(bench.frame(bench.request_body("ping", i)) for i in range(2, count + 2))
        writer = threading.Thread(target=server.write, args=(blob,))
        writer.start()
        server.count_frames(count)
        writer.join()
    else:
        center = {"lat": 59.95, "lon": 10.75}
        server.call("settings/update", {"center": center, "radiusMeters": 1000, "category": "restaurant"})
        # One search before counting: the session's first one loads what it needs once.
        # The filtered search of bench.py: a diet and access, every place in the circle judged.
        params = {"limit": 10}
        if args.kind == "filtered-search":
            params.update({"diet": ["vegan"], "wheelchair": "limited"})
        server.call("places/search", params)
        for _ in range(count):
            found = server.call("places/search", params)
            assert found["result"]["places"], found
    server.close()
    process.wait()
    if not profiled:
        return 0
    log.seek(0)
    stderr = log.read()
    match = re.search(r"Collected : (\d+)", stderr)
    assert match, stderr[-2000:]
    return int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beacon", required=True)
    parser.add_argument("--out", default=".build/benchmarks/callgrind", help="where the callgrind files go")
    parser.add_argument("kind", choices=["ping", "sequential-ping", "search", "filtered-search"])
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("--places", type=int, default=10_000)
    parser.add_argument("--store", help="search this store (imported before) instead of importing --places")
    args = parser.parse_args()
    count = args.count or {"ping": 20_000, "sequential-ping": 2_000}.get(args.kind, 200)
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="beacon-profile-")
    store = args.store or os.path.join(work, "store.sqlite")
    if args.kind in ("search", "filtered-search") and not args.store:
        maker = bench.Bench.__new__(bench.Bench)
        maker.work = work
        path = maker.dataset(args.places)
        subprocess.check_call(
            [args.beacon, "import", path, "--offline", "--store", store, "--json"],
            env=bench.clean_environment(),
            stdout=subprocess.DEVNULL,
        )
    base = os.path.join(args.out, f"{args.kind}")
    # A first session, not measured, makes the store what both measured ones find (schema, demo data).
    run(args, store, 1, base + ".warm", profiled=False)
    none = run(args, store, 0, base + ".0.out")
    many = run(args, store, count, base + f".{count}.out")
    print(f"{args.kind}: {many} Ir with {count}, {none} Ir with none: {(many - none) / count:,.0f} Ir per message")
    print(f"profile: callgrind_annotate {base}.{count}.out")


if __name__ == "__main__":
    main()
