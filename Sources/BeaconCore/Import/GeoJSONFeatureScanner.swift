import BeaconJSON
import Foundation

/// Reads one GeoJSON Feature (a GeoJSONSeq record) straight from its bytes, keeping only what an import uses: the
/// feature's `type`, `id` and `geometry`, and of its properties (and their nested `tags`) only the tags
/// ``isRelevant(_:)`` names. Every other member is checked as ``JSONParser`` checks it but never built: no string,
/// no dictionary entry.
///
/// It accepts and rejects exactly what `JSONParser.parse` followed by ``OSMFeatureReader/feature(_:)`` does, with
/// the same error at the same byte offset, and the tags it keeps are that dictionary's (the last of duplicate keys,
/// keys compared as Swift strings), less the ones nothing reads.
enum GeoJSONFeatureScanner {
  /// What a record holds.
  enum Scanned {
    /// A Feature: its tags (properties merged with any nested `tags`, the relevant ones only), its `id` when that is
    /// a string, and its geometry (a plainly written `Point` without a value for it, see ``plainPoint(_:_:)``).
    case feature(tags: ImportTags, featureID: String?, shape: OSMFeature.Shape)
    /// Valid JSON, but not a Feature with properties.
    case notFeature
  }

  /// The nesting limit of the parse it stands in for.
  static let maxDepth = JSONParser.defaultMaxDepth

