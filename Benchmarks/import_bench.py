"""The import benchmarks (bench.py's `import_pbf` step): Beacon's PBF decoder alone, `beacon import` of PBF,
GeoJSON and GeoJSONSeq into a store, and libosmium doing the same filter on the same PBF, at several sizes.

The PBF files are made at benchmark time by `beacon-pbf-tool generate` (Benchmarks/PBFTool: copies of the real
Helsinki extract with shifted ids and coordinates, zlib blobs) into .build/benchmarks/pbf (git-ignored, kept
between runs); the GeoJSON and GeoJSONSeq files are `osmium export` of the wanted objects of each PBF (osmium-tool,
when installed). Every run is one child process; its time is wall-clock and its peak RSS the kernel's
`ru_maxrss` for that child alone.

The floor of an import into the store (Benchmarks/limit/import_floor.c): SQLite itself writing the places of the
GeoJSONSeq import's store into an empty store of the same schema, one `INSERT … SELECT` a table in one transaction,
nothing parsed or bound; and the floor of an importer that streams its input (`--row-by-row`): the same rows, read
into memory first, written a place at a time through prepared statements as Beacon's writer writes them, the full
text in batches. The GeoJSONSeq import and both floors run in turn, FLOOR_ROUNDS times each; their medians are
reported, and the import's throughput as a share of each floor's.
"""

import json
import os
import shutil
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCE = os.path.join(ROOT, "Tests", "Fixtures", "osm", "Helsinki.osm.pbf")
CACHE = os.path.join(ROOT, ".build", "benchmarks", "pbf")
FILTER = ["nwr/amenity=restaurant,cafe", "nwr/tourism=hotel"]
FLOOR_ROUNDS = 3


def run_measured(argv, env=None):
    """Runs argv to its end with os.wait4: (seconds, peak RSS MB, stdout bytes)."""
    read, write = os.pipe()
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.dup2(write, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(read)
        try:
            os.execvpe(argv[0], argv, env if env is not None else os.environ)
        finally:
            os._exit(127)
    os.close(write)
    chunks = []
    while True:
        chunk = os.read(read, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(argv)} failed with status {os.waitstatus_to_exitcode(status)}")
    return seconds, usage.ru_maxrss / 1024, b"".join(chunks)


def generated(name, command):
    """The file `name` in the cache, written by `command` followed by its path when it is not there yet."""
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, name)
    if not os.path.exists(path):
        partial = path + ".partial"
        subprocess.check_call(command + [partial], stdout=subprocess.DEVNULL)
        os.replace(partial, path)
    return path


def pbf_file(tool, megabytes):
    return generated(f"helsinki-{megabytes}mb.osm.pbf", [tool, "generate", SOURCE, str(megabytes)])


def ways_file(tool, nodes, among=False):
    """A sorted PBF of `nodes` nodes and nodes / 4 ways, a third of its wanted objects ways (`beacon-pbf-tool ways`);
    with `among`, the ways after the first half of the nodes (not sorted)."""
    command = "ways-among" if among else "ways"
    return generated(f"{command}-{nodes}.osm.pbf", [tool, command, str(nodes)])


