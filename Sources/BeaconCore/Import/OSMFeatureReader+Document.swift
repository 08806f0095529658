import BeaconJSON

/// Reading a JSON document (a GeoJSON FeatureCollection, Overpass JSON) without holding it whole: the top-level
/// object is scanned member by member, and the elements of its `features` (GeoJSON) or `elements` (Overpass)
/// array are handed out one at a time, each found by a byte scan and parsed alone with ``JSONParser``.
///
/// Errors name the line and column in the whole file: the reader keeps the line and column of one byte of its
/// buffer (`mark`) and counts from there.
extension OSMFeatureReader {
  /// Starts reading the document whose first byte is at `start`.
  mutating func beginDocument() throws(BeaconError) {
    objectStart = start
    guard buffer[start] == UInt8(ascii: "{") else {
      // Not an object (an array, a string…): nothing Beacon reads, but said precisely when it is not JSON.
      let end = try valueEnd(from: start, limit: maxBytes) { $0.failure(nil, .tooLarge(limitMiB: $0.maxBytes >> 20)) }
      _ = try parseValue(from: start, to: end)
      start = end
      try expectNothingMore()
      throw failure(nil, .unknownFormat)
    }
    start += 1
    state = .members(first: true)
  }

  /// The next element of the streamed array, or `nil` when the document has ended (and was checked whole).
  mutating func nextDocumentItem() throws(BeaconError) -> JSONValue? {
    while true {
      switch state {
      case .members(let first):
        if try !readMembers(first: first) {
          try finishDocument()
          return nil
        }
      case .elements(let first):
        if let item = try nextElement(first: first) { return item }
        state = .members(first: false)
      default:
        return nil
      }
    }
  }

  /// Reads members of the top-level object up to the array to stream (`true`) or the end of the object (`false`).
  private mutating func readMembers(first: Bool) throws(BeaconError) -> Bool {
    var first = first
    while true {
      var byte = try nextNonSpace()
      if !first {
        if byte == UInt8(ascii: "}") {
          start += 1
          return false
        }
        guard byte == UInt8(ascii: ",") else { throw syntaxError(at: start, .expectedCommaOrClosingBrace) }
        start += 1
        byte = try nextNonSpace()
      } else if byte == UInt8(ascii: "}") {
        start += 1
        return false
      }
      first = false
      guard byte == UInt8(ascii: "\"") else { throw syntaxError(at: start, .expectedObjectKey) }
      let keyEnd = try valueEnd(from: start, limit: maxBytes) {
        $0.failure(nil, .tooLarge(limitMiB: $0.maxBytes >> 20))
      }
      let key = try parseValue(from: start, to: keyEnd).stringValue ?? ""
      start = keyEnd
      guard try nextNonSpace() == UInt8(ascii: ":") else { throw syntaxError(at: start, .expectedColon) }
      start += 1
      let valueStart = try nextNonSpace()
      if valueStart == UInt8(ascii: "["), format == nil {
        let type = members["type"]?.stringValue
        if key == "features", type == nil || type == "FeatureCollection" {
          format = .geoJSON
        } else if key == "elements" {
          format = .overpass
        }
        if format != nil {
          start += 1
          streamed = true
          state = .elements(first: true)
          return true
        }
      }
      try requireValueStart(valueStart)
      let limit = maxBytes - memberBytes
      let end = try valueEnd(from: start, limit: limit) { $0.failure(nil, .tooLarge(limitMiB: $0.maxBytes >> 20)) }
      memberBytes += end - start
      members[key] = try parseValue(from: start, to: end)
      start = end
    }
  }

  /// The next element of the streamed array, parsed, or `nil` after its closing bracket.
  private mutating func nextElement(first: Bool) throws(BeaconError) -> JSONValue? {
    compactIfWorthIt()
    var byte = try nextNonSpace()
    if byte == UInt8(ascii: "]"), first {
      start += 1
      return nil
    }
    if !first {
      if byte == UInt8(ascii: "]") {
        start += 1
        return nil
      }
      guard byte == UInt8(ascii: ",") else { throw syntaxError(at: start, .expectedCommaOrClosingBracket) }
      start += 1
      byte = try nextNonSpace()
    }
    try requireValueStart(byte)
    let number = count + 1
    let end = try valueEnd(from: start, limit: maxBytes) { reader in
      let position: ImportPosition = reader.format == .overpass ? .element(number) : .feature(number)
      return reader.failure(position, .recordTooLarge(limitMiB: reader.maxBytes >> 20))
    }
    let pruning = prunes && format == .geoJSON ? Self.featurePruning : nil
    let value = try parseValue(from: start, to: end, pruning: pruning)
    start = end
    state = .elements(first: false)
    return value
  }

