import Foundation

/// What a clock on the wall shows in some time zone: a day and the minute after its midnight.
///
/// Opening hours are wall-clock times, so a moment is turned into one of these (a pure function of the
/// instant and the zone's offset) and back (where daylight saving time can skip or repeat an hour).
package struct WallClock: Sendable, Hashable, Comparable {
  /// The day.
  package var day: CivilDate
  /// Minutes after midnight, 0…1439.
  var minute: Int

  /// A day and minute; `minute` may lie beyond the day (1500 is 01:00 the next day) or before it.
  init(day: CivilDate, minute: Int) {
    let days = minute >= 0 ? minute / 1_440 : (minute - 1_439) / 1_440
    self.day = day.adding(days: days)
    self.minute = minute - days * 1_440
  }

  /// What the clock shows at `date` in `zone` (to the minute, rounded down).
  package init(_ date: Date, in zone: TimeZone) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
    let dayNumber = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    day = CivilDate(dayNumber: dayNumber)
    minute = (seconds - dayNumber * 86_400) / 60
  }

  /// Seconds since 1970 as if the wall time were UTC.
  private var wallSeconds: Int { day.dayNumber * 86_400 + minute * 60 }

  /// The first instant, not before `notBefore`, at which the clock in `zone` shows this time; a time that a
  /// change to daylight saving time skips is reached at the change (02:30 on a night that jumps from 02:00
  /// to 03:00 is the instant the clock shows 03:00).
  func instant(in zone: TimeZone, notBefore: Date) -> Date {
    let wall = wallSeconds
    // Offsets a day either side of the wall time: every real zone changes its offset at most once in between.
    let offsets = Set([wall - 86_400, wall + 86_400].map { zone.secondsFromGMT(for: Self.date($0)) })
    let valid = offsets.map { wall - $0 }.filter { zone.secondsFromGMT(for: Self.date($0)) == wall - $0 }.sorted()
    if let first = valid.first(where: { Self.date($0) >= notBefore }) ?? valid.last {
      return Self.date(first)
    }
    // Skipped: the change lies between the instants the two offsets name; find it to the second.
    let candidates = offsets.map { wall - $0 }
    var low = candidates.min() ?? wall
    var high = candidates.max() ?? wall
    let lowOffset = zone.secondsFromGMT(for: Self.date(low))
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if zone.secondsFromGMT(for: Self.date(middle)) == lowOffset { low = middle } else { high = middle }
    }
    return Self.date(high)
  }

  /// The instant `seconds` after 1970.
  private static func date(_ seconds: Int) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Orders wall-clock times.
  package static func < (lhs: WallClock, rhs: WallClock) -> Bool {
    (lhs.day, lhs.minute) < (rhs.day, rhs.minute)
  }
}
