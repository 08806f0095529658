import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconCore
@testable import BeaconCrypto
@testable import BeaconServer

/// The `crypto/*` methods in-process against a loopback fake CoinLore: results as the contract says, CoinLore's faults
/// as the same wire errors as places, Norwegian messages, settings through the server, the MCP tools, and the chart.
@Suite struct CryptoMethodTests {
  /// The server's fixed clock: Sunday 22 November 2026, 13:00 in Oslo.
  static let now = Date(timeIntervalSince1970: 1_795_348_800)

  /// An initialized in-process session pointed at `server`.
  static func session(_ server: LoopbackHTTPServer, locale: String? = nil) async throws -> InProcessClient {
    let environment = BeaconOptions(serviceURLs: ["coinlore": server.baseURL.absoluteString])
    let client = InProcessClient(options: .inMemory(environment: environment, now: now))
    _ = try await client.send(InitializeRequest(locale: locale))
    return client
  }

  // MARK: - Results

  @Test func coinLoresFaultsAndAnUnknownCoinHaveTheSharedWireForms() {
    DomainErrorWireTests.expectSharedWireForm(of: .coinlore)
    DomainErrorWireTests.expectNotFound([(.coin("90"), ["kind": "notFound", "coinId": "90"])])
  }

  @Test func everyMethodAnswersWhatTheContractSays() async throws {
    let server = try CoinLoreFixtures.server()
    let client = try await Self.session(server)
    let global = try await client.call("crypto/global").get()
    try FruitMethodTests.expectConforms(global, to: "crypto/global")
    #expect(global["global"]?["btcD"] == 43.86)
    #expect(global["formatted"]?["totalMcap"] == "$2,499,568,847,643.18")
    #expect(global["fetchedAt"] == "2026-11-22T12:00:00.000Z")
    #expect(global["presentation"] == nil)

    let tickers = try await client.call("crypto/tickers", params: ["sort": "change24h", "order": "asc"]).get()
    try FruitMethodTests.expectConforms(tickers, to: "crypto/tickers")
    #expect(tickers["coins"]?.arrayValue?.first?["symbol"] == "RENDER")
    #expect(tickers["coins"]?.arrayValue?.first?["priceFormatted"] == "$10.30")

    let ticker = try await client.call("crypto/ticker", params: ["id": "45088"]).get()
    try FruitMethodTests.expectConforms(ticker, to: "crypto/ticker")
    #expect(ticker["details"]?["priceFormatted"] == "$0.00001234")
    #expect(ticker["details"]?["coin"]?["maxSupply"] == nil, "msupply \"\" is absent")

    let stats = try await client.call("crypto/stats", params: ["ids": ["80", "58"]]).get()
    try FruitMethodTests.expectConforms(stats, to: "crypto/stats")
    #expect(stats["alert"] == true)
    #expect(stats["rain"]?["emoji"] == "💰")
    #expect(
      stats["chart"]?["series"]?.arrayValue?.first?["points"] == [["x": "Ethereum", "y": 0.2], ["x": "XRP", "y": 1]]
    )

    let settings = try await client.call("crypto/settings/get").get()
    try FruitMethodTests.expectConforms(settings, to: "crypto/settings/get")
    #expect(settings == ["nokRate": .null, "alertThreshold": 10])
    let updated = try await client.call("crypto/settings/update", params: ["nokRate": 10.8, "alertThreshold": 50]).get()
    try FruitMethodTests.expectConforms(updated, to: "crypto/settings/update")
    #expect(updated == ["nokRate": 10.8, "alertThreshold": 50])

