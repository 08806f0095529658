import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The rows of `place_cell` an import's writer writes as it writes the places (``ImportWriter/CellStatements``),
/// compared with what the cells' SQL makes of the same places and facts (``PlaceCellSQL/fill(after:)``, which the
/// end of an import ran before): a fresh store, an unchanged re-import and a changed one with removals, with facts
/// worked out in Swift, left to the SQL and absent, places the file has twice (moved, recategorized, their facts
/// changed) and older places the import changes.
@Suite struct ImportCellsTests {
  let directory = TemporaryDirectory()

  /// A GeoJSON point feature of node `id` (a restaurant or a café) at `lat`, `lon` with `tags` (their values as
  /// JSON string contents).
  static func feature(_ id: Int, cafe: Bool = false, lat: Double, lon: Double, _ tags: [(String, String)]) -> String {
    let extra = tags.map { #","\#($0.0)":"\#($0.1)""# }.joined()
    return #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"#
      + #""properties":{"@type":"node","@id":\#(id),"amenity":"\#(cafe ? "cafe" : "restaurant")","#
      + #""name":"Sted \#(id)"\#(extra)}}"#
  }

  /// `count` features chosen by a seeded generator: every tenth has a value the facts leave to the SQL (a control
  /// character, escaped), some have no facts, and every seventh comes again later in another form.
  static func features(count: Int, seed: UInt64) -> [String] {
    var random = NearestSearchTests.SplitMix(state: seed)
    func pick<T>(_ options: [T]) -> T { options[Int(random.next() * Double(options.count)) % options.count] }
    var features: [String] = []
    var again: [String] = []
    for index in 0..<count {
      func one() -> String {
        var tags: [(String, String)] = []
        for (key, values) in [
          ("diet:vegan", ["yes", "only", "no"]), ("diet:vegetarian", ["yes", "no"]),
          ("wheelchair", ["yes", "limited", "no"]), ("outdoor_seating", ["yes", "no"]),
          ("takeaway", ["yes", "no", "only"]), ("cuisine", ["pizza", "sushi;thai", "Indian ; curry"]),
        ] where random.next() < 0.4 {
          tags.append((key, pick(values)))
        }
        if index % 10 == 3 { tags.append(("wheelchair", #"yes\u0001"#)) }
        return feature(
          index,
          cafe: random.next() < 0.3,
          lat: 59.9 + random.next() * 0.05,
          lon: 10.7 + random.next() * 0.1,
          tags
        )
      }
      features.append(one())
      if index % 7 == 2 { again.append(one()) }
    }
    return features + again
  }

  /// Whether `place_cell` holds exactly what the cells' SQL makes of `place` and `place_fact`.
  static func cellsMatchThePlaces(_ database: Database) throws -> Bool {
    let fromPlaces = """
      SELECT place.category, CAST((place.latitude + 90) * 500 AS INTEGER), place.longitude, place.rowid,
        place.latitude, place.source, place_fact.diet, place_fact.diet_known, place_fact.cuisine,
        place_fact.wheelchair, place_fact.outdoor_seating, place_fact.takeaway
      FROM place LEFT JOIN place_fact ON place_fact.place_rowid = place.rowid
      """
    let cells = "SELECT * FROM place_cell"
    let missing = try database.query("SELECT count(*) FROM (\(fromPlaces) EXCEPT \(cells))").first?.int(0)
    let extra = try database.query("SELECT count(*) FROM (\(cells) EXCEPT \(fromPlaces))").first?.int(0)
    let types = try database.query(
      "SELECT count(*) FROM place_cell WHERE typeof(longitude) <> 'real' OR typeof(latitude) <> 'real'"
    ).first?.int(0)
    return missing == 0 && extra == 0 && types == 0
  }

  @Test func theWritersCellsAreWhatTheCellsSQLMakesOfThePlaces() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    // Older places, some of which the file changes.
    try await store.upsert(
      (0..<40).map {
        Place(
          id: "osm:node/\($0 * 3)",
          name: "Gammelt \($0)",
          category: .restaurant,
          location: Coordinate(lat: 59.91, lon: 10.75 + Double($0) / 1_000),
          detailsJSON: #"{"properties":{"datasource":{"raw":{"diet:vegan":"yes"}}}}"#,
          source: "osm"
        )
      }
    )
    let first = Self.features(count: 600, seed: 11)
    let report = try await store.importPlaces(from: .bytes(ImportFactTests.collection(first), name: "a"), at: Date())
    #expect(report.tally.added > 500 && report.tally.updated > 0, "\(report)")
    #expect(try await store.cellsMatch())

    // The same file again: nothing changes.
    let unchanged = try await store.importPlaces(
      from: .bytes(ImportFactTests.collection(first), name: "a"),
      at: Date()
    )
    #expect(unchanged.tally.added == 0)
    #expect(try await store.cellsMatch())

    // Another file over the same area: most places changed, new ones, the rest removed.
    let second = Self.features(count: 700, seed: 12).enumerated().filter { $0.offset % 5 != 1 }.map(\.element)
    let changed = try await store.importPlaces(from: .bytes(ImportFactTests.collection(second), name: "b"), at: Date())
    #expect(changed.removed > 0 && changed.tally.added > 0 && changed.tally.updated > 0, "\(changed)")
    #expect(try await store.cellsMatch())
  }

  /// The writer writes the rows while it writes the places, not at the end.
  @Test func theWriterWritesTheCellsAsItWritesThePlaces() throws {
    let database = try Database(path: ":memory:")
    for migration in Migrations.all { try database.execute(migration) }
    let facts = try #require(try DeferredFacts.begin(database: database, after: 0))
    let cells = try #require(try DeferredCells.begin(database: database, after: 0))
    var writer = try ImportWriter(database: database, date: Date(), facts: true, cells: true)
    #expect(writer.keepsCells)
    let place = Place(
      id: "osm:node/1",
      name: "Sted",
      category: .cafe,
      location: Coordinate(lat: 59.91, lon: 10.75),
      source: "osm"
    )
    let row = ImportFacts.Row(diet: 1, dietKnown: 3, cuisine: ";thai;", wheelchair: "yes")
    _ = try writer.write(place, facts: .row(row), earlier: nil, provisional: false) { .storage($0) }
    #expect(
      try database.query("SELECT category, place_rowid, diet, diet_known, cuisine, wheelchair FROM place_cell")
        == database.query("SELECT 'cafe', 1, 1, 3, ';thai;', 'yes'")
    )
    try facts.finish(database: database, filled: true)
    try cells.finish(database: database, filled: true)
    #expect(try Self.cellsMatchThePlaces(database))
  }
}

extension Store {
  /// ``ImportCellsTests/cellsMatchThePlaces(_:)`` on this store's database.
  fileprivate func cellsMatch() throws -> Bool { try ImportCellsTests.cellsMatchThePlaces(database) }
}
