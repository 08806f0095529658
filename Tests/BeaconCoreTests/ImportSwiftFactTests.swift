import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The facts an import writes with its new places (``ImportFacts``, worked out in Swift) are the row migration 11's
/// SQL makes from the same stored details and cuisine: on the Helsinki extract and on generated tags that try the
/// SQL's byte-wise `trim`/`lower`/`replace`, and on values the Swift leaves to the SQL.
@Suite struct ImportSwiftFactTests {
  let directory = TemporaryDirectory()

  static let helsinki = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/osm/Helsinki.osm.pbf")

  /// Values that differ only in what the SQL's string functions do to them.
  static let values = [
    "yes", "no", "only", "Yes ", " ONLY", "designated", "Designated", "limited", "LIMITED", "", " ", "\tyes",
    "yes\u{A0}", "ÉÉ", "Ye\u{301}s", "pizza; Italian", "Pizza ;; ;Thai", "  ;  ", ";", "a\u{1}b", "yes\n",
    "\"yes\"", "back\\slash",
  ]

  /// Values that are not strings, as a hand-made GeoJSON may have them: kept as their text (`true` as `yes`), or
  /// left out (null, arrays).
  static let nonStrings: [JSONValue] = [
    .bool(true), .bool(false), .int(1), .double(2.5), .null, .array([.string("yes")]),
  ]

  /// Restaurants with every fact tag drawn from ``values`` and ``nonStrings`` (by a fixed sequence, so every run is
  /// the same).
  static func generated(count: Int) -> [UInt8] {
    let keys = ImportFacts.keys.sorted()
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var features: [JSONValue] = []
    for index in 1...count {
      var properties: [String: JSONValue] = [
        "@type": .string("node"), "@id": .int(index), "amenity": .string(index % 3 == 0 ? "cafe" : "restaurant"),
        "name": .string("Sted \(index)"),
      ]
      for key in keys where next(3) != 0 {
        properties[key] = next(5) == 0 ? nonStrings[next(nonStrings.count)] : .string(values[next(values.count)])
      }
      features.append(
        .object([
          "type": .string("Feature"), "properties": .object(properties),
          "geometry": .object([
            "type": .string("Point"),
            "coordinates": .array([.double(10.7 + Double(index) * 1e-4), .double(59.9 + Double(index % 50) * 1e-4)]),
          ]),
        ])
      )
    }
    let collection = JSONValue.object(["type": .string("FeatureCollection"), "features": .array(features)])
    return Array(collection.description.utf8)
  }

  @Test func theFactsOfGeneratedTagsAreTheSQLs() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let report = try await store.importPlaces(from: .bytes(Self.generated(count: 600), name: "g.geojson"), at: Date())
    #expect(report.tally.added == 600)
    let (stored, bySQL) = try await store.storedAndBySQL()
    #expect(stored.count > 400)
    #expect(stored == bySQL)
  }

  @Test func theFactsOfHelsinkiAreTheSQLs() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let bytes = try [UInt8](Data(contentsOf: Self.helsinki))
    let report = try await store.importPlaces(from: .bytes(bytes, name: "Helsinki.osm.pbf"), at: Date())
    #expect(report.tally.added > 300)
    let (stored, bySQL) = try await store.storedAndBySQL()
    #expect(stored.count > 100)
    #expect(stored == bySQL)
  }

  @Test func valuesTheSQLReadsOtherwiseAreLeftToIt() {
    #expect(ImportFacts(raw: ["wheelchair": .string("yes\u{1}")], categories: [], cuisine: nil) == .unsure)
    #expect(ImportFacts(raw: ["takeaway": .int(1)], categories: [], cuisine: nil) == .unsure)
    #expect(ImportFacts(raw: ["name": .string("x")], categories: ["catering.cafe"], cuisine: " ") == ImportFacts.none)
    let vegan = ImportFacts(raw: ["diet:vegan": .string("no")], categories: ["Vegan "], cuisine: nil)
    #expect(vegan == .row(ImportFacts.Row(diet: 0, dietKnown: 1)), "the tag wins over the condition")
  }
}

extension Store {
  /// `place_fact` as the import left it, then as the update trigger (migration 11's SQL) makes it again.
  fileprivate func storedAndBySQL() throws -> (stored: [Row], triggered: [Row]) {
    try ImportFactTests.storedAndTriggered(database)
  }
}
