import Foundation

/// A first import (into a store with few places) written with a rollback journal instead of the WAL, so that each of
/// its pages is written to the file once.
///
/// In WAL mode every page an import writes goes to the `-wal` file first, and the commit then copies all of them into
/// the database (the checkpoint), after reading every frame back to recompute checksums when the import's cache had to
/// write a page out twice. For a first import that is most of its commit: two thirds of two seconds for 236 520 places.
/// With a rollback journal SQLite journals only the pages the file had before (a page past the file's old end needs
/// no copy to be undone) and writes the others once, in place.
///
/// What it costs: while the import runs, another process cannot read the store (a rollback journal's writer holds the
/// file exclusively once it writes pages), where the WAL would have let it read the places from before. Such a process
/// waits for the import when it opens the store (``Database`` tries again for up to six times the 5 s busy timeout)
/// and fails only if the import runs longer than that. That is why only a store with fewer
/// than ``placeLimit`` places is imported this way (a first import, or one into the demo's places: there is little to
/// read), and only when no other connection has it open (SQLite refuses to leave WAL mode then: the import keeps it).
/// The journal is as safe as the WAL: a failure, a cancel or `kill -9` leaves the store as it was (the next opener
/// rolls a leftover journal back); `synchronous` is `FULL` meanwhile, which a rollback journal needs to be as durable
/// as `NORMAL` is with the WAL.
struct BulkJournal {
  /// Stores with fewer places than this (the largest rowid of `place`) are imported with a rollback journal.
  static let placeLimit: Int64 = 10_000

  /// Leaves WAL mode for a rollback journal when the store holds fewer than ``placeLimit`` places and no other
  /// connection has it open; `nil` (the store as it was, in WAL mode) otherwise. Outside a transaction only.
  static func begin(database: Database, storedPlaces: Int64) -> BulkJournal? {
    guard storedPlaces < placeLimit, database.path != ":memory:", !database.isReadOnly,
      (try? database.query("PRAGMA journal_mode").first?.string(0)) == "wal"
    else { return nil }
    // SQLite answers `SQLITE_BUSY` at once, without waiting, when another connection has the file open.
    guard (try? database.query("PRAGMA journal_mode = DELETE").first?.string(0)) == "delete" else { return nil }
    do {
      try database.execute("PRAGMA synchronous = FULL")
    } catch {
      _ = try? database.query("PRAGMA journal_mode = WAL")
      return nil
    }
    return BulkJournal()
  }

  /// Back to WAL mode and `synchronous = NORMAL`, as ``Database`` opens a store. Should another process have opened
  /// the file meanwhile and be reading it, the switch waits for it (the busy timeout); failing that, the next
  /// connection that opens the store for writing switches it back.
  func end(database: Database) {
    _ = try? database.query("PRAGMA journal_mode = WAL")
    try? database.execute("PRAGMA synchronous = NORMAL")
  }
}
