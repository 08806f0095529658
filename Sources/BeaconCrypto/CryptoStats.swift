import BeaconCore
import Foundation

/// What `crypto/stats` answers: the chosen coins' changes as a bar chart (a coin's name on x, percent on y, one series
/// per period) and whether one of them moved more than the user's threshold (the 💰 rain).
package struct CryptoStatsResult: Sendable, Equatable, Codable {
  /// One bar: a coin's name and its change in percent (`nil` when CoinLore gave none).
  package struct Point: Sendable, Equatable, Codable {
    package var x: String
    package var y: Double?
  }

  /// One period's bars.
  package struct Series: Sendable, Equatable, Codable {
    package var period: ChangePeriod
    /// `1 t`, `24 t`, `7 d` in the session's language.
    package var label: String
    package var points: [Point]
  }

  /// The chart: axis titles and the three series, in the coins' order.
  package struct Chart: Sendable, Equatable, Codable {
    package var xAxis: String
    package var yAxis: String
    package var series: [Series]
  }

  /// A change larger than the threshold.
  package struct Alert: Sendable, Equatable, Codable {
    package var id: String
    package var name: String
    package var period: ChangePeriod
    package var change: Double
  }

  /// The animation: money emoji falling from the top of the screen.
  package struct Rain: Sendable, Equatable, Codable {
    package var emoji = "💰"
    package var count = 30
    package var durationSeconds = 3.0
    package var from = "top"
  }

  /// The coins in the order asked for, with their changes.
  package var coins: [CoinSummary]
  package var chart: Chart
  /// Whether a change, up or down, is larger than ``alertThreshold`` percent.
  package var alert: Bool
  package var alertThreshold: Double
  package var alerts: [Alert]
  /// Present when ``alert`` is true.
  package var rain: Rain?
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var presentation: CryptoPresentation?
  package var attribution: String

  /// The changes of `coins` whose size exceeds `threshold` (strictly: a change of exactly the threshold is not one).
  package static func alerts(_ coins: [Coin], threshold: Double) -> [Alert] {
    coins.flatMap { coin in
      ChangePeriod.allCases.compactMap { period in
        guard let change = coin.change(period), abs(change) > threshold else { return nil }
        return Alert(id: coin.id, name: coin.name, period: period, change: change)
      }
    }
  }

  /// The chart of `coins` with titles in `language`.
  package static func chart(_ coins: [Coin], language: Language) -> Chart {
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
