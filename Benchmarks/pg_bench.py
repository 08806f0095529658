"""PostgreSQL against SQLite (issue 27): the same places imported into each, then `rating/add` and offline
`places/search` round trips from one client and from eight (eight `beacon serve` processes, as on several
machines), and the 30-second eight-process concurrency check with `kill -9` (the end-to-end test, run longer).

The server is `BEACON_BENCH_POSTGRES_URL` or else `BEACON_TEST_POSTGRES_URL` (`Scripts/pg-cluster.sh start`); each
run works in a schema of its own (made and dropped with `psql`). Without a server, or without `psql`, both
benchmarks are skipped and the results say why. Standard library only.
"""

import glob
import math
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse


def server_url():
    """The server to measure, or `None`."""
    return os.environ.get("BEACON_BENCH_POSTGRES_URL") or os.environ.get("BEACON_TEST_POSTGRES_URL") or None


def psql():
    """The `psql` program, or `None`."""
    found = shutil.which("psql")
    if found:
        return found
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))
    return candidates[-1] if candidates else None


def skip_reason():
    """Why the PostgreSQL benchmarks cannot run here, or `None`."""
    if not server_url():
        return (
            "no PostgreSQL server: set BEACON_TEST_POSTGRES_URL or BEACON_BENCH_POSTGRES_URL "
            '(eval "$(Scripts/pg-cluster.sh start >/dev/null; Scripts/pg-cluster.sh env)")'
        )
    if not psql():
        return "no psql to make the benchmark's schema (Debian: postgresql-client)"
    return None


def in_schema(url, schema):
    """`url` whose sessions work in `schema` (then `public`, where PostGIS lives)."""
    option = "options=" + urllib.parse.quote(f"-csearch_path={schema},public", safe="-")
    return url + ("&" if "?" in url else "?") + option


