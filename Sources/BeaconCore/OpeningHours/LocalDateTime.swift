import Foundation

/// An instant with the UTC offset the place's time zone has then; on the wire RFC 3339 with that offset,
/// `2026-03-27T22:00:00+02:00`, so it reads as the place's own clock and still names one instant.
package struct LocalDateTime: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The instant.
  package var date: Date
  /// The place's offset from UTC at that instant, in seconds (7200 for Oslo in summer).
  package var utcOffsetSeconds: Int

  /// The instant `date` as a clock in `timeZone` shows it.
  package init(date: Date, timeZone: TimeZone) {
    self.date = date
    utcOffsetSeconds = timeZone.secondsFromGMT(for: date)
  }

  /// The instant `date` with an explicit offset.
  package init(date: Date, utcOffsetSeconds: Int) {
    self.date = date
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// The local day.
  package var day: CivilDate { wallClock.day }

  /// The local time, `22:00`.
  package var time: String {
    String(format: "%02d:%02d", wallClock.minute / 60, wallClock.minute % 60)
  }

  /// What the place's clock shows at the instant.
  private var wallClock: WallClock {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
    let dayNumber = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    return WallClock(day: CivilDate(dayNumber: dayNumber), minute: (seconds - dayNumber * 86_400) / 60)
  }

  /// `2026-03-27T22:00:00+02:00`.
  package var description: String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
    let second = ((seconds % 60) + 60) % 60
    let offset = abs(utcOffsetSeconds) / 60
    let sign = utcOffsetSeconds < 0 ? "-" : "+"
    return "\(day)T\(time):" + String(format: "%02d%@%02d:%02d", second, sign, offset / 60, offset % 60)
  }

  /// Encodes as RFC 3339 with the offset.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Reads RFC 3339 with an offset (`+02:00`, `-05:00` or `Z`).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(parsing: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 3339 time: \(text)")
    }
    self = value
  }

  /// Parses `2026-03-27T22:00:00+02:00` (seconds and fractions optional, `Z` for UTC).
  package init?(parsing text: String) {
    let characters = Array(text)
    guard characters.count >= 16, characters[10] == "T" || characters[10] == "t" else { return nil }
    let datePart = CivilDate(parsing: String(characters[0..<10]))
    guard let datePart, let hour = Int(String(characters[11..<13])), characters[13] == ":",
      let minute = Int(String(characters[14..<16]))
    else { return nil }
    var rest = characters[16...]
    var second = 0
    if rest.first == ":", rest.count >= 3, let value = Int(String(rest.dropFirst().prefix(2))) {
      second = value
      rest = rest.dropFirst(3)
    }
    if rest.first == "." { rest = rest.dropFirst().drop(while: \.isNumber) }
    var offset = 0
    switch rest.first {
    case "Z", "z":
      offset = 0
    case "+", "-":
      let digits = String(rest.dropFirst()).split(separator: ":").compactMap { Int($0) }
      guard digits.count == 2 else { return nil }
      offset = (digits[0] * 60 + digits[1]) * 60 * (rest.first == "-" ? -1 : 1)
    default:
      return nil
    }
    let wall = datePart.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
    self.init(date: Date(timeIntervalSince1970: TimeInterval(wall - offset)), utcOffsetSeconds: offset)
  }
}
