import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCrypto

/// `CoinLoreClient` and `CryptoService` against a real HTTP server on 127.0.0.1: every method, the stored copies that
/// stand in (stale) when CoinLore fails, the settings in a real SQLite file, the alert's edges, and every fault.
///
/// Serialized: the timeout tests wait on the wall clock, and beside other tests they would only add noise.
@Suite(.serialized) struct CryptoServiceTests {

  let server: LoopbackHTTPServer
  let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))

  init() throws {
    server = try CoinLoreFixtures.server()
  }

  func makeService(store: Store? = nil, baseURL: URL? = nil, offline: Bool = false) throws -> (CryptoService, Store) {
    let store = try store ?? Store.open(path: ":memory:", migrations: CryptoSchema.migrations)
    let clock = clock
    let service = CryptoService(
      store: store,
      client: CoinLoreClient(
        baseURL: baseURL ?? server.baseURL,
        transport: URLSessionTransport(connectTimeout: 3, totalTimeout: 30),
        limiter: RateLimiter(maxRequests: 100, per: .seconds(1))
      ),
      offline: offline,
      now: { clock.now }
    )
    return (service, store)
  }

  // MARK: - Methods

  @Test func globalHasEveryFieldAndIsFetchedOncePerMinute() async throws {
    let (service, _) = try makeService()
    let result = try await service.global()
    #expect(result.global.coinsCount == 6441)
    #expect(result.global.btcD == 43.86)
    #expect(result.formatted.totalMcap == "$2,499,568,847,643.18")
    #expect(result.currency == .usd)
    #expect(result.source == .live)
    #expect(result.stale == false)
    #expect(result.presentation == nil)
    #expect(result.fetchedAt == clock.now)
    #expect(result.attribution == CryptoService.attribution)
    let request = try #require(server.requests.first)
    #expect(request.target == "/api/global/")
    #expect(request.header("accept") == "application/json")
    #expect(try await service.global().source == .cache)
    #expect(server.requests.count == 1)
    clock.advance(by: 61)
    #expect(try await service.global().source == .live)
    #expect(try await service.global(refresh: true).source == .live)
    #expect(server.requests.count == 3)
  }

  @Test func tickersAskForThePageAndSortIt() async throws {
    let (service, _) = try makeService()
    let page = try await service.tickers(sort: .change7d, start: 2, limit: 4)
    #expect(server.requests.first?.target == "/api/tickers/?limit=4&start=2")
    #expect(page.coins.map(\.symbol) == ["XRP", "DOGE", "USDT", "SOL"], "ranks 3–6 by 7-day change")
    #expect(page.order == .desc, "changes sort descending by default")
    #expect(page.start == 2)
    #expect(page.limit == 4)
    #expect(page.coinsCount == 13413)
    let byRank = try await service.tickers()
    #expect(byRank.coins.map(\.rank) == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(byRank.order == .asc)
    #expect(byRank.coins.first?.priceFormatted == "$99,584.59")
    #expect(byRank.coins.first { $0.symbol == "SHIB" }?.priceFormatted == "$0.00001234")
  }

  @Test(arguments: [0, 101, -1])
  func aLimitOutside1To100OrANegativeStartIsInvalid(value: Int) async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in
      value < 0 ? try await service.tickers(start: value) : try await service.tickers(limit: value)
    }
    #expect(error?.kind == "invalidParams")
    #expect(server.requests.isEmpty)
  }

  @Test func aTickerIsItsCoinAndAnUnknownIdIsNotFound() async throws {
    let (service, _) = try makeService()
    let bitcoin = try await service.ticker(id: "90")
    #expect(server.requests.first?.target == "/api/ticker/?id=90")
    #expect(bitcoin.details.coin.name == "Bitcoin")
    #expect(bitcoin.details.coin.volume24Native != nil)
    #expect(bitcoin.details.priceFormatted == "$99,584.59")
    #expect(bitcoin.details.marketCapFormatted == "$1,967,874,549,929.50")
    let error = await failure { () async throws(BeaconError) in try await service.ticker(id: "999") }
    #expect(error == .notFound(.coin("999")))
    #expect(error?.message(in: .nb) == "CoinLore kjenner ingen kryptovaluta med id '999'")
    server.handler = { _ in .text("") }
    let empty = await failure { () async throws(BeaconError) in try await service.ticker(id: "1234") }
    #expect(empty == .notFound(.coin("1234")), "an empty body is no data")
  }

  @Test(arguments: ["", "abc", "90,80", "-1", "1234567890123"])
  func aBadCoinIdIsInvalidBeforeAnyRequest(id: String) async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.ticker(id: id) }
    #expect(error == .invalidArgument(field: "id", message: .crypto(.invalidCoinId(id))))
    #expect(server.requests.isEmpty)
  }

  @Test func aKroneRateConvertsEveryPriceAndIsKept() async throws {
    let directory = TemporaryDirectory("beacon-crypto")
    let path = directory.storePath
    let (service, _) = try makeService(store: try Store.open(path: path, migrations: CryptoSchema.migrations))
    #expect(try await service.settings() == CryptoSettings(nokRate: nil, alertThreshold: 10))
    let updated = try await service.updateSettings(CryptoSettingsUpdate(nokRate: .some(10.8), alertThreshold: 5))
    #expect(updated == CryptoSettings(nokRate: 10.8, alertThreshold: 5))
    let (reopened, _) = try makeService(store: try Store.open(path: path, migrations: CryptoSchema.migrations))
    #expect(try await reopened.settings() == updated, "kept in the SQLite file")
    let page = try await reopened.tickers(limit: 1)
    #expect(page.currency == .nok)
    #expect(page.coins.first?.price == 1_075_513.572)
    #expect(page.coins.first?.priceFormatted == "1 075 513,57 kr")
    #expect(page.coins.first?.priceUsd == 99584.59)
    #expect(try await reopened.global().formatted.totalVolume == "1 866 337 768 258,75 kr")
    let cleared = try await reopened.updateSettings(CryptoSettingsUpdate(nokRate: .some(nil)))
    #expect(cleared == CryptoSettings(nokRate: nil, alertThreshold: 5), "the threshold stays")
    #expect(try await reopened.ticker(id: "90").details.priceFormatted == "$99,584.59")
  }

  @Test(arguments: [
    (CryptoSettingsUpdate(nokRate: .some(0)), "nokRate"), (CryptoSettingsUpdate(nokRate: .some(-1)), "nokRate"),
    (CryptoSettingsUpdate(nokRate: .some(.nan)), "nokRate"),
    (CryptoSettingsUpdate(alertThreshold: -0.5), "alertThreshold"),
    (CryptoSettingsUpdate(alertThreshold: 100.01), "alertThreshold"),
  ])
  func badSettingsAreRefusedAndNothingChanges(update: CryptoSettingsUpdate, field: String) async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.updateSettings(update) }
    guard case .invalidArgument(let named, _)? = error else {
      Issue.record("expected invalidArgument, got \(String(describing: error))")
      return
    }
    #expect(named == field)
    #expect(try await service.settings() == .defaults)
  }

  // MARK: - Statistics and the alert

  @Test func statsAreOneRequestInTheAskedOrderWithAChart() async throws {
    let (service, _) = try makeService()
    let stats = try await service.stats(ids: ["58", "80", "58"], language: .nb)
    #expect(server.requests.map(\.target) == ["/api/ticker/?id=58,80"])
    #expect(stats.coins.map(\.name) == ["XRP", "Ethereum"])
    #expect(stats.chart.xAxis == "Kryptovaluta")
    #expect(stats.chart.series.map(\.period) == [.hour, .day, .week])
    #expect(stats.chart.series.map(\.label) == ["1 t", "24 t", "7 d"])
    #expect(stats.chart.series[2].points == [.init(x: "XRP", y: 32.6), .init(x: "Ethereum", y: 11.35)])
    #expect(stats.alert)
    #expect(stats.alerts.map(\.period) == [.week, .week])
    #expect(stats.rain?.emoji == "💰")
    let english = try await service.stats(ids: ["80"], language: .en)
    #expect(english.chart.series.map(\.label) == ["1 h", "24 h", "7 d"])
    #expect(english.source == .cache, "the coin is stored and fresh")
  }

  /// Shiba Inu's largest change is -21.02 % (7 d); its others are 0.20 % and 3.93 %.
  @Test(arguments: [
    (0.0, true), (3.92, true), (3.93, true), (21.01, true), (21.02, false), (21.03, false), (100, false),
  ])
  func theAlertIsAChangeStrictlyLargerThanTheThresholdUpOrDown(threshold: Double, alert: Bool) async throws {
    let (service, _) = try makeService()
    _ = try await service.updateSettings(CryptoSettingsUpdate(alertThreshold: threshold))
    let stats = try await service.stats(ids: ["45088"])
    #expect(stats.alert == alert, "threshold \(threshold)")
    #expect(stats.alertThreshold == threshold)
    #expect((stats.rain != nil) == alert)
    #expect(stats.alerts.allSatisfy { abs($0.change) > threshold })
  }

  @Test func aZeroThresholdAlertsOnAnyChangeButNotOnNone() {
    let still = Coin(id: "1", symbol: "S", name: "Still", change1h: 0, change24h: 0, change7d: nil)
    #expect(CryptoStatsResult.alerts([still], threshold: 0).isEmpty)
    let moving = Coin(id: "2", symbol: "M", name: "Moving", change1h: -0.01)
    #expect(CryptoStatsResult.alerts([moving], threshold: 0).map(\.change) == [-0.01])
  }

  @Test(arguments: [[], Array(repeating: "90", count: 11)])
  func statsNeedOneToTenCoins(ids: [String]) async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.stats(ids: ids) }
    #expect(error == .invalidArgument(field: "ids", message: .crypto(.coinCount(max: 10))))
  }

  @Test func statsNameTheFirstUnknownCoin() async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.stats(ids: ["90", "7", "8"]) }
    #expect(error == .notFound(.coin("7")))
  }

  // MARK: - Stale fallback

  @Test func whenCoinLoreFailsTheStoredCopiesComeBackStale() async throws {
    let (service, _) = try makeService()
    let live = try await service.global()
    _ = try await service.tickers()
    clock.advance(by: 3600)
    server.handler = { _ in .json(#"{"error": "down"}"#, status: 503) }
    let global = try await service.global()
    #expect(global.source == .cache)
    #expect(global.stale)
    #expect(global.presentation == CryptoPresentation(textColor: "#8B0000", reason: "stale"))
    #expect(global.global == live.global)
    #expect(global.fetchedAt == live.fetchedAt)
    let tickers = try await service.tickers(sort: .change24h)
    #expect(tickers.stale)
    #expect(tickers.coins.first?.symbol == "XRP")
    let ticker = try await service.ticker(id: "58")
    #expect(ticker.stale, "the coin as the list last showed it")
    #expect(ticker.details.coin.change7d == 32.6)
    let stats = try await service.stats(ids: ["80", "2"])
    #expect(stats.stale)
    #expect(stats.presentation?.textColor == "#8B0000")
    let unknown = await failure { () async throws(BeaconError) in try await service.ticker(id: "424242") }
    #expect(unknown == .upstream(.coinlore, .badAnswer(reason: "HTTP 503")), "nothing stored: the fault itself")
  }

  @Test func anUnusableAnswerNeverReplacesAGoodCopy() async throws {
    let (service, store) = try makeService()
    _ = try await service.global()
    clock.advance(by: 120)
    for body in ["[]", "", "<html>maintenance</html>"] {
      server.handler = { _ in .json(body) }
      let result = try await service.global()
      #expect(result.stale, "\(body)")
      #expect(result.global.coinsCount == 6441)
    }
    #expect(try await store.cryptoSnapshot(key: "/api/global/")?.body == Array(CoinLoreFixtures.global.utf8))
  }

  @Test func offlineAnswersFromTheStoreOnlyAndSaysHowToFillIt() async throws {
    let (empty, _) = try makeService(offline: true)
    let error = await failure { () async throws(BeaconError) in try await empty.global() }
    #expect(error == .upstream(.coinlore, .unavailable(reason: "offline")))
    #expect(error?.message(in: .nb).contains("--offline") == true)
    let (online, store) = try makeService()
    _ = try await online.tickers()
    let (offline, _) = try makeService(store: store, offline: true)
    #expect(try await offline.tickers(refresh: true).stale == false, "fresh within the minute")
    clock.advance(by: 3600)
    #expect(try await offline.tickers().stale)
    #expect(try await offline.stats(ids: ["90", "80"]).stale)
    #expect(server.requests.count == 1)
  }

  // MARK: - Faults

  /// Server errors, a rate limit, broken responses, a refused connection and a base URL with a path, each on a
  /// fresh service.
  @Test func everyUpstreamFaultIsItsError() async throws {
    try await UpstreamFaultScenarios(.coinlore, on: server) { try makeService(baseURL: $0).0 }.expectEveryFault(
      .init(
        serverError: (
          [500, 502, 503, 504], #"{"error": "boom"}"#,
          "CoinLore svarer ikke som det skal akkurat nå; prøv igjen senere"
        ),
        rateLimit: (#"{"error": "slow down"}"#, 7),
        good: CoinLoreFixtures.global,
        proxiedTarget: "/proxy/api/global/"
      ),
      call: { _ = try await $0.global() },
      later: { _ = try await $0.tickers() }
    )
  }

  @Test func aRejectedRequestCarriesCoinLoresMessageAndIsNotReplacedByTheStore() async throws {
    let (service, _) = try makeService()
    _ = try await service.global()
    server.handler = { _ in .json(#"{"error": "Bad request"}"#, status: 400) }
    let error = await failure { () async throws(BeaconError) in try await service.global(refresh: true) }
    #expect(error == .upstream(.coinlore, .rejected(message: "Bad request")))
    #expect(error?.kind == "upstreamRejected")
  }

  @Test func identicalConcurrentRequestsReachTheServerOnce() async throws {
    server.handler = { _ in .json(CoinLoreFixtures.global, delay: 0.3) }
    let client = CoinLoreClient(baseURL: server.baseURL, transport: URLSessionTransport())
    async let first = client.get(path: "/api/global/")
    async let second = client.get(path: "/api/global/")
    let (a, b) = try await (first, second)
    #expect(a == b)
    #expect(server.requests.count == 1)
  }
}
