import BeaconCore
import Foundation

extension FruitsService {
  /// Logs that the user ate fruit `id` at `eatenAt` (default now) and returns the entry.
  ///
  /// - Throws: an invalid `eatenAt` for a time after now, ``UnknownEntity/fruit(_:)`` for an id the catalogue
  ///   does not have, and Fruityvice's errors when no catalogue is stored yet.
  package func logFruit(id: Int, eatenAt: Date? = nil) async throws(BeaconError) -> FruitLogEntry {
    let time = now()
    let eaten = eatenAt ?? time
    guard eaten <= time else { throw .invalidArgument(field: "eatenAt", message: .fruit(.eatenInTheFuture)) }
    let fruit = try await lookUp(id: id).fruit
    return try await store.addFruitLogEntry(fruit, eatenAt: eaten, loggedAt: time, timeZone: timeZone)
  }

  /// Removes a log entry; `false` when none had that id.
  package func removeLogEntry(id: Int) async throws(BeaconError) -> Bool {
    try await store.removeFruitLogEntry(id: id)
  }

  /// The log grouped by local day, newest day first, each day with its totals; `from` and `to` (inclusive local
  /// days) narrow it.
  ///
  /// - Parameter zone: The zone whose calendar days count (default: the service's, Europe/Oslo unless configured).
  package func logDays(
    from: CivilDate? = nil,
    to: CivilDate? = nil,
    in zone: TimeZone? = nil
  ) async throws(BeaconError) -> FruitLogDaysResult {
    let timeZone = zone ?? timeZone
    if let from, let to, from > to {
      throw .invalidArgument(field: "from", message: .fruit(.invalidDateRange(from: "\(from)", to: "\(to)")))
    }
    // A day either side covers every UTC offset; the exact local days are picked after grouping.
    let start = from.map { Date(timeIntervalSince1970: Double($0.dayNumber - 1) * 86_400) }
    let end = to.map { Date(timeIntervalSince1970: Double($0.dayNumber + 2) * 86_400) }
    let entries = try await store.fruitLogEntries(from: start, to: end, timeZone: timeZone)
    let days = FruitLogDay.group(entries, in: timeZone).filter { day in
      (from.map { day.date >= $0 } ?? true) && (to.map { day.date <= $0 } ?? true)
    }
    return FruitLogDaysResult(days: days, timeZone: timeZone.identifier)
  }

  /// Fruit `id` from the catalogue; an id missing from a fresh stored copy is looked up once more at Fruityvice.
  func lookUp(id: Int) async throws(BeaconError) -> (fruit: Fruit, catalogue: Catalogue) {
    var catalogue = try await catalogue()
    if !catalogue.fruits.contains(where: { $0.id == id }), catalogue.source == .cache, !catalogue.stale, !offline {
      catalogue = try await self.catalogue(refresh: true)
    }
    guard let fruit = catalogue.fruits.first(where: { $0.id == id }) else { throw .notFound(.fruit(id)) }
    return (fruit, catalogue)
  }

  // MARK: - Reading params

  /// An RFC 3339 time with an offset or `Z` (`2026-03-29T08:30:00+02:00`, seconds and fractions optional).
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming `field`.
  package static func instant(_ text: String, field: String) throws(BeaconError) -> Date {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let invalid = BeaconError.invalidArgument(field: field, message: .fruit(.invalidDateTime(text)))
    let pattern = #"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$"#
    guard trimmed.range(of: pattern, options: .regularExpression) == trimmed.startIndex..<trimmed.endIndex else {
      throw invalid
    }
    // `HH:MM[:SS]` from character 11 on: the shape is checked above, the ranges here.
    let clock = trimmed.dropFirst(11).prefix(8).split(separator: ":").map { Int($0.prefix(2)) ?? 99 }
    let limits = [24, 60, 60]
    guard zip(clock, limits).allSatisfy({ $0 < $1 }),
      let parsed = LocalDateTime(parsing: trimmed.replacingOccurrences(of: " ", with: "T"))
    else { throw invalid }
    return parsed.date
  }

  /// An IANA time zone such as `Europe/Oslo`.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming `field`.
  package static func zone(_ identifier: String, field: String) throws(BeaconError) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier.trimmingCharacters(in: .whitespaces)) else {
      throw .invalidArgument(field: field, message: .fruit(.invalidTimeZone(identifier)))
    }
    return zone
  }

  /// A calendar day, `2026-03-29`.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming `field`.
  package static func day(_ text: String, field: String) throws(BeaconError) -> CivilDate {
    guard let day = CivilDate(parsing: text.trimmingCharacters(in: .whitespaces)) else {
      throw .invalidArgument(field: field, message: .fruit(.invalidDate(text)))
    }
    return day
  }
}
