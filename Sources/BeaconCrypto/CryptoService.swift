import BeaconCore
import Foundation

/// Serves crypto market data from CoinLore: the market overview, the list of coins sorted as asked, one coin's details,
/// the chart of chosen coins' changes with the 💰 alert, and the user's krone rate and threshold.
///
/// Every answer is kept in the store (`crypto_snapshot`, `crypto_coin`; SQLite or PostgreSQL, ``CryptoStorage``): within its time to live it is answered from
/// there (`source: cache`); when CoinLore cannot be reached, rate-limits or answers unusably, the stored copy comes
/// back with `stale: true` and a presentation hint (dark red text) instead of an error.
package final class CryptoService: Sendable {
  /// How long answers stay fresh; CoinLore updates about every minute.
  package struct TimeToLive: Sendable {
    package var global: TimeInterval = 60
    package var tickers: TimeInterval = 60
    package var coins: TimeInterval = 60
    package init() {}
  }

  /// The credit line for CoinLore's data.
  package static let attribution = "Data: CoinLore (https://www.coinlore.com)"
  /// CoinLore gives at most 100 coins a request.
  package static let limitRange = 1...100
  /// The most coins one chart shows.
  package static let maxStatsCoins = 10
  static let globalPath = "/api/global/"
  static let tickersPath = "/api/tickers/"
  static let tickerPath = "/api/ticker/"

  let store: any CryptoStorage
  let client: CoinLoreClient
  /// Whether the service never touches the network (`--offline`).
  let offline: Bool
  let ttl: TimeToLive
  let now: @Sendable () -> Date

  /// Creates a service.
  package init(
    store: any CryptoStorage,
    client: CoinLoreClient,
    offline: Bool = false,
    ttl: TimeToLive = TimeToLive(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.client = client
    self.offline = offline
    self.ttl = ttl
    self.now = now
  }

  /// A decoded answer and where it came from.
  struct Fetched<Value: Sendable>: Sendable {
    var value: Value
    var source: DataSource
    var stale: Bool
    var fetchedAt: Date
  }

  /// The answer to `path` with `query`: the stored copy while fresh, else CoinLore's (stored before it is returned),
  /// else (when the network failed) the stored copy marked stale. An answer `decode` cannot read is an outage, so it
  /// never replaces a good copy.
  func fetch<Value: Sendable>(
    path: String,
    query: [String: String] = [:],
    ttl: TimeInterval,
    refresh: Bool,
    decode: ([UInt8]) throws(BeaconError) -> Value
  ) async throws(BeaconError) -> Fetched<Value> {
    let key = CoinLoreClient.key(path: path, query: query)
    let time = now()
    var stored: Fetched<Value>?
    if let snapshot = try await store.cryptoSnapshot(key: key), let value = try? decode(snapshot.body) {
      stored = Fetched(value: value, source: .cache, stale: false, fetchedAt: snapshot.fetchedAt)
    }
    if let stored, !refresh || offline, time.timeIntervalSince(stored.fetchedAt) < ttl { return stored }
    if offline {
      guard var stored else { throw .upstream(.coinlore, .unavailable(reason: "offline")) }
      stored.stale = true
      return stored
    }
    do throws(BeaconError) {
      let body = try await client.get(path: path, query: query)
      let value = try decode(body)
      try await store.storeCryptoSnapshot(key: key, body: body, at: time)
      return Fetched(value: value, source: .live, stale: false, fetchedAt: time)
    } catch {
      guard error.allowsStaleFallback, var stored else { throw error }
      stored.stale = true
      return stored
    }
  }

  // MARK: - crypto/global

  /// Every figure of `/api/global/`, the money amounts in the user's currency.
  package func global(refresh: Bool = false) async throws(BeaconError) -> CryptoGlobalResult {
    let fetched = try await fetch(path: Self.globalPath, ttl: ttl.global, refresh: refresh) {
      (body) throws(BeaconError) in try CoinLoreDecoding.global(from: body)
    }
    let money = try await store.cryptoSettings().money
    let global = fetched.value
    return CryptoGlobalResult(
      global: global,
      formatted: .init(
        totalMcap: global.totalMcap.map(money.format),
        totalVolume: global.totalVolume.map(money.format),
        volumeAth: global.volumeAth.map(money.format),
        mcapAth: global.mcapAth.map(money.format)
      ),
      currency: money.currency,
      source: fetched.source,
      stale: fetched.stale,
      fetchedAt: fetched.fetchedAt,
      presentation: .forStale(fetched.stale),
      attribution: Self.attribution
    )
  }

  // MARK: - crypto/tickers

  /// One page of coins (`start` skipped in rank order, at most `limit`), sorted by `sort` in `order` (by default
  /// ascending for rank, descending for changes).
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` for a `limit` outside 1…100 or a negative `start`.
  package func tickers(
    sort: CoinSortKey = .rank,
    order: CoinSortOrder? = nil,
    start: Int = 0,
    limit: Int = 100,
    refresh: Bool = false
  ) async throws(BeaconError) -> CryptoTickersResult {
    guard start >= 0 else { throw .invalidArgument(field: "start", message: .crypto(.invalidStart)) }
    guard Self.limitRange.contains(limit) else {
      throw .invalidArgument(
        field: "limit",
        message: .outOfRange(
          field: "limit",
          lower: Self.limitRange.lowerBound,
          upper: Self.limitRange.upperBound,
          value: limit
        )
      )
    }
    let query = ["start": String(start), "limit": String(limit)]
    let fetched = try await fetch(path: Self.tickersPath, query: query, ttl: ttl.tickers, refresh: refresh) {
      (body) throws(BeaconError) in try CoinLoreDecoding.tickers(from: body)
    }
    if fetched.source == .live { try await store.storeCoins(fetched.value.coins, at: fetched.fetchedAt) }
    let money = try await store.cryptoSettings().money
    let order = order ?? sort.defaultOrder
    let coins = CoinSort.sorted(Array(fetched.value.coins.prefix(limit)), by: sort, order: order)
    return CryptoTickersResult(
      coins: coins.map { CoinSummary($0, money: money) },
      sort: sort,
      order: order,
      start: start,
      limit: limit,
      coinsCount: fetched.value.coinsCount,
      currency: money.currency,
      source: fetched.source,
      stale: fetched.stale,
      fetchedAt: fetched.fetchedAt,
      presentation: .forStale(fetched.stale),
      attribution: Self.attribution
    )
  }

  // MARK: - Settings

  /// The user's krone rate and alert threshold.
  package func settings() async throws(BeaconError) -> CryptoSettings {
    try await store.cryptoSettings()
  }

  /// Validates and stores a partial change of the settings.
  package func updateSettings(_ update: CryptoSettingsUpdate) async throws(BeaconError) -> CryptoSettings {
    try await store.updateCryptoSettings(update)
  }
}
