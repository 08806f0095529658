import BeaconJSON
import Foundation

/// Reads restaurants, cafés and hotels from OpenStreetMap GeoJSON: what `osmium export` writes
/// (`-a type,id` gives `@type`/`@id`) and what Overpass exports write (feature `id` like `node/123`,
/// tags as properties or under `tags`).
///
/// Ways and relations become points at their centroid. Everything is checked before anything is stored:
/// bad input is one ``BeaconError/importFailed(file:position:reason:)`` naming the file and the position.
public enum OSMImporter {
  /// What a file held.
  public struct Parsed: Sendable, Equatable {
    /// The places, in file order, one per OSM object (a later duplicate replaces an earlier one).
    public var places: [Place]
    /// Features left out, by reason: `nameless`, `otherKind`, `missingId`, `duplicate`, `unsupportedGeometry`.
    public var skipped: [String: Int]
  }

  /// The OSM tags Beacon keeps for a place (everything its details and search use).
  static let keptTags: Set<String> = [
    "name", "amenity", "tourism", "cuisine", "opening_hours", "phone", "contact:phone", "email", "contact:email",
    "website", "contact:website", "addr:street", "addr:housenumber", "addr:postcode", "addr:city", "stars",
    "wheelchair", "outdoor_seating", "takeaway", "diet:vegetarian", "diet:vegan", "internet_access",
  ]

  /// Parses GeoJSON bytes from `file` (the name is only used in messages).
  public static func parse(_ bytes: [UInt8], file: String, source: String = "osm") throws(BeaconError) -> Parsed {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw .importFailed(file: file, position: position(of: error.offset, in: bytes), reason: .invalidJSON(error.kind))
    }
    guard root["type"]?.stringValue == "FeatureCollection", let features = root["features"]?.arrayValue else {
      throw .importFailed(file: file, position: nil, reason: .notFeatureCollection)
    }
    var order: [String] = []
    var byID: [String: Place] = [:]
    var skipped: [String: Int] = [:]
    for (index, feature) in features.enumerated() {
      guard feature["type"]?.stringValue == "Feature", let properties = feature["properties"] else {
        throw .importFailed(file: file, position: .feature(index + 1), reason: .notFeature)
      }
      var tags = properties.objectValue ?? [:]
      if let nested = properties["tags"]?.objectValue { tags.merge(nested) { _, tag in tag } }
      func tag(_ key: String) -> String? {
        guard let text = tags[key]?.stringValue?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
      }
      let category: PlaceCategory
      switch (tag("amenity"), tag("tourism")) {
      case ("restaurant", _): category = .restaurant
      case ("cafe", _): category = .cafe
      case (_, "hotel"): category = .hotel
      default:
        skipped["otherKind", default: 0] += 1
        continue
      }
      guard let name = tag("name") else {
        skipped["nameless", default: 0] += 1
        continue
      }
      guard let (osmType, osmID) = identity(feature: feature, tags: tags) else {
        skipped["missingId", default: 0] += 1
        continue
      }
      let location: Coordinate?
      do {
        location = try GeoJSONGeometry.centroid(of: feature["geometry"])
      } catch {
        throw .importFailed(file: file, position: .feature(index + 1), reason: error.problem)
      }
      guard let location else {
        skipped["unsupportedGeometry", default: 0] += 1
        continue
      }
      let id = "osm:\(osmType)/\(osmID)"
      if byID[id] != nil {
        skipped["duplicate", default: 0] += 1
      } else {
        order.append(id)
      }
      var raw = tags.filter { keptTags.contains($0.key) && $0.value.stringValue != nil }
      raw["osm_type"] = .string(String(osmType.prefix(1)))
      raw["osm_id"] = .int(osmID)
      let details: JSONValue = [
        "type": "Feature",
        "properties": [
          "categories": [.string(category.geoapifyKey)],
          "datasource": [
            "sourcename": "openstreetmap", "attribution": "© OpenStreetMap contributors",
            "license": "Open Database License", "raw": .object(raw),
          ],
        ],
        "geometry": ["type": "Point", "coordinates": [.double(location.lon), .double(location.lat)]],
      ]
      byID[id] = Place(
        id: id,
        name: name,
        category: category,
        location: location,
        address: address(tag),
        cuisine: tag("cuisine"),
        detailsJSON: details.description,
        openingHours: tag("opening_hours"),
        source: source
      )
    }
    return Parsed(places: order.compactMap { byID[$0] }, skipped: skipped)
  }

  /// The OSM type (`node`, `way`, `relation`) and id of a feature.
  static func identity(feature: JSONValue, tags: [String: JSONValue]) -> (String, Int)? {
    let types = ["n": "node", "w": "way", "r": "relation", "node": "node", "way": "way", "relation": "relation"]
    if let type = tags["@type"]?.stringValue.flatMap({ types[$0] }), let id = tags["@id"]?.intValue {
      return (type, id)
    }
    for text in [feature["id"]?.stringValue, tags["@id"]?.stringValue, tags["id"]?.stringValue].compactMap({ $0 }) {
      let parts = text.split(separator: "/")
      if parts.count == 2, let type = types[String(parts[0])], let id = Int(parts[1]) { return (type, id) }
    }
    if let type = tags["type"]?.stringValue.flatMap({ types[$0] }), let id = tags["id"]?.intValue { return (type, id) }
    return nil
  }

  /// "Street 12, 0150 City" from the `addr:*` tags, when there are any.
  static func address(_ tag: (String) -> String?) -> String? {
    let street = [tag("addr:street"), tag("addr:housenumber")].compactMap { $0 }.joined(separator: " ")
    let town = [tag("addr:postcode"), tag("addr:city")].compactMap { $0 }.joined(separator: " ")
    let line = [street, town].filter { !$0.isEmpty }.joined(separator: ", ")
    return line.isEmpty ? nil : line
  }

  /// The line and column of a byte offset.
  static func position(of offset: Int, in bytes: [UInt8]) -> ImportPosition {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return .lineColumn(line: line, column: column)
  }

  // MARK: - Compact form

  /// Writes `places` as compact GeoJSON (points, the kept tags, `@type`/`@id`) that ``parse(_:file:source:)``
  /// reads back to the same places: the shape of the embedded demo data.
  public static func compactGeoJSON(_ places: [Place]) -> [UInt8] {
    var output = Array(#"{"type":"FeatureCollection","features":["#.utf8)
    for (index, place) in places.enumerated() {
      let raw = place.detailsJSON.flatMap { try? JSONParser.parse(Array($0.utf8)) }?["properties"]?["datasource"]?[
        "raw"
      ]
      var properties = (raw?.objectValue ?? [:]).filter { keptTags.contains($0.key) }
      properties["name"] = .string(place.name)
      if let osmType = raw?["osm_type"]?.stringValue, let osmID = raw?["osm_id"]?.intValue {
        properties["@type"] = .string(["n": "node", "w": "way", "r": "relation"][osmType] ?? osmType)
        properties["@id"] = .int(osmID)
      }
      let feature: JSONValue = [
        "type": "Feature",
        "geometry": ["type": "Point", "coordinates": [.double(place.location.lon), .double(place.location.lat)]],
        "properties": .object(properties),
      ]
      if index > 0 { output.append(contentsOf: ",\n".utf8) }
      JSONWriter.write(feature, into: &output)
    }
    output.append(contentsOf: "]}\n".utf8)
    return output
  }
}
