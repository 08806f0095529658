import BeaconCore
import BeaconPostgres

/// The crypto feature's part in `beacon store copy`: the user's krone rate and alert threshold (CoinLore's answers and
/// the coins are caches, fetched again, and left behind). A team's store keeps them per user: the copy reads and
/// writes the copying user's. A source that never stored them changes nothing in the target.
package struct CryptoSettingsCopier: SharedStoreCopier {
  /// The settings as stored.
  package struct SettingsRow: Sendable, Equatable {
    package var nokRate: Double?
    package var alertThreshold: Double

    /// Settings with these values.
    package init(nokRate: Double?, alertThreshold: Double) {
      self.nokRate = nokRate
      self.alertThreshold = alertThreshold
    }

    /// The settings in a row of `nok_rate, alert_threshold`.
    init(stored row: some StoredColumns) {
      self.init(nokRate: row.double(0), alertThreshold: row.double(1) ?? CryptoSettings.defaultAlertThreshold)
    }
  }

  /// The copier.
  package init() {}

  package var name: String { "crypto" }
  package var sqliteTables: [String] { ["crypto_settings"] }

  package func rows(in database: Database) throws -> SettingsRow? {
    try database.query("SELECT nok_rate, alert_threshold FROM crypto_settings WHERE id = 1").first.map {
      SettingsRow(stored: $0)
    }
  }

  package func rows(in connection: PostgresConnection, user: String) throws -> SettingsRow? {
    try connection.query(
      "SELECT nok_rate, alert_threshold FROM crypto_settings WHERE user_name = $1",
      [user]
    ).first.map { SettingsRow(stored: $0) }
  }

  package func write(_ settings: SettingsRow?, into database: Database) throws -> [StoreCopyCount] {
    var count = Self.count
    guard let settings else { return [count] }
    let stored = try rows(in: database)
    count.count(stored: stored, copied: settings)
    if stored != settings {
      try database.run(
        """
        INSERT INTO crypto_settings (id, nok_rate, alert_threshold) VALUES (1, ?, ?)
        ON CONFLICT(id) DO UPDATE SET nok_rate = excluded.nok_rate, alert_threshold = excluded.alert_threshold
        """,
        [settings.nokRate, settings.alertThreshold]
      )
    }
    return [count]
  }

  package func write(
    _ settings: SettingsRow?,
    into connection: PostgresConnection,
    user: String
  ) throws
    -> [StoreCopyCount]
  {
    var count = Self.count
    guard let settings else { return [count] }
    let stored = try rows(in: connection, user: user)
    count.count(stored: stored, copied: settings)
    if stored != settings {
      try connection.query(
        """
        INSERT INTO crypto_settings (user_name, nok_rate, alert_threshold) VALUES ($1, $2, $3)
        ON CONFLICT (user_name) DO UPDATE SET nok_rate = excluded.nok_rate, alert_threshold = excluded.alert_threshold
        """,
        [user, settings.nokRate, settings.alertThreshold]
      )
    }
    return [count]
  }

  /// The summary's line before anything is counted.
  private static var count: StoreCopyCount { StoreCopyCount(.crypto(.copiedSettings), updated: 0) }
}
