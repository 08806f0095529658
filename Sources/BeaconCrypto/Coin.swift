import BeaconCore
import Foundation

/// One coin as CoinLore describes it (`/api/tickers/` or `/api/ticker/`), every number already read from CoinLore's
/// strings; a value CoinLore leaves out, empties (`""`) or nulls is `nil`.
///
/// Kept in the store as JSON (``Store/storeCoins(_:at:)``), so details and statistics work without the network.
package struct Coin: Sendable, Equatable, Codable {
  /// CoinLore's id, a decimal number as text (`"90"` is Bitcoin).
  package var id: String
  package var symbol: String
  package var name: String
  /// CoinLore's slug (`bitcoin`).
  package var nameid: String
  /// The rank by market capitalisation, 1 first.
  package var rank: Int?
  package var priceUsd: Double?
  /// Percent change in the last hour, day and week (`-0.98` is −0,98 %).
  package var change1h: Double?
  package var change24h: Double?
  package var change7d: Double?
  package var priceBtc: Double?
  package var marketCapUsd: Double?
  /// Trading volume in the last 24 hours, in US dollars.
  package var volume24Usd: Double?
  /// CoinLore's `volume24a` (a second 24-hour volume in US dollars, `/api/tickers/` only).
  package var volume24a: Double?
  /// Trading volume in the last 24 hours in the coin itself (`/api/ticker/` only).
  package var volume24Native: Double?
  /// Coins in circulation, all coins, and the most there can ever be (`nil` when CoinLore gives `""` or null).
  package var circulatingSupply: Double?
  package var totalSupply: Double?
  package var maxSupply: Double?

  /// Creates a coin.
  package init(
    id: String,
    symbol: String,
    name: String,
    nameid: String = "",
    rank: Int? = nil,
    priceUsd: Double? = nil,
    change1h: Double? = nil,
    change24h: Double? = nil,
    change7d: Double? = nil,
    priceBtc: Double? = nil,
    marketCapUsd: Double? = nil,
    volume24Usd: Double? = nil,
    volume24a: Double? = nil,
    volume24Native: Double? = nil,
    circulatingSupply: Double? = nil,
    totalSupply: Double? = nil,
    maxSupply: Double? = nil
  ) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.nameid = nameid
    self.rank = rank
    self.priceUsd = priceUsd
    self.change1h = change1h
    self.change24h = change24h
    self.change7d = change7d
    self.priceBtc = priceBtc
    self.marketCapUsd = marketCapUsd
    self.volume24Usd = volume24Usd
    self.volume24a = volume24a
    self.volume24Native = volume24Native
    self.circulatingSupply = circulatingSupply
    self.totalSupply = totalSupply
    self.maxSupply = maxSupply
  }

  /// The change over `period`.
  package func change(_ period: ChangePeriod) -> Double? {
    switch period {
    case .hour: change1h
    case .day: change24h
    case .week: change7d
    }
  }
}

/// The three periods CoinLore gives a coin's change for.
package enum ChangePeriod: String, Sendable, Codable, CaseIterable {
  case hour = "1h"
  case day = "24h"
  case week = "7d"

  /// `1 t`, `24 t`, `7 d` (English `1 h`, `24 h`, `7 d`).
  package func label(in language: Language) -> String {
    switch self {
    case .hour: language.choose(("1 t", "1 t", "1 h"))
    case .day: language.choose(("24 t", "24 t", "24 h"))
    case .week: language.choose(("7 d", "7 d", "7 d"))
    }
  }
}
