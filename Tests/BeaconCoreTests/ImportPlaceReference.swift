import BeaconJSON
import Foundation

@testable import BeaconCore

/// The building of places as it was before ``ImportTags``: a GeoJSON feature's tags as a dictionary of every
/// property (nested `tags` merged over them), its identity and its place looked up in that dictionary. Kept here as
/// the reference the tests compare the import's building with; only its stored details follow the form imports write.
enum ImportPlaceReference {
  /// What a record or a feature gives, comparably.
  enum Outcome: Equatable, CustomStringConvertible {
    case invalid(JSONParseError)
    case notFeature
    case skipped(String)
    case failed(String)
    /// The place, its facts, kind, and its texts' bytes (`String`'s `==` takes canonically equivalent keys, such as
    /// `K` and the Kelvin sign, as equal: the details must be the same bytes).
    case place(Place, ImportFacts, OSMFeature.Kind, bytes: [[UInt8]])

    var description: String {
      switch self {
      case .invalid(let error): "invalid(\(error))"
      case .notFeature: "notFeature"
      case .skipped(let reason): "skipped(\(reason))"
      case .failed(let message): "failed(\(message))"
      case .place(let place, let facts, let kind, _):
        "place(\(place.id) \(place.name) \(place.location) \(place.address ?? "-") \(place.cuisine ?? "-") "
          + "\(place.openingHours ?? "-") \(place.detailsJSON ?? "-") \(facts) \(kind))"
      }
    }
  }

