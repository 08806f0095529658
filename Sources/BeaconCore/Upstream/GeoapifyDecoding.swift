import BeaconJSON
import Foundation

/// Reads Geoapify's responses leniently: every property optional, polymorphic fields tolerated,
/// unknown fields ignored, nameless places kept with a readable fallback name.
///
/// Positions come from `properties.lat/lon` (geometry may be a polygon, and its point differs in the last
/// digits); `datasource.raw` stays untyped JSON.
package enum GeoapifyDecoding {
  /// Parses a body as JSON, or fails as an unusable upstream answer.
  static func json(_ body: [UInt8]) throws(BeaconError) -> JSONValue {
    do {
      return try JSONParser.parse(body)
    } catch {
      throw .upstream(.geoapify, .badAnswer(reason: "invalid JSON from Geoapify (\(error.reason))"))
    }
  }

  /// The features of a FeatureCollection. Features none of which has its `properties` object are a broken answer,
  /// not an empty one: taken as "nothing here", it would be cached and shown for a day.
  static func features(_ value: JSONValue) throws(BeaconError) -> [JSONValue] {
    guard let features = value["features"]?.arrayValue else {
      throw .upstream(.geoapify, .badAnswer(reason: "Geoapify answered without 'features'"))
    }
    if !features.isEmpty, features.allSatisfy({ $0["properties"]?.objectValue == nil }) {
      throw .upstream(.geoapify, .badAnswer(reason: "Geoapify answered with features that have no properties"))
    }
    return features
  }

  /// The places of a Places API answer; features that are not places of a known category are skipped.
  ///
  /// - Parameter requested: The category asked for, used when a feature's own categories say nothing clearer.
  package static func places(from body: [UInt8], requested: PlaceCategory?) throws(BeaconError) -> [Place] {
    try features(json(body)).compactMap { place(from: $0, requested: requested, keepsDetails: false) }
  }

  /// The place of a Place Details answer, with the whole feature kept as its details.
  ///
  /// Details name the place's kind less often than search does (a hotel may come as `categories: ["building"]`):
  /// its OSM tags decide then, and after them `requested` (the category known for the id).
  ///
  /// - Throws: ``BeaconError/unsupportedPlace(_:)`` when the place is real but of no kind Beacon shows.
  package static func details(from body: [UInt8], requested: PlaceCategory? = nil) throws(BeaconError) -> Place? {
    let features = try features(json(body))
    guard
      let feature = features.first(where: { $0["properties"]?["feature_type"]?.stringValue == "details" })
        ?? features.first
    else { return nil }
    if let place = place(from: feature, requested: requested, keepsDetails: true) { return place }
    if let id = feature["properties"]?["place_id"]?.stringValue, !id.isEmpty, coordinate(of: feature) != nil {
      throw .unsupportedPlace(id)
    }
    return nil
  }

  /// Builds a place from one feature.
  static func place(from feature: JSONValue, requested: PlaceCategory?, keepsDetails: Bool) -> Place? {
    guard let properties = feature["properties"], properties.objectValue != nil else { return nil }
    guard let id = properties["place_id"]?.stringValue, !id.isEmpty else { return nil }
    guard let location = coordinate(of: feature) else { return nil }
    let categories = (properties["categories"]?.arrayValue ?? []).compactMap(\.stringValue)
    // Details name the kind less often than search answers do: there the OSM tags come before the category
    // known for the id. Search answers keep the category asked for.
    let tagged = keepsDetails ? category(fromOSMTags: properties["datasource"]?["raw"]) : nil
    guard let category = category(from: categories) ?? tagged ?? requested else { return nil }
    return Place(
      id: id,
      name: displayName(properties),
      category: category,
      location: location,
      address: address(properties),
      cuisine: properties["catering"]?["cuisine"]?.stringValue
        ?? properties["datasource"]?["raw"]?["cuisine"]?.stringValue,
      detailsJSON: keepsDetails ? feature.description : nil,
      openingHours: nonEmpty(properties["opening_hours"]?.stringValue)
        ?? nonEmpty(properties["datasource"]?["raw"]?["opening_hours"]?.stringValue),
      timeZone: nonEmpty(properties["timezone"]?["name"]?.stringValue),
      source: "geoapify",
      facts: PlaceFacts(feature: feature)
    )
  }

  /// `text` without surrounding whitespace, or `nil` when that leaves nothing.
  static func nonEmpty(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
    return trimmed
  }

  /// The most specific of our categories named in `categories`.
  static func category(from categories: [String]) -> PlaceCategory? {
    for category in PlaceCategory.allCases where categories.contains(where: { PlaceCategory(name: $0) == category }) {
      return category
    }
    return nil
  }

  /// The OSM lifecycle prefixes of a place that is, or is about to be, what its tag says (a hotel under
  /// construction in OSM may well be open by now); `disused:` and `was:` places are not shown.
  static let lifecyclePrefixes = ["", "construction:", "proposed:"]

  /// Our category from OSM tags (`datasource.raw`) as the importer reads them: `amenity=restaurant`,
  /// `amenity=cafe`, `tourism=hotel`; the plain tags first, then their `construction:` and `proposed:` forms.
  static func category(fromOSMTags raw: JSONValue?) -> PlaceCategory? {
    guard let raw, raw.objectValue != nil else { return nil }
    for prefix in lifecyclePrefixes {
      func tag(_ key: String) -> String? {
        raw[prefix + key]?.stringValue?.trimmingCharacters(in: .whitespaces).lowercased()
      }
      switch (tag("amenity"), tag("tourism")) {
      case ("restaurant", _): return .restaurant
      case ("cafe", _): return .cafe
      case (_, "hotel"): return .hotel
      default: continue
      }
    }
    return nil
  }

  /// `properties.lat/lon`, else a GeoJSON point's coordinates (`[lon, lat]`).
  static func coordinate(of feature: JSONValue) -> Coordinate? {
    if let lat = feature["properties"]?["lat"]?.doubleValue, let lon = feature["properties"]?["lon"]?.doubleValue {
      let point = Coordinate(lat: lat, lon: lon)
      if point.isValid { return point }
    }
    if feature["geometry"]?["type"]?.stringValue == "Point",
      let coordinates = feature["geometry"]?["coordinates"]?.arrayValue, coordinates.count >= 2,
      let lon = coordinates[0].doubleValue, let lat = coordinates[1].doubleValue
    {
      let point = Coordinate(lat: lat, lon: lon)
      if point.isValid { return point }
    }
    return nil
  }

  /// The name, or for nameless places the first address line (what a person would read on the door); a name of
  /// blanks and line breaks is no name.
  static func displayName(_ properties: JSONValue) -> String {
    for key in ["name", "address_line1", "formatted", "street"] {
      if let text = nonEmpty(properties[key]?.stringValue) { return text }
    }
    return "?"
  }

  /// The street address: `address_line2` when the first line is the name, else the formatted address.
  static func address(_ properties: JSONValue) -> String? {
    let hasName = nonEmpty(properties["name"]?.stringValue) != nil
    let candidates = hasName ? ["address_line2", "formatted"] : ["address_line2", "formatted", "address_line1"]
    for key in candidates {
      if let text = nonEmpty(properties[key]?.stringValue) { return text }
    }
    return nil
  }

  // MARK: - Autocomplete and IP location

  /// The suggestions of an Autocomplete answer, in either shape (GeoJSON features or `format=json` results).
  package static func suggestions(from body: [UInt8]) throws(BeaconError) -> [Suggestion] {
    let value = try json(body)
    let items: [JSONValue]
    if let features = value["features"]?.arrayValue {
      items = features.compactMap { $0["properties"] }
    } else if let results = value["results"]?.arrayValue {
      items = results
    } else {
      throw .upstream(.geoapify, .badAnswer(reason: "Geoapify autocomplete answered without 'features' or 'results'"))
    }
    return items.compactMap { properties in
      guard let lat = properties["lat"]?.doubleValue, let lon = properties["lon"]?.doubleValue else { return nil }
      let location = Coordinate(lat: lat, lon: lon)
      guard location.isValid else { return nil }
      return Suggestion(
        id: properties["place_id"]?.stringValue,
        name: displayName(properties),
        address: properties["formatted"]?.stringValue ?? properties["address_line2"]?.stringValue,
        location: location,
        kind: properties["result_type"]?.stringValue ?? properties["category"]?.stringValue ?? "unknown",
        distanceMeters: properties["distance"]?.doubleValue.flatMap { Int(exactly: $0.rounded()) }
      )
    }
  }

  /// The category an Autocomplete answer (either shape) gives the place `id`, when it is one of ours: what an
  /// earlier autocomplete knew about a place whose details name no kind.
  package static func suggestedCategory(of id: String, in body: [UInt8]) -> PlaceCategory? {
    guard let value = try? JSONParser.parse(body) else { return nil }
    let items = value["features"]?.arrayValue?.compactMap { $0["properties"] } ?? value["results"]?.arrayValue ?? []
    for item in items where item["place_id"]?.stringValue == id {
      var names = (item["categories"]?.arrayValue ?? []).compactMap(\.stringValue)
      if let single = item["category"]?.stringValue { names.append(single) }
      if let category = category(from: names) { return category }
    }
    return nil
  }

  /// The approximate position and city of Geoapify's IP geolocation answer.
  package static func ipLocation(from body: [UInt8]) throws(BeaconError) -> (location: Coordinate, city: String?) {
    let value = try json(body)
    guard let lat = value["location"]?["latitude"]?.doubleValue, let lon = value["location"]?["longitude"]?.doubleValue,
      Coordinate(lat: lat, lon: lon).isValid
    else {
      throw .upstream(.geoapify, .badAnswer(reason: "Geoapify IP geolocation answered without a location"))
    }
    let city = value["city"]?["name"]?.stringValue ?? value["city"]?["names"]?["en"]?.stringValue
    return (Coordinate(lat: lat, lon: lon), city)
  }

  /// Geoapify's own explanation in an error body: `message`, else `error`, else the raw text.
  package static func errorMessage(_ body: [UInt8]) -> String {
    if let value = try? JSONParser.parse(body) {
      if let message = value["message"]?.stringValue, !message.isEmpty { return message }
      if let error = value["error"]?.stringValue, !error.isEmpty { return error }
    }
    return String(decoding: body.prefix(200), as: UTF8.self)
  }
}
