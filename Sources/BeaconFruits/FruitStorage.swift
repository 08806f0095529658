import BeaconCore
import BeaconPostgres
import Foundation

/// Where the fruits service keeps Fruityvice's catalogue, its cached answers and the user's fruit log: a SQLite store
/// (``Store``) or a team's PostgreSQL store (``PostgresStore``: the log per user, the catalogue shared).
package protocol FruitStorage: Sendable {
  /// The stored catalogue and when it was fetched, or `nil` when it never was.
  func fruitCatalogue() async throws(BeaconError) -> (fruits: [Fruit], fetchedAt: Date)?
  /// Replaces the stored catalogue by `fruits`, fetched at `date` (never half a catalogue).
  func replaceFruitCatalogue(_ fruits: [Fruit], at date: Date) async throws(BeaconError)
  /// The cached upstream answer for `key`, if any.
  func cachedResponse(key: String) async throws(BeaconError) -> CachedResponse?
  /// Keeps `body` as the upstream answer for `key`, received at `date`.
  func cacheResponse(key: String, body: [UInt8], at date: Date) async throws(BeaconError)
  /// Logs that `fruit` was eaten at `eatenAt` and returns the entry, with its local time in `timeZone`.
  func addFruitLogEntry(
    _ fruit: Fruit,
    eatenAt: Date,
    loggedAt: Date,
    timeZone: TimeZone
  ) async throws(BeaconError) -> FruitLogEntry
  /// Removes a log entry; `false` when there was none with `id`.
  func removeFruitLogEntry(id: Int) async throws(BeaconError) -> Bool
  /// The entries eaten in `start ..< end` (either end open when `nil`), newest first.
  func fruitLogEntries(
    from start: Date?,
    to end: Date?,
    timeZone: TimeZone
  ) async throws(BeaconError)
    -> [FruitLogEntry]
  /// How many times fruit `fruitId` was logged as eaten in `start ... end`.
  func fruitLogCount(fruitId: Int, from start: Date, through end: Date) async throws(BeaconError) -> Int
}

extension Store: FruitStorage {}

extension PostgresStore: FruitStorage {}
