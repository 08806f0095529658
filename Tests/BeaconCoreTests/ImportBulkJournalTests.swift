import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// A first import goes through a rollback journal (``BulkJournal``) and leaves the store exactly as an import through
/// the WAL does, back in WAL mode; a store another connection has open, or one with many places, keeps the WAL; a
/// failed first import leaves the store as it was, in WAL mode.
@Suite struct ImportBulkJournalTests {
  let directory = TemporaryDirectory()

  /// What an import's progress reports saw beside the store: a rollback journal, a WAL.
  final class Sightings: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var journal = false
    private(set) var wal = false
    private(set) var reports = 0

    /// Looks for `path`'s `-journal` and `-wal` files now.
    func look(beside path: String) {
      let journal = FileManager.default.fileExists(atPath: path + "-journal")
      let wal = FileManager.default.fileExists(atPath: path + "-wal")
      lock.withLock {
        self.journal = self.journal || journal
        self.wal = self.wal || wal
        reports += 1
      }
    }
  }

  /// Imports `text` (GeoJSONSeq) into `store` at `path`, looking beside the file at each progress report.
  func importWatching(_ text: String, into store: Store, at path: String) async throws -> Sightings {
    let sightings = Sightings()
    _ = try await store.importPlaces(
      from: .bytes(Array(text.utf8), name: "places.geojsonseq"),
      at: Date(timeIntervalSince1970: 1_790_000_000),
      parallel: true
    ) { _ in sightings.look(beside: path) }
    return sightings
  }

  @Test func aFirstImportGoesThroughARollbackJournalAndEndsInWALModeWithTheSameRows() async throws {
    let text = ImportPipelineTests.sequence(count: 3_000)
    let bulkPath = directory.file("bulk.sqlite")
    let walPath = directory.file("wal.sqlite")
    let bulk = try Store.open(path: bulkPath)
    let wal = try Store.open(path: walPath)
    // Another connection to the second file: SQLite will not leave WAL mode then.
    let other = try Database(path: walPath)
    let placesBefore = try other.query("SELECT count(*) FROM place").first?.int(0)

    let bulkSightings = try await importWatching(text, into: bulk, at: bulkPath)
    #expect(bulkSightings.reports > 3)
    #expect(bulkSightings.journal, "the first import wrote a rollback journal")
    #expect(!bulkSightings.wal, "and no WAL")
    let walSightings = try await importWatching(text, into: wal, at: walPath)
    #expect(walSightings.reports > 3)
    #expect(!walSightings.journal, "a store open elsewhere keeps the WAL")
    #expect(walSightings.wal)

    #expect(try await bulk.journalMode() == "wal")
    #expect(!FileManager.default.fileExists(atPath: bulkPath + "-journal"))
    #expect(try await bulk.integrityCheck() == "ok")
    #expect(try await bulk.dump() == wal.dump())
    let placesAfter = try other.query("SELECT count(*) FROM place").first?.int(0)
    #expect(placesAfter == placesBefore.map { $0 + 3_000 }, "the other connection reads on")
  }

  @Test func aStoreWithManyPlacesKeepsTheWAL() async throws {
    let path = directory.file("store.sqlite")
    let store = try Store.open(path: path)
    let many = Int(BulkJournal.placeLimit)
    let first = try await importWatching(ImportPipelineTests.sequence(count: many), into: store, at: path)
    #expect(first.journal)
    let second = try await importWatching(
      ImportPipelineTests.sequence(from: many + 1, count: 1_500),
      into: store,
      at: path
    )
    #expect(second.reports > 3)
    #expect(!second.journal, "a store with \(many) places keeps the WAL")
    #expect(try await store.journalMode() == "wal")
    #expect(try await store.integrityCheck() == "ok")
  }

  @Test func aFailedFirstImportLeavesTheStoreAsItWasInWALMode() async throws {
    let path = directory.file("store.sqlite")
    let store = try Store.open(path: path)
    let before = try await store.dump()
    let text = ImportPipelineTests.sequence(count: 3_000) + "\u{1E}{\"type\":\"Feature\",\"geometry\":\n"
    let sightings = Sightings()
    await #expect(throws: BeaconError.self) {
      _ = try await store.importPlaces(from: .bytes(Array(text.utf8), name: "bad"), at: Date(), parallel: true) { _ in
        sightings.look(beside: path)
      }
    }
    #expect(sightings.journal, "the failed import went through a rollback journal")
    #expect(try await store.dump() == before)
    #expect(try await store.journalMode() == "wal")
    #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
  }

  @Test func aLeftoverJournalIsOneWithBytes() throws {
    let path = directory.file("store.sqlite")
    #expect(!Database.hasLeftoverJournal(path: path))
    #expect(FileManager.default.createFile(atPath: path + "-journal", contents: Data()))
    #expect(!Database.hasLeftoverJournal(path: path), "an empty journal undoes nothing")
    #expect(FileManager.default.createFile(atPath: path + "-journal", contents: Data(repeating: 0xD9, count: 512)))
    #expect(Database.hasLeftoverJournal(path: path))
  }
}

extension Store {
  /// The connection's journal mode (`wal`, `delete`).
  fileprivate func journalMode() throws -> String? {
    try database.query("PRAGMA journal_mode").first?.string(0)
  }
}
