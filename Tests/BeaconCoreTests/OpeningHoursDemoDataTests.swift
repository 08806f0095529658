import Foundation
import Testing

@testable import BeaconCore

/// Real data: every `opening_hours` value of the embedded Helsinki demo data.
@Suite struct OpeningHoursDemoDataTests {
  static let helsinki = TimeZone(identifier: DemoDataset.timeZone) ?? .gmt

  static func values() throws -> [String] {
    try DemoDataset.places().compactMap(\.openingHours)
  }

  @Test func atLeastNinetyFivePercentOfTheDemoDataParsesAndTheRestIsListedWithReasons() throws {
    let values = try Self.values()
    var failures: [(value: String, reason: String)] = []
    for value in values {
      do {
        _ = try OpeningHoursSchedule(parsing: value)
      } catch {
        failures.append((value, error.description))
      }
    }
    let parsed = values.count - failures.count
    let percent = Double(parsed) * 100 / Double(max(values.count, 1))
    var report = [
      "opening_hours in the demo data: \(parsed) of \(values.count) parse (\(String(format: "%.1f", percent)) %)"
    ]
    report += failures.map { "  not read: \($0.value)  (\($0.reason))" }
    print(report.joined(separator: "\n"))
    #expect(values.count >= 140, "the demo data has lost its opening hours")
    #expect(percent >= 95, "\(report.joined(separator: "\n"))")
  }

  /// For every readable value, at every hour of the week clocks change in Helsinki: just before a closing time
  /// the place is open and at it closed; just before an opening time closed and at it open.
  @Test func closingAndOpeningTimesAreWhereTheStateReallyChanges() throws {
    let start = ISO8601DateFormatter().date(from: "2026-03-23T00:00:00+02:00") ?? .distantPast
    var checked = 0
    for value in try Self.values() {
      guard let schedule = try? OpeningHoursSchedule(parsing: value) else { continue }
      for hour in 0..<(7 * 24) {
        let now = start.addingTimeInterval(TimeInterval(hour * 3_600 + 17 * 60))
        let status = schedule.evaluate(at: now, timeZone: Self.helsinki)
        if let closesAt = status.closesAt {
          #expect(status.openNow == true, "\(value) at \(now)")
          #expect(closesAt.date > now, "\(value) at \(now)")
          #expect(schedule.evaluate(at: closesAt.date.addingTimeInterval(-60), timeZone: Self.helsinki).openNow == true)
          #expect(schedule.evaluate(at: closesAt.date, timeZone: Self.helsinki).openNow != true, "\(value) at \(now)")
          checked += 1
        }
        if let opensAt = status.opensAt {
          #expect(status.openNow == false, "\(value) at \(now)")
          #expect(opensAt.date > now, "\(value) at \(now)")
          #expect(schedule.evaluate(at: opensAt.date.addingTimeInterval(-60), timeZone: Self.helsinki).openNow == false)
          #expect(schedule.evaluate(at: opensAt.date, timeZone: Self.helsinki).openNow == true, "\(value) at \(now)")
          checked += 1
        }
      }
    }
    #expect(checked > 10_000)
  }

  @Test func demoPlacesCarryHelsinkisTimeZone() throws {
    let places = try DemoDataset.places()
    #expect(places.allSatisfy { $0.timeZone == "Europe/Helsinki" })
    let theHuone = try #require(places.first { $0.name == "Théhuone" })
    #expect(theHuone.openingHours == "Mo-Fr 10:00-19:00; Sa 10:00-18:00")
  }
}
