import BeaconJSON

// A search's result written without `Codable` (issue 26): each `PlaceSummary` cost ~32 000 instructions through
// the encoder's containers. The members are in key order, as `JSONWriter` sorts them; `nil` is left out where
// `encode(to:)` uses `encodeIfPresent` (the synthesized conformances do for every optional) and written as `null`
// where it encodes the optional itself. `JSONWritableTests` compares both outputs.

extension PlaceSearchResult: JSONWritable {
  /// The result as its `Encodable` conformance writes it.
  package func writeJSON(into output: inout [UInt8]) {
    JSONObjectWriter.write(into: &output) { object in
      object.member("attribution", attribution)
      object.member("category", category)
      object.member("center", center)
      object.memberIfPresent("centerSource", centerSource)
      object.memberIfPresent("city", city)
      object.memberIfPresent("excludedUnknown", excludedUnknown)
      object.member("fetchedAt", fetchedAt)
      object.memberIfPresent("message", message)
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
      object.memberIfPresent("address", address)
      object.memberIfPresent("alongRouteMeters", alongRouteMeters)
      object.member("category", category)
      object.memberIfPresent("closesAt", closesAt)
      object.memberIfPresent("cuisine", cuisine)
      object.memberIfPresent("detourMeters", detourMeters)
      object.memberIfPresent("diet", diet)
      object.memberIfPresent("distanceMeters", distanceMeters)
      object.member("id", id)
      object.member("isFavorite", isFavorite)
      object.member("location", location)
      object.member("name", name)
      object.member("openNow", openNow)
      object.memberIfPresent("opensAt", opensAt)
      object.memberIfPresent("outdoorSeating", outdoorSeating)
      object.member("rating", rating)
      object.member("source", source)
      object.memberIfPresent("takeaway", takeaway)
      object.memberIfPresent("wheelchair", wheelchair)
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
