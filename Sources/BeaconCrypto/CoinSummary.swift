import BeaconCore
import Foundation

/// A coin as the list shows it (`crypto/tickers`): name, symbol, rank, and the price in the user's currency.
package struct CoinSummary: Sendable, Equatable, Codable {
  package var id: String
  package var name: String
  package var symbol: String
  package var rank: Int?
  /// The price in ``currency`` (US dollars, or kroner at the user's rate).
  package var price: Double?
  /// The price as the seed writes it: `$400.56`, or `431,50 kr`.
  package var priceFormatted: String?
  package var currency: CryptoCurrency
  /// The price in US dollars, as CoinLore gives it.
  package var priceUsd: Double?
  /// Percent change in the last hour, day and week.
  package var change1h: Double?
  package var change24h: Double?
  package var change7d: Double?

  /// The summary of `coin`, with money written by `money`.
  package init(_ coin: Coin, money: MoneyFormat) {
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
package struct CryptoTickersResult: Sendable, Equatable, Codable {
  package var coins: [CoinSummary]
  package var sort: CoinSortKey
  package var order: CoinSortOrder
  /// The page: `start` coins skipped in CoinLore's rank order, at most `limit` shown.
  package var start: Int
  package var limit: Int
  /// How many coins CoinLore tracks (`info.coins_num`), when it said.
  package var coinsCount: Int?
  package var currency: CryptoCurrency
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var presentation: CryptoPresentation?
  package var attribution: String
}

/// One coin with everything CoinLore says about it (`crypto/ticker`), money in the user's currency.
package struct CoinDetails: Sendable, Equatable, Codable {
  /// CoinLore's own values, numbers already read from its strings (US dollars).
  package var coin: Coin
  package var currency: CryptoCurrency
  /// The price and the money figures in ``currency``, as numbers and as the seed writes them.
  package var price: Double?
  package var priceFormatted: String?
  package var marketCap: Double?
  package var marketCapFormatted: String?
  package var volume24: Double?
  package var volume24Formatted: String?

  /// The details of `coin`, with money written by `money`.
  package init(_ coin: Coin, money: MoneyFormat) {
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
package struct CryptoTickerResult: Sendable, Equatable, Codable {
  package var details: CoinDetails
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var presentation: CryptoPresentation?
  package var attribution: String
}
