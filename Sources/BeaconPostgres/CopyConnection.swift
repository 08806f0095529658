import BeaconCore

/// A value a ``CopyConnection`` binds on either kind of store.
package protocol CopyBindable: DatabaseValueConvertible, PostgresBindable {}

extension String: CopyBindable {}
extension Int: CopyBindable {}
extension Double: CopyBindable {}

/// The store a ``SharedStoreCopier`` reads or writes, of either kind, for a copier that writes its statements once:
/// `?` parameters (numbered `$1`, `$2`, … on the server, in order), the same tables and columns on both (a team's
/// store's extra columns, such as who made a row, are the copier's to name).
package enum CopyConnection {
  /// A SQLite store, inside the store.
  case sqlite(Database)
  /// A team's store, for `user`.
  case postgres(PostgresConnection, user: String)

  /// Whether this is a team's store.
  package var isShared: Bool {
    if case .postgres = self { return true }
    return false
  }

  /// The rows of `sql`, with `values` bound to its `?` parameters in order.
  @discardableResult
  package func query(_ sql: String, _ values: [(any CopyBindable)?] = []) throws -> [any StoredColumns] {
    switch self {
    case .sqlite(let database):
      try database.query(sql, values.map { $0?.databaseValue ?? .null })
    case .postgres(let connection, _):
      try connection.query(Self.numbered(sql), values.map { $0 })
    }
  }

  /// `sql` with its `?` parameters numbered the server's way: `$1`, `$2`, ….
  package static func numbered(_ sql: String) -> String {
    var number = 0
    var result = ""
    for character in sql {
      if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
