import BeaconCore
import Foundation
import Testing

@testable import BeaconPeople

/// Whether a user has a birthday "this week": the current Monday–Sunday week on the user's
/// calendar, with its edges (Monday and Sunday, the days just outside), 29 February, the turn of the year and the
/// time zone that decides when the week changes; and ages.
@Suite struct PeopleBirthdayTests {
  static func day(_ text: String) throws -> CivilDate {
    try #require(CivilDate(parsing: text), "\(text)")
  }

  static func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text), "\(text)")
  }

  /// Whether someone born on `born` has a birthday in the week of `today`.
  static func thisWeek(_ born: String, today: String) throws -> Bool {
    try BirthdayCalendar.birthdayInWeek(of: day(born), today: day(today)) != nil
  }

  // MARK: - The two scenarios the seed asks for

  @Test func aBirthdayLaterThisWeekIsThisWeek() throws {
    // Wednesday 25 November 2026; the birthday is on Friday.
    let birthday = try BirthdayCalendar.birthdayInWeek(of: Self.day("1990-11-27"), today: Self.day("2026-11-25"))
    #expect(birthday == (try Self.day("2026-11-27")))
  }

  @Test func aBirthdayNextMonthIsNotThisWeek() throws {
    #expect(try Self.thisWeek("1990-12-24", today: "2026-11-25") == false)
    #expect(try Self.thisWeek("1990-11-18", today: "2026-11-25") == false, "last week's")
  }

  @Test func aBirthdayEarlierThisWeekStillCounts() throws {
    #expect(try Self.thisWeek("1970-11-23", today: "2026-11-25"), "Monday, two days ago")
  }

  // MARK: - Week boundaries

  @Test(arguments: [
    ("2026-11-23", true), ("2026-11-29", true), ("2026-11-22", false), ("2026-11-30", false),
  ])
  func theWeekRunsFromMondayToSunday(birthday: String, expected: Bool) throws {
    let born = "1985" + birthday.dropFirst(4)
    for today in ["2026-11-23", "2026-11-26", "2026-11-29"] {
      #expect(try Self.thisWeek(born, today: today) == expected, "born \(born), today \(today)")
    }
  }

  @Test func theWeekOfAMondayAndOfASundayAreTheSameWeek() throws {
    let monday = BirthdayCalendar.week(containing: try Self.day("2026-11-23"))
    let sunday = BirthdayCalendar.week(containing: try Self.day("2026-11-29"))
    #expect(monday.monday == sunday.monday)
    #expect(monday.sunday == (try Self.day("2026-11-29")))
    #expect(BirthdayCalendar.week(containing: try Self.day("2026-11-30")).monday == (try Self.day("2026-11-30")))
  }

  // MARK: - 29 February

  @Test func aLeapDayBirthdayIsOnTheLeapDayInALeapYear() throws {
    // 2028-02-29 is a Tuesday: the week is 28 February – 5 March.
    #expect(try Self.thisWeek("1988-02-29", today: "2028-03-02"))
    #expect(
      try BirthdayCalendar.birthdayInWeek(of: Self.day("1988-02-29"), today: Self.day("2028-03-02"))
        == Self.day("2028-02-29")
    )
  }

  @Test func aLeapDayBirthdayIsOnThe28thInACommonYearEvenWhenThatIsASunday() throws {
    // 28 February 2027 is a Sunday and 1 March a Monday: the birthday belongs to the week that ends on the 28th.
    #expect(try Self.thisWeek("1988-02-29", today: "2027-02-22"))
    #expect(try Self.thisWeek("1988-02-29", today: "2027-02-28"))
    #expect(try Self.thisWeek("1988-02-29", today: "2027-03-01") == false)
    #expect(try Self.thisWeek("1988-02-29", today: "2027-03-07") == false)
  }

  @Test func the28thAndThe1stOfMarchAreNotMovedInALeapYear() throws {
    // 2028: Monday 28 February … Sunday 5 March; someone born on 1 March 1990 celebrates on the 1st.
    #expect(try Self.thisWeek("1990-03-01", today: "2028-02-28"))
    #expect(try Self.thisWeek("1990-02-28", today: "2028-03-05"))
    #expect(try Self.thisWeek("1990-02-27", today: "2028-02-28") == false)
  }

  // MARK: - The turn of the year

  @Test func aWeekAcrossNewYearLooksInBothYears() throws {
    // Monday 28 December 2026 … Sunday 3 January 2027.
    #expect(try Self.thisWeek("1980-01-02", today: "2026-12-30"), "next year's birthday, this week")
    #expect(try Self.thisWeek("1980-12-29", today: "2027-01-02"), "last year's birthday, this week")
    #expect(try Self.thisWeek("1980-12-27", today: "2026-12-30") == false)
    #expect(try Self.thisWeek("1980-01-04", today: "2027-01-03") == false)
    #expect(
      try BirthdayCalendar.birthdayInWeek(of: Self.day("1980-01-02"), today: Self.day("2026-12-30"))
        == Self.day("2027-01-02")
    )
  }

  @Test func theDayOfBirthIsNoBirthday() throws {
    #expect(try Self.thisWeek("2026-11-24", today: "2026-11-25") == false)
    #expect(try Self.thisWeek("2025-11-24", today: "2026-11-25"), "the first birthday is")
  }

  // MARK: - Time zone

  @Test func theWeekChangesAtMidnightInTheUsersTimeZone() throws {
    // Sunday 29 November 2026, 23:30 UTC: already Monday 30 November in Oslo, still Sunday in UTC and New York.
    let instant = try Self.instant("2026-11-29T23:30:00Z")
    let oslo = try #require(TimeZone(identifier: "Europe/Oslo"))
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(BirthdayCalendar.today(at: instant, in: oslo) == (try Self.day("2026-11-30")))
    #expect(BirthdayCalendar.today(at: instant, in: .gmt) == (try Self.day("2026-11-29")))
    #expect(BirthdayCalendar.today(at: instant, in: newYork) == (try Self.day("2026-11-29")))
    let born = try Self.day("1990-11-30")
    #expect(BirthdayCalendar.birthdayInWeek(of: born, today: BirthdayCalendar.today(at: instant, in: oslo)) != nil)
    #expect(BirthdayCalendar.birthdayInWeek(of: born, today: BirthdayCalendar.today(at: instant, in: .gmt)) == nil)
  }

  @Test func aZoneAheadOfUTCStartsTheNextWeekEarlier() throws {
    // Sunday 29 November 2026, 11:00 UTC is Monday 00:00 in Kiritimati (UTC+14).
    let instant = try Self.instant("2026-11-29T10:00:00Z")
    let kiritimati = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
    #expect(BirthdayCalendar.today(at: instant, in: kiritimati) == (try Self.day("2026-11-30")))
    #expect(BirthdayCalendar.today(at: instant, in: .gmt) == (try Self.day("2026-11-29")))
  }

  // MARK: - Age

  @Test(arguments: [
    ("1990-11-27", "2026-11-26", 35), ("1990-11-27", "2026-11-27", 36), ("1990-11-27", "2026-12-31", 36),
    ("1988-02-29", "2027-02-27", 38), ("1988-02-29", "2027-02-28", 39), ("1988-02-29", "2028-02-28", 39),
    ("1988-02-29", "2028-02-29", 40), ("2026-11-25", "2026-11-25", 0), ("2026-12-01", "2026-11-25", 0),
  ])
  func theAgeIsWholeYearsSinceBirth(born: String, on today: String, age: Int) throws {
    #expect(BirthdayCalendar.age(of: try Self.day(born), on: try Self.day(today)) == age)
  }
}
