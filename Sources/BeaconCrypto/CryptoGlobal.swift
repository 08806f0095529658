import BeaconCore
import Foundation

/// Every field of CoinLore's `/api/global/`, numbers read from CoinLore's strings; `nil` when left out or unreadable.
public struct CryptoGlobal: Sendable, Equatable, Codable {
  /// `coins_count`: how many coins CoinLore tracks.
  public var coinsCount: Int?
  /// `active_markets`.
  public var activeMarkets: Int?
  /// `total_mcap`: the total market capitalisation, US dollars.
  public var totalMcap: Double?
  /// `total_volume`: the total 24-hour volume, US dollars.
  public var totalVolume: Double?
  /// `btc_d`, `eth_d`: Bitcoin's and Ethereum's share of the total market capitalisation, percent.
  public var btcD: Double?
  public var ethD: Double?
  /// `mcap_change`, `volume_change`: percent change in the last 24 hours.
  public var mcapChange: Double?
  public var volumeChange: Double?
  /// `avg_change_percent`: the average change of all coins, percent.
  public var avgChangePercent: Double?
  /// `volume_ath`, `mcap_ath`: the all-time highs, US dollars (above 2^53: read as floating point).
  public var volumeAth: Double?
  public var mcapAth: Double?

  /// Creates the figures.
  public init(
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
public struct CryptoPresentation: Sendable, Equatable, Codable {
  /// Dark red, `#8B0000`: the colour for every text that came from CoinLore when the answer is stale.
  public static let staleTextColor = "#8B0000"

  /// The colour for text from CoinLore.
  public var textColor: String
  /// Why: always `stale` for now.
  public var reason: String

  /// The hint for a stale answer, or `nil` for a current one.
  public static func forStale(_ stale: Bool) -> CryptoPresentation? {
    stale ? CryptoPresentation(textColor: staleTextColor, reason: "stale") : nil
  }
}

/// What `crypto/global` answers: the figures, the money amounts formatted in the user's currency, and where they
/// came from.
public struct CryptoGlobalResult: Sendable, Equatable, Codable {
  /// The money amounts of ``CryptoGlobal`` in the user's currency (`$2,499,568,847,643.18` or `… kr`).
  public struct Formatted: Sendable, Equatable, Codable {
    public var totalMcap: String?
    public var totalVolume: String?
    public var volumeAth: String?
    public var mcapAth: String?
  }

  public var global: CryptoGlobal
  public var formatted: Formatted
  /// `USD`, or `NOK` when the user set a rate.
  public var currency: CryptoCurrency
  public var source: DataSource
  /// Whether the stored copy stands in because CoinLore could not be reached (or Beacon is offline).
  public var stale: Bool
  public var fetchedAt: Date
  /// Present when stale: show CoinLore's text dark red.
  public var presentation: CryptoPresentation?
  public var attribution: String
}
