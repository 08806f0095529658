import BeaconCore
import Foundation

/// Birthdays and ages on the calendar: whether a birthday falls in the current Monday–Sunday week, and how old
/// someone is on a day.
///
/// Pure functions of civil days (no system calendar or locale): "today" is the day the wall clock shows in the
/// user's time zone, so the week changes at midnight there. Someone born on 29 February has their birthday on
/// 28 February in common years, for the week as for the age.
package enum BirthdayCalendar {
  /// The day the wall clock shows at `date` in `zone`.
  package static func today(at date: Date, in zone: TimeZone) -> CivilDate {
    WallClock(date, in: zone).day
  }

  /// The Monday–Sunday week holding `day`.
  package static func week(containing day: CivilDate) -> (monday: CivilDate, sunday: CivilDate) {
    let monday = day.adding(days: -day.weekday)
    return (monday, monday.adding(days: 6))
  }

  /// The day someone born on `birthDate` has their birthday in `year`: the same month and day, except that
  /// 29 February is 28 February in a year without one.
  package static func birthday(of birthDate: CivilDate, in year: Int) -> CivilDate {
    if birthDate.month == 2, birthDate.day == 29, !CivilDate.isLeapYear(year) {
      return CivilDate(year: year, month: 2, day: 28)
    }
    return CivilDate(year: year, month: birthDate.month, day: birthDate.day)
  }

  /// The birthday that falls in the Monday–Sunday week of `today`, if one does (a week around New Year looks in
  /// both years). The day of birth itself is no birthday.
  package static func birthdayInWeek(of birthDate: CivilDate, today: CivilDate) -> CivilDate? {
    let (monday, sunday) = week(containing: today)
    for year in Set([monday.year, sunday.year]).sorted() where year > birthDate.year {
      let day = birthday(of: birthDate, in: year)
      if monday <= day && day <= sunday { return day }
    }
    return nil
  }

  /// Whole years between `birthDate` and `day` (0 before the first birthday, never negative).
  package static func age(of birthDate: CivilDate, on day: CivilDate) -> Int {
    var years = day.year - birthDate.year
    if birthday(of: birthDate, in: day.year) > day { years -= 1 }
    return max(0, years)
  }
}
