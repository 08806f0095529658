import BeaconCore
import BeaconPostgres
import Foundation

/// Where the crypto service keeps CoinLore's answers, the coins as last seen and the user's crypto settings: a SQLite
/// store (``Store``) or a team's PostgreSQL store (``PostgresStore``, settings per user, the rest shared).
package protocol CryptoStorage: Sendable {
  /// The stored answer for the request `key` (``CoinLoreClient/key(path:query:)``), if any.
  func cryptoSnapshot(key: String) async throws(BeaconError) -> CachedResponse?
  /// Keeps `body` as the answer for `key`, fetched at `date`.
  func storeCryptoSnapshot(key: String, body: [UInt8], at date: Date) async throws(BeaconError)
  /// Keeps `coins` as last seen at `date`.
  func storeCoins(_ coins: [Coin], at date: Date) async throws(BeaconError)
  /// The stored coins among `ids` with when each was fetched, in no particular order.
  func storedCoins(ids: [String]) async throws(BeaconError) -> [(coin: Coin, fetchedAt: Date)]
  /// The user's crypto settings, with defaults when never set.
  func cryptoSettings() async throws(BeaconError) -> CryptoSettings
  /// Validates and applies a partial change, then returns the new settings.
  func updateCryptoSettings(_ update: CryptoSettingsUpdate) async throws(BeaconError) -> CryptoSettings
}

extension Store: CryptoStorage {}

extension PostgresStore: CryptoStorage {}
