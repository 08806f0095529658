import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The new places' full text put in the index in batches while the import writes them
/// (``DeferredIndexes/indexFullText(through:database:)``), compared with an index filled by the triggers' SQL from
/// the same places: batches of one place, of a few, and one batch larger than the file (all at the end, as before),
/// with new places the file has twice (renamed after their first form was indexed, and before), older places changed,
/// and a re-import that removes places.
@Suite struct ImportFullTextBatchTests {
  let directory = TemporaryDirectory()

  static func feature(_ id: Int, _ name: String, street: String = "Gata") -> String {
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"@type":"node","#
      + #""@id":\#(id),"amenity":"restaurant","name":"\#(name)","addr:street":"\#(street) \#(id)","#
      + #""cuisine":"pizza"}}"#
  }

  static func collection(_ features: [String]) -> ImportInput {
    .bytes(
      Array((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").utf8),
      name: "a"
    )
  }

  @Test(arguments: [1, 7, 1_000])
  func theBatchesIndexTheWordsTheTriggersWould(batch: Int) async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    func importing(_ features: [String]) async throws -> ImportReport {
      try await store.importPlaces(from: Self.collection(features), at: Date(), parallel: true, fullTextBatch: batch)
    }
    var first = (1...40).map { Self.feature($0, "Gammel’s \($0)") }
    first.insert(Self.feature(3, "Tredje form"), at: 20)
    first.append(Self.feature(4, "Fjerde form", street: "Veien"))
    _ = try await importing(first)
    #expect(try await store.wordsAreAsTriggered())

    // Older places changed (one twice) or not, new ones, two of them twice: one renamed long after, one at once.
    var second = (1...40).map { $0 % 3 == 0 ? Self.feature($0, "Gammel’s \($0)") : Self.feature($0, "Ny'e \($0)") }
    second.append(Self.feature(2, "Andre navn", street: "Veien"))
    second += (41...80).map { Self.feature($0, "Helt ny \($0)") }
    second.insert(Self.feature(50, "Først slik"), at: 45)
    second.append(Self.feature(45, "Siden slik", street: "Lokka"))
    let report = try await importing(second)
    #expect(report.tally.added == 40)
    #expect(try await store.wordsAreAsTriggered())
    let center = Coordinate(lat: 59.91, lon: 10.75)
    let renamed = try await store.places(near: center, radiusMeters: 1_000, category: nil, text: "siden lokka 45")
    #expect(renamed.map(\.name) == ["Siden slik"])
    #expect(try await store.places(near: center, radiusMeters: 1_000, category: nil, text: "helt ny 45").isEmpty)

    // A re-import without half of them: those are removed (their words with them).
    let third = (1...80).filter { $0 % 2 == 0 }.map { Self.feature($0, "Tredje runde \($0)") }
    let removal = try await importing(third)
    #expect(removal.removed == 40)
    #expect(try await store.wordsAreAsTriggered())
  }

  /// An import that fails after some batches were indexed leaves the index, the places and the schema (TEMP objects
  /// included) as they were.
  @Test func aFailureAfterSomeBatchesLeavesTheStoreAsItWas() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    _ = try await store.importPlaces(
      from: Self.collection((1...10).map { Self.feature($0, "Første \($0)") }),
      at: Date()
    )
    let before = try await store.indexAndSchema()
    var features = (1...30).map { Self.feature($0 * 2, "Andre \($0)") }
    features.append(#"{"type":"Feature","geometry":"#)
    await #expect(throws: BeaconError.self) {
      try await store.importPlaces(from: Self.collection(features), at: Date(), parallel: true, fullTextBatch: 1)
    }
    #expect(try await store.indexAndSchema() == before)
    #expect(try await store.wordsAreAsTriggered())
  }
}

extension Store {
  /// The full-text index's words, the places' names and the schema, TEMP objects included.
  fileprivate func indexAndSchema() throws -> [Row] {
    try database.execute(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.snapshot_words USING fts5vocab(main, place_fts, 'instance')"
    )
    return try database.query("SELECT term, doc, col, offset FROM temp.snapshot_words ORDER BY term, doc, col, offset")
      + database.query("SELECT rowid, name FROM place ORDER BY rowid")
      + database.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name")
      + database.query("SELECT type, name, sql FROM sqlite_temp_schema ORDER BY name")
  }

  /// Whether the full-text index holds the words an index filled by the triggers' `replace` calls holds.
  fileprivate func wordsAreAsTriggered() throws -> Bool {
    let chains = ["name", "address", "cuisine"].map { Database.apostrophesReplaced($0) }.joined(separator: ", ")
    try database.execute(
      """
      DROP TABLE IF EXISTS temp.reference;
      CREATE VIRTUAL TABLE temp.reference USING fts5(name, address, cuisine, content = '',
        tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO temp.reference(rowid, name, address, cuisine) SELECT rowid, \(chains) FROM place;
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.stored_words USING fts5vocab(main, place_fts, 'instance');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.reference_words USING fts5vocab(temp, reference, 'instance');
      """
    )
    let words = "SELECT term, doc, col, offset FROM %@ ORDER BY term, doc, col, offset"
    let stored = try database.query(words.replacingOccurrences(of: "%@", with: "temp.stored_words"))
    let reference = try database.query(words.replacingOccurrences(of: "%@", with: "temp.reference_words"))
    return stored == reference && stored.count > 40
  }
}
