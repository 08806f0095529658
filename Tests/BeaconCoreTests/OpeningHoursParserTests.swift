import Foundation
import Testing

@testable import BeaconCore

/// Each piece of the `opening_hours` syntax reads into the rule it means, and what Beacon does not read fails
/// with a reason (never a crash).
@Suite struct OpeningHoursParserTests {
  typealias Rule = OpeningHoursRule

  static func rules(_ text: String) throws -> [Rule] {
    try OpeningHoursSchedule(parsing: text).rules
  }

  static func reason(_ text: String) -> String? {
    do {
      _ = try OpeningHoursSchedule(parsing: text)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func twentyFourSevenIsOneRuleWithoutSelectors() throws {
    #expect(try Self.rules("24/7") == [Rule(kind: .normal)])
  }

  @Test func weekdayRangesListsAndWrapAround() throws {
    let rules = try Self.rules("Mo-Fr 08:00-16:00; Sa,Su 10:00-14:00; Fr-Mo 20:00-23:00")
    #expect(
      rules.map(\.weekdays) == [
        [.init(first: 0, last: 4)],
        [.init(first: 5, last: 5), .init(first: 6, last: 6)],
        [.init(first: 4, last: 0)],
      ]
    )
    #expect(
      rules.map(\.times) == [
        [.init(start: 480, end: 960)], [.init(start: 600, end: 840)], [.init(start: 1_200, end: 1_380)],
      ]
    )
  }

  @Test func severalTimeSpansInOneRule() throws {
    let rules = try Self.rules("Mo-Fr 11:00-14:30,17:00-22:00")
    #expect(rules.count == 1)
    #expect(rules[0].times == [.init(start: 660, end: 870), .init(start: 1_020, end: 1_320)])
  }

  @Test func spansPastMidnightEndTheNextDay() throws {
    #expect(try Self.rules("Fr 22:00-02:00")[0].times == [.init(start: 1_320, end: 1_560)])
    #expect(try Self.rules("Mo 11:00-00:00")[0].times == [.init(start: 660, end: 1_440)])
    #expect(try Self.rules("Mo 11:00-24:00")[0].times == [.init(start: 660, end: 1_440)])
    #expect(try Self.rules("Sa 18:00-26:00")[0].times == [.init(start: 1_080, end: 1_560)])
    #expect(try Self.rules("Su 10:00+")[0].times == [.init(start: 600, end: 1_440, openEnd: true)])
  }

  @Test func offClosedOpenAndUnknown() throws {
    #expect(try Self.rules("Su off")[0].state == .closed)
    #expect(try Self.rules("Su closed")[0].state == .closed)
    #expect(try Self.rules("Su 10:00-12:00 open")[0].state == .open)
    #expect(try Self.rules("Su unknown")[0].state == .unknown)
    #expect(try Self.rules("off") == [Rule(kind: .normal, state: .closed)])
  }

