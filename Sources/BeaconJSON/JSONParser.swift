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
    try parseText(bytes, maxDepth: maxDepth, exactNumberKeys: exactNumberKeys) { parser throws(JSONParseError) in
      try parser.parseValue(depth: 0)
    }
  }

  /// Parses one JSON text like ``parse(_:maxDepth:exactNumberKeys:)``, but when it is an object hands its members
  /// to `member` in order instead of building a dictionary, and returns `nil`; any other value is returned.
  ///
  /// Duplicate keys are all handed over: a caller keeping the last one sees what `parse` would keep. The errors are
  /// `parse`'s, at the same offsets. A JSON-RPC envelope (`jsonrpc`, `id`, `method`, `params`) is read this way
  /// without hashing its keys into a dictionary per message.
  ///
  /// `keepingNumbersOutOfRange`: a number beyond a `Double`'s range (`1e400`) is kept as written
  /// (``JSONValue/exactNumber(_:)``, whose `doubleValue` is infinite) instead of failing the whole text, so that a
  /// request with one in its params is still a request, answered with its id.
  package static func parseMembers(
    _ bytes: [UInt8],
    maxDepth: Int,
    exactNumberKeys: Set<String>,
    keepingNumbersOutOfRange: Bool = false,
    member: (String, JSONValue) -> Void
  ) throws(JSONParseError) -> JSONValue? {
    try parseText(
      bytes,
      maxDepth: maxDepth,
      exactNumberKeys: exactNumberKeys,
      keepingNumbersOutOfRange: keepingNumbersOutOfRange
    ) { parser throws(JSONParseError) in
      guard parser.index < parser.buffer.count, parser.buffer[parser.index] == UInt8(ascii: "{") else {
        return try parser.parseValue(depth: 0)
      }
      try parser.parseMembers(depth: 1, member: member)
      return nil
    }
  }

  /// Reads one JSON text from `bytes` with `body`, past the whitespace that may surround it; anything after it is
  /// ``JSONParseError/Kind/dataAfterValue``.
  private static func parseText<Value>(
    _ bytes: [UInt8],
    maxDepth: Int,
    exactNumberKeys: Set<String>,
    keepingNumbersOutOfRange: Bool = false,
    _ body: (inout JSONParser) throws(JSONParseError) -> Value
  ) throws(JSONParseError) -> Value {
    let result: Result<Value, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer: buffer, maxDepth: maxDepth, exactNumberKeys: exactNumberKeys)
      parser.keepsNumbersOutOfRange = keepingNumbersOutOfRange
      do throws(JSONParseError) {
        parser.skipWhitespace()
        let value = try body(&parser)
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

  let buffer: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  private let exactNumberKeys: Set<String>
  /// Whether a number beyond a `Double`'s range is kept as written rather than an error.
  var keepsNumbersOutOfRange = false
  var index = 0

  init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, exactNumberKeys: Set<String>) {
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

  func error(_ kind: JSONParseError.Kind) -> JSONParseError {
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

  mutating func parseValue(depth: Int, exactNumber: Bool = false) throws(JSONParseError) -> JSONValue {
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

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
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

  /// Moves past the number that starts at `index` (RFC 8259's grammar) and returns its text and whether it is an
  /// integer (no fraction, no exponent); throws at the first byte that breaks the grammar.
  mutating func scanNumber() throws(JSONParseError) -> (lexeme: UnsafeBufferPointer<UInt8>, isInteger: Bool) {
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
    return (UnsafeBufferPointer(rebasing: buffer[start..<index]), isInteger)
  }

  private mutating func parseNumber(exact: Bool) throws(JSONParseError) -> JSONValue {
    let (lexeme, isInteger) = try scanNumber()
    if isInteger {
      // `-0` is the one integer whose `Int` would be written differently (`0`).
      if exact, lexeme.count == 2, lexeme[0] == UInt8(ascii: "-"), lexeme[1] == UInt8(ascii: "0") {
        return .exactNumber("-0")
      }
      if let value = Self.integer(lexeme) { return .int(value) }
      return .largeInteger(String(decoding: lexeme, as: UTF8.self))
    }
    if exact { return .exactNumber(String(decoding: lexeme, as: UTF8.self)) }
    if let value = Self.shortDouble(lexeme) { return .double(value) }
    guard let value = Double(String(decoding: lexeme, as: UTF8.self)), value.isFinite else {
      if keepsNumbersOutOfRange { return .exactNumber(String(decoding: lexeme, as: UTF8.self)) }
      throw error(.numberOutOfRange)
    }
    return .double(value)
  }

  /// The powers of ten a `Double` holds exactly (10⁰ … 10²²).
  private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

  /// The value of a number lexeme with a fraction or exponent (valid JSON) when its digits, without the point, make
  /// an integer of at most 2⁵³ and its scale is at most 22 places either way (coordinates and most other decimals),
  /// else `nil`. Both the integer and the power of ten are then exact doubles, so the one division (or
  /// multiplication) rounds the exact value once, to nearest: what reading the text (`Double(String)`) gives,
  /// without making a string or calling `strtod`.
  static func shortDouble(_ lexeme: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    let negative = lexeme[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    var mantissa: UInt64 = 0
    var places = 0
    var inFraction = false
    while index < lexeme.count {
      let byte = lexeme[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
        // Past 2⁵³ the integer is no longer exact (checked on every digit, so it cannot overflow).
        guard mantissa <= 1 << 53 else { return nil }
        if inFraction { places += 1 }
      } else {
        break
      }
      index += 1
    }
    var exponent = 0
    if index < lexeme.count {
      // `e` or `E`, an optional sign, digits (the lexeme is valid).
      index += 1
      var exponentNegative = false
      if lexeme[index] == UInt8(ascii: "+") || lexeme[index] == UInt8(ascii: "-") {
        exponentNegative = lexeme[index] == UInt8(ascii: "-")
        index += 1
      }
      while index < lexeme.count {
        exponent = exponent * 10 + Int(lexeme[index] &- UInt8(ascii: "0"))
        guard exponent <= 400 else { return nil }
        index += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    let scale = exponent - places
    guard scale >= -22, scale <= 22 else { return nil }
    var value = Double(mantissa)
    if scale < 0 {
      value /= exactPowersOfTen[-scale]
    } else if scale > 0 {
      value *= exactPowersOfTen[scale]
    }
    return negative ? -value : value
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

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
