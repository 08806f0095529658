import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The filters' facts of imported places: an import fills the facts of its new places in one statement at its end
/// (``DeferredFacts``) instead of by the insert trigger, and the result is what the triggers make.
@Suite struct ImportFactTests {
  let directory = TemporaryDirectory()

  /// A restaurant node with `tags` besides its name.
  static func feature(_ id: Int, lon: Double = 10.75, _ tags: [String: String] = [:]) -> String {
    let extra = tags.sorted { $0.key < $1.key }.map { #","\#($0.key)":"\#($0.value)""# }.joined()
    return #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),59.91]},"#
      + #""properties":{"@type":"node","@id":\#(id),"amenity":"restaurant","name":"Sted \#(id)"\#(extra)}}"#
  }

  static func collection(_ features: [String]) -> [UInt8] {
    Array(("{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",") + "]}").utf8)
  }

  /// `place_fact` as the rows are now, then as the triggers make it from the same places.
  static func storedAndTriggered(_ database: Database) throws -> (stored: [Row], triggered: [Row]) {
    let facts =
      "SELECT place.id, place_fact.* FROM place_fact JOIN place ON place.rowid = place_rowid ORDER BY place.id"
    let stored = try database.query(facts)
    // The update trigger recomputes a place's facts whenever `cuisine` is set, to the same value or not.
    try database.execute("DELETE FROM place_fact; UPDATE place SET cuisine = cuisine;")
    return (stored, try database.query(facts))
  }

  @Test func anImportAndAReimportLeaveTheFactsTheTriggersMake() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let first = Self.collection([
      Self.feature(1, ["diet:vegan": "yes", "cuisine": "pizza; italian", "wheelchair": "designated"]),
      Self.feature(2, ["outdoor_seating": "no", "takeaway": "only"]),
      Self.feature(3),
      Self.feature(4, ["diet:vegetarian": "only", "diet:halal": "no"]),
    ])
    _ = try await store.importPlaces(from: .bytes(first, name: "a"), at: Date())
    // Node 1 changes (an old row's facts by its trigger), 2 keeps, 3 gains facts, 4 is gone (removed); node 5 is
    // new and comes twice (a new row updated within the import), 6 new with facts, 7 new without.
    let second = Self.collection([
      Self.feature(1, ["diet:vegan": "no", "cuisine": "sushi"]),
      Self.feature(2, ["outdoor_seating": "no", "takeaway": "only"]),
      Self.feature(3, ["wheelchair": "limited"]),
      Self.feature(5, ["diet:gluten_free": "yes"]),
      Self.feature(5, ["diet:kosher": "yes", "takeaway": "yes"]),
      Self.feature(6, lon: 10.751, ["cuisine": "Thai ;Noodle", "outdoor_seating": "yes"]),
      Self.feature(7),
    ])
    let report = try await store.importPlaces(from: .bytes(second, name: "b"), at: Date())
    #expect(report.tally.added == 3 && report.removed == 1, "\(report)")

    let (stored, triggered) = try await store.storedAndTriggered()
    #expect(stored == triggered)
    #expect(stored.map { $0.string(0) } == ["osm:node/1", "osm:node/2", "osm:node/3", "osm:node/5", "osm:node/6"])
    let kosher = try #require(stored.first { $0.string(0) == "osm:node/5" })
    #expect(kosher.int(2) == 16 && kosher.int(3) == 16, "the facts of the place's last form: kosher only")
    #expect(stored.first { $0.string(0) == "osm:node/6" }?.string(4) == ";thai;noodle;")
  }

  @Test func theFactTriggersAreDeferredForTheNewRowsAndRestoredWordForWord() throws {
    let database = try Database(path: ":memory:")
    for migration in Migrations.all { try database.execute(migration) }
    let triggers =
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'place_fact%' ORDER BY name"
    let before = try database.query(triggers)
    #expect(before.count == 3)
    let deferred = try #require(try DeferredFacts.begin(database: database, after: 7))
    let during = try database.query(triggers)
    #expect(during.map { $0.string(0) } == ["place_fact_deleted", "place_fact_updated"])
    #expect(during.last?.string(1)?.contains("ON place WHEN old.rowid <= 7 BEGIN") == true)
    try deferred.finish(database: database)
    #expect(try database.query(triggers) == before)
  }
}

extension Store {
  /// ``ImportFactTests/storedAndTriggered(_:)`` on this store's database.
  fileprivate func storedAndTriggered() throws -> (stored: [Row], triggered: [Row]) {
    try ImportFactTests.storedAndTriggered(database)
  }
}
