import Foundation
import Testing

@testable import BeaconCore

/// `LocalDateTime.writeJSON`, written digit by digit, against its `description` (two `String(format:)`s), which
/// `encode(to:)` writes.
@Suite struct LocalDateTimeWritingTests {
  static func written(_ value: LocalDateTime) -> String {
    var output: [UInt8] = []
    value.writeJSON(into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func everyInstantAndOffsetIsWrittenAsItsDescription() {
    var generator = SystemRandomNumberGenerator()
    var values: [LocalDateTime] = [
      LocalDateTime(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0),
      LocalDateTime(date: Date(timeIntervalSince1970: -1), utcOffsetSeconds: 0),
      LocalDateTime(date: Date(timeIntervalSince1970: -0.5), utcOffsetSeconds: -3_600),
      LocalDateTime(date: Date(timeIntervalSince1970: 1_774_648_800), utcOffsetSeconds: 7_200),
      LocalDateTime(date: Date(timeIntervalSince1970: 1_774_648_800), utcOffsetSeconds: -(5 * 3_600 + 30 * 60)),
      LocalDateTime(date: Date(timeIntervalSince1970: -62_135_596_800), utcOffsetSeconds: 0),  // Year 1.
      LocalDateTime(date: Date(timeIntervalSince1970: -64_000_000_000), utcOffsetSeconds: 3_600),  // Before year 1.
      LocalDateTime(date: Date(timeIntervalSince1970: 253_402_300_799), utcOffsetSeconds: 0),  // 9999-12-31.
      LocalDateTime(date: Date(timeIntervalSince1970: 253_402_300_800), utcOffsetSeconds: 50_400),  // Year 10000.
    ]
    for _ in 0..<20_000 {
      let seconds = Double.random(in: -1e11...1e11, using: &generator).rounded(.down)
      let fraction = Bool.random(using: &generator) ? Double.random(in: 0..<1, using: &generator) : 0
      let offset =
        Bool.random(using: &generator)
        ? Int.random(in: -56...56, using: &generator) * 900 : Int.random(in: -86_399...86_399, using: &generator)
      values.append(LocalDateTime(date: Date(timeIntervalSince1970: seconds + fraction), utcOffsetSeconds: offset))
    }
    for value in values {
      #expect(
        Self.written(value) == "\"\(value.description)\"",
        "\(value.date.timeIntervalSince1970) \(value.utcOffsetSeconds)"
      )
    }
  }
}
