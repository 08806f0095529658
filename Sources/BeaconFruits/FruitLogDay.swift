import BeaconCore
import Foundation

/// One calendar day of the log: what was eaten (in the order eaten) and the day's totals.
package struct FruitLogDay: Sendable, Equatable, Codable {
  /// The local day, `2026-03-29`.
  package var date: CivilDate
  package var entries: [FruitLogEntry]
  /// The sum of each nutrition field over the day's entries (the daily totals).
  package var totals: Nutrition
}

/// What `fruitlog/days` answers: the log by local day, newest day first.
package struct FruitLogDaysResult: Sendable, Equatable, Codable {
  package var days: [FruitLogDay]
  /// The IANA zone the days are counted in.
  package var timeZone: String
}

extension FruitLogDay {
  /// `entries` grouped by their local day in `zone`: newest day first, each day's entries oldest first, with totals.
  package static func group(_ entries: [FruitLogEntry], in zone: TimeZone) -> [FruitLogDay] {
    let byDay = Dictionary(grouping: entries) { LocalDateTime(date: $0.eatenAt, timeZone: zone).day }
    return byDay.keys.sorted(by: >).map { day in
      let dayEntries = (byDay[day] ?? []).sorted { ($0.eatenAt, $0.id) < ($1.eatenAt, $1.id) }
      let totals = dayEntries.reduce(Nutrition.zero) { $0 + $1.nutritions }.rounded
      return FruitLogDay(date: day, entries: dayEntries, totals: totals)
    }
  }
}
