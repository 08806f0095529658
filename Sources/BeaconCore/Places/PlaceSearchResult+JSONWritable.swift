import BeaconJSON

// A search's result written without `Codable`: each `PlaceSummary` cost ~32 000 instructions through
// the encoder's containers. The members are in key order, as `JSONWriter` sorts them; `nil` is left out where
// `encode(to:)` uses `encodeIfPresent` (the synthesized conformances do for every optional) and written as `null`
// where it encodes the optional itself. Optionals are unwrapped here, not passed on as `Optional`s (see
// `JSONObjectWriter.member`), and enums given as their raw values (what their `writeJSON` writes, without the generic
// call). `JSONWritableTests` compares both outputs.

extension PlaceSearchResult: JSONWritable {
  /// The result as its `Encodable` conformance writes it.
  package func writeJSON(into output: inout [UInt8]) {
    // Room for the whole answer at once (a summary is ~300 bytes), rather than the buffer grown several times.
    output.reserveCapacity(output.count + 512 + 384 * places.count)
    JSONObjectWriter.write(into: &output) { object in
      object.member("attribution", attribution)
      object.member("category", category.rawValue)
      object.member("center", center)
      if let centerSource { object.member("centerSource", centerSource) }
      if let city { object.member("city", city) }
      if let excludedUnknown { object.member("excludedUnknown", excludedUnknown) }
      object.member("fetchedAt", fetchedAt)
      if let message { object.member("message", message) }
      object.member("places", places)
      object.member("radiusMeters", radiusMeters)
      object.member("scope", scope.rawValue)
      object.member("sort", sort.rawValue)
      object.member("source", source.rawValue)
      object.member("stale", stale)
    }
  }
}

extension PlaceSummary: JSONWritable {
  /// The summary as ``encode(to:)`` writes it: `rating` and `openNow` as `null` when unknown.
  package func writeJSON(into output: inout [UInt8]) {
    JSONObjectWriter.write(into: &output) { object in
      if let address { object.member("address", address) }
      if let alongRouteMeters { object.member("alongRouteMeters", alongRouteMeters) }
      object.member("category", category.rawValue)
      if let closesAt { object.member("closesAt", closesAt) }
      if let cuisine { object.member("cuisine", cuisine) }
      if let detourMeters { object.member("detourMeters", detourMeters) }
      if let diet { object.member("diet", diet) }
      if let distanceMeters { object.member("distanceMeters", distanceMeters) }
      object.member("id", id)
      object.member("isFavorite", isFavorite)
      object.member("location", location)
      object.member("name", name)
      if let openNow { object.member("openNow", openNow) } else { object.null("openNow") }
      if let opensAt { object.member("opensAt", opensAt) }
      if let outdoorSeating { object.member("outdoorSeating", outdoorSeating) }
      if let rating { object.member("rating", rating) } else { object.null("rating") }
      object.member("source", source)
      if let takeaway { object.member("takeaway", takeaway) }
      if let wheelchair { object.member("wheelchair", wheelchair.rawValue) }
    }
  }
}

extension Coordinate: JSONWritable {
  /// `{"lat":…,"lon":…}`, written straight (a pin in every summary: no object writer around two numbers).
  package func writeJSON(into output: inout [UInt8]) {
    JSONWriter.writeLiteral("{\"lat\":", into: &output)
    JSONWriter.writeDouble(lat, into: &output)
    JSONWriter.writeLiteral(",\"lon\":", into: &output)
    JSONWriter.writeDouble(lon, into: &output)
    output.append(UInt8(ascii: "}"))
  }
}

extension RatingSummary: JSONWritable {
  /// The four numbers in key order.
  package func writeJSON(into output: inout [UInt8]) {
    JSONObjectWriter.write(into: &output) { object in
      object.member("average", average)
      object.member("count", count)
      object.member("fill", fill)
      object.member("stars", stars)
    }
  }
}

extension LocalDateTime: JSONWritable {
  /// Its text with the UTC offset, as ``encode(to:)`` writes it (``description``), digit by digit: the two
  /// `String(format:)`s of `description` cost ~5 000 instructions for each opening or closing time of a list.
  package func writeJSON(into output: inout [UInt8]) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
    let dayNumber = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let day = CivilDate(dayNumber: dayNumber)
    let minute = (seconds - dayNumber * 86_400) / 60
    let offset = abs(utcOffsetSeconds) / 60
    output.append(UInt8(ascii: "\""))
    Self.write(day.year, width: 4, into: &output)
    output.append(UInt8(ascii: "-"))
    Self.write(day.month, width: 2, into: &output)
    output.append(UInt8(ascii: "-"))
    Self.write(day.day, width: 2, into: &output)
    output.append(UInt8(ascii: "T"))
    Self.write(minute / 60, width: 2, into: &output)
    output.append(UInt8(ascii: ":"))
    Self.write(minute % 60, width: 2, into: &output)
    output.append(UInt8(ascii: ":"))
    Self.write(((seconds % 60) + 60) % 60, width: 2, into: &output)
    output.append(UInt8(ascii: utcOffsetSeconds < 0 ? "-" : "+"))
    Self.write(offset / 60, width: 2, into: &output)
    output.append(UInt8(ascii: ":"))
    Self.write(offset % 60, width: 2, into: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// `number` as `%0<width>d` writes it: at least `width` characters, zeros between the sign and the digits.
  static func write(_ number: Int, width: Int, into output: inout [UInt8]) {
    var digits = 1
    var rest = number.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    if number < 0 { output.append(UInt8(ascii: "-")) }
    let zeros = width - digits - (number < 0 ? 1 : 0)
    if zeros > 0 { output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros)) }
    if number < 0 {
      // The magnitude's digits (`writeInteger` would repeat the sign).
      JSONWriter.writeInteger(Int(bitPattern: number.magnitude), into: &output)
    } else {
      JSONWriter.writeInteger(number, into: &output)
    }
  }
}

extension PlaceCategory: JSONWritable {}
extension PlaceSort: JSONWritable {}
extension SearchScope: JSONWritable {}
extension DataSource: JSONWritable {}
extension Diet: JSONWritable {}
extension Wheelchair: JSONWritable {}
