import BeaconCore
import BeaconJSON
import BeaconTestSupport
import Testing

@testable import BeaconCrypto

/// `CoinLoreDecoding` against every trap of the real API: numbers as strings, scientific notation, negative values,
/// `""` and null supplies, `volume24` as a number or a string, `/global/` as an array of one object, values above 2^53,
/// and answers with no data.
@Suite struct CoinLoreDecodingTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func globalIsTheOneObjectOfItsArrayWithStringPercentages() throws {
    let global = try CoinLoreDecoding.global(from: Self.bytes(CoinLoreFixtures.global))
    #expect(global.coinsCount == 6441)
    #expect(global.activeMarkets == 17685)
    #expect(global.totalMcap == 2499568847643.1787)
    #expect(global.totalVolume == 172809052616.55072)
    #expect(global.btcD == 43.86)
    #expect(global.ethD == 19.25)
    #expect(global.mcapChange == -4.25)
    #expect(global.volumeChange == 8.44)
    #expect(global.avgChangePercent == -0.9)
    #expect(global.volumeAth == 3992741953593.4854)
    #expect(global.mcapAth == 2912593726674.3335)
  }

  @Test func aVolumeAboveTwoToTheFiftyThirdIsReadAsADouble() throws {
    let global = try CoinLoreDecoding.global(from: Self.bytes(CoinLoreFixtures.globalCompact))
    #expect(global.volumeAth == 344_187_126_190_825_216)
    #expect(try #require(global.volumeAth) > 9_007_199_254_740_992)
    #expect(global.mcapAth == 33248067879029.688)
    #expect(global.volumeChange == 10.84)
    let huge = try CoinLoreDecoding.global(
      from: Self.bytes(#"[{"coins_count": 1, "volume_ath": 12345678901234567890123}]"#)
    )
    #expect(huge.volumeAth == 1.2345678901234568e22)
  }

  @Test func globalAlsoReadsABareObjectAndLeavesOutUnreadableFields() throws {
    let global = try CoinLoreDecoding.global(
      from: Self.bytes(#"{"btc_d": "", "eth_d": null, "coins_count": "14832", "total_mcap": "2.45E+12", "x": 1}"#)
    )
    #expect(global.coinsCount == 14832)
    #expect(global.totalMcap == 2.45e12)
    #expect(global.btcD == nil)
    #expect(global.ethD == nil)
    #expect(global.activeMarkets == nil)
  }

  @Test(arguments: ["", "  \n", "[]", "null", "[{}]", "{}", #"{"data": []}"#])
  func globalWithoutDataIsUnavailable(body: String) {
    let error = failure { () throws(BeaconError) in try CoinLoreDecoding.global(from: Self.bytes(body)) }
    guard case .upstream(.coinlore, .badAnswer)? = error else {
      Issue.record("'\(body)': expected unavailable, got \(String(describing: error))")
      return
    }
  }

  @Test func tickersReadEveryCoinAndTheCount() throws {
    let page = try CoinLoreDecoding.tickers(from: Self.bytes(CoinLoreFixtures.tickers))
    #expect(page.coins.map(\.id) == ["90", "80", "518", "48543", "58", "2", "45088", "135601"])
    #expect(page.coinsCount == 13413)
    let bitcoin = try #require(page.coins.first)
    #expect(bitcoin.name == "Bitcoin")
    #expect(bitcoin.symbol == "BTC")
    #expect(bitcoin.nameid == "bitcoin")
    #expect(bitcoin.rank == 1)
    #expect(bitcoin.priceUsd == 99584.59)
    #expect(bitcoin.change1h == 0.13)
    #expect(bitcoin.change24h == 1.25)
    #expect(bitcoin.change7d == 2.39)
    #expect(bitcoin.priceBtc == 1)
    #expect(bitcoin.marketCapUsd == 1967874549929.5)
    #expect(bitcoin.volume24Usd == 60985129577.58225, "a JSON number on /tickers/")
    #expect(bitcoin.volume24a == 88750734120.79686)
    #expect(bitcoin.volume24Native == nil)
    #expect(bitcoin.circulatingSupply == 19760834)
    #expect(bitcoin.totalSupply == 19760834)
    #expect(bitcoin.maxSupply == 21000000)
  }

  @Test func scientificNotationNegativesAndEmptyOrNullSuppliesAreRead() throws {
    let coins = try CoinLoreDecoding.tickers(from: Self.bytes(CoinLoreFixtures.tickers)).coins
    let shiba = try #require(coins.first { $0.symbol == "SHIB" })
    #expect(shiba.priceBtc == 3.14e-10)
    #expect(shiba.totalSupply == 5.8951910369752e14)
    #expect(shiba.priceUsd == 0.00001234)
    #expect(shiba.change7d == -21.02)
    #expect(shiba.maxSupply == nil, "msupply \"\"")
    let render = try #require(coins.first { $0.symbol == "RENDER" })
    #expect(render.maxSupply == nil, "msupply null")
    #expect(render.change24h == -0.31)
    #expect(coins.first { $0.symbol == "XRP" }?.maxSupply == 100_000_000_000)
  }

  @Test(arguments: [
    ("\"3.14E-10\"", 3.14e-10), ("\"5.8951910369752E+14\"", 5.8951910369752e14), ("\"-0.98\"", -0.98),
    ("\" 2.5 \"", 2.5), ("\"1e3\"", 1000), ("7", 7), ("-1.5", -1.5), ("\"+4\"", 4),
  ])
  func numbersAreReadFromTextOrNumbers(json: String, expected: Double) throws {
    #expect(CoinLoreDecoding.number(try JSONParser.parse(Self.bytes(json))) == expected)
  }

  @Test(arguments: [
    "\"\"", "null", "\"NaN\"", "\"inf\"", "\"0x1p3\"", "\"?\"", "\"-\"", "\"1,5\"", "true", "\"1e999\"",
  ])
  func textThatIsNoPlainNumberIsNil(json: String) throws {
    #expect(CoinLoreDecoding.number(try JSONParser.parse(Self.bytes(json))) == nil, "\(json)")
  }

  @Test func theTickerEndpointHasVolumeAsTextAndANativeVolume() throws {
    let coins = try CoinLoreDecoding.ticker(from: Self.bytes(CoinLoreFixtures.ticker(ids: ["90", "80"])))
    #expect(coins.map(\.id) == ["90", "80"])
    #expect(coins.first?.volume24Usd == 60985129577.58, "a string on /ticker/")
    #expect(coins.first?.volume24Native != nil)
    #expect(coins.first?.volume24a == nil)
    let docs = #"""
      [{"id": "90", "symbol": "BTC", "name": "Bitcoin", "nameid": "bitcoin", "rank": 1, "price_usd": "6465.26",
        "percent_change_24h": "-1.27", "percent_change_1h": "0.19", "percent_change_7d": "-0.93",
        "market_cap_usd": "111737012373.28", "volume24": "3982512765.23", "volume24_native": "615986.77",
        "csupply": "17282687.00", "price_btc": "1.00", "tsupply": "17282687", "msupply": "21000000"}]
      """#
    let bitcoin = try #require(try CoinLoreDecoding.ticker(from: Self.bytes(docs)).first)
    #expect(bitcoin.volume24Usd == 3982512765.23)
    #expect(bitcoin.volume24Native == 615986.77)
    #expect(bitcoin.change24h == -1.27)
  }

  @Test(arguments: ["", " ", "[]", "null", "[{}]", #"[{"id": "", "name": "x"}]"#])
  func anEmptyTickerAnswerIsNoCoin(body: String) throws {
    #expect(try CoinLoreDecoding.ticker(from: Self.bytes(body)).isEmpty)
  }

  @Test func invalidJSONIsUnavailableNotEmpty() {
    for body in [#"[{"id": "90", "na"#, "<html>Bad gateway</html>"] {
      let error = failure { () throws(BeaconError) in try CoinLoreDecoding.ticker(from: Self.bytes(body)) }
      #expect(error?.kind == "upstreamUnavailable", "\(body)")
      let tickers = failure { () throws(BeaconError) in try CoinLoreDecoding.tickers(from: Self.bytes(body)) }
      #expect(tickers?.kind == "upstreamUnavailable", "\(body)")
    }
  }

  @Test func keyOrderNumericIdsAndUnknownFieldsDoNotMatter() throws {
    let body = #"""
      {"info": {"time": 1, "coins_num": "2"}, "data": [
        {"msupply": null, "name": " Bitcoin ", "rank": "1", "id": 90, "symbol": "BTC", "extra": [1, 2],
         "percent_change_1h": 0.5},
        {"id": "80"},
        {"name": "No id"}
      ]}
      """#
    let page = try CoinLoreDecoding.tickers(from: Self.bytes(body))
    #expect(page.coins.count == 1, "coins without an id or a name are skipped")
    #expect(page.coins.first?.id == "90")
    #expect(page.coins.first?.name == "Bitcoin")
    #expect(page.coins.first?.rank == 1)
    #expect(page.coins.first?.change1h == 0.5)
    #expect(page.coinsCount == 2)
  }
}
