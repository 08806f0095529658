import BeaconCore

/// A feature's part in `beacon store copy` on a PostgreSQL store: the ``StoreCopier`` that also reads its rows out of
/// a team's store and writes them into one, for the copy's user where the feature keeps its rows per user.
package protocol SharedStoreCopier: StoreCopier {
  /// Its rows on the server behind `connection` (inside the copy's reading transaction), `user`'s where the feature's
  /// rows are per user.
  func rows(in connection: PostgresConnection, user: String) throws -> Rows
  /// Writes `rows` through `connection` (inside the copy's transaction), as `user`'s where the feature's rows are per
  /// user, and says what that changed.
  func write(_ rows: Rows, into connection: PostgresConnection, user: String) throws -> [StoreCopyCount]
}

extension SharedStoreCopier {
  /// Its rows on the server, as a snapshot's part.
  package func part(in connection: PostgresConnection, user: String) throws -> StoreSnapshot.Part {
    StoreSnapshot.Part(name: name, rows: try rows(in: connection, user: user))
  }

  /// Writes its part of `snapshot`, if the snapshot has one, through `connection`.
  package func write(
    partOf snapshot: StoreSnapshot,
    into connection: PostgresConnection,
    user: String
  ) throws
    -> [StoreCopyCount]
  {
    guard let rows = rows(of: snapshot) else { return [] }
    return try write(rows, into: connection, user: user)
  }
}
