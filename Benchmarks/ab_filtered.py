#!/usr/bin/env python3
"""A/B of the filtered offline search: the same dataset imported by two beacon binaries, each server searched in
alternating rounds in the same run; results compared between the two (they must be the same, fetchedAt aside).

    Benchmarks/ab_filtered.py --old /tmp/beacon-before --new .build/portable/beacon --work /tmp/ab
"""
import argparse, json, os, sys, time, types
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench

parser = argparse.ArgumentParser()
parser.add_argument("--old", required=True)
parser.add_argument("--new", required=True)
parser.add_argument("--size", type=int, default=1_000_000)
parser.add_argument("--rounds", type=int, default=5)
parser.add_argument("--per-round", type=int, default=400)
parser.add_argument("--work", required=True, help="where the stores are kept (reused when present)")
args = parser.parse_args()
os.makedirs(args.work, exist_ok=True)
b = bench.Bench(types.SimpleNamespace(quick=False, smoke=False, beacon=args.new))
b.work = args.work
stores = {}
path = None
for name, binary in (("old", args.old), ("new", args.new)):
    store = os.path.join(args.work, f"{name}-{args.size}.sqlite")
    stores[name] = store
    if not os.path.exists(store):
        path = path or b.dataset(args.size)
        started = time.perf_counter()
        bench.subprocess.check_call([binary, "import", path, "--offline", "--store", store, "--json"],
                                    env=bench.clean_environment(), stdout=bench.subprocess.DEVNULL)
        print(f"{name}: imported in {time.perf_counter() - started:.1f} s", file=sys.stderr)
if path:
    os.remove(path)
servers = {}
for name, binary in (("old", args.old), ("new", args.new)):
    b.beacon = binary
    server = b.start("beacon", None, store=stores[name])
    server.call("settings/update", {"center": {"lat": 59.95, "lon": 10.75}, "radiusMeters": 1000, "category": "restaurant"})
    servers[name] = server
cases = {
    "vegan+limited": {"limit": 10, "diet": ["vegan"], "wheelchair": "limited"},
    "vegan+limited sort=name": {"limit": 10, "diet": ["vegan"], "wheelchair": "limited", "sort": "name"},
    "vegan 3 km": {"limit": 10, "diet": ["vegan"], "radiusMeters": 3000},
}
# Same answers (fetchedAt aside).
for label, params in cases.items():
    answers = {}
    for name, server in servers.items():
        result = server.call("places/search", params)["result"]
        result.pop("fetchedAt", None)
        answers[name] = result
    same = answers["old"] == answers["new"]
    print(f"{label}: same result: {same}; {len(answers['new']['places'])} places, excludedUnknown {answers['new'].get('excludedUnknown')}")
    assert same, (answers["old"], answers["new"])
samples = {name: {label: [] for label in cases} for name in servers}
for _ in range(args.rounds):
    for label, params in cases.items():
        for name, server in servers.items():
            for _ in range(args.per_round if label == "vegan+limited" else args.per_round // 4):
                started = time.perf_counter_ns()
                server.call("places/search", params)
                samples[name][label].append((time.perf_counter_ns() - started) / 1000)
report = {"size": args.size, "load": os.getloadavg()}
for name, server in servers.items():
    rss, hwm = server.memory_kb()
    report[name] = {label: {"p50_us": bench.percentile(values, 0.5), "p99_us": bench.percentile(values, 0.99), "n": len(values)}
                    for label, values in samples[name].items()}
    report[name]["VmRSS_kB"] = rss
    report[name]["VmHWM_kB"] = hwm
    server.close()
print(json.dumps(report, indent=1))