  /// The record in `buffer` (one JSON text, white space allowed around it).
  static func scan(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> Scanned {
    var index = 0
    skipSpace(buffer, &index)
    guard index < buffer.count, buffer[index] == UInt8(ascii: "{") else {
      try JSONParser.skipValue(in: buffer, at: &index, depth: 0, maxDepth: maxDepth)
      try expectEnd(buffer, &index)
      return .notFeature
    }
    var isFeature = false
    var properties: (tags: ImportTags, nested: ImportTags?)?
    var featureID: String?
    var geometry: OSMFeature.Shape = .geoJSON(nil)
    try forEachMember(buffer, &index) { key, index throws(JSONParseError) in
      switch key {
      case .plain(let bytes):
        if equals(bytes, "type") {
          isFeature = try value(buffer, &index, depth: 1).stringValue == "Feature"
        } else if equals(bytes, "properties") {
          properties = try readProperties(buffer, &index)
        } else if equals(bytes, "geometry") {
          geometry = try readGeometry(buffer, &index)
        } else if equals(bytes, "id") {
          featureID = try value(buffer, &index, depth: 1).stringValue
        } else {
          try JSONParser.skipValue(in: buffer, at: &index, depth: 1, maxDepth: maxDepth)
        }
      case .text(let text):
        switch text {
        case "type": isFeature = try value(buffer, &index, depth: 1).stringValue == "Feature"
        case "properties": properties = try readProperties(buffer, &index)
        case "geometry": geometry = try readGeometry(buffer, &index)
        case "id": featureID = try value(buffer, &index, depth: 1).stringValue
        default: try JSONParser.skipValue(in: buffer, at: &index, depth: 1, maxDepth: maxDepth)
        }
      }
    }
    try expectEnd(buffer, &index)
    guard isFeature, var tags = properties?.tags else { return .notFeature }
    if let nested = properties?.nested { tags.merge(nested) }
    return .feature(tags: tags, featureID: featureID, shape: geometry)
  }

  /// The feature's `geometry` (a member of the record, at depth 1).
  private static func readGeometry(
    _ buffer: UnsafeBufferPointer<UInt8>,
    _ index: inout Int
  ) throws(JSONParseError) -> OSMFeature.Shape {
    if let (longitude, latitude) = plainPoint(buffer, &index) {
      return .geoJSONPoint(longitude: longitude, latitude: latitude)
    }
    return .geoJSON(try value(buffer, &index, depth: 1))
  }

  /// The two numbers of a `Point` written exactly as `{"type":"Point","coordinates":[lon,lat]}` (osmium's form: no
  /// white space, no other member) at `index`, moving `index` past it; else `nil`, `index` unmoved, for the parser
  /// to read it (with its errors). What it accepts parses to that object, so the numbers are all it says.
  static func plainPoint(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> (JSONValue, JSONValue)? {
    let head: StaticString = #"{"type":"Point","coordinates":["#
    let length = head.utf8CodeUnitCount
    guard buffer.count - index > length + 4,
      equals(UnsafeBufferPointer(rebasing: buffer[index..<index + length]), head)
    else { return nil }
    var at = index + length
    guard let longitude = number(buffer, &at), at < buffer.count, buffer[at] == UInt8(ascii: ",") else { return nil }
    at += 1
    guard let latitude = number(buffer, &at), at + 1 < buffer.count, buffer[at] == UInt8(ascii: "]"),
      buffer[at + 1] == UInt8(ascii: "}")
    else { return nil }
    index = at + 2
    return (longitude, latitude)
  }

  /// The number at `index` (moving past it), or `nil` when there is none or it is not valid.
  private static func number(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> JSONValue? {
    guard index < buffer.count, buffer[index] == UInt8(ascii: "-") || (buffer[index] >= 0x30 && buffer[index] <= 0x39)
    else { return nil }
    var at = index
    // A number nests nothing: the depth does not matter.
    guard let value = try? JSONParser.parseValue(in: buffer, at: &at, depth: 2, maxDepth: maxDepth, exactNumberKeys: [])
    else { return nil }
    index = at
    return value
  }

  /// Whether a tag is one something reads: a tag Beacon keeps (``OSMImporter/keeps(_:)``) or one of those that
  /// give the object's identity (``OSMImporter/identity(featureID:tags:)``).
  static func isRelevant(_ key: String) -> Bool {
    OSMImporter.keeps(key) || key == "@type" || key == "@id" || key == "id" || key == "type"
  }

  /// The name of a key written in plain ASCII when ``isRelevant(_:)`` (decided on its bytes: for ASCII, the same
  /// answer), else `nil`. The single keys and the commonest `addr:*` ones are strings made once.
  static func relevantName(_ key: UnsafeBufferPointer<UInt8>) -> String? {
    relevantKey(key)?.text
  }

  /// The tag key written in plain ASCII as ``ImportTags`` keeps it, when ``isRelevant(_:)`` (see
  /// ``relevantName(_:)``).
  static func relevantKey(_ key: UnsafeBufferPointer<UInt8>) -> ImportTags.Key? {
    guard let base = key.baseAddress else { return nil }
    if key.count < relevantKeys.count {
      let known = relevantKeys.withUnsafeBufferPointer { byLength in
        byLength[key.count].first { candidate in
          candidate.bytes.withUnsafeBufferPointer { $0.baseAddress.map { memcmp($0, base, key.count) == 0 } ?? false }
        }
      }
      if let known { return known.key }
    }
    if key.count >= 5, key[4] == UInt8(ascii: ":") {
      let head = UnsafeBufferPointer(rebasing: key[0..<4])
      if equals(head, "name") || equals(head, "addr") || equals(head, "diet") {
        return .other(String(decoding: key, as: UTF8.self))
      }
    }
    return nil
  }

  /// ``relevantKey(_:)``'s keys made once (every slot's, and the commonest others), with their bytes, by their
  /// length.
  private static let relevantKeys: [[(bytes: [UInt8], key: ImportTags.Key)]] = {
    let keys =
      ImportTags.Slot.allCases.map { ImportTags.Key.slot($0) }
      + ["addr:country", "name:fi", "name:sv", "name:en"].map { ImportTags.Key.other($0) }
    var byLength = [[(bytes: [UInt8], key: ImportTags.Key)]](
      repeating: [],
      count: (keys.map(\.text.utf8.count).max() ?? 0) + 1
    )
    for key in keys { byLength[key.text.utf8.count].append((Array(key.text.utf8), key)) }
    return byLength
  }()

  // MARK: - Objects

  /// A member name: its bytes when it is plain ASCII (compared as bytes), else its text.
  private enum Key {
    case plain(UnsafeBufferPointer<UInt8>)
    case text(String)
  }

  /// Reads the object whose `{` is at `index` (at depth `1` when it is the record itself, as the parser counts) as
  /// the parser does, handing each member's key to `member`, which must read the value at `index`.
  private static func forEachMember(
    _ buffer: UnsafeBufferPointer<UInt8>,
    _ index: inout Int,
    depth: Int = 1,
    _ member: (Key, inout Int) throws(JSONParseError) -> Void
  ) throws(JSONParseError) {
    guard depth <= maxDepth else { throw JSONParseError(offset: index, kind: .nestedTooDeep(limit: maxDepth)) }
    index += 1
    skipSpace(buffer, &index)
    if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipSpace(buffer, &index)
      guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else {
        throw JSONParseError(offset: index, kind: .expectedObjectKey)
      }
      let quote = index
      let scanned = try JSONParser.scanString(in: buffer, at: &index)
      let key: Key
      if scanned.isPlainASCII {
        key = .plain(UnsafeBufferPointer(rebasing: buffer[scanned.bytes]))
      } else {
        var at = quote
        key = .text(try value(buffer, &at, depth: depth).stringValue ?? "")
      }
      skipSpace(buffer, &index)
      guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else {
        throw JSONParseError(offset: index, kind: .expectedColon)
      }
      index += 1
      skipSpace(buffer, &index)
      try member(key, &index)
      skipSpace(buffer, &index)
      guard index < buffer.count else { throw JSONParseError(offset: index, kind: .unexpectedEndOfInput) }
      switch buffer[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return
      default: throw JSONParseError(offset: index, kind: .expectedCommaOrClosingBrace)
      }
    }
  }

  /// The feature's `properties` (a member of the record, at depth 1): its relevant tags, and those of its last
  /// `tags` member when that is an object. A value that is not an object has neither.
  private static func readProperties(
    _ buffer: UnsafeBufferPointer<UInt8>,
    _ index: inout Int
  ) throws(JSONParseError) -> (tags: ImportTags, nested: ImportTags?) {
    guard index < buffer.count, buffer[index] == UInt8(ascii: "{") else {
      try JSONParser.skipValue(in: buffer, at: &index, depth: 1, maxDepth: maxDepth)
      return (ImportTags(), nil)
    }
    var tags = ImportTags()
    var nested: ImportTags?
    try forEachMember(buffer, &index, depth: 2) { key, index throws(JSONParseError) in
      let isTags: Bool
      switch key {
      case .plain(let bytes): isTags = equals(bytes, "tags")
      case .text(let text): isTags = text == "tags"
      }
      if isTags {
        if index < buffer.count, buffer[index] == UInt8(ascii: "{") {
          var inner = ImportTags()
          try forEachMember(buffer, &index, depth: 3) { key, index throws(JSONParseError) in
            try readTag(key, buffer, &index, depth: 3, into: &inner)
          }
          nested = inner
        } else {
          try JSONParser.skipValue(in: buffer, at: &index, depth: 2, maxDepth: maxDepth)
          nested = nil
        }
      } else {
        try readTag(key, buffer, &index, depth: 2, into: &tags)
      }
    }
    return (tags, nested)
  }

  /// Keeps the member `key` in `tags` when it is relevant (parsed), else checks its value and drops it.
  private static func readTag(
    _ key: Key,
    _ buffer: UnsafeBufferPointer<UInt8>,
    _ index: inout Int,
    depth: Int,
    into tags: inout ImportTags
  ) throws(JSONParseError) {
    let name: ImportTags.Key
    switch key {
    case .plain(let bytes):
      guard let relevant = relevantKey(bytes) else {
        return try JSONParser.skipValue(in: buffer, at: &index, depth: depth, maxDepth: maxDepth)
      }
      name = relevant
    case .text(let text):
      guard let relevant = ImportTags.Key(text) else {
        return try JSONParser.skipValue(in: buffer, at: &index, depth: depth, maxDepth: maxDepth)
      }
      name = relevant
    }
    tags[name] = try value(buffer, &index, depth: depth)
  }

  // MARK: - Bytes

  private static func value(
    _ buffer: UnsafeBufferPointer<UInt8>,
    _ index: inout Int,
    depth: Int
  ) throws(JSONParseError) -> JSONValue {
    try JSONParser.parseValue(in: buffer, at: &index, depth: depth, maxDepth: maxDepth, exactNumberKeys: [])
  }

  private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    let start = text.utf8Start
    for offset in 0..<bytes.count where bytes[offset] != start[offset] { return false }
    return true
  }

  private static func skipSpace(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
    while index < buffer.count {
      switch buffer[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Throws unless only white space follows `index`.
  private static func expectEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONParseError) {
    skipSpace(buffer, &index)
    guard index == buffer.count else { throw JSONParseError(offset: index, kind: .dataAfterValue) }
  }
}
