import BeaconJSON

// A search's result written without `Codable`: each `PlaceSummary` cost ~32 000 instructions through
// the encoder's containers. The members are in key order, as `JSONWriter` sorts them; `nil` is left out where
// `encode(to:)` uses `encodeIfPresent` (the synthesized conformances do for every optional) and written as `null`
// where it encodes the optional itself. Enums are given as their raw values (what their `writeJSON` writes). The text is
// made in memory reserved for it beforehand (`JSONBufferWriter`, from an upper bound of its length): no growth or
// uniqueness check per piece. `JSONWritableTests` compares both outputs.

extension PlaceSearchResult: JSONWritable {
  /// The result as its `Encodable` conformance writes it, made whole in reserved memory and appended in one piece.
  package func writeJSON(into output: inout [UInt8]) {
    JSONBufferWriter.write(bound: jsonBound, into: &output) { write(to: &$0) }
  }

  /// The most bytes ``write(to:)`` writes.
  var jsonBound: Int {
    var bound = 256 + 2 * JSONBufferWriter.maxDoubleLength + JSONBufferWriter.maxDateLength
    bound += 3 * JSONBufferWriter.maxIntegerLength + 6 * 32
    bound += JSONBufferWriter.maxStringLength(attribution)
    if let centerSource { bound += JSONBufferWriter.maxStringLength(centerSource) }
    if let city { bound += JSONBufferWriter.maxStringLength(city) }
    if let message { bound += JSONBufferWriter.maxStringLength(message) }
    if let excludedUnknown {
      bound += 2
      for key in excludedUnknown.keys {
        bound += JSONBufferWriter.maxStringLength(key) + 2 + JSONBufferWriter.maxIntegerLength
      }
    }
    bound += 2
    // Each summary read where it stands (a `for … in` copies each one out of the array).
    places.withUnsafeBufferPointer { places in
      for index in places.indices { bound += places[index].jsonBound + 1 }
    }
    return bound
  }

  /// Writes the members in key order.
  func write(to writer: inout JSONBufferWriter) {
    writer.raw("{\"attribution\":")
    writer.string(attribution)
    writer.raw(",\"category\":")
    writer.string(category.rawValue)
    writer.raw(",\"center\":")
    center.write(to: &writer)
    if let centerSource {
      writer.raw(",\"centerSource\":")
      writer.string(centerSource)
    }
    if let city {
      writer.raw(",\"city\":")
      writer.string(city)
    }
    if let excludedUnknown {
      writer.raw(",\"excludedUnknown\":{")
      for (position, member) in excludedUnknown.sorted(by: { $0.key < $1.key }).enumerated() {
        if position > 0 { writer.byte(UInt8(ascii: ",")) }
        writer.string(member.key)
        writer.byte(UInt8(ascii: ":"))
        writer.integer(member.value)
      }
      writer.byte(UInt8(ascii: "}"))
    }
    writer.raw(",\"fetchedAt\":")
    writer.date(fetchedAt)
    if let message {
      writer.raw(",\"message\":")
      writer.string(message)
    }
    writer.raw(",\"places\":[")
    places.withUnsafeBufferPointer { places in
      for index in places.indices {
        if index > 0 { writer.byte(UInt8(ascii: ",")) }
        places[index].write(to: &writer)
      }
    }
    writer.raw("],\"radiusMeters\":")
    writer.integer(radiusMeters)
    writer.raw(",\"scope\":")
    writer.string(scope.rawValue)
    writer.raw(",\"sort\":")
    writer.string(sort.rawValue)
    writer.raw(",\"source\":")
    writer.string(source.rawValue)
    writer.raw(",\"stale\":")
    writer.bool(stale)
    writer.byte(UInt8(ascii: "}"))
  }
}

extension PlaceSummary: JSONWritable {
  /// The summary as ``encode(to:)`` writes it: `rating` and `openNow` as `null` when unknown.
  package func writeJSON(into output: inout [UInt8]) {
    JSONBufferWriter.write(bound: jsonBound, into: &output) { write(to: &$0) }
  }

