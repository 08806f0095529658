import BeaconCore
import BeaconTestSupport
import Testing

@testable import BeaconCrypto

/// `CoinSort`: every key in both orders, stable (equal values keep the rank order they came in), values that are
/// missing last, and the default orders.
@Suite struct CryptoSortingTests {
  static func coins() throws -> [Coin] {
    try CoinLoreDecoding.tickers(from: Array(CoinLoreFixtures.tickers.utf8)).coins
  }

  /// The expected symbols for each of the eight combinations, worked out by hand from the fixture (ties: BTC and
  /// DOGE at 1.25 % in 24 h, ETH and SHIB at 0.20 % in 1 h, BTC and RENDER at 2.39 % in 7 d).
  @Test(arguments: [
    (CoinSortKey.rank, CoinSortOrder.asc, ["BTC", "ETH", "USDT", "SOL", "XRP", "DOGE", "SHIB", "RENDER"]),
    (.rank, .desc, ["RENDER", "SHIB", "DOGE", "XRP", "SOL", "USDT", "ETH", "BTC"]),
    (.change1h, .asc, ["DOGE", "SOL", "USDT", "RENDER", "BTC", "ETH", "SHIB", "XRP"]),
    (.change1h, .desc, ["XRP", "ETH", "SHIB", "BTC", "RENDER", "USDT", "SOL", "DOGE"]),
    (.change24h, .asc, ["RENDER", "USDT", "SOL", "BTC", "DOGE", "ETH", "SHIB", "XRP"]),
    (.change24h, .desc, ["XRP", "SHIB", "ETH", "BTC", "DOGE", "SOL", "USDT", "RENDER"]),
    (.change7d, .asc, ["SHIB", "SOL", "USDT", "BTC", "RENDER", "DOGE", "ETH", "XRP"]),
    (.change7d, .desc, ["XRP", "ETH", "DOGE", "BTC", "RENDER", "USDT", "SOL", "SHIB"]),
  ])
  func everyKeyInBothOrdersIsStable(key: CoinSortKey, order: CoinSortOrder, symbols: [String]) throws {
    #expect(CoinSort.sorted(try Self.coins(), by: key, order: order).map(\.symbol) == symbols)
  }

  @Test func tiesKeepTheOrderTheyCameInWhateverThatOrderIs() throws {
    let reversed = Array(try Self.coins().reversed())
    let sorted = CoinSort.sorted(reversed, by: .change24h, order: .desc).map(\.symbol)
    #expect(sorted == ["XRP", "SHIB", "ETH", "DOGE", "BTC", "SOL", "USDT", "RENDER"])
  }

  @Test(arguments: CoinSortOrder.allCases)
  func coinsWithoutAValueComeLastInEitherOrder(order: CoinSortOrder) {
    let coins = [
      Coin(id: "1", symbol: "A", name: "A", rank: 1, change1h: nil),
      Coin(id: "2", symbol: "B", name: "B", rank: 2, change1h: 3),
      Coin(id: "3", symbol: "C", name: "C", rank: nil, change1h: -1),
      Coin(id: "4", symbol: "D", name: "D", rank: 4, change1h: nil),
    ]
    let byChange = CoinSort.sorted(coins, by: .change1h, order: order).map(\.symbol)
    #expect(byChange == (order == .asc ? ["C", "B", "A", "D"] : ["B", "C", "A", "D"]))
    let byRank = CoinSort.sorted(coins, by: .rank, order: order).map(\.symbol)
    #expect(byRank == (order == .asc ? ["A", "B", "D", "C"] : ["D", "B", "A", "C"]))
  }

  @Test func rankIsAscendingAndChangesDescendingByDefault() {
    #expect(CoinSortKey.rank.defaultOrder == .asc)
    #expect(CoinSortKey.change1h.defaultOrder == .desc)
    #expect(CoinSortKey.change24h.defaultOrder == .desc)
    #expect(CoinSortKey.change7d.defaultOrder == .desc)
  }
}
