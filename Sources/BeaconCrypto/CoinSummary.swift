import BeaconCore
import Foundation

/// A coin as the list shows it (`crypto/tickers`): name, symbol, rank, and the price in the user's currency.
public struct CoinSummary: Sendable, Equatable, Codable {
  public var id: String
  public var name: String
  public var symbol: String
  public var rank: Int?
  /// The price in ``currency`` (US dollars, or kroner at the user's rate).
  public var price: Double?
  /// The price as the seed writes it: `$400.56`, or `431,50 kr`.
  public var priceFormatted: String?
  public var currency: CryptoCurrency
  /// The price in US dollars, as CoinLore gives it.
  public var priceUsd: Double?
  /// Percent change in the last hour, day and week.
  public var change1h: Double?
  public var change24h: Double?
  public var change7d: Double?

  /// The summary of `coin`, with money written by `money`.
  public init(_ coin: Coin, money: MoneyFormat) {
    id = coin.id
    name = coin.name
    symbol = coin.symbol
    rank = coin.rank
    price = coin.priceUsd.map(money.convert)
    priceFormatted = coin.priceUsd.map(money.format)
    currency = money.currency
    priceUsd = coin.priceUsd
    change1h = coin.change1h
    change24h = coin.change24h
    change7d = coin.change7d
  }
}

/// What `crypto/tickers` answers: one page of coins, sorted as asked.
public struct CryptoTickersResult: Sendable, Equatable, Codable {
  public var coins: [CoinSummary]
  public var sort: CoinSortKey
  public var order: CoinSortOrder
  /// The page: `start` coins skipped in CoinLore's rank order, at most `limit` shown.
  public var start: Int
  public var limit: Int
  /// How many coins CoinLore tracks (`info.coins_num`), when it said.
  public var coinsCount: Int?
  public var currency: CryptoCurrency
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var presentation: CryptoPresentation?
  public var attribution: String
}

/// One coin with everything CoinLore says about it (`crypto/ticker`), money in the user's currency.
public struct CoinDetails: Sendable, Equatable, Codable {
  /// CoinLore's own values, numbers already read from its strings (US dollars).
  public var coin: Coin
  public var currency: CryptoCurrency
  /// The price and the money figures in ``currency``, as numbers and as the seed writes them.
  public var price: Double?
  public var priceFormatted: String?
  public var marketCap: Double?
  public var marketCapFormatted: String?
  public var volume24: Double?
  public var volume24Formatted: String?

  /// The details of `coin`, with money written by `money`.
  public init(_ coin: Coin, money: MoneyFormat) {
    self.coin = coin
    currency = money.currency
    price = coin.priceUsd.map(money.convert)
    priceFormatted = coin.priceUsd.map(money.format)
    marketCap = coin.marketCapUsd.map(money.convert)
    marketCapFormatted = coin.marketCapUsd.map(money.format)
    volume24 = coin.volume24Usd.map(money.convert)
    volume24Formatted = coin.volume24Usd.map(money.format)
  }
}

/// What `crypto/ticker` answers.
public struct CryptoTickerResult: Sendable, Equatable, Codable {
  public var details: CoinDetails
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var presentation: CryptoPresentation?
  public var attribution: String
}
