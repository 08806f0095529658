import Foundation

/// A place's opening hours as `places/details` shows them: the raw OpenStreetMap value, whether the place is
/// open at the time of the request, when that changes, and this week's hours.
///
/// A value Beacon cannot read is never an error: `raw` is kept and `openNow` is `null`.
package struct OpeningHours: Sendable, Equatable, Codable {
  /// The zone hours are read in when a place has none of its own (Geoapify sends one for most places).
  package static let defaultTimeZoneIdentifier = "Europe/Oslo"

  /// The OSM `opening_hours` value as the data has it, e.g. `Mo-Fr 11:00-22:00; Sa 12:00-23:00`.
  package var raw: String
  /// Open (`true`), closed (`false`) or not known (`null`) at the time of the request.
  package var openNow: Bool?
  /// When an open place closes, in the place's local time with its UTC offset.
  package var closesAt: LocalDateTime?
  /// When a closed place opens, in the place's local time with its UTC offset.
  package var opensAt: LocalDateTime?
  /// The comment of the rule that decides now (`Lunch`, `by appointment`).
  package var comment: String?
  /// Monday to Sunday of the current week in the place's time zone; omitted when `raw` cannot be read.
  package var weekly: [DayHours]?

  /// Reads `raw` and evaluates it at `date` in `timeZone` with the zone's holiday calendar.
  package init(raw: String, at date: Date, timeZone: TimeZone) {
    self.raw = raw
    guard let schedule = try? OpeningHoursSchedule(parsing: raw) else { return }
    let holidays = HolidayCalendar.forTimeZone(timeZone.identifier)
    let status = schedule.evaluate(at: date, timeZone: timeZone, holidays: holidays)
    openNow = status.openNow
    closesAt = status.closesAt
    opensAt = status.opensAt
    comment = status.comment
    weekly = schedule.week(containing: date, timeZone: timeZone, holidays: holidays)
  }

  /// The status of `raw` at `date` in `timeZone`: what lists show; ``OpeningStatus/unknown`` when unreadable.
  package static func status(of raw: String, at date: Date, timeZone: TimeZone) -> OpeningStatus {
    guard let schedule = try? OpeningHoursSchedule(parsing: raw) else { return .unknown }
    return schedule.evaluate(at: date, timeZone: timeZone, holidays: HolidayCalendar.forTimeZone(timeZone.identifier))
  }

  /// The time zone called `identifier`, else `fallback`, else ``defaultTimeZoneIdentifier``'s.
  package static func timeZone(_ identifier: String?, default fallback: TimeZone? = nil) -> TimeZone {
    identifier.flatMap(TimeZone.init(identifier:)) ?? fallback ?? TimeZone(identifier: defaultTimeZoneIdentifier)
      ?? .gmt
  }

  /// The wire names.
  private enum CodingKeys: String, CodingKey {
    case raw, openNow, closesAt, opensAt, comment, weekly
  }

  /// Encodes every field; `openNow` is an explicit `null` when unknown.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(raw, forKey: .raw)
    try container.encode(openNow, forKey: .openNow)
    try container.encodeIfPresent(closesAt, forKey: .closesAt)
    try container.encodeIfPresent(opensAt, forKey: .opensAt)
    try container.encodeIfPresent(comment, forKey: .comment)
    try container.encodeIfPresent(weekly, forKey: .weekly)
  }
}
