import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Past its limit, ``ImportedIDs`` moves the ids it holds to a temporary file (``ImportedIDsSpill``): every id is
/// still found, updated where it is, counted once, and an import with its ids out of memory reports and stores what
/// one with them in memory does.
@Suite struct ImportedIDsSpillTests {
  let directory = TemporaryDirectory()

  static let ids = [
    "osm:node/1", "osm:way/1", "osm:relation/1", "osm:node/-1", "osm:node/10", "osm:node/12345678901",
    OSMImporter.contentID(category: .cafe, name: "Kafé", location: Coordinate(lat: 59.9, lon: 10.7)),
    OSMImporter.contentID(category: .hotel, name: "Hotell", location: Coordinate(lat: 60.1, lon: 10.2)),
    "osm:content/zz", "geoapify:51a3", "osm:node/01", "osm:area/1",
  ]

  @Test(arguments: [1, 2, 5, ImportedIDs.memoryLimit])
  func idsOutOfMemoryAreFoundAndReplacedWhereTheyAre(limit: Int) throws {
    var ids = ImportedIDs(memoryLimit: limit)
    for id in Self.ids {
      try ids.set(id, ImportedIDs.Entry(kind: .point, category: .restaurant, outcome: .added), isNew: true)
    }
    // Each id again: the later place replaces the earlier, in memory or in the file.
    for (index, id) in Self.ids.enumerated() where index.isMultiple(of: 2) {
      try ids.set(id, ImportedIDs.Entry(kind: .area, category: .hotel, outcome: .unchanged))
    }
    #expect(ids.count == Self.ids.count)
    for (index, id) in Self.ids.enumerated() {
      let expected =
        index.isMultiple(of: 2)
        ? ImportedIDs.Entry(kind: .area, category: .hotel, outcome: .unchanged)
        : ImportedIDs.Entry(kind: .point, category: .restaurant, outcome: .added)
      #expect(try ids.entry(id) == expected, "\(id)")
    }
    for absent in ["osm:node/2", "osm:way/10", "osm:relation/-1", "osm:content/0000000000000000", "other"] {
      #expect(try !ids.contains(absent), "\(absent)")
    }
    let half = Self.ids.count / 2
    #expect(
      try ids.tally()
        == ImportedIDs.Tally(added: half, updated: 0, unchanged: half, restaurant: half, cafe: 0, hotel: half)
    )
  }

  /// The cafés of `range`, named by `prefix`, each a little further north; with `again`, the first once more at the
  /// end under another name.
  static func cafes(_ range: ClosedRange<Int>, prefix: String, again: Bool = true) -> [String] {
    let features = range.map {
      ImportStreamingTests.feature($0, name: "\(prefix) \($0)", lat: 59.91 + Double($0) * 1e-4)
    }
    return features + (again ? [ImportStreamingTests.feature(range.lowerBound, name: "\(prefix) igjen")] : [])
  }

  static func document(_ features: [String]) -> [UInt8] {
    Array((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").utf8)
  }

  @Test func anImportWithItsIDsOutOfMemoryReportsAndStoresWhatOneWithThemInMemoryDoes() async throws {
    var results: [(first: ImportReport, second: ImportReport, rows: [Row])] = []
    for limit in [3, ImportedIDs.memoryLimit] {
      let store = try Store.open(path: directory.file("store-\(limit).sqlite"))
      let first = try await store.importPlaces(
        from: .bytes(Self.document(Self.cafes(1...40, prefix: "Kafé")), name: "a.geojson"),
        at: Date(),
        parallel: true,
        idsInMemory: limit
      )
      // Cafés 1–9 renamed (1 twice), 10–15 gone, 16–40 as they were, 41–45 new.
      let second = Self.document(
        Self.cafes(1...9, prefix: "Kafé ny") + Self.cafes(16...45, prefix: "Kafé", again: false)
      )
      let report = try await store.importPlaces(
        from: .bytes(second, name: "b.geojson"),
        at: Date(),
        parallel: true,
        idsInMemory: limit
      )
      results.append((first, report, try await store.placeRows()))
    }
    let (spilled, inMemory) = (results[0], results[1])
    #expect(
      spilled.first.tally == ImportedIDs.Tally(added: 40, updated: 0, unchanged: 0, restaurant: 0, cafe: 40, hotel: 0)
    )
    #expect(spilled.first.skipped == ["duplicate": 1])
    #expect(
      spilled.second.tally == ImportedIDs.Tally(added: 5, updated: 9, unchanged: 25, restaurant: 0, cafe: 39, hotel: 0)
    )
    #expect(spilled.second.removed == 6)
    for (a, b) in [(spilled.first, inMemory.first), (spilled.second, inMemory.second)] {
      #expect(a.tally == b.tally)
      #expect(a.skipped == b.skipped)
      #expect(a.removed == b.removed)
    }
    #expect(spilled.rows.count == 39)
    #expect(spilled.rows == inMemory.rows)
  }
}

extension Store {
  /// Every place's id, name and position, by id.
  fileprivate func placeRows() throws -> [Row] {
    try database.query("SELECT id, name, latitude, longitude FROM place ORDER BY id")
  }
}
