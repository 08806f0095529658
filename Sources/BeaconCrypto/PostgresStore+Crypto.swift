import BeaconCore
import BeaconJSON
import BeaconPostgres
import Foundation

/// The crypto tables on a team's PostgreSQL store: CoinLore's answers and the coins are shared by the team (one
/// user's fetch serves the next), the krone rate and alert threshold belong to the store's user.
extension PostgresStore {
  /// The stored answer for the request `key`, if any.
  package func cryptoSnapshot(key: String) throws(BeaconError) -> CachedResponse? {
    let row = try run {
      try connection.query("SELECT body, fetched_at FROM crypto_snapshot WHERE key = $1", [key]).first
    }
    guard let row, let body = row.string(0).flatMap(PostgresBytes.init(hex:)) else { return nil }
    return CachedResponse(body: body.bytes, fetchedAt: Date(timeIntervalSince1970: row.double(1) ?? 0))
  }

  /// Keeps `body` as the answer for `key`, fetched at `date`.
  package func storeCryptoSnapshot(key: String, body: [UInt8], at date: Date) throws(BeaconError) {
    try run {
      try connection.query(
        """
        INSERT INTO crypto_snapshot (key, body, fetched_at) VALUES ($1, $2, $3)
        ON CONFLICT (key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
        """,
        [key, PostgresBytes(body), date]
      )
    }
  }

  /// Keeps `coins` as last seen at `date`, in one transaction.
  package func storeCoins(_ coins: [Coin], at date: Date) throws(BeaconError) {
    let encoded = coins.compactMap { coin -> (Coin, String)? in
      guard let value = try? JSONValueEncoder().encode(coin) else { return nil }
      return (coin, String(decoding: JSONWriter.serialize(value), as: UTF8.self))
    }
    try run {
      try connection.transaction {
        for (coin, json) in encoded {
          try connection.query(
            """
            INSERT INTO crypto_coin (id, rank, coin, fetched_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET rank = excluded.rank, coin = excluded.coin, fetched_at = excluded.fetched_at
            """,
            [coin.id, coin.rank, json, date]
          )
        }
      }
    }
  }

  /// The stored coins among `ids` with when each was fetched, in no particular order.
  package func storedCoins(ids: [String]) throws(BeaconError) -> [(coin: Coin, fetchedAt: Date)] {
    guard !ids.isEmpty else { return [] }
    let rows = try run {
      try connection.query(
        "SELECT coin, fetched_at FROM crypto_coin WHERE id = ANY($1::text[])",
        [PostgresArray(Array(Set(ids)))]
      )
    }
    return rows.compactMap { row in
      guard let text = row.string(0), let value = try? JSONParser.parse(Array(text.utf8)),
        let coin = try? JSONValueDecoder().decode(Coin.self, from: value)
      else { return nil }
      return (coin, Date(timeIntervalSince1970: row.double(1) ?? 0))
    }
  }

  /// The user's crypto settings, with defaults when never set.
  package func cryptoSettings() throws(BeaconError) -> CryptoSettings {
    let row = try run {
      try connection.query(
        "SELECT nok_rate, alert_threshold FROM crypto_settings WHERE user_name = $1",
        [user]
      ).first
    }
    guard let row else { return CryptoSettings.defaults }
    return CryptoSettings(
      nokRate: row.double(0),
      alertThreshold: row.double(1) ?? CryptoSettings.defaultAlertThreshold
    )
  }

  /// Validates and applies a partial change to the user's settings (one transaction), then returns them.
  package func updateCryptoSettings(_ update: CryptoSettingsUpdate) throws(BeaconError) -> CryptoSettings {
    try update.validate()
    return try run {
      try connection.transaction {
        var current = CryptoSettings.defaults
        if let row = try connection.query(
          "SELECT nok_rate, alert_threshold FROM crypto_settings WHERE user_name = $1 FOR UPDATE",
          [user]
        ).first {
          current = CryptoSettings(
            nokRate: row.double(0),
            alertThreshold: row.double(1) ?? CryptoSettings.defaultAlertThreshold
          )
        }
        let updated = update.applied(to: current)
        try connection.query(
          """
          INSERT INTO crypto_settings (user_name, nok_rate, alert_threshold) VALUES ($1, $2, $3)
          ON CONFLICT (user_name) DO UPDATE SET nok_rate = excluded.nok_rate, alert_threshold = excluded.alert_threshold
          """,
          [user, updated.nokRate, updated.alertThreshold]
        )
        return updated
      }
    }
  }
}