def run_sql(url, statement):
    env = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
    subprocess.check_call(
        [psql(), "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement], stdout=subprocess.DEVNULL, env=env
    )


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def clients_at_once(bench, store, clients, work, user_prefix):
    """Runs `work(server, index, samples)` on `clients` servers of `store` at once; returns (samples, seconds)."""
    servers = []
    for index in range(clients):
        servers.append(bench.start_store(store, user=f"{user_prefix}{index}"))
    samples = [[] for _ in servers]
    threads = [threading.Thread(target=work, args=(servers[i], i, samples[i])) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    for server in servers:
        server.close()
    return [value for client in samples for value in client], elapsed


def measure(bench, store, size, queries, writes):
    """Search and rating figures of one store (a SQLite path or a PostgreSQL URL) holding the benchmark's places."""
    center = {"lat": 59.95, "lon": 10.75}
    figures = {}
    setup = bench.start_store(store, user="setup")
    found = setup.call("places/search", {"center": center, "radiusMeters": 1000, "category": "restaurant",
                                          "limit": 10})
    places = [place["id"] for place in found["result"]["places"]]
    assert places, f"the search finds places in the box: {found}"
    setup.close()
    params = {"limit": 10}

    def search(server, index, samples):
        # The centre, radius and category are the client's settings (set once), as in offline_search.
        server.call("settings/update", {"center": center, "radiusMeters": 1000, "category": "restaurant"})
        for _ in range(queries):
            started_ns = time.perf_counter_ns()
            answer = server.call("places/search", params)
            samples.append((time.perf_counter_ns() - started_ns) / 1000)
            assert "result" in answer, answer

    def rate(server, index, samples):
        for number in range(writes):
            started_ns = time.perf_counter_ns()
            answer = server.call("rating/add", {"placeId": places[index % len(places)], "stars": 1 + number % 5})
            samples.append((time.perf_counter_ns() - started_ns) / 1000)
            assert "result" in answer, answer

    for clients in (1, 8):
        samples, elapsed = clients_at_once(bench, store, clients, search, f"searcher{clients}-")
        figures[f"search_{clients}"] = {
            "per_s": len(samples) / elapsed,
            "p50_us": percentile(samples, 0.5),
            "p99_us": percentile(samples, 0.99),
        }
        samples, elapsed = clients_at_once(bench, store, clients, rate, f"rater{clients}-")
        figures[f"rating_{clients}"] = {
            "per_s": len(samples) / elapsed,
            "p50_us": percentile(samples, 0.5),
            "p99_us": percentile(samples, 0.99),
        }
    # Every acknowledged rating is stored: 1 + 8 clients' worth, spread over the places.
    check = bench.start_store(store, user="check")
    summaries = check.call("rating/summary", {"placeIds": places})["result"]["summaries"]
    check.close()
    stored = sum(summary["count"] for summary in summaries)
    assert stored == 9 * writes, f"{stored} ratings stored of {9 * writes} acknowledged"
    return figures


def run(bench, clean_environment):
    """PostgreSQL vs SQLite over the same places, or the reason it was skipped."""
    reason = skip_reason()
    if reason:
        print(f"warning: skipping pg_vs_sqlite: {reason}", flush=True, file=sys.stderr)
        return {"skipped": reason}
    size = 500 if bench.smoke else 10_000 if bench.quick else 1_000_000
    queries = 20 if bench.smoke else 200 if bench.quick else 1000
    writes = 10 if bench.smoke else 100 if bench.quick else 300
    url = server_url()
    schema = f"bench_{os.getpid()}_{int(time.time())}"
    run_sql(url, f"CREATE SCHEMA {schema}")
    try:
        # The smoke run keeps the density of 10 k places with fewer of them, as offline_search does.
        path = bench.dataset(size, shrink=math.sqrt(size / 10_000) if bench.smoke else 1.0)
        stores = {"sqlite": os.path.join(bench.work, f"pg-vs-sqlite-{size}.sqlite"), "postgresql": in_schema(url, schema)}
        results = {"places": size}
        for name, store in stores.items():
            started = time.perf_counter()
            subprocess.check_call(
                [bench.beacon, "import", path, "--offline", "--store", store, "--user", "importer", "--json"],
                env=clean_environment(),
                stdout=subprocess.DEVNULL,
            )
            imported = time.perf_counter() - started
            results[name] = measure(bench, store, size, queries, writes)
            results[name]["import_s"] = imported
        os.remove(path)
        return results
    finally:
        run_sql(url, f"DROP SCHEMA {schema} CASCADE")


def concurrency(bench, clean_environment):
    """The eight-process run with `kill -9` (PostgresConcurrencyEndToEndTests) for 30 s instead of the suite's 8."""
    reason = skip_reason()
    if reason:
        return {"skipped": reason}
    if bench.smoke:
        return {"skipped": "smoke run: swift test runs it for 8 s"}
    seconds = 10 if bench.quick else 30
    env = dict(os.environ, BEACON_CONCURRENCY_SECONDS=str(seconds))
    started = time.perf_counter()
    done = subprocess.run(
        ["swift", "test", "--filter", "PostgresConcurrencyEndToEndTests"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    passed = done.returncode == 0
    if not passed:
        print(done.stdout[-4000:], file=sys.stderr)
    return {"seconds": seconds, "passed": passed, "wall_s": time.perf_counter() - started}


def rows(results, concurrency_results):
    """Table rows: PostgreSQL against SQLite, and the concurrency run."""
    rows = []
    if results.get("skipped"):
        rows.append(("PostgreSQL vs SQLite", "skipped", results["skipped"], "", "(reported)", None))
    elif results:
        sqlite, postgresql = results["sqlite"], results["postgresql"]
        places = f"{results['places']:,} places"
        rows.append((
            f"import {places}: PostgreSQL (COPY) / SQLite",
            f"{postgresql['import_s']:.1f} s",
            f"SQLite {sqlite['import_s']:.1f} s",
            f"{postgresql['import_s'] / sqlite['import_s']:.2f}× SQLite's time",
            "(reported)",
            None,
        ))
        for clients in (1, 8):
            pg, lite = postgresql[f"search_{clients}"], sqlite[f"search_{clients}"]
            rows.append((
                f"offline search, {places}, {clients} client{'s' if clients > 1 else ''}: p50 / p99 (PostgreSQL)",
                f"{pg['p50_us']:.0f} / {pg['p99_us']:.0f} µs, {pg['per_s']:,.0f}/s",
                f"SQLite {lite['p50_us']:.0f} / {lite['p99_us']:.0f} µs, {lite['per_s']:,.0f}/s",
                f"{pg['p50_us'] / lite['p50_us']:.1f}× p50, {pg['per_s'] / lite['per_s']:.2f}× the searches/s",
                "(reported)",
                None,
            ))
        for clients in (1, 8):
            pg, lite = postgresql[f"rating_{clients}"], sqlite[f"rating_{clients}"]
            rows.append((
                f"rating/add, {clients} client{'s' if clients > 1 else ''}: writes/s (PostgreSQL)",
                f"{pg['per_s']:,.0f}/s, p50 {pg['p50_us']:.0f} µs",
                f"SQLite {lite['per_s']:,.0f}/s, p50 {lite['p50_us']:.0f} µs",
                f"{pg['per_s'] / lite['per_s']:.2f}× SQLite's writes/s",
                "(reported)",
                None,
            ))
    if concurrency_results.get("skipped"):
        rows.append(("8 processes on PostgreSQL, kill -9", "skipped", concurrency_results["skipped"], "", "", None))
    elif concurrency_results:
        rows.append((
            f"8 processes on PostgreSQL for {concurrency_results['seconds']} s, 2 killed",
            "nothing acknowledged lost" if concurrency_results["passed"] else "FAILED",
            "PostgresConcurrencyEndToEndTests",
            "",
            "no loss, no duplicate, exact summaries",
            concurrency_results["passed"],
        ))
    return rows