  @Test func monthsAndDateRanges() throws {
    let rules = try Self.rules("Apr-Sep 10:00-22:00; Dec 24-26 off; Dec 31 10:00-14:00; Nov 15-Feb 15 Sa 12:00-16:00")
    #expect(rules[0].dates == [.init(start: (4, 1), end: (9, 31))])
    #expect(rules[1].dates == [.init(start: (12, 24), end: (12, 26))])
    #expect(rules[1].state == .closed)
    #expect(rules[2].dates == [.init(start: (12, 31), end: (12, 31))])
    #expect(rules[2].times == [.init(start: 600, end: 840)])
    #expect(rules[3].dates == [.init(start: (11, 15), end: (2, 15))])
    #expect(rules[3].weekdays == [.init(first: 5, last: 5)])
    #expect(
      try Self.rules("Jan,Jul-Aug off")[0].dates == [
        .init(start: (1, 1), end: (1, 31)), .init(start: (7, 1), end: (8, 31)),
      ]
    )
  }

  @Test func yearsWeeksAndTheNthWeekdayOfTheMonth() throws {
    let rules = try Self.rules("2026 Dec 24 off; week 01-10/2 Mo 09:00-12:00; Su[-1],Sa[1-2] 10:00-14:00")
    #expect(rules[0].years == [.init(first: 2026, last: 2026)])
    #expect(rules[1].weeks == [.init(first: 1, last: 10, step: 2)])
    #expect(rules[2].weekdays == [.init(first: 6, last: 6, nth: [-1]), .init(first: 5, last: 5, nth: [1, 2])])
  }

  @Test func publicAndSchoolHolidays() throws {
    let rules = try Self.rules("Mo-Fr 10:00-18:00; Sa,PH 12:00-16:00; SH Mo-Fr 10:00-14:00")
    #expect(rules[1].holidays == [.publicHoliday])
    #expect(rules[1].weekdays == [.init(first: 5, last: 5)])
    #expect(!rules[1].holidaysAndWeekdays)
    #expect(rules[2].holidays == [.schoolHoliday])
    #expect(rules[2].holidaysAndWeekdays)
  }

  @Test func commentsInQuotes() throws {
    let lunch = try Self.rules(#"Mo-Fr 11:00-15:00 open "Lunch"; Sa 12:00-22:00 "Dinner""#)
    #expect(lunch.map(\.comment) == ["Lunch", "Dinner"])
    #expect(lunch.map(\.state) == [.open, .open])
    // A rule that is only a comment says nothing certain.
    #expect(
      try Self.rules(#""for request only""#) == [Rule(kind: .normal, state: .unknown, comment: "for request only")]
    )
  }

  @Test func semicolonCommaAndFallbackMakeRuleKinds() throws {
    let rules = try Self.rules(#"Mo-Th 10:30-21:00, Fr 10:30-22:00; Sa 11:00-22:00 || "by appointment""#)
    #expect(rules.map(\.kind) == [.normal, .additional, .normal, .fallback])
    // A comma between weekdays or between times stays inside the rule.
    #expect(try Self.rules("Mo,Tu 10:00-12:00,13:00-15:00").count == 1)
    #expect(try Self.rules("Sa, Su 09:00-16:00")[0].weekdays.count == 2)
  }

  @Test func lenientSpellingsThatRealDataUses() throws {
    #expect(try Self.rules("Mo-su 09:00-19:00") == Self.rules("Mo-Su 09:00-19:00"))
    #expect(try Self.rules("Fr11:00-24:00") == Self.rules("Fr 11:00-24:00"))
    #expect(try Self.rules("Mo-Fr 8:00-16:00") == Self.rules("Mo-Fr 08:00-16:00"))
    #expect(try Self.rules("Mo-Fr: 08:00-16:00") == Self.rules("Mo-Fr 08:00-16:00"))
    #expect(try Self.rules("Mo–Fr 08:00–16:00") == Self.rules("Mo-Fr 08:00-16:00"))
    #expect(try Self.rules("Mon-Fri 08:00-16:00") == Self.rules("Mo-Fr 08:00-16:00"))
    #expect(try Self.rules("Mo-Fr 10:00-18:00;") == Self.rules("Mo-Fr 10:00-18:00"))
    // A forgotten `;` before the next weekday.
    #expect(try Self.rules("Mo-Fr 08:00-19:00 Sa 09:00-19:00") == Self.rules("Mo-Fr 08:00-19:00; Sa 09:00-19:00"))
  }

  @Test(arguments: [
    ("", "no rules"),
    ("Mon - Fri 11am - 11pm", "12-hour times (am/pm) are not supported"),
    ("Mo-Fr 09:30 - 15:00. Lunch", "unexpected '.'"),
    ("Mo-Fr 10-18", "a time without minutes (write 08:00)"),
    ("Mo-Fr sunrise-sunset", "sunrise and sunset times are not supported"),
    ("easter off", "easter is not supported"),
    ("PH +1 day off", "day offsets are not supported"),
    ("Mo-Fr 10:00-16:00/01:00", "open ends after a span and repeating times are not supported"),
    ("Mo-Fr 12:00", "a time without an end (single times are not supported)"),
    (#"Mo "open"#, "a comment without its closing quote"),
    ("Mo 10:60-12:00", "unexpected '60'"),
    ("Mo 10:00-49:00", "unexpected '49'"),
    ("Jan 32 off", "no day 32 in a month"),
    ("Mo-Fr 08:00-16:00 Lunch", "unexpected 'Lunch'"),
    ("week 54 off", "54 is not a week here"),
  ])
  func unreadableValuesSayWhy(text: String, reason: String) {
    #expect(Self.reason(text) == reason)
  }

  @Test func anUnreadableValueKeepsItsRawTextAndIsNeitherOpenNorClosed() {
    let hours = OpeningHours(raw: "Mon - Fri 11am - 11pm", at: .now, timeZone: OpeningHours.timeZone(nil))
    #expect(hours.raw == "Mon - Fri 11am - 11pm")
    #expect(hours.openNow == nil)
    #expect(hours.weekly == nil)
    #expect(hours.closesAt == nil && hours.opensAt == nil)
  }
}

extension OpeningHoursParserTests {
  /// Every prefix of every demo value either reads or fails with a position inside the text: cut-off input is
  /// handled like any other, and evaluating what reads never traps.
  @Test func truncatedValuesFailCleanlyWithAPositionInsideTheText() throws {
    let zone = TimeZone(identifier: "Europe/Helsinki") ?? .gmt
    let at = Date(timeIntervalSince1970: 1_774_432_800)
    var failures = 0
    for value in try DemoDataset.places().compactMap(\.openingHours) {
      for length in 0...value.count {
        let text = String(value.prefix(length))
        do {
          let schedule = try OpeningHoursSchedule(parsing: text)
          _ = schedule.evaluate(at: at, timeZone: zone)
          #expect(schedule.week(containing: at, timeZone: zone).count == 7)
        } catch {
          failures += 1
          #expect((0...text.count).contains(error.offset), "\(text): \(error)")
        }
      }
    }
    #expect(failures > 0)
  }
}
