import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// An import's full-text index gets its apostrophe-free text from one function (`beacon_without_apostrophes`)
/// instead of six `replace` calls a column: the same text, so the same words and the same search results.
@Suite struct FullTextApostropheTests {
  let directory = TemporaryDirectory()

  /// Texts around the six apostrophes and characters whose UTF-8 shares their first bytes (€ ‚ ˜ ¼ ʻ).
  static let pieces = [
    "'", "’", "‘", "ʼ", "`", "´", "€", "‚", "˜", "¼", "ʻ", "a", "É", "ø", " ", "''", "’’", "R", "\u{1F600}", "\u{0}",
  ]

  @Test func theFunctionIsTheSixReplaceCalls() throws {
    let database = try Database(path: ":memory:")
    try database.defineWithoutApostrophes()
    var texts = ["", "Robert's", "Mc’Donald", "‘Sitat’", "ʼOkina", "Back`tick", "Akutt´", "'", "’‘ʼ`´'", "l'Été"]
    var state: UInt64 = 7
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += Self.pieces[Int((state >> 33) % UInt64(Self.pieces.count))]
      }
      texts.append(text)
    }
    let sql =
      "SELECT \(Database.withoutApostrophesFunction)(?1), \(Database.apostrophesReplaced("?1")), "
      + "\(Database.withoutApostrophesFunction)(?1) IS \(Database.apostrophesReplaced("?1"))"
    for text in texts {
      let row = try database.query(sql, [text]).first
      #expect(row?.int(2) == 1, "\(Array(text.utf8)): \(String(describing: row))")
    }
    let others = try database.query(
      """
      SELECT \(Database.withoutApostrophesFunction)(NULL) IS \(Database.apostrophesReplaced("NULL")),
        \(Database.withoutApostrophesFunction)(12) IS \(Database.apostrophesReplaced("12")),
        \(Database.withoutApostrophesFunction)(1.5) IS \(Database.apostrophesReplaced("1.5"))
      """
    )
    #expect(others.first?.values == [.integer(1), .integer(1), .integer(1)])
  }

  @Test func theBulkStatementCallsTheFunctionForEachColumn() throws {
    let database = try Database(path: ":memory:")
    for migration in Migrations.all { try database.execute(migration) }
    let trigger = try database.query("SELECT sql FROM sqlite_schema WHERE name = 'place_inserted'").first?.string(0)
    let statements = DeferredIndexes.bulkStatements(of: trigger ?? "", after: 0) ?? []
    let fullText = statements.map(DeferredIndexes.withoutReplaceCalls).filter { $0.contains("place_fts") }
    #expect(fullText.count == 1)
    for column in ["name", "address", "cuisine"] {
      #expect(fullText.first?.contains("\(Database.withoutApostrophesFunction)(new.\(column))") == true)
    }
    #expect(fullText.first?.contains("replace(") == false)
  }

  @Test func anImportIndexesTheWordsTheTriggersWould() async throws {
    let names = [
      "Robert's Coffee", "Mc’Donald’s", "‘Sitatet’", "Haʻiʼkū", "Back`tick Bar", "Akutt´s", "L'Été", "''", "Plain",
    ]
    var features: [String] = []
    for (index, name) in names.enumerated() {
      features.append(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"@type":"node","#
          + #""@id":\#(index + 1),"amenity":"restaurant","name":"\#(name)","addr:street":"O'Gata ’\#(index)","#
          + #""cuisine":"pizza;ʼbistro`"}}"#
      )
    }
    let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    let store = try Store.open(path: directory.file("store.sqlite"))
    let report = try await store.importPlaces(from: .bytes(Array(text.utf8), name: "a.geojson"), at: Date())
    #expect(report.tally.added == names.count)
    let found = try await store.places(
      near: Coordinate(lat: 59.91, lon: 10.75),
      radiusMeters: 1_000,
      category: nil,
      text: "roberts ogata"
    )
    #expect(found.map(\.name) == ["Robert's Coffee"])
    try await store.expectWordsAsTriggered()
  }

  /// A re-import changes older places (their full text taken out and put in at the end, not by the update trigger),
  /// one of them twice, leaves some as they were and adds others: the index holds the words of the places as they
  /// are, and a search finds the new names, not the old.
  @Test func aReimportIndexesTheChangedPlacesAsTheTriggersWould() async throws {
    func feature(_ id: Int, _ name: String, street: String = "Gata") -> String {
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"@type":"node","#
        + #""@id":\#(id),"amenity":"restaurant","name":"\#(name)","addr:street":"\#(street) \#(id)","#
        + #""cuisine":"pizza"}}"#
    }
    func collection(_ features: [String]) -> [UInt8] {
      Array((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").utf8)
    }
    let store = try Store.open(path: directory.file("store.sqlite"))
    let first = (1...40).map { feature($0, "Gammel’s \($0)") }
    _ = try await store.importPlaces(from: .bytes(collection(first), name: "a.geojson"), at: Date())
    var second = (1...40).map { $0 % 3 == 0 ? feature($0, "Gammel’s \($0)") : feature($0, "Ny'e \($0)") }
    second.append(feature(2, "Andre navn", street: "Veien"))
    second += (41...45).map { feature($0, "Helt ny \($0)") }
    let report = try await store.importPlaces(from: .bytes(collection(second), name: "b.geojson"), at: Date())
    #expect(report.tally.updated == 27)
    #expect(report.tally.added == 5)
    let center = Coordinate(lat: 59.91, lon: 10.75)
    let old = try await store.places(near: center, radiusMeters: 1_000, category: nil, text: "gammels")
    #expect(old.count == 13)
    let new = try await store.places(near: center, radiusMeters: 1_000, category: nil, text: "nye")
    #expect(new.count == 26)
    let renamed = try await store.places(near: center, radiusMeters: 1_000, category: nil, text: "andre veien")
    #expect(renamed.map(\.name) == ["Andre navn"])
    try await store.expectWordsAsTriggered()
  }
}

extension Store {
  /// Fails unless the full-text index holds the words an index filled by the triggers' `replace` calls holds.
  fileprivate func expectWordsAsTriggered() throws {
    let chains = ["name", "address", "cuisine"].map { Database.apostrophesReplaced($0) }.joined(separator: ", ")
    try database.execute(
      """
      CREATE VIRTUAL TABLE temp.reference USING fts5(name, address, cuisine, content = '',
        tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO temp.reference(rowid, name, address, cuisine) SELECT rowid, \(chains) FROM place;
      CREATE VIRTUAL TABLE temp.stored_words USING fts5vocab(main, place_fts, 'instance');
      CREATE VIRTUAL TABLE temp.reference_words USING fts5vocab(temp, reference, 'instance');
      """
    )
    let words = "SELECT term, doc, col, offset FROM %@ ORDER BY term, doc, col, offset"
    let stored = try database.query(words.replacingOccurrences(of: "%@", with: "temp.stored_words"))
    #expect(stored == (try database.query(words.replacingOccurrences(of: "%@", with: "temp.reference_words"))))
    #expect(stored.count > 30)
  }
}
