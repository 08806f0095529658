/// One rule of an OpenStreetMap `opening_hours` value, e.g. `Mo-Fr 08:00-16:00` or `PH off`.
///
/// A rule selects days (years, dates, weeks, weekdays, holidays: all must match; an empty selector matches
/// every day), the times of those days (the whole day when there are none) and says what holds then.
struct OpeningHoursRule: Sendable, Equatable {
  /// How a rule combines with the rules before it.
  enum Kind: Sendable, Equatable {
    /// After `;` (or first): replaces what earlier rules said for the days it selects.
    case normal
    /// After `,`: adds to what earlier rules said.
    case additional
    /// After `||`: applies only where no earlier rule applied.
    case fallback
  }

  /// What a rule says about its times.
  enum State: Sendable, Equatable {
    /// `open`, or no modifier.
    case open
    /// `closed` or `off`.
    case closed
    /// `unknown`, a rule that is only a comment, or an open end (`18:00+`).
    case unknown
  }

  /// An inclusive range of numbers with a step: years (`2024-2026`) or ISO weeks (`week 01-10/2`).
  struct NumberRange: Sendable, Equatable {
    /// The first number.
    var first: Int
    /// The last number.
    var last: Int
    /// Every `step`-th number from `first`.
    var step = 1

    /// Whether `value` is one of the range's numbers.
    func contains(_ value: Int) -> Bool {
      value >= first && value <= last && (value - first) % max(step, 1) == 0
    }
  }

  /// A range of days of the year, `Dec 24-26`, `Jan-Mar` or `Nov 15-Feb 15` (wrapping over New Year).
  struct DateRange: Sendable, Equatable {
    /// Month and day of the first day (`day` 1 for a month).
    var start: (month: Int, day: Int)
    /// Month and day of the last day (`day` 31 for a whole month: days compare as month × 100 + day).
    var end: (month: Int, day: Int)

    /// Whether `date` falls in the range, in any year.
    func contains(_ date: CivilDate) -> Bool {
      let key = date.month * 100 + date.day
      let from = start.month * 100 + start.day
      let to = end.month * 100 + end.day
      return from <= to ? (from...to).contains(key) : key >= from || key <= to
    }

    /// Equal when they start and end on the same days.
    static func == (lhs: DateRange, rhs: DateRange) -> Bool {
      lhs.start == rhs.start && lhs.end == rhs.end
    }
  }

  /// Weekdays `first` through `last` (0 Monday … 6 Sunday, wrapping: `Fr-Mo`), optionally only the n-th of
  /// the month (`Su[-1]`, the last Sunday; `Mo[1,3]`).
  struct WeekdayRange: Sendable, Equatable {
    /// The first weekday, 0 (Monday) … 6 (Sunday).
    var first: Int
    /// The last weekday; before `first` when the range wraps over Sunday.
    var last: Int
    /// Which of the month's weekdays of that name (1…5 from the start, −1…−5 from the end); empty for all.
    var nth: [Int] = []

    /// Whether `date` is one of the range's weekdays.
    func contains(_ date: CivilDate) -> Bool {
      let weekday = date.weekday
      let inRange = first <= last ? (first...last).contains(weekday) : weekday >= first || weekday <= last
      guard inRange else { return false }
      guard !nth.isEmpty else { return true }
      let fromStart = (date.day - 1) / 7 + 1
      let fromEnd = -((CivilDate.daysIn(month: date.month, year: date.year) - date.day) / 7 + 1)
      return nth.contains(fromStart) || nth.contains(fromEnd)
    }
  }

  /// A holiday a rule may select.
  enum Holiday: Sendable, Equatable {
    /// `PH`, a public holiday.
    case publicHoliday
    /// `SH`, a school holiday.
    case schoolHoliday
  }

  /// A span of a day in minutes after its midnight; `end` may pass 24:00 (1440) into the next day.
  struct TimeSpan: Sendable, Equatable {
    /// Minutes after midnight, 0…1439.
    var start: Int
    /// Minutes after midnight, after `start`, up to 2880 (48:00).
    var end: Int
    /// `18:00+`: the end is not known.
    var openEnd = false
  }

  /// How the rule combines with the ones before it.
  var kind: Kind
  /// The years it applies in; empty for every year.
  var years: [NumberRange] = []
  /// The days of the year it applies on; empty for all.
  var dates: [DateRange] = []
  /// The ISO weeks it applies in; empty for all.
  var weeks: [NumberRange] = []
  /// The weekdays it applies on; empty for all (unless holidays are given).
  var weekdays: [WeekdayRange] = []
  /// The holidays it applies on.
  var holidays: [Holiday] = []
  /// Whether holidays and weekdays must both match (`SH Mo-Fr`) rather than either (`Sa,Su,PH`).
  var holidaysAndWeekdays = false
  /// The times; `nil` is the whole day.
  var times: [TimeSpan]?
  /// What holds at its times.
  var state: State = .open
  /// Its comment, without the quotes.
  var comment: String?

  /// Whether the rule selects `date`, given whether that day is a public or a school holiday.
  func selects(_ date: CivilDate, publicHoliday: Bool, schoolHoliday: Bool) -> Bool {
    if !years.isEmpty, !years.contains(where: { $0.contains(date.year) }) { return false }
    if !dates.isEmpty, !dates.contains(where: { $0.contains(date) }) { return false }
    if !weeks.isEmpty, !weeks.contains(where: { $0.contains(date.isoWeek) }) { return false }
    let isHoliday = holidays.contains { holiday in
      switch holiday {
      case .publicHoliday: publicHoliday
      case .schoolHoliday: schoolHoliday
      }
    }
    let isWeekday = weekdays.contains { $0.contains(date) }
    switch (holidays.isEmpty, weekdays.isEmpty) {
    case (true, true): return true
    case (true, false): return isWeekday
    case (false, true): return isHoliday
    case (false, false): return holidaysAndWeekdays ? isHoliday && isWeekday : isHoliday || isWeekday
    }
  }
}
