/// Which days are public holidays (OSM `PH`) and school holidays (`SH`) where a place is.
///
/// Without a calendar, or where it does not know, a rule about holidays makes the hours unknown wherever it
/// would change them. Beacon knows Norway's and Finland's public holidays (``forTimeZone(_:)``); it knows no
/// school holidays.
package struct HolidayCalendar: Sendable {
  /// Whether a day is a public holiday (`nil`: not known).
  private let publicHoliday: @Sendable (CivilDate) -> Bool?
  /// Whether a day is in a school holiday (`nil`: not known).
  private let schoolHoliday: @Sendable (CivilDate) -> Bool?

  /// A calendar that answers by functions; `nil` means "not known".
  package init(
    publicHoliday: @escaping @Sendable (CivilDate) -> Bool?,
    schoolHoliday: @escaping @Sendable (CivilDate) -> Bool? = { _ in nil }
  ) {
    self.publicHoliday = publicHoliday
    self.schoolHoliday = schoolHoliday
  }

  /// A calendar whose public holidays are exactly `days` (school holidays unknown).
  package init(publicHolidays days: Set<CivilDate>) {
    self.init(publicHoliday: { days.contains($0) })
  }

  /// Whether `day` is a public holiday; `nil` when the calendar does not know.
  package func isPublicHoliday(_ day: CivilDate) -> Bool? { publicHoliday(day) }

  /// Whether `day` is in a school holiday; `nil` when the calendar does not know.
  package func isSchoolHoliday(_ day: CivilDate) -> Bool? { schoolHoliday(day) }

  /// The calendar for places in the IANA time zone `identifier`: Norway's for `Europe/Oslo`, Finland's for
  /// `Europe/Helsinki`; `nil` elsewhere.
  package static func forTimeZone(_ identifier: String) -> HolidayCalendar? {
    switch identifier {
    case "Europe/Oslo", "Arctic/Longyearbyen": norway
    case "Europe/Helsinki", "Europe/Mariehamn": finland
    default: nil
    }
  }

  /// Norway's public holidays (helligdager and 1 and 17 May; Sundays are not `PH`).
  package static let norway = HolidayCalendar { day in
    let easter = easterSunday(in: day.year).dayNumber
    let fixed = [(1, 1), (5, 1), (5, 17), (12, 25), (12, 26)]
    if fixed.contains(where: { $0 == (day.month, day.day) }) { return true }
    // Maundy Thursday, Good Friday, Easter Sunday and Monday, Ascension Day, Whit Sunday and Monday.
    return [-3, -2, 0, 1, 39, 49, 50].contains(day.dayNumber - easter)
  }

  /// Finland's public holidays (the official ones; Midsummer Day and All Saints' Day fall on Saturdays).
  package static let finland = HolidayCalendar { day in
    let easter = easterSunday(in: day.year).dayNumber
    let fixed = [(1, 1), (1, 6), (5, 1), (12, 6), (12, 25), (12, 26)]
    if fixed.contains(where: { $0 == (day.month, day.day) }) { return true }
    let isSaturday = day.weekday == 5
    // Midsummer Day: the Saturday 20–26 June; All Saints' Day: the Saturday 31 October – 6 November.
    if isSaturday, day.month == 6, (20...26).contains(day.day) { return true }
    if isSaturday, (day.month == 10 && day.day == 31) || (day.month == 11 && day.day <= 6) { return true }
    // Good Friday, Easter Sunday and Monday, Ascension Day, Whit Sunday.
    return [-2, 0, 1, 39, 49].contains(day.dayNumber - easter)
  }

  /// Easter Sunday of `year` in the Gregorian calendar (the anonymous Gregorian algorithm).
  package static func easterSunday(in year: Int) -> CivilDate {
    let a = year % 19
    let b = year / 100
    let c = year % 100
    let d = b / 4
    let e = b % 4
    let f = (b + 8) / 25
    let g = (b - f + 1) / 3
    let h = (19 * a + b - d - g + 15) % 30
    let i = c / 4
    let k = c % 4
    let l = (32 + 2 * e + 2 * i - h - k) % 7
    let m = (a + 11 * h + 22 * l) / 451
    let month = (h + l - 7 * m + 114) / 31
    let day = (h + l - 7 * m + 114) % 31 + 1
    return CivilDate(year: year, month: month, day: day)
  }
}
