import Foundation

/// An upstream answer kept in the store.
package struct CachedResponse: Sendable, Equatable {
  /// The body as received.
  package var body: [UInt8]
  /// When it was received.
  package var fetchedAt: Date

  /// An answer `body` received at `fetchedAt`.
  package init(body: [UInt8], fetchedAt: Date) {
    self.body = body
    self.fetchedAt = fetchedAt
  }
}

extension CachedResponse {
  /// Reads a `SELECT body, fetched_at` row (a body stored as text is read as its UTF-8 bytes).
  package init(row: Row) {
    let body: [UInt8]
    switch row.values[0] {
    case .blob(let bytes): body = bytes
    case .text(let text): body = Array(text.utf8)
    default: body = []
    }
    self.init(body: body, fetchedAt: Date(timeIntervalSince1970: row.double(1) ?? 0))
  }
}

extension Store {
  /// The cached answer for `key`, if any (fresh or not).
  package func cachedResponse(key: String) throws(BeaconError) -> CachedResponse? {
    try storage {
      guard let row = try database.query("SELECT body, fetched_at FROM response_cache WHERE key = ?", [key]).first
      else { return nil }
      return CachedResponse(row: row)
    }
  }

  /// The cached answers with keys in `keys` (from its lower bound, below its upper) whose body contains `text`,
  /// newest first, at most `limit`: e.g. the autocomplete answers that named a place id.
  package func cachedBodies(
    keys: Range<String>,
    containing text: String,
    limit: Int = 5
  ) throws(BeaconError) -> [[UInt8]] {
    try storage {
      try database.query(
        """
        SELECT body FROM response_cache WHERE key >= ? AND key < ? AND instr(CAST(body AS TEXT), ?) > 0
        ORDER BY fetched_at DESC LIMIT ?
        """,
        [keys.lowerBound, keys.upperBound, text, limit]
      ).map { row in
        switch row.values[0] {
        case .blob(let bytes): bytes
        case .text(let text): Array(text.utf8)
        default: []
        }
      }
    }
  }

  /// How long cached answers are kept at all (for stale fallback) before they are pruned.
  package static let cacheRetention: TimeInterval = 30 * 24 * 3600

  /// Keeps `body` as the answer for `key`, and prunes answers older than ``cacheRetention``; does nothing on a
  /// read-only store.
  package func cacheResponse(key: String, body: [UInt8], at date: Date = Date()) throws(BeaconError) {
    guard !isReadOnly else { return }
    try storage {
      try database.transaction {
        try database.run(
          "DELETE FROM response_cache WHERE fetched_at < ?",
          [date.addingTimeInterval(-Self.cacheRetention)]
        )
        try database.run(
          """
          INSERT INTO response_cache (key, body, fetched_at) VALUES (?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
          """,
          [key, DatabaseValue.blob(body), date]
        )
      }
    }
  }
}
