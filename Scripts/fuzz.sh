#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/ and runs each for a while; fails if any finds a crash.
#
#   Scripts/fuzz.sh [seconds] [target...]     (default: 60 seconds each; targets: framer envelope params pbf geojson)
#   Scripts/fuzz.sh --supported               (exit status: whether this toolchain can build them)
#
# FUZZ_FLAGS adds libFuzzer flags (e.g. FUZZ_FLAGS=-runs=10000000). New inputs go to a working corpus
# under .build-fuzz/corpus/<target> (seeded from Fuzz/Corpus/<target>, which is committed and not
# touched); a crashing input is saved under .build-fuzz/artifacts/<target>/.
#
# - framer: MessageFramer + JSONParser + IncomingMessage (+ JSONWriter for answers), compiled with
#   swiftc straight from Sources/BeaconSync, Sources/BeaconJSON and Sources/JSONRPC.
# - envelope: JSONRPC's EnvelopeScanner (the request path's in-place reading of the usual request) against
#   JSONParser + IncomingMessage, differentially; built like framer.
# - params: every request type's params decoding (JSONValueDecoder, as Dispatcher.decodeParams), linked
#   against the BeaconServer module and its dependencies built by SwiftPM with the same flags.
# - pbf: the OSM PBF reader (BeaconCore's PBF*), linked like params; inputs up to 64 KiB (its seeds are real
#   blobs of a few KiB).
# - geojson: the text import formats (GeoJSON, GeoJSONSeq, Overpass JSON) through OSMImporter.parse, linked like
#   params; inputs up to 4 KiB (its seeds are real objects of about 1–2 KiB).
set -euo pipefail
cd "$(dirname "$0")/.."

build=.build-fuzz
flags=(-O -parse-as-library -sanitize=fuzzer,address -swift-version 6)
mkdir -p "$build"

if [ "${1:-}" = "--supported" ]; then
  probe="$build/probe.swift"
  printf '@_cdecl("LLVMFuzzerTestOneInput")\npublic func probe(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' >"$probe"
  swiftc "${flags[@]}" "$probe" -o "$build/probe" >/dev/null 2>&1 && "$build/probe" -runs=1 >/dev/null 2>&1
  exit
fi

seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(framer envelope params pbf geojson)
mkdir -p "$build/framer-modules"
rm -f "$build/framer-modules/.built"  # The sources may have changed since the last run.

# Runs a compiler command without the gold linker's harmless "Cannot export local symbol '__asan_…'" lines.
quiet() {
  "$@" 2> >(grep -v "Cannot export local symbol" >&2)
}

