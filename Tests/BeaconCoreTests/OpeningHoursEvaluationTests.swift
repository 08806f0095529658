import Foundation
import Testing

@testable import BeaconCore

/// Whether a place is open at a given instant, and when that changes: midnight, daylight saving time in Oslo
/// and Helsinki, the turn of the week, rule precedence, holidays. Every instant is written with its offset.
@Suite struct OpeningHoursEvaluationTests {
  static let oslo = TimeZone(identifier: "Europe/Oslo") ?? .gmt
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  /// The instant `text` names (RFC 3339 with an offset).
  static func at(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text) ?? .distantPast
  }

  static func status(
    _ hours: String,
    at text: String,
    in zone: TimeZone = oslo,
    holidays: HolidayCalendar? = nil
  ) throws -> OpeningStatus {
    try OpeningHoursSchedule(parsing: hours).evaluate(at: at(text), timeZone: zone, holidays: holidays)
  }

  @Test func theZonesExist() {
    #expect(Self.oslo.identifier == "Europe/Oslo")
    #expect(Self.helsinki.identifier == "Europe/Helsinki")
  }

  // MARK: - One day

  @Test func openUntilTheEndOfTheSpanThenClosedUntilTheNextDay() throws {
    // 2026-03-25 is a Wednesday.
    let open = try Self.status("Mo-Fr 08:00-16:00; Sa 10:00-14:00; Su off", at: "2026-03-25T15:59:00+01:00")
    #expect(open.openNow == true)
    #expect(open.closesAt?.description == "2026-03-25T16:00:00+01:00")
    #expect(open.opensAt == nil)
    let closed = try Self.status("Mo-Fr 08:00-16:00; Sa 10:00-14:00; Su off", at: "2026-03-25T16:00:00+01:00")
    #expect(closed.openNow == false)
    #expect(closed.opensAt?.description == "2026-03-26T08:00:00+01:00")
    #expect(closed.closesAt == nil)
  }

  @Test func aGapBetweenTwoSpansOfOneDay() throws {
    let hours = "Mo-Fr 11:00-14:30,17:00-22:00"
    let gap = try Self.status(hours, at: "2026-03-25T15:00:00+01:00")
    #expect(gap.openNow == false)
    #expect(gap.opensAt?.time == "17:00")
    #expect(try Self.status(hours, at: "2026-03-25T12:00:00+01:00").closesAt?.time == "14:30")
  }

  @Test func theSameInstantIsReadInThePlacesOwnZone() throws {
    // 08:30 UTC is 10:30 in Helsinki and 09:30 in Oslo.
    let hours = "Mo-Fr 10:00-16:00"
    #expect(try Self.status(hours, at: "2026-03-25T08:30:00Z", in: Self.helsinki).openNow == true)
    #expect(try Self.status(hours, at: "2026-03-25T08:30:00Z", in: Self.oslo).openNow == false)
  }

  // MARK: - Midnight

  @Test func aSpanPastMidnightIsOpenAfterMidnightAndClosesTheNextMorning() throws {
    let hours = "Mo-Th 11:00-22:00; Fr,Sa 11:00-02:00"
    // Friday 2026-03-27, 23:30.
    let friday = try Self.status(hours, at: "2026-03-27T23:30:00+01:00")
    #expect(friday.openNow == true)
    #expect(friday.closesAt?.description == "2026-03-28T02:00:00+01:00")
    // Saturday 01:00 is still Friday night.
    #expect(try Self.status(hours, at: "2026-03-28T01:00:00+01:00").openNow == true)
    let late = try Self.status(hours, at: "2026-03-28T02:00:00+01:00")
    #expect(late.openNow == false)
    #expect(late.opensAt?.description == "2026-03-28T11:00:00+01:00")
    // Thursday night closes at 22:00: Friday 01:00 is closed.
    #expect(try Self.status(hours, at: "2026-03-27T01:00:00+01:00").openNow == false)
  }

  @Test func openUntilMidnightClosesAtMidnight() throws {
    for hours in ["Mo-Su 11:00-24:00", "Mo-Su 11:00-00:00"] {
      let status = try Self.status(hours, at: "2026-03-25T23:30:00+01:00")
      #expect(status.openNow == true)
      #expect(status.closesAt?.description == "2026-03-26T00:00:00+01:00")
    }
  }

  @Test func roundTheClockHasNoClosingTime() throws {
    for hours in ["24/7", "Mo-Su 00:00-24:00", "Mo-Su"] {
      let status = try Self.status(hours, at: "2026-03-25T03:00:00+01:00")
      #expect(status.openNow == true, "\(hours)")
      #expect(status.closesAt == nil, "\(hours)")
    }
  }

  @Test func nightsJoinAcrossMidnightWithoutAClosingTimeAtMidnight() throws {
    // Open until 24:00 on Friday and from 00:00 on Saturday: the place does not close at midnight. (The `;`
    // makes Saturday only 00:00-02:00, as the specification reads it.)
    let status = try Self.status("Mo-Su 11:00-24:00; Sa-Su 00:00-02:00", at: "2026-03-27T23:00:00+01:00")
    #expect(status.closesAt?.description == "2026-03-28T02:00:00+01:00")
    #expect(try Self.status("Mo-Su 11:00-24:00; Sa-Su 00:00-02:00", at: "2026-03-28T12:00:00+01:00").openNow == false)
    let joined = try Self.status("Mo-Su 18:00-24:00, Mo-Su 00:00-02:00", at: "2026-03-27T23:00:00+01:00")
    #expect(joined.closesAt?.description == "2026-03-28T02:00:00+01:00")
  }

  // MARK: - Daylight saving time

  @Test func osloSpringForwardNightIsAnHourShorter() throws {
    // Clocks go from 02:00 CET to 03:00 CEST on Sunday 2026-03-29 (01:00 UTC).
    let bar = try Self.status("Sa 22:00-03:00", at: "2026-03-28T23:00:00+01:00")
    #expect(bar.openNow == true)
    #expect(bar.closesAt?.description == "2026-03-29T03:00:00+02:00")
    #expect(bar.closesAt?.date == Self.at("2026-03-29T01:00:00Z"))
    // A closing time the clock skips (02:30) is reached at the change.
    let skipped = try Self.status("Sa 22:00-02:30", at: "2026-03-28T23:00:00+01:00")
    #expect(skipped.closesAt?.date == Self.at("2026-03-29T01:00:00Z"))
    #expect(try Self.status("Sa 22:00-02:30", at: "2026-03-29T03:10:00+02:00").openNow == false)
    // Daytime hours after the change are in summer time.
    let sunday = try Self.status("Su 12:00-18:00", at: "2026-03-29T03:30:00+02:00")
    #expect(sunday.opensAt?.description == "2026-03-29T12:00:00+02:00")
  }

  @Test func osloFallBackNightIsAnHourLonger() throws {
    // Clocks go from 03:00 CEST back to 02:00 CET on Sunday 2026-10-25 (01:00 UTC).
    let bar = try Self.status("Sa 22:00-03:00", at: "2026-10-24T23:00:00+02:00")
    #expect(bar.closesAt?.description == "2026-10-25T03:00:00+01:00")
    #expect(bar.closesAt?.date == Self.at("2026-10-25T02:00:00Z"))
    // 02:30 happens twice; the bar is open both times.
    #expect(try Self.status("Sa 22:00-03:00", at: "2026-10-25T02:30:00+02:00").openNow == true)
    #expect(try Self.status("Sa 22:00-03:00", at: "2026-10-25T02:30:00+01:00").openNow == true)
    #expect(try Self.status("Sa 22:00-03:00", at: "2026-10-25T03:00:00+01:00").openNow == false)
  }

  @Test func helsinkiSpringForwardNight() throws {
    // Clocks go from 03:00 EET to 04:00 EEST on Sunday 2026-03-29 (01:00 UTC).
    let hours = "Mo-Tu 07:00-22:00; We-Th 07:00-23:00; Fr 07:00-02:00; Sa 08:30-04:00; Su 09:00-21:00"
    let night = try Self.status(hours, at: "2026-03-28T23:00:00+02:00", in: Self.helsinki)
    #expect(night.openNow == true)
    #expect(night.closesAt?.description == "2026-03-29T04:00:00+03:00")
    #expect(night.closesAt?.date == Self.at("2026-03-29T01:00:00Z"))
    let skipped = try Self.status("Sa 20:00-03:30", at: "2026-03-28T23:00:00+02:00", in: Self.helsinki)
    #expect(skipped.closesAt?.description == "2026-03-29T04:00:00+03:00")
    let after = try Self.status(hours, at: "2026-03-29T04:00:00+03:00", in: Self.helsinki)
    #expect(after.openNow == false)
    #expect(after.opensAt?.description == "2026-03-29T09:00:00+03:00")
  }

  @Test func helsinkiFallBackNightFindsTheClosingTimeAfterNow() throws {
    // Clocks go from 04:00 EEST back to 03:00 EET on Sunday 2026-10-25 (01:00 UTC).
    let first = try Self.status("Sa 20:00-03:45", at: "2026-10-25T03:15:00+03:00", in: Self.helsinki)
    #expect(first.closesAt?.description == "2026-10-25T03:45:00+03:00")
    // In the repeated hour, the next 03:45 is the second one, never one in the past.
    let second = try Self.status("Sa 20:00-03:45", at: "2026-10-25T03:15:00+02:00", in: Self.helsinki)
    #expect(second.openNow == true)
    #expect(second.closesAt?.description == "2026-10-25T03:45:00+02:00")
    let long = try Self.status("Sa 20:00-05:00", at: "2026-10-24T21:00:00+03:00", in: Self.helsinki)
    #expect(long.closesAt?.description == "2026-10-25T05:00:00+02:00")
  }

  // MARK: - The week

  @Test func weekdayRangesWrapAroundTheEndOfTheWeek() throws {
    let hours = "Su-Tu 10:00-21:00; We-Sa 10:00-05:00"
    // Monday 2026-03-23 noon.
    #expect(try Self.status(hours, at: "2026-03-23T12:00:00+02:00", in: Self.helsinki).openNow == true)
    // Sunday 04:00 is still Saturday night.
    #expect(try Self.status(hours, at: "2026-03-22T04:00:00+02:00", in: Self.helsinki).openNow == true)
    // Wednesday 04:00 is not: Tuesday closed at 21:00.
    #expect(try Self.status(hours, at: "2026-03-25T04:00:00+02:00", in: Self.helsinki).openNow == false)
  }

  @Test func aSpanOnSundayNightEndsOnMonday() throws {
    let status = try Self.status("Su 20:00-02:00", at: "2026-03-23T01:00:00+01:00")
    #expect(status.openNow == true)
    #expect(status.closesAt?.description == "2026-03-23T02:00:00+01:00")
  }

  @Test func theNextOpeningMayBeDaysAwayAcrossTheWeek() throws {
    // Sunday 2026-03-29 evening: next opening is Saturday 2026-04-04.
    let status = try Self.status("Sa 10:00-14:00", at: "2026-03-29T20:00:00+02:00")
    #expect(status.openNow == false)
    #expect(status.opensAt?.description == "2026-04-04T10:00:00+02:00")
    // Closed for good: no opening time.
    #expect(try Self.status("off", at: "2026-03-29T20:00:00+02:00").opensAt == nil)
  }

  @Test func theWeekListsEachDayWithItsSpans() throws {
    let week = try OpeningHoursSchedule(parsing: "Mo-Th 11:00-22:00; Fr,Sa 11:00-02:00; Su off")
      .week(containing: Self.at("2026-03-25T12:00:00+01:00"), timeZone: Self.oslo)
    #expect(week.map(\.day) == ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])
    #expect(week.map(\.date.description).first == "2026-03-23")
    #expect(
      week.map(\.spans) == [
        ["11:00-22:00"], ["11:00-22:00"], ["11:00-22:00"], ["11:00-22:00"], ["11:00-02:00"], ["11:00-02:00"], [],
      ]
    )
    #expect(week.allSatisfy { $0.unknown == nil })
    let whole = try OpeningHoursSchedule(parsing: "24/7").week(
      containing: Self.at("2026-03-25T12:00:00Z"),
      timeZone: Self.oslo
    )
    #expect(whole.allSatisfy { $0.spans == ["00:00-24:00"] })
  }

  // MARK: - Rule precedence

  @Test func aLaterRuleAfterASemicolonReplacesTheWholeDay() throws {
    // Wednesday 2026-03-25 at 10:00: `;` replaces Mo-Fr for Wednesday, `,` adds to it.
    #expect(try Self.status("Mo-Fr 09:00-17:00; We 12:00-14:00", at: "2026-03-25T10:00:00+01:00").openNow == false)
    #expect(try Self.status("Mo-Fr 09:00-17:00, We 12:00-14:00", at: "2026-03-25T10:00:00+01:00").openNow == true)
    #expect(try Self.status("Mo-Fr 09:00-17:00; We off", at: "2026-03-25T10:00:00+01:00").openNow == false)
    #expect(try Self.status("Mo-Fr 09:00-17:00; We off", at: "2026-03-26T10:00:00+01:00").openNow == true)
  }

  @Test func anAdditionalOffRuleClosesOnlyItsTimes() throws {
    let hours = "Mo-Fr 08:00-18:00, We 12:00-13:00 off"
    let lunch = try Self.status(hours, at: "2026-03-25T12:30:00+01:00")
    #expect(lunch.openNow == false)
    #expect(lunch.opensAt?.time == "13:00")
    #expect(try Self.status(hours, at: "2026-03-25T11:00:00+01:00").closesAt?.time == "12:00")
  }

  @Test func aFallbackAppliesOnlyWhereNoEarlierRuleSpoke() throws {
    let hours = #"Mo-Fr 08:00-16:00 || "by appointment""#
    #expect(try Self.status(hours, at: "2026-03-25T10:00:00+01:00").openNow == true)
    let evening = try Self.status(hours, at: "2026-03-25T18:00:00+01:00")
    #expect(evening.openNow == nil)
    #expect(evening.comment == "by appointment")
    #expect(try Self.status(hours, at: "2026-03-28T10:00:00+01:00").openNow == nil)
    // Open now, and what follows is unknown: no closing time to promise.
    #expect(try Self.status(hours, at: "2026-03-25T10:00:00+01:00").closesAt == nil)
  }

  @Test func commentsAndUnknownHours() throws {
    let lunch = try Self.status(#"Mo-Fr 11:00-15:00 open "Lunch""#, at: "2026-03-25T12:00:00+01:00")
    #expect(lunch.openNow == true)
    #expect(lunch.comment == "Lunch")
    #expect(try Self.status(#""for request only""#, at: "2026-03-25T12:00:00+01:00").openNow == nil)
    #expect(try Self.status("Mo-Fr unknown", at: "2026-03-25T12:00:00+01:00").openNow == nil)
    #expect(try Self.status("Mo-Fr unknown", at: "2026-03-28T12:00:00+01:00").openNow == false)
    // An open end: open from 18:00, closing time unknown.
    #expect(try Self.status("Fr 18:00+", at: "2026-03-27T19:00:00+01:00").openNow == nil)
    #expect(try Self.status("Fr 18:00+", at: "2026-03-27T17:00:00+01:00").opensAt == nil)
  }

  // MARK: - Dates

  @Test func monthsAndDatesSelectDaysOfTheYear() throws {
    let seasonal = "Apr-Sep Mo-Su 10:00-22:00; Oct-Mar Mo-Fr 10:00-16:00"
    #expect(try Self.status(seasonal, at: "2026-03-28T12:00:00+01:00").openNow == false)
    #expect(try Self.status(seasonal, at: "2026-04-04T12:00:00+02:00").openNow == true)
    let christmas = "Mo-Su 10:00-18:00; Dec 24-26 off; Dec 31 10:00-14:00"
    #expect(try Self.status(christmas, at: "2026-12-25T12:00:00+01:00").openNow == false)
    #expect(
      try Self.status(christmas, at: "2026-12-24T09:00:00+01:00").opensAt?.description
        == "2026-12-27T10:00:00+01:00"
    )
    #expect(try Self.status(christmas, at: "2026-12-31T15:00:00+01:00").openNow == false)
    // Over New Year.
    let winter = "Nov 15-Feb 15 Sa 12:00-16:00"
    #expect(try Self.status(winter, at: "2027-01-02T13:00:00+01:00").openNow == true)
    #expect(try Self.status(winter, at: "2026-03-28T13:00:00+01:00").openNow == false)
    // Closed all summer: the next opening is months away.
    #expect(
      try Self.status("Oct-Apr 10:00-16:00", at: "2026-06-01T12:00:00+02:00").opensAt?.description
        == "2026-10-01T10:00:00+02:00"
    )
  }

  @Test func yearsWeeksAndTheLastSundayOfTheMonth() throws {
    #expect(try Self.status("2026 Mo-Fr 10:00-16:00", at: "2026-03-25T12:00:00+01:00").openNow == true)
    #expect(try Self.status("2027 Mo-Fr 10:00-16:00", at: "2026-03-25T12:00:00+01:00").openNow == false)
    // 2026-03-25 is in ISO week 13.
    #expect(try Self.status("week 13 10:00-16:00", at: "2026-03-25T12:00:00+01:00").openNow == true)
    #expect(try Self.status("week 01-12 10:00-16:00", at: "2026-03-25T12:00:00+01:00").openNow == false)
    // 2026-03-29 is March's last Sunday, 2026-03-22 is not.
    #expect(try Self.status("Su[-1] 10:00-16:00", at: "2026-03-29T12:00:00+02:00").openNow == true)
    #expect(try Self.status("Su[-1] 10:00-16:00", at: "2026-03-22T12:00:00+01:00").openNow == false)
    #expect(try Self.status("Su[4] 10:00-16:00", at: "2026-03-22T12:00:00+01:00").openNow == true)
  }

  // MARK: - Holidays

  @Test func publicHolidaysAreUnknownWithoutACalendarWhereTheyWouldChangeTheAnswer() throws {
    let hours = "Mo-Fr 10:00-18:00; PH off"
    // Tuesday noon: open, unless it is a holiday, which nobody said.
    #expect(try Self.status(hours, at: "2026-03-24T12:00:00+01:00").openNow == nil)
    // Tuesday 03:00: closed either way.
    #expect(try Self.status(hours, at: "2026-03-24T03:00:00+01:00").openNow == false)
  }

  @Test func aHolidayCalendarDecides() throws {
    let hours = "Mo-Fr 10:00-18:00; PH off"
    // Ascension Day 2026 is Thursday 14 May.
    let holidays = HolidayCalendar(publicHolidays: [CivilDate(year: 2026, month: 5, day: 14)])
    #expect(try Self.status(hours, at: "2026-05-14T12:00:00+02:00", holidays: holidays).openNow == false)
    let wednesday = try Self.status(hours, at: "2026-05-13T12:00:00+02:00", holidays: holidays)
    #expect(wednesday.openNow == true)
    #expect(wednesday.closesAt?.description == "2026-05-13T18:00:00+02:00")
    let eve = try Self.status(hours, at: "2026-05-13T19:00:00+02:00", holidays: holidays)
    #expect(eve.opensAt?.description == "2026-05-15T10:00:00+02:00")
    // Norway's own calendar knows the day too.
    #expect(try Self.status(hours, at: "2026-05-14T12:00:00+02:00", holidays: .norway).openNow == false)
    #expect(try Self.status(hours, at: "2026-05-13T12:00:00+02:00", holidays: .norway).openNow == true)
    // Holiday hours on the holiday itself.
    let sundays = "Mo-Sa 10:00-20:00; Su,PH 12:00-18:00"
    #expect(try Self.status(sundays, at: "2026-05-14T11:00:00+02:00", holidays: .norway).openNow == false)
  }

  @Test func theWeekMarksDaysThatDependOnAnUnknownHoliday() throws {
    let week = try OpeningHoursSchedule(parsing: "Mo-Fr 10:00-18:00; PH off")
      .week(containing: Self.at("2026-03-25T12:00:00+01:00"), timeZone: Self.oslo)
    #expect(week[0].spans == ["10:00-18:00"])
    #expect(week[0].unknown == true)
  }
}
