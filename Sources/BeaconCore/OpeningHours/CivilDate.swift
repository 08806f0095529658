import Foundation

/// A day on the (proleptic Gregorian) calendar, without a time of day or a time zone: `2026-03-29`.
///
/// Opening hours speak in days and wall-clock times, so they are evaluated on these, with integer arithmetic
/// that does not depend on the system's calendar or locale.
package struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The year, e.g. 2026.
  package var year: Int
  /// The month, 1…12.
  package var month: Int
  /// The day of the month, 1…31.
  package var day: Int

  /// Creates a day (not validated; see ``isValid``).
  package init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `dayNumber` days after 1970-01-01 (before it when negative).
  package init(dayNumber: Int) {
    // Howard Hinnant's civil_from_days.
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01 (negative before it).
  package var dayNumber: Int {
    // Howard Hinnant's days_from_civil.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let shiftedMonth = (month + 9) % 12
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Whether month and day exist in that year.
  package var isValid: Bool {
    (1...12).contains(month) && (1...Self.daysIn(month: month, year: year)).contains(day)
  }

  /// The day of the week: 0 is Monday, 6 is Sunday (as in OpenStreetMap's `Mo`…`Su`).
  package var weekday: Int {
    // 1970-01-01 was a Thursday (3).
    ((dayNumber + 3) % 7 + 7) % 7
  }

  /// The ISO 8601 week number, 1…53 (weeks start on Monday; week 1 holds the year's first Thursday).
  package var isoWeek: Int {
    let thursday = CivilDate(dayNumber: dayNumber - weekday + 3)
    let firstOfYear = CivilDate(year: thursday.year, month: 1, day: 1)
    return (thursday.dayNumber - firstOfYear.dayNumber) / 7 + 1
  }

  /// The day `days` days later (earlier when negative).
  package func adding(days: Int) -> CivilDate {
    CivilDate(dayNumber: dayNumber + days)
  }

  /// How many days `month` has in `year`.
  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether `year` has a 29 February.
  package static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// `2026-03-29`.
  package var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// Orders days in time.
  package static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Encodes as `2026-03-29`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Reads `2026-03-29`.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = CivilDate(parsing: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a day: \(text)")
    }
    self = day
  }

  /// Parses `2026-03-29`; `nil` for anything else or a day that does not exist.
  package init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, let year = Int(parts[0]),
      let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
    guard isValid else { return nil }
  }
}