  static let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)

  /// The outcome of building the place of a feature with `tags`, `identity` and `shape` the old way.
  static func outcome(
    tags: [String: JSONValue],
    identity: (type: String, id: Int)?,
    shape: OSMFeature.Shape,
    position: ImportPosition
  ) -> Outcome {
    let feature = OSMFeature(position: position, tags: ImportTags(), identity: identity, shape: shape)
    var skipped: [String: Int] = [:]
    do {
      guard let (place, facts) = try Self.place(tags: tags, feature: feature, skipped: &skipped) else {
        return .skipped(skipped.keys.sorted().joined(separator: ","))
      }
      return .place(place, facts, feature.kind, bytes: bytes(place))
    } catch {
      return .failed("\(error)")
    }
  }

  /// The bytes of `place`'s texts.
  static func bytes(_ place: Place) -> [[UInt8]] {
    [
      place.id, place.name, place.address ?? "-", place.cuisine ?? "-", place.detailsJSON ?? "-",
      place.openingHours ?? "-",
    ]
    .map { Array($0.utf8) }
  }

  /// The outcome of building `feature` the import's way.
  static func current(_ feature: OSMFeature) -> Outcome {
    var skipped: [String: Int] = [:]
    var unplaced: Set<String> = []
    do {
      let built = try OSMImporter.place(from: feature, file: "f", source: "osm", skipped: &skipped, unplaced: &unplaced)
      guard let (place, facts) = built else { return .skipped(skipped.keys.sorted().joined(separator: ",")) }
      var stamped = place
      stamped.fetchedAt = fetchedAt
      return .place(stamped, facts, feature.kind, bytes: bytes(stamped))
    } catch {
      return .failed("\(error)")
    }
  }

  /// A GeoJSONSeq record read the old way: parsed whole, its tags a dictionary of every property.
  static func record(_ bytes: [UInt8], count: Int = 1) -> Outcome {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      return .invalid(error)
    }
    guard value["type"]?.stringValue == "Feature", let properties = value["properties"] else { return .notFeature }
    var tags = properties.objectValue ?? [:]
    if let nested = properties["tags"]?.objectValue { tags.merge(nested) { _, tag in tag } }
    let identity = Self.identity(featureID: value["id"]?.stringValue, tags: tags)
    return outcome(tags: tags, identity: identity, shape: .geoJSON(value["geometry"]), position: .feature(count))
  }

  // MARK: - The old building, unchanged

  static func identity(featureID: String?, tags: [String: JSONValue]) -> (type: String, id: Int)? {
    func types(_ name: String) -> String? {
      switch name {
      case "n", "node": "node"
      case "w", "way": "way"
      case "r", "relation": "relation"
      default: nil
      }
    }
    if let type = tags["@type"]?.stringValue.flatMap({ types($0) }), let id = tags["@id"]?.intValue {
      return (type, id)
    }
    for text in [featureID, tags["@id"]?.stringValue, tags["id"]?.stringValue].compactMap({ $0 }) {
      let parts = text.split(separator: "/")
      if parts.count == 2, let type = types(String(parts[0])), let id = Int(parts[1]) { return (type, id) }
    }
    if let text = featureID, let letter = text.first, let id = Int(text.dropFirst()) {
      switch letter {
      case "n", "w", "r": return (types(String(letter)) ?? "node", id)
      case "a": return id.isMultiple(of: 2) ? ("way", id / 2) : ("relation", (id - 1) / 2)
      default: break
      }
    }
    if let type = tags["type"]?.stringValue.flatMap({ types($0) }), let id = tags["id"]?.intValue { return (type, id) }
    return nil
  }

  static func place(
    tags: [String: JSONValue],
    feature: OSMFeature,
    skipped: inout [String: Int]
  ) throws(BeaconError) -> (Place, ImportFacts)? {
    func tag(_ key: String) -> String? {
      // A number or a boolean as OSM text (``ImportTags/text(_:key:)``), as strings are.
      guard let text = tags[key].flatMap({ ImportTags.text($0, key: key) }).map(OSMImporter.trimmed), !text.isEmpty
      else { return nil }
      return text
    }
    let category: PlaceCategory
    switch (tag("amenity"), tag("tourism")) {
    case ("restaurant", _): category = .restaurant
    case ("cafe", _): category = .cafe
    case (_, "hotel"): category = .hotel
    default:
      skipped["otherKind", default: 0] += 1
      return nil
    }
    guard let name = tag("name") else {
      skipped["nameless", default: 0] += 1
      return nil
    }
    let location: Coordinate?
    do {
      location = try feature.location()
    } catch {
      throw .importFailed(file: "f", position: feature.position, reason: error.problem)
    }
    guard let location else {
      if case .overpass = feature.shape {
        skipped["noCenter", default: 0] += 1
      } else if case .pbf(.missingNodes) = feature.shape {
        skipped["missingNodes", default: 0] += 1
      } else {
        skipped["unsupportedGeometry", default: 0] += 1
      }
      return nil
    }
    let id =
      feature.identity.map { "osm:\($0.type)/\($0.id)" }
      ?? OSMImporter.contentID(category: category, name: name, location: location)
    var raw: [(key: String, value: JSONValue)] = []
    for tag in tags where OSMImporter.keeps(tag.key) {
      if let text = ImportTags.text(tag.value, key: tag.key) { raw.append((key: tag.key, value: .string(text))) }
    }
    if let identity = feature.identity {
      raw.append((key: "osm_type", value: .string(String(identity.type.prefix(1)))))
      raw.append((key: "osm_id", value: .int(identity.id)))
    }
    raw.sort { $0.key < $1.key }
    // The stored details: Geoapify's path to the tags, nothing else of its shape.
    var details = Array(#"{"properties":{"datasource":{"raw":"#.utf8)
    JSONWriter.write(members: raw, into: &details)
    details.append(contentsOf: "}}}".utf8)
    let cuisine = tag("cuisine")
    func joined(_ first: String?, _ second: String?, _ separator: String) -> String? {
      guard let first else { return second }
      guard let second else { return first }
      return first + separator + second
    }
    let address = joined(
      joined(tag("addr:street"), tag("addr:housenumber"), " "),
      joined(tag("addr:postcode"), tag("addr:city"), " "),
      ", "
    )
    let place = Place(
      id: id,
      name: name,
      category: category,
      location: location,
      address: address,
      cuisine: cuisine,
      detailsJSON: String(decoding: details, as: UTF8.self),
      openingHours: tag("opening_hours"),
      source: "osm",
      fetchedAt: fetchedAt
    )
    return (place, ImportFacts(tags: raw, categories: [category.geoapifyKey], cuisine: cuisine))
  }
}
