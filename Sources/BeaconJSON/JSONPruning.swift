/// Which members of an object ``JSONParser/parse(_:maxDepth:pruning:)`` keeps: a reader that needs a few members
/// of a large object has only those built, the rest checked as strictly as ever but not kept.
package enum JSONPruning: Sendable {
  /// The whole value.
  case all
  /// When the value is an object, only the members `keep` returns a pruning for (each pruned by it); any other
  /// value whole. `keep` is given the UTF-8 bytes of the member's name (unescaped), so that members left out need
  /// no string made.
  case members(@Sendable (UnsafeBufferPointer<UInt8>) -> JSONPruning?)
}

/// Parsing with ``JSONPruning``: the members left out are skipped without building values (strings that are plain
/// ASCII without escapes are not even made), with the same checks, errors and offsets as building them.
extension JSONParser {
  /// Parses one JSON text like ``parse(_:maxDepth:)``, but keeps only what `pruning` asks for. Every error is the
  /// one ``parse(_:maxDepth:)`` throws for the same bytes, at the same offset.
  package static func parse(
    _ bytes: [UInt8],
    maxDepth: Int = defaultMaxDepth,
    pruning: JSONPruning
  ) throws(JSONParseError) -> JSONValue {
    try parseText(bytes, maxDepth: maxDepth, exactNumberKeys: []) { parser throws(JSONParseError) in
      try parser.parseValue(depth: 0, pruning: pruning)
    }
  }

  private mutating func parseValue(depth: Int, pruning: JSONPruning) throws(JSONParseError) -> JSONValue {
    guard case .members(let keep) = pruning, index < buffer.count, buffer[index] == UInt8(ascii: "{") else {
      return try parseValue(depth: depth)
    }
    return try parseObject(depth: depth + 1, keep: keep)
  }

  /// `parseObject(depth:)` keeping only the members `keep` names (the last of duplicates, as it does).
  private mutating func parseObject(
    depth: Int,
    keep: (UnsafeBufferPointer<UInt8>) -> JSONPruning?
  ) throws(JSONParseError) -> JSONValue {
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
      // A name of plain ASCII (most) is judged on its bytes in the input; any other is made (and checked) first.
      let keyStart = index + 1
      var key: String?
      var pruning: JSONPruning?
      if let end = plainEnd(from: keyStart) {
        let bytes = UnsafeBufferPointer(rebasing: buffer[keyStart..<end])
        index = end + 1
        pruning = keep(bytes)
        if pruning != nil { key = String(decoding: bytes, as: UTF8.self) }
      } else {
        var text = try parseString()
        pruning = text.withUTF8 { keep($0) }
        key = text
      }
      skipWhitespace()
      guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
      index += 1
      skipWhitespace()
      if let pruning, let key {
        members[key] = try parseValue(depth: depth, pruning: pruning)
      } else {
        try skipValue(depth: depth)
      }
      skipWhitespace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): index += 1; return .object(members)
      default: throw error(.expectedCommaOrClosingBrace)
      }
    }
  }

  /// `parseValue(depth:)` without the value.
  private mutating func skipValue(depth: Int) throws(JSONParseError) {
    guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
    switch buffer[index] {
    case UInt8(ascii: "{"): try skipContainer(depth: depth + 1, object: true)
    case UInt8(ascii: "["): try skipContainer(depth: depth + 1, object: false)
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "t"): try expectLiteral("true")
    case UInt8(ascii: "f"): try expectLiteral("false")
    case UInt8(ascii: "n"): try expectLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber(exact: false)
    default: throw error(.unexpectedCharacter)
    }
  }

  /// `parseObject(depth:)` or `parseArray(depth:)` without the value.
  private mutating func skipContainer(depth: Int, object: Bool) throws(JSONParseError) {
    guard depth <= maxDepth else { throw error(.nestedTooDeep(limit: maxDepth)) }
    let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
    index += 1
    skipWhitespace()
    if index < buffer.count, buffer[index] == close {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      if object {
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw error(.expectedObjectKey) }
        try skipString()
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
        index += 1
        skipWhitespace()
      }
      try skipValue(depth: depth)
      skipWhitespace()
      guard index < buffer.count else { throw error(.unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case close:
        index += 1
        return
      default: throw error(object ? .expectedCommaOrClosingBrace : .expectedCommaOrClosingBracket)
      }
    }
  }

  /// Where the string whose bytes start at `start` ends (its closing quote) when it is plain ASCII without escapes,
  /// else `nil`.
  private func plainEnd(from start: Int) -> Int? {
    var end = start
    while end < buffer.count {
      let byte = buffer[end]
      if byte == UInt8(ascii: "\"") { return end }
      if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { return nil }
      end += 1
    }
    return nil
  }

  /// `parseString()` without the string: plain ASCII is only scanned; anything else (an escape, a byte of a
  /// multi-byte character) is left to `parseString()` from the opening quote, so its checks decide.
  private mutating func skipString() throws(JSONParseError) {
    let quote = index
    index += 1
    while index < buffer.count {
      let byte = buffer[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return
      }
      if byte == UInt8(ascii: "\\") || byte >= 0x80 {
        index = quote
        _ = try parseString()
        return
      }
      if byte < 0x20 { throw error(.controlCharacterInString) }
      index += 1
    }
    throw error(.unterminatedString)
  }
}
