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
// - every place has a name and a finite location;
// - every line (and RS-separated record) of the input reads the same through `GeoJSONFeatureScanner` (what a
//   GeoJSONSeq import uses) as through `JSONParser.parse` and `OSMFeatureReader.feature(_:)` (the reading it stands
//   in for): the same error at the same offset, or both not a feature, or the same identity, geometry and tags.
//
// Seeds (Fuzz/Corpus/geojson): real objects of the Helsinki fixture (ODbL) as `osmium export -a type,id` wrote
// them (GeoJSON and GeoJSONSeq, nodes, ways and a multipolygon relation), and the same objects as overpass turbo's
// GeoJSON and Overpass API JSON (`out center`).
//
// Built by Scripts/fuzz.sh against the SwiftPM-built modules; not part of the package.

import BeaconJSON

@testable import BeaconCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if bytes[0] == 0 { bytes[0] = 0x20 }
  for record in bytes.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x1E }) {
    let record = Array(record)
    let scanned = scannerReading(record)
    let parsed = parserReading(record)
    precondition(scanned == parsed, "the scanner read \(scanned) where the parser read \(parsed)")
  }
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
      .pbfUnsupportedFeatures, .pbfMalformed, .pbfNeedsFile:
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

/// What `OSMFeatureReader.feature(_:)` makes of a parsed feature, comparably: the tags something reads (sorted),
/// the identity and the geometry.
private func describe(_ feature: OSMFeature) -> String {
  var geometry = "-"
  if case .geoJSON = feature.shape { geometry = "nil" }
  if let value = feature.geoJSONGeometry { geometry = "\(value)" }
  let tags = JSONValue.object(feature.tags.dictionary)
  return "\(tags) \(feature.identity.map { "\($0.type)/\($0.id)" } ?? "-") \(geometry)"
}

/// A reader for `feature(_:)` alone (it reads nothing).
private var reader: OSMFeatureReader { OSMFeatureReader(input: .bytes([], name: "fuzz"), maxBytes: .max) }

/// A record as a GeoJSONSeq import reads it.
private func scannerReading(_ record: [UInt8]) -> String {
  let result: Result<GeoJSONFeatureScanner.Scanned, JSONParseError> = record.withUnsafeBufferPointer { buffer in
    do throws(JSONParseError) {
      return .success(try GeoJSONFeatureScanner.scan(buffer))
    } catch {
      return .failure(error)
    }
  }
  switch result {
  case .failure(let error): return "\(error)"
  case .success(let scanned): return (try? reader.feature(scanned)).map(describe) ?? "not a feature"
  }
}

/// A record parsed whole, then read as a feature.
private func parserReading(_ record: [UInt8]) -> String {
  let value: JSONValue
  do {
    value = try JSONParser.parse(record)
  } catch {
    return "\(error)"
  }
  return (try? reader.feature(value)).map(describe) ?? "not a feature"
}