  /// The most bytes ``write(to:)`` writes.
  var jsonBound: Int {
    // Keys and punctuation (~250 bytes), the numbers, the position, the rating, the two local times.
    var bound = 512 + 3 * JSONBufferWriter.maxIntegerLength + 2 * JSONBufferWriter.maxDoubleLength
    bound += 2 * JSONBufferWriter.maxDoubleLength + 2 * JSONBufferWriter.maxIntegerLength
    bound += 2 * LocalDateTime.maxJSONLength
    bound += JSONBufferWriter.maxStringLength(id) + JSONBufferWriter.maxStringLength(name)
    // The enums' raw values are a few plain letters: 48 bytes each is room enough.
    bound += JSONBufferWriter.maxStringLength(source) + 2 * 48
    if let address { bound += JSONBufferWriter.maxStringLength(address) }
    if let diet { bound += 2 + diet.count * 48 }
    if let cuisine {
      bound += 2
      for value in cuisine { bound += JSONBufferWriter.maxStringLength(value) + 1 }
    }
    return bound
  }

  /// Writes the members in key order (those before `category`, the first always written, end with a comma).
  func write(to writer: inout JSONBufferWriter) {
    writer.byte(UInt8(ascii: "{"))
    if let address {
      writer.raw("\"address\":")
      writer.string(address)
      writer.byte(UInt8(ascii: ","))
    }
    if let alongRouteMeters {
      writer.raw("\"alongRouteMeters\":")
      writer.integer(alongRouteMeters)
      writer.byte(UInt8(ascii: ","))
    }
    writer.raw("\"category\":")
    writer.string(category.rawValue)
    if let closesAt {
      writer.raw(",\"closesAt\":")
      closesAt.write(to: &writer)
    }
    if let cuisine {
      writer.raw(",\"cuisine\":[")
      for (position, value) in cuisine.enumerated() {
        if position > 0 { writer.byte(UInt8(ascii: ",")) }
        writer.string(value)
      }
      writer.byte(UInt8(ascii: "]"))
    }
    if let detourMeters {
      writer.raw(",\"detourMeters\":")
      writer.integer(detourMeters)
    }
    if let diet {
      writer.raw(",\"diet\":[")
      for (position, value) in diet.enumerated() {
        if position > 0 { writer.byte(UInt8(ascii: ",")) }
        writer.string(value.rawValue)
      }
      writer.byte(UInt8(ascii: "]"))
    }
    if let distanceMeters {
      writer.raw(",\"distanceMeters\":")
      writer.integer(distanceMeters)
    }
    writer.raw(",\"id\":")
    writer.string(id)
    writer.raw(",\"isFavorite\":")
    writer.bool(isFavorite)
    writer.raw(",\"location\":")
    location.write(to: &writer)
    writer.raw(",\"name\":")
    writer.string(name)
    writer.raw(",\"openNow\":")
    if let openNow { writer.bool(openNow) } else { writer.raw("null") }
    if let opensAt {
      writer.raw(",\"opensAt\":")
      opensAt.write(to: &writer)
    }
    if let outdoorSeating {
      writer.raw(",\"outdoorSeating\":")
      writer.bool(outdoorSeating)
    }
    writer.raw(",\"rating\":")
    if let rating { rating.write(to: &writer) } else { writer.raw("null") }
    writer.raw(",\"source\":")
    writer.string(source)
    if let takeaway {
      writer.raw(",\"takeaway\":")
      writer.bool(takeaway)
    }
    if let wheelchair {
      writer.raw(",\"wheelchair\":")
      writer.string(wheelchair.rawValue)
    }
    writer.byte(UInt8(ascii: "}"))
  }
}

extension Coordinate: JSONWritable {
  /// `{"lat":…,"lon":…}`, written straight (a pin in every summary: no object writer around two numbers).
  package func writeJSON(into output: inout [UInt8]) {
    JSONBufferWriter.write(bound: 16 + 2 * JSONBufferWriter.maxDoubleLength, into: &output) { write(to: &$0) }
  }