def run_ways(bench, tool, sizes, clean_environment):
    """`beacon import` of files whose wanted ways grow with their nodes: time and peak RSS by size; the largest also
    with its ways among its nodes (keyed `ways-among-NODES`)."""
    results = {}
    runs = [(nodes, False) for nodes in sizes] + [(max(sizes), True)]
    for nodes, among in runs:
        pbf = ways_file(tool, nodes, among)
        key = f"ways-among-{nodes}" if among else str(nodes)
        store = os.path.join(bench.work, f"import-ways-{key}.sqlite")
        remove_store(store)
        seconds, rss, output = run_measured(
            [bench.beacon, "import", pbf, "--offline", "--store", store, "--json"], env=clean_environment()
        )
        places = json.loads(output).get("total", 0)
        results[key] = {"pbf_mb": round(os.path.getsize(pbf) / 1e6, 1), "s": seconds,
                        "places_per_s": places / seconds, "peak_rss_mb": rss, "places": places,
                        "ways": nodes // 40, "among": among}
        remove_store(store)
    return results


def rows_ways(results):
    """bench.py table rows for ``run_ways``: the largest file's peak RSS against the goal, sorted or not."""
    largest = max((int(size) for size in results if size.isdigit()), default=None)
    table = []
    for size, entry in results.items():
        order = ", ways among nodes" if entry.get("among") else ""
        label = f"beacon import PBF, {entry['ways']:,} wanted ways{order} ({entry['pbf_mb']:.0f} MB)"
        table.append(import_row(label, entry, not size.isdigit() or int(size) == largest))
    return table


def import_row(label, entry, largest):
    """A table row for one import: time, rate and peak RSS, judged against 256 MB for the largest file."""
    return (
        label,
        f"{entry['s']:.1f} s ({entry['places_per_s']:,.0f} places/s) / {entry['peak_rss_mb']:.0f} MB",
        f"{entry['places']:,} places",
        "",
        "≤ 256 MB" if largest else "(scaling)",
        entry["peak_rss_mb"] <= 256 if largest else None,
    )


def shifted(value, dlat, dlon):
    """GeoJSON coordinates (nested lists) moved by dlat/dlon degrees."""
    if value and isinstance(value[0], (int, float)):
        return [round(value[0] + dlon, 7), round(value[1] + dlat, 7), *value[2:]]
    return [shifted(item, dlat, dlon) for item in value]


def exports(megabytes):
    """The wanted objects of the `megabytes` PBF as GeoJSON and GeoJSONSeq: `osmium export -a type,id` of the
    Helsinki source's wanted objects (osmium-tool), copied as `beacon-pbf-tool generate` copies them (ids plus
    copy × 2^35, 0.05° south and 0.1° east per tile of a 40-column grid). None without osmium-tool."""
    if shutil.which("osmium") is None:
        return None
    base = os.path.join(CACHE, f"helsinki-{megabytes}mb")
    paths = {"geojson": base + ".geojson", "geojsonseq": base + ".geojsonseq"}
    if all(os.path.exists(path) for path in paths.values()):
        return paths
    filtered = os.path.join(CACHE, "helsinki-wanted.osm.pbf")
    source = os.path.join(CACHE, "helsinki-wanted.geojson")
    subprocess.check_call(["osmium", "tags-filter", "--overwrite", "-o", filtered, SOURCE, *FILTER])
    subprocess.check_call(
        ["osmium", "export", "--overwrite", "-a", "type,id", "-f", "geojson", "-o", source, filtered],
        stderr=subprocess.DEVNULL,
    )
    with open(source) as handle:
        features = json.load(handle)["features"]
    copies = max(1, -(-megabytes * 1_000_000 // os.path.getsize(SOURCE)))
    with open(paths["geojson"] + ".partial", "w") as collection, open(paths["geojsonseq"] + ".partial", "w") as seq:
        collection.write('{"type":"FeatureCollection","features":[\n')
        first = True
        for copy in range(copies):
            dlat, dlon = -(copy // 40) * 0.05, (copy % 40) * 0.1
            for feature in features:
                properties = dict(feature["properties"])
                properties["@id"] = properties["@id"] + copy * (1 << 35)
                moved = {"type": "Feature", "geometry": {"type": feature["geometry"]["type"],
                         "coordinates": shifted(feature["geometry"]["coordinates"], dlat, dlon)},
                         "properties": properties}
                text = json.dumps(moved, ensure_ascii=False, separators=(",", ":"))
                collection.write(("" if first else ",\n") + text)
                seq.write("\x1e" + text + "\n")
                first = False
        collection.write("\n]}\n")
    for path in paths.values():
        os.replace(path + ".partial", path)
    return paths


def remove_store(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def floor_copy(bench, floor, source, clean_environment, mode=()):
    """import_floor.c (its options `mode`) from the store `source` into a new store made by the same beacon: its JSON
    (seconds, steps)."""
    target = os.path.join(bench.work, "import-floor.sqlite")
    remove_store(target)
    subprocess.check_call(
        [bench.beacon, "settings", "reset", "--store", target], env=clean_environment(), stdout=subprocess.DEVNULL
    )
    result = json.loads(subprocess.check_output([floor, source, target, *mode]))
    remove_store(target)
    return result


def floor_summary(copies):
    """The medians of a floor's runs, with the runs themselves."""
    seconds = statistics.median([copy["s"] for copy in copies])
    return {"s": seconds, "places": copies[0]["places"], "places_per_s": copies[0]["places"] / seconds,
            "runs_s": [copy["s"] for copy in copies], "steps": copies, "sqlite": copies[0]["sqlite"]}


def run(bench, tool, osmium_python, sizes, clean_environment, floor=None):
    results = {}
    for megabytes in sizes:
        pbf = pbf_file(tool, megabytes)
        size_mb = os.path.getsize(pbf) / 1e6
        row = {"pbf_mb": round(size_mb, 1)}
        seconds, rss, output = run_measured([tool, "decode", pbf])
        decoded = json.loads(output)
        row["decode"] = {"s": seconds, "mb_per_s": size_mb / seconds, "peak_rss_mb": rss, "counts": decoded}
        store = os.path.join(bench.work, f"import-pbf-{megabytes}.sqlite")
        seconds, rss, output = run_measured(
            [bench.beacon, "import", pbf, "--offline", "--store", store, "--json"], env=clean_environment()
        )
        imported = json.loads(output)
        places = imported.get("total", 0)
        row["import_pbf"] = {"s": seconds, "mb_per_s": size_mb / seconds, "places_per_s": places / seconds,
                             "peak_rss_mb": rss, "places": places}
        os.remove(store)
        if osmium_python:
            seconds, rss, output = run_measured([osmium_python, os.path.join(HERE, "pbf_osmium.py"), pbf])
            counts = json.loads(output)
            row["libosmium"] = {"s": seconds, "mb_per_s": size_mb / seconds, "peak_rss_mb": rss, "counts": counts}
            row["counts_equal"] = counts == decoded
        paths = exports(megabytes)
        for kind, path in (paths or {}).items():
            store = os.path.join(bench.work, f"import-{kind}-{megabytes}.sqlite")
            file_mb = os.path.getsize(path) / 1e6
            # The GeoJSONSeq import in turn with the floor, which copies that import's store.
            rounds = FLOOR_ROUNDS if floor and kind == "geojsonseq" else 1
            times, peaks, floors, row_floors = [], [], [], []
            for _ in range(rounds):
                remove_store(store)
                seconds, rss, output = run_measured(
                    [bench.beacon, "import", path, "--offline", "--store", store, "--json"], env=clean_environment()
                )
                places = json.loads(output).get("total", 0)
                times.append(seconds)
                peaks.append(rss)
                if rounds > 1:
                    floors.append(floor_copy(bench, floor, store, clean_environment))
                    row_floors.append(floor_copy(bench, floor, store, clean_environment, ["--row-by-row"]))
            seconds = statistics.median(times)
            row[f"import_{kind}"] = {"file_mb": round(file_mb, 1), "s": seconds, "mb_per_s": file_mb / seconds,
                                     "places_per_s": places / seconds, "peak_rss_mb": max(peaks), "places": places,
                                     "runs_s": times}
            if floors:
                row["store_floor"] = floor_summary(floors)
                row["store_floor_row_by_row"] = floor_summary(row_floors)
            remove_store(store)
        results[str(megabytes)] = row
    return results


def rows(results):
    """bench.py table rows: benchmark, Beacon, peers, ratio, goal, met."""
    table = []
    largest = max((int(size) for size in results), default=None)
    for size, row in results.items():
        decode = row["decode"]
        osmium = row.get("libosmium")
        peers = f"libosmium {osmium['s']:.1f} s / {osmium['peak_rss_mb']:.0f} MB" if osmium else ""
        fastest = osmium["s"] if osmium else None
        table.append((
            f"PBF decode alone, {row['pbf_mb']:.0f} MB",
            f"{decode['s']:.1f} s ({decode['mb_per_s']:.0f} MB/s) / {decode['peak_rss_mb']:.0f} MB",
            peers,
            f"{fastest / decode['s']:.2f}× libosmium's speed" if fastest else "",
            "≥ libosmium, ≤ 256 MB",
            (fastest is None or decode["s"] <= fastest) and decode["peak_rss_mb"] <= 256
            and row.get("counts_equal", True),
        ))
        for kind in ("pbf", "geojson", "geojsonseq"):
            entry = row.get(f"import_{kind}")
            if not entry:
                continue
            label = f"beacon import {kind}, {entry.get('file_mb', row['pbf_mb']):.0f} MB"
            table.append(import_row(label, entry, int(size) == largest))
        floor = row.get("store_floor")
        by_row = row.get("store_floor_row_by_row")
        entry = row.get("import_geojsonseq")
        if floor and entry:
            peers = f"SQLite's floor {floor['places_per_s']:,.0f} places/s"
            ratio = f"{entry['places_per_s'] / floor['places_per_s']:.2f}× the floor"
            if by_row:
                peers += f"; row by row {by_row['places_per_s']:,.0f}"
                ratio += f", {entry['places_per_s'] / by_row['places_per_s']:.2f}× row by row"
            table.append((
                f"  places into the store, {entry['places']:,} (GeoJSONSeq; medians of {len(floor['runs_s'])})",
                f"{entry['places_per_s']:,.0f} places/s",
                peers,
                ratio,
                "≥ 100 k places/s" if int(size) == largest else "(scaling)",
                entry["places_per_s"] >= 100_000 if int(size) == largest else None,
            ))
    return table
