import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Opening a store read-only: the SQLite URI, reads that work and writes that are refused as read-only.
///
/// The fallback itself (a store on read-only storage) needs a read-only mount and is tested end to end in
/// `StorageFaultTests`; here the read-only modes are opened directly, which works for any user.
@Suite struct ReadOnlyDatabaseTests {
  let directory = TemporaryDirectory()

  @Test func theURIEscapesWhatSQLiteWouldReadAsQueryOrFragment() {
    #expect(Database.uri("/tmp/a?b#c%d.sqlite", immutable: false) == "file:///tmp/a%3fb%23c%25d.sqlite?mode=ro")
    #expect(Database.uri("//srv/beacon.sqlite", immutable: true) == "file:////srv/beacon.sqlite?mode=ro&immutable=1")
    #expect(Database.uri("relative/beacon.sqlite", immutable: false) == "file:relative/beacon.sqlite?mode=ro")
  }

  @Test(arguments: [Database.Mode.readOnly, .immutable])
  func aReadOnlyConnectionReadsAndRefusesWritesAsReadOnly(mode: Database.Mode) async throws {
    // A directory name with the characters a URI would misread proves the escaping against SQLite itself.
    let path = directory.file("odd?dir#%/beacon.sqlite")
    do {
      let store = try Store.open(path: path)
      try await store.upsert([StoreTests.place("p1", "Lesekafé")])
      _ = try await store.addRating(placeId: "p1", stars: 4, comment: nil)
    }
    let database = try Database(path: path, mode: mode)
    #expect(database.isReadOnly)
    #expect(try database.query("SELECT count(*) FROM rating").first?.int(0) == 1)
    let refusal = #expect(throws: SQLiteError.self) {
      try database.transaction { try database.run("DELETE FROM rating") }
    }
    #expect(refusal?.isReadOnly == true)
    #expect(refusal?.primaryCode == 8)
    #expect(try database.query("SELECT count(*) FROM rating").first?.int(0) == 1)
  }

  @Test func aMissingFileIsNotCreatedByAReadOnlyOpen() {
    let path = directory.file("absent.sqlite")
    #expect(Database.readOnly(path: path) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func onlyRealReadOnlyRefusalsCountAsReadOnly() {
    #expect(SQLiteError(code: 8, message: "attempt to write a readonly database").isReadOnly)
    #expect(SQLiteError(code: 1288, message: "cantinit").isReadOnly)  // SQLITE_READONLY_CANTINIT
    #expect(!SQLiteError(code: 1032, message: "moved").isReadOnly)  // SQLITE_READONLY_DBMOVED: not a read-only store
    #expect(!SQLiteError(code: 13, message: "full").isReadOnly)
    #expect(SQLiteError(code: 14, message: "Read-only file system").mayOpenReadOnly)
    #expect(SQLiteError(code: 3, message: "permission").mayOpenReadOnly)
    #expect(!SQLiteError(code: 26, message: "file is not a database").mayOpenReadOnly)
  }

  @Test func aReadOnlyRefusalIsExplainedAsSuch() {
    let readOnly = BeaconError.storage(SQLiteError(code: 8, message: "attempt to write a readonly database"))
    #expect(readOnly.message(in: .nb) == "Databasen er bare åpnet for lesing, så endringen ble ikke lagret")
    #expect(readOnly.message(in: .nn) == "Databasen er berre opna for lesing, så endringa vart ikkje lagra")
    #expect(readOnly.message(in: .en) == "The database is open for reading only, so the change was not saved")
    let other = BeaconError.storage(SQLiteError(code: 13, message: "database or disk is full"))
    #expect(other.message(in: .en) == "Could not store or read data; see the log for details")
  }
}
