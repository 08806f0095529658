/// String scanning: the unescaped fast path, escapes and `\u` surrogate pairs.
extension JSONParser {
  mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    var isASCII = true
    // Fast path: no escapes.
    while index < buffer.count {
      let byte = buffer[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
        // ASCII needs no validation (and most keys and values are ASCII): the cheap non-generic initializer.
        let string = isASCII ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        guard let string else { throw JSONParseError(offset: start, kind: .invalidUTF8) }
        index += 1
        return string
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error(.controlCharacterInString) }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    var bytes = Array(buffer[start..<index])
    while index < buffer.count {
      let byte = buffer[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let string = String(validating: bytes, as: UTF8.self) else {
          throw JSONParseError(offset: start, kind: .invalidUTF8)
        }
        return string
      case UInt8(ascii: "\\"):
        index += 1
        try parseEscape(into: &bytes)
      case 0..<0x20:
        throw error(.controlCharacterInString)
      default:
        bytes.append(byte)
        index += 1
      }
    }
    throw error(.unterminatedString)
  }

  private mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONParseError) {
    guard index < buffer.count else { throw error(.unterminatedString) }
    let byte = buffer[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): bytes.append(0x08)
    case UInt8(ascii: "f"): bytes.append(0x0C)
    case UInt8(ascii: "n"): bytes.append(0x0A)
    case UInt8(ascii: "r"): bytes.append(0x0D)
    case UInt8(ascii: "t"): bytes.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        // A high surrogate; combine it with a following low surrogate when there is one.
        if buffer.count - index >= 6, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") {
          let saved = index
          index += 2
          let low = try parseHex4()
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = saved
            scalar = 0xFFFD
          }
        } else {
          scalar = 0xFFFD
        }
      } else if (0xDC00..<0xE000).contains(scalar) {
        scalar = 0xFFFD
      }
      let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
      bytes.append(contentsOf: String(character).utf8)
    default:
      throw error(.invalidEscape)
    }
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard buffer.count - index >= 4 else { throw error(.invalidUnicodeEscape) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = buffer[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error(.invalidUnicodeEscape)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
