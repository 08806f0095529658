import Foundation
import Testing

@testable import BeaconCore

/// The calendar arithmetic under opening hours: days, weekdays, ISO weeks, Easter, holidays, local times.
@Suite struct OpeningHoursCalendarTests {
  @Test func dayNumbersRoundTripAndKnowTheirWeekday() {
    #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    #expect(CivilDate(dayNumber: 0) == CivilDate(year: 1970, month: 1, day: 1))
    #expect(CivilDate(year: 2026, month: 3, day: 23).weekday == 0)  // Monday
    #expect(CivilDate(year: 2026, month: 3, day: 29).weekday == 6)  // Sunday
    #expect(CivilDate(year: 1969, month: 12, day: 31).weekday == 2)  // Wednesday
    for number in stride(from: -800_000, through: 800_000, by: 997) {
      #expect(CivilDate(dayNumber: number).dayNumber == number)
    }
    #expect(CivilDate(year: 2024, month: 2, day: 28).adding(days: 1) == CivilDate(year: 2024, month: 2, day: 29))
    #expect(CivilDate(year: 2026, month: 2, day: 28).adding(days: 1) == CivilDate(year: 2026, month: 3, day: 1))
    #expect(CivilDate(year: 2026, month: 12, day: 31).adding(days: 1).description == "2027-01-01")
  }

  @Test func isoWeeks() {
    #expect(CivilDate(year: 2026, month: 1, day: 1).isoWeek == 1)
    #expect(CivilDate(year: 2025, month: 12, day: 29).isoWeek == 1)
    #expect(CivilDate(year: 2026, month: 3, day: 25).isoWeek == 13)
    #expect(CivilDate(year: 2021, month: 1, day: 3).isoWeek == 53)
  }

  @Test func easterSundays() {
    #expect(HolidayCalendar.easterSunday(in: 2024).description == "2024-03-31")
    #expect(HolidayCalendar.easterSunday(in: 2025).description == "2025-04-20")
    #expect(HolidayCalendar.easterSunday(in: 2026).description == "2026-04-05")
    #expect(HolidayCalendar.easterSunday(in: 2038).description == "2038-04-25")
  }

  @Test func norwegianAndFinnishPublicHolidays() {
    func day(_ text: String) -> CivilDate { CivilDate(parsing: text) ?? CivilDate(year: 0, month: 0, day: 0) }
    for text in [
      "2026-01-01", "2026-04-02", "2026-04-03", "2026-04-06", "2026-05-01", "2026-05-17", "2026-05-14",
      "2026-05-25", "2026-12-26",
    ] {
      #expect(HolidayCalendar.norway.isPublicHoliday(day(text)) == true, "\(text)")
    }
    for text in ["2026-03-24", "2026-06-20", "2026-12-24", "2026-04-04"] {
      #expect(HolidayCalendar.norway.isPublicHoliday(day(text)) == false, "\(text)")
    }
    for text in ["2026-01-06", "2026-04-03", "2026-06-20", "2026-10-31", "2026-12-06"] {
      #expect(HolidayCalendar.finland.isPublicHoliday(day(text)) == true, "\(text)")
    }
    for text in ["2026-05-17", "2026-04-02", "2026-06-19", "2026-11-07"] {
      #expect(HolidayCalendar.finland.isPublicHoliday(day(text)) == false, "\(text)")
    }
    #expect(HolidayCalendar.forTimeZone("Europe/Oslo")?.isPublicHoliday(day("2026-05-17")) == true)
    #expect(HolidayCalendar.forTimeZone("Europe/Helsinki")?.isPublicHoliday(day("2026-12-06")) == true)
    #expect(HolidayCalendar.forTimeZone("Europe/Berlin") == nil)
    #expect(HolidayCalendar.norway.isSchoolHoliday(day("2026-07-01")) == nil)
  }

  @Test func localTimesCarryTheirOffsetAndReadBack() throws {
    let oslo = try #require(TimeZone(identifier: "Europe/Oslo"))
    let winter = LocalDateTime(date: Date(timeIntervalSince1970: 1_774_472_400), timeZone: oslo)
    #expect(winter.description == "2026-03-25T22:00:00+01:00")
    #expect(winter.time == "22:00")
    #expect(winter.day == CivilDate(year: 2026, month: 3, day: 25))
    #expect(LocalDateTime(parsing: winter.description) == winter)
    #expect(LocalDateTime(parsing: "2026-03-25T21:00:00Z")?.date == winter.date)
    #expect(LocalDateTime(parsing: "2026-03-25T16:00:00.250-05:00")?.utcOffsetSeconds == -18_000)
    #expect(LocalDateTime(parsing: "2026-03-25 22:00") == nil)
    #expect(LocalDateTime(parsing: "2026-02-30T22:00:00Z") == nil)
  }
}