# Compiles BeaconSync, BeaconJSON and JSONRPC with the fuzzer's flags into $build/framer-modules (once per run).
build_jsonrpc_modules() {
  local out="$build/framer-modules"
  [ -f "$out/.built" ] && return
  # The modules share `package` declarations, which need one package name across them.
  local package=(-package-name beacon_fuzz)
  for module in BeaconSync BeaconJSON; do
    swiftc "${flags[@]}" "${package[@]}" -wmo -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
      -emit-library -static -o "$out/lib$module.a" "Sources/$module"/*.swift
  done
  swiftc "${flags[@]}" "${package[@]}" -wmo -module-name JSONRPC -I "$out" -emit-module -emit-module-path "$out/JSONRPC.swiftmodule" \
    -emit-library -static -o "$out/libJSONRPC.a" Sources/JSONRPC/*.swift
  touch "$out/.built"
}

# Builds a target on the JSONRPC modules into $build/TARGET-fuzzer: build_on_jsonrpc TARGET NAME (NAME: its Fuzz/ folder)
build_on_jsonrpc() {
  local target="$1" name="$2" out="$build/framer-modules"
  build_jsonrpc_modules
  quiet swiftc "${flags[@]}" -package-name beacon_fuzz -module-name "$name" -I "$out" "Fuzz/$name"/*.swift \
    "$out/libJSONRPC.a" "$out/libBeaconJSON.a" "$out/libBeaconSync.a" -o "$build/$target-fuzzer"
}

# Builds a target linked against SwiftPM's build of `top` (BeaconServer or BeaconCore) and the modules under it,
# with the fuzzer's flags, into $build/TARGET-fuzzer: build_linked TARGET NAME TOP MODULE... (NAME: its Fuzz/ folder)
build_linked() {
  local target="$1" name="$2" top="$3"
  shift 3
  local spm="$build/spm"
  swift build -c release --scratch-path "$spm" --target "$top" -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -enable-testing
  local release="$spm/release"
  local objects=()
  for module in "$@"; do
    objects+=("$release/$module.build"/*.o)
  done
  # The fuzzer reaches the modules' `package` declarations under the package name SwiftPM gave them.
  local package
  package=$(grep -o '"-package-name","[^"]*"' "$spm/release.yaml" | head -n 1 | cut -d '"' -f 4)
  quiet swiftc "${flags[@]}" -package-name "$package" -module-name "$name" -I "$release/Modules" -I "$release" -I Sources/CSQLite \
    -I Sources/CZlib -I Sources/CLibPQ "Fuzz/$name"/*.swift "${objects[@]}" -lsqlite3 -lz -o "$build/$target-fuzzer"
}

core_modules=(BeaconSync BeaconJSON CCurlLoader BeaconCore)

# The modules BeaconServer builds on that are not core modules (JSONRPC, BeaconSchemas, the features' own modules and
# what they build on, such as the PostgreSQL store's libpq loader), read from the package so that a module comes and
# goes with its target in Package.swift. Only library targets have objects; system libraries' headers are found by
# the -I flags of build_linked.
server_modules() {
  swift package describe --type json | python3 -c '
import json, sys
targets = {target["name"]: target for target in json.load(sys.stdin)["targets"]}
core = set(sys.argv[1:])
found, stack = [], list(targets["BeaconServer"].get("target_dependencies", []))
while stack:
    name = stack.pop(0)
    if name in core or name in found or targets[name].get("type") != "library":
        continue
    found.append(name)
    stack.extend(targets[name].get("target_dependencies", []))
print(" ".join(found))
' "${core_modules[@]}"
}

failed=()
for target in "${targets[@]}"; do
  case "$target" in
    framer) build_on_jsonrpc framer FramerFuzzer ;;
    envelope) build_on_jsonrpc envelope EnvelopeFuzzer ;;
    params)
      read -r -a feature_modules <<<"$(server_modules)"
      build_linked params ParamsFuzzer BeaconServer "${core_modules[@]}" "${feature_modules[@]}" BeaconServer
      ;;
    pbf) build_linked pbf PBFFuzzer BeaconCore "${core_modules[@]}" ;;
    geojson) build_linked geojson GeoJSONFuzzer BeaconCore "${core_modules[@]}" ;;
    *) echo "error: unknown fuzz target '$target' (framer, envelope, params, pbf, geojson)" >&2; exit 2 ;;
  esac
  corpus="$build/corpus/$target"
  artifacts="$build/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  dictionary=()
  [ -f "Fuzz/$target.dict" ] && dictionary=("-dict=Fuzz/$target.dict")
  echo "== fuzzing $target for ${seconds}s"
  # shellcheck disable=SC2086  # FUZZ_FLAGS is a list of flags.
  max_len=1024
  [ "$target" = pbf ] && max_len=65536
  [ "$target" = geojson ] && max_len=4096
  log="$build/logs/$target.log"
  mkdir -p "$build/logs"
  if ! "$build/$target-fuzzer" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$artifacts" "${dictionary[@]}" ${FUZZ_FLAGS:-} "$corpus" "Fuzz/Corpus/$target" 2>&1 |
    tee "$log" | { grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|# Uses: ' || true; }; then
    echo "error: the $target fuzzer failed (a crash, timeout or out-of-memory); the input is in $artifacts" >&2
    failed+=("$target")
  fi
done
# A failure's report comes last, so that it is what a truncated CI log still shows.
for target in "${failed[@]}"; do
  echo "== $target: the fuzzer's report" >&2
  grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|# Uses: ' "$build/logs/$target.log" | tail -n 60 >&2
  for input in "$build/artifacts/$target"/*; do
    [ -f "$input" ] || continue
    echo "== $target: $input ($(wc -c <"$input") bytes), first 512 bytes:" >&2
    head -c 512 "$input" | od -A d -c | head -n 40 >&2
  done
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "error: crashes found by: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing passed: ${targets[*]}"
