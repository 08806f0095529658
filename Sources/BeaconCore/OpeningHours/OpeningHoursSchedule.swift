import Foundation

/// A readable OpenStreetMap `opening_hours` value, e.g. `Mo-Th 11:00-22:00; Fr,Sa 11:00-02:00; PH off`.
///
/// Evaluation is pure: the moment, the place's time zone and its holiday calendar are arguments. Hours are
/// wall-clock times in that zone, so a night when daylight saving time starts or ends is handled by the zone:
/// a place open `22:00-03:00` closes when the clock shows 03:00, however long the night was.
///
/// Rules combine as the specification says: a rule after `;` replaces what earlier rules said for the days it
/// selects (so `Mo-Fr 09:00-17:00; We 12:00-14:00` opens Wednesdays only 12–14), one after `,` adds to them,
/// and one after `||` applies only at times no earlier rule spoke about. Hours past midnight belong to the day
/// they start on: `Fr 20:00-02:00; Sa 12:00-18:00` is open on Saturday from midnight to 02:00.
package struct OpeningHoursSchedule: Sendable, Equatable {
  /// The rules, in order.
  let rules: [OpeningHoursRule]

  /// Reads `text`.
  ///
  /// - Throws: ``OpeningHoursSyntaxError`` naming what could not be read and where.
  package init(parsing text: String) throws(OpeningHoursSyntaxError) {
    rules = try OpeningHoursParser.rules(text)
  }

  /// Whether any rule asks about public holidays (`PH`).
  var usesPublicHolidays: Bool { rules.contains { $0.holidays.contains(.publicHoliday) } }

  /// Whether any rule asks about school holidays (`SH`).
  var usesSchoolHolidays: Bool { rules.contains { $0.holidays.contains(.schoolHoliday) } }

  /// Whether the place is open at `date` in `timeZone`, and when that changes (looking a year ahead).
  ///
  /// - Parameter holidays: Which days are holidays there; without it, `PH` and `SH` make the answer unknown
  ///   wherever they would change it.
  package func evaluate(at date: Date, timeZone: TimeZone, holidays: HolidayCalendar? = nil) -> OpeningStatus {
    var evaluator = OpeningHoursEvaluator(schedule: self, holidays: holidays)
    let now = WallClock(date, in: timeZone)
    let current = evaluator.state(at: now)
    guard current.availability != .unknown else { return OpeningStatus(openNow: nil, comment: current.comment) }
    let isOpen = current.availability == .open
    var status = OpeningStatus(openNow: isOpen, comment: current.comment)
    // A change into "unknown" is no closing or opening time anyone could rely on.
    if let change = evaluator.nextChange(after: now, from: current.availability), change.availability != .unknown {
      let at = LocalDateTime(date: change.clock.instant(in: timeZone, notBefore: date), timeZone: timeZone)
      if isOpen { status.closesAt = at } else { status.opensAt = at }
    }
    return status
  }

  /// The hours of each day, Monday to Sunday, of the week that holds `date` in `timeZone`.
  package func week(containing date: Date, timeZone: TimeZone, holidays: HolidayCalendar? = nil) -> [DayHours] {
    var evaluator = OpeningHoursEvaluator(schedule: self, holidays: holidays)
    let today = WallClock(date, in: timeZone).day
    let monday = today.adding(days: -today.weekday)
    return (0..<7).map { offset in
      let day = monday.adding(days: offset)
      let variants = evaluator.variants(on: day)
      // The first variant is the ordinary day (no holiday where that is not known).
      let ordinary = variants.first ?? []
      let uncertain = variants.contains { $0 != ordinary } || ordinary.contains { !$0.isOpen }
      let spans = ordinary.filter(\.isOpen).map { Self.format($0.start) + "-" + Self.format($0.end) }
      return DayHours(date: day, spans: spans, unknown: uncertain)
    }
  }

  /// `08:00`; minutes past midnight wrap (1560 is `02:00`), but the end of a day stays `24:00`.
  static func format(_ minutes: Int) -> String {
    let shown = minutes > 1_440 ? minutes - 1_440 : minutes
    return String(format: "%02d:%02d", shown / 60, shown % 60)
  }
}
