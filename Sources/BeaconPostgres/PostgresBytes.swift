/// A `bytea` parameter or column in PostgreSQL's hex text form (`\x0a1b…`).
package struct PostgresBytes: PostgresBindable, Equatable {
  /// The bytes.
  package var bytes: [UInt8]

  /// Wraps `bytes`.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  private static let digits = Array("0123456789abcdef".utf8)

  package var postgresText: String {
    var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
    text.reserveCapacity(2 + bytes.count * 2)
    for byte in bytes {
      text.append(Self.digits[Int(byte >> 4)])
      text.append(Self.digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Reads a `bytea` column's hex text form; `nil` for anything else.
  package init?(hex text: String) {
    let utf8 = Array(text.utf8)
    guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else {
      return nil
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity((utf8.count - 2) / 2)
    var index = 2
    while index < utf8.count {
      guard let high = Self.value(of: utf8[index]), let low = Self.value(of: utf8[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    self.bytes = bytes
  }

  private static func value(of digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