    let calm = try await client.call("crypto/stats", params: ["ids": ["80", "58"]]).get()
    try FruitMethodTests.expectConforms(calm, to: "crypto/stats")
    #expect(calm["alert"] == false)
    #expect(calm["rain"] == nil)
    #expect(calm["coins"]?.arrayValue?.first?["priceFormatted"] == "43 124,18 kr")
  }

  @Test func aStaleAnswerCarriesTheDarkRedHint() async throws {
    let server = try CoinLoreFixtures.server()
    let client = try await Self.session(server)
    _ = try await client.call("crypto/global").get()
    server.handler = { _ in .fault(.closeWithoutResponse) }
    let stale = try await client.call("crypto/global", params: ["refresh": true]).get()
    try FruitMethodTests.expectConforms(stale, to: "crypto/global")
    #expect(stale["stale"] == true)
    #expect(stale["source"] == "cache")
    #expect(stale["presentation"] == ["textColor": "#8B0000", "reason": "stale"])
  }

  @Test(arguments: [
    (Language.nb, "1 t", "Kryptovaluta"), (.nn, "1 t", "Kryptovaluta"), (.en, "1 h", "Cryptocurrency"),
  ])
  func chartTitlesAreInTheSessionsLanguage(language: Language, hour: String, axis: String) async throws {
    let server = try CoinLoreFixtures.server()
    let client = try await Self.session(server, locale: language.rawValue)
    let stats = try await client.call("crypto/stats", params: ["ids": ["90"]]).get()
    #expect(stats["chart"]?["xAxis"] == .string(axis))
    #expect(stats["chart"]?["series"]?.arrayValue?.first?["label"] == .string(hour))
  }

  // MARK: - Errors

  @Test func anUnknownCoinIsNotFoundWithItsId() async throws {
    let server = try CoinLoreFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("crypto/ticker", params: ["id": "999"])))
    #expect(error.code == ApplicationErrorCode.notFound)
    #expect(error.kind == "notFound")
    #expect(error.data?["coinId"] == "999")
    #expect(error.message == "CoinLore kjenner ingen kryptovaluta med id '999'")
  }

  @Test(
    arguments: [
      ("crypto/tickers", ["sort": "name"], "sort"), ("crypto/tickers", ["order": "up"], "order"),
      ("crypto/tickers", ["limit": 0], "limit"), ("crypto/tickers", ["start": -3], "start"),
      ("crypto/ticker", ["id": 90], "id"), ("crypto/ticker", ["id": "bitcoin"], "id"),
      ("crypto/stats", ["ids": []], "ids"),
      ("crypto/settings/update", ["nokRate": 0], "nokRate"),
      ("crypto/settings/update", ["alertThreshold": 101], "alertThreshold"),
      ("crypto/settings/update", ["nokRate": "ten"], "nokRate"),
    ] as [(String, JSONValue, String)]
  )
  func badParamsAreInvalidParamsNamingTheField(method: String, params: JSONValue, field: String) async throws {
    let server = try CoinLoreFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call(method, params: params)))
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == .string(field), "\(method) \(params): \(error)")
    #expect(server.requests.isEmpty)
  }

  @Test func theKroneRateSentenceIsNorwegianByDefault() async throws {
    let server = try CoinLoreFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("crypto/settings/update", params: ["nokRate": -2])))
    #expect(error.message.hasPrefix("Kronekursen må være et tall større enn 0"))
  }

  @Test(arguments: [
    (503, ApplicationErrorCode.upstreamUnavailable, "upstreamUnavailable"),
    (429, ApplicationErrorCode.rateLimited, "rateLimited"),
    (400, ApplicationErrorCode.upstreamRejected, "upstreamRejected"),
  ])
  func coinLoresFaultsAreThePlacesErrors(status: Int, code: ErrorCode, kind: String) async throws {
    let server = try CoinLoreFixtures.server()
    server.handler = { _ in .json(#"{"error": "nope"}"#, status: status, headers: ["Retry-After": "3"]) }
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("crypto/tickers")))
    #expect(error.code == code)
    #expect(error.kind == kind)
  }

  @Test func anInvalidCoinLoreURLFailsInitialize() async throws {
    let client = InProcessClient(options: .inMemory(environment: BeaconOptions(serviceURLs: ["coinlore": "ftp://x"])))
    let result = await client.call("initialize")
    let error = try #require(failure(result))
    #expect(error.data?["field"] == "initializationOptions.coinlore.baseURL")
    #expect(error.message == "Ugyldig CoinLore-adresse 'ftp://x'; bruk en http- eller https-adresse")
  }

  // MARK: - MCP and text

  @Test func theCryptoToolSetHasTheCryptoToolsAndItsInstructionsNameThem() async throws {
    let bySet = Dictionary(grouping: MCPToolCatalogue.tools.map(\.name)) { MCPToolSet.of(tool: $0) }
    #expect(bySet[.crypto]?.allSatisfy { $0.hasPrefix("crypto_") } == true)
    let crypto = MCPTestClient(toolSets: [.places, .crypto])
    let cryptoText = try #require(try await crypto.initialize()["instructions"]?.stringValue)
    #expect(cryptoText.contains("crypto_*") && !cryptoText.contains("fruits_"), "\(cryptoText)")
  }

  @Test func theToolsGiveTheJSONAndTheTextTheCommandLinePrints() async throws {
    let server = try CoinLoreFixtures.server()
    let environment = BeaconOptions(serviceURLs: ["coinlore": server.baseURL.absoluteString])
    let client = MCPTestClient(options: .inMemory(environment: environment, now: Self.now))
    try await client.initialize()
    let list = try await client.call("crypto_tickers", ["sort": "change1h", "limit": 3], id: 1)
    #expect(list["isError"] == false)
    try await MCPToolCallTests.expectConforms(list, to: "crypto_tickers", in: client)
    let text = try #require(list.toolText)
    #expect(text.contains("Ethereum") && text.contains("$3,992.98") && text.contains("+0,20 %"), "\(text)")
    let stats = try await client.call("crypto_stats", ["ids": ["45088"]], id: 2)
    try await MCPToolCallTests.expectConforms(stats, to: "crypto_stats", in: client)
    #expect(stats.toolText?.contains("💰💰💰 Endring over 10 %:") == true, "\(stats)")
    let settings = try await client.call("crypto_settings_update", ["nokRate": 10.5], id: 3)
    #expect(settings.toolText == "Kronekurs: 10,5 kr per dollar\nVarslingsgrense: 10 % (💰-regn i statistikken)")
    let bad = try await client.call("crypto_ticker", ["id": "x"], id: 4)
    #expect(bad["isError"] == true)
  }

  @Test func globalTextLabelsEveryFigure() throws {
    let global = try CoinLoreDecoding.global(from: Array(CoinLoreFixtures.global.utf8))
    let money = MoneyFormat.usd
    let result = CryptoGlobalResult(
      global: global,
      formatted: .init(totalMcap: global.totalMcap.map(money.format)),
      currency: .usd,
      source: .cache,
      stale: true,
      fetchedAt: Self.now,
      presentation: .forStale(true),
      attribution: CryptoService.attribution
    )
    let lines = HumanOutput(language: .nb).cryptoGlobal(result)
    #expect(lines.first == "Kryptovalutaer:                  6 441")
    #expect(lines.contains("Bitcoins andel:                  43,86 %"))
    #expect(lines.contains("Gjennomsnittlig endring:         -0,90 %"))
    #expect(lines.contains { $0.hasPrefix("Viser lagrede data fra") })
    #expect(lines.last == CryptoService.attribution)
  }
}
