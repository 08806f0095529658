import BeaconCore
import Foundation

/// What `crypto/stats` answers: the chosen coins' changes as a bar chart (a coin's name on x, percent on y, one series
/// per period) and whether one of them moved more than the user's threshold (the 💰 rain).
public struct CryptoStatsResult: Sendable, Equatable, Codable {
  /// One bar: a coin's name and its change in percent (`nil` when CoinLore gave none).
  public struct Point: Sendable, Equatable, Codable {
    public var x: String
    public var y: Double?
  }

  /// One period's bars.
  public struct Series: Sendable, Equatable, Codable {
    public var period: ChangePeriod
    /// `1 t`, `24 t`, `7 d` in the session's language.
    public var label: String
    public var points: [Point]
  }

  /// The chart: axis titles and the three series, in the coins' order.
  public struct Chart: Sendable, Equatable, Codable {
    public var xAxis: String
    public var yAxis: String
    public var series: [Series]
  }

  /// A change larger than the threshold.
  public struct Alert: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var period: ChangePeriod
    public var change: Double
  }

  /// The animation: money emoji falling from the top of the screen.
  public struct Rain: Sendable, Equatable, Codable {
    public var emoji = "💰"
    public var count = 30
    public var durationSeconds = 3.0
    public var from = "top"
  }

  /// The coins in the order asked for, with their changes.
  public var coins: [CoinSummary]
  public var chart: Chart
  /// Whether a change, up or down, is larger than ``alertThreshold`` percent.
  public var alert: Bool
  public var alertThreshold: Double
  public var alerts: [Alert]
  /// Present when ``alert`` is true.
  public var rain: Rain?
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var presentation: CryptoPresentation?
  public var attribution: String

  /// The changes of `coins` whose size exceeds `threshold` (strictly: a change of exactly the threshold is not one).
  public static func alerts(_ coins: [Coin], threshold: Double) -> [Alert] {
    coins.flatMap { coin in
      ChangePeriod.allCases.compactMap { period in
        guard let change = coin.change(period), abs(change) > threshold else { return nil }
        return Alert(id: coin.id, name: coin.name, period: period, change: change)
      }
    }
  }

  /// The chart of `coins` with titles in `language`.
  public static func chart(_ coins: [Coin], language: Language) -> Chart {
    Chart(
      xAxis: language.choose(("Kryptovaluta", "Kryptovaluta", "Cryptocurrency")),
      yAxis: language.choose(("Endring (%)", "Endring (%)", "Change (%)")),
      series: ChangePeriod.allCases.map { period in
        Series(
          period: period,
          label: period.label(in: language),
          points: coins.map { Point(x: $0.name, y: $0.change(period)) }
        )
      }
    )
  }
}
