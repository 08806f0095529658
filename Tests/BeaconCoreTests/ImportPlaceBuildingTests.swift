import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Places built from ``ImportTags`` (what the import does) against the old building from a dictionary of every tag
/// (``ImportPlaceReference``): the same place (id, name, address, cuisine, hours, details JSON byte for byte), the
/// same facts and kind of drawing, or the same reason to skip it, or the same error.
@Suite struct ImportPlaceBuildingTests {
  typealias Generator = GeoJSONFeatureScannerTests.Generator
  typealias Outcome = ImportPlaceReference.Outcome

  /// A GeoJSONSeq record read and built the import's way (``GeoJSONFeatureScanner``, then ``OSMImporter``).
  static func current(_ bytes: [UInt8]) -> Outcome {
    let result: Result<GeoJSONFeatureScanner.Scanned, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(JSONParseError) {
        return .success(try GeoJSONFeatureScanner.scan(buffer))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .failure(let error): return .invalid(error)
    case .success(let scanned):
      var reader = GeoJSONFeatureScannerTests.reader
      reader.count = 1
      guard let feature = try? reader.feature(scanned) else { return .notFeature }
      return ImportPlaceReference.current(feature)
    }
  }

  static func expectSame(_ records: [[UInt8]]) -> [Outcome] {
    var differences = 0
    var outcomes: [Outcome] = []
    for record in records {
      let expected = ImportPlaceReference.record(record)
      let actual = current(record)
      outcomes.append(actual)
      if expected != actual {
        differences += 1
        if differences <= 5 {
          Issue.record("\(String(decoding: record.prefix(400), as: UTF8.self)):\n\(actual)\ninstead of\n\(expected)")
        }
      }
    }
    #expect(differences == 0)
    return outcomes
  }

