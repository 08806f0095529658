/// One value taken from a larger text, for readers of a known envelope.
extension JSONParser {
  /// Parses the one JSON value that starts at `index` in `buffer` (no whitespace before it) as
  /// ``parse(_:maxDepth:exactNumberKeys:)`` parses a value `depth` levels inside the text (`1`: a member of the
  /// top-level object), and moves `index` past it. `exactNumber` keeps a number with a fraction or exponent as written, as for a member named in
  /// `exactNumberKeys`. The errors are `parse`'s, at the same offsets in `buffer`.
  ///
  /// For readers of a known envelope (``JSONRPC``'s request scanner) that take the value of one member from a larger
  /// text without parsing the rest into values.
  package static func parseValue(
    in buffer: UnsafeBufferPointer<UInt8>,
    at index: inout Int,
    depth: Int,
    maxDepth: Int,
    exactNumberKeys: Set<String>,
    exactNumber: Bool = false,
    keepingNumbersOutOfRange: Bool = false
  ) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(buffer: buffer, maxDepth: maxDepth, exactNumberKeys: exactNumberKeys)
    parser.keepsNumbersOutOfRange = keepingNumbersOutOfRange
    parser.index = index
    let value = try parser.parseValue(depth: depth, exactNumber: exactNumber)
    index = parser.index
    return value
  }
}
