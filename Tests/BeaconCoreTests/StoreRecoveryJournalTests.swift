import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `beacon store check` and `store recover` right after an import was killed: the store on disk holds some of the
/// import's pages and its rollback journal is beside it (``BulkJournal``). They roll the journal back first, as
/// every other command does on opening, and find the store as it was, not an unreadable file.
@Suite struct StoreRecoveryJournalTests {
  /// A store with a few cached answers, and a copy of it taken in the middle of a transaction that spilled pages into
  /// the file: the state a `kill -9` leaves.
  static func storeKilledMidWrite(in directory: TemporaryDirectory) throws -> (
    killed: String, before: StoreRecovery.CheckReport
  ) {
    let path = directory.file("store.sqlite")
    do { _ = try Store.open(path: path) }  // The schema.
    do {
      let setup = try Database(path: path)
      for index in 0..<20 {
        try setup.run(
          "INSERT INTO response_cache (key, body, fetched_at) VALUES (?, ?, 0)",
          ["k\(index)", DatabaseValue.blob([1, 2, 3])]
        )
      }
    }
    let before = try StoreRecovery.check(path: path)
    nonisolated(unsafe) let writer = try Database(path: path)
    // A rollback journal and a tiny page cache, so the transaction's pages go into the file before it commits.
    try writer.execute("PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2;")
    try writer.execute("BEGIN IMMEDIATE")
    let body = DatabaseValue.blob([UInt8](repeating: 0x5A, count: 3_000))
    for index in 0..<2_000 {
      try writer.run("INSERT INTO response_cache (key, body, fetched_at) VALUES (?, ?, 0)", ["new\(index)", body])
    }
    try writer.run("DELETE FROM response_cache WHERE key LIKE 'k%'")
    let killed = directory.file("killed.sqlite")
    try FileManager.default.copyItem(atPath: path, toPath: killed)
    try FileManager.default.copyItem(atPath: path + "-journal", toPath: killed + "-journal")
    try writer.execute("ROLLBACK")
    return (killed, before)
  }

  @Test func checkFindsTheStoreAsItWasBeforeTheKilledWrite() throws {
    let directory = TemporaryDirectory("beacon-killed")
    let (killed, before) = try Self.storeKilledMidWrite(in: directory)
    let report = try StoreRecovery.check(path: killed)
    #expect(report.isReadable && report.isHealthy, "\(report)")
    #expect(report.tables == before.tables)
    #expect(!FileManager.default.fileExists(atPath: killed + "-journal"), "rolled back")
  }

  @Test func recoverCopiesTheStoreAsItWasBeforeTheKilledWrite() throws {
    let directory = TemporaryDirectory("beacon-killed")
    let (killed, _) = try Self.storeKilledMidWrite(in: directory)
    let report = try StoreRecovery.recover(from: killed, to: directory.file("recovered.sqlite"))
    #expect(report.tables.first { $0.table == "response_cache" }?.rows == 20, "\(report.tables)")
    #expect(report.tables.allSatisfy { !$0.damaged }, "\(report.tables)")
  }

  /// A sound store with imported places: `place_fact` is made by `place`'s trigger as the places are copied, and was
  /// reported as "0 rows (some rows could not be read)" though every fact was there.
  @Test func recoverOfASoundStoreWithFactsReportsThemWhole() async throws {
    let directory = TemporaryDirectory("beacon-facts")
    let path = directory.file("store.sqlite")
    let document = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"@type": "node", "@id": 1, "amenity": "cafe", "name": "A",
          "diet:vegan": "yes"}, "geometry": {"type": "Point", "coordinates": [10.75, 59.91]}},
        {"type": "Feature", "properties": {"@type": "node", "@id": 2, "amenity": "restaurant", "name": "B",
          "wheelchair": "limited"}, "geometry": {"type": "Point", "coordinates": [10.76, 59.92]}}
      ]}
      """
    do {
      let store = try Store.open(path: path)
      _ = try await store.importPlaces(from: .bytes(Array(document.utf8), name: "o.geojson"), at: Date())
    }
    let check = try StoreRecovery.check(path: path)
    let facts = try #require(check.tables.first { $0.table == "place_fact" })
    #expect(facts.rows >= 2 && !facts.damaged, "\(check.tables)")
    let report = try StoreRecovery.recover(from: path, to: directory.file("recovered.sqlite"))
    #expect(report.tables.allSatisfy { !$0.damaged }, "\(report.tables)")
    #expect(report.tables.first { $0.table == "place_fact" }?.rows == facts.rows, "\(report.tables)")
    #expect(report.tables.first { $0.table == "place" }?.rows == check.tables.first { $0.table == "place" }?.rows)
  }
}
