/// A strict RFC 8259 JSON parser over UTF-8 bytes with a nesting limit.
///
/// Hostile input cannot overflow the stack: arrays and objects nested deeper than `maxDepth` are
/// rejected. Strings must be valid UTF-8 with no raw control characters; an escaped lone surrogate
/// becomes U+FFFD. Duplicate object keys keep the last value. Whitespace may surround the value.
package struct JSONParser {
  /// The default nesting limit for arrays and objects.
  package static let defaultMaxDepth = 512

  /// Parses one JSON text.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 encoded JSON text.
  ///   - maxDepth: The deepest allowed nesting of arrays and objects.
  /// - Returns: The parsed value.
  /// - Throws: ``JSONParseError`` when the bytes are not one valid JSON text.
  package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    try parse(bytes, maxDepth: maxDepth, exactNumberKeys: [])
  }

  /// Parses one JSON text, keeping numbers with a fraction or exponent exactly in the members named
  /// `exactNumberKeys` (``JSONValue/exactNumber(_:)``), so that they can be echoed byte for byte (request ids).
  package static func parse(
    _ bytes: [UInt8],
    maxDepth: Int,
    exactNumberKeys: Set<String>
  ) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer: buffer, maxDepth: maxDepth, exactNumberKeys: exactNumberKeys)
      do throws(JSONParseError) {
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == buffer.count else {
          throw parser.error(.dataAfterValue)
        }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses one JSON text like ``parse(_:maxDepth:exactNumberKeys:)``, but when it is an object hands its members
  /// to `member` in order instead of building a dictionary, and returns `nil`; any other value is returned.
  ///
  /// Duplicate keys are all handed over: a caller keeping the last one sees what `parse` would keep. The errors are
  /// `parse`'s, at the same offsets. A JSON-RPC envelope (`jsonrpc`, `id`, `method`, `params`) is read this way
  /// without hashing its keys into a dictionary per message.
  package static func parseMembers(
    _ bytes: [UInt8],
    maxDepth: Int,
    exactNumberKeys: Set<String>,
    member: (String, JSONValue) -> Void
  ) throws(JSONParseError) -> JSONValue? {
    let result: Result<JSONValue?, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer: buffer, maxDepth: maxDepth, exactNumberKeys: exactNumberKeys)
      do throws(JSONParseError) {
        parser.skipWhitespace()
        let value: JSONValue?
        if parser.index < buffer.count, buffer[parser.index] == UInt8(ascii: "{") {
          try parser.parseMembers(depth: 1, member: member)
          value = nil
        } else {
          value = try parser.parseValue(depth: 0)
        }
        parser.skipWhitespace()
        guard parser.index == buffer.count else {
          throw parser.error(.dataAfterValue)
        }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private let buffer: UnsafeBufferPointer<UInt8>
  private let maxDepth: Int
  private let exactNumberKeys: Set<String>
  private var index = 0

  private init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, exactNumberKeys: Set<String>) {
    self.buffer = buffer
    self.maxDepth = maxDepth
    self.exactNumberKeys = exactNumberKeys
  }

  /// Whether numbers in members named `key` are kept exactly. The set holds a name or two: comparing them costs less
  /// than hashing every key of every message.
  private func isExactNumberKey(_ key: String) -> Bool {
    for name in exactNumberKeys where name == key { return true }
    return false
  }

  private func error(_ kind: JSONParseError.Kind) -> JSONParseError {
    JSONParseError(offset: index, kind: kind)
  }

  private mutating func skipWhitespace() {
    while index < buffer.count {
      switch buffer[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int, exactNumber: Bool = false) throws(JSONParseError) -> JSONValue {
    guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
    switch buffer[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(exact: exactNumber)
    default: throw error(.unexpectedCharacter)
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    guard buffer.count - index >= count else { throw error(.invalidLiteral) }
    let start = literal.utf8Start
    for offset in 0..<count where buffer[index + offset] != start[offset] {
      throw error(.invalidLiteral)
    }
    index += count
  }

  private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maxDepth else { throw error(.nestedTooDeep(limit: maxDepth)) }
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw error(.expectedObjectKey) }
      let key = try parseString()
      skipWhitespace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
      index += 1
      skipWhitespace()
      members[key] = try parseValue(depth: depth, exactNumber: isExactNumberKey(key))
      skipWhitespace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): index += 1; return .object(members)
      default: throw error(.expectedCommaOrClosingBrace)
      }
    }
  }

  /// ``parseObject(depth:)`` handing each member over instead of keeping it.
  private mutating func parseMembers(depth: Int, member: (String, JSONValue) -> Void) throws(JSONParseError) {
    guard depth <= maxDepth else { throw error(.nestedTooDeep(limit: maxDepth)) }
    index += 1
    skipWhitespace()
    if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw error(.expectedObjectKey) }
      let key = try parseMemberKey()
      skipWhitespace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
      index += 1
      skipWhitespace()
      member(key, try parseValue(depth: depth, exactNumber: isExactNumberKey(key)))
      skipWhitespace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): index += 1; return
      default: throw error(.expectedCommaOrClosingBrace)
      }
    }
  }

  /// The member names of a JSON-RPC envelope, handed over as literals (no string made and validated per message).
  private static let envelopeKeys: [(name: String, bytes: [UInt8])] = [
    "jsonrpc", "id", "method", "params", "result", "error",
  ].map { ($0, Array($0.utf8)) }

  /// ``parseString()`` for a member name: a plain one of ``envelopeKeys`` (no escapes) is returned as its literal.
  private mutating func parseMemberKey() throws(JSONParseError) -> String {
    let start = index + 1
    var end = start
    while end < buffer.count, end - start < 8, buffer[end] != UInt8(ascii: "\"") { end += 1 }
    if end < buffer.count, buffer[end] == UInt8(ascii: "\"") {
      let count = end - start
      for key in Self.envelopeKeys where key.bytes.count == count {
        var same = true
        for offset in 0..<count where key.bytes[offset] != buffer[start + offset] {
          same = false
          break
        }
        if same {
          index = end + 1
          return key.name
        }
      }
    }
    return try parseString()
  }

  private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maxDepth else { throw error(.nestedTooDeep(limit: maxDepth)) }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"): index += 1; return .array(elements)
      default: throw error(.expectedCommaOrClosingBracket)
      }
    }
  }

  private mutating func parseNumber(exact: Bool) throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if buffer[index] == UInt8(ascii: "-") { index += 1 }
    guard index < buffer.count, isDigit(buffer[index]) else { throw error(.invalidNumber) }
    if buffer[index] == UInt8(ascii: "0") {
      index += 1
      if index < buffer.count, isDigit(buffer[index]) { throw error(.leadingZero) }
    } else {
      while index < buffer.count, isDigit(buffer[index]) { index += 1 }
    }
    if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < buffer.count, isDigit(buffer[index]) else { throw error(.invalidNumber) }
      while index < buffer.count, isDigit(buffer[index]) { index += 1 }
    }
    if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < buffer.count, isDigit(buffer[index]) else { throw error(.invalidNumber) }
      while index < buffer.count, isDigit(buffer[index]) { index += 1 }
    }
    let lexeme = UnsafeBufferPointer(rebasing: buffer[start..<index])
    if isInteger {
      // `-0` is the one integer whose `Int` would be written differently (`0`).
      if exact, lexeme.count == 2, lexeme[0] == UInt8(ascii: "-"), lexeme[1] == UInt8(ascii: "0") {
        return .exactNumber("-0")
      }
      if let value = Self.integer(lexeme) { return .int(value) }
      return .largeInteger(String(decoding: lexeme, as: UTF8.self))
    }
    if exact { return .exactNumber(String(decoding: lexeme, as: UTF8.self)) }
    guard let value = Double(String(decoding: lexeme, as: UTF8.self)), value.isFinite else {
      throw error(.numberOutOfRange)
    }
    return .double(value)
  }

  /// Parses an integer lexeme, or returns `nil` when it does not fit in `Int`.
  private static func integer(_ lexeme: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let negative = lexeme[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    var value = 0
    while index < lexeme.count {
      let digit = Int(lexeme[index] &- UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index += 1
    }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func parseString() throws(JSONParseError) -> String {
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
