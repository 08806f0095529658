import BeaconJSON

// A search's result written without `Codable`: each `PlaceSummary` cost ~32 000 instructions through
// the encoder's containers. The members are in key order, as `JSONWriter` sorts them; `nil` is left out where
// `encode(to:)` uses `encodeIfPresent` (the synthesized conformances do for every optional) and written as `null`
// where it encodes the optional itself. Optionals are unwrapped here, not passed on as `Optional`s (see
// `JSONObjectWriter.member`). `JSONWritableTests` compares both outputs.

extension PlaceSearchResult: JSONWritable {
  /// The result as its `Encodable` conformance writes it.
  package func writeJSON(into output: inout [UInt8]) {
    JSONObjectWriter.write(into: &output) { object in
      object.member("attribution", attribution)
      object.member("category", category)
      object.member("center", center)
      if let centerSource { object.member("centerSource", centerSource) }
      if let city { object.member("city", city) }
      if let excludedUnknown { object.member("excludedUnknown", excludedUnknown) }
      object.member("fetchedAt", fetchedAt)
      if let message { object.member("message", message) }
      object.member("places", places)
      object.member("radiusMeters", radiusMeters)
      object.member("scope", scope)
      object.member("sort", sort)
      object.member("source", source)
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
      object.member("category", category)
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
      if let wheelchair { object.member("wheelchair", wheelchair) }
    }
  }
}

extension Coordinate: JSONWritable {
  /// `{"lat":…,"lon":…}`.
  package func writeJSON(into output: inout [UInt8]) {
    JSONObjectWriter.write(into: &output) { object in
      object.member("lat", lat)
      object.member("lon", lon)
    }
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
  /// Its text with the UTC offset, as ``encode(to:)`` writes it.
  package func writeJSON(into output: inout [UInt8]) { description.writeJSON(into: &output) }
}

extension PlaceCategory: JSONWritable {}
extension PlaceSort: JSONWritable {}
extension SearchScope: JSONWritable {}
extension DataSource: JSONWritable {}
extension Diet: JSONWritable {}
extension Wheelchair: JSONWritable {}
