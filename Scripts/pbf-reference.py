#!/usr/bin/env python3
"""Counts the restaurants, cafés and hotels of OSM PBF files with libosmium (pyosmium), independently of Beacon.

A test-only tool, never a dependency of Beacon: `pip install osmium`, then

    python3 Scripts/pbf-reference.py Tests/Fixtures/osm/*.osm.pbf

The numbers it prints are recorded in Tests/EndToEndTests/PBFImportEndToEndTests.swift. The rules are Beacon's
import rules: `amenity=restaurant|cafe` or `tourism=hotel` (value trimmed; amenity first), with a non-blank name;
nodes at their location; ways when every node is in the file; relations of `type=multipolygon` when libosmium's
area assembler makes an area of them. Ways with nodes missing from the file are counted apart.

A file with its nodes' positions on its ways (the optional feature `LocationsOnWays`, as `osmium
add-locations-to-ways` writes) is read with those positions, as libosmium reads it without a node location index.
"""
import sys

import osmium
import osmium.area


def category(tags):
    amenity = (tags.get("amenity") or "").strip()
    if amenity in ("restaurant", "cafe"):
        return amenity
    if (tags.get("tourism") or "").strip() == "hotel":
        return "hotel"
    return None


def named(tags):
    return bool((tags.get("name") or "").strip())


class MultipolygonIDs(osmium.SimpleHandler):
    """The ids of the relations tagged `type=multipolygon` (libosmium drops `type` from an area's tags)."""

    def __init__(self):
        super().__init__()
        self.ids = set()

    def relation(self, r):
        if r.tags.get("type") == "multipolygon":
            self.ids.add(r.id)


class Counter(osmium.SimpleHandler):
    def __init__(self, multipolygons):
        super().__init__()
        self.multipolygons = multipolygons
        self.counts = {"restaurant": 0, "cafe": 0, "hotel": 0}
        self.missing_nodes = 0
        self.nameless = 0

    def count(self, tags):
        kind = category(tags)
        if kind is None:
            return False
        if not named(tags):
            self.nameless += 1
            return False
        self.counts[kind] += 1
        return True

    def node(self, n):
        self.count(n.tags)

    def way(self, w):
        kind = category(w.tags)
        if kind is None or not named(w.tags):
            if kind is not None:
                self.nameless += 1
            return
        if len(w.nodes) == 0 or not all(node.location.valid() for node in w.nodes):
            self.missing_nodes += 1
            return
        self.counts[kind] += 1

    def area(self, a):
        # Areas of ways are counted as ways; only multipolygon relations here.
        if a.from_way() or a.orig_id() not in self.multipolygons:
            return
        self.count(a.tags)


def has_locations_on_ways(path):
    reader = osmium.io.Reader(path)
    header = reader.header()
    features = [header.get("pbf_optional_feature_%d" % index) for index in range(16)]
    reader.close()
    return "LocationsOnWays" in features


def main():
    for path in sys.argv[1:]:
        multipolygons = MultipolygonIDs()
        multipolygons.apply_file(path)
        counter = Counter(multipolygons.ids)
        if has_locations_on_ways(path):
            # No location index: it would replace the ways' own positions with those of the nodes the file has.
            areas = osmium.area.AreaManager()
            osmium.apply(osmium.io.Reader(path), areas.first_pass_handler())
            osmium.apply(osmium.io.Reader(path), counter, areas.second_pass_handler(counter))
        else:
            counter.apply_file(path, locations=True)
        print(path, counter.counts, "total", sum(counter.counts.values()), "missingNodes", counter.missing_nodes,
              "nameless (nodes, ways, relation areas)", counter.nameless)


if __name__ == "__main__":
    main()
