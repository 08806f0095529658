/// Serializes ``JSONValue`` to UTF-8 JSON text.
///
/// Compact output has no newlines at all (newline-delimited framing relies on it), object keys are
/// sorted so output is deterministic, `/` is not escaped, non-ASCII text is written as UTF-8, and
/// non-finite numbers (which JSON cannot express) are written as `null`.
package enum JSONWriter {
  /// Returns the compact JSON text of `value`.
  package static func serialize(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    write(value, into: &output)
    return output
  }

  /// Returns `value` as indented JSON text (two spaces, sorted keys), for people to read.
  package static func prettyPrinted(_ value: JSONValue) -> String {
    var output: [UInt8] = []
    writePretty(value, indent: 0, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the compact JSON text of `value` to `output`.
  package static func write(_ value: JSONValue, into output: inout [UInt8]) {
    switch value {
    case .null: writeLiteral("null", into: &output)
    case .bool(let flag): writeLiteral(flag ? "true" : "false", into: &output)
    case .int(let number): writeInteger(number, into: &output)
    case .largeInteger(let text), .exactNumber(let text): output.append(contentsOf: text.utf8)
    case .double(let number): writeDouble(number, into: &output)
    case .string(let text): writeString(text, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      // The members sorted by key as pairs: no lookup (hashing) per key.
      write(members: members.sorted(by: { $0.key < $1.key }), into: &output)
    }
  }

  /// Appends the compact JSON text of an object with `members`, in the order given (``write(_:into:)`` sorts them
  /// by key; a caller that has the members sorted already need not make a dictionary of them).
  package static func write(members: [(key: String, value: JSONValue)], into output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    for (position, member) in members.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      writeString(member.key, into: &output)
      output.append(UInt8(ascii: ":"))
      write(member.value, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  private static func writePretty(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
    func newline(_ level: Int) {
      output.append(0x0A)
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }
    switch value {
    case .array(let elements) where !elements.isEmpty:
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        writePretty(element, indent: indent + 1, into: &output)
      }
      newline(indent)
      output.append(UInt8(ascii: "]"))
    case .object(let members) where !members.isEmpty:
      output.append(UInt8(ascii: "{"))
      for (position, key) in members.keys.sorted().enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        writeString(key, into: &output)
        output.append(contentsOf: ": ".utf8)
        if let member = members[key] { writePretty(member, indent: indent + 1, into: &output) }
      }
      newline(indent)
      output.append(UInt8(ascii: "}"))
    default:
      write(value, into: &output)
    }
  }

  /// Appends `number` as ``write(_:into:)`` writes a double: integral values without a fraction, non-finite ones as
  /// `null`.
  package static func writeDouble(_ number: Double, into output: inout [UInt8]) {
    guard number.isFinite else {
      output.append(contentsOf: "null".utf8)
      return
    }
    if number.rounded() == number, abs(number) < 1e15 {
      // Integral values print without a fraction, as other JSON writers do ("5" rather than "5.0").
      writeInteger(Int(number), into: &output)
    } else if !writeShortDecimal(number, into: &output) {
      output.append(contentsOf: number.description.utf8)
    }
  }

  /// Writes `number` with the fewest decimals (at most 7) that read back as `number`, which is what its
  /// `description` writes for a magnitude between 0.001 and 10⁷ (coordinates, ratings): no `String` made. Returns
  /// `false`, writing nothing, for other numbers, and for those that need more decimals.
  ///
  /// In that range a decimal with k ≤ 7 places is far coarser than the spacing of doubles, so at most one such
  /// decimal reads back as `number` for the smallest k that has one, and it is the shortest, as `description`'s.
  /// Dividing the exact integer by the exact power of ten rounds as reading the decimal text does.
  static func writeShortDecimal(_ number: Double, into output: inout [UInt8]) -> Bool {
    let magnitude = abs(number)
    guard magnitude >= 0.001, magnitude < 1e7 else { return false }
    var power = 1.0
    for places in 1...7 {
      power *= 10  // Exact up to 10⁷.
      let scaled = Int(magnitude * power + 0.5)
      guard Double(scaled) / power == magnitude else { continue }
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
        // Written from the end: the fraction's digits (with its leading zeros), the point, the whole part, the sign.
        var digits = scaled
        var start = text.count
        for _ in 0..<places {
          start -= 1
          text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
          digits /= 10
        }
        start -= 1
        text[start] = UInt8(ascii: ".")
        repeat {
          start -= 1
          text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
          digits /= 10
        } while digits > 0
        if number < 0 {
          start -= 1
          text[start] = UInt8(ascii: "-")
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
      }
      return true
    }
    return false
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends the decimal digits of `number` (with `-` when negative), as `String(number)` spells them, without
  /// making that string.
  package static func writeInteger(_ number: Int, into output: inout [UInt8]) {
    if number >= 0, number < 10 {
      output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var magnitude = number.magnitude
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if number < 0 { output.append(UInt8(ascii: "-")) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Appends the bytes of a literal (`null`, `true`, `false`).
  package static func writeLiteral(_ text: StaticString, into output: inout [UInt8]) {
    text.withUTF8Buffer { output.append(contentsOf: $0) }
  }

  static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Most strings need no escape: checked in a plain loop over their bytes and copied in one piece.
    let plain =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          return false
        }
        output.append(contentsOf: bytes)
        return true
      } ?? false
    if plain {
      output.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0..<0x20:
        output.append(contentsOf: "\\u00".utf8)
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
