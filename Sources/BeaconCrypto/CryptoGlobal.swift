import BeaconCore
import Foundation

/// Every field of CoinLore's `/api/global/`, numbers read from CoinLore's strings; `nil` when left out or unreadable.
package struct CryptoGlobal: Sendable, Equatable, Codable {
  /// `coins_count`: how many coins CoinLore tracks.
  package var coinsCount: Int?
  /// `active_markets`.
  package var activeMarkets: Int?
  /// `total_mcap`: the total market capitalisation, US dollars.
  package var totalMcap: Double?
  /// `total_volume`: the total 24-hour volume, US dollars.
  package var totalVolume: Double?
  /// `btc_d`, `eth_d`: Bitcoin's and Ethereum's share of the total market capitalisation, percent.
  package var btcD: Double?
  package var ethD: Double?
  /// `mcap_change`, `volume_change`: percent change in the last 24 hours.
  package var mcapChange: Double?
  package var volumeChange: Double?
  /// `avg_change_percent`: the average change of all coins, percent.
  package var avgChangePercent: Double?
  /// `volume_ath`, `mcap_ath`: the all-time highs, US dollars (above 2^53: read as floating point).
  package var volumeAth: Double?
  package var mcapAth: Double?

  /// Creates the figures.
  package init(
    coinsCount: Int? = nil,
    activeMarkets: Int? = nil,
    totalMcap: Double? = nil,
    totalVolume: Double? = nil,
    btcD: Double? = nil,
    ethD: Double? = nil,
    mcapChange: Double? = nil,
    volumeChange: Double? = nil,
    avgChangePercent: Double? = nil,
    volumeAth: Double? = nil,
    mcapAth: Double? = nil
  ) {
    self.coinsCount = coinsCount
    self.activeMarkets = activeMarkets
    self.totalMcap = totalMcap
    self.totalVolume = totalVolume
    self.btcD = btcD
    self.ethD = ethD
    self.mcapChange = mcapChange
    self.volumeChange = volumeChange
    self.avgChangePercent = avgChangePercent
    self.volumeAth = volumeAth
    self.mcapAth = mcapAth
  }
}

/// How a client shows data that may be old: the seed marks text from an outdated answer dark red.
package struct CryptoPresentation: Sendable, Equatable, Codable {
  /// Dark red, `#8B0000`: the colour for every text that came from CoinLore when the answer is stale.
  package static let staleTextColor = "#8B0000"

  /// The colour for text from CoinLore.
  package var textColor: String
  /// Why: always `stale` for now.
  package var reason: String

  /// The hint for a stale answer, or `nil` for a current one.
  package static func forStale(_ stale: Bool) -> CryptoPresentation? {
    stale ? CryptoPresentation(textColor: staleTextColor, reason: "stale") : nil
  }
}

/// What `crypto/global` answers: the figures, the money amounts formatted in the user's currency, and where they
/// came from.
package struct CryptoGlobalResult: Sendable, Equatable, Codable {
  /// The money amounts of ``CryptoGlobal`` in the user's currency (`$2,499,568,847,643.18` or `… kr`).
  package struct Formatted: Sendable, Equatable, Codable {
    package var totalMcap: String?
    package var totalVolume: String?
    package var volumeAth: String?
    package var mcapAth: String?
  }

  package var global: CryptoGlobal
  package var formatted: Formatted
  /// `USD`, or `NOK` when the user set a rate.
  package var currency: CryptoCurrency
  package var source: DataSource
  /// Whether the stored copy stands in because CoinLore could not be reached (or Beacon is offline).
  package var stale: Bool
  package var fetchedAt: Date
  /// Present when stale: show CoinLore's text dark red.
  package var presentation: CryptoPresentation?
  package var attribution: String
}
