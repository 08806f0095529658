/// Checking a value without building it: for readers that keep a few members of a large text (an import's GeoJSON
/// feature keeps its tags and geometry) and must still reject what ``JSONParser/parse(_:maxDepth:)`` rejects, with
/// the same error at the same offset.
extension JSONParser {
  /// How a string scanned by ``scanString(in:at:)`` is written.
  package struct ScannedString: Sendable, Equatable {
    /// Where its bytes are (between the quotes).
    package var bytes: Range<Int>
    /// Whether they are all ASCII and without escapes: then the bytes are the string's text.
    package var isPlainASCII: Bool
  }

  /// Checks the JSON value that starts at `index` in `buffer` as ``parseValue(in:at:depth:maxDepth:exactNumberKeys:exactNumber:)``
  /// would parse it (same errors, same offsets) and moves `index` past it, building nothing.
  package static func skipValue(
    in buffer: UnsafeBufferPointer<UInt8>,
    at index: inout Int,
    depth: Int,
    maxDepth: Int
  ) throws(JSONParseError) {
    var parser = JSONParser(buffer: buffer, maxDepth: maxDepth, exactNumberKeys: [])
    parser.index = index
    try parser.skipValue(depth: depth)
    index = parser.index
  }

  /// Checks the string that starts (at its quote) at `index` as the parser reads a string (same errors, same
  /// offsets) and moves `index` past its closing quote.
  package static func scanString(
    in buffer: UnsafeBufferPointer<UInt8>,
    at index: inout Int
  ) throws(JSONParseError) -> ScannedString {
    var parser = JSONParser(buffer: buffer, maxDepth: defaultMaxDepth, exactNumberKeys: [])
    parser.index = index
    let scanned = try parser.skipString()
    index = parser.index
    return scanned
  }

  /// Whether `bytes` are well-formed UTF-8 (as `String(validating:as:)` decides), without making a string.
  package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      func isContinuation(_ offset: Int) -> Bool { bytes[index + offset] & 0xC0 == 0x80 }
      switch lead {
      case 0xC2...0xDF:
        guard index + 1 < count, isContinuation(1) else { return false }
        index += 2
      case 0xE0...0xEF:
        guard index + 2 < count else { return false }
        let second = bytes[index + 1]
        let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
        let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
        guard second >= low, second <= high, isContinuation(2) else { return false }
        index += 3
      case 0xF0...0xF4:
        guard index + 3 < count else { return false }
        let second = bytes[index + 1]
        let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
        let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
        guard second >= low, second <= high, isContinuation(2), isContinuation(3) else { return false }
        index += 4
      default:
        return false
      }
    }
    return true
  }

  private mutating func skipValue(depth: Int) throws(JSONParseError) {
    guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
    switch buffer[index] {
    case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
    case UInt8(ascii: "["): try skipArray(depth: depth + 1)
    case UInt8(ascii: "\""): _ = try skipString()
    case UInt8(ascii: "t"): try expectLiteral("true")
    case UInt8(ascii: "f"): try expectLiteral("false")
    case UInt8(ascii: "n"): try expectLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    default: throw error(.unexpectedCharacter)
    }
  }

  private mutating func skipSpace() {
    while index < buffer.count {
      switch buffer[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func skipObject(depth: Int) throws(JSONParseError) {
    guard depth <= maxDepth else { throw error(.nestedTooDeep(limit: maxDepth)) }
    index += 1
    skipSpace()
    if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipSpace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw error(.expectedObjectKey) }
      _ = try skipString()
      skipSpace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
      index += 1
      skipSpace()
      try skipValue(depth: depth)
      skipSpace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): index += 1; return
      default: throw error(.expectedCommaOrClosingBrace)
      }
    }
  }

  private mutating func skipArray(depth: Int) throws(JSONParseError) {
    guard depth <= maxDepth else { throw error(.nestedTooDeep(limit: maxDepth)) }
    index += 1
    skipSpace()
    if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      skipSpace()
      try skipValue(depth: depth)
      skipSpace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"): index += 1; return
      default: throw error(.expectedCommaOrClosingBracket)
      }
    }
  }

  /// The parser's string checks without the string: a string with escapes (rare) is read by the parser itself.
  private mutating func skipString() throws(JSONParseError) -> ScannedString {
    let quote = index
    let start = index + 1
    index = start
    var isASCII = true
    while index < buffer.count {
      let byte = buffer[index]
      if byte == UInt8(ascii: "\"") {
        if !isASCII, !Self.isValidUTF8(UnsafeBufferPointer(rebasing: buffer[start..<index])) {
          throw JSONParseError(offset: start, kind: .invalidUTF8)
        }
        index += 1
        return ScannedString(bytes: start..<index - 1, isPlainASCII: isASCII)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error(.controlCharacterInString) }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    guard index < buffer.count else { throw error(.unterminatedString) }
    index = quote
    _ = try parseString()
    return ScannedString(bytes: start..<index - 1, isPlainASCII: false)
  }

  private mutating func skipNumber() throws(JSONParseError) {
    let (lexeme, isInteger) = try scanNumber()
    // An integer is always read (too large for `Int`, it is kept as text); a fraction must be a finite `Double`.
    guard !isInteger else { return }
    guard let value = Double(String(decoding: lexeme, as: UTF8.self)), value.isFinite else {
      throw error(.numberOutOfRange)
    }
  }
}
