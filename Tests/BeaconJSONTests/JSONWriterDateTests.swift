import Foundation
import Testing

@testable import BeaconJSON

/// `JSONWriter.writeDate`, which writes a date digit by digit, against the formatter it replaces
/// (`JSONValueEncoder.dateFormat`): byte for byte for instants over four centuries, leap days, the ends of years
/// and days, and fractional seconds of every kind, away from a millisecond's edge; at the edge, the millisecond of
/// the nearest microsecond, so that a date read back from another epoch's seconds writes the same text.
@Suite struct JSONWriterDateTests {
  /// `date` written, compared with the formatter's text unless it lies within a microsecond of a millisecond's edge
  /// (there the formatter cuts the raw double); whether the writer wrote it by hand (not through the formatter).
  static func check(_ date: Date) -> Bool {
    var output: [UInt8] = Array("x".utf8)
    JSONWriter.writeDate(date, into: &output)
    let interval = date.timeIntervalSinceReferenceDate
    let scaled = (interval - interval.rounded(.down)) * 1_000
    let rest = scaled - scaled.rounded(.down)
    if rest == 0 || (rest > 0.001 && rest < 0.999) {
      let expected = "x\"" + JSONValueEncoder.dateFormat.format(date) + "\""
      #expect(String(decoding: output, as: UTF8.self) == expected, "\(interval.bitPattern)")
    }
    return JSONWriter.handWritableSeconds(interval) != nil
  }

  /// The text of the millisecond `milliseconds` of second `second` since 2001-01-01, from the formatter given the
  /// middle of that millisecond (far from either edge).
  static func millisecondText(_ second: Double, _ milliseconds: Int) -> String {
    let middle = Date(timeIntervalSinceReferenceDate: second + (Double(milliseconds) + 0.5) / 1_000)
    return "\"" + JSONValueEncoder.dateFormat.format(middle) + "\""
  }

  static func written(_ date: Date) -> String {
    var output: [UInt8] = []
    JSONWriter.writeDate(date, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func atAMillisecondsEdgeTheNearestMicrosecondDecides() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let second = Double(Int.random(in: 500_000_000..<1_500_000_000, using: &generator))
      let millisecond = Int.random(in: 0...1_000, using: &generator)
      // Offsets from the edge, in microseconds, beyond the double's own rounding here (≤ 0.12 µs): the nearest
      // microsecond is the edge's (the millisecond starting there) or the one before it (the millisecond before).
      for (offset, sameMillisecond) in [
        (0.0, true), (0.3, true), (-0.3, true), (0.7, true), (-0.7, false), (-0.8, false),
      ] {
        let interval = second + Double(millisecond) / 1_000 + offset / 1_000_000
        let expected = sameMillisecond ? millisecond : millisecond - 1
        let date = Date(timeIntervalSinceReferenceDate: interval)
        #expect(Self.written(date) == Self.millisecondText(second, expected), "\(interval.bitPattern) \(offset)")
      }
    }
  }

  @Test func aDateReadBackFromSecondsSince1970IsWrittenTheSame() {
    var generator = SystemRandomNumberGenerator()
    var edges = 0
    for index in 0..<50_000 {
      let second = Double(Int.random(in: 700_000_000..<1_000_000_000, using: &generator))
      // Microsecond clocks, and every tenth date a whole millisecond (what a parsed `….123Z` is). A nanosecond's
      // time can sit on a half microsecond's edge; the places service's clock keeps its times as the store does.
      let fraction =
        index % 10 == 0
        ? Double(Int.random(in: 0..<1_000, using: &generator)) / 1_000
        : Double(Int.random(in: 0..<1_000_000, using: &generator)) / 1_000_000
      let date = Date(timeIntervalSinceReferenceDate: second + fraction)
      let stored = Date(timeIntervalSince1970: date.timeIntervalSince1970)
      if stored.timeIntervalSinceReferenceDate != date.timeIntervalSinceReferenceDate { edges += 1 }
      #expect(Self.written(stored) == Self.written(date), "\(date.timeIntervalSinceReferenceDate.bitPattern)")
      #expect(JSONWriter.dateText(date) == String(Self.written(date).dropFirst().dropLast()))
    }
    // The round trip does move many of them.
    #expect(edges > 1_000)
  }

  @Test func anEncodedValuesDateIsTheWritersText() throws {
    let date = Date(timeIntervalSinceReferenceDate: 816_063_578.683)  // Stored as …578.682 999 9…
    #expect(try JSONValueEncoder().encode(date) == .string("2026-11-11T04:19:38.683Z"))
    #expect(try JSONValueEncoder().encode(["at": date]) == .object(["at": .string("2026-11-11T04:19:38.683Z")]))
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
    // All but the six out of range, and 9999-12-31T23:59:59.9999, which rounds into year 10000, are written by hand.
    #expect(byHand == intervals.count - 7)
  }

  @Test func aDateInAnEncodedValueIsWrittenTheSameWay() throws {
    let date = Date(timeIntervalSinceReferenceDate: 817_398_607.123_456)
    let text = String(decoding: try JSONStreamEncoder().encode(["at": date]), as: UTF8.self)
    #expect(text == "{\"at\":\"2026-11-26T15:10:07.123Z\"}")
  }
}
