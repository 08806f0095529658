// libFuzzer target: the text import formats (GeoJSON FeatureCollections, GeoJSONSeq, overpass turbo's GeoJSON,
// Overpass API JSON) through the public entry `OSMImporter.parse(_:file:)`, as `beacon import` and
// `places/import` read them (format recognised by content).
//
// Input: a document. A first byte of 0 is replaced by a space, so that no input is read as OSM PBF (the PBF
// target covers that format).
//
// Checked on every input (a failed check is a crash, which libFuzzer reports and saves):
// - parsing either returns places or throws `importFailed` naming the file, with no PBF problem;
// - a position, when there is one, is inside the input: a line no later than the last line and a column no
//   later than one past the end of the input, a feature or element number no larger than the input's size;
// - every place has a name and a finite location.
//
// Seeds (Fuzz/Corpus/geojson): real objects of the Helsinki fixture (ODbL) as `osmium export -a type,id` wrote
// them (GeoJSON and GeoJSONSeq, nodes, ways and a multipolygon relation), and the same objects as overpass turbo's
// GeoJSON and Overpass API JSON (`out center`).
//
// Built by Scripts/fuzz.sh against the SwiftPM-built modules; not part of the package.

import BeaconCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if bytes[0] == 0 { bytes[0] = 0x20 }
  do {
    let parsed = try OSMImporter.parse(bytes, file: "fuzz")
    for place in parsed.places {
      precondition(!place.name.isEmpty, "a place without a name")
      precondition(place.location.lat.isFinite && place.location.lon.isFinite, "a location that is not finite")
    }
  } catch {
    guard case .importFailed(let file, let position, let reason) = error, file == "fuzz" else {
      preconditionFailure("unexpected error \(error)")
    }
    switch reason {
    case .pbfTruncated, .pbfNoHeader, .pbfBlobHeaderTooLarge, .pbfBlobTooLarge, .pbfCompression, .pbfCorruptZlib,
      .pbfUnsupportedFeature, .pbfMalformed, .pbfNeedsFile:
      preconditionFailure("a PBF problem for a text input: \(reason)")
    default:
      break
    }
    let lines = bytes.count { $0 == 0x0A } + 1
    switch position {
    case .lineColumn(let line, let column):
      precondition(line >= 1 && line <= lines, "line \(line) outside the input's \(lines) lines")
      precondition(column >= 1 && column <= size + 1, "column \(column) outside the input of \(size) bytes")
    case .feature(let number), .element(let number):
      precondition(number >= 1 && number <= size, "object \(number) in an input of \(size) bytes")
    case .byteOffset(let offset):
      precondition(offset >= 0 && offset < size, "offset \(offset) outside the input of \(size) bytes")
    case nil:
      break
    }
  }
  return 0
}