  /// Place-like features from pieces: the categories, names and tags that make a place and its facts (with spaces,
  /// capitals, escapes, control characters, other types, duplicates and nested `tags`), identities and geometries.
  static func placeRecords(count: Int, generator: inout Generator) -> [[UInt8]] {
    let keys = [
      "name", "name", "amenity", "amenity", "tourism", "cuisine", "opening_hours", "phone", "contact:phone", "email",
      "website", "stars", "wheelchair", "outdoor_seating", "takeaway", "internet_access", "addr:street",
      "addr:housenumber", "addr:postcode", "addr:city", "addr:country", "diet:vegan", "diet:vegetarian",
      "diet:gluten_free", "diet:halal", "diet:kosher", "diet:other", "name:fi", "name:sv", "name:\\u212A", "name:K",
      "name:caf\\u00e9", "name:cafe\\u0301", "n\\u0061me", "cuisin\\u0065", "building", "@id", "@type", "id", "type",
      "osm_id", "osm_type", "contact:website", "email",
    ]
    let values = [
      #""restaurant""#, #""cafe""#, #""hotel""#, #"" restaurant ""#, #""cafe\t""#, #""Kahvila Ä""#, #"" Café ""#,
      #""yes""#, #"" YES ""#, #""only""#, #""no""#, #""limited""#, #""designated""#, #""pizza; burger ;Thai""#,
      #""a\"b\\c\/d\u00e9\ud83d\ude00""#, #""line\nbreak""#, #""\u0001""#, #""""#, #"" ""#, #""\u00a0x\u2003""#,
      "12", "7.5", "true", "null", #"{"a":1}"#, "[1]", #""node""#, #""way""#, #""w12""#, #""node/5""#,
      #""Mannerheimintie""#, "-3",
    ]
    let geometries = [
      #"{"type":"Point","coordinates":[24.9,60.1]}"#, #"{"type":"Point","coordinates":[24,60]}"#,
      #"{"type":"Point","coordinates":[200,60]}"#, #"{"type":"Point","coordinates":[24.9]}"#,
      #"{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.11]]}"#,
      #"{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.1],[24.91,60.11],[24.9,60.1]]}"#,
      #"{"type":"Polygon","coordinates":[[[24.9,60.1],[24.91,60.1],[24.91,60.11],[24.9,60.1]]]}"#,
      #"{"type":"MultiPolygon","coordinates":[[[[24.9,60.1],[24.91,60.1],[24.91,60.11],[24.9,60.1]]]]}"#,
      #"{"type":"GeometryCollection","geometries":[]}"#, #"{"type":"Point"}"#, "null", "[]",
      // Points the plain reading leaves to the parser: other forms, more or fewer numbers, bad numbers.
      #"{"type":"Point","coordinates":[24.9,60.1,5]}"#, #"{"type":"Point","coordinates":[24.9, 60.1]}"#,
      #"{"coordinates":[24.9,60.1],"type":"Point"}"#, #"{"type":"Point","coordinates":[24.9,60.1],"x":1}"#,
      #"{"type":"Point","coordinates":[1e400,60.1]}"#, #"{"type":"Point","coordinates":[01,60.1]}"#,
      #"{"type":"Point","coordinates":["24.9",60.1]}"#, #"{"type":"Point","coordinates":[-0,-91]}"#,
      #"{"type":"Point","coordinates":[24.9e0,6.01E+1]}"#, #"{"type":"Point","coordinates":[-24.9,-60.1]}"#,
      #"{"type":"Point","coordinates":[123456789012345678901234567890,1]}"#,
      #"{"type":"Point","coordinates":[24.9,60.1]"#, #"{"type":"Point","coordinates":[24.9,60.1}"#,
    ]
    let featureIDs = [#""n5""#, #""w6""#, #""a13""#, #""node/9""#, #""x""#, "3"]
    func pick(_ pieces: [String]) -> String { pieces.randomElement(using: &generator) ?? "" }
    var records: [[UInt8]] = []
    for _ in 0..<count {
      var members = [#""amenity":\#(pick([#""restaurant""#, #""cafe""#, #""bar""#]))"#, #""name":"N""#]
      for _ in 0..<Int.random(in: 0...10, using: &generator) { members.append("\"\(pick(keys))\":\(pick(values))") }
      if Int.random(in: 0..<4, using: &generator) == 0 {
        members.append(#""tags":{"\#(pick(keys))":\#(pick(values)),"\#(pick(keys))":\#(pick(values))}"#)
      }
      members.shuffle(using: &generator)
      var top = [#""type":"Feature""#, #""properties":{\#(members.joined(separator: ","))}"#]
      top.append(#""geometry":\#(pick(geometries))"#)
      if Bool.random(using: &generator) { top.append(#""id":\#(pick(featureIDs))"#) }
      top.shuffle(using: &generator)
      records.append(Array("{\(top.joined(separator: ","))}".utf8))
    }
    return records
  }

  @Test func helsinkiFeaturesBuildTheSamePlaces() throws {
    let outcomes = Self.expectSame(try GeoJSONFeatureScannerTests.helsinkiRecords())
    // Most are places, with facts among them.
    #expect(outcomes.count { if case .place = $0 { true } else { false } } > 300)
    #expect(outcomes.count { if case .place(_, .row, _, _) = $0 { true } else { false } } > 50)
  }

  @Test func edgeCasesBuildTheSame() {
    _ = Self.expectSame(
      GeoJSONFeatureScannerTests.edgeRecords.map { Array($0.utf8) } + GeoJSONFeatureScannerTests.byteRecords
    )
  }

  @Test func generatedAndMutatedPlacesBuildTheSame() {
    var generator = Generator(state: 0x0B_EAC0)
    let generated = Self.placeRecords(count: 2500, generator: &generator)
    var records = generated
    for _ in 0..<1500 {
      records.append(
        GeoJSONFeatureScannerTests.mutated(generated.randomElement(using: &generator) ?? [], generator: &generator)
      )
    }
    let outcomes = Self.expectSame(records)
    // Every kind of outcome is reached.
    #expect(outcomes.count { if case .place = $0 { true } else { false } } > 500)
    #expect(outcomes.count { if case .place(_, .unsure, _, _) = $0 { true } else { false } } > 20)
    #expect(outcomes.count { if case .place(_, .row, _, _) = $0 { true } else { false } } > 200)
    #expect(outcomes.count { if case .skipped = $0 { true } else { false } } > 200)
    #expect(outcomes.count { if case .failed = $0 { true } else { false } } > 20)
    #expect(outcomes.count { if case .invalid = $0 { true } else { false } } > 200)
  }

  /// The import builds the facts without the details' category, which the facts would not read.
  @Test func noCategoryIsAFactsCondition() {
    for category in PlaceCategory.allCases {
      #expect(!ImportFacts.conditions.contains(ImportFacts.lowerTrimmed(category.geoapifyKey)))
    }
  }

  @Test func osmIDsAreWrittenAsInterpolated() {
    var generator = Generator(state: 5)
    var ids = [0, 1, -1, 9, 10, Int.max, Int.min, 1 << 35]
    for _ in 0..<500 {
      let shift = Int.random(in: 0...62, using: &generator)
      ids.append(Int.random(in: Int.min...Int.max, using: &generator) >> shift)
    }
    for id in ids {
      for type in ["node", "way", "relation"] {
        #expect(OSMImporter.osmID(type: type, id: id) == "osm:\(type)/\(id)")
      }
    }
  }

  /// PBF objects' tags come as strings: ``ImportTags/init(strings:)`` against the dictionary the old reader made.
  @Test func stringTagsBuildTheSame() {
    var generator = Generator(state: 99)
    let keys = [
      "name", "amenity", "tourism", "cuisine", "addr:street", "addr:city", "addr:housenumber", "addr:postcode",
      "name:fi", "diet:vegan", "wheelchair", "takeaway", "type", "id", "@id", "building", "cafe\u{301}", "caf\u{E9}",
      "name:caf\u{E9}", "name:cafe\u{301}", "name:\u{212A}", "name:K",
    ]
    let values = ["restaurant", "cafe", " hotel ", "Kahvila", "yes", " Only", "no", "1", "a\u{1}b", "", "x;y ; z"]
    var differences = 0
    for index in 0..<2000 {
      var strings: [String: String] = ["name": "N", "amenity": index.isMultiple(of: 3) ? "bar" : "cafe"]
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        strings[keys.randomElement(using: &generator) ?? ""] = values.randomElement(using: &generator) ?? ""
      }
      let shape = OSMFeature.Shape.pbf(.point(Coordinate(lat: 60.1, lon: 24.9)))
      let identity: (type: String, id: Int)? = index.isMultiple(of: 5) ? nil : (type: "node", id: index)
      let expected = ImportPlaceReference.outcome(
        tags: strings.mapValues { .string($0) },
        identity: identity,
        shape: shape,
        position: .byteOffset(index)
      )
      let feature = OSMFeature(
        position: .byteOffset(index),
        tags: ImportTags(strings: strings),
        identity: identity,
        shape: shape
      )
      let actual = ImportPlaceReference.current(feature)
      if expected != actual {
        differences += 1
        if differences <= 5 { Issue.record("\(strings):\n\(actual)\ninstead of\n\(expected)") }
      }
    }
    #expect(differences == 0)
  }
}
