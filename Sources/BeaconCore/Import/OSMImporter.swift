import BeaconJSON
import Foundation

/// Reads restaurants, cafés and hotels from OpenStreetMap exports: GeoJSON and GeoJSONSeq as `osmium export`
/// writes them (with `-a type,id`: `@type`/`@id`; with `-u type_id`: feature ids like `w123`; without either:
/// no id at all), overpass turbo's GeoJSON (feature `id` like `node/123`, tags as properties or under `tags`)
/// and Overpass API JSON (`[out:json]`, best with `out center;`). The format is recognised by content.
///
/// Ways and relations become points at their centroid (Overpass: their `center`). An object without an OSM id
/// gets one derived from its content (``contentID(category:name:location:)``). Everything is checked before
/// anything is stored: bad input is one ``BeaconError/importFailed(file:position:reason:)`` naming the file
/// and the position.
package enum OSMImporter {
  /// What a file held.
  package struct Parsed: Sendable, Equatable {
    /// The places, in file order, one per OSM object (a later duplicate replaces an earlier one).
    package var places: [Place]
    /// Features left out, by reason: `nameless`, `otherKind`, `duplicate`, `unsupportedGeometry`, `noCenter`,
    /// `missingNodes`.
    package var skipped: [String: Int]
    /// How many of the places have an id derived from their content, the input having no OSM id for them.
    package var derivedIDs = 0
    /// The format the input was in.
    package var format = OSMImportFormat.geoJSON
  }

  /// Whether Beacon keeps the OSM tag `key` for a place: ``keptTags``, and every name (`name:*`), address
  /// (`addr:*`) and diet (`diet:*`) tag.
  static func keeps(_ key: String) -> Bool {
    keptTags.contains(key) || key.hasPrefix("name:") || key.hasPrefix("addr:") || key.hasPrefix("diet:")
  }

  /// The single OSM tags Beacon keeps for a place (everything its details and search use); see ``keeps(_:)``.
  static let keptTags: Set<String> = [
    "name", "amenity", "tourism", "cuisine", "opening_hours", "phone", "contact:phone", "email", "contact:email",
    "website", "contact:website", "stars", "wheelchair", "outdoor_seating", "takeaway", "internet_access",
  ]

  /// What an imported place's stored details (`place.details`) hold before its tags: the path Geoapify's features
  /// give their OSM tags (`properties.datasource.raw`), which `places/details` and the facts read. Nothing else of
  /// Geoapify's shape is stored: its point is the place's position, its one category the place's (the details'
  /// fallback), and its attribution the results' (``PlacesService/offlineAttribution``).
  package static let storedDetailsPrefix = #"{"properties":{"datasource":{"raw":"#
  /// What an imported place's stored details hold after its tags.
  package static let storedDetailsSuffix = "}}}"
  /// A SQL `LIKE` pattern that the stored details of a place imported before ``storedDetailsPrefix`` match (Geoapify's
  /// whole shape, as those imports wrote it) and nothing Geoapify sends does (its properties go on after
  /// `datasource`). Its tags are at the same path: the stores compare such a place in the form an import writes now.
  package static let earlierStoredDetailsPattern =
    #"{"geometry":{"coordinates":[%],"type":"Point"},"properties":{"categories":[%"#
    + #""sourcename":"openstreetmap"}},"type":"Feature"}"#

  /// The prefix of ids derived from content (``contentID(category:name:location:)``).
  package static let contentIDPrefix = "osm:content/"

  /// Parses bytes from `file` (the name is only used in messages).
  package static func parse(_ bytes: [UInt8], file: String, source: String = "osm") throws(BeaconError) -> Parsed {
    try read(.bytes(bytes, name: file), source: source)
  }

  /// Reads `input` to its end and returns its places (all in memory: for small inputs and tests; an import into
  /// the store streams with ``stream(_:source:maxBytes:progress:store:)``).
  ///
  /// - Parameters:
  ///   - maxBytes: The largest object (a feature, an element, a GeoJSONSeq record).
  ///   - progress: Called after each object with the number of bytes read so far.
  package static func read(
    _ input: ImportInput,
    source: String = "osm",
    maxBytes: Int = .max,
    progress: (Int) -> Void = { _ in }
  ) throws(BeaconError) -> Parsed {
    var order: [String] = []
    var byID: [String: Place] = [:]
    let streamed = try stream(input, source: source, maxBytes: maxBytes, progress: progress) { place, _, earlier, _ in
      if earlier == nil { order.append(place.id) }
      byID[place.id] = place
      return .added
    }
    var parsed = Parsed(places: order.compactMap { byID[$0] }, skipped: streamed.skipped)
    parsed.derivedIDs = streamed.derivedIDs
    parsed.format = streamed.format
    return parsed
  }

  /// The place `feature` is and its filters' facts, or `nil` (counted in `skipped` by reason) when Beacon does not
  /// keep it; a place Beacon would keep but cannot place for nodes the file lacks has its id put in `unplaced`.
  static func place(
    from feature: OSMFeature,
    file: String,
    source: String,
    skipped: inout [String: Int],
    unplaced: inout Set<String>
  ) throws(BeaconError) -> (Place, ImportFacts)? {
    let tags = feature.tags
    func tag(_ slot: ImportTags.Slot) -> String? {
      guard let text = tags.string(slot).map(trimmed), !text.isEmpty else { return nil }
      return text
    }
    let category: PlaceCategory
    switch (tag(.amenity), tag(.tourism)) {
    case ("restaurant", _): category = .restaurant
    case ("cafe", _): category = .cafe
    case (_, "hotel"): category = .hotel
    default:
      skipped["otherKind", default: 0] += 1
      return nil
    }
    guard let name = tag(.name) else {
      skipped["nameless", default: 0] += 1
      return nil
    }
    let location: Coordinate?
    do {
      location = try feature.location()
    } catch {
      throw .importFailed(file: file, position: feature.position, reason: error.problem)
    }
    guard let location else {
      if case .overpass = feature.shape {
        skipped["noCenter", default: 0] += 1
      } else if case .pbf(.missingNodes) = feature.shape {
        skipped["missingNodes", default: 0] += 1
        if let identity = feature.identity { unplaced.insert(osmID(type: identity.type, id: identity.id)) }
      } else {
        skipped["unsupportedGeometry", default: 0] += 1
      }
      return nil
    }
    let id =
      feature.identity.map { osmID(type: $0.type, id: $0.id) }
      ?? contentID(category: category, name: name, location: location)
    // The kept tags as pairs sorted by key (the order the details have), without a dictionary of them.
    var raw: [(key: String, value: JSONValue)] = []
    raw.reserveCapacity(tags.count + 2)
    tags.forEachKept { key, value in
      if case .string = value {
        raw.append((key: key, value: value))
      } else if let text = ImportTags.text(value, key: key) {
        raw.append((key: key, value: .string(text)))
      }
    }
    if let identity = feature.identity {
      // Neither key is kept from the tags (``keeps(_:)``), so neither is there twice.
      raw.append((key: "osm_type", value: .string(String(identity.type.prefix(1)))))
      raw.append((key: "osm_id", value: .int(identity.id)))
    }
    raw.sort { $0.key < $1.key }
    // The part of Geoapify's details shape that `places/details` reads from an OSM place (``storedDetailsPrefix``):
    // its tags, written straight to bytes in the form `JSONValue.description` has (compact, keys sorted).
    var details: [UInt8] = []
    details.reserveCapacity(320)
    details.append(contentsOf: Self.storedDetailsPrefix.utf8)
    JSONWriter.write(members: raw, into: &details)
    details.append(contentsOf: Self.storedDetailsSuffix.utf8)
    let cuisine = tag(.cuisine)
    let place = Place(
      id: id,
      name: name,
      category: category,
      location: location,
      address: address(
        street: tag(.addrStreet),
        housenumber: tag(.addrHousenumber),
        postcode: tag(.addrPostcode),
        city: tag(.addrCity)
      ),
      cuisine: cuisine,
      detailsJSON: String(decoding: details, as: UTF8.self),
      openingHours: tag(.openingHours),
      source: source
    )
    // Only the tags the facts read (the others would be passed over), in a small array.
    var factTags: [(key: String, value: JSONValue)] = []
    for slot in ImportTags.Slot.facts {
      if let text = tags.string(slot) {
        if factTags.isEmpty { factTags.reserveCapacity(ImportTags.Slot.facts.count) }
        factTags.append((key: slot.key, value: .string(text)))
      }
    }
    // The details' one category (`category.geoapifyKey`) is none of the conditions the facts read from categories
    // (``ImportFacts/conditions``: diets, wheelchair access), so the facts are those of no categories.
    return (place, ImportFacts(tags: factTags, categories: [], cuisine: cuisine))
  }

  /// `osm:type/id`, as `"osm:\(type)/\(id)"` writes it, without string interpolation.
  static func osmID(type: String, id: Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: type.utf8.count + 27) { buffer in
      var end = 0
      func put(_ byte: UInt8) {
        buffer[end] = byte
        end += 1
      }
      for byte in "osm:".utf8 { put(byte) }
      for byte in type.utf8 { put(byte) }
      put(UInt8(ascii: "/"))
      if id < 0 { put(UInt8(ascii: "-")) }
      let digits = end
      var magnitude = id.magnitude
      repeat {
        put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
        magnitude /= 10
      } while magnitude > 0
      buffer[digits..<end].reverse()
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
    }
  }

  /// The OSM type (`node`, `way`, `relation`) and id of a GeoJSON feature: osmium's `@type`/`@id` properties
  /// (`-a type,id`) or feature id (`-u type_id`: `n1`, `w2`, `r3`, and `a4`/`a7` for the areas of way 2 and
  /// relation 3, twice the id plus one for a relation), or overpass turbo's `node/1`.
  /// `featureID` is the feature's `id` when it is a string.
  static func identity(featureID: String?, tags: ImportTags) -> (type: String, id: Int)? {
    // A function, not a dictionary literal: this runs for every feature of an import.
    func types(_ name: String) -> String? {
      switch name {
      case "n", "node": "node"
      case "w", "way": "way"
      case "r", "relation": "relation"
      default: nil
      }
    }
    // An id is a number, or a number written as text (`"@id": "123"`).
    func number(_ slot: ImportTags.Slot) -> Int? { tags[slot]?.intValue ?? tags.string(slot).flatMap { Int($0) } }
    if let type = tags.string(.atType).flatMap({ types($0) }), let id = number(.atID) {
      return (type, id)
    }
    // `type/id` in the feature id, `@id` or `id`, the first that has it (without an array of them).
    func slashed(_ text: String?) -> (type: String, id: Int)? {
      guard let parts = text?.split(separator: "/"), parts.count == 2, let type = types(String(parts[0])),
        let id = Int(parts[1])
      else { return nil }
      return (type, id)
    }
    if let found = slashed(featureID) ?? slashed(tags.string(.atID)) ?? slashed(tags.string(.plainID)) { return found }
    if let text = featureID, let letter = text.first, let id = Int(text.dropFirst()) {
      switch letter {
      case "n", "w", "r": return (types(String(letter)) ?? "node", id)
      case "a": return id.isMultiple(of: 2) ? ("way", id / 2) : ("relation", (id - 1) / 2)
      default: break
      }
    }
    if let type = tags.string(.plainType).flatMap({ types($0) }), let id = number(.plainID) {
      return (type, id)
    }
    return nil
  }

  /// The id of a place the input gives no OSM id: ``contentIDPrefix`` and 16 hex digits of a 64-bit FNV-1a
  /// hash of the category, the name (lowercased, white space collapsed) and the position rounded to four
  /// decimals (about 11 m). The same object in the same export always gets the same id, so a re-import does
  /// not duplicate it; but a renamed or moved object gets a new id, and its old place stays.
  package static func contentID(category: PlaceCategory, name: String, location: Coordinate) -> String {
    let words = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let lat = Int((location.lat * 10_000).rounded())
    let lon = Int((location.lon * 10_000).rounded())
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(category.rawValue)\u{1F}\(words)\u{1F}\(lat)\u{1F}\(lon)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return contentIDPrefix + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// `text` without white space at either end (most tags have none: they are returned as they are, which is much
  /// cheaper than trimming).
  static func trimmed(_ text: String) -> String {
    // Most tags start and end with an ASCII letter or digit: decided on the first and last byte, without
    // `CharacterSet` (whose static members cost a dynamic cast per call).
    let bytes = text.utf8
    guard let firstByte = bytes.first, let lastByte = bytes.last else { return text }
    if isPlainASCII(firstByte), isPlainASCII(lastByte) { return text }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last)
    else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// Whether `byte` is an ASCII character that is not white space (nor a control character).
  private static func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

  /// "Street 12, 0150 City" from the `addr:*` tags, when there are any.
  static func address(street: String?, housenumber: String?, postcode: String?, city: String?) -> String? {
    // Joined by hand: this runs for every place of an import, and arrays of optionals cost more than the text.
    func joined(_ first: String?, _ second: String?, _ separator: String) -> String? {
      guard var text = first else { return second }
      guard let second else { return text }
      text += separator
      text += second
      return text
    }
    return joined(joined(street, housenumber, " "), joined(postcode, city, " "), ", ")
  }

  // MARK: - Compact form

  /// Writes `places` as compact GeoJSON (points, the kept tags, `@type`/`@id`) that ``parse(_:file:source:)``
  /// reads back to the same places: the shape of the embedded demo data.
  package static func compactGeoJSON(_ places: [Place]) -> [UInt8] {
    var output = Array(#"{"type":"FeatureCollection","features":["#.utf8)
    for (index, place) in places.enumerated() {
      let raw = place.detailsJSON.flatMap { try? JSONParser.parse(Array($0.utf8)) }?["properties"]?["datasource"]?[
        "raw"
      ]
      var properties = (raw?.objectValue ?? [:]).filter { keeps($0.key) }
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
