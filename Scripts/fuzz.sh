#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/ and runs each for a while; fails if any finds a crash.
#
#   Scripts/fuzz.sh [--sanitizer-build] [seconds] [target...]
#                                             (default: 60 seconds each; targets: framer envelope params pbf geojson)
#   Scripts/fuzz.sh --supported               (exit status: whether this toolchain can build them)
#
# FUZZ_FLAGS adds libFuzzer flags (e.g. FUZZ_FLAGS=-runs=10000000). New inputs go to a working corpus
# under .build-fuzz/corpus/<target> (seeded from Fuzz/Corpus/<target>, which is committed and not
# touched); a crashing input is saved under .build-fuzz/artifacts/<target>/.
#
# FUZZ_JOBS is how many targets run at once (default: the number of cores; each fuzzer uses one).
#
# Every target links its entry (Fuzz/<Name>Fuzzer) against the objects of one SwiftPM build of the package's modules:
# by default its own release build (-O -sanitize=fuzzer,address, scratch path .build-fuzz/spm; several minutes the
# first time). With --sanitizer-build, the AddressSanitizer build of `Scripts/sanitizer-build.sh --binary` instead
# (debug, with the same coverage instrumentation), which `Scripts/sanitize.sh --binary address` has already made:
# nothing but the entries is compiled, and the fuzzers run several times slower (-Onone). CI does that.
#
# - framer: MessageFramer + JSONParser + IncomingMessage (+ JSONWriter for answers): BeaconSync, BeaconJSON, JSONRPC.
# - envelope: JSONRPC's EnvelopeScanner (the request path's in-place reading of the usual request) against
#   JSONParser + IncomingMessage, differentially; the same modules.
# - params: every request type's params decoding (JSONValueDecoder, as Dispatcher.decodeParams): BeaconServer and
#   every module under it.
# - pbf: the OSM PBF reader (BeaconCore's PBF*); inputs up to 64 KiB (its seeds are real blobs of a few KiB).
# - geojson: the text import formats (GeoJSON, GeoJSONSeq, Overpass JSON) through OSMImporter.parse; inputs up to
#   4 KiB (its seeds are real objects of about 1–2 KiB).
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

reuse_sanitizer_build=false
if [ "${1:-}" = "--sanitizer-build" ]; then
  reuse_sanitizer_build=true
  shift
fi
seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(framer envelope params pbf geojson)

# Runs a compiler command without the gold linker's harmless "Cannot export local symbol '__asan_…'" lines.
quiet() {
  "$@" 2> >(grep -v "Cannot export local symbol" >&2)
}

# Links a target's entry against the AddressSanitizer build's objects of MODULE... into $build/TARGET-fuzzer:
# build_fuzzer TARGET NAME MODULE... (NAME: its Fuzz/ folder)
build_fuzzer() {
  local target="$1" name="$2"
  shift 2
  local objects=()
  for module in "$@"; do
    objects+=("$products/$module.build"/*.o)
  done
  # The entry reaches the modules' `package` declarations under the package name SwiftPM gave them (in the build's
  # manifest, SCRATCH/CONFIGURATION.yaml; the products are in SCRATCH/TRIPLE/CONFIGURATION).
  local package
  package=$(grep -o '"-package-name","[^"]*"' "$(dirname "$(dirname "$products")")/$(basename "$products").yaml" |
    head -n 1 | cut -d '"' -f 4)
  quiet swiftc "${flags[@]}" -package-name "$package" -module-name "$name" -I "$products/Modules" -I "$products" \
    -I Sources/CSQLite -I Sources/CZlib -I Sources/CLibPQ "Fuzz/$name"/*.swift "${objects[@]}" -lsqlite3 -lz \
    -o "$build/$target-fuzzer"
}

core_modules=(BeaconSync BeaconJSON CCurlLoader BeaconCore)

# The modules BeaconServer builds on that are not core modules (JSONRPC, BeaconSchemas, the features' own modules and
# what they build on, such as the PostgreSQL store's libpq loader), read from the package so that a module comes and
# goes with its target in Package.swift. Only library targets have objects; system libraries' headers are found by
# the -I flags of build_fuzzer.
server_modules() {
  swift package --scratch-path "$build/describe" describe --type json | python3 -c '
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

if $reuse_sanitizer_build; then
  products=$(Scripts/sanitizer-build.sh --binary address)
else
  spm=(-c release --scratch-path "$build/spm" -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
  swift build "${spm[@]}" --target BeaconServer
  products=$(swift build "${spm[@]}" --show-bin-path)
fi
jsonrpc_modules=(BeaconSync BeaconJSON JSONRPC)
for target in "${targets[@]}"; do
  case "$target" in
    framer) build_fuzzer framer FramerFuzzer "${jsonrpc_modules[@]}" ;;
    envelope) build_fuzzer envelope EnvelopeFuzzer "${jsonrpc_modules[@]}" ;;
    params)
      read -r -a feature_modules <<<"$(server_modules)"
      build_fuzzer params ParamsFuzzer "${core_modules[@]}" "${feature_modules[@]}" BeaconServer
      ;;
    pbf) build_fuzzer pbf PBFFuzzer "${core_modules[@]}" ;;
    geojson) build_fuzzer geojson GeoJSONFuzzer "${core_modules[@]}" ;;
    *) echo "error: unknown fuzz target '$target' (framer, envelope, params, pbf, geojson)" >&2; exit 2 ;;
  esac
done

# Runs one target for $seconds; its whole output goes to $build/logs/TARGET.log, its exit status is the fuzzer's.
run_fuzzer() {
  local target="$1"
  local corpus="$build/corpus/$target" artifacts="$build/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  local dictionary=()
  [ -f "Fuzz/$target.dict" ] && dictionary=("-dict=Fuzz/$target.dict")
  local max_len=1024
  [ "$target" = pbf ] && max_len=65536
  [ "$target" = geojson ] && max_len=4096
  # shellcheck disable=SC2086  # FUZZ_FLAGS is a list of flags.
  "$build/$target-fuzzer" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$artifacts" "${dictionary[@]}" ${FUZZ_FLAGS:-} "$corpus" "Fuzz/Corpus/$target" \
    >"$build/logs/$target.log" 2>&1
}

# The targets run FUZZ_JOBS at a time (all take $seconds); each one's log is shown, without libFuzzer's progress
# lines, when its batch ends.
mkdir -p "$build/logs"
jobs_at_once="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
failed=()
for ((first = 0; first < ${#targets[@]}; first += jobs_at_once)); do
  batch=("${targets[@]:first:jobs_at_once}")
  pids=()
  for target in "${batch[@]}"; do
    run_fuzzer "$target" &
    pids+=($!)
  done
  for index in "${!batch[@]}"; do
    target="${batch[$index]}"
    status=0
    wait "${pids[$index]}" || status=$?
    echo "== fuzzed $target for ${seconds}s"
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|# Uses: ' "$build/logs/$target.log" || true
    if [ "$status" -ne 0 ]; then
      echo "error: the $target fuzzer failed (a crash, timeout or out-of-memory); the input is in $build/artifacts/$target/" >&2
      failed+=("$target")
    fi
  done
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
