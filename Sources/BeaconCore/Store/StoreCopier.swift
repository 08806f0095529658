/// A feature's part in `beacon store copy`: it reads its own rows out of a SQLite store and writes them into one, so
/// that the copy carries data the core does not know (``StoreSnapshot/parts``). The PostgreSQL half is
/// `SharedStoreCopier` (`BeaconPostgres`); the program takes each built feature's copier from the feature itself, so
/// no shared code names a domain.
///
/// Writing runs inside the target's one transaction, after the core's rows: a copier that throws undoes the whole
/// copy. Writing the same rows twice must change nothing the second time.
package protocol StoreCopier: Sendable {
  /// The rows the copier carries, as stored (nothing parsed, so nothing is lost or normalised on the way).
  associatedtype Rows: Sendable, Equatable

  /// The copier's name, unique among the built features' (its feature's name): a snapshot's part is found by it.
  var name: String { get }
  /// The SQLite tables it carries, which the copy therefore does not name as left behind.
  var sqliteTables: [String] { get }
  /// Its rows in the SQLite store `database` (inside the store, on its one connection).
  func rows(in database: Database) throws -> Rows
  /// Writes `rows` into the SQLite store `database` (inside the copy's transaction) and says what that changed.
  func write(_ rows: Rows, into database: Database) throws -> [StoreCopyCount]
}

extension StoreCopier {
  /// Its rows in `database`, as a snapshot's part.
  package func part(in database: Database) throws -> StoreSnapshot.Part {
    StoreSnapshot.Part(name: name, rows: try rows(in: database))
  }

  /// Writes its part of `snapshot`, if the snapshot has one, into `database`.
  package func write(partOf snapshot: StoreSnapshot, into database: Database) throws -> [StoreCopyCount] {
    guard let rows = rows(of: snapshot) else { return [] }
    return try write(rows, into: database)
  }

  /// Its rows in `snapshot`, if the snapshot has them.
  package func rows(of snapshot: StoreSnapshot) -> Rows? {
    snapshot.parts.first { $0.name == name }?.rows as? Rows
  }
}

/// What a copy did to one kind of a feature's rows in its target, for a line of the summary.
package struct StoreCopyCount: Sendable, Equatable {
  /// The rows' name in the summary (`fruit log`), nb, nn and en.
  package let label: LocalizedMessage
  /// Rows the target did not have.
  package var added = 0
  /// Rows the target had with other values (the source's replace them); `nil` for rows that are never updated
  /// (a log entry is there or not).
  package var updated: Int?
  /// Rows the target already had as they are.
  package var unchanged = 0

  /// A count of rows called `label`, updatable or not (`updated` `nil`).
  package init(_ label: LocalizedMessage, added: Int = 0, updated: Int? = nil, unchanged: Int = 0) {
    self.label = label
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
  }

  /// Counts one row: new (`nil` stored), the same as stored, or replacing other values.
  package mutating func count<Value: Equatable>(stored: Value?, copied: Value) {
    switch stored {
    case nil: added += 1
    case copied?: unchanged += 1
    default: updated = (updated ?? 0) + 1
    }
  }
}
