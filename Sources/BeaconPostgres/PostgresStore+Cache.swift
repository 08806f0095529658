import BeaconCore
import Foundation

extension PostgresStore {
  /// The cached answer for `key`, if any (fresh or not).
  package func cachedResponse(key: String) throws(BeaconError) -> CachedResponse? {
    let row = try run {
      try connection.query("SELECT body, fetched_at FROM response_cache WHERE key = $1", [key]).first
    }
    guard let row else { return nil }
    return CachedResponse(
      body: row.string(0).flatMap(PostgresBytes.init(hex:))?.bytes ?? [],
      fetchedAt: Date(timeIntervalSince1970: row.double(1) ?? 0)
    )
  }

  /// Keeps `body` as the answer for `key`, and prunes answers older than ``Store/cacheRetention``, in one
  /// transaction. The team shares the cache: an answer one user's search fetched serves the next user's.
  package func cacheResponse(key: String, body: [UInt8], at date: Date = Date()) throws(BeaconError) {
    try run {
      try connection.transaction {
        try connection.query(
          "DELETE FROM response_cache WHERE fetched_at < $1",
          [date.addingTimeInterval(-Store.cacheRetention)]
        )
        try connection.query(
          """
          INSERT INTO response_cache (key, body, fetched_at) VALUES ($1, $2, $3)
          ON CONFLICT (key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
          """,
          [key, PostgresBytes(body), date]
        )
      }
    }
  }

  /// The cached answers with keys in `keys` (from its lower bound, below its upper, compared byte by byte as on
  /// SQLite) whose body contains `text`, newest first, at most `limit`.
  package func cachedBodies(
    keys: Range<String>,
    containing text: String,
    limit: Int = 5
  ) throws(BeaconError) -> [[UInt8]] {
    try run {
      try connection.query(
        """
        SELECT body FROM response_cache
        WHERE key COLLATE "C" >= $1 AND key COLLATE "C" < $2 AND position(convert_to($3, 'UTF8') IN body) > 0
        ORDER BY fetched_at DESC LIMIT $4
        """,
        [keys.lowerBound, keys.upperBound, text, limit]
      )
    }
    .map { $0.string(0).flatMap(PostgresBytes.init(hex:))?.bytes ?? [] }
  }
}
