import Foundation
import Testing

@testable import BeaconJSON

/// `JSONWriter.writeDate`, which writes a date digit by digit, against the formatter it replaces
/// (`JSONValueEncoder.dateFormat`): byte for byte for instants over four centuries, leap days, the ends of years
/// and days, and fractional seconds of every kind.
@Suite struct JSONWriterDateTests {
  /// `date` written, and whether the writer wrote it by hand (not through the formatter).
  static func check(_ date: Date) -> Bool {
    var output: [UInt8] = Array("x".utf8)
    JSONWriter.writeDate(date, into: &output)
    let expected = "x\"" + JSONValueEncoder.dateFormat.format(date) + "\""
    #expect(String(decoding: output, as: UTF8.self) == expected, "\(date.timeIntervalSinceReferenceDate.bitPattern)")
    return JSONWriter.handWritableSeconds(date.timeIntervalSinceReferenceDate) != nil
  }

  /// Seconds since 2001-01-01 of `year`-`month`-`day` at midnight UTC (proleptic Gregorian).
  static func midnight(_ year: Int, _ month: Int, _ day: Int) -> Double {
    var components = DateComponents()
    (components.year, components.month, components.day) = (year, month, day)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar.date(from: components)?.timeIntervalSinceReferenceDate ?? 0
  }

  @Test func datesAreWrittenAsTheFormatterWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var intervals: [Double] = [0, -0.5, -0.0001, 0.0005, 0.001, 0.9995, 0.999_999_9, 1e-9, -1e-9]
    // Leap days and the days around them, the ends of centuries (2000 a leap year, 1700/1800/1900/2100 not).
    for year in [1600, 1700, 1800, 1900, 1969, 1970, 2000, 2001, 2024, 2026, 2100, 2400, 9999] {
      for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)] {
        let start = Self.midnight(year, month, day)
        intervals += [start, start - 0.001, start - 1e-7, start + 86_399.999, start + 86_399.999_9, start + 43_200.5]
      }
    }
    // Fractions of every kind at random instants between 1600 and 9999, and now-like instants with microseconds.
    let first = JSONWriter.firstHandWrittenSecond
    let end = JSONWriter.endOfHandWrittenSeconds
    for _ in 0..<50_000 {
      let second = Double(Int.random(in: Int(first)..<Int(end), using: &generator))
      intervals.append(second + Double(Int.random(in: 0..<1_000, using: &generator)) / 1_000)
      intervals.append(second + Double(Int.random(in: 0..<1_000_000, using: &generator)) / 1_000_000)
      intervals.append(Double.random(in: first..<end, using: &generator))
      intervals.append(Double.random(in: 7e8..<9e8, using: &generator))
    }
    // Outside the hand-written years: the formatter's text (its calendar is Julian before 1582).
    intervals += [first - 0.5, first - 86_400 * 365 * 100, -63_000_000_000, end, end + 0.25, 3e11]
    var byHand = 0
    for interval in intervals where Self.check(Date(timeIntervalSinceReferenceDate: interval)) { byHand += 1 }
    // Nearly all are written by hand (a millisecond a microsecond from a whole one, or years out of range, are not).
    #expect(byHand > intervals.count * 9 / 10)
  }

  @Test func aDateInAnEncodedValueIsWrittenTheSameWay() throws {
    let date = Date(timeIntervalSinceReferenceDate: 817_398_607.123_456)
    let text = String(decoding: try JSONStreamEncoder().encode(["at": date]), as: UTF8.self)
    #expect(text == "{\"at\":\"2026-11-26T15:10:07.123Z\"}")
  }
}
