import BeaconCore
import Foundation

extension CryptoService {
  /// Everything about coin `id`, money in the user's currency.
  ///
  /// - Throws: ``UnknownEntity/coin(_:)`` when CoinLore knows no such coin.
  package func ticker(id: String, refresh: Bool = false) async throws(BeaconError) -> CryptoTickerResult {
    let id = try Self.coinId(id, field: "id")
    let fetched = try await coins(ids: [id], refresh: refresh)
    guard let coin = fetched.value.first else { throw .notFound(.coin(id)) }
    let money = try await store.cryptoSettings().money
    return CryptoTickerResult(
      details: CoinDetails(coin, money: money),
      source: fetched.source,
      stale: fetched.stale,
      fetchedAt: fetched.fetchedAt,
      presentation: .forStale(fetched.stale),
      attribution: Self.attribution
    )
  }

  /// The changes of coins `ids` (1 to 10, in that order) as a chart, and whether one moved more than the user's
  /// threshold.
  package func stats(
    ids: [String],
    language: Language = .nb,
    refresh: Bool = false
  ) async throws(BeaconError)
    -> CryptoStatsResult
  {
    guard (1...Self.maxStatsCoins).contains(ids.count) else {
      throw .invalidArgument(field: "ids", message: .crypto(.coinCount(max: Self.maxStatsCoins)))
    }
    var unique: [String] = []
    for id in ids {
      let checked = try Self.coinId(id, field: "ids")
      if !unique.contains(checked) { unique.append(checked) }
    }
    let fetched = try await coins(ids: unique, refresh: refresh)
    let settings = try await store.cryptoSettings()
    let coins = fetched.value
    let alerts = CryptoStatsResult.alerts(coins, threshold: settings.alertThreshold)
    return CryptoStatsResult(
      coins: coins.map { CoinSummary($0, money: settings.money) },
      chart: CryptoStatsResult.chart(coins, language: language),
      alert: !alerts.isEmpty,
      alertThreshold: settings.alertThreshold,
      alerts: alerts,
      rain: alerts.isEmpty ? nil : CryptoStatsResult.Rain(),
      source: fetched.source,
      stale: fetched.stale,
      fetchedAt: fetched.fetchedAt,
      presentation: .forStale(fetched.stale),
      attribution: Self.attribution
    )
  }

  /// Coins `ids` in that order: from the store when every one is fresh there, else from one `/api/ticker/?id=a,b`
  /// call (stored as it comes), else (when the network failed) the stored ones, stale.
  ///
  /// - Throws: ``UnknownEntity/coin(_:)`` naming the first id neither CoinLore nor the store knows.
  func coins(ids: [String], refresh: Bool) async throws(BeaconError) -> Fetched<[Coin]> {
    let time = now()
    let stored = try await store.storedCoins(ids: ids)
    let storedById = Dictionary(stored.map { ($0.coin.id, $0) }, uniquingKeysWith: { first, _ in first })
    let storedCoins = ids.compactMap { storedById[$0] }
    let allStored = storedCoins.count == ids.count
    let oldest = storedCoins.map(\.fetchedAt).min() ?? time
    func fromStore(stale: Bool) -> Fetched<[Coin]> {
      Fetched(value: storedCoins.map(\.coin), source: .cache, stale: stale, fetchedAt: oldest)
    }
    if allStored, !refresh || offline, time.timeIntervalSince(oldest) < ttl.coins { return fromStore(stale: false) }
    if offline {
      guard allStored else {
        if storedCoins.isEmpty { throw .upstream(.coinlore, .unavailable(reason: "offline")) }
        throw .notFound(.coin(ids.first { storedById[$0] == nil } ?? ""))
      }
      return fromStore(stale: true)
    }
    do throws(BeaconError) {
      let notFound = BeaconError.notFound(.coin(ids[0]))
      let body = try await client.get(
        path: Self.tickerPath,
        query: ["id": ids.joined(separator: ",")],
        notFound: notFound
      )
      let received = try CoinLoreDecoding.ticker(from: body)
      let byId = Dictionary(received.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      if let missing = ids.first(where: { byId[$0] == nil }) { throw .notFound(.coin(missing)) }
      try await store.storeCoins(received, at: time)
      return Fetched(value: ids.compactMap { byId[$0] }, source: .live, stale: false, fetchedAt: time)
    } catch {
      guard error.allowsStaleFallback, allStored else { throw error }
      return fromStore(stale: true)
    }
  }

  /// A CoinLore id: 1 to 12 digits (`90`).
  static func coinId(_ text: String, field: String) throws(BeaconError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard (1...12).contains(trimmed.count), trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .invalidArgument(field: field, message: .crypto(.invalidCoinId(text)))
    }
    return trimmed
  }
}