  /// After the top-level object: a single Feature on its first line starts a GeoJSONSeq file; anything else must
  /// be a whole FeatureCollection or Overpass answer with nothing after it.
  private mutating func finishDocument() throws(BeaconError) {
    state = .finished
    if !streamed, Self.isFeature(.object(members)), !buffer[objectStart..<start].contains(Self.lineFeed) {
      format = .geoJSONSeq
      state = .sequence(separator: Self.lineFeed)
      start = 0
      line = 1
      members = [:]
      return
    }
    try expectNothingMore()
    switch format {
    case .geoJSON:
      guard members["type"]?.stringValue == "FeatureCollection" else { throw failure(nil, .unknownFormat) }
    case .overpass:
      // Overpass reports a timeout or memory error in `remark`, after whatever it had found: not a whole answer.
      if let remark = members["remark"]?.stringValue, remark.lowercased().contains("error") {
        throw failure(nil, .overpassIncomplete(remark: remark))
      }
    default:
      throw failure(nil, .unknownFormat)
    }
  }

  // MARK: - Bytes

  /// The first byte at or after `start` that is not white space (moving `start` to it), reading more as needed.
  private mutating func nextNonSpace() throws(BeaconError) -> UInt8 {
    while true {
      if let index = buffer[start...].firstIndex(where: { !Self.isSpace($0) }) {
        start = index
        return buffer[index]
      }
      start = buffer.count
      if try !fill() { throw syntaxError(at: buffer.count, .unexpectedEndOfInput) }
    }
  }

  /// Throws unless `byte` can start a JSON value.
  private func requireValueStart(_ byte: UInt8) throws(BeaconError) {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      return
    default:
      throw syntaxError(at: start, .unexpectedCharacter)
    }
  }

  /// Throws unless only white space follows `start`.
  private mutating func expectNothingMore() throws(BeaconError) {
    while true {
      if let index = buffer[start...].firstIndex(where: { !Self.isSpace($0) }) {
        throw syntaxError(at: index, .dataAfterValue)
      }
      start = buffer.count
      if try !fill() { return }
    }
  }

  /// Where the JSON value starting at `from` ends (exclusive), reading more as needed: at the bracket that closes
  /// it, the quote that ends it, or the byte after a number or literal. A value cut by the end of the input ends
  /// there (the parser then says what is missing). It does not check the value: the parser does.
  private mutating func valueEnd(
    from: Int,
    limit: Int,
    tooLarge: (Self) -> BeaconError
  ) throws(BeaconError) -> Int {
    var depth = 0
    var inString = false
    var escaped = false
    var index = from
    while true {
      let end: Int? = buffer.withUnsafeBufferPointer { bytes in
        while index < bytes.count {
          let byte = bytes[index]
          if inString {
            if escaped {
              escaped = false
            } else if byte == UInt8(ascii: "\\") {
              escaped = true
            } else if byte == UInt8(ascii: "\"") {
              inString = false
              if depth == 0 { return index + 1 }
            }
          } else {
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
              depth -= 1
              if depth == 0 { return index + 1 }
              if depth < 0 { return index }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
              if depth == 0 { return index }
            default: break
            }
          }
          index += 1
        }
        return nil
      }
      if let end {
        if end - from > limit { throw tooLarge(self) }
        return end
      }
      if index - from > limit { throw tooLarge(self) }
      if try !fill() { return buffer.count }
    }
  }

  /// The JSON value in `buffer[from..<to]` (kept as `pruning` says), or an error at its line and column.
  private func parseValue(from: Int, to end: Int, pruning: JSONPruning? = nil) throws(BeaconError) -> JSONValue {
    do {
      if let pruning { return try JSONParser.parse(Array(buffer[from..<end]), pruning: pruning) }
      return try JSONParser.parse(Array(buffer[from..<end]))
    } catch {
      throw syntaxError(at: from + error.offset, error.kind)
    }
  }

  private func syntaxError(at index: Int, _ kind: JSONParseError.Kind) -> BeaconError {
    failure(position(at: index), .invalidJSON(kind))
  }

  /// The line and column (counting characters, not bytes) of `buffer[index]`.
  func position(at index: Int) -> ImportPosition {
    var line = markLine
    var column = markColumn
    for byte in buffer[mark..<min(max(index, mark), buffer.count)] {
      if byte == Self.lineFeed {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return .lineColumn(line: line, column: column)
  }

  /// Drops the bytes before `start` once they are most of the buffer, keeping the line and column of the first
  /// byte left (so memory holds about one element and one read, however long the array).
  private mutating func compactIfWorthIt() {
    guard start > 1 << 20, start * 2 > buffer.count else { return }
    if case .lineColumn(let line, let column) = position(at: start) {
      markLine = line
      markColumn = column
    }
    buffer.removeFirst(start)
    start = 0
    mark = 0
  }
}
