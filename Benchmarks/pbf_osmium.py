#!/usr/bin/env python3
"""libosmium (pyosmium) doing Beacon's PBF filter on a file, for Benchmarks/bench.py: prints JSON counts.

The wanted objects: `amenity=restaurant|cafe` or `tourism=hotel` (value trimmed), named or not; nodes always
located, ways located when all their nodes are in the file, multipolygon relations when libosmium assembles an
area. libosmium's C++ tag filter picks the objects, so Python sees only the wanted ones; the node locations (of
every node: libosmium's one-pass `flex_mem` index) and the areas are made in C++.
"""
import json
import sys

import osmium


def wanted(tags):
    amenity = (tags.get("amenity") or "").strip()
    return amenity in ("restaurant", "cafe") or (tags.get("tourism") or "").strip() == "hotel"


def main():
    path = sys.argv[1]
    counts = {"nodes": 0, "ways": 0, "relations": 0, "located": 0}
    tag_filter = osmium.filter.KeyFilter("amenity", "tourism")
    processor = osmium.FileProcessor(path).with_locations().with_areas(tag_filter).with_filter(tag_filter)
    for obj in processor:
        if not wanted(obj.tags):
            continue
        if obj.is_node():
            counts["nodes"] += 1
            counts["located"] += 1
        elif obj.is_way():
            counts["ways"] += 1
            if len(obj.nodes) > 0 and all(node.location.valid() for node in obj.nodes):
                counts["located"] += 1
        elif obj.is_area():
            if not obj.from_way() and obj.tags.get("type") in (None, "multipolygon"):
                counts["located"] += 1
        elif obj.is_relation() and obj.tags.get("type") == "multipolygon":
            counts["relations"] += 1
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
