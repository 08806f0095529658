import BeaconCore
import BeaconJSON
import Foundation

/// The crypto tables: CoinLore's answers as last fetched (`crypto_snapshot`, by request), every coin as
/// last seen (`crypto_coin`), and the user's crypto settings (`crypto_settings`). Nothing here is pruned, so
/// `crypto/*` keep answering, marked stale, however long CoinLore is out of reach.
extension Store {
  /// The stored answer for the request `key` (``CoinLoreClient/key(path:query:)``), if any.
  package func cryptoSnapshot(key: String) throws(BeaconError) -> CachedResponse? {
    try storage {
      guard let row = try database.query("SELECT body, fetched_at FROM crypto_snapshot WHERE key = ?", [key]).first
      else { return nil }
      return CachedResponse(row: row)
    }
  }

  /// Keeps `body` as the answer for `key`, fetched at `date`; does nothing on a read-only store.
  package func storeCryptoSnapshot(key: String, body: [UInt8], at date: Date) throws(BeaconError) {
    guard !isReadOnly else { return }
    try storage {
      try database.transaction {
        try database.run(
          """
          INSERT INTO crypto_snapshot (key, body, fetched_at) VALUES (?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
          """,
          [key, DatabaseValue.blob(body), date]
        )
      }
    }
  }

  /// Keeps `coins` as last seen at `date` (one transaction); does nothing on a read-only store.
  package func storeCoins(_ coins: [Coin], at date: Date) throws(BeaconError) {
    guard !isReadOnly else { return }
    let encoded = coins.compactMap { coin -> (Coin, String)? in
      guard let value = try? JSONValueEncoder().encode(coin) else { return nil }
      return (coin, String(decoding: JSONWriter.serialize(value), as: UTF8.self))
    }
    try storage {
      try database.transaction {
        for (coin, json) in encoded {
          try database.run(
            """
            INSERT INTO crypto_coin (id, rank, coin, fetched_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET rank = excluded.rank, coin = excluded.coin, fetched_at = excluded.fetched_at
            """,
            [coin.id, coin.rank, json, date]
          )
        }
      }
    }
  }

  /// The stored coins among `ids` with when each was fetched, in no particular order.
  package func storedCoins(ids: [String]) throws(BeaconError) -> [(coin: Coin, fetchedAt: Date)] {
    try storage {
      var found: [(coin: Coin, fetchedAt: Date)] = []
      for id in Set(ids) {
        guard let row = try database.query("SELECT coin, fetched_at FROM crypto_coin WHERE id = ?", [id]).first,
          let text = row.string(0), let value = try? JSONParser.parse(Array(text.utf8)),
          let coin = try? JSONValueDecoder().decode(Coin.self, from: value)
        else { continue }
        found.append((coin, Date(timeIntervalSince1970: row.double(1) ?? 0)))
      }
      return found
    }
  }

  // MARK: - Settings

  /// The user's crypto settings, with defaults when never set.
  package func cryptoSettings() throws(BeaconError) -> CryptoSettings {
    try storage {
      guard let row = try database.query("SELECT nok_rate, alert_threshold FROM crypto_settings WHERE id = 1").first
      else { return CryptoSettings.defaults }
      return CryptoSettings(
        nokRate: row.double(0),
        alertThreshold: row.double(1) ?? CryptoSettings.defaultAlertThreshold
      )
    }
  }

  /// Validates and applies a partial change, then returns the new settings.
  package func updateCryptoSettings(_ update: CryptoSettingsUpdate) throws(BeaconError) -> CryptoSettings {
    try update.validate()
    return try storage {
      try database.transaction {
        var current = CryptoSettings.defaults
        if let row = try database.query("SELECT nok_rate, alert_threshold FROM crypto_settings WHERE id = 1").first {
          current = CryptoSettings(
            nokRate: row.double(0),
            alertThreshold: row.double(1) ?? CryptoSettings.defaultAlertThreshold
          )
        }
        let updated = update.applied(to: current)
        try database.run(
          """
          INSERT INTO crypto_settings (id, nok_rate, alert_threshold) VALUES (1, ?, ?)
          ON CONFLICT(id) DO UPDATE SET nok_rate = excluded.nok_rate, alert_threshold = excluded.alert_threshold
          """,
          [updated.nokRate, updated.alertThreshold]
        )
        return updated
      }
    }
  }
}