  /// Writes the two members.
  func write(to writer: inout JSONBufferWriter) {
    writer.raw("{\"lat\":")
    writer.double(lat)
    writer.raw(",\"lon\":")
    writer.double(lon)
    writer.byte(UInt8(ascii: "}"))
  }
}

extension RatingSummary: JSONWritable {
  /// The four numbers in key order.
  package func writeJSON(into output: inout [UInt8]) {
    let bound = 48 + 2 * JSONBufferWriter.maxDoubleLength + 2 * JSONBufferWriter.maxIntegerLength
    JSONBufferWriter.write(bound: bound, into: &output) { write(to: &$0) }
  }

  /// Writes the four members.
  func write(to writer: inout JSONBufferWriter) {
    writer.raw("{\"average\":")
    writer.double(average)
    writer.raw(",\"count\":")
    writer.integer(count)
    writer.raw(",\"fill\":")
    writer.double(fill)
    writer.raw(",\"stars\":")
    writer.integer(stars)
    writer.byte(UInt8(ascii: "}"))
  }
}

extension LocalDateTime: JSONWritable {
  /// The most bytes ``write(to:)`` writes (seven numbers of at most 20 digits and a sign, the punctuation).
  static let maxJSONLength = 176

  /// Its text with the UTC offset, as ``encode(to:)`` writes it (``description``), digit by digit: the two
  /// `String(format:)`s of `description` cost ~5 000 instructions for each opening or closing time of a list.
  package func writeJSON(into output: inout [UInt8]) {
    JSONBufferWriter.write(bound: Self.maxJSONLength, into: &output) { write(to: &$0) }
  }

  /// Writes the text.
  func write(to writer: inout JSONBufferWriter) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
    let dayNumber = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let day = CivilDate(dayNumber: dayNumber)
    let minute = (seconds - dayNumber * 86_400) / 60
    let offset = abs(utcOffsetSeconds) / 60
    writer.byte(UInt8(ascii: "\""))
    Self.write(day.year, width: 4, to: &writer)
    writer.byte(UInt8(ascii: "-"))
    Self.write(day.month, width: 2, to: &writer)
    writer.byte(UInt8(ascii: "-"))
    Self.write(day.day, width: 2, to: &writer)
    writer.byte(UInt8(ascii: "T"))
    Self.write(minute / 60, width: 2, to: &writer)
    writer.byte(UInt8(ascii: ":"))
    Self.write(minute % 60, width: 2, to: &writer)
    writer.byte(UInt8(ascii: ":"))
    Self.write(((seconds % 60) + 60) % 60, width: 2, to: &writer)
    writer.byte(UInt8(ascii: utcOffsetSeconds < 0 ? "-" : "+"))
    Self.write(offset / 60, width: 2, to: &writer)
    writer.byte(UInt8(ascii: ":"))
    Self.write(offset % 60, width: 2, to: &writer)
    writer.byte(UInt8(ascii: "\""))
  }

  /// `number` as `%0<width>d` writes it: at least `width` characters, zeros between the sign and the digits.
  static func write(_ number: Int, width: Int, to writer: inout JSONBufferWriter) {
    var digits = 1
    var rest = number.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    if number < 0 { writer.byte(UInt8(ascii: "-")) }
    let zeros = width - digits - (number < 0 ? 1 : 0)
    for _ in 0..<max(zeros, 0) { writer.byte(UInt8(ascii: "0")) }
    // The magnitude's digits (`integer` would repeat the sign).
    writer.integer(number < 0 ? Int(bitPattern: number.magnitude) : number)
  }
}

extension PlaceCategory: JSONWritable {}
extension PlaceSort: JSONWritable {}
extension SearchScope: JSONWritable {}
extension DataSource: JSONWritable {}
extension Diet: JSONWritable {}
extension Wheelchair: JSONWritable {}
