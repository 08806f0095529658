import Foundation

extension JSONWriter {
  /// The first second (since 2001-01-01, UTC) written by hand: 1600-01-01. Before the Gregorian reform of 1582 the
  /// formatter's calendar is Julian; the years from 1600 on are the same in both.
  static let firstHandWrittenSecond = -12_654_403_200.0
  /// The first second no longer written by hand: 10000-01-01 (five-digit years).
  static let endOfHandWrittenSeconds = 252_423_993_600.0

  /// Writes `date` as a JSON string: ISO 8601 in UTC with milliseconds, `"2026-11-26T15:10:07.123Z"`.
  ///
  /// The instant is rounded to the microsecond, then cut to the millisecond. So a date that went through another
  /// epoch's double and back (the cache keeps seconds since 1970) writes the same text: the formatter alone cuts the
  /// raw double and writes `…38.682Z` for a `…38.683` stored as `…38.682999…`. Away from a millisecond's edge that is
  /// the formatter's text, written digit by digit (the formatter costs ~3 400 instructions a date); years before
  /// 1600 or after 9999 are the formatter's.
  package static func writeDate(_ date: Date, into output: inout [UInt8]) {
    guard let seconds = handWritableSeconds(date.timeIntervalSinceReferenceDate) else {
      writeString(JSONValueEncoder.dateFormat.format(date), into: &output)
      return
    }
    writeDate(seconds: seconds.whole, milliseconds: seconds.milliseconds, into: &output)
  }

  /// `date`'s text as ``writeDate(_:into:)`` writes it, without the quotes.
  package static func dateText(_ date: Date) -> String {
    var output: [UInt8] = []
    writeDate(date, into: &output)
    return String(decoding: output.dropFirst().dropLast(), as: UTF8.self)
  }

  /// The whole seconds since 2001-01-01 and the milliseconds of `interval` rounded to the microsecond, when
  /// ``writeDate(_:into:)`` writes it by hand (years 1600–9999), else `nil`.
  static func handWritableSeconds(_ interval: Double) -> (whole: Int, milliseconds: Int)? {
    guard interval >= firstHandWrittenSecond, interval < endOfHandWrittenSeconds else { return nil }
    let whole = interval.rounded(.down)
    // Exact: a double minus its floor loses no bits.
    let microseconds = Int(((interval - whole) * 1_000_000).rounded())
    if microseconds < 1_000_000 { return (Int(whole), microseconds / 1_000) }
    guard whole + 1 < endOfHandWrittenSeconds else { return nil }
    return (Int(whole) + 1, 0)
  }

  /// `"YYYY-MM-DDThh:mm:ss.mmmZ"` of `seconds` since 2001-01-01 (in 1600...9999) and `milliseconds`.
  static func writeDate(seconds: Int, milliseconds: Int, into output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { text in
      fillDate(seconds: seconds, milliseconds: milliseconds, into: text)
      output.append(contentsOf: UnsafeBufferPointer(text))
    }
  }

  /// ``writeDate(seconds:milliseconds:into:)`` into reserved memory.
  static func writeDate(seconds: Int, milliseconds: Int, into writer: inout JSONBufferWriter) {
    writer.fixed(26) { fillDate(seconds: seconds, milliseconds: milliseconds, into: $0) }
  }

  /// Fills the 26 bytes of `text` with `"YYYY-MM-DDThh:mm:ss.mmmZ"`.
  private static func fillDate(seconds: Int, milliseconds: Int, into text: UnsafeMutableBufferPointer<UInt8>) {
    // Days since 1970-01-01, then Howard Hinnant's civil_from_days (the day numbers here are positive from 1600 on).
    let sinceEpoch = seconds + 978_307_200
    let dayNumber = sinceEpoch >= 0 ? sinceEpoch / 86_400 : (sinceEpoch - 86_399) / 86_400
    let secondOfDay = sinceEpoch - dayNumber * 86_400
    let shifted = dayNumber + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func put(_ number: Int, digits: Int, at end: Int) {
      var rest = number
      for position in stride(from: end - 1, through: end - digits, by: -1) {
        text[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
        rest /= 10
      }
    }
    text[0] = UInt8(ascii: "\"")
    put(year, digits: 4, at: 5)
    text[5] = UInt8(ascii: "-")
    put(month, digits: 2, at: 8)
    text[8] = UInt8(ascii: "-")
    put(day, digits: 2, at: 11)
    text[11] = UInt8(ascii: "T")
    put(secondOfDay / 3_600, digits: 2, at: 14)
    text[14] = UInt8(ascii: ":")
    put(secondOfDay / 60 % 60, digits: 2, at: 17)
    text[17] = UInt8(ascii: ":")
    put(secondOfDay % 60, digits: 2, at: 20)
    text[20] = UInt8(ascii: ".")
    put(milliseconds, digits: 3, at: 24)
    text[24] = UInt8(ascii: "Z")
    text[25] = UInt8(ascii: "\"")
  }
}
